"""Which branch a branch's own work is measured against, among those a protected pattern names:
the local branch, or its remote-tracking namesake when that is ahead of it.

After ``git fetch`` and ``git switch -c feat origin/main`` in a clone whose local ``main`` was
never pulled, the commits that reached ``origin/main`` since are not the new branch's work: its
own work is measured against the newer of the two, the one it was cut from. A local branch ahead
of its remote (commits not pushed yet), or one that diverged from it, stays the base. One git
process, only when both exist and differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from handoff_audit.git import plumbing
from handoff_audit.globs import matches


def base_ref(
    root: Path, refs: Sequence[plumbing.Ref], patterns: Sequence[str]
) -> plumbing.Ref | None:
    """The first branch of ``patterns`` (in their order) that exists here: the local branch,
    else a remote-tracking one; a local branch's remote-tracking namesake (``origin`` first)
    instead when it is ahead of it."""
    for pattern in patterns:
        found = [ref for ref in refs if matches(ref.branch, pattern)]
        local = [ref for ref in found if ref.name.startswith("refs/heads/")]
        remote = sorted(
            (ref for ref in found if not ref.name.startswith("refs/heads/")),
            key=lambda ref: (not ref.name.startswith("refs/remotes/origin/"), ref.name),
        )
        if local:
            return _newer(root, local[0], remote)
        if remote:
            return remote[0]
    return None


def shown_name(ref: plumbing.Ref) -> str:
    """How a message names the branch: ``main``, or ``origin/main`` for a remote-tracking one."""
    if ref.name.startswith("refs/heads/"):
        return ref.branch
    return ref.name.removeprefix("refs/remotes/")


def _newer(root: Path, local: plumbing.Ref, remote: list[plumbing.Ref]) -> plumbing.Ref:
    for ref in remote:
        if ref.branch != local.branch or ref.commit == local.commit:
            continue
        try:
            behind = plumbing.merge_base(root, local.commit, ref.commit) == local.commit
        except plumbing.GitError:
            behind = False
        return ref if behind else local
    return local
