"""What git says about the commit checked and each packet: the facts `git.facts` gathers and
the history rules read (data only; gathering them is git's business)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from handoff_audit.model.packet import Packet

NOT_FETCHED = "not fetched: `check` changes no repository unless given --fetch-history"
"""Why a shallow clone was not deepened, when the audit was not allowed to fetch."""

Position = tuple[int | None, int | None]
"""A line and column in a file, when known."""


class Unfinished(NamedTuple):
    """A JSON packet the merge gate (`active-in-merge`) stops: nothing shows its work is
    finished."""

    position: Position | None
    """Where its ``status`` is; ``None`` when the packet cannot be read."""
    odd: str | None = None
    """How its status reads when it is neither ``active`` nor finished (`odd_status`)."""
    data: Mapping[str, Any] | None = None
    """The JSON object read, for the gate to tell another tool's file from a packet."""
    linked: str | None = None
    """`Packet.linked`: the packet file is a symbolic link to this file, which holds none."""


class LinkedFolder(NamedTuple):
    """A symbolic link to a folder below a glob's first wildcard (``.handoff/feat`` ->
    ``../notes/feat`` for ``.handoff/**/*.json``), through which the globs find files that
    they do not find where the files are (`git.linked_folders`)."""

    target: str
    """The folder it leads to, from the top folder."""
    found: Mapping[str, tuple[str, ...]]
    """Each file found through it (from the audited root) -> the configuration keys whose globs
    find it: ``packets`` (only for an unfinished packet, as the gate judges one at its path),
    ``series``, ``block-files``."""
    unfinished: Mapping[str, Unfinished]
    """The unfinished packets among them."""
    kept: bool = False
    """A link the merge target has and the merge keeps: the files found through it are those
    the branch adds or changes in the folder it leads to."""


LkgState = Literal["ok", "invalid", "missing", "not-ancestor", "beyond-limit", "unavailable"]


@dataclass(frozen=True, slots=True)
class SeriesGuess:
    """Why a series' current handoff is only a guess in a shallow clone."""

    reason: str = ""
    """Why the clone was not deepened, or failed to be (`missing_reason`'s words), or nothing."""
    tied: tuple[str, ...] = ()
    """The other files whose names give the same date (only their last commits tell which is
    newer); empty for a series with no date or number in its names."""


@dataclass(frozen=True, slots=True)
class Commit:
    """A commit: as `git.plumbing.changes` walks the history, and as the rules quote it."""

    sha: str
    """The full commit id."""
    time: int
    """Committer time, Unix seconds."""
    subject: str
    """The first line of its message."""
    files: tuple[str, ...] = ()
    """Files it changed (against its first parent), when they matter."""
    bot: bool = False
    """Made by a maintenance bot (`is_bot`): a dependency bump is no work a handoff records.
    Read by `git.plumbing.changes` and `git.freshness`'s walk only."""
    merge: bool = False
    """A merge commit (more than one parent). Read by `git.plumbing.changes` only."""
    blobs: dict[str, tuple[str, str]] = field(default_factory=dict, compare=False, repr=False)
    """Each file's old and new blob ids, when the walk asked for them (`git.touch_ups`)."""


MAINTENANCE_BOTS = frozenset(
    {
        "allcontributors",
        "all-contributors",
        "dependabot",
        "dependabot-preview",
        "depfu",
        "github-actions",
        "greenkeeper",
        "imgbot",
        "imgbotapp",
        "mend renovate",
        "pre-commit-ci",
        "pyup-bot",
        "renovate",
        "renovate bot",
        "renovate-bot",
        "snyk-bot",
        "whitesource renovate",
    }
)
"""The bots that bump dependencies, format or refresh generated files: their commits are no
work a handoff records. Coding agents working as GitHub apps (``claude[bot]``) and merge bots
(``bors[bot]``, ``mergify[bot]``) are not among them: their commits carry work."""

MAINTENANCE_BOT_ADDRESSES = frozenset(
    {
        "bot@renovateapp.com",  # Mend (formerly WhiteSource) Renovate, the hosted app
        "renovate@whitesourcesoftware.com",  # self-hosted Renovate's default author
        "imgbothelp@gmail.com",
        "snyk-bot@snyk.io",
    }
)
"""The e-mail addresses those bots commit under outside GitHub's app addresses, whatever name
the commit gives (``Mend Renovate``, ``WhiteSource Renovate``)."""

_APP_EMAIL_END = "@users.noreply.github.com"


def is_bot(name: str, email: str, parents: int = 1) -> bool:
    """Whether a commit is a maintenance bot's (`MAINTENANCE_BOTS`), by its author's name
    (``dependabot[bot]``) or GitHub e-mail address (``49699333+dependabot[bot]@users.noreply…``),
    or by a bot's own address (`MAINTENANCE_BOT_ADDRESSES`: ``bot@renovateapp.com``).
    A merge (more than one parent) never is: it brings in someone's work, whoever made it."""
    if parents > 1:
        return False
    logins = [name]
    address = email.strip().lower()
    if address in MAINTENANCE_BOT_ADDRESSES:
        return True
    if address.endswith(_APP_EMAIL_END):
        logins.append(address.removesuffix(_APP_EMAIL_END).rpartition("+")[2])
    return any(
        login.strip().lower().removesuffix("[bot]").strip() in MAINTENANCE_BOTS for login in logins
    )


@dataclass(frozen=True, slots=True)
class Copied:
    """The commits a packet records that are off the history, and the branches holding them
    (`git.foreign_commits`)."""

    commits: tuple[str, ...]
    """Short ids, in the packet's order."""
    branches: tuple[str, ...]
    """Short names of the other branches that hold them."""


@dataclass(frozen=True, slots=True)
class PacketHistory:
    """What git says about one packet of the work tree."""

    lkg: str | None = None
    """The full id of ``last_known_good_commit`` when it names a commit here."""
    lkg_state: LkgState = "invalid"
    """``ok``: an ancestor of the commit checked; ``invalid``: not a commit id (the schema rule
    says so); ``missing``: no such commit; ``not-ancestor``: exists, not in the checked history;
    ``beyond-limit``: further back than `git.facts.ANCESTRY_LIMIT`; ``unavailable``: the clone
    is shallow and deepening did not reach it."""
    behind: int | None = None
    """Commits in ``lkg..head`` (``None`` unless ``lkg_state`` is ``ok``)."""
    changed: Commit | None = None
    """The commit that last changed the packet file, in the checked history."""
    changed_before: Commit | None = None
    """When the last change lies beyond the walk: the oldest commit walked (it is older)."""
    changed_unavailable: bool = False
    """The last change lies beyond a shallow clone's history that could not be deepened."""
    uncommitted: bool = False
    """The packet file is new or modified in the work tree: it is being written now."""
    outdated_by: Commit | None = None
    """The newest commit after the packet's last change touching other than handoff files."""
    outdated_count: int = 0
    """How many commits after the packet's last change touch other than handoff files."""
    outdated_files: tuple[str, ...] = ()
    """The files other than handoff files that those commits changed, together."""
    deleted_since_lkg: frozenset[str] = frozenset()
    """Files (relative to the audited root) deleted between the lkg commit and the head."""
    lkg_time: int | None = None
    """Committer time of the lkg commit, when it is in the walked ancestry."""
    changed_behind: int | None = None
    """Commits in ``changed..head``: how far the work went on after the packet's last change."""
    written: int | None = None
    """When a handoff no commit holds (git ignores it, `git.kept_packets`) was last written, by
    its time in the work tree: its later commits count from there, never from a commit that
    changed another file of its name."""
    merged_in: Commit | None = None
    """The merge that brought ``changed`` into the line checked (never itself a last change,
    `git.last_change`); later work is what came after it."""
    copied: Copied | None = None
    """When ``lkg_state`` is ``not-ancestor``: none of the commits the packet records is on the
    history checked and another branch holds them: it was copied from that branch."""
    branch_only: bool = False
    """The commit checked is off its merge target: `outdated_count` counts the branch's own
    commits only, `changed_behind` (for a hand-written handoff too) every commit since its last
    change, or since ``merged_in`` brought it in."""
    record: bool = False
    """A series' current file the branch did not write, the project's record
    (`git.branch_own.record_commits`): its later commits are the merge target's, up to where
    the branch began, none of the branch's own."""


@dataclass(slots=True)
class History:
    """What git says about the commit checked and about each packet."""

    head: str | None = None
    """The full sha of the commit checked."""
    branch: str | None = None
    """The branch checked (``--branch`` or the checked-out one); ``None`` when detached."""
    branch_packets: list[Packet] = field(default_factory=list)
    """Packets read from other branches with ``--all-branches``."""
    problem: str | None = None
    """Why no history could be read at all (outside git, no commits, git failed)."""
    fix: str | None = None
    """What to do about ``problem``, when it is not the missing history of a shallow clone."""
    shallow: bool = False
    """The clone is still shallow after any deepening."""
    deepen_error: str | None = None
    """Why deepening a shallow clone failed, when it was tried and failed."""
    fetch_skipped: bool = False
    """More history was needed but the audit was not allowed to fetch (no --fetch-history)."""
    unjoined: bool = False
    """The commit checked and the merge target's tip share no commit in this shallow clone
    (after any deepening): which later commits are the branch's own is not known."""
    packets: dict[str, PacketHistory] = field(default_factory=dict)
    """Per work-tree packet path."""
    ref_times: dict[str, int] = field(default_factory=dict)
    """Branch name -> committer time of its tip, for packets read from other branches."""
    head_time: int | None = None
    """Committer time of the commit checked, when its ancestry was read."""
    in_head_tree: frozenset[str] = frozenset()
    """Paths pointed at by active packets that the work tree lacks but the commit checked has
    (a sparse or partial checkout): they exist."""
    protected: tuple[str, ...] | None = None
    """The protected branch globs in force: configured, or the default branch found here."""
    branches: frozenset[str] = frozenset()
    """The local and remote-tracking branches git knows, by short name."""
    renamed_into: frozenset[str] = frozenset()
    """Branches that only a remote-tracking ref still names (pushed, then renamed locally with
    ``git branch -m``) and that the checked branch's reflog says it was renamed from."""
    protected_warning: str | None = None
    """Why the configured protected-branch globs look mistyped: none matches a branch git knows."""
    target_notice: str | None = None
    """Why commits of `Target.history_target` may count as the branch's own: it is not in the
    clone and could not be fetched."""
    protected_notice: str | None = None
    """Why the merge gate was not applied: the typed ``--target-branch`` is not protected."""
    block_files: tuple[str, ...] | None = None
    """Files of the commit checked matching ``block-files``; ``None`` when not read."""
    on_target: frozenset[str] = frozenset()
    """Those of ``block_files`` that the merge target's tip has too (read with them, when the
    target is a branch git knows): the merge only changes them."""
    as_on_target: frozenset[str] = frozenset()
    """Those of ``on_target`` that the merge keeps as the target's tip has them: the commit
    checked has them as the tip does, or as its merge base with the tip had them."""
    case_renamed: dict[str, str] = field(default_factory=dict)
    """Files of ``block_files`` that the gate blocks only as the block file the branch renamed
    them from by letter case (``handover.md`` from ``HANDOVER.md``) -> that name."""
    kept_as_is: frozenset[str] = frozenset()
    """Regular files of ``as_on_target`` that `Target.gate_exclusions` left out of
    ``block_files`` (`model.gate_exclusions.kept_as_is`)."""
    beside_json: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    """Markdown files that ``block-files`` names but for a JSON file of their name beside them
    (``handoff.md`` by ``handoff.json``) -> that JSON object, ``None`` when it is no packet the
    gate reads: the merge rule gates the markdown as a working note when it reads as a handoff,
    unless it judges the JSON as a packet (`git.tree_packets.beside_packets`)."""
    agent_notes: dict[str, str | None] = field(default_factory=dict)
    """Those of ``block_files`` in an agent's command folder, with their text (``None``:
    unread), `git.agent_notes`: those named as a command is there gated when they read as a
    handoff, and every one the gate blocks scanned for credentials."""
    staged_block_files: frozenset[str] = frozenset()
    """Those of ``block_files`` that the pre-commit hook's commit being made adds or changes
    (`Target.staged`): not on the branch yet, only in its index."""
    lookalike_packets: frozenset[str] = frozenset()
    """Files of the commit checked whose name reads as a packet's (`model.packet.lookalike_packets`:
    ``handoff.json `` with a trailing space) but is none; read only for a merge into a protected
    branch."""
    linked_packets: frozenset[str] = frozenset()
    """Symbolic links the commit checked adds or changes as a folder a ``packets`` glob names
    before its first wildcard (``.handoff`` -> ``notes``), through which packets the audit does
    not read are found; read only for a merge into a protected branch."""
    submodules: frozenset[str] = frozenset()
    """Submodules (gitlinks) of the commit checked among the files the merge gate lists: under a
    block file's name (``HANDOFF.md``) or as a folder a ``packets`` glob names before its first
    wildcard (``.handoff``, then also in ``linked_packets``); read only when the gate judges."""
    linked_folders: dict[str, LinkedFolder] = field(default_factory=dict)
    """Symbolic links to folders the commit checked adds or changes below a glob's first
    wildcard, through which the globs find files the audit does not read there; read only for
    a merge into a protected branch."""
    unaudited_active: dict[str, Unfinished] | None = None
    """Unfinished JSON packets of the commit checked that the audit did not read (outside the
    paths given): their status is not exactly ``archived`` or ``superseded``, or they cannot be
    read (nothing shows they are finished); ``None`` when not read (no protected target)."""
    now: float = field(default_factory=time.time)
    """When the audit started, Unix seconds."""
    unordered_series: dict[str, SeriesGuess] = field(default_factory=dict)
    """A series' current handoff that a shallow clone could not tell from the series' other
    files (no date or number in their names, or the same date as another's; their last
    commits beyond it) -> why it is a guess."""
    series_next: dict[str, str] = field(default_factory=dict)
    """The current file of a numbered series (``docs/handoffs/002-auth.md``) -> the name the
    series' next file takes (``docs/handoffs/003-<topic>.md``), and of a series of one folder
    per date (``docs/sessions/20261206/session_log.md``) -> that name in today's folder, for
    `handoff-outdated`'s advice."""
    twin_newer: dict[str, bool] = field(default_factory=dict)
    """Work-tree packet path -> whether its markdown twin changed after it (uncommitted
    changes, else the later commit), for the packets whose twin holds text beyond them and
    where git can tell (`git.twin_order`)."""
    ancestry_read: int = 0
    """How many commits of the checked commit's ancestry were read (at most
    `git.facts.ANCESTRY_LIMIT`)."""

    @property
    def missing_reason(self) -> str:
        """`` (deepening failed: …)`` or `` (not fetched: …)``, or nothing."""
        if self.deepen_error:
            return f" (deepening failed: {self.deepen_error})"
        if self.fetch_skipped:
            return f" ({NOT_FETCHED})"
        return ""

    @property
    def branch_unknown(self) -> bool:
        """True when git answered but cannot tell the branch (detached, no ``--branch``)."""
        return self.problem is None and self.branch is None

    def branch_gone(self, name: str) -> bool:
        """True when no branch ``name`` exists any more (renamed or deleted), or only a
        remote-tracking ref names it and the branch checked was renamed from it. Said only when
        git knows two branches or more: a shallow CI clone may know only the one checked."""
        if name in self.renamed_into:
            return True
        return len(self.branches) >= 2 and name not in self.branches

    def info(self, packet: Packet) -> PacketHistory | None:
        """The facts about a work-tree packet; ``None`` for other branches' packets."""
        return self.packets.get(packet.path) if packet.ref is None else None

    def kept_out(self) -> frozenset[str]:
        """The work-tree packets git ignores: no commit holds them (`PacketHistory.written`)."""
        return frozenset(path for path, info in self.packets.items() if info.written is not None)

    def commits_behind(self, packet: Packet) -> int | None:
        """How many commits the packet's last known good commit lags ``head``."""
        info = self.info(packet)
        return info.behind if info else None

    def changed_at(self, packet: Packet) -> float | None:
        """When the packet was last changed: now for uncommitted changes, the commit's time
        otherwise, the branch tip's time for another branch's packet."""
        if packet.ref is not None:
            return self.ref_times.get(packet.ref)
        info = self.info(packet)
        if info is None:
            return None
        if info.uncommitted:
            return self.now
        return info.changed.time if info.changed else info.written
