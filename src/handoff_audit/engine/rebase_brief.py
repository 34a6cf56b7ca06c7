"""The handoff `show` and the SessionStart hook give for a branch whose rebase stopped midway
(on a conflict, or an ``edit`` step): HEAD is detached while git replays its commits, but the
branch is known (`rebase_state.Rebase`) and its ref still points at its tip from before the
rebase. Its active packet is the one the work tree holds when that is the tip's as it is, else
the tip's (the work tree's copy is conflicted, or its commits are not replayed yet), and the
brief says which; what git says happened since waits for the rebase to end."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.git import plumbing
from handoff_audit.git.branch_packets import plan_branch_reads, read_branch_packets
from handoff_audit.git.conflicts import unmerged, unstaged
from handoff_audit.git.rebase_state import Rebase, rebase_in_progress
from handoff_audit.model.brief import Freshness
from handoff_audit.model.packet import Packet


@dataclass(frozen=True, slots=True)
class Midway:
    """The packets a brief of a branch being rebased reads, and what it says of them."""

    branch: str
    """The branch being rebased."""

    packets: list[Packet]
    """The packets found, the tip's in place of the work tree's copies it rewrites."""
    which: str
    """Which copy of the packet the brief is of."""
    freshness: Freshness
    """That git cannot yet say what happened since the handoff."""
    replaced: frozenset[str] = frozenset()
    """The work tree's files read from the tip instead (a packet and its twin): their
    conflicts are not the brief's."""


def tip_packets(root: Path, branch: str, config: Config) -> tuple[list[Packet], str]:
    """The JSON packets at the tip of local branch ``branch`` and that tip's commit (``""``:
    no such branch); three git processes at most."""
    try:
        refs = [r for r in plumbing.list_refs(root) if r.name == f"refs/heads/{branch}"]
    except plumbing.GitError:
        refs = []
    plan = plan_branch_reads("", refs, None, config)
    if plan is None:
        return [], ""
    try:
        trees = plumbing.tree_files(root, plan.trees, plan.pathspecs)
        return read_branch_packets(root, plan, trees, config, ())[0], refs[0].commit
    except plumbing.GitError:
        return [], refs[0].commit


def rebased_branch(root: Path) -> Rebase | None:
    """The rebase of a branch stopped midway in the work tree at ``root``, else ``None`` (none,
    or one of a detached HEAD: no branch to take a handoff for)."""
    rebase = rebase_in_progress(root)
    return rebase if rebase is not None and rebase.branch else None


def midway_packets(
    root: Path, config: Config, rebase: Rebase, found: Sequence[Packet]
) -> Midway | None:
    """The packets to brief branch ``rebase.branch`` from while its rebase is stopped
    (``found``: the work tree's), with its active packet as the tip has it when the work tree's
    copy differs; ``None`` when neither holds an active packet of the branch."""
    branch = rebase.branch
    tips, commit = tip_packets(root, branch, config)
    tip = [p for p in tips if p.branch == branch and p.status == "active"]
    here = [p for p in found if p.kind == "json" and p.branch == branch and p.status == "active"]
    stopped = f"branch {branch}'s rebase is stopped midway"
    unknown = Freshness(
        problem=f"{stopped}: what was committed since the handoff is known once it is done"
    )
    if not tip:
        if not here:
            return None
        which = f"the packet as the work tree holds it while {stopped} (the branch's tip has none)"
        return Midway(branch, list(found), which, unknown)
    texts = {p.path: p.text for p in found}
    if all(texts.get(p.path) == p.text for p in tip):
        which = f"the packet as branch {branch} had it before the rebase, as the work tree holds it"
        return Midway(branch, list(found), which, unknown)
    paths = {p.path for p in tip}
    kept = [p for p in found if p.path not in paths and p.markdown_path not in paths]
    which = (
        f"the packet as branch {branch} had it before the rebase (at its tip, {commit[:12]}); "
        "the work tree's copy is mid-rewrite (conflicted, or its commits not replayed yet)"
    )
    replaced = paths | {p.markdown_path for p in tip if p.markdown_path}
    return Midway(branch, [*kept, *tip], which, unknown, frozenset(replaced))


def rebase_line(root: Path, rebase: Rebase) -> str:
    """The line naming the rebase and the way on, the branch's handoff following it."""
    try:
        codes = plumbing.status(root, [])
    except plumbing.GitError:
        codes = {}
    said = rebase.said(unstaged(codes, skip=unmerged(codes)) if codes else (), handed=True)
    return f"{said[0].upper()}{said[1:]}."


def midway_line(cwd: Path) -> str | None:
    """`rebase_line` of the work tree around ``cwd`` (the nearest folder up with a ``.git``),
    when a branch's rebase is stopped there: said before its brief."""
    here = Path(os.path.realpath(cwd))
    top = next((f for f in (here, *here.parents) if os.path.exists(f / ".git")), None)
    rebase = rebased_branch(top) if top is not None else None
    return rebase_line(top, rebase) if top is not None and rebase is not None else None
