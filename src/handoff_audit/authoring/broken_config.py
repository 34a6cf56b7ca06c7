"""Whether a configuration that cannot be read is the branch's doing: the Stop hook holds a stop
on a configuration file the branch changed (committed against its default branch, or left
uncommitted), which the agent can mend, and lets the session go on one it did not touch."""

from __future__ import annotations

import os
from pathlib import Path

from handoff_audit.config import CONFIG_FILES, PYPROJECT, Config
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.git.workbench import branch_changes


def changed_config(root: Path) -> str | None:
    """The configuration file the repository at ``root`` is read from (the first of
    `CONFIG_FILES` and ``pyproject.toml`` there, as `load_config` takes it), from the top
    folder, when the checked-out branch changed it against its default branch or it has
    uncommitted changes; ``None`` when it did not, or git cannot say. Only asked when the
    configuration cannot be read: its git processes are not on the common path."""
    name = next((n for n in (*CONFIG_FILES, PYPROJECT) if os.path.lexists(root / n)), None)
    if name is None:
        return None

    def status() -> dict[str, str]:
        return plumbing.status(root, [name])

    try:
        refs = plumbing.read_refs(root)
        marked = (r.branch for r in refs[0] if r.current and r.name.startswith("refs/heads/"))
        branch = next(marked, None)
        # The defaults: the configuration that names the protected branches cannot be read.
        changed = (
            set(status())
            if branch is None
            else branch_changes(root, Config(), branch, refs, status)[0]
        )
    except (plumbing.GitError, InputError):
        return None
    return name if name in changed else None
