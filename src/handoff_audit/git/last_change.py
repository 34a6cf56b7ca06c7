"""Each judged handoff's last change, found by `git.facts`'s one walk of the history (newest
first): the commit that wrote it, as ``git log -- FILE`` names it, never a merge. A merge only
brings a file in from its other parent (a branch merged into the default branch, the default
branch merged into a branch), so it is the handoff's arrival, not its last change: the same
unchanged handoff then has the same last change on the default branch as on a branch made
from it. Later work is what came after the arrival: the commits the walk meets before that
merge, not the target's parallel commits merged with it (they are older than the handoff on
the line checked). A commit that only moved a handoff to its name, unchanged, wrote none of its
words (`pure_rename`): the walk follows it to its earlier name; nor is one that only touched it
up (`touch_ups`)."""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from handoff_audit.git.ancestry_counts import Ancestry, reachable
from handoff_audit.git.pure_rename import moved_from, renamed_unchanged
from handoff_audit.git.touch_ups import TouchUps
from handoff_audit.model.repo_history import Commit, PacketHistory


@dataclass(slots=True)
class LastChanges:
    """Per handoff of ``todo`` (path from the top folder -> from the audited root), what the
    walk has met of it so far."""

    root: Path
    todo: dict[str, str]
    kept: Container[str] = ()
    """Those no commit holds (`kept_packets.Kept`): no commit is their last change, not one
    that deleted an earlier file of their name; `Kept.meet` marks them in ``found``."""
    found: dict[str, Commit] = field(default_factory=dict)
    """The commit that last changed it (wrote it), once met."""
    arrived: dict[str, Commit] = field(default_factory=dict)
    """The newest merge whose change (against its first parent) holds it: where it came into
    the line checked, met before the commit that wrote it."""
    follow: dict[str, str] = field(default_factory=dict)
    """An earlier name -> the handoff a commit moved it to, unchanged: its words are older."""

    def meet(self, change: Commit, commit: Commit, touch: TouchUps) -> list[str]:
        """Take ``change`` (``commit`` without its files) into account; the handoffs it wrote,
        whose last change it is: not those it only touched up (`touch_ups`)."""
        todo, found, kept = self.todo, self.found, self.kept
        if change.merge:
            for path in change.files:
                top_path = self.follow.get(path, path)
                if top_path in todo and top_path not in found and top_path not in kept:
                    self.arrived.setdefault(top_path, commit)
            return []
        written = []
        # The earlier names to follow from the next commit on: this one deleted them (a move to
        # a name listed before the old one, ``20991215/`` -> ``20241215/``, is no writing).
        earlier_names: dict[str, str] = {}
        for path in change.files:
            top_path = self.follow.pop(path, path)
            if top_path not in todo or top_path in found or top_path in kept:
                continue
            if touch.only_touched_up(path, change.blobs.get(path)):
                earlier_names[path] = top_path
                continue
            if change.blobs:
                earlier = moved_from(path, change.blobs)
            else:
                earlier = renamed_unchanged(self.root, change.sha, path, change.files)
            if earlier is not None:
                earlier_names[earlier] = top_path
            else:
                found[top_path] = commit
                written.append(top_path)
        self.follow.update(earlier_names)
        return written

    def waiting(self) -> list[str]:
        """The handoffs the walk has not reached yet, against which a commit met now is later
        work: neither written nor brought in by a newer commit."""
        return [p for p in self.todo if p not in self.found and p not in self.arrived]

    def done(self) -> bool:
        return len(self.found) == len(self.todo)

    def entry(self, top_path: str, boundary: bool, last: Commit | None) -> dict[str, Any] | None:
        """The `PacketHistory` fields of the handoff's last change, ``None`` when it is not in
        the history of the commit checked; ``boundary``: the walk stopped at a shallow clone's
        boundary, else ``last`` is the oldest commit walked, when it stopped at its limit. A
        handoff whose writing lies beyond either, its arrival met, has that merge as its last
        change, the nearest the history read can tell."""
        arrived = self.arrived.get(top_path)
        if top_path in self.found:
            return {"changed": self.found[top_path], "merged_in": arrived}
        if arrived is not None:
            return {"changed": arrived}
        if boundary:
            return {"changed_unavailable": True}
        if last is not None:
            return {"changed_before": last}
        return None


def unmoved_files(change: Commit, prefix: str, is_work: Callable[[str], bool]) -> list[str]:
    """``change``'s files from the audited root (``prefix``: it from the top folder), but those
    it moved unchanged to a file ``is_work`` tells no work (a handoff: `pure_rename.moved_from`,
    `git mv` of session notes into a series folder), whatever order it lists the two names in:
    their old names are no work of the commit's."""
    inside = {f: f[len(prefix) :] for f in change.files if f.startswith(prefix)}
    moved = {
        old
        for new, path in inside.items()
        if not is_work(path) and (old := moved_from(new, change.blobs)) is not None
    }
    return [path for f, path in inside.items() if f not in moved]


def since(entry: dict[str, Any]) -> Commit | None:
    """Where a handoff's later commits start, of its `PacketHistory` fields: the merge that
    brought its last change into the line checked, else that change."""
    return entry.get("merged_in") or entry.get("changed")


def arrival(parents: Mapping[str, Sequence[str]], head: str, changed: str) -> frozenset[str]:
    """The commits of ``parents`` (a walk of ``HEAD --not CHANGED``, commit -> its parents)
    that the merge which brought ``changed`` into the first-parent line of ``head`` reaches,
    itself too: where later commits start, as `since` says for `check`'s walk (a merge is no
    change of the handoff, only its arrival; the target's parallel commits merged with it are
    not later work). Empty when ``changed`` is on that line itself."""
    children: dict[str, list[str]] = {}
    for commit, heads in parents.items():
        for parent in heads:
            children.setdefault(parent, []).append(commit)
    reaching = set()  # the commits of the walk that reach ``changed``
    todo = list(children.get(changed, ()))
    while todo:
        commit = todo.pop()
        if commit not in reaching:
            reaching.add(commit)
            todo.extend(children.get(commit, ()))
    commit = head
    while commit in reaching:
        first = next(iter(parents[commit]), None)
        if first is None or first == changed:
            return frozenset()
        if first not in reaching:
            return frozenset(reachable(commit, parents))
        commit = first
    return frozenset()


def hand_written_history(
    paths: Sequence[str], changes: dict[str, dict[str, Any]], walk: Ancestry
) -> dict[str, PacketHistory]:
    """Each hand-written handoff's `PacketHistory`, of its fields in ``changes``; one the merge
    target already has (its last change, or the merge that brought it in, the target's) counts
    only the branch's own later commits, and is told every commit since
    (`PacketHistory.branch_only`), over the ancestry ``walk`` already read."""
    anchors = {path: since(changes.get(path, {})) for path in paths}
    total = walk.behind({c.sha for c in anchors.values() if c and walk.reached(c.sha)}, every=True)
    result = {}
    for path in paths:
        anchor = anchors[path]
        behind = total.get(anchor.sha) if anchor else None
        result[path] = PacketHistory(
            changed_behind=behind, branch_only=behind is not None, **changes.get(path, {})
        )
    return result
