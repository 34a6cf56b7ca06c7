"""`explain md-incomplete --file F`: read one markdown file and say where each facet was found."""

from __future__ import annotations

from pathlib import Path

from handoff_audit.errors import InputError
from handoff_audit.markdown.completeness import explain_facets

MAX_BYTES = 10 * 1024 * 1024
"""Larger files are refused rather than read (a handoff is a few kilobytes)."""


def explain_file(rule_id: str, file: Path) -> str:
    """The facet report for ``file``; an `InputError` naming the file and the fix otherwise."""
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
    try:
        if file.stat().st_size > MAX_BYTES:
            raise InputError(f"{file}: larger than {MAX_BYTES // (1024 * 1024)} MiB; not read")
        text = file.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(
            f"{file}: not UTF-8 (byte {error.start}); save it as UTF-8 and run again"
        ) from None
    except OSError as error:
        raise InputError(f"{file}: cannot be read ({error.strerror or error})") from None
    return explain_facets(text, str(file))
