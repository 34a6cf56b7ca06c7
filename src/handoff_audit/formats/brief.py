"""The resume brief as text, markdown or JSON, within a character budget (pure functions).

The next action comes first and the freshness last; both are always whole. A handoff that
commits with work came after is said stale before its next action, which they may have done or
changed. When the brief is longer than the budget, the lowest sections lose their last items
first (the last commands, then the pointers, the summary, ...), and a line says what was left
out. Every control character a
packet or a commit message holds is shown as an escape (`controls`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from handoff_audit import controls
from handoff_audit.credentials import redact
from handoff_audit.model.brief import Brief, Freshness, MergedIn, Section, SeriesPlace, Since
from handoff_audit.textcut import shorten

DEFAULT_MAX_CHARS = 6_000
"""The default budget: about 1,500 tokens of an agent's context."""
SUBJECTS = 5
"""Commit subjects the freshness lists (the newest)."""
FILES = 10
"""Touched files the freshness names."""
_STATES = {
    "active": "the active packet",
    "finished": "the newest finished packet (its work was finished and archived)",
    "hand-written": "a hand-written handoff",
    "named": "the handoff named on the command line",
}
_SUPERSEDED = "the newest finished packet (its work was handed over)"
_NO_ACTIVE = "This branch has no active handoff, its work is finished"
_LAST_ACTION = "The next action it last recorded (not a task now)"


@dataclass(frozen=True, slots=True)
class _Kept:
    """One section as far as it fits."""

    section: Section
    """The section."""
    items: tuple[str, ...]
    """Its items that fit."""


def render_brief(brief: Brief, fmt: str = "text", max_chars: int = DEFAULT_MAX_CHARS) -> str:
    """The brief in ``fmt`` (``text``, ``markdown`` or ``json``), at most ``max_chars``
    characters when the next action and the freshness leave room (0: no limit)."""
    render = _RENDERERS[fmt]
    kept = [_Kept(section, section.items) for section in brief.sections]
    out = render(brief, kept, [])
    if max_chars <= 0 or len(out) <= max_chars:
        return out
    trimmed: list[str] = []
    for index in reversed(range(len(kept))):
        section = kept[index].section
        if section.key == "next_action":
            continue
        trimmed.insert(0, section.title.lower())
        fits = _most_that_fit(
            len(section.items), _fits(render, brief, kept, index, trimmed, max_chars)
        )
        kept = _with(kept, index, fits)
        if fits == len(section.items):
            trimmed.pop(0)
        out = render(brief, kept, trimmed)
        if len(out) <= max_chars:
            break
    return out


def _fits(
    render: Callable[[Brief, list[_Kept], list[str]], str],
    brief: Brief,
    kept: list[_Kept],
    index: int,
    trimmed: list[str],
    max_chars: int,
) -> Callable[[int], bool]:
    """Whether the brief fits when section ``index`` keeps its first n items."""
    return lambda n: len(render(brief, _with(kept, index, n), trimmed)) <= max_chars


def _with(kept: list[_Kept], index: int, count: int) -> list[_Kept]:
    changed = _Kept(kept[index].section, kept[index].section.items[:count])
    return [*kept[:index], changed, *kept[index + 1 :]]


def _most_that_fit(total: int, fits: Callable[[int], bool]) -> int:
    """The largest n in 0..total with ``fits(n)`` (fits is monotonic); 0 when none does."""
    low, high = 0, total
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low


def _trim_line(trimmed: list[str]) -> str:
    return (
        f"(Shortened to fit: {', '.join(trimmed)} cut. "
        "`handoff-audit show --max-chars 0` prints everything.)"
    )


def _header(brief: Brief) -> str:
    where = f"{brief.path}, {_what(brief)}"
    if brief.title:
        where += f": {brief.title}"
    if brief.status and brief.state in ("finished", "named") and brief.status != "active":
        where += f" (status {brief.status})"
    if brief.others:
        where += f"; also on this branch: {', '.join(brief.others[:3])}"
    return controls.one_line(redact(where, _tree_names(brief)))


def _tree_names(brief: Brief) -> tuple[str, ...]:
    """The files and folders the brief names: shown as the tree has them, a credential-shaped
    name too, as `check` shows them (`credentials.redact`). Not a branch: a credential-shaped
    one is not echoed (its fix renames it first)."""
    freshness = brief.freshness
    commits = [
        *(freshness.since_lkg.commits if freshness.since_lkg else ()),
        *(freshness.since_change.commits if freshness.since_change else ()),
    ]
    return (
        brief.path,
        *brief.others,
        *((brief.series.folder,) if brief.series else ()),
        *(name for name in brief.named_in or () if name),
        *freshness.work_files,
        *freshness.dirty,
        *(name for commit in commits for name in commit.files),
    )


def _what(brief: Brief) -> str:
    """What the handoff is and whose: a series' current file by its place in the series; one
    the agent instructions name, as named there."""
    if brief.named_in is not None:
        return _named_in(brief, *brief.named_in)
    if brief.series is not None and brief.state == "hand-written":
        return _series_place(brief.series)
    state = _state(brief)
    whose = _whose(brief)
    if not whose:
        return state
    comma = "," if brief.state == "named" or brief.merged else ""
    return f"{state}{comma} {whose}"


def _named_in(brief: Brief, source: str, instead: str | None) -> str:
    """``named in CLAUDE.md``, and its place: in a series, beside the file that is the newest
    by its name (``instead``), which `check` and the Stop hook judge (`engine.instructed`);
    else whose it is."""
    series = brief.series
    if series is None:
        return f"named in {source}, {_STATES[brief.state]} {_whose(brief)}".rstrip()
    said = f"named in {source}, one of {series.files} handoffs in {series.folder}/"
    judged = f", whose newest by its name, {instead}, is the one check and the Stop hook judge"
    return f"{said}{judged}" if instead else said


def _state(brief: Brief) -> str:
    if brief.state == "finished" and brief.status == "superseded":
        return _SUPERSEDED
    return _STATES[brief.state]


def _series_place(series: SeriesPlace) -> str:
    folder = f"{series.folder}/"
    if series.guessed:
        return f"a guess at the newest of the {series.files} handoffs in {folder}"
    if series.files == 1:
        return f"the only handoff in {folder}"
    if series.files > 1:
        return f"the newest of {series.files} handoffs in {folder}"
    return f"a handoff of the series {folder}"


def _whose(brief: Brief) -> str:
    """The branch the handoff is of: a packet's own, and which one is checked out when that is
    another (a packet named on the command line); a hand-written one's, the checked-out one,
    unless it is a series' file (of no branch) or came with a merge from a protected branch
    (then when it last changed)."""
    own = brief.packet_branch
    if brief.kind == "markdown":
        return _written_whose(brief)
    if own is None:
        return ""
    if own == brief.branch:
        return f"of branch {own}"
    checked_out = f"{brief.branch} is checked out" if brief.branch else "HEAD is detached"
    return f"of branch {own} ({checked_out})"


def _written_whose(brief: Brief) -> str:
    if brief.series is not None:
        return f"in the series {brief.series.folder}/"
    changed = brief.freshness.changed
    if brief.merged and changed is not None:
        when = time.strftime("%Y-%m-%d", time.gmtime(changed.time))
        return f"last changed {_abbrev(changed.sha)} {when}"
    return f"of branch {brief.branch}" if brief.branch else ""


def _warning(brief: Brief) -> str | None:
    return controls.one_line(redact(brief.warning, _tree_names(brief))) if brief.warning else None


def _unaudited(brief: Brief) -> str | None:
    return controls.one_line(brief.unaudited) if brief.unaudited else None


def _pointer(brief: Brief) -> str | None:
    pointer = brief.series.pointer if brief.series else None
    return controls.one_line(pointer) if pointer else None


def _upstream(brief: Brief) -> str | None:
    return controls.one_line(brief.upstream) if brief.upstream else None


def _notes(brief: Brief) -> list[str]:
    """The lines said before the handoff: on an upstream ahead of the branch, on files it does
    not read, on a stale pointer."""
    return [line for line in (_upstream(brief), _unaudited(brief), _pointer(brief)) if line]


def _stale(brief: Brief) -> str | None:
    """The verdict said before the next action when commits that touch files other than
    handoff files came after the handoff's last change: the step it quotes may be done or
    overtaken (the freshness at the end names them)."""
    since, changed = brief.freshness.since_change, brief.freshness.changed
    work = brief.freshness.work_files and since is not None and since.count
    if brief.state == "finished" or not work or since is None or changed is None:
        return None
    return (
        f"{_count(since)} since the handoff's last change ({_abbrev(changed.sha)}, "
        f"{_day(changed.time)}): its next action may be done or out of date; the freshness at "
        "the end names them"
    )


def _text(brief: Brief, kept: list[_Kept], trimmed: list[str]) -> str:
    warning = _warning(brief)
    lines: list[str] = [f"Warning: {warning}"] if warning else []
    lines += [f"Note: {note}" for note in _notes(brief)]
    lines += [f"Stale: {stale}"] if (stale := _stale(brief)) else []
    headed = False
    for part in kept:
        if not part.items and part.section.key != "next_action":
            continue
        if part.section.key == "next_action":
            item = _indent(part.items[0] if part.items else "(none)")
            if brief.state == "finished":
                lines += [f"{_NO_ACTIVE}: {_header(brief)}.", f"{_LAST_ACTION}: {item}"]
            else:
                lines += [f"Next action: {item}", f"({_header(brief)})"]
            headed = True
            continue
        if part.section.key == "text":
            lines.append("As written:" if headed else f"{_header(brief)}, as written:")
            lines.extend(f"  {line}" if line else "" for line in part.items)
            continue
        lines.append(f"{part.section.title}:")
        lines.extend(f"- {_indent(item)}" for item in part.items)
    if not kept or (kept[0].section.key == "text" and not kept[0].items):
        lines.append(_header(brief))
    if trimmed:
        lines.append(_trim_line(trimmed))
    lines.append("Freshness (from git, not from the handoff):")
    lines.extend(_bullets(freshness_lines(brief.freshness)))
    return controls.text("\n".join(lines) + "\n")


def _markdown(brief: Brief, kept: list[_Kept], trimmed: list[str]) -> str:
    warning = _warning(brief)
    lines: list[str] = [f"**Warning:** {warning}", ""] if warning else []
    lines += [line for note in _notes(brief) for line in (f"**Note:** {note}", "")]
    lines += [f"**Stale:** {stale}", ""] if (stale := _stale(brief)) else []
    headed = False
    for part in kept:
        key = part.section.key
        if key == "next_action":
            item = _indent(part.items[0] if part.items else "(none)")
            if brief.state == "finished":
                lines += [f"**{_NO_ACTIVE}:** _{_header(brief)}._", "", f"{_LAST_ACTION}: {item}"]
            else:
                lines += [f"**Next action:** {item}", "", f"_{_header(brief)}_"]
            headed = True
        elif key == "text":
            quoted = (f"> {line}" if line else ">" for line in part.items)
            said = "As written:" if headed else f"{_header(brief)}, as written:"
            lines += ["", f"_{said}_", "", *quoted]
        elif part.items:
            lines += ["", f"## {part.section.title}", ""]
            lines.extend(f"- {_indent(item)}" for item in part.items)
    if trimmed:
        lines += ["", _trim_line(trimmed)]
    lines += ["", "## Freshness (from git, not from the handoff)", ""]
    lines.extend(_bullets(freshness_lines(brief.freshness)))
    return controls.text("\n".join(lines) + "\n")


def _json(brief: Brief, kept: list[_Kept], trimmed: list[str]) -> str:
    document = {
        "version": 1,
        "path": brief.path,
        "kind": brief.kind,
        "state": brief.state,
        "branch": brief.branch,
        "title": brief.title,
        "status": brief.status,
        "warning": _warning(brief),
        **({"upstream": _upstream(brief)} if brief.upstream else {}),
        **({"unaudited": _unaudited(brief)} if brief.unaudited else {}),
        **({"pointer": _pointer(brief)} if _pointer(brief) else {}),
        **({"named_in": brief.named_in[0]} if brief.named_in else {}),
        "sections": [
            {"key": p.section.key, "title": p.section.title, "items": list(p.items)}
            for p in kept
            if p.items or p.section.key == "next_action"
        ],
        "trimmed": trimmed,
        "others": list(brief.others),
        "freshness": freshness_data(brief.freshness),
    }
    return controls.json_text(json.dumps(document, indent=2, ensure_ascii=False)) + "\n"


_RENDERERS: dict[str, Callable[[Brief, list[_Kept], list[str]], str]] = {
    "text": _text,
    "markdown": _markdown,
    "json": _json,
}


def _bullets(lines: list[str]) -> list[str]:
    """A list, the lines that start with two spaces nested under the one before."""
    return [f"  - {line[2:]}" if line.startswith("  ") else f"- {line}" for line in lines]


def _indent(text: str) -> str:
    """An item on several lines, its further lines indented under the first."""
    return text.replace("\n", "\n  ")


def _abbrev(sha: str | None) -> str:
    return (sha or "?")[:7]


def _day(stamp: int) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(stamp))


def _subject(subject: str) -> str:
    text = controls.one_line(redact(subject))
    return shorten(text, 72)


def _names(paths: tuple[str, ...], limit: int = FILES) -> str:
    shown = ", ".join(controls.one_line(p) for p in paths[:limit])
    return shown + (f" (+{len(paths) - limit} more)" if len(paths) > limit else "")


def _count(since: Since) -> str:
    floor = "" if since.complete else "at least "
    return f"{floor}{since.count} commit{'s' if since.count != 1 else ''}"


def _came(freshness: Freshness) -> list[str]:
    """The line on the merge target's commits a merge brought in since the handoff's change
    (`Freshness.merged_in`), if any."""
    came = freshness.merged_in
    if came is None:
        return []
    count = f"{came.count} commit{'s' if came.count != 1 else ''}"
    by = f"the merge {_abbrev(came.merge)}" if came.merge else "a merge"
    where = f"already on {controls.one_line(came.target)}" if came.target else "already merged"
    return [
        f"{count} came in by {by} ({where}), which the handoff may not describe; no work of "
        "the branch's, as the Stop hook and `check` count it"
    ]


def freshness_lines(freshness: Freshness) -> list[str]:
    """The freshness as short lines: "current", or what happened since and what it touched."""
    if freshness.problem is not None:
        return [f"unknown: {controls.one_line(redact(freshness.problem))}"]
    changed = freshness.changed
    if freshness.current:
        where = (
            "its uncommitted changes"
            if freshness.uncommitted
            else (
                f"its last change ({_abbrev(changed.sha if changed else None)}, "
                f"{_day(changed.time) if changed else '?'})"
            )
        )
        what = "nothing of the branch's own was" if freshness.merged_in else "nothing was"
        return [
            f"current: {what} committed since {where}" + _lkg_tail(freshness),
            *_came(freshness),
        ]
    lines = [_change_line(freshness)]
    if freshness.amended:
        lines.append(
            "the commit of its last change also changed files it does not list (the note may "
            f"be wrong about them): {_names(freshness.amended)}"
        )
    since = freshness.since_change
    if since is not None and since.count:
        lines.extend(f"  {_abbrev(c.sha)} {_subject(c.subject)}" for c in since.commits[:SUBJECTS])
        if since.count > SUBJECTS:
            lines.append(f"  … and {since.count - SUBJECTS} more")
        if freshness.work_files:
            named = _names(freshness.work_files)
            lines.append(f"files they touched (the note may be wrong about them): {named}")
    lines.extend(_came(freshness))
    lines.append(_lkg_line(freshness))
    if freshness.dirty:
        lines.append(f"uncommitted files in the work tree: {_names(freshness.dirty)}")
    return [line for line in lines if line]


def _change_line(freshness: Freshness) -> str:
    changed = freshness.changed
    if freshness.uncommitted:
        return "the handoff file has uncommitted changes: it is being written now"
    if freshness.changed_beyond:
        return (
            "since the handoff's last change: not known, the commit that last changed it is "
            "beyond this shallow clone (its history is not fetched), so how far behind the work "
            "it is cannot be told: `git fetch --unshallow` fetches it"
        )
    if changed is None:
        return "the handoff file was never committed"
    since = freshness.since_change
    head = f"since the handoff's last change ({_abbrev(changed.sha)}, {_day(changed.time)})"
    if since is None or not since.count:
        return f"{head}: no commits"
    return f"{head}: {_count(since)}, which the handoff may not describe:"


def _lkg_tail(freshness: Freshness) -> str:
    since = freshness.since_lkg
    if freshness.lkg_status == "none":
        return ""
    if since is None or not since.count:
        return f"; the last known good commit {_abbrev(freshness.lkg)} is HEAD"
    return (
        f"; since the last known good commit {_abbrev(freshness.lkg)}, "
        f"only handoff files changed ({_count(since)})"
    )


def _lkg_line(freshness: Freshness) -> str:
    lkg = controls.one_line(redact(str(freshness.lkg)))[:64]
    status = freshness.lkg_status
    if status == "none":
        return ""
    if status == "invalid":
        return (
            f"last_known_good_commit {lkg!r} is not a commit id: when tests last passed is unknown"
        )
    if status == "missing":
        return f"last_known_good_commit {lkg} is not a commit in this repository"
    if status == "unavailable":
        return (
            f"last_known_good_commit {lkg} is not in this shallow clone (its history is not "
            "fetched): `git fetch --unshallow` fetches it"
        )
    if status == "not-ancestor":
        return f"last_known_good_commit {lkg} is not in this branch's history (rebased?)"
    since = freshness.since_lkg
    # `new` takes HEAD on trust without --verify, and the branch's base when the tests fail at
    # HEAD: never say tests passed there.
    how = "taken on trust, no test run recorded there" if freshness.lkg_trusted else ""
    how = how or "tests passed there"
    if since is None or not since.count:
        return f"last known good commit {lkg[:7]} ({how}) is HEAD"
    work = sum(1 for commit in since.commits if commit.files)
    return (
        f"since the last known good commit {lkg[:7]} ({how}): {_count(since)}, "
        f"{work} with work besides handoff files"
    )


def freshness_data(freshness: Freshness) -> dict[str, Any]:
    """The freshness for the JSON brief (lists capped as in the text)."""

    def since(value: Since | None) -> dict[str, Any] | None:
        if value is None:
            return None
        return {
            "base": value.base,
            "count": value.count,
            "complete": value.complete,
            "commits": [
                {
                    "sha": c.sha,
                    "subject": redact(c.subject),
                    "files": list(c.files[:FILES]),
                }
                for c in value.commits[:SUBJECTS]
            ],
        }

    changed = freshness.changed
    return {
        "current": freshness.current,
        "problem": redact(freshness.problem) if freshness.problem else None,
        "head": freshness.head,
        "last_known_good_commit": redact(freshness.lkg) if freshness.lkg else freshness.lkg,
        "last_known_good_status": freshness.lkg_status,
        "since_last_known_good": since(freshness.since_lkg),
        "last_change": {
            "sha": changed.sha,
            "time": changed.time,
            "subject": redact(changed.subject),
        }
        if changed
        else None,
        "uncommitted": freshness.uncommitted,
        "since_last_change": since(freshness.since_change),
        "files_touched": list(freshness.work_files[: FILES * 5]),
        "uncommitted_files": list(freshness.dirty[: FILES * 5]),
        # only when a merge brought the target's commits in: the budget holds no null
        **({"merged_in": _merged_json(came)} if (came := freshness.merged_in) else {}),
        # only in a shallow clone that hides the handoff's last change, as merged_in
        **({"last_change_unavailable": True} if freshness.changed_beyond else {}),
    }


def _merged_json(came: MergedIn) -> dict[str, object]:
    target = redact(came.target) if came.target else None
    return {"count": came.count, "merge": came.merge, "target": target}
