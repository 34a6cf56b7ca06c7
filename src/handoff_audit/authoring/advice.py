"""What the Stop hook prints for one reason the session may not end: the reason, the command
that fixes it, and a line after it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Advice:
    """One reason the session may not end, and what to run."""

    reason: str
    """What is wrong and where, one line."""
    command: str
    """The fix: a runnable command (``"<...>"`` placeholders to fill in), never cut off; for a
    packet that renders over ``max-file-bytes``, what to trim or raise (no command can choose
    it), with the command to run after it in ``also``; for a packet only a hand can repair, what
    to edit where."""
    also: str | None = None
    """A second line: the alternative, or what the command is for."""
