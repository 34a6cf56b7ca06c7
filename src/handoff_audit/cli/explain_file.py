"""`explain md-incomplete --file F`: read one markdown file and say where each facet was found."""

from __future__ import annotations

from pathlib import Path

from handoff_audit.config import load_config
from handoff_audit.engine.discovery import absolute, find_root
from handoff_audit.engine.loading import read_markdown
from handoff_audit.errors import InputError
from handoff_audit.markdown.completeness import explain_facets
from handoff_audit.rules import RULES_BY_ID


def explain_file(rule_id: str, file: Path) -> str:
    """The facet report for ``file``; an `InputError` naming the file and the fix otherwise.

    The file is read as `check` reads it: the configuration of the repository around it (its
    ``max-file-bytes``), the same checks and the same words."""
    if rule_id != "md-incomplete":
        raise InputError(
            f"--file works with md-incomplete only (it shows where each facet of a markdown "
            f"handoff was found); run `handoff-audit explain {rule_id}` without --file"
        )
    if not file.is_file():
        what = "a folder" if file.is_dir() else "not a regular file" if file.exists() else None
        raise InputError(
            f"{file}: {what or 'no such file'}; name the markdown handoff, e.g. --file HANDOFF.md"
        )
    root = find_root((absolute(file),))
    config = load_config(root, rule_ids=RULES_BY_ID)
    return explain_facets(read_markdown(file, root, config.max_file_bytes), str(file))
