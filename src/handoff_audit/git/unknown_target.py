"""The error for a ``--target-branch`` that names no branch here, shared by ``check``, ``new``
and ``update`` so that all three name the closest branch and the known ones."""

from __future__ import annotations

from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.suggest import closest


def unknown_target(name: str, refs: list[plumbing.Ref], advice: str) -> InputError:
    """The one-line error for a ``--target-branch`` that names no branch here, with the closest
    known branch and every known one (``check``, ``new`` and ``update`` all say this);
    ``advice`` follows the first clause (how to get the branch)."""
    known = sorted({ref.branch for ref in refs})
    # `origin/main` names the remote-tracking branch of `main`: the branch is `main`.
    short = name.partition("/")[2]
    guess = short if short in known else closest(name, known)
    hint = f' — did you mean "{guess}"?' if guess else ""
    return InputError(
        f"--target-branch {name!r}: no such local or remote-tracking branch{advice}"
        f"{hint}; known branches: {', '.join(known) or 'none'}"
    )
