"""Errors that end a command with a one-line message instead of a traceback."""

from __future__ import annotations

import stat


class InputError(Exception):
    """Bad usage, configuration or input: exit 2 with this one-line message.

    The message names the file, the place and the fix, and never echoes a secret.
    """

    notes: tuple[str, ...] = ()
    """Lines a writer had to say before it failed; printed before the error line."""


class ConfigError(InputError):
    """A configuration that reads well but cannot be used (its schema cannot be fetched, read or
    applied): the message names the configuration file. Exit 2 as any `InputError`; the hook
    lets the session go with it, as with a configuration that cannot be read."""


class ShallowHistory(InputError):
    """HEAD and its base branch share no commit because the clone is shallow: the branch's own
    work cannot be told until more history is fetched (never "no work")."""


EXIT_OK = 0
"""Nothing at the failing level."""
EXIT_FINDINGS = 1
"""Findings at the failing level (or ``render --check`` found a stale twin)."""
EXIT_USAGE = 2
"""Usage, configuration or input error."""
EXIT_INTERNAL = 3
"""An unexpected internal error (a bug in handoff-audit)."""


def not_regular(mode: int) -> str | None:
    """Why a path that exists, with ``st_mode`` ``mode``, is not read as a file (a folder, a FIFO,
    a socket or a device), as every command says it; None for a regular file.

    Opening a FIFO would block until something writes to it, and a device may never end."""
    if stat.S_ISREG(mode):
        return None
    kind = (
        "a folder"
        if stat.S_ISDIR(mode)
        else "a FIFO"
        if stat.S_ISFIFO(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "a device"
    )
    return f"the path is {kind}, not a regular file; it was not read"
