"""The resume brief `handoff-audit show` prints and the `SessionStart` hook hands over: a
branch's handoff ordered for a session that knows nothing, and its freshness from git (data
only; `engine.brief` builds it, `formats.brief` words it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from handoff_audit.model.repo_history import Commit

BriefState = Literal["active", "finished", "hand-written", "named"]
LkgStatus = Literal["ok", "missing", "unavailable", "not-ancestor", "invalid", "none"]


@dataclass(frozen=True, slots=True)
class Since:
    """The commits after one point of the history, up to the commit checked."""

    base: str
    """The full id of the point."""
    count: int
    """How many commits (``git rev-list --count BASE..HEAD``); a floor when not ``complete``."""
    commits: tuple[Commit, ...]
    """Those commits, newest first (a bounded number), each with the files it
    touched other than handoff files (from the top folder)."""
    complete: bool = True
    """False when the walk stopped at its limit: ``count`` is "at least"."""


@dataclass(frozen=True, slots=True)
class MergedIn:
    """Commits already on the merge target that a merge brought in since the handoff's last
    change: no work of the branch's, as the Stop hook and `check` count it, but work the
    handoff may not describe."""

    count: int
    """How many, merges aside."""
    merge: str | None
    """The newest merge since the handoff's change that brought them in (``None``: unknown)."""
    target: str | None = None
    """The merge target's name (``main``, ``origin/main``; ``None``: unknown)."""


@dataclass(frozen=True, slots=True)
class Freshness:
    """Whether the handoff still describes the work: computed from git, never from the packet."""

    head: str | None = None
    """The full id of the checked-out commit; ``None`` when git could not tell."""
    problem: str | None = None
    """Why freshness could not be computed (not a repository, no commits); ``None`` when it was."""
    lkg: str | None = None
    """``last_known_good_commit`` as the packet writes it (``None`` for a hand-written one)."""
    lkg_status: LkgStatus = "none"
    """``ok``: an ancestor of HEAD; ``missing``: no such commit here; ``unavailable``: none
    here, in a shallow clone that may hide it (as `check`'s `history-unavailable`);
    ``not-ancestor``; ``invalid``: not a commit id; ``none``: the handoff names none."""
    since_lkg: Since | None = None
    """The commits since ``last_known_good_commit`` (only when ``lkg_status`` is ``ok``)."""
    lkg_trusted: bool = False
    """The packet took ``last_known_good_commit`` on trust (`lkg_trust.trusted_lkg`): no test
    run it records passed there."""
    changed: Commit | None = None
    """The commit that last changed the handoff file (``None``: never committed, or
    `changed_beyond`)."""
    changed_beyond: bool = False
    """The handoff's last change lies beyond a shallow clone's boundary: git shows the boundary
    commit, which lists every file as new, so how far behind the work it is cannot be told (as
    `check`'s `history-unavailable`)."""
    uncommitted: bool = False
    """The handoff file has changes not committed yet: it is being written now."""
    since_change: Since | None = None
    """The commits since the handoff's last change (``None`` when uncommitted or never
    committed)."""
    work_files: tuple[str, ...] = ()
    """Files, other than handoff files, touched by the commits since the handoff's last change,
    newest first: what the note may not describe."""
    dirty: tuple[str, ...] = ()
    """Uncommitted files other than handoff files, from the top folder."""
    merged_in: MergedIn | None = None
    """The merge target's commits a merge brought in since the handoff's change (`MergedIn`)."""
    amended: tuple[str, ...] = ()
    """Work files of the handoff's last change itself that its ``changed_files`` does not list
    (work folded into the packet's commit with ``git commit --amend``), from the top folder."""

    @property
    def current(self) -> bool:
        """Nothing happened since the handoff: no commit after its last change, nothing but
        handoff commits since the last known good commit, nothing uncommitted besides it."""
        if self.problem is not None or self.dirty or self.amended:
            return False
        if self.since_change is not None and self.since_change.count:
            return False
        if self.changed is None and not self.uncommitted:
            return False
        lkg_work = self.since_lkg is not None and any(c.files for c in self.since_lkg.commits)
        return self.lkg_status in ("ok", "none") and not lkg_work


@dataclass(frozen=True, slots=True)
class Section:
    """One part of the brief: a title and its items, already worded and redacted."""

    key: str
    """``next_action``, ``traps``, ``failed_attempts``, ``ruled_out``, ``open_risks``,
    ``decisions``, ``questions``, ``summary``, ``pointers``, ``commands``, ``text`` or, for a
    package's working note, ``also_next`` (the other package notes' next steps)."""
    title: str
    """The heading people read."""
    items: tuple[str, ...]
    """One entry per item (a sentence, a ``what — why`` pair, a command), or the lines of a
    hand-written handoff."""


@dataclass(frozen=True, slots=True)
class SeriesPlace:
    """Where a series' file stands in it: a series belongs to no branch."""

    folder: str
    """The series' folder, from the top folder."""
    files: int
    """How many handoffs the series holds (0: not counted, for a file named on the command
    line)."""
    guessed: bool = False
    """A shallow clone hid the commits that order the series: this file is only a guess at
    its current one."""
    pointer: str | None = None
    """The line that says the series' ``LATEST.md`` (a text pointer) or ``latest.md`` link
    names another file than this one, its current file, and how to re-point it
    (`series_links.stale_alias`), redacted; ``None`` when it names this one or there is none."""


@dataclass(frozen=True, slots=True)
class Brief:
    """A branch's handoff as the next session needs it."""

    path: str
    """The handoff file, from the top folder."""
    kind: Literal["json", "markdown"]
    """``json`` for a packet, ``markdown`` for a hand-written handoff."""
    state: BriefState
    """``active``: the branch's active packet; ``finished``: its newest archived or superseded
    one; ``hand-written``: a markdown-only handoff on this branch; ``named``: the file given."""
    branch: str | None
    """The checked-out branch (``None``: HEAD is detached)."""
    packet_branch: str | None
    """The branch a JSON packet names (another than `branch` when the packet was named);
    ``None`` for a hand-written handoff, or a packet whose ``branch`` is no string."""
    title: str | None
    """The packet's title or topic, when it has one."""
    status: str | None
    """The packet's ``status`` (``None`` for a hand-written handoff)."""
    sections: tuple[Section, ...]
    """In the order a session that knows nothing reads them; the next action first."""
    freshness: Freshness
    """What git says happened since."""
    others: tuple[str, ...] = ()
    """Other handoffs of this branch that were not chosen (another topic's active packet)."""
    warning: str | None = None
    """Why the handoff cannot be relied on as written (an unfilled template, a next action that
    is a placeholder or only a heading), said before anything else; ``None`` when nothing is."""
    series: SeriesPlace | None = None
    """For a file of a series, where it stands in it; ``None`` for any other handoff."""
    merged: bool = False
    """A hand-written handoff last changed by a commit already on a protected branch other
    than the checked-out one: merged into this branch, not written on it."""
    notes: tuple[str, ...] = ()
    """How the configuration was found, when it shadows another (`Config.notes`): for the
    command to print on standard error, not part of the brief."""
    unaudited: str | None = None
    """The line on tracked files named as handoffs that the audit does not read and that
    changed after this handoff (`engine.stray_handoffs.newer_line`), redacted; ``None`` when
    there are none."""
    upstream: str | None = None
    """The line saying the checked-out branch's upstream is ahead of it, as last fetched, with
    the command that brings it in (`git.upstream.upstream_line`), redacted; ``None`` when it
    is not."""
    named_in: tuple[str, str | None] | None = None
    """The agent instruction file (``CLAUDE.md``) that names this handoff, when that is why it
    was chosen over another, and the series' current file it was chosen instead of, if any
    (`engine.instructed`); ``None`` when it was not."""
