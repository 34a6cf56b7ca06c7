"""Which branch a branch's own work is measured against, among those a protected pattern names:
the local branch, or its remote-tracking namesake when that is ahead of it.

After ``git fetch`` and ``git switch -c feat origin/main`` in a clone whose local ``main`` was
never pulled, the commits that reached ``origin/main`` since are not the new branch's work: its
own work is measured against the newer of the two, the one it was cut from. Every remote's
namesake is weighed (a fork clone's ``origin/main`` may be behind ``main`` while
``upstream/main`` is ahead): the newest one the local branch is an ancestor of wins. A local
branch ahead of every remote namesake (commits not pushed yet), or one that diverged from them,
stays the base. One git process, only when a namesake exists and differs.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

from handoff_audit.git import plumbing
from handoff_audit.globs import matches


def base_ref(
    root: Path, refs: Sequence[plumbing.Ref], patterns: Sequence[str]
) -> plumbing.Ref | None:
    """The first branch of ``patterns`` (in their order) that exists here: the local branch,
    else a remote-tracking one; instead of the local branch, the newest of its remote-tracking
    namesakes (``origin`` first among equals) that is ahead of it, when one is."""
    for pattern in patterns:
        found = [ref for ref in refs if matches(ref.branch, pattern)]
        local = [ref for ref in found if ref.name.startswith("refs/heads/")]
        remote = sorted(
            (ref for ref in found if not ref.name.startswith("refs/heads/")),
            key=lambda ref: (ref.remote != "origin", ref.name),
        )
        if local:
            return _newer(root, local[0], remote)
        if remote:
            return remote[0]
    return None


def target_tip(root: Path, refs: Sequence[plumbing.Ref], target: str) -> plumbing.Ref | None:
    """The tip of the merge target ``target`` as `base_ref` takes it (the local branch, or its
    remote-tracking namesake when that is ahead: a local ``main`` never pulled since
    ``origin/main`` moved on is not what a pull request into ``main`` is judged against);
    else ``refs/remotes/<target>`` for a ``target`` typed as ``origin/main``."""
    remote = f"refs/remotes/{target}"
    found = base_ref(root, refs, (target,))
    return found or next((ref for ref in refs if ref.name == remote), None)


def shown_name(ref: plumbing.Ref) -> str:
    """How a message names the branch: ``main``, or ``origin/main`` for a remote-tracking one."""
    if ref.name.startswith("refs/heads/"):
        return ref.branch
    return ref.name.removeprefix("refs/remotes/")


MAX_NAMESAKES = 32
"""The remote-tracking namesakes of a local branch weighed (``origin`` first, then by name)."""


def _newer(root: Path, local: plumbing.Ref, remote: list[plumbing.Ref]) -> plumbing.Ref:
    """The newest of ``remote``'s namesakes of ``local`` that ``local`` is an ancestor of (every
    remote weighed, not only the first: in a fork clone ``origin/main`` may be behind ``main``
    and ``upstream/main`` ahead), else ``local``. One ``git for-each-ref --contains``."""
    namesakes = [r for r in remote if r.branch == local.branch and r.commit != local.commit]
    namesakes = namesakes[:MAX_NAMESAKES]
    if not namesakes or not plumbing.is_commit_id(local.commit):
        return local
    ahead = _containing(root, local.commit, tuple((ref.name, ref.commit) for ref in namesakes))
    newest = [ref for ref in namesakes if ref.name in ahead]
    if not newest:
        return local
    # `namesakes` keeps ``origin`` first: among equally new ones, it wins.
    return max(newest, key=lambda ref: (ref.time, -namesakes.index(ref)))


@functools.lru_cache(maxsize=8)
def _containing(root: Path, commit: str, refs: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """Which of ``refs`` (name, commit) contain ``commit``: one ``git for-each-ref
    --contains``, asked once per process for the same commits (`check --target-branch` takes
    the target's tip for the gate's settings and again for the audit)."""
    args = ["for-each-ref", "--format=%(refname)", f"--contains={commit}", "--"]
    try:
        out = plumbing.run(root, [*args, *(name for name, _ in refs)])
    except plumbing.GitError:
        return frozenset()
    return frozenset(out.decode("utf-8", "surrogateescape").splitlines())
