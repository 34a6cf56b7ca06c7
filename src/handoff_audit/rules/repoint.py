"""The one command that re-points the packet of a renamed branch (`git branch -m`) at the
branch checked, printed alike by `check` (`branch-mismatch`), `show` and the agent hook:
`update PACKET --branch BRANCH`, keeping the packet's decisions, risks and last known good
commit; the branch renamed first when its name looks like a credential, which no message
prints."""

from __future__ import annotations

from handoff_audit import shell
from handoff_audit.credentials import find_secrets

NEW_NAME = "<a new name for the branch, not a credential>"
"""The placeholder of the name a branch named like a credential is renamed to first."""


def repoint_command(update: str, branch: str) -> str:
    """``update`` (``handoff-audit update PACKET`` and any options of its own) re-pointing the
    packet at ``branch``."""
    target = shell.quote(branch)
    rename = ""
    if find_secrets(branch):
        target = f'"{NEW_NAME}"'
        rename = f"git branch -m {target} && "
    return f"{rename}{update} --branch {target}"
