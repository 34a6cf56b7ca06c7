"""Which file of a series is its current handoff: the order of a series' files by name.

A file whose name holds a full date (``2025-11-23``, ``2025-11-9``, ``20251123``,
``30.11.2025``, ``28-10-2026``, ``28_10_2026``, ``jul-30-2026``, ``30 July 2026``,
``2026-aug-05``, ``30-julio-2026``, ``1-août-2026``, an optional time after it) goes by that
date and a number right after it (``2025-11-23-2``); else one whose name holds a number
(``session-11.md``) by its numbers, compared as numbers; else by its last commit
(`NameOrder.commit_ordered`). A name with a day, a word and a year that is no date this reader
knows (``30-lipca-2026``) goes by its last commit too: its numbers are a date, not numbers to
compare. A date outranks a number, and a number a last commit. Before all of these, a name
that says what the file is (`name_says`): ``current.md`` or ``current-session.md`` is the
current handoff, an ``archive-…``, ``old-…`` or undated ``…-archive`` file is history. A word
at the end of a dated name (``2026-12-05-export-archive``) is its topic's, never history: the
Stop hook's advice names the next file by its date and a topic of the agent's choosing. Files
in a folder named ``archive`` or ``old`` are history (`packet.archive_folder`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from datetime import UTC, date, datetime

from handoff_audit.model.series_names import dated_folder, name_says

_TIME = r"(?:[-_T ]?(?P<hour>[01]\d|2[0-3])[-:h]?(?P<minute>[0-5]\d)(?!\d)|(?!\d))"
_YEAR_FIRST = re.compile(
    r"(?<!\d)(?P<year>20\d\d)(?P<sep>[-_.]?)"
    r"(?P<month>1[0-2]|0[1-9]|(?<=[-_.])[1-9])(?P=sep)"
    r"(?P<day>3[01]|[12]\d|0[1-9]|(?<=[-_.])[1-9])" + _TIME
)
"""``2025-11-23``, ``2025-11-9`` (no leading zero only between separators), ``20251123``."""
_YEAR_LAST = re.compile(
    r"(?<!\d)(?P<first>3[01]|[12]\d|0?[1-9])(?P<sep>[-_.])(?P<second>3[01]|[12]\d|0?[1-9])"
    r"(?P=sep)(?P<year>20\d\d)" + _TIME
)
"""``30.11.2025``, ``1.12.2025``, ``28-10-2026``, ``28_10_2026``: day first, except in a series
whose dashed names are month first (`month_first`); dots are always day first."""
_MONTH_NAMES = (
    "january jan enero ene janeiro janvier janv januar janner gennaio gen januari",
    "february feb febrero fevereiro fev fevrier fevr februar febbraio februari",
    "march mar marzo marco mars marz maerz mrz maart mrt",
    "april apr abril abr avril avr aprile",
    "may mayo maio mai maggio mag mei",
    "june jun junio junho juin juni giugno giu",
    "july jul julio julho juillet juil juli luglio lug",
    "august aug agosto ago aout augustus",
    "september sep sept septiembre setiembre set setembro septembre settembre",
    "october oct octubre outubro out octobre oktober okt ottobre ott",
    "november nov noviembre novembro novembre",
    "december dec diciembre dic dezembro dez decembre dezember dicembre",
)
"""Each month's names and common abbreviations, lower case and without accents (`_folded`), in
English, Spanish, Portuguese, French, German, Italian and Dutch."""
_MONTHS = {name: number for number, names in enumerate(_MONTH_NAMES, 1) for name in names.split()}
_MONTH = (
    r"(?<![^\W\d_])(?P<named>"
    + "|".join(sorted(_MONTHS, key=len, reverse=True))
    + r")\.?(?![^\W\d_])"
)
_DAY = r"(?<!\d)(?P<day>3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th|er|o)?\.?(?![\d])"
_OF = r"(?:[-_ ]del?(?=[-_ ]))?[-_. ]{0,2}"
"""Between a day, a month and a year: a separator or two (``30. juli``), and the ``de``/``del``
of Spanish and Portuguese (``30-de-julio-de-2026``)."""
_NAMED_MONTH = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        _MONTH + r"[-_. ]?" + _DAY + r",?" + _OF + r"(?P<year>20\d\d)" + _TIME,
        _DAY + _OF + _MONTH + r",?" + _OF + r"(?P<year>20\d\d)" + _TIME,
        r"(?<!\d)(?P<year>20\d\d)[-_. ]?" + _MONTH + r"[-_. ]?" + _DAY + _TIME,
    )
)
"""``jul-30-2026``, ``July 30, 2026``, ``30 July 2026``, ``5th-aug-2026``, ``2026-aug-05``,
``30-julio-2026``, ``1 de agosto de 2026``, ``30. März 2026``: a month name or its
abbreviation (`_MONTH_NAMES`, any case, accents optional), the day before or after it, the year
(four digits) last, or first before the month."""
_UNPLACED = re.compile(
    r"(?<![^\W_])(?:3[01]|[12]\d|0?[1-9])" + _OF + r"[^\W\d_]{3,12}\.?" + _OF + r"20\d\d(?!\d)"
)
"""A day, a word and a year (``30-lipca-2026``) whose word is no month `_MONTH_NAMES` knows:
a date in a language this reader does not know, not numbers to compare."""


def _folded(text: str) -> str:
    """``text`` with each accented letter made its plain one (``März`` -> ``Marz``, ``août`` ->
    ``aout``), one character for one, so that places in it are places in ``text``."""
    return "".join(_plain(char) for char in text)


def _plain(char: str) -> str:
    if char.isascii() or not char.isalpha():
        return char
    stripped = "".join(c for c in unicodedata.normalize("NFKD", char) if c.isascii())
    return stripped if len(stripped) == 1 else char


_DIGITS = re.compile(r"(\d+)")
_SEQUENCE = re.compile(r"[-_. ]?(\d{1,4})(?!\d)")
"""A number right after a file name's date, its place among that day's files
(``2025-11-23-2-auth.md``); a number further on names the work (``…-slice-1-closeout.md``),
so files of one day otherwise go by their last commits."""

DATED, NUMBERED, COMMITTED = 2, 1, 0
"""How a file's place in its series is decided, the strongest first."""

NameKey = tuple[int, tuple[int, ...]]
"""A file's place by its name: how it is decided, then the date (seconds) followed by the
number right after it if any (``2025-11-23-2``, `_SEQUENCE`), or the numbers. Files of one
place go by their last commit, then by name."""


def month_first(names: list[str]) -> bool:
    """True when a series writes its dates month first (``10-28-2026``): one of its names
    can only be read so, and none only day first (``28-10-2026``)."""
    only_month_first = only_day_first = False
    for name in names:
        for match in _YEAR_LAST.finditer(name.rpartition("/")[2]):
            if match["sep"] != ".":
                only_month_first |= int(match["second"]) > 12
                only_day_first |= int(match["first"]) > 12
    return only_month_first and not only_day_first


def _dated(base: str, months_first: bool) -> tuple[int, str] | None:
    """The date (and time) in a file name ``base`` as seconds since the epoch, UTC, and the
    name after it; ``None`` without one (or with an impossible one, ``2025-02-30``).
    ``months_first``: a dashed date with the year last is read month first (`month_first`)."""
    found = _date_in(base, months_first)
    if found is None:
        return None
    when, match, _ = found
    return int(when.timestamp()), base[match.end() :]


def _date_in(
    base: str, months_first: bool
) -> tuple[datetime, re.Match[str], dict[str, str]] | None:
    """The date `_dated` reads in ``base``: it, its match (places in ``base``) and its parts
    (``year``, ``month``, ``day``, as written but for a month name, made its number)."""
    folded = _folded(base)
    for pattern in (_YEAR_FIRST, _YEAR_LAST, *_NAMED_MONTH):
        for match in pattern.finditer(folded):
            parts = match.groupdict()
            if "named" in parts:
                parts["month"] = str(_MONTHS.get(parts["named"].lower(), 0))
            elif pattern is _YEAR_LAST:
                swap = months_first and parts["sep"] != "."
                parts["day"], parts["month"] = (
                    (parts["second"], parts["first"]) if swap else (parts["first"], parts["second"])
                )
                parts["order"] = "month day year" if swap else "day month year"
            try:
                when = datetime(
                    int(parts["year"]),
                    int(parts["month"]),
                    int(parts["day"]),
                    int(parts["hour"] or 0),
                    int(parts["minute"] or 0),
                    tzinfo=UTC,
                )
            except ValueError:
                continue
            return when, match, parts
    return None


def redated(base: str, day: date, months_first: bool = False, number: int = 0) -> str | None:
    """``base`` (a file name) with the date `_dated` reads in it written as ``day``, in the
    same order, separators and widths (``01-01-2099-x.md`` -> ``05-12-2026-x.md``; a month
    name, whose language is unknown, gives ``2026-12-05``), its time kept; ``number`` (not 0)
    after the date and time (``2026-12-05-2-x.md``). ``None`` when ``base`` holds no date."""
    found = _date_in(base, months_first)
    if found is None:
        return None
    _, match, parts = found
    dated = ("year", "month", "day", "second", "named")
    ends = max(match.end(g) for g in dated if g in match.re.groupindex)
    tail = base[ends : match.end()] + (f"-{number}" if number else "")
    return base[: match.start()] + _written(parts, day) + tail + base[match.end() :]


def _written(parts: Mapping[str, str], day: date) -> str:
    """``day`` written as the date of ``parts`` (`_date_in`) is: its order, separators and
    widths; a month name, whose language is unknown, gives ``2026-12-05``."""
    if "named" in parts:
        return day.isoformat()
    values = {"year": day.year, "month": day.month, "day": day.day}
    return parts["sep"].join(
        f"{values[g]:0{len(parts[g])}d}" if g != "year" else str(values[g])
        for g in parts.get("order", "year month day").split()
    )


def date_form(base: str, day: date, months_first: bool = False) -> tuple[str, str, str] | None:
    """The name ``base`` around its date: the words before it (``session-``), ``day`` written
    as ``base`` writes its date (`_written`: ``2026-12-06``, ``20261206``, ``06.12.2026``), and
    the rest after that date and its time (``.md``, ``-auth.md``); ``None`` without a date."""
    found = _date_in(base, months_first)
    if found is None:
        return None
    _, match, parts = found
    return base[: match.start()], _written(parts, day), base[match.end() :]


def natural(name: str) -> tuple[str | int, ...]:
    """A file's name (its folder left out) in natural order: ``session-9`` before
    ``session-10``. Text and numbers alternate, text first, so two keys always compare."""
    stem = name.rpartition("/")[2].lower().removesuffix(".md")
    parts = _DIGITS.split(stem)
    return tuple(int(part) if i % 2 else part for i, part in enumerate(parts))


def name_key(name: str, months_first: bool = False) -> NameKey | None:
    """The place of ``name`` in its series by name alone; ``None`` when only its last commit
    can tell (no date and no number in the name). A file with no date in its name in a folder
    named by a date (`dated_folder`: ``20241215/session_log.md``) goes by that date.
    ``months_first``: as `_dated`."""
    folder, _, base = name.rpartition("/")
    dated = _dated(base, months_first)
    if dated is None and dated_folder(folder):
        dated = _dated(folder.rpartition("/")[2], months_first)
    if dated is not None:
        when, after = dated
        sequence = _SEQUENCE.match(after)
        return (DATED, (when, int(sequence[1])) if sequence else (when,))
    if unreadable_date(base):
        return None
    numbers = _numbers(base)
    if numbers:
        return (NUMBERED, numbers)
    return None


def unreadable_date(name: str) -> bool:
    """True when ``name`` (a file's name or path) holds a day, a word and a year that is no date
    this reader knows (`_UNPLACED`: ``30-lipca-2026``)."""
    base = name.rpartition("/")[2]
    return _dated(base, False) is None and _UNPLACED.search(base) is not None


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(digits) for digits in _DIGITS.findall(text))


def tied(names: list[str]) -> list[str]:
    """The files of one series that share their place by name with another (two handoffs
    dated the same day): only their last commits tell them apart."""
    months_first = month_first(names)
    places: dict[NameKey, list[str]] = {}
    for name in names:
        place = name_key(name, months_first)
        if place is not None:
            places.setdefault(place, []).append(name)
    return [name for same in places.values() if len(same) > 1 for name in same]


def newest_first(names: list[str], committed: Mapping[str, tuple[int, int]]) -> list[str]:
    """``names`` (one series), newest first: by what the name says (`name_says`), then by
    `name_key`, then by ``committed`` (each
    name's last commit, `series_dates.commit_order`: a commit after the commits it builds on,
    or its modification time in seconds and 1; asked for the files with no place by name and
    the `tied` ones), then by name."""
    months_first = month_first(names)

    def key(
        name: str,
    ) -> tuple[int, int, tuple[int, ...], tuple[int, int], tuple[str | int, ...]]:
        rank, place = name_key(name, months_first) or (COMMITTED, ())
        return name_says(name), rank, place, committed.get(name, (0, 0)), natural(name)

    return sorted(names, key=key, reverse=True)


_NUMBER_FIRST = re.compile(r"\A\d+(?:\.\d+)*[-_ ]?")
_NUMBER_GROUP = re.compile(r"\d+(?:\.\d+)*")
"""A series number as names write it: ``11``, ``005``, ``1.55``."""


def next_number(written: str, current: str, taken: Callable[[str], bool]) -> tuple[str, str]:
    """The name ``written`` takes in the numbered series whose current file is ``current``, and
    its number: ``current``'s name up to its number, the number after it (the last part of
    ``1.55`` counts up, its zeros kept: ``005`` -> ``006``), then the part of ``written``'s name
    after the same words and a number (``session-4.md``: ``.md``), joined as ``current``'s
    name joins its number and topic (`_separator`); never a name ``taken`` (a
    path from the repository's root) says is there, nor ``written`` itself."""
    folder, _, name = written.rpartition("/")
    current_name = current.rpartition("/")[2]
    ahead = name_key(current) or (COMMITTED, ())
    group = _NUMBER_GROUP.search(current_name)
    assert group is not None  # a numbered name holds a number
    head, parts = current_name[: group.start()], group[0].split(".")
    sep = _separator(current_name[group.end() :][:1], head[-1:])
    # `session-4.md` after `session-10.md` becomes `session-11.md`, not `session-11-session-4.md`
    if name.lower().startswith(head.lower()):
        topic = _NUMBER_FIRST.sub("", name[len(head) :], count=1)
    else:
        topic = name
    for step in range(1, 1000):
        last = str(int(parts[-1]) + step).zfill(len(parts[-1]))
        number = ".".join([*parts[:-1], last])
        base = head + number + (topic if topic.startswith(".") or not topic else sep + topic)
        path = f"{folder}/{base}" if folder else base
        key = name_key(path)
        if (
            path != written
            and not taken(path)
            and key is not None
            and key[0] == NUMBERED
            and key > ahead
        ):
            break
    return path, number


def _separator(after: str, before: str) -> str:
    """What joins a series' number and the topic after it: the series' own (``001_setup.md``:
    ``_``), after the number or else before it (``session_10.md``), or a dash."""
    for char in (after, before):
        if char in ("-", "_", " "):
            return char
    return "-"


def next_folder(current: str, taken: Callable[[str], bool], today: date) -> str | None:
    """In a series of one folder per date (`dated_folder`: ``docs/sessions/20241215/
    session_log.md``), ``current``'s file name in ``today``'s folder, named as ``current``'s
    folder writes its date; ``None`` in another series, or when that file is ``taken`` (today's
    session's) or ranks no higher than ``current``."""
    folder, _, base = current.rpartition("/")
    if not dated_folder(folder):
        return None
    home, _, day_folder = folder.rpartition("/")
    form = date_form(day_folder, today)
    path = f"{home}/{form[1]}/{base}" if form is not None else current
    if path == current or taken(path) or (name_key(path) or ()) <= (name_key(current) or ()):
        return None
    return path


def next_files(current: list[str], taken: Callable[[str], bool]) -> dict[str, str]:
    """Of ``current`` (series' current files), each numbered by its name -> the name of its
    series' next file (`next_number`), the topic left to its writer (``003-<topic>.md``), or
    none where the name has none after its number (``session-10.md``, `numbered_topic`); each in
    a folder named by a date -> the same name in today's folder (`next_folder`)."""
    found = {}
    for name in current:
        following = next_folder(name, taken, datetime.now(UTC).date())
        if following is not None:
            found[name] = following
            continue
        key = name_key(name)
        if key is None or key[0] != NUMBERED or name_says(name) != 0:
            continue
        found[name] = next_number(numbered_topic(name), name, taken)[0]
    return found


def numbered_topic(name: str) -> str:
    """The file `next_number` names after ``name``, a numbered series' current file: ``name``
    itself where nothing but the extension follows its number (``session-10.md``: the next is
    ``session-11.md``), else ``<topic>.md`` in its folder, the topic left to its writer."""
    folder, _, base = name.rpartition("/")
    number = _NUMBER_GROUP.search(base)
    if number is not None and base[number.end() :][:1] == ".":
        return name
    return f"{folder}/<topic>.md" if folder else "<topic>.md"
