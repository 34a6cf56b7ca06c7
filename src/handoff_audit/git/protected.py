"""Which branches are protected: the configured globs, or else the repository's default branch.

Without `protected-branches` in the configuration, the protected branch is the first that exists
of ``origin/HEAD``'s target, ``main``, ``master``, ``trunk`` and ``develop`` (in a pull request,
then its base branch): a clone whose default is ``trunk`` needs no configuration. In CI the
repository's default branch, named by the event, counts as protected too (`git.facts`).
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
    """The protected branch globs: ``configured`` when set; else the first that is a local or
    remote-tracking branch in ``refs`` of ``origin/HEAD``'s target, the default candidates and
    ``also`` (a pull request's base: the last candidate); every candidate when ``refs`` is
    ``None`` (no repository to ask)."""
    if configured is not None:
        return configured
    candidates = (origin_head, *DEFAULT_CANDIDATES, also)
    if refs is None:
        return tuple(dict.fromkeys(name for name in candidates if name))
    names = {ref.branch for ref in refs}
    for name in candidates:
        if name and name in names:
            return (name,)
    return ()
