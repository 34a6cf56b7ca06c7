"""Which later commits count against which packet, for `packet-outdated` and
`handoff-outdated`: a commit touching other than handoff files counts against every handoff
older than it, unless it also changes another active packet of the same branch (the packet or
its twin), which makes it that topic's work, and unless every file it touches is the tool's own
setup (`SETUP_FILES`, the configuration file read): adopting the audit is no work the handoff
should describe (nor is a bot's commit, which `git.facts` leaves out before it gets here). An
agent's settings file is setup only as far as `git.setup_change` finds it
so between the handoff's last change and the commit checked: a commit that changes it is held
(`pending`) until the walk has found that change, then counted (`settle`) unless it was only
setup. Read from the one walk of `git.facts`; no git process of its own, but for a packet's
commit that changed files its ``changed_files`` does not cover (`listed_work`)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from handoff_audit.git.agent_files import AGENT_SETTINGS
from handoff_audit.git.listed_work import covers, unlisted
from handoff_audit.git.tracked import listed
from handoff_audit.model.packet import Packet
from handoff_audit.model.repo_history import Commit

SETUP_FILES = frozenset(
    {
        ".handoff-audit.yml",
        ".handoff-audit.yaml",
        ".claude/settings.json",
        ".claude/settings.local.json",
        ".codex/hooks.json",
    }
)
"""The tool's own setup, from the audited root: the configuration files it looks for and the
agent settings `hook --install` writes. A commit that changes only these is no later work (the
agent settings only as far as `git.setup_change` finds the change our hook entries)."""


def setup_files(config_source: str | None, root: Path) -> frozenset[str]:
    """`SETUP_FILES`, plus the dedicated configuration file read (``--config``, its
    `Config.source` named from the current folder) when it lies inside ``root``."""
    if config_source is None or not config_source.endswith((".yml", ".yaml")):
        return SETUP_FILES  # defaults, or the pyproject.toml table: that file holds more
    try:
        path = os.path.relpath(Path(config_source).resolve(), root.resolve())
    except (OSError, ValueError, RuntimeError):  # another drive; a loop of links
        return SETUP_FILES
    if path.startswith(".."):
        return SETUP_FILES
    return SETUP_FILES | {Path(path).as_posix()}


class LaterWork:
    """Per handoff (path from the top folder), the later commits that count against it."""

    def __init__(
        self,
        active: list[Packet],
        prefix: str,
        setup: frozenset[str] = SETUP_FILES,
        settings: frozenset[str] = AGENT_SETTINGS,
        scopes: dict[str, str] | None = None,
    ) -> None:
        self._prefix = prefix
        self._scopes = scopes or {}
        """Per working note of a package (`note_scopes`, from the top folder), its folder (from
        the audited root, with ``/``): only files under it count against the note."""
        """The audited folder, from the top folder (``""`` or ``sub/``)."""
        self._setup = setup | settings
        """The tool's setup files, from the audited root (`setup_files`)."""
        self._settings = settings
        """The agent settings files among them, and the files their links lead to."""
        self._owners = {
            prefix + path: packet
            for packet in active
            for path in (packet.path, packet.markdown_path)
            if path
        }
        """Each active packet's files (the packet and its twin), from the top folder."""
        self._newest: dict[str, Commit] = {}
        self._counts: dict[str, int] = {}
        self._touched: dict[str, set[str]] = {}
        self._order: dict[str, int] = {}
        """Per handoff, the walk's number of its newest counted commit."""
        self._held: dict[str, list[tuple[int, Commit]]] = {}
        """Per handoff, the commits that changed only setup files, an agent's settings among
        them (their number in the walk, the commit with those files), until `settle`."""
        self._walked = 0

    def add(self, change: Commit, others: tuple[str, ...], older: Iterable[str]) -> None:
        """Count ``change`` (walked newest first), which changed the files ``others``, against
        the ``older`` handoffs (their last change is older) whose work it is not; a commit
        that changes only the tool's setup counts against none (one that changes an agent's
        settings is held for `settle`)."""
        self._walked += 1
        if all(f in self._setup for f in others):
            if any(f in self._settings for f in others):
                held = Commit(change.sha, change.time, change.subject, others)
                for top_path in older:
                    self._held.setdefault(top_path, []).append((self._walked, held))
            return
        refreshed = [self._owners[f] for f in change.files if f in self._owners]
        # Work amended into another topic's packet commit that its changed_files do not list
        # is no work of that topic: it counts as a later commit's would.
        amended = tuple(f for f in others if not any(_lists(p, f) for p in refreshed))
        for top_path in older:
            files = others
            if refreshed and self._work_of_another(top_path, refreshed):
                if not amended:
                    continue
                files = amended
            self._count(
                top_path, self._walked, Commit(change.sha, change.time, change.subject, files)
            )

    def add_undescribed(
        self, change: Commit, others: tuple[str, ...], top_path: str, root: Path
    ) -> None:
        """Count ``change``, the commit that last changed the handoff ``top_path`` and also the
        files ``others``, against it for those its packet's ``changed_files`` (when it lists
        any) does not cover (`listed_work.unlisted`: a folder it lists, a glob, a rename's other
        name cover a file): work amended into the packet's commit (`git commit --amend`) is no
        work the packet describes. The work committed with the packet that it lists is."""
        packet = self._owners.get(top_path)
        if packet is None or _listed(packet) is None:
            return
        # A .gitignore edited with the handoff is the hook's own fix for an ignored packet.
        kept = tuple(f for f in others if os.path.basename(f) != ".gitignore")
        undescribed = unlisted(root, change.sha, kept, _listed(packet) or (), self._prefix)
        if undescribed:
            self.add(change, undescribed, (top_path,))

    def pending(self) -> dict[str, frozenset[str]]:
        """Per handoff with held commits, the setup files they changed, for `settle`."""
        return {
            top_path: frozenset(f for _, commit in held for f in commit.files)
            for top_path, held in self._held.items()
        }

    def settle(self, top_path: str, cleared: frozenset[str]) -> None:
        """Count the commits held for the handoff that changed other than ``cleared`` setup
        files (those whose change since the handoff is only setup, `git.setup_change`)."""
        for order, commit in self._held.pop(top_path, []):
            if not all(f in cleared or f not in self._settings for f in commit.files):
                self._count(top_path, order, commit)

    def _count(self, top_path: str, order: int, commit: Commit) -> None:
        scope = self._scopes.get(top_path)
        if scope is not None:
            files = tuple(f for f in commit.files if f.startswith(scope))
            if not files:
                return
            commit = Commit(commit.sha, commit.time, commit.subject, files)
        if order < self._order.get(top_path, order + 1):
            self._newest[top_path] = commit
            self._order[top_path] = order
        self._counts[top_path] = self._counts.get(top_path, 0) + 1
        self._touched.setdefault(top_path, set()).update(commit.files)

    def of(self, top_path: str) -> dict[str, Any]:
        """The handoff's `PacketHistory` fields ``outdated_*``; none when nothing counts."""
        if top_path not in self._newest:
            return {}
        return {
            "outdated_by": self._newest[top_path],
            "outdated_count": self._counts[top_path],
            "outdated_files": tuple(sorted(self._touched[top_path])),
        }

    def _work_of_another(self, top_path: str, refreshed: list[Packet]) -> bool:
        """A markdown-only handoff names no branch: every commit counts against it."""
        packet = self._owners.get(top_path)
        if packet is None:
            return False
        return any(other is not packet and other.branch == packet.branch for other in refreshed)


def note_scopes(
    notes: Iterable[str],
    prefix: str,
    holds_work: Callable[[str], bool],
    gone: Iterable[str] = (),
) -> dict[str, str]:
    """The working notes of ``notes`` (hand-written, no series' files; from the audited root)
    that speak for their own folder alone, from the top folder (``prefix``), with that folder:
    a note below the root when another note of the same name is, or was (``gone``: one the
    branch deleted or moved away, `gone_notes`), in a folder neither above nor below its own
    (``packages/a/NEXT_SESSION.md`` beside ``packages/b/NEXT_SESSION.md``), as in a monorepo
    with a note per package, and its folder holds work of its own (``holds_work``,
    `work_folders`). A note at the root, the only one, one beside notes of other names
    (``docs/HANDOFF.md`` beside ``.claude/SESSION_NOTES.md``: two notes of one project), or one
    in a folder of notes alone (``spikes/spike1/HANDOFF.md`` beside ``spikes/spike2/``'s)
    covers every file."""
    notes = list(notes)
    named = [_named(path) for path in (*notes, *gone)]
    return {
        prefix + path: folder
        for path in notes
        if "/" in path and _has_namesake(path, named) and holds_work(folder := _named(path)[1])
    }


def lone_notes(notes: Iterable[str], holds_work: Callable[[str], bool]) -> list[str]:
    """The notes of ``notes`` below the root, in a folder that holds work, with no note of the
    same name in another folder: those a namesake the branch deleted would scope."""
    notes = list(notes)
    named = [_named(path) for path in notes]
    return [
        path
        for path in notes
        if "/" in path and not _has_namesake(path, named) and holds_work(_named(path)[1])
    ]


def _named(path: str) -> tuple[str, str]:
    """A note's name in lower case and its folder (``/`` at the root)."""
    folder, _, name = path.rpartition("/")
    return name.lower(), folder + "/"


def _has_namesake(path: str, named: list[tuple[str, str]]) -> bool:
    """Whether a note of ``path``'s name is in a folder (other than the root) neither above
    nor below its own."""
    own, folder = _named(path)
    return any(
        name == own
        and other != "/"
        and not other.startswith(folder)
        and not folder.startswith(other)
        for name, other in named
    )


_NO_WORK = (".md", ".markdown", ".mdx", ".rst", ".txt", ".adoc", ".png", ".jpg", ".jpeg", ".gif")
"""What a folder of notes holds beside them that is no work: documents and pictures."""


def work_folders(root: Path) -> Callable[[str], bool]:
    """Whether a folder (from the audited root ``root``, ending in ``/``) holds work files of
    its own: a tracked file, at any depth, that is no document or picture (`_NO_WORK`) nor a
    handoff packet. From discovery's listing of the repository it audits from its top folder
    (`tracked.listed`, no git process); otherwise from the files in the work tree."""
    names = listed(str(root.resolve()))

    def holds_work(folder: str) -> bool:
        if names:
            return any(_is_work(name) for name in names if name.startswith(folder))
        for _, dirs, files in os.walk(root / folder):
            dirs[:] = [d for d in dirs if d != ".git"]
            if any(_is_work(name) for name in files):
                return True
        return False

    return holds_work


def _is_work(path: str) -> bool:
    name = path.rpartition("/")[2].lower()
    return not name.endswith(_NO_WORK) and name != "handoff.json" and "/.handoff/" not in f"/{path}"


def _listed(packet: Packet) -> frozenset[str] | None:
    """The packet's ``changed_files``; ``None`` when it lists none (it then covers any)."""
    listed = (packet.data or {}).get("changed_files")
    if not isinstance(listed, list) or not listed:
        return None
    return frozenset(path for path in listed if isinstance(path, str))


def _lists(packet: Packet, path: str) -> bool:
    """Whether the work file ``path`` is the packet's: its ``changed_files`` name it (or a
    folder or glob holding it, `listed_work.covers`), or it lists none."""
    listed = _listed(packet)
    return listed is None or covers(listed, path)
