"""Facts from git that the history, branch and merge rules need, gathered in a constant number
of git calls whatever the number of packets.

One audit asks git, at most: where the repository is; its branches; every commit name the
packets mention (one ``cat-file --batch-check``); the ancestry of the commit checked (one
``rev-list``); its recent changes (one ``log`` stream, stopped as soon as every packet's last
change is found, and one ``cat-file --batch`` telling a change from a touch-up, `touch_ups`);
the work tree's packet changes (one ``status``); for a package's note left alone, the notes of
its name the branch deleted (one ``log``, `gone_notes`); files deleted since the packets' last
known good commits (one ``diff-tree --stdin``); and, when asked, the block files of the commit
checked, its active packets outside the paths audited (`tree_packets`) and the packets of every
other branch (one ``diff-tree --stdin``, and one ``cat-file --batch`` for each of the last two).
Only when allowed to fetch (``check --fetch-history``, ``ci``): a shallow clone adds a bounded
number of ``fetch --deepen`` rounds (`history_target.deepen_fetching`, also used by
`series_dates` before a series is ordered by its commits), and a merge target that is not here
is fetched once.
Otherwise the audit never changes the repository.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from handoff_audit.config import Config
from handoff_audit.errors import InputError
from handoff_audit.git import fetching, history_target, plumbing
from handoff_audit.git.agent_files import AGENT_SETTINGS, linked_settings
from handoff_audit.git.agent_notes import agent_notes
from handoff_audit.git.ancestry_counts import Ancestry, ancestry_walk, target_side
from handoff_audit.git.base_tip import target_tip
from handoff_audit.git.branch_own import counted_against, merge_target_tip, record_commits
from handoff_audit.git.foreign_commits import copied_into, recorded_of
from handoff_audit.git.gone_notes import package_scopes
from handoff_audit.git.kept_packets import Kept
from handoff_audit.git.last_change import LastChanges, hand_written_history, since, unmoved_files
from handoff_audit.git.later_work import LaterWork, setup_files
from handoff_audit.git.linked_folders import merged_links
from handoff_audit.git.pointed_paths import WorkTree, pointed_paths
from handoff_audit.git.protected import (
    is_protected,
    on_protected_branch,
    protected_patterns,
    protected_said,
    unborn_branch,
)
from handoff_audit.git.renames import renamed_into
from handoff_audit.git.setup_change import settle_held
from handoff_audit.git.target_copies import on_target
from handoff_audit.git.touch_ups import TouchUps
from handoff_audit.git.tree_packets import beside_packets, gate_pathspecs
from handoff_audit.git.twin_order import Pairs, status_pathspecs
from handoff_audit.git.unknown_target import known_target, missing_head, unknown_head
from handoff_audit.model.context import Target
from handoff_audit.model.packet import Packet, named_block_file, named_packet
from handoff_audit.model.repo_history import Commit, History, LkgState, PacketHistory

ANCESTRY_LIMIT = 10_000
"""Commits of the checked commit's ancestry read to place last known good commits."""
WALK_LIMIT = 2_000
"""Commits read with their changed files to find each packet's last change."""
DEEPEN_STEPS = (50, 500, 5_000)
"""How far each round deepens a shallow clone (``git fetch --deepen``), at most three rounds."""
DEEPEN_SECONDS = 90.0
"""Time allowed for fetching history, all together: asking the remote for the default branch a
clone lacks and fetching it (`history_target.fetch_default`), then deepening a shallow clone."""
FULL_HISTORY_FIX = (
    "fetch the full history: `git fetch --unshallow`, or in GitHub Actions "
    "`actions/checkout` with `fetch-depth: 0`"
)
"""The fix named whenever missing history stops a judgement."""


def _lkgs(active: list[Packet]) -> dict[str, str]:
    """Each active packet's last known good commit, when it names one, by the packet's path."""
    lkgs: dict[str, str] = {}
    for packet in active:
        lkg = (packet.data or {}).get("last_known_good_commit")
        if isinstance(lkg, str) and plumbing.is_commit_id(lkg):
            lkgs[packet.path] = lkg.lower()
    return lkgs


@dataclass(slots=True)
class Early:
    """What git was asked before the packets were read (`start_early`), for `gather_history`."""

    known: tuple[plumbing.RepoInfo, plumbing.Refs]
    """The repository and its refs."""
    status: plumbing.StatusLater
    """The work tree's changes to packet files, under way."""


def start_early(
    root: Path,
    config: Config,
    json_packets: list[str],
    known: tuple[plumbing.RepoInfo, plumbing.Refs] | None = None,
    repo: plumbing.RepoInfo | None = None,
) -> Early | None:
    """Ask git now what `gather_history` will ask whatever the packets hold: the repository,
    its refs (unless ``known``), and the work tree's changes to packet files, started and read
    later (speed: git works while the packets are checked). ``json_packets``: every JSON
    packet's path from ``root``; `status` looks at the ones no ``packets`` glob covers too,
    the active ones among them being those `gather_history` asks about. ``None`` when git
    cannot say: then `gather_history` asks again and words the problem. The caller ends it
    with `Early.status` ``.discard()``. ``repo``: the repository, when already read."""
    try:
        if known is None:
            repo = repo or plumbing.repo_info(root)
            if repo is None:
                return None
            known = (repo, plumbing.read_refs(root))
    except plumbing.GitError:
        return None
    named = [path for path in json_packets if not named_packet(path, config)]
    pathspecs = status_pathspecs(known[0].prefix, config, named)
    return Early(known, plumbing.StatusLater(root, pathspecs))


def gather_history(
    root: Path,
    packets: list[Packet],
    target: Target,
    config: Config,
    records: Callable[[str], bool],
    known: tuple[plumbing.RepoInfo, plumbing.Refs] | None = None,
    early: Early | None = None,
    repo: plumbing.RepoInfo | None = None,
) -> History | None:
    """Ask git, in a constant number of calls, everything the git-aware rules need; ``known``:
    the repository at ``root`` and its refs, when the caller has just read them; ``early``:
    what `start_early` asked (it replaces ``known``); ``repo``: the repository alone, when
    discovery read it. ``records``: whether a path (from ``root``) is a handoff file or a
    series' record, whose change is no work (`model.packet.is_handoff_record`, with the series
    folders of discovery's listing)."""
    if early is not None:
        known = early.known
    try:
        repo = known[0] if known else (repo or plumbing.repo_info(root))
    except plumbing.UnsafeRepository as error:
        raise InputError(f"{error}: {_UNREADABLE[type(error)]}") from None
    if repo is None:
        problem = "this folder is not in a git repository"
        fix: str | None = "run the audit in a git clone of the repository the packets belong to"
        if os.path.lexists(root / ".git"):
            fix = None
            problem = (
                "git cannot read this repository (is git installed? does it refuse the folder "
                "as unsafe? then `git config --global --add safe.directory PATH`)"
            )
        facts = History(branch=target.branch, problem=problem, fix=fix)
    else:
        try:
            refs = known[1] if known else None
            gatherer = _Gatherer(root, repo, packets, target, config, refs)
            gatherer.records = records
            gatherer.early_status = early.status if early is not None else None
            facts = gatherer.gather()
        except (plumbing.DamagedRepository, plumbing.UnsafeRepository) as error:
            # Not a history that is missing (a warning) but one git will not read: judging
            # nothing and passing would call a stale packet fine.
            raise InputError(f"{error}: {_UNREADABLE[type(error)]}") from None
        except plumbing.GitError as error:
            facts = History(branch=target.branch, problem=str(error))
    return facts


_UNREADABLE = {
    plumbing.DamagedRepository: (
        "the repository's history is damaged, so the packets cannot be judged; "
        "find the damage with `git fsck` and repair it, or clone the repository again"
    ),
    plumbing.UnsafeRepository: (
        "git refuses this repository (it belongs to another user); if you trust it, "
        "`git config --global --add safe.directory PATH`, then audit again"
    ),
}


def protected(target: Target, config: Config, history: History | None) -> tuple[str, ...]:
    """The protected branch globs: configured, else the default branch found while gathering
    (every default candidate when nothing was gathered), and in CI the event's base and
    default branch."""
    if history is not None and history.protected is not None:
        return history.protected
    return protected_patterns(config.protected_branches, None, None, _event_base(target))


def _event_base(target: Target) -> str | None:
    return target.target_branch if target.target_from_event else None


class _Gatherer:
    """One gathering pass; holds what the steps share."""

    records: Callable[[str], bool]
    """Whether a path is a handoff file or a series' record (`gather_history`)."""

    def __init__(
        self,
        root: Path,
        repo: plumbing.RepoInfo,
        packets: list[Packet],
        target: Target,
        config: Config,
        refs: plumbing.Refs | None = None,
    ) -> None:
        self.root = root
        self.repo = repo
        self.refs = refs
        self.early_status: plumbing.StatusLater | None = None
        self.target = target
        self.config = config
        self.protected: tuple[str, ...] = ()
        self.where: tuple[str | None, list[plumbing.Ref]] = (None, [])
        self.target_fetch = history_target.Fetch()
        """The branch checked and the refs, once `gather` read them (`branch_own`)."""
        self.tree = WorkTree(root)
        self.absent: dict[str, str] = {}
        """The judged handoffs the commit checked lacks (`_resolve`), from the top folder."""
        self.kept = Kept(root, {})
        """Those the work tree does not change either: git ignores them (`kept_packets`)."""
        self.packets = [p for p in packets if p.ref is None]
        self.active = [p for p in self.packets if p.status == "active" and p.data is not None]
        # Markdown-only handoffs are judged for staleness like active packets (handoff-outdated).
        self.hand_written = [p for p in self.packets if p.kind == "markdown"]
        # Pairs whose twin holds text beyond its packet: which side changed last decides
        # whose text stands (`git.twin_order`).
        self.drifted = [p for p in self.packets if p.twin_drops and p.markdown_path]
        # The drifted pairs, as the history walk meets their files (`_committed`).
        self.pairs = Pairs({}, {})
        self.handoff_paths = {p.path for p in self.packets} | {
            p.markdown_path for p in self.packets if p.markdown_path
        }

    # -- paths: git speaks from the top folder, packets from the audited root --

    def from_top(self, path: str) -> str | None:
        prefix = self.repo.prefix
        return path[len(prefix) :] if path.startswith(prefix) else None

    def is_work(self, path: str) -> bool:
        """Whether a changed file (from the audited root) is work: no handoff file, no series'
        record. A bot's commit has none (`Commit.bot`)."""
        return path not in self.handoff_paths and not self.records(path)

    def _packet_pathspecs(self) -> list[str]:
        """The packet globs, plus the judged handoffs no glob matches: packets named on the
        command line, and the current files of a series (their uncommitted change is their
        newest, as a working note's is)."""
        judged = [*self.active, *self.hand_written, *self.drifted]
        named = [p.path for p in judged if not named_packet(p.path, self.config)]
        return status_pathspecs(self.repo.prefix, self.config, named)

    def gather(self) -> History:
        budget = fetching.Budget(DEEPEN_SECONDS)  # the deepening's, spent first here
        listed, origin_head = history_target.fetch_default(self, self.refs, DEEPEN_STEPS, budget)
        refs = known_target(self, listed)
        branch, unborn = self._checked_out(refs)
        head_rev = self._head_rev()
        self.protected = protected_patterns(
            self.config.protected_branches, refs, origin_head, _event_base(self.target), unborn
        )
        lkgs = _lkgs(self.active)
        # Each lkg's parent too: a file the lkg commit itself deleted counts as deleted since;
        # and the commits the --verify runs name, for a packet copied from another branch.
        named = sorted(set(lkgs.values()))
        runs = recorded_of(self.active)
        revisions = [head_rev, "HEAD", *named, *(f"{rev}~1" for rev in named), *runs]
        facts = History(branch=branch, protected=self.protected)
        facts.protected_warning, facts.protected_notice = protected_said(
            self.config, refs, self.target, self.protected, origin_head
        )
        facts.branches = frozenset(ref.branch for ref in refs)
        facts.renamed_into = renamed_into(self.root, refs, {p.branch for p in self.active})
        # Pointed paths the work tree lacks are asked of the commit checked in the same call
        # that resolves the commits (a sparse checkout leaves files out of the work tree).
        missing = self.tree.missing(self.active, self.repo.prefix)
        resolved: dict[str, tuple[str, str] | None] = {}
        present: set[str] = set()
        head: tuple[str, str] | None = None
        for step in (0, *DEEPEN_STEPS):
            if step and not self.target.fetch_history:
                facts.fetch_skipped = True
                break
            if step:
                try:
                    history_target.deepen_round(self, step, budget, revisions, DEEPEN_SECONDS)
                except plumbing.GitError as error:
                    facts.deepen_error = str(error)
                    break
            resolved, present = self._resolve(revisions, head_rev, missing)
            head = resolved.get(head_rev)
            if head is None:
                # A pull request build checks out GitHub's merge commit at depth 1: the head
                # named by --head is its parent, one deepening away.
                if self.target.head and self.repo.shallow:
                    continue
                break
            facts.head = head[0]
            needs_more = self._read_history(facts, resolved, lkgs, head)
            if not (needs_more and self.repo.shallow):
                break
        self._settled(facts)
        if head is None:
            return self._no_head(facts, branch if unborn else None)
        facts.in_head_tree = frozenset(missing[path] for path in present)
        self._read_deletions(facts, resolved, lkgs, head)
        copied_into(self.root, facts, self.active, resolved, refs)
        self._read_trees(facts, head, refs, branch)
        return facts

    def _resolve(
        self, revisions: list[str], head_rev: str, missing: dict[str, str]
    ) -> tuple[dict[str, tuple[str, str] | None], set[str]]:
        """`plumbing.resolve_and_find` of ``revisions`` and of the ``missing`` pointed paths
        in the commit checked, with the judged handoffs, in one git call: those it lacks are
        `absent`, kept out of git when the work tree does not change them either."""
        judged = {self.repo.prefix + p.path: p.path for p in [*self.active, *self.hand_written]}
        asked = sorted({*missing, *judged})
        resolved, present = plumbing.resolve_and_find(self.root, revisions, head_rev, asked)
        self.absent = {top: path for top, path in judged.items() if top not in present}
        return resolved, present & set(missing)

    def _settled(self, facts: History) -> None:
        """What the deepening left: whether the clone is still shallow, and the notice when
        the history target is neither here nor fetched."""
        facts.shallow = self.repo.shallow
        facts.target_notice = history_target.notice(self)

    def _read_trees(
        self, facts: History, head: tuple[str, str], refs: list[plumbing.Ref], branch: str | None
    ) -> None:
        """The block files and the unaudited active packets (`tree_packets`) of the commit
        checked, and the packets of other branches, from one ``diff-tree`` call over every tree
        needed; and the symbolic links the commit adds or changes (`linked_folders`)."""
        head_tree = head[1]
        into_protected = is_protected(self.target, self.protected)
        blocks = into_protected or on_protected_branch(self.target, branch, self.protected)
        plan = None
        if self.target.all_branches:
            # start-up: other branches' packets are read only with --all-branches
            from handoff_audit.git.branch_packets import plan_branch_reads, read_branch_packets

            plan = plan_branch_reads(self.repo.prefix, refs, branch, self.config)
        trees = [head_tree] if blocks else []
        target = self.target.target_branch
        tip = target_tip(self.root, refs, target) if into_protected and target else None
        base = tip.tree if tip is not None else None
        trees += [base] if base is not None else []
        specs = gate_pathspecs(self.repo.prefix, self.config, into_protected) if blocks else []
        if plan is not None:
            trees += plan.trees
            specs += plan.pathspecs
        if not trees:
            return
        links: set[tuple[str, str]] = set()
        gitlinks: set[tuple[str, str]] = set()
        files = plumbing.tree_files(
            self.root, trees, list(dict.fromkeys(specs)), len(head_tree), links, gitlinks
        )
        if blocks:
            tops = (self.from_top(path) for tree, path in gitlinks if tree == head_tree)
            facts.submodules = frozenset(filter(None, tops))
            self._block_files(facts, dict(files.get(head_tree, [])))
        if into_protected:
            listed = (files, links, gitlinks)
            changes = merged_links(
                facts, self.root, (head, tip), listed, self.from_top, self.config, self.packets
            )
            sides = (files.get(head_tree, []), files.get(base, []) if base else [])
            linked = (path for tree, path in links | gitlinks if tree in (head_tree, base))
            on_target(facts, sides, changes, (self.from_top, self.config), self.target, linked)
        if plan is not None:
            packets, times = read_branch_packets(self.root, plan, files, self.config, self.packets)
            facts.branch_packets.extend(packets)
            facts.ref_times.update(times)

    def _checked_out(self, refs: list[plumbing.Ref]) -> tuple[str | None, str | None]:
        """The branch checked, and that branch again when it has no commit yet (``None``
        otherwise). git is asked apart only when no ref is checked out (a detached HEAD, or a
        branch without commits): one git process fewer in the common case."""
        current = next((ref for ref in refs if ref.current), None)
        name = self.target.branch or (current.branch if current else None)
        if not (self.target.branch or current):
            name = plumbing.current_branch(self.root)
        self.where = (name, refs)
        self.target_fetch.wanted = history_target.wanted(self.target, refs)
        return name, None if self.target.branch or current else unborn_branch(name, refs)

    def _block_files(self, facts: History, blobs: dict[str, str]) -> None:
        """The block files of the commit checked (``blobs``: its files from the top folder ->
        their blob ids), with the index's changes over them when a commit is being made; the
        markdown files beside a JSON file of their name; and the texts the merge rule reads."""
        staged, listed = self.target.staged, set(blobs)
        if staged is not None:
            listed = (listed - staged.deleted) | staged.changed
        names = {name for name in map(self.from_top, listed) if name is not None}
        named = {name for name in names if named_block_file(name, self.config, names.__contains__)}
        found = beside_packets(self.root, names, blobs, self.from_top, self.packets, self.config)
        facts.beside_json, facts.block_files = found, tuple(sorted(named))
        facts.agent_notes = agent_notes(self.root, blobs.items(), self.from_top, named, found)
        if staged is not None:
            facts.staged_block_files = frozenset(
                name
                for name in map(self.from_top, staged.changed)
                if name is not None and name in facts.block_files
            )

    def _no_head(self, facts: History, unborn: str | None = None) -> History:
        """``facts`` without a commit to read; ``unborn``: the branch checked out, which has no
        commit yet, so no file is on it (nor merged) but what a first commit being made
        stages."""
        if unborn and self.target.staged is not None:  # the index is the whole first commit
            if on_protected_branch(self.target, unborn, self.protected):
                self._block_files(facts, {})
        elif unborn:
            facts.block_files = ()
        if not self.target.head:
            facts.problem = "the repository has no commits yet"
            facts.fix = "commit the packets, then run the audit again"
        elif self.repo.shallow and self.target.in_action:
            # Never the checked-out tree in its place: that would judge another commit.
            raise missing_head(self.target.head, facts.missing_reason)
        elif self.repo.shallow:
            reason = facts.missing_reason
            facts.problem = (
                f"the commit checked, {self.target.head}, is not in this shallow clone{reason}"
            )
        else:
            raise unknown_head(self.target.head, in_action=self.target.in_action)
        return facts

    def _head_rev(self) -> str:
        rev = self.target.head
        if rev is None:
            return "HEAD"
        # Any revision git resolves (HEAD~1, main^, @{-1}, a tag): it travels on git's
        # standard input (`resolve_and_find`), never on its command line; option-like input
        # and line breaks are refused here all the same.
        if rev and not rev.startswith("-") and "\n" not in rev and "\0" not in rev:
            return rev
        raise InputError(
            f"--head {rev!r}: not a revision; pass the commit checked, e.g. --head HEAD~1, "
            "--head main or --head $(git rev-parse HEAD)"
        )

    def _merging_in(self) -> tuple[str, ...]:
        """The pre-commit hook's merge under way into ``HEAD``: the commit it merges in, whose
        ancestors are the merge commit's too."""
        merge_head = self.target.staged.merge_head if self.target.staged else None
        return (merge_head,) if merge_head and self.target.head is None else ()

    def _read_history(
        self,
        facts: History,
        resolved: dict[str, tuple[str, str] | None],
        lkgs: dict[str, str],
        head: tuple[str, str],
    ) -> bool:
        """Fill ``facts.packets``; True when a shallow boundary hid something needed."""
        wanted = {found[0] for rev in set(lkgs.values()) if (found := resolved.get(rev))}
        self.target_fetch.resolve(resolved)
        times: dict[str, int] = {}
        walk = Ancestry([])
        # The merge target's tip is walked too: what it reaches is not the branch's work.
        base = merge_target_tip(self, head[0])
        if wanted or (base and (self.active or self.hand_written)):
            commits, truncated, walk = ancestry_walk(
                self.root, (head[0], *self._merging_in()), base, ANCESTRY_LIMIT, times
            )
            facts.ancestry_read = len(commits)
            facts.head_time = times.get(head[0])
            counts = walk.behind(wanted)
            reached_boundary = any(sha in self.repo.boundary for sha, _ in commits)
        else:
            counts, truncated, reached_boundary = {}, False, False
        states = self._lkg_states(resolved, lkgs, counts, truncated, reached_boundary)
        needs_more = any(state == "unavailable" for state, _ in states.values())
        checked_out = resolved.get("HEAD")
        changes, walk_needs_more = self._read_changes(head, checked_out == head, walk)
        facts.twin_newer = self.pairs.order()
        # No commit that both HEAD and the target's tip reach: the clone hides their merge base.
        facts.unjoined = bool(walk.base and not walk.ours & walk.theirs and self.repo.shallow)
        needs_more = needs_more or walk_needs_more or facts.unjoined
        # How far the work went on after each packet's last change (or the merge that brought
        # it in): the same count as for the lkg commits, over the ancestry already read.
        changed = {start.sha for entry in changes.values() if (start := since(entry))}
        after = walk.behind(changed) if changed else {}
        for packet in self.active:
            lkg_rev = lkgs.get(packet.path)
            state, behind = states.get(lkg_rev, ("invalid", None)) if lkg_rev else ("invalid", None)
            found = resolved.get(lkg_rev) if lkg_rev else None
            entry = changes.get(packet.path, {})
            last = since(entry)
            facts.packets[packet.path] = PacketHistory(
                lkg=found[0] if found else None,
                lkg_state=state,
                behind=behind,
                lkg_time=times.get(found[0]) if found else None,
                changed_behind=after.get(last.sha) if last else None,
                **entry,
            )
        facts.packets.update(
            hand_written_history([p.path for p in self.hand_written], changes, walk)
        )
        return needs_more

    def _lkg_states(
        self,
        resolved: dict[str, tuple[str, str] | None],
        lkgs: dict[str, str],
        counts: dict[str, int],
        truncated: bool,
        reached_boundary: bool,
    ) -> dict[str, tuple[LkgState, int | None]]:
        """Each last known good commit named -> where it stands in the ancestry read, and how
        many commits the commit checked is ahead of it when it is an ancestor."""
        states: dict[str, tuple[LkgState, int | None]] = {}
        for rev in set(lkgs.values()):
            found = resolved.get(rev)
            if found is None:
                state: LkgState = "unavailable" if self.repo.shallow else "missing"
                states[rev] = (state, None)
            elif found[0] in counts:
                states[rev] = ("ok", counts[found[0]])
            elif truncated:
                states[rev] = ("beyond-limit", None)
            elif self.repo.shallow and reached_boundary:
                states[rev] = ("unavailable", None)
            else:
                states[rev] = ("not-ancestor", None)
        return states

    def _committed(self, checked_out: bool) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
        """An empty entry per judged handoff (active packets, markdown-only handoffs), marked
        ``uncommitted`` when the work tree changes it; the others, path from the top folder ->
        path from the audited root, for the walk to find their last change. The drifted pairs
        (`pairs`) with the work tree's changes."""
        judged = [*self.active, *self.hand_written]
        result: dict[str, dict[str, Any]] = {p.path: {} for p in judged}
        if not judged and not self.drifted:
            return result, {}
        dirty = self._dirty() if checked_out else {}
        self.pairs = Pairs.of(self.repo.prefix, self.drifted, dirty)
        todo: dict[str, str] = {}
        for packet in judged:
            top_path = self.repo.prefix + packet.path
            if top_path in dirty:
                result[packet.path]["uncommitted"] = True
            else:
                todo[top_path] = packet.path
        if checked_out:
            self.kept = Kept(self.root, {t: p for t, p in todo.items() if t in self.absent})
        return result, todo

    def _dirty(self) -> dict[str, str]:
        """`plumbing.status` of the packet files; the early one when it covers them (it looks
        at more files, but a file's status does not depend on the others')."""
        pathspecs = self._packet_pathspecs()
        early = self.early_status
        if early is not None and set(pathspecs) <= set(early.pathspecs):
            return early.result()
        return plumbing.status(self.root, pathspecs)

    def _read_changes(
        self, head: tuple[str, str], checked_out: bool, ancestry: Ancestry
    ) -> tuple[dict[str, dict[str, Any]], bool]:
        """Each judged handoff's last change (`LastChanges`) and the newest non-handoff commit
        after it, and which side of each drifted pair changed last (`pairs`); the work tree's
        changes count only when the commit checked is the one checked out. ``ancestry``: the
        walk that tells the merge target's side of the history (`TargetSide`), no later work of
        the branch's."""
        result, todo = self._committed(checked_out)
        if not todo and self.pairs.done():
            return result, False
        lasts = LastChanges(self.root, todo, self.kept.written)
        setup = setup_files(self.config.source, self.root)
        settings = AGENT_SETTINGS | linked_settings(self.root)  # and the files they link to
        later = LaterWork(self.active, self.repo.prefix, setup, settings, self._scopes(head[0]))
        last: Commit | None = None
        hit_boundary = truncated = False
        own, records = record_commits(self, head[0], self.kept.without(todo))
        theirs = target_side(self.root, ancestry)
        with plumbing.changes(self.root, head[0], blobs=True) as walk, TouchUps(self.root) as touch:
            for count, change in enumerate(map(theirs.own, walk)):
                if change.sha in self.repo.boundary:
                    # A boundary commit lists every file as new; its file list says nothing.
                    hit_boundary = True
                    break
                if count >= WALK_LIMIT:
                    truncated = True
                    break
                files = unmoved_files(change, self.repo.prefix, self.is_work)
                last = commit = Commit(change.sha, change.time, change.subject)
                self.pairs.meet(count, change.files)
                written = lasts.meet(change, commit, touch)
                self.kept.meet(commit, lasts.found)
                others = [] if change.bot else [f for f in files if self.is_work(f)]
                for top_path in written if others else ():
                    later.add_undescribed(change, tuple(others), top_path, self.root)
                others, target = theirs.counted(self.root, change, others, self.from_top)
                if others:
                    waiting = lasts.waiting()
                    judged = counted_against(change.sha, waiting, records, own, target)
                    later.add(change, tuple(others), judged)
                if lasts.done() and self.pairs.done():
                    break
        found = {p: (lasts.arrived.get(p) or c).sha for p, c in lasts.found.items()}
        settle_held(later, found, self.root, setup, head[0])
        for top_path, path in todo.items():
            if top_path in self.kept:
                entry: dict[str, Any] | None = {"written": self.kept.written[top_path]}
            else:
                entry = lasts.entry(top_path, hit_boundary, last if truncated else None)
            if entry is not None:  # else not in the history of the commit checked: no judging
                result[path].update(entry, **later.of(top_path), record=top_path in records)
        missing = any(p not in found and p not in lasts.arrived for p in todo)
        missing = missing or not self.pairs.done()
        return result, hit_boundary and missing

    def _scopes(self, head: str) -> dict[str, str]:
        """The working notes that speak for their own folder alone (`note_scopes`), with the
        namesakes the branch deleted (`gone_notes`)."""
        span = (lambda: merge_target_tip(self, head), head)
        return package_scopes(self.root, self.repo.prefix, (self.hand_written, self.config), span)

    def _read_deletions(
        self,
        facts: History,
        resolved: dict[str, tuple[str, str] | None],
        lkgs: dict[str, str],
        head: tuple[str, str] | None,
    ) -> None:
        if head is None:
            return
        pairs: dict[str, tuple[str, str]] = {}
        tree = self.tree
        for packet in self.active:
            rev = lkgs.get(packet.path)
            found = (resolved.get(f"{rev}~1") or resolved.get(rev)) if rev else None
            if found is None or found[1] == head[1]:
                continue
            if any(not tree.exists(path) for _, _, path in pointed_paths(packet)):
                pairs[packet.path] = (found[1], head[1])
        if not pairs:
            return
        deleted = plumbing.deleted_between(self.root, list(pairs.values()))
        for path, pair in pairs.items():
            names = {p for f in deleted.get(pair, ()) if (p := self.from_top(f)) is not None}
            old = facts.packets.get(path, PacketHistory())
            facts.packets[path] = replace(old, deleted_since_lkg=frozenset(names))
