"""Which commits since a handoff the brief counts as work, as the Stop hook and `check` count
them: none that only sets the tool up (`later_work.SETUP_FILES`, the configuration file read,
an agent's settings changed only by handoff-audit's own hook entries, `setup_change`), and none
of the merge target's (`ancestry_counts.TargetSide`): its commits that a merge of it ("Update
branch") brought in, and that merge itself but for what it made by hand (`merge_work`).

Per walk, when there is a merge target: one ``rev-list`` of the branch's own commits, and one
to tell whether the walk's base is the target's own when the walk holds the target's commits;
one ``cat-file`` when it holds commits of only agent settings; two (three before git 2.36) for
all the target's merges, however many (`merge_work.made_by_hand`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.git import merge_work, plumbing
from handoff_audit.git.agent_files import AGENT_SETTINGS, linked_settings
from handoff_audit.git.base_tip import base_ref
from handoff_audit.git.later_work import setup_files
from handoff_audit.git.protected import protected_patterns
from handoff_audit.git.refs import Ref
from handoff_audit.git.setup_change import setup_changes
from handoff_audit.globs import matches_any
from handoff_audit.model.repo_history import Commit

Walked = Sequence[tuple[Commit, tuple[str, ...]]]
"""Commits newest first, each with its work files (no handoff file) and its parents."""


@dataclass(frozen=True, slots=True)
class CountedWork:
    """What is no work of the branch's, for one repository and branch."""

    setup: frozenset[str] = frozenset()
    """The tool's setup files (`later_work.setup_files`), from the top folder."""
    settings: frozenset[str] = frozenset()
    """The agent settings files among them, and the files their links lead to."""
    target: Callable[[], str | None] = lambda: None
    """The merge target's tip (the first protected branch here, `base_tip.base_ref`), read
    when first asked; ``None`` on the target itself, on a detached HEAD, or when there is
    none."""
    target_name: Callable[[], str | None] = lambda: None
    """That branch's name (``main``, ``origin/main``), read with it."""


NONE = CountedWork()
"""Every commit is work (no setup files, no merge target)."""


def counted_work(
    root: Path, config: Config, branch: str | None, refs: plumbing.Refs | None
) -> CountedWork:
    """The `CountedWork` of ``branch`` (``refs``: `plumbing.read_refs`, when read already)."""
    settings = AGENT_SETTINGS | linked_settings(root)
    setup = setup_files(config.source, root) | settings
    tip = cache(partial(_tip, root, config, branch, refs))
    return CountedWork(setup, settings, lambda: _commit(tip()), lambda: _branch_name(tip()))


def _commit(ref: Ref | None) -> str | None:
    return ref.commit if ref is not None else None


def _branch_name(ref: Ref | None) -> str | None:
    if ref is None:
        return None
    return ref.name.removeprefix("refs/heads/").removeprefix("refs/remotes/")


def _tip(root: Path, config: Config, branch: str | None, refs: plumbing.Refs | None) -> Ref | None:
    if branch is None:
        return None
    try:
        branches, origin_head = refs if refs is not None else plumbing.read_refs(root)
    except plumbing.GitError:
        return None
    patterns = protected_patterns(config.protected_branches, branches, origin_head)
    if matches_any(branch, patterns):
        return None
    return base_ref(root, branches, patterns)


def setup_only(root: Path, walked: Walked, base: str, head: str, work: CountedWork) -> set[str]:
    """The commits of ``walked`` (since ``base``) whose work files are all the tool's setup,
    an agent's settings only when its change from ``base`` to ``head`` is only our hook
    entries (as `setup_change.settle_held` judges it for `check`)."""
    held = [commit for commit, _ in walked if commit.files and set(commit.files) <= work.setup]
    settings = {path for commit in held for path in commit.files if path in work.settings}
    cleared: frozenset[str] = frozenset()
    if settings:
        cleared = setup_changes(root, work.setup, settings, base, head)
    return {
        commit.sha
        for commit in held
        if all(path not in work.settings or path in cleared for path in commit.files)
    }


def without_setup(
    root: Path, files: Sequence[str], base: str, head: str, work: CountedWork
) -> tuple[str, ...]:
    """``files`` (changed from commit ``base``, ``""`` for none, to commit ``head``) but the
    tool's setup files whose change is only setup."""
    settings = [path for path in files if path in work.settings]
    cleared = setup_changes(root, work.setup, settings, base, head) if settings else frozenset()
    return tuple(
        path
        for path in files
        if path not in work.setup or (path in work.settings and path not in cleared)
    )


def target_commits(
    root: Path, walked: Walked, base: str, head: str, work: CountedWork
) -> tuple[frozenset[str], dict[str, tuple[str, ...]], bool]:
    """Of ``walked`` (all of ``HEAD --not base``, ``head`` its tip): the merge target's
    commits (its tip, ``work.target``, reaches them) and its merges into the branch that made
    nothing by hand; the merges of it that did, each with the files it made; and whether
    ``base`` is the target's own (the tip reaches it: then the branch stands on the target's
    later commits, which count since it, as for `lkg-behind`). Nothing when the tip is
    ``head`` (the branch has no commit of its own yet) or the walk holds no merge."""
    if not any(len(parents) > 1 for _, parents in walked):
        return frozenset(), {}, False  # the target's commits come in by a merge of it
    tip = work.target()
    if tip is None or tip == head or not plumbing.is_commit_id(tip):
        return frozenset(), {}, False
    if not plumbing.is_commit_id(base):
        return frozenset(), {}, False
    limit = f"--max-count={len(walked) + 1}"
    out = plumbing.run(root, ["rev-list", limit, head, "--not", base, tip, "--"])
    ours = set(out.decode("ascii").split())
    theirs = {commit.sha for commit, _ in walked if commit.sha not in ours}
    merges = [
        (commit, parents)
        for commit, parents in walked
        if len(parents) > 1 and commit.sha not in theirs and set(parents[1:]) <= theirs
    ]
    asked = {commit.sha for commit, _ in merges if commit.files}
    by_hand = merge_work.made_by_hand(root, sorted(asked))
    made: dict[str, tuple[str, ...]] = {}
    for commit, _parents in merges:
        hand = merge_work.kept(by_hand, commit.sha, commit.files) if commit.files else set()
        if hand is None or hand:
            made[commit.sha] = tuple(p for p in commit.files if hand is None or p in hand)
        else:
            theirs.add(commit.sha)
    if not theirs:
        return frozenset(), made, False
    below = plumbing.run(root, ["rev-list", "--max-count=1", base, "--not", tip, "--"])
    return frozenset(theirs), made, not below.strip()


__all__ = ["NONE", "CountedWork", "counted_work", "setup_only", "target_commits", "without_setup"]
