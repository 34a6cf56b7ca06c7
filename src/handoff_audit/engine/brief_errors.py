"""Why `show`, the SessionStart brief and the Stop hook's brief have no brief to give: the
branch has no handoff (`NoHandoff`), or it is there but cannot be shown (`UnreadableHandoff`)."""

from __future__ import annotations

from handoff_audit.credentials import redact
from handoff_audit.errors import InputError
from handoff_audit.model.packet import Packet
from handoff_audit.program import program


class NoHandoff(Exception):
    """The branch has no handoff; the message says what was looked for and what was found."""

    notes: tuple[str, ...] = ()
    """How the configuration was found (`Config.notes`), for the command to print."""
    unreadable: tuple[str, ...] = ()
    """Each packet that could not be read (so its branch is unknown), as ``PATH:LINE:COLUMN:
    why``: the branch's handoff may be among them."""
    unreadable_paths: tuple[str, ...] = ()
    """The paths of ``unreadable``, from the repository root."""
    inherited: tuple[str, ...] = ()
    """A few lines on another branch's active packet in the tree (`inherited_lines`), for the
    session to read: its next action and the commands to take it over or archive it. On a
    detached HEAD: that it is detached, and the active packets there, each by path and branch
    with the command that checks its branch out, or that there is none (`detached_lines`)."""
    record: tuple[str, ...] = ()
    """A line on the project's record: the current file of a series the branch did not write
    or change (`series_owner.record_lines`), for the session to read as no handoff of its."""
    hidden: tuple[str, ...] = ()
    """The handoff files the branch's tree holds outside this sparse checkout, where the work
    tree holds none (`sparse_handoffs.hidden_handoffs`): its handoff is there, not readable."""


class UnreadableHandoff(InputError):
    """The branch's handoff (or the file named) is there but cannot be shown: empty, not UTF-8,
    too large...; ``said`` is why and how to fix it, with its path (the message is ``show:
    said``)."""

    def __init__(self, said: str, path: str) -> None:
        super().__init__(f"show: {said}")
        self.said = said
        self.path = path
        """The handoff's path as ``said`` names it."""


def nothing_found(packets: list[Packet], branch: str) -> str:
    """`NoHandoff`'s message: no handoff of this branch, with the packets that could not be
    read and other branches' packets, a few of each."""
    others = sorted(
        f"{p.path} (branch {p.branch})" for p in packets if p.branch and p.branch != branch
    )
    unreadable = sorted(p.path for p in packets if p.unread)
    shown = redact(branch)  # no packet names it: a credential-shaped name is this one's own
    said = (
        f"branch {shown} has no handoff: no packet whose branch is {shown}, no hand-written handoff"
    )
    if unreadable:
        said += f"; unreadable: {', '.join(unreadable[:3])} (run `{program()} check`)"
    if others:
        said += f"; other branches' packets (not this branch's): {', '.join(others[:3])}"
    return said
