"""Errors that end a command with a one-line message instead of a traceback."""

from __future__ import annotations


class InputError(Exception):
    """Bad usage, configuration or input: exit 2 with this one-line message.

    The message names the file, the place and the fix, and never echoes a secret.
    """

    notes: tuple[str, ...] = ()
    """Lines a writer had to say before it failed; printed before the error line."""


EXIT_OK = 0
"""Nothing at the failing level."""
EXIT_FINDINGS = 1
"""Findings at the failing level (or ``render --check`` found a stale twin)."""
EXIT_USAGE = 2
"""Usage, configuration or input error."""
EXIT_INTERNAL = 3
"""An unexpected internal error (a bug in handoff-audit)."""
