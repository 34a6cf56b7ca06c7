"""Which of a day's sessions holds a dated log's next step, for `next_step`: sessions written as
subheadings under one date heading ("## 2026-12-03" over "### Morning session" and "###
Afternoon session"), each with the same next-step label, and a session of the newest entry's
date beside it. A session's step that a later one records as done ("Did the parser." under
"Write the parser") is no next step; where the order of a day's sessions is not known (a log
written newest first, or one date alone) and no record settles it, no step is quoted rather
than a stale one.
"""

from __future__ import annotations

import bisect
import itertools
import re

from handoff_audit.markdown.currency import entry_date
from handoff_audit.markdown.prose import FENCE

_ATX = re.compile(r"^\s{0,3}(#{1,6})\s")
_SESSION = re.compile(
    r"(?i)(?<!\w)(?:session|sitzung|sesión|séance|morning|afternoon|evening|night)(?!\w)"
    r"|(?<!\d)\d{1,2}(?:[:h]\d{2}|\s?[ap]m)(?!\w)"
)
"""A subheading that heads a session of the day ("Afternoon session", "Session 2", "14:30"),
not a part of the work ("Frontend"), whose steps all stand."""
_DONE = re.compile(
    r"(?i)^\W{0,6}(?:did|done|finished|completed?|implemented|wrote|written|fixed|added|built|"
    r"shipped|landed|merged|wired)(?!\w)"
)
"""A line that records work done ("Did the parser.", "- Finished the lexer")."""
_NUMBER = re.compile(r"(?i)(?<!\w)(?:session|sitzung|sesión|séance)\s*#?\s*(\d{1,6})(?!\d)")
"""A session's number in its heading ("Session 5", "Session #12")."""
_WORD = re.compile(r"[^\W\d_]{4,}")
_LIST_LEAD = re.compile(r"^\s*(?:[-*+]|\d+[.)])?\s*(?:\*\*|__)?")
_STEP_LINES = 4
"""The lines under a next-step label whose words name the step."""
_ITEM = re.compile(r"^\s*(?:[-*+]|(\d{1,9})[.)])\s")
_PATH = re.compile(r"[\w.-]*\w/[\w./-]*\w|(?<![\w./])\w[\w-]*\.[A-Za-z]{1,5}(?![\w/])")
"""A path or a file's name an item names ("tests/test_neg.py", "neg.py")."""


def latest_session(line: int, lines: list[str], ascending: bool | None) -> int | None:
    """The line of the next-step place to quote instead of line ``line`` (1-based) of
    ``lines``, when that place is in a session under a date heading and later sessions of that
    date repeat its label or heading: the last one in a log written oldest first
    (``ascending``), else the one a session below it does not record as done, following the
    sessions down as long as each records the step above it, or up; ``None`` when no record
    settles which is the latest. ``line`` itself otherwise."""
    heads = _headings(lines)
    day = next((head for head in reversed(heads) if head[0] <= line and _dated(lines, head)), None)
    if day is None:
        return line
    sessions = _sessions(heads, day, len(lines))
    places = _repeats(lines, line, sessions)
    if len(places) < 2:
        return line
    if ascending:
        return places[-1][1]
    numbered = {
        int(number.group(1)): at
        for (first, _), at in places
        if (number := _NUMBER.search(lines[first - 1])) is not None
    }
    if len(numbered) == len(places):
        return numbered[max(numbered)]  # "Session 4", "Session 5": the highest is the latest
    down = 0
    while down + 1 < len(places) and _records(
        lines, places[down + 1], _step(lines, places[down][1])
    ):
        down += 1
    if down == len(places) - 1:
        return places[-1][1]
    up = len(places) - 1
    while up > 0 and _records(lines, places[up - 1], _step(lines, places[up][1])):
        up -= 1
    return places[0][1] if up == 0 else None


def logged_step(line: int, later: list[int], lines: list[str]) -> int:
    """The line of the newest next-step item of a list that goes on as a log ("4. Next: add
    tests", "5. Added tests", "6. Next: add the docstring"), from the item at line ``line``
    (1-based) on: a later one of ``later`` in the same list, with an item that is no step
    between, when the list is numbered oldest first or the items between record the step as
    done, as a later session of a day does; ``line`` itself otherwise (a list of parallel
    steps, "1. Next: lex", "2. Next: parse")."""
    current = line
    for at in sorted(each for each in later if each > line):
        between = lines[current : at - 1]
        if not between or not _one_list([lines[current - 1], *between, lines[at - 1]]):
            break
        if not (
            _ascending(lines[current - 1], lines[at - 1])
            or _reported_done(lines, (current + 1, at), current) is not None
        ):
            break
        current = at
    return current


def done_later(line: int, lines: list[str]) -> int | None:
    """The line of a later item of the list that holds the next-step item at line ``line``
    (1-based) that reports that step done ("5. Added tests/test_neg.py; passes." after "4.
    Next: add tests/test_neg.py"), as `_reported_done` tells it; ``None`` when none does, or
    the step is no list item."""
    if not _ITEM.match(lines[line - 1]):
        return None
    end = line + 1
    while end <= len(lines) and (
        _ITEM.match(lines[end - 1]) or not lines[end - 1].strip() or lines[end - 1][:1].isspace()
    ):
        end += 1
    return _reported_done(lines, (line + 1, end), line)


def _reported_done(lines: list[str], span: tuple[int, int], step_line: int) -> int | None:
    """The first item in lines ``span`` (first, end: 1-based, end excluded) that opens on work
    done ("Added", "Fixed", "Did") and names a path the item at ``step_line`` names, or at
    least half of its words (four letters or more, its verb and label aside); ``None``."""
    said = _item_text(lines, step_line).partition(":")[2].strip(" *_")
    step = "".join(said.split(None, 1)[1:])
    paths, words = set(_PATH.findall(step)), set(_WORD.findall(step.casefold()))
    for at in range(span[0], span[1]):
        item = _item_text(lines, at) if _ITEM.match(lines[at - 1]) else ""
        lead = _LIST_LEAD.match(item)
        if not item or _DONE.match(item[lead.end() if lead else 0 :]) is None:
            continue
        shared = words & set(_WORD.findall(item.casefold()))
        if paths & set(_PATH.findall(item)) or (shared and 2 * len(shared) >= len(words)):
            return at
    return None


def _item_text(lines: list[str], at: int) -> str:
    """The list item at line ``at`` (1-based) with the indented lines that go on it."""
    said = [lines[at - 1]]
    for text in lines[at:]:
        if not text.strip() or not text[:1].isspace() or _ITEM.match(text):
            break
        said.append(text.strip())
    return " ".join(said)


def _one_list(items: list[str]) -> bool:
    """``items``, its first and last lines list items, are one list: every other line an item,
    a blank or an indented line that goes on an item."""
    first, *rest, last = items
    return (
        _ITEM.match(first) is not None
        and _ITEM.match(last) is not None
        and any(_ITEM.match(each) for each in rest)
        and all(_ITEM.match(each) or not each.strip() or each[:1].isspace() for each in rest)
    )


def _ascending(above: str, below: str) -> bool:
    """The items ``above`` and ``below`` are numbered, the lower one higher: a list written
    oldest first."""
    one, two = _ITEM.match(above), _ITEM.match(below)
    numbers = (one.group(1) if one else None, two.group(1) if two else None)
    return None not in numbers and int(numbers[1] or 0) > int(numbers[0] or 0)


def recorded(lines: list[str], span: tuple[int, int], step_line: int) -> bool:
    """Lines ``span`` (first, end: 1-based, end excluded) record as done the step at line
    ``step_line`` ("Did the parser." for "Write the parser")."""
    return _records(lines, ((span[0], span[1]), span[1]), _step(lines, step_line))


def _dated(lines: list[str], head: tuple[int, int]) -> bool:
    """The heading ``head`` (line, level) carries a date (`currency.entry_date`)."""
    text = lines[head[0] - 1].lstrip()[head[1] :]
    return entry_date(text) is not None


def _headings(lines: list[str]) -> list[tuple[int, int]]:
    """(line, level) of each ATX heading outside fenced code."""
    heads: list[tuple[int, int]] = []
    fenced = False
    for number, text in enumerate(lines, 1):
        if FENCE.match(text):
            fenced = not fenced
        elif not fenced and (atx := _ATX.match(text)) is not None:
            heads.append((number, len(atx.group(1))))
    return heads


def _sessions(
    heads: list[tuple[int, int]], day: tuple[int, int], total: int
) -> list[tuple[int, int]]:
    """The (first, end) lines of the sessions under the date heading ``day`` (line, level):
    its subheadings of the first level below it, each up to the next of that level or above,
    when every one of them heads a session of the day; else none."""
    end = next((at for at, level in heads if at > day[0] and level <= day[1]), total + 1)
    inside = [(at, level) for at, level in heads if day[0] < at < end]
    if not inside:
        return []
    top = min(level for _, level in inside)
    starts = [at for at, level in inside if level == top]
    bounds = [at for at, level in inside if level <= top] + [end]
    return [(start, bounds[bisect.bisect_right(bounds, start)]) for start in starts]


def _repeats(
    lines: list[str], line: int, sessions: list[tuple[int, int]]
) -> list[tuple[tuple[int, int], int]]:
    """Each session (first, end) from the one holding line ``line`` on that has a line saying
    what that line says (the same label or heading), with the first such line; none when those
    sessions do not all head a session of the day."""
    key = _said(lines[line - 1])
    found: list[tuple[tuple[int, int], int]] = []
    for first, end in sessions:
        if end <= line:
            continue
        start = line if first <= line else first + 1
        at = next((n for n in range(start, end) if _said(lines[n - 1]) == key), None)
        if at is not None:
            found.append(((first, end), at))
    if not found or found[0][1] != line:
        return []  # the place is in no session of the day
    if not all(_SESSION.search(lines[first - 1]) for (first, _), _ in found):
        return []
    return found


def _said(line: str) -> str:
    """A line's words without heading marks, emphasis and case: what a repeat says again."""
    atx = _ATX.match(line)
    return (line[atx.end() :] if atx else line).strip().strip("#*_ ").casefold()


def _step(lines: list[str], at: int) -> set[str]:
    """The words (four letters or more) that name the step at line ``at``: what follows its
    label and the lines under it, each without its first word, the verb ("Write the
    parser")."""
    said = lines[at - 1].partition(":")[2]
    body = [said] if said.strip("*_ ") else []
    for text in itertools.islice(lines, at, None):
        if _ATX.match(text) or len(body) == _STEP_LINES:
            break
        if text.strip():
            body.append(text)
    words: set[str] = set()
    for text in body:
        lead = _LIST_LEAD.match(text)
        rest = text[lead.end() if lead else 0 :].split(None, 1)[1:]
        words.update(_WORD.findall(rest[0].casefold()) if rest else ())
    return words


def _records(lines: list[str], place: tuple[tuple[int, int], int], step: set[str]) -> bool:
    """The session ``place`` ((first, end), its own step's line) records as done, before its
    own step, work that ``step``'s words name."""
    (first, _), at = place
    return any(
        _DONE.match(text) is not None and step & set(_WORD.findall(text.casefold()))
        for text in lines[first : at - 1]
    )
