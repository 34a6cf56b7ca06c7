"""The one command that re-points the packet of a renamed branch (`git branch -m`) at the
branch checked, printed alike by `check` (`branch-mismatch`, `packet-outdated`), `show`, the
agent hook and `update`'s refusals: `update PACKET --branch BRANCH`, keeping the packet's
decisions, risks and last known good commit; with `--summary` and `--next-action` too when the
packet is older than the work (`update` refuses a re-point alone there: its commit would make the
packet count as current); and the branch renamed first when its name looks like a credential,
which no message prints."""

from __future__ import annotations

from handoff_audit import shell
from handoff_audit.credentials import find_secrets
from handoff_audit.model.packet import Packet
from handoff_audit.model.repo_history import History

SINCE = "<what the commits since the packet changed>"
"""The placeholder of `--summary` when a packet older than the work is re-pointed."""

NEXT_NOW = "<the next step now, after those commits>"
"""The placeholder of `--next-action` when a packet older than the work is refreshed: its old
next action may be the very step those commits did."""

NEW_NAME = "<a new name for the branch, not a credential>"
"""The placeholder of the name a branch named like a credential is renamed to first."""


def repoint_command(update: str, branch: str, since: str | None = None) -> str:
    """``update`` (``handoff-audit update PACKET`` and any options of its own) re-pointing the
    packet at ``branch``; with ``since``, the placeholder of what changed since the packet
    (`refresh_options`: the packet is older than the work, re-pointed and refreshed in one
    command)."""
    target = shell.quote(branch)
    rename = ""
    if find_secrets(branch):
        target = f'"{NEW_NAME}"'
        rename = f"git branch -m {target} && "
    command = f"{rename}{update} --branch {target}"
    return f"{command} {refresh_options(since)}" if since else command


def refresh_options(since: str) -> str:
    """The options that refresh a packet older than the work (`packet-outdated`), printed
    alike by the agent hook, `check` and `show`: what the commits since it changed (``since``,
    a placeholder) and the next step now; `update` keeps the old next action otherwise, which
    the next session would be handed as current although those commits may have done it."""
    return f'--summary "{since}" --next-action "{NEXT_NOW}"'


def check_repoint(packet: Packet, branch: str, since: str | None) -> str:
    """`repoint_command` of ``packet`` as `check`'s rules print it: named from the top folder,
    which `update` reads from any folder of the repository (`shell.in_top` from outside it)."""
    update = f"handoff-audit update {shell.quote_path(packet.path)}"
    return shell.in_top(repoint_command(update, branch, since))


def renamed_to(facts: History | None, packet: Packet) -> str | None:
    """The branch checked, when ``packet`` is an active work-tree packet of another branch that
    no longer exists (renamed into it): the branch `repoint_command` re-points it at."""
    if facts is None or packet.ref is not None or packet.status != "active":
        return None
    checked, own = facts.branch, packet.branch
    if checked is None or own is None or own == checked or not facts.branch_gone(own):
        return None
    return checked


def stale(facts: History | None, packet: Packet) -> bool:
    """True when commits after the packet's last commit touch other files (`packet-outdated`):
    a re-point must refresh it too."""
    info = facts.info(packet) if facts is not None else None
    return info is not None and info.outdated_by is not None and not info.uncommitted
