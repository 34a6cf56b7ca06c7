"""Which branches are protected: the configured globs, or else the repository's default branch.

Without `protected-branches` in the configuration, the protected branch is the first that exists
of ``origin/HEAD``'s target, ``main``, ``master``, ``trunk`` and ``develop`` (in a pull request,
the base branch too): a clone whose default is ``trunk`` needs no configuration.
"""

from __future__ import annotations

from collections.abc import Sequence

from handoff_audit.git.plumbing import Ref

DEFAULT_CANDIDATES = ("main", "master", "trunk", "develop")
"""Default branch names, in the order they are looked for after ``origin/HEAD``'s target."""


def protected_patterns(
    configured: tuple[str, ...] | None,
    refs: Sequence[Ref] | None,
    origin_head: str | None,
    also: str | None = None,
) -> tuple[str, ...]:
    """The protected branch globs: ``configured`` when set; else the first default candidate
    that is a local or remote-tracking branch in ``refs`` (every candidate when ``refs`` is
    ``None``: no repository to ask), plus ``also`` (a pull request's base)."""
    if configured is not None:
        return configured
    extra = (also,) if also else ()
    if refs is None:
        return tuple(dict.fromkeys((*DEFAULT_CANDIDATES, *extra)))
    names = {ref.branch for ref in refs}
    for name in (origin_head, *DEFAULT_CANDIDATES):
        if name and name in names:
            return tuple(dict.fromkeys((name, *extra)))
    return extra


def describe(patterns: tuple[str, ...]) -> str:
    """How messages name the protected branches: ``trunk`` or ``main, release/*``."""
    return ", ".join(patterns) if patterns else "none"
