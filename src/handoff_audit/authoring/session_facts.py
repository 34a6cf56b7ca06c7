"""What a session produced, from any source, and how it is merged into a packet.

`new` and `update` gather facts from several sources (git's changed files, the ``--log`` file,
the ``--verify`` run, a dirty workbench written anyway); each source yields one `SessionFacts`,
the sources are joined with ``|``, and `merge_facts` puts the result into the packet. Adding a
source (a transcript, say) is one more ``facts |= source(...)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from handoff_audit.model.lkg_trust import VERIFY_NOTE

Command = dict[str, Any]
"""A ``commands_run`` entry: ``{"cmd": str, "exit": int, "note"?: str}``."""


@dataclass(frozen=True, slots=True)
class TimedRun:
    """A run read from a record, with the time the record gives it (``None`` when none)."""

    entry: Command
    """Its ``commands_run`` entry."""
    at: datetime | None = None
    """When it ended, timezone-aware."""


@dataclass(frozen=True, slots=True)
class SessionFacts:
    """Facts a session produced, in the order they happened."""

    commands_run: tuple[Command, ...] = ()
    """Commands run, appended to ``commands_run`` (then the log is trimmed)."""
    changed_files: tuple[str, ...] = ()
    """Files changed, appended to ``changed_files`` (exact duplicates skipped)."""
    failed_attempts: tuple[str, ...] = ()
    """Attempts that failed, appended to ``failed_attempts`` (exact duplicates skipped)."""
    open_risks: tuple[dict[str, str], ...] = ()
    """Risks found (``{what, severity}``), appended to ``open_risks`` (duplicates skipped)."""
    rerun: tuple[TimedRun, ...] = ()
    """Runs read from a record (a transcript), also in ``commands_run``: a command whose newest
    run (its last in the record) the packet's log already has (`_recorded`) is left as the log
    has it, a later ``--verify`` run included; one whose newest run is not there yet drops its
    entries already in the log, so its runs (the newest's exit and note last) are the ones the
    log keeps, at its end. When both a run and a ``--verify`` entry of its command have a
    time, the times decide instead (`_newer_runs`)."""

    def __or__(self, other: SessionFacts) -> SessionFacts:
        return SessionFacts(
            self.commands_run + other.commands_run,
            self.changed_files + other.changed_files,
            self.failed_attempts + other.failed_attempts,
            self.open_risks + other.open_risks,
            self.rerun + other.rerun,
        )


def append_new(existing: Iterable[Any], added: Iterable[Any]) -> list[Any]:
    """``existing`` followed by each of ``added`` that is not already there (exact equality)."""
    result = list(existing)
    for item in added:
        if item not in result:
            result.append(item)
    return result


def trim_log(commands: Sequence[Command], keep_last: int) -> list[Command]:
    """The last ``keep_last`` entries plus every earlier failure, in their order: exactly what
    ``log-untrimmed`` accepts."""
    tail = max(len(commands) - keep_last, 0)
    return [c for i, c in enumerate(commands) if i >= tail or c.get("exit") != 0]


def merge_facts(data: dict[str, Any], facts: SessionFacts, keep_last: int) -> dict[str, Any]:
    """A copy of the packet ``data`` with ``facts`` appended and its log trimmed."""

    def listed(key: str) -> list[Any]:
        value = data.get(key)
        return list(value) if isinstance(value, list) else []

    merged = dict(data)
    merged["changed_files"] = append_new(listed("changed_files"), facts.changed_files)
    log = listed("commands_run")
    newer = _newer_runs(facts.rerun, log)
    replaced = {_cmd(run.entry) for run in newer}
    added = list(facts.commands_run)
    for known in (run.entry for run in facts.rerun if run not in newer):
        added.remove(known)  # already in the log, or older: newer runs there stay the newest
    log = [c for c in log if _cmd(c) not in replaced] + [dict(c) for c in added]
    merged["commands_run"] = trim_log(log, keep_last)
    merged["failed_attempts"] = append_new(listed("failed_attempts"), facts.failed_attempts)
    merged["open_risks"] = append_new(listed("open_risks"), facts.open_risks)
    return merged


VERIFY_TIME = "%Y-%m-%dT%H:%M:%SZ"
"""How a ``--verify`` note writes the time the run ended (UTC): ``--verify at SHA on TIME: …``."""
_VERIFY_AT = re.compile(
    re.escape(VERIFY_NOTE)
    + r"\S+(?: plus uncommitted changes)? on (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ):"
)


def _newer_runs(rerun: Sequence[TimedRun], log: list[Any]) -> list[TimedRun]:
    """The runs of ``rerun`` (a record's, in the order they ran) that go into ``log``: those of
    each command whose newest run, its last in the record, is newer than what the log holds
    (`_is_newer`), runs that ended before a timed ``--verify`` entry of it left out. A command
    whose newest run the log holds already adds nothing, so reading the same record again
    changes nothing and a grown one adds only its new commands; its earlier runs never decide
    (an earlier failure followed by a pass must not replace that pass)."""
    last = {run.entry["cmd"]: run for run in rerun}
    fresh = {cmd for cmd, run in last.items() if _is_newer(run, log)}
    return [run for run in rerun if run.entry["cmd"] in fresh and not _before_verify(run, log)]


def _before_verify(run: TimedRun, log: list[Any]) -> bool:
    """Whether ``run`` has a time and ended before the latest timed ``--verify`` entry of its
    command in ``log``."""
    verified = _verify_times(run.entry["cmd"], log)
    return run.at is not None and bool(verified) and run.at <= max(verified)


def _verify_times(cmd: str, log: list[Any]) -> list[datetime]:
    """The times the ``--verify`` entries of ``cmd`` in ``log`` record."""
    times = [_verified_at(entry) for entry in log if _cmd(entry) == cmd]
    return [when for when in times if when is not None]


def _is_newer(run: TimedRun, log: list[Any]) -> bool:
    """Whether ``run`` is newer than what ``log`` holds of its command, so that it replaces it.

    The log's entries have no time field; only a ``--verify`` note records one. When the log
    holds a timed ``--verify`` entry of the command and the run has a time, the run is newer
    exactly when it ended after the latest of them, whatever its text. Otherwise (a packet
    written before notes carried a time, a record without times) the log's order decides:
    the run is newer unless the log holds it already (`_recorded`)."""
    verified = _verify_times(run.entry["cmd"], log)
    if run.at is None or not verified:
        return not _recorded(run.entry, log)
    return run.at > max(verified)


def _recorded(run: Command, log: list[Any]) -> bool:
    """Whether ``log`` holds ``run`` already: an equal entry followed by no other run of its
    command than ``--verify`` runs (those came after it). An equal entry followed by other runs
    is an older run that happened to end the same way."""
    for entry in reversed(log):
        if entry == run:
            return True
        note = entry.get("note") if isinstance(entry, dict) else None
        if _cmd(entry) == run["cmd"] and not (
            isinstance(note, str) and note.startswith(VERIFY_NOTE)
        ):
            return False
    return False


def _cmd(entry: Any) -> Any:
    return entry.get("cmd") if isinstance(entry, dict) else None


def _verified_at(entry: Any) -> datetime | None:
    """The time a ``--verify`` entry's note records, or ``None``."""
    note = entry.get("note") if isinstance(entry, dict) else None
    found = _VERIFY_AT.match(note) if isinstance(note, str) else None
    if found is None:
        return None
    return datetime.strptime(found.group(1), VERIFY_TIME).replace(tzinfo=UTC)
