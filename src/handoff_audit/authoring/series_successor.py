"""The name that makes a branch's file of a dated series that series' current handoff: the
Stop hook's fix for a file another one outranks (undated, or of an earlier date).

Today's date when it is later than the current file's; else the current file's own date (and
time), which ties with it by name, so that its last commit, made after the current file's,
decides (`series_order.newest_first`); and when that name is taken, or the current file's name
holds numbers after its date, a number right after the date that ranks above them. Never the
file's own name: `git mv` to it does nothing. In a numbered series (``1.55-parser.md``,
``session-11.md``) the next number, in the current file's format, since a date would outrank
every number but break the series' naming.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from handoff_audit.authoring.gate_verdict import Gate, Problem
from handoff_audit.authoring.markdown_fixes import next_headings, refreshed
from handoff_audit.authoring.series_pattern import patterned
from handoff_audit.config import Config
from handoff_audit.engine.ignored import kept_out_how, owner_revision
from handoff_audit.engine.series_links import link_fix
from handoff_audit.engine.series_order import (
    DATED,
    NUMBERED,
    NameKey,
    date_form,
    month_first,
    name_key,
    next_folder,
    next_number,
    numbered_topic,
    redated,
)
from handoff_audit.git import plumbing
from handoff_audit.git.ignored import ignored_among, ignoring_patterns
from handoff_audit.model.packet import in_series
from handoff_audit.model.series_names import dated_folder, name_says, series_home

_NUMBER_ONLY = re.compile(r"\A\d+(?:\.\d+)*\.md\Z", re.IGNORECASE)
_DAY = 86400


@dataclass(frozen=True, slots=True)
class Successor:
    """Where the branch's file moves, and why that makes it current (true words)."""

    path: str
    """From the repository root."""
    why: str
    """One clause: what in the name (and its commit) ranks it first."""


def successor(
    root: Path, written: str, current: str, now: datetime | None = None, dated: bool = False
) -> Successor:
    """The name ``written`` (the branch's file) takes to outrank ``current`` (the series'
    current file), in the same folder, keeping the part of its name after a leading date.
    ``dated``: a dated name even after a numbered ``current`` (a dated file must rank below)."""
    folder, _, name = written.rpartition("/")
    today = int((now or datetime.now(UTC)).timestamp()) // _DAY * _DAY
    months_first = month_first([written, current])
    ahead = name_key(current, months_first) or (0, ())
    if ahead[0] == NUMBERED and not dated:
        return _next_number(root, written, current)
    latest = ahead[1][0] if ahead[0] == DATED else 0
    when = max(today, latest)
    stamp = datetime.fromtimestamp(when, UTC).strftime(
        "%Y-%m-%d-%H%M" if when % _DAY else "%Y-%m-%d"
    )
    day = datetime.fromtimestamp(when, UTC)
    head, topic = _form(name, current.rpartition("/")[2], day.date(), months_first)
    head += day.strftime("-%H%M") if when % _DAY else ""

    def place(number: int) -> str:
        base = (f"{head}-{number}" if number else head) + topic
        return f"{folder}/{base}" if folder else base

    def free(path: str) -> bool:
        return path != written and not os.path.lexists(root / path)

    def rank(path: str) -> NameKey:
        return name_key(path, months_first) or (0, ())

    if free(place(0)) and rank(place(0)) >= ahead:
        if when > latest:
            return Successor(
                place(0), "today's date in the name makes it the series' current handoff"
            )
        if rank(place(0)) == ahead:
            why = (
                f"the date {stamp} in the name is {current}'s, and its commit comes after that "
                "file's, so it is the series' current handoff"
            )
            return Successor(place(0), why)
        return Successor(
            place(0), f"its name ranks it above {current}, so it is the series' current handoff"
        )
    # A number right after the date ranks above the numbers after the current file's date.
    numbers = ahead[1][1:] if when == latest else ()
    number = max(2, numbers[0] + 1 if numbers else 2)
    while not free(place(number)) or rank(place(number)) <= ahead:
        number += 1
    return Successor(
        place(number),
        f"the date {stamp} and the number {number} after it in the name rank it above {current}, "
        "so it is the series' current handoff",
    )


def _form(name: str, current: str, day: date, months_first: bool) -> tuple[str, str]:
    """The name of ``current``'s successor (both names of files) around its date, ``day``:
    ``current``'s words before its date (``session-``) and ``day`` as it writes its date
    (`series_order.date_form`: ``session-2026-12-06``); then ``name``'s part after such words
    and a date, its topic, after the series' separator (``2026-08-04_task-reorg.md``: ``_``),
    or an extension alone (``2026-12-05.md``, ``session-2026-12-05.md``: no topic)."""
    head, written, after = date_form(current, day, months_first) or ("", day.isoformat(), "")
    sep = after[:1] if after[:1] in ("-", "_", " ") else "-"
    topic = name[len(head) :] if head and name.lower().startswith(head.lower()) else name
    own = date_form(topic, day, months_first)
    if own is not None and not own[0]:
        topic = own[2].lstrip("-_ ")
    return head + written, topic if topic.startswith(".") or not topic else sep + topic


def _next_number(root: Path, written: str, current: str) -> Successor:
    """``written``'s name in a numbered series after ``current`` (`series_order.next_number`)."""
    path, number = next_number(written, current, lambda name: os.path.lexists(root / name))
    return Successor(
        path,
        f"the number {number} in the name ranks it above {current}, so it is the series' "
        "current handoff",
    )


def misdated(
    root: Path,
    current: str,
    known: Collection[str] = (),
    now: datetime | None = None,
    below: str | None = None,
) -> Successor | None:
    """When ``current`` (the series' current file) is dated more than a day after today (UTC):
    a typo, not a time zone already on the next day, which later handoffs must not copy; the
    name it takes with the date of its last commit (one git process, only then; today's when
    that is later, `_real_date`) in place of the typo, written as the name writes its date
    (`series_order.redated`). When that name
    is taken (one of ``known``, the series' files, or any file there), a number right after the
    date (``-2``) that ranks it above the file of that name. ``below``: a dated file that must
    stay ahead of it (the branch's own handoff, which the typo passed over); when the date of
    its last commit would tie with or pass that file's (a tie goes to the rename's commit, the
    newest), the day before that file's date."""
    folder, _, name = current.rpartition("/")
    months_first = month_first(
        [current, *(n for n in (*known, below or current) if n.rpartition("/")[0] == folder)]
    )
    key = name_key(current, months_first)
    today = int((now or datetime.now(UTC)).timestamp()) // _DAY * _DAY
    if key is None or key[0] != DATED or key[1][0] < today + 2 * _DAY:
        return None
    real, whose = _real_date(root, current, datetime.fromtimestamp(today, UTC).date())
    if redated(name, date.today(), months_first) is None and dated_folder(folder):
        day = datetime.fromtimestamp(today, UTC).date()
        return _misdated_folder(root, current, (real, whose), known, (below, day))

    def place(number: int) -> str:
        # The date where the name has it, in its format (`01-01-2099-x.md` -> `05-12-2026-x.md`);
        # a dated name always has one (`name_key`).
        base = redated(name, date.fromisoformat(real), months_first, number) or f"{real}-{name}"
        return f"{folder}/{base}" if folder else base

    why = f"its date is more than a day after today, a typo; {real} is {whose}"
    earlier = _day_before(below, name_key(place(0), months_first), months_first)
    if earlier is not None:
        real = earlier
        why = (
            f"its date is more than a day after today, a typo; {real}, the day before the date "
            "of this branch's handoff, keeps that one the series' current handoff"
        )
    number = 0
    while place(number) in known or os.path.lexists(root / place(number)):
        number = max(2, number + 1)
    if number:
        why += f", and the number {number} after it keeps the name free"
    return Successor(place(number), why)


def _real_date(root: Path, current: str, today: date) -> tuple[str, str]:
    """The date ``current``'s typo stands for: its last commit's (one git process), and whose
    date that is in words; today's when that commit is dated after today too (a wrong clock,
    a rebase that kept a wrong date) or git cannot say: a rename never keeps a future date."""
    try:
        log = plumbing.run(root, ["log", "-1", "--format=%cs", "--", current])
        real = log.decode().strip()
    except plumbing.GitError:
        real = ""
    if not real:
        return today.isoformat(), "today's date (git does not say when it was last committed)"
    if real > today.isoformat():
        return today.isoformat(), "today's date, as its last commit is dated after today too"
    return real, "its last commit's date"


def _misdated_folder(
    root: Path,
    current: str,
    real: tuple[str, str],
    known: Collection[str],
    bounds: tuple[str | None, date],
) -> Successor:
    """`misdated` for ``current`` in a folder named by a date alone, the session's folder
    (``docs/sessions/20991215/session_log.md``), its name undated: the same file in the folder
    of ``real`` (the date and whose it is, `_real_date`), written as the folder writes its date,
    or of the day before the date of ``below`` (``bounds``: it and today) when that would tie
    with it or pass it. While a folder of that date is there (`git mv` would move the folder
    into it), the next free day, which ranks it right after that folder, up to today and
    before ``below``'s date; past that, the nearest free day before."""
    folder, _, name = current.rpartition("/")
    below, last = bounds
    home, _, day_folder = folder.rpartition("/")

    def place(day: date) -> str:
        return f"{home}/{redated(day_folder, day) or day_folder}/{name}"

    day = date.fromisoformat(real[0])
    why = f"its folder's date is more than a day after today, a typo; {real[0]} is {real[1]}"
    earlier = _day_before(below, name_key(place(day)), False)
    if earlier is not None:
        day = date.fromisoformat(earlier)
        why = (
            f"its folder's date is more than a day after today, a typo; {earlier}, the day "
            "before the date of this branch's handoff, keeps that one the series' current handoff"
        )
    ahead = name_key(below) if below is not None else None
    if ahead is not None and ahead[0] == DATED:
        last = min(last, datetime.fromtimestamp(ahead[1][0], UTC).date() - timedelta(days=1))
    first, taken = day, {other.rpartition("/")[0] for other in known}

    def free(day: date) -> bool:
        moved = place(day).rpartition("/")[0]
        return moved not in taken and not os.path.lexists(root / moved)

    while not free(day) and day < last:
        day += timedelta(days=1)
    if not free(day):
        day = first
        while not free(day):
            day -= timedelta(days=1)
    if day != first:
        days = abs((day - first).days)
        distance = ("the day" if days == 1 else f"{days} days") + (
            " after" if day > first else " before"
        )
        between = " and of every day between" * (days > 1)
        why += f", and {day.isoformat()}, {distance}, as the folder of {first.isoformat()}"
        why += f"{between} is there"
    return Successor(place(day), why)


def renaming(old: str, new: str, path_of: Callable[[str], str]) -> tuple[str, str]:
    """What a rename of ``old`` to ``new`` (`misdated`'s) moves, in words, and its `git mv`: of
    ``old``'s folder, named by a date, when only that folder's name changes (the session's folder
    moves whole, its other files with it), else of the file; paths as ``path_of`` gives them."""
    before, _, name = old.rpartition("/")
    after, _, new_name = new.rpartition("/")
    if name == new_name and before != after and dated_folder(before):
        return f"folder {before}/", f"git mv -- {path_of(before)}/ {path_of(after)}/"
    return old, f"git mv -- {path_of(old)} {path_of(new)}"


def past_typo(
    root: Path, written: str, current: str, known: Collection[str] = ()
) -> tuple[Successor, Successor | None] | None:
    """When ``current``, the series' current file that passed over ``written`` (the branch's
    file), is misdated (`misdated`): its rename, which keeps it below the branch's file; and,
    when ``written`` has no date in its name (any dated name outranks it, the renamed typo's
    too), the dated name ``written`` takes as well (`successor`, against the series' next file
    after ``current``, ``known`` newest first), which the typo's new name stays below and never
    takes. Both renames, in one commit, leave the branch's file the series' current handoff."""
    if misdated(root, current, known) is None:
        return None
    key = name_key(written, month_first([written, current]))
    if key is not None and key[0] == DATED:
        typo = misdated(root, current, known, below=written)
        return (typo, None) if typo is not None else None
    runner = next((n for n in known if n not in (current, written)), written)
    moved = successor(root, written, runner, dated=True)
    typo = misdated(root, current, (*known, moved.path), below=moved.path)
    return (typo, moved) if typo is not None else None


def _day_before(below: str | None, renamed: NameKey | None, months_first: bool) -> str | None:
    """The day before the date of ``below`` (a dated file), when the ``renamed`` file's place
    ties with it or passes it: of two names that tie, the one committed last is newer, and the
    rename's commit is the newest."""
    ahead = name_key(below, months_first) if below is not None else None
    if ahead is None or ahead[0] != DATED or (renamed or (0, ())) < ahead:
        return None
    day = ahead[1][0] // _DAY * _DAY - _DAY
    return datetime.fromtimestamp(day, UTC).strftime("%Y-%m-%d")


def next_in_series(
    root: Path,
    cwd: Path,
    files: tuple[str, ...],
    path_of: Callable[[str], str],
    known: Collection[str] = (),
    base: str | None = None,
) -> str | None:
    """For a repository that keeps its handoffs as a dated series (``files``, the series'
    current files): the next dated file there, beside `new`, named so that it is the series'
    current file from the start (`successor`: today's date, or the current file's later one);
    or, when the current file is misdated (`misdated`), its rename first, to a name none of
    ``known`` (the series' files) has. ``path_of`` gives a repository path as the agent's cwd
    sees it; ``base``, the branch's base commit, whose ``.gitignore`` lines are the owner's."""
    if not files:
        return None
    if name_says(files[0]) == 1 and not (root / files[0]).is_symlink():
        copied = _copy_of_newest(root, files[0], known)
        if copied is not None:
            return _next_copied(root, cwd, files[0], copied, path_of)
        return _live_update(root, files[0], path_of)
    folder = files[0].rpartition("/")[0]
    typo = misdated(root, files[0], known)
    if typo is not None:
        what, command = renaming(files[0], typo.path, path_of)
        return (
            f"or, first rename the misdated {what} ({typo.why}): `{command}`, commit, and stop "
            "again"
        )
    moved = _next_file(root, files[0], known)
    numbered = (name_key(files[0], month_first(list(files))) or (0, ()))[0] == NUMBERED
    shown = os.path.relpath(root / moved.path, cwd)  # words, no command
    today = datetime.now(UTC).date().isoformat()
    why = "" if today in moved.path.rpartition("/")[2] else f" ({moved.why})"
    return (
        f"or, as this repository keeps its handoffs as a {'numbered' if numbered else 'dated'} "
        f"series in {series_home(folder) or '.'}/, "
        f"write the next one, {shown}, with the state, the next step, the decisions, what "
        f"was ruled out and the pointers, and {_committed(root, moved.path, path_of, why, base)}"
    )


def _next_file(root: Path, current: str, known: Collection[str]) -> Successor:
    """The next file of the series whose current file is ``current`` (``known``: the series'
    files), named as the series names its files: the next date's folder with the same file name
    in a series of one folder per date (`_next_folder`); the next number and date of
    `series_pattern.patterned`; in a numbered series the next number, with no topic when
    ``current``'s name has none after its number (`series_order.numbered_topic`:
    ``session-10.md`` is followed by ``session-11.md``); else `successor`'s name, with a topic of
    the writer's choosing unless ``current``'s name has none after its date, or the same words
    as another dated file of its folder (``session-2025-09-08.md``, ``2025-09-08-notes.md``: the
    series' own)."""
    folder, _, base = current.rpartition("/")
    in_folder = _next_folder(root, current)
    if in_folder is not None:
        return in_folder
    named = patterned(current, known)
    if named:
        return Successor(*named)
    if (name_key(current) or (0, ()))[0] == NUMBERED:
        return _next_number(root, numbered_topic(current), current)
    after = _after_date(base)
    same = after.startswith(".") or any(
        _after_date(other.rpartition("/")[2]) == after
        for other in known
        if other != current and other.rpartition("/")[0] == folder
    )
    if same and after:
        return successor(root, current, current)
    return successor(root, f"{folder}/<topic>.md" if folder else "<topic>.md", current)


def _after_date(base: str) -> str:
    """What follows the date (and time) in the file name ``base``; empty without a date."""
    form = date_form(base, date.today())
    return form[2] if form is not None else ""


def _next_folder(root: Path, current: str) -> Successor | None:
    """In a series of one folder per date, today's folder with ``current``'s file name
    (`series_order.next_folder`); ``None`` in another series, or when that file is there."""
    today = datetime.now(UTC).date()
    path = next_folder(current, lambda name: os.path.lexists(root / name), today)
    if path is None:
        return _second_today(root, current, today)
    why = "today's date in the name of its folder makes it the series' current handoff"
    return Successor(path, why)


def _second_today(root: Path, current: str, today: date) -> Successor | None:
    """When ``current`` is in today's folder of a series of one folder per date (a session of
    today's, or a misdated folder renamed to today): its name with the next free number
    (``session_log-2.md``) beside it, never a date in a dated folder's file name."""
    folder, _, base = current.rpartition("/")
    form = date_form(folder.rpartition("/")[2], today) if dated_folder(folder) else None
    if form is None or f"{folder.rpartition('/')[0]}/{form[1]}" != folder:
        return None
    stem, dot, extension = base.rpartition(".") if "." in base else (base, "", "")
    number = 2
    while os.path.lexists(root / folder / f"{stem}-{number}{dot}{extension}"):
        number += 1
    why = (
        f"today's folder holds {base}; of two files of one day, the one committed last is the "
        "series' current handoff"
    )
    return Successor(f"{folder}/{stem}-{number}{dot}{extension}", why)


def _copy_of_newest(root: Path, live: str, known: Collection[str]) -> str | None:
    """The newest numbered file of ``live``'s folder (among ``known``, the series' files) when
    ``live`` (``LATEST.md``) holds the same text: the series keeps the live file as a copy of
    its newest numbered file (`.recursive/handoffs/0140.md` copied to `LATEST.md`)."""
    folder = live.rpartition("/")[0]
    mine = [f for f in known if f != live and f.rpartition("/")[0] == folder]
    keys = {f: name_key(f, month_first(mine)) for f in mine}
    numbered = [f for f in mine if (keys[f] or (0, ()))[0] == NUMBERED]
    if not numbered:
        return None
    newest = max(numbered, key=lambda f: keys[f] or (0, ()))
    try:
        same = (root / newest).read_bytes() == (root / live).read_bytes()
    except OSError:
        return None
    return newest if same else None


def _next_copied(
    root: Path, cwd: Path, live: str, newest: str, path_of: Callable[[str], str]
) -> str:
    """The advice for a numbered series whose live file is a copy of its newest numbered file:
    the next number written, then copied over the live file, both committed."""
    folder = live.rpartition("/")[0]
    # `0140.md` is followed by `0141.md`, no topic; `session-10-x.md` by `session-11-<topic>.md`
    after = newest if _NUMBER_ONLY.match(newest.rpartition("/")[2]) else f"{folder}/<topic>.md"
    written, _ = next_number(after, newest, lambda name: os.path.lexists(root / name))
    shown = os.path.relpath(root / written, cwd)
    both = f"{path_of(written)} {path_of(live)}"
    force = "-f " if ignoring_patterns(root, [live], tracked=True).get(live) else ""
    return (
        f"or, as this repository keeps its handoffs as a numbered series in {folder}/ with "
        f"{path_of(live)} a copy of the newest, write the next one, {shown}, with the state, "
        "the next step, the decisions, what was ruled out and the pointers, copy it over "
        f"{path_of(live)} and commit both (`cp -- {path_of(written)} {path_of(live)} && "
        f"git add {force}-- {both}`)"
    )


def _live_update(root: Path, current: str, path_of: Callable[[str], str]) -> str:
    """The advice for a series whose current file is so by its live name (``LATEST.md``,
    ``current.md``: no dated name outranks it) and is a handoff of its own, as the README has
    such a series kept: that file updated in place with what the branch did and the next step
    (`markdown_fixes.refreshed`), committed, or left local where git ignores it."""
    quoted = path_of(current)
    held = next_headings(root / current)
    command = refreshed(quoted, "<what this branch did>", held)
    where = f", in place of the step under its next-step heading at line {held.target}"
    where = where if held else ""
    local = bool(ignored_among(root, [current]))
    forced = ""
    if not local and ignoring_patterns(root, [current], tracked=True).get(current):
        forced = f" (`git add -f -- {quoted}`: git tracks it though a .gitignore line covers it)"
    return (
        f"or, as this repository keeps its handoff in one live file, {quoted}, that outranks "
        "the series' other files by its name, update it in place with what this branch did and "
        f"the next step (`{command}`{where}; do not add a second next-step section), and "
        + (
            "leave it out of git (git ignores it: it stays local, as the series does)"
            if local
            else f"commit it{forced}"
        )
    )


def _committed(
    root: Path, written: str, path_of: Callable[[str], str], why: str, base: str | None
) -> str:
    """What becomes of ``written``, a new file of a series (``why``: what ranks it first):
    committed, and the series' live-name link re-pointed at it (`link_fix`); by force in a
    series that keeps its files out of git on purpose (`ignored.kept_out`); left out of git
    where the repository's own ``.gitignore`` keeps it out (`ignored.owner_keeps_out`), as the
    hook reads it from the work tree, its link left alone (a commit would hold a link to a file
    no commit holds)."""
    revision = owner_revision(base)
    how = kept_out_how(root, [written], revision) if "/" in written else None
    if how is not None and how[1] and not _forced_in(root, written, revision):
        return f"leave it out of git{why} ({how[0]}; the hook reads it from the work tree)"
    forced = f" with `git add -f -- {path_of(written)}` ({how[0]}: the line stays)" if how else ""
    return f"commit it{why}{forced}{link_fix(root, written, path_of)}"


def _forced_in(root: Path, written: str, revision: str) -> bool:
    """Whether the commit ``revision`` holds markdown files in ``written``'s folder (its README
    aside) that a ``.gitignore`` line ignores: the owner adds them by force, a committed series."""
    folder = written.rpartition("/")[0]
    try:
        listed = plumbing.run(root, ["ls-tree", "-z", "--name-only", revision, "--", f"{folder}/"])
        names = [
            name
            for name in listed.decode("utf-8", "surrogateescape").split("\0")
            if name.endswith(".md") and name.rpartition("/")[2].lower() != "readme.md"
        ]
        found = ignoring_patterns(root, names, tracked=True) if names else {}
    except plumbing.GitError:
        return False
    return any(not rule.pattern.startswith("!") for rule in found.values())


def kept_out_series(root: Path, cwd: Path, config: Config, base: str | None) -> str | None:
    """For a repository whose own ``.gitignore`` (as the branch's ``base`` commit holds it)
    keeps a series folder's handoffs out of git, with none of them there yet (the folder holds
    only a tracked README): today's file to write there, in `next_in_series`'s words."""
    today = datetime.now(UTC).date().isoformat()
    try:
        listed = plumbing.run(root, ["ls-files", "-z", "--", "*.md"]).decode("utf-8", "replace")
    except plumbing.GitError:
        return None
    folders = {path.rpartition("/")[0] for path in listed.split("\0") if "/" in path}
    for folder in sorted(f for f in folders if in_series(f"{f}/{today}-topic.md", config)):
        how = kept_out_how(root, [f"{folder}/{today}-topic.md"], owner_revision(base))
        if how is not None and how[1]:
            shown = os.path.relpath(root / f"{folder}/{today}-<topic>.md", cwd)
            return (
                f"or, as this repository keeps its handoffs as a dated series in {folder}/, "
                f"write the next one, {shown}, with the state, the next step, the decisions, "
                "what was ruled out and the pointers, and leave it out of git "
                f"({how[0]}; the hook reads it from the work tree)"
            )
    return None


def no_handoff_ways(
    gate: Gate, cwd: Path, problem: Problem, path_of: Callable[[str], str], new: str
) -> tuple[str, str | None]:
    """The fix for a branch with no handoff (``problem``) and the line after it: `new` (the
    command ``new``), then the series' next file (`next_in_series`, `kept_out_series`); that
    file first where the repository's own ``.gitignore`` keeps it out of git, its convention."""
    after = next_in_series(
        gate.root, cwd, problem.files, path_of, problem.known, gate.since
    ) or kept_out_series(gate.root, cwd, gate.config, gate.since)
    if after is not None and "leave it out of git" in after:
        return after.removeprefix("or, "), f"or, for a committed packet instead: `{new}`"
    return new, after
