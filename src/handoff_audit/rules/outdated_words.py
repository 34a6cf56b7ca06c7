"""The words of ``handoff-outdated``'s message: when the handoff last changed, the later
commits, and the other way out, for `rules.history` and the Stop hook's kept-out series files
(`engine.local_handoff`)."""

from __future__ import annotations

import time

from handoff_audit import controls
from handoff_audit.model.repo_history import PacketHistory
from handoff_audit.model.running_logs import is_running_log, note_beside
from handoff_audit.model.series_names import dated_folder
from handoff_audit.textcut import shorten

UNGATED = (
    "not blocked from the default branch as HANDOFF.md is: no `block-files` glob names it, as "
    "projects keep such a note current there on purpose, docs/handoff-names.md; so only this "
    "warning says it is stale, and `--fail-on warning` fails on it"
)
"""Why an outdated note the merge gate does not block only warns."""


def since_of(info: PacketHistory) -> str:
    """When the handoff last changed, in brackets: its commit, or for one no commit holds
    (`git.kept_packets`) its time in the work tree."""
    if info.changed is not None:
        return f" (last changed in {info.changed.sha[:12]})"
    if info.written is not None:
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(info.written))
        return f" (last written {when}, in the work tree: git ignores it)"
    return ""


def on_this_branch(info: PacketHistory, count: int) -> str:
    """Off the merge target, where ``count`` is the branch's own later commits only: every
    commit since the handoff's last change, or since the merge that brought it in (the
    target's commits are no work of the branch's, but the handoff is that old); for the
    project's record (`PacketHistory.record`), ``count`` is the target's commits alone."""
    total = info.changed_behind if info.branch_only else None
    if total is None or total <= count:
        return ""
    start = "the merge that brought it in" if info.merged_in else "it last changed"
    where = (
        "on the merge target, up to where this branch began" if info.record else "on this branch"
    )
    return f" {where} ({total} commits since {start})"


def next_handoff(folder: str, following: str | None) -> str:
    """`moved_on`'s other way out for the current file of a series in ``folder``: its next
    dated file, or in a numbered series its next number, ``following``; in a series of one
    folder per date (`dated_folder`), ``following`` in today's folder, none when that is
    ``folder`` (the file is today's: added to, not followed)."""
    if following is not None and dated_folder(folder):
        return f", or write the next dated handoff, {following}"
    if following is not None:
        return f", or write the series' next numbered handoff, {following}"
    if dated_folder(folder):
        return ""
    return f", or write the next dated handoff in {folder}/"


def moved_on(
    path: str,
    since: str,
    count: int,
    newest: tuple[str, str, tuple[str, ...]],
    other: str,
    where: str = "",
    ask: str = "what changed and the next step now",
) -> str:
    """``handoff-outdated``'s message on the handoff ``path`` (``since``: when it last changed,
    in brackets): ``count`` later commits, the ``newest`` (its id, subject and files), what to
    add (``ask``) and what else may be done (``other``); ``where``: which commits ``count``
    counts, when not all (`on_this_branch`)."""
    sha, subject, files = newest
    return (
        f"the work moved on after this handoff{since}: {count} later "
        f"{'commits' if count > 1 else 'commit'}{where} "
        f"{'touch' if count > 1 else 'touches'} other files, the newest "
        f"{sha[:12]} {subject_of(subject)} changed {files_of(files)}; add {ask} to "
        f"{path}{other}"
    )


def quoted(text: str, limit: int = 80) -> str:
    # Controls as their escapes (a path's newline as \n), not "?", which names another path.
    shown = controls.one_line(text)
    text = "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in shown)
    return f"`{shorten(text, limit + 1)}`"


def subject_of(subject: str) -> str:
    return f"({quoted(subject, 60)})" if subject else ""


def files_of(files: tuple[str, ...], shown: int = 3) -> str:
    names = ", ".join(quoted(f) for f in files[:shown])
    more = len(files) - shown
    return f"{names} and {more} more file{'s' if more > 1 else ''}" if more > 0 else names


def log_words(path: str, notes: frozenset[str]) -> tuple[str, str] | None:
    """For a running log ``path``, what `handoff-outdated` asks to add to it and why it is
    kept: an entry, and the next step too unless a working note of ``notes`` beside it carries
    it (`running_logs.note_beside`); ``None`` for any other handoff."""
    if not is_running_log(path):
        return None
    note = note_beside(path, notes)
    if note is None:
        return "an entry for the commits since, with the next step,", _KEPT_LOG
    return (
        "an entry for the commits since",
        f"{_KEPT_LOG}, and {note} beside it carries the next step",
    )


_KEPT_LOG = "a running log is kept and added to, not deleted"
