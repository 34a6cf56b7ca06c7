"""What happened since a handoff was written, from git: the brief's freshness.

A constant number of git calls whatever the history: one ``log`` for the handoff files' last
changes (and one ``cat-file`` telling a change from a touch-up, `touch_ups`), one ``cat-file``
that resolves HEAD and the last known good commit, and one or two ``log`` walks of the commits
since (``HEAD --not BASE``, so that a count is ``git rev-list --count BASE..HEAD`` exactly),
each stopped after `WALK_LIMIT` commits; and one ``log -1 -M`` for the renames of the handoff's
commit when it changed a file that its ``changed_files`` does not cover otherwise
(`listed_work`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from handoff_audit.git import merge_work, plumbing
from handoff_audit.git.agent_files import is_personal
from handoff_audit.git.ancestry_counts import reachable
from handoff_audit.git.counted_work import (
    NONE,
    CountedWork,
    setup_only,
    target_commits,
    without_setup,
)
from handoff_audit.git.last_change import arrival
from handoff_audit.git.listed_work import unlisted
from handoff_audit.git.pure_rename import moved_from
from handoff_audit.git.touch_ups import TouchUps
from handoff_audit.model.brief import Freshness, LkgStatus, MergedIn, Since
from handoff_audit.model.repo_history import Commit, is_bot

WALK_LIMIT = 1_000
"""Commits read after a base; beyond it the count is "at least"."""
_FIELDS = "%H%x1f%P%x1f%ct%x1f%an%x1f%ae%x1f%s"


def last_changes(root: Path, paths: Sequence[str], start: str = "HEAD") -> dict[str, Commit]:
    """The commit that last changed each of ``paths`` (from the top folder) in the history of
    ``start``; one ``git log`` limited to those paths, stopped once each is found. A merge is
    no change of a file it took from a parent (the commit that made it is), only of one it
    made by hand."""
    wanted = [path for path in dict.fromkeys(paths) if plumbing.is_safe_path(path)]
    if not wanted:
        return {}
    found: dict[str, Commit] = {}
    specs = plumbing.pathspecs("", literal=wanted)
    args = plumbing.log_with_files(_FIELDS, [start], specs, by_hand=True, blobs=True, full=True)
    try:
        with plumbing.stream(root, args) as fields, TouchUps(root) as touch:
            for commit, _parents in _parse(fields, raw=True):
                for path in commit.files:
                    blobs = commit.blobs.get(path)
                    if (
                        path in wanted
                        and path not in found
                        and not touch.only_touched_up(path, blobs)
                    ):
                        found[path] = commit
                if len(found) == len(wanted):
                    break
    except plumbing.GitError:
        return found  # no commits yet: nothing was ever committed
    return found


def before_moves(root: Path, path: str, commit: Commit, hops: int = 3) -> Commit:
    """The commit that last wrote the words of ``path``: ``commit``, its last change, unless
    that commit only moved it there (``git mv`` of a working note into a series: `pure_rename`),
    then the last change of the file it came from, before it, ``hops`` moves at most, as the
    Stop hook and `check` date it, from the blobs `last_changes` read (``--full-diff``): one git
    process a move, none for a file written in place."""
    for _ in range(hops):
        moved = moved_from(path, commit.blobs)
        earlier = last_changes(root, [moved], f"{commit.sha}^").get(moved) if moved else None
        if moved is None or earlier is None:
            return commit
        commit, path = earlier, moved
    return commit


@dataclass(frozen=True, slots=True)
class _Range:
    """The commits of ``BASE..HEAD`` as walked, each with its parents."""

    base: str
    """The full id of BASE."""
    commits: list[tuple[Commit, tuple[str, ...]]]
    """Newest first: the commit (its files other than handoff files) and its parents."""
    complete: bool
    """False when the walk stopped at `WALK_LIMIT`."""
    idle: frozenset[str] = frozenset()
    """The commits that changed only personal settings files (`is_personal`) or only the
    tool's setup (`counted_work.setup_only`): no work and no handoff, as the hook and `check`
    judge them; left out of every count (the setup changed with a handoff file is no work of
    its commit)."""
    theirs: frozenset[str] = frozenset()
    """The merge target's commits and its merges that made nothing by hand
    (`counted_work.target_commits`): no work of the branch's."""
    made: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The merges of the target that made files by hand -> those files (their only work)."""
    on_target: bool = False
    """BASE is the target's own commit: the target's later commits count since it."""
    bots: frozenset[str] = frozenset()
    """The commits a maintenance bot made (`repo_history.is_bot`): no work the handoff should
    record, as `check` counts it, though they count since the last known good commit."""

    def since(
        self, skip: frozenset[str] = frozenset(), base: str | None = None, *, work: bool = False
    ) -> Since:
        """The commits but those in ``skip``, the `idle` ones and, when counting ``work`` the
        handoff may not describe or BASE is the branch's own, the target's; from ``base``
        (default: this range's)."""
        left_out = skip | self.idle | (self.theirs if work or not self.on_target else frozenset())
        left_out |= self.bots if work else frozenset()
        chosen = tuple(
            replace(commit, files=self.made[commit.sha]) if commit.sha in self.made else commit
            for commit, _ in self.commits
            if commit.sha not in left_out
        )
        return Since(base or self.base, len(chosen), chosen, self.complete)


def read_freshness(
    root: Path,
    files: Sequence[str],
    lkg: str | None,
    changed: Commit | None,
    is_handoff: Callable[[str], bool],
    dirt: dict[str, str],
    listed: frozenset[str] = frozenset(),
    counted: CountedWork = NONE,
    boundary: frozenset[str] = frozenset(),
) -> Freshness:
    """The freshness of the handoff whose ``files`` (from the top folder) last changed in
    ``changed``, with ``lkg`` its last known good commit (``None`` for a hand-written one),
    ``dirt`` the work tree's `plumbing.status`, and ``listed`` its ``changed_files`` (work of
    ``changed`` itself that they do not name, when they name any, is `Freshness.amended`);
    ``counted``: what is no work of the branch's (`counted_work`), as the hook and `check`
    count it. ``boundary``: a shallow clone's boundary commits (`plumbing.RepoInfo`); a
    ``changed`` among them is no last change (`Freshness.changed_beyond`)."""
    beyond = changed is not None and changed.sha in boundary
    changed = None if beyond else changed
    try:
        named = lkg if lkg is not None and plumbing.is_commit_id(lkg) else None
        resolved = plumbing.resolve(root, ["HEAD", *([named] if named else [])])
        head = resolved.get("HEAD")
        if head is None:
            return Freshness(problem="the repository has no commits yet", lkg=lkg)
        uncommitted = any(path in dirt for path in files)
        found = resolved.get(named) if named else None
        walk = _Walk(root, head[0], is_handoff, counted)
        status, lkg_range = _lkg_range(walk, lkg, found)
        since_change = merged_in = None
        amended: tuple[str, ...] = ()
        if changed is not None and not uncommitted:
            since_change, merged_in = _since_change(walk, changed.sha, lkg_range)
            amended = _amended(walk, changed.sha, lkg_range, listed)
    except plumbing.GitError as error:
        return Freshness(problem=str(error), lkg=lkg)
    touched = (
        [path for commit in since_change.commits for path in commit.files] if since_change else []
    )
    return Freshness(
        head=head[0],
        lkg=lkg,
        lkg_status=status,
        since_lkg=lkg_range.since() if lkg_range is not None else None,
        changed=changed,
        changed_beyond=beyond and not uncommitted,
        uncommitted=uncommitted,
        since_change=since_change,
        work_files=tuple(dict.fromkeys(touched)),
        dirty=tuple(path for path in sorted(dirt) if not is_handoff(path)),
        amended=amended,
        merged_in=merged_in,
    )


def within(fresh: Freshness, folder: str) -> Freshness:
    """``fresh`` with the commits since the handoff's change cut to the files under ``folder``
    (from the top folder, ending in ``/``), those that touch none left out: a package's note
    speaks for its own folder alone (`later_work.note_scopes`), as `check` counts it."""
    since = fresh.since_change
    if since is None:
        return fresh
    kept = [
        replace(commit, files=files)
        for commit in since.commits
        if (files := tuple(f for f in commit.files if f.startswith(folder)))
    ]
    count = since.count - (len(since.commits) - len(kept))
    cut = replace(since, count=count, commits=tuple(kept))
    touched = tuple(dict.fromkeys(f for commit in kept for f in commit.files))
    return replace(fresh, since_change=cut, work_files=touched)


def _amended(
    walk: _Walk, sha: str, lkg_range: _Range | None, listed: frozenset[str]
) -> tuple[str, ...]:
    """The work files commit ``sha`` (the handoff's last change) changed besides the handoff
    that ``listed`` (when it names any) does not cover (`listed_work.unlisted`: a folder, a
    glob, a rename's other name): work amended into the packet's commit. Read from the walk
    since the last known good commit, which holds that commit whenever the packet names an
    older one; a git process only for files not covered otherwise (renames). The tool's setup
    committed with it (`counted_work.without_setup`) is no work."""
    if not listed or lkg_range is None:
        return ()
    for commit, parents in lkg_range.commits:
        if commit.sha == sha:
            found = unlisted(walk.root, sha, commit.files, listed)
            parent = parents[0] if parents else ""
            return without_setup(walk.root, found, parent, sha, walk.counted) if found else ()
    return ()


def _lkg_range(
    walk: _Walk, lkg: str | None, found: tuple[str, str] | None
) -> tuple[LkgStatus, _Range | None]:
    if lkg is None:
        return "none", None
    if not plumbing.is_commit_id(lkg):
        return "invalid", None
    if found is None:
        info = plumbing.repo_info(walk.root)
        return ("unavailable" if info is not None and info.shallow else "missing"), None
    walked = walk.range(found[0])
    # An ancestor of HEAD exactly when it is HEAD or the parent of a commit since it.
    parents = {parent for _, commit_parents in walked.commits for parent in commit_parents}
    if found[0] == walk.head or found[0] in parents or not walked.complete:
        return "ok", walked
    return "not-ancestor", None


def _since_change(
    walk: _Walk, changed: str, lkg_range: _Range | None
) -> tuple[Since, MergedIn | None]:
    """``changed..HEAD``: out of the walk since the lkg when ``changed`` is in it (the commits
    there that are not ``changed``'s ancestors), else one more walk; when a merge brought
    ``changed`` into HEAD's first-parent line, only what came after that merge
    (`last_change.arrival`, where `check` starts its later commits too); and the merge target's
    commits among them, which it leaves out (`_came_in`)."""
    parents = {c.sha: ps for c, ps in lkg_range.commits} if lkg_range is not None else {}
    if lkg_range is None or not lkg_range.complete or changed not in parents:
        walked = walk.range(changed)
        came = arrival({c.sha: ps for c, ps in walked.commits}, walk.head, changed)
        since = _merged_back(walk.root, walked, walked.since(came, work=True), came)
        return since, _came_in(walk, walked, came | {changed})
    before = frozenset(reachable(changed, parents))
    before |= arrival(
        {sha: ps for sha, ps in parents.items() if sha not in before}, walk.head, changed
    )
    since = lkg_range.since(before, changed, work=True)
    return _merged_back(walk.root, lkg_range, since, before), _came_in(walk, lkg_range, before)


def _came_in(walk: _Walk, walked: _Range, before: frozenset[str]) -> MergedIn | None:
    """The merge target's commits in ``walked`` but ``before`` (the handoff's change and what
    it reaches), merges aside, and the newest merge there that brought them in: no work of the
    branch's (`Freshness.merged_in`), when a merge of another branch brought them (a
    co-worker's pushes to this branch, merged into the target too); ``None`` when there are
    none, or only merges of the target itself brought them ("Update branch", its tip then on
    its first-parent line): its work is no news. One `rev-list`, only when there are some."""
    later = [(c, ps) for c, ps in walked.commits if c.sha not in before]
    count = sum(1 for c, ps in later if c.sha in walked.theirs and len(ps) < 2)
    merges = [(c, ps) for c, ps in later if len(ps) > 1 and set(ps[1:]) & walked.theirs]
    tip = walk.counted.target()
    if not count or not merges or tip is None or not plumbing.is_commit_id(tip):
        return None
    firsts = [ps[0] for _, ps in merges if plumbing.is_commit_id(ps[0])]
    line = plumbing.run(walk.root, ["rev-list", "--first-parent", tip, "--not", *firsts, "--"])
    targets = set(line.decode("ascii").split())
    others = [c.sha for c, ps in merges if not set(ps[1:]) <= targets]
    return MergedIn(count, others[0], walk.counted.target_name()) if others else None


def _merged_back(root: Path, walked: _Range, since: Since, before: frozenset[str]) -> Since:
    """``since`` (out of ``walked``, less ``before``: the commits the handoff's change reaches)
    without the merges that brought in nothing after that change and made nothing by hand (the
    branch that wrote the handoff, merged with ``--no-ff``: no work), and each such merge that
    made files by hand with only those (`merge_work`). A merge that brought in later commits
    counts, as git counts it. One `made_by_hand` at most."""
    heads = {commit.sha: parents for commit, parents in walked.commits}
    later = set(heads) - before
    merges = {
        c.sha
        for c in since.commits
        if len(heads.get(c.sha, ())) > 1
        and c.sha not in walked.made
        and not any(parent in later for parent in heads[c.sha][1:])
    }
    if not merges or not walked.complete:
        return since
    made = merge_work.made_by_hand(root, [c.sha for c in since.commits if c.sha in merges])
    kept: list[Commit] = []
    for commit in since.commits:
        hand = merge_work.kept(made, commit.sha, commit.files) if commit.sha in merges else None
        if hand is None:
            kept.append(commit)
        elif hand:
            kept.append(replace(commit, files=tuple(p for p in commit.files if p in hand)))
    left_out = len(since.commits) - len(kept)
    return replace(since, count=since.count - left_out, commits=tuple(kept))


@dataclass(frozen=True, slots=True)
class _Walk:
    """What every walk of the history since a base needs."""

    root: Path
    head: str
    """The full id of HEAD."""
    is_handoff: Callable[[str], bool]
    counted: CountedWork

    def range(self, base: str) -> _Range:
        """Walk ``HEAD --not BASE``: at most `WALK_LIMIT` commits, one git call (and those of
        `counted_work` when the walk holds the tool's setup or the merge target's commits)."""
        if not plumbing.is_commit_id(base):
            raise ValueError(f"not a commit id: {base!r}")
        commits: list[tuple[Commit, tuple[str, ...]]] = []
        idle: set[str] = set()
        handing_off: set[str] = set()
        args = plumbing.log_with_files(
            _FIELDS, [f"--max-count={WALK_LIMIT + 1}", "HEAD", "--not", base], [], blobs=True
        )
        with plumbing.stream(self.root, args) as fields:
            for commit, parents in _parse(fields, raw=True):
                work = tuple(path for path in commit.files if not self._handoff(path, commit))
                if commit.files and all(is_personal(path) for path in commit.files):
                    idle.add(commit.sha)
                elif len(work) < len(commit.files):
                    handing_off.add(commit.sha)
                commits.append((replace(commit, files=work), parents))
        complete = len(commits) <= WALK_LIMIT
        commits = commits[:WALK_LIMIT]
        setup = setup_only(self.root, commits, base, self.head, self.counted)
        idle |= setup - handing_off
        # A handoff committed with the tool's setup is a handoff commit, with no work.
        commits = [(replace(c, files=()) if c.sha in setup else c, ps) for c, ps in commits]
        theirs, made, on_target = target_commits(self.root, commits, base, self.head, self.counted)
        bots = frozenset(commit.sha for commit, _ in commits if commit.bot)
        return _Range(base, commits, complete, frozenset(idle), theirs, made, on_target, bots)

    def _handoff(self, path: str, commit: Commit) -> bool:
        """``path`` is a handoff file, or one ``commit`` moved unchanged into a handoff file
        (`git mv` of session notes into a series folder, their old names none of the globs'):
        a move of the notes is no work, as the Stop hook and `check` read it."""
        if self.is_handoff(path):
            return True
        return any(
            moved_from(new, commit.blobs) == path for new in commit.blobs if self.is_handoff(new)
        )


def _parse(fields: Iterator[bytes], raw: bool = False) -> Iterator[tuple[Commit, tuple[str, ...]]]:
    """``git log -z --name-only`` records (``--raw`` ones when ``raw``): each commit with its
    files, and its parents."""
    for header, files, blobs in plumbing.raw_log_records(fields, 6, 2, raw=raw):
        sha, parents, when, name, email, subject = header
        heads = tuple(parents.split())
        bot = is_bot(name, email, len(heads))
        yield Commit(sha, int(when), subject, files, bot, blobs=blobs), heads
