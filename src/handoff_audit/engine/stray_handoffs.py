"""Handoffs kept where the configuration does not look, beside the handoffs found or instead of
any: the tracked markdown (``.md`` and the `OTHER_MARKDOWN` extensions: ``.markdown``,
``.mdown``, ``.mdx``, …), text, extensionless and JSON files whose name says they hand work
over (``SESSION_12_HANDOFF.md``, ``HANDOFF-2026-01-02.md``, ``handover-notes.md``,
``HANDOFF.txt``, ``phase6_shn_handoff.json``) elsewhere, and the configuration line that
would audit them. From the files discovery's ``git ls-files`` listed (`git.tracked.listed`):
no git process and no walk of its own. A file whose name or text says it is about handoffs
(``handoff-protocol.md``, a guide `not-a-handoff` would flag), or is a decision record or a
rule's page that names a handoff among other words (``docs/adr/0005-…-witness-handoff.md``),
or a design note, in which the facet reading finds decisions with their reasons but neither
where the work stands nor what comes next (``docs/explanation/cli-proof-handoff-boundary.md``),
is none to offer."""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from handoff_audit import jsonpos
from handoff_audit.config import Config, setting_line, setting_place
from handoff_audit.credentials import redact
from handoff_audit.engine.loading import Unreadable, read_text
from handoff_audit.engine.series_order import date_form, name_key
from handoff_audit.git import tracked
from handoff_audit.globs import literal, matches_any_case, negated, positives
from handoff_audit.model.findings import Finding
from handoff_audit.model.handoff_words import about_handoffs, named_as_handoff
from handoff_audit.model.packet import (
    NOT_IN_SERIES,
    OTHER_MARKDOWN,
    archive_folder,
    is_agent_file,
    is_handoff_file,
    md_spelling,
    series_glob,
)
from handoff_audit.model.repo_history import Commit
from handoff_audit.model.series_names import series_home
from handoff_audit.rules.markdown_handoff import judge_markdown
from handoff_audit.rules.merge_rules import ACTIVE_IN_MERGE, HANDOFF_IN_MERGE
from handoff_audit.schema import load_schema
from handoff_audit.schema.foreign import IDENTIFYING
from handoff_audit.shell import quote

_RECORD_NAME = re.compile(r"(?i)(?:prd|spec|learnings?)(?![a-z])")
"""The start of a product requirements document's, a specification's or a learning's name
(``PRD-0003_daily_handoff_zone.md``, ``spec-handoff-api.md``, ``learning-handoff-order.md``);
like a JSON Schema (``*.schema.json``), none is a handoff."""
_RECORD_HEAD = re.compile(
    r"(?im)^\W*status\W*:?\W*(?:accepted|proposed|superseded\W+by|deprecated|rejected)\b"
    r"|^#+\s*status\s*\n\s*\W*(?:accepted|proposed|superseded\W+by|deprecated|rejected)\b"
    r"|^#+\s*(?:adr|rfc)\b|architecture decision record|^#+\s*remediation\s*$"
    r'|the key words "must"'
)
"""What the head of a decision record (``# ADR 0005: …``, ``Status: Accepted``; not a superseded
packet's twin, ``Status: superseded`` alone), a proposal or specification (RFC 2119's "The key
words "MUST" …") or a rule's page (``## Remediation``) says: no handoff."""
HEAD_CHARS = 4096
"""How much of a candidate's text `_RECORD_HEAD` looks at."""

NOTE_EXTENSIONS = frozenset({"md", *(ext[1:] for ext in OTHER_MARKDOWN), "txt", "json", ""})
"""The extensions of the files named as handoffs that the note considers (``""``: none)."""


SHOWN = 3
"""Files the hint names; the others are counted."""

READ_AT_MOST = 20
"""Candidates whose text is read to leave out what `not-a-handoff` would call no handoff; any
further ones are offered by name alone."""
DATED_AT_MOST = 100
"""Files named as handoffs whose last commit `show` reads beside its handoff's (their paths go on
that one ``git log``'s command line); further ones are not dated."""
SMALL = 64 * 1024
"""Bytes past which a candidate's text is not read (offered by name alone)."""


def stray_handoffs(root: Path, config: Config, blocked: Collection[str] = ()) -> list[str]:
    """The tracked markdown (``.md`` and the `OTHER_MARKDOWN` extensions), text, extensionless
    and JSON files (from ``root``, sorted; `noted_kind`) named as handoffs (`named_as_handoff`)
    that the ``packets``, ``series`` and ``block-files`` globs do not find
    (``HANDOFF.markdown``, which the merge gate blocks by its ``.md`` name, is still not
    audited): not an index or a template, nor an agent's instructions (`is_agent_file`), nor
    under an archive folder, nor one a ``!`` entry of ``packets`` or ``extend-packets`` names,
    nor one in a folder a ``!`` entry of ``series`` or ``extend-series`` names (the user chose
    not to audit them), nor one about handoffs by its name (`about_handoffs`) or text
    (`_reads`), nor one the merge gate blocked in this run (``blocked``, `gated_files`), nor a
    symbolic link, a submodule or a folder (`_plain`: no file the audit would read). Empty
    unless discovery listed the whole repository with git."""
    names = tracked.listed(str(root.resolve()))
    globs = positives(config.packets)
    left_out = _left_out(config.packets)
    folders_left_out = _left_out(config.series)
    found = []
    for name in names:
        folder, _, base = name.rpartition("/")
        if not noted_kind(base) or not (named_as_handoff(name) or in_handoffs_folder(name)):
            continue
        if base.lower().endswith(".schema.json") or _RECORD_NAME.match(base):
            continue
        if NOT_IN_SERIES.match(base) or archive_folder(folder) or is_agent_file(name):
            continue
        if name in blocked or not _plain(root / name):
            continue
        # ``HANDOFF.markdown`` is a block file by its ``.md`` name, yet no glob audits it
        gated = md_spelling(name) is None and is_handoff_file(name, config)
        if gated or matches_any_case(name, globs) or about_handoffs(base):
            continue
        if folder and series_glob(folder, config.series):  # a series' template or archive
            continue
        if matches_any_case(name, left_out) or (
            folder and matches_any_case(folder, folders_left_out)
        ):
            continue
        found.append(name)
    found = _without_indexes(root, sorted(found))
    return [name for i, name in enumerate(found) if i >= READ_AT_MOST or _reads(root, name)]


_SERIES_FOLDER_NAMES = frozenset({"handoffs", "handovers", "sessionhandoffs", "sessionhandovers"})
"""A folder's name, its separators left out, that says it keeps a series of handoffs
(``session-hand-offs/``, ``Hand_Overs/``; ``handoffs/`` the defaults already find)."""
_SESSIONS = frozenset({"sessions", "session"})
_LOGS = frozenset({"logs", "log", "devlogs", "devlog", "developmentlogs"})
"""A ``sessions`` folder directly in one of these (``logs/sessions/``, ``docs/logs/sessions/``,
``docs/dev-logs/sessions/``) keeps session notes, one per session (docs/handoff-names.md); an
application's logs are no markdown files named by their dates directly in it."""


_SESSION_NOTE = re.compile(r"(?i)\A[-_. ]*sessions?(?:[-_. ]*(?:notes?|log))?[-_. ]*\Z")
"""What is left of a session note's name once its date (and time) and extension are taken
out: ``session-2026-12-06.md``, ``2026-12-06_session.md``, ``session-notes-2026-12-06.md``."""


def in_handoffs_folder(name: str) -> bool:
    """Whether ``name`` is a dated or numbered markdown file (``2025-12-21-01-repo-scaffold.md``)
    directly in a folder named as a series of handoffs (`_SERIES_FOLDER_NAMES`), or in a
    ``sessions`` folder of a logs folder (`_LOGS`); or a dated markdown file named as one
    session's note and nothing else (`_SESSION_NOTE`: ``docs/session-2026-12-06.md``), in any
    folder, the top one too."""
    folder, _, base = name.rpartition("/")
    parts = [re.sub(r"[-_. ]+", "", part.lower()) for part in folder.split("/")[-2:]]
    logged = len(parts) == 2 and parts[1] in _SESSIONS and parts[0] in _LOGS
    named = logged or parts[-1] in _SERIES_FOLDER_NAMES
    return _markdown(base) and ((named and name_key(name) is not None) or session_note(base))


def session_note(base: str) -> bool:
    """Whether the file name ``base`` is a dated session note's (`_SESSION_NOTE`)."""
    form = date_form(base, date.today())
    if form is None:
        return False
    rest = form[0] + form[2].rpartition(".")[0]
    return _SESSION_NOTE.match(rest) is not None


def _without_indexes(root: Path, names: list[str]) -> list[str]:
    """``names`` but those whose text names two or more files of a folder of the others
    (``session-hand-off.md``, a how-to listing ``session-hand-offs/``' entries): the index of a
    series, none of its handoffs."""
    by_folder: dict[str, set[str]] = {}
    for name in names:
        folder, _, base = name.rpartition("/")
        by_folder.setdefault(folder, set()).add(base)
    kept = []
    for name in names:
        folder = name.rpartition("/")[0]
        others = [bases for where, bases in by_folder.items() if where != folder and len(bases) > 1]
        if others and _markdown(name) and _names_files(root, name, others):
            continue
        kept.append(name)
    return kept


def _names_files(root: Path, name: str, folders: list[set[str]]) -> bool:
    """Whether the small text of ``name`` names two or more of the files of one of ``folders``."""
    try:
        text = read_text(root / name, root.resolve(), SMALL, bom=True)
    except Unreadable:
        return False
    return any(sum(base in text for base in bases) >= 2 for bases in folders)


def gated_files(findings: Iterable[Finding]) -> frozenset[str]:
    """The files of ``findings`` that the merge gate blocked (`handoff-in-merge`,
    `active-in-merge`): the gate's fix is to take them out, not to audit them."""
    return frozenset(
        f.path for f in findings if f.rule in (HANDOFF_IN_MERGE.id, ACTIVE_IN_MERGE.id)
    )


def _plain(path: Path) -> bool:
    """False for a symbolic link, a folder or a submodule (a folder in the work tree) at
    ``path``: the audit reads no packet through a link or in a submodule, so none is a file to
    add to ``extend-packets``; True for a file, or a path not in the work tree (offered by
    name)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return True
    return not (stat.S_ISLNK(mode) or stat.S_ISDIR(mode))


def _left_out(entries: Sequence[str]) -> tuple[str, ...]:
    """The globs of the ``!`` entries of ``entries``: what the user chose not to audit."""
    return tuple(glob for excludes, glob in map(negated, entries) if excludes)


def noted_kind(base: str) -> bool:
    """Whether a file named ``base`` may be a working note: markdown (``.md`` and the
    `OTHER_MARKDOWN` extensions), text (``.txt``), JSON (``.json``), or a name with no
    extension (``HANDOFF``)."""
    extension = base.rpartition(".")[2].lower() if "." in base.lstrip(".") else ""
    return extension in NOTE_EXTENSIONS


def _markdown(name: str) -> bool:
    return name.lower().endswith((".md", *OTHER_MARKDOWN))


def _reads(root: Path, name: str) -> bool:
    """Whether the small regular file ``name`` reads as a handoff: a JSON object that is no JSON
    Schema (`_json_schema`); markdown that
    `not-a-handoff` does not call none (a guide to writing one), whose head is not a
    decision record's or a rule's page's (`_RECORD_HEAD`), and that is a template or no design
    note (`_design_note`). A file not read (a large or unreadable one) is offered by its
    name."""
    path = root / name
    try:
        info = os.lstat(path)
    except OSError:
        return True
    if not stat.S_ISREG(info.st_mode) or info.st_size > SMALL:
        return True
    try:
        text = read_text(path, root.resolve(), SMALL, bom=True)
    except Unreadable:
        return True
    if name.lower().endswith(".json"):
        try:
            data = jsonpos.loads(text)
        except ValueError:
            return False
        return isinstance(data, dict) and not _json_schema(data)
    if _RECORD_HEAD.search(text[:HEAD_CHARS]):
        return False
    instead, blanks = judge_markdown(name, text)
    return instead is None and (bool(blanks) or not _design_note(text))


def _design_note(text: str) -> bool:
    """Whether the facet reading (`md-incomplete`'s) finds in ``text`` decisions with their
    reasons but neither where the work stands nor what comes next: a design note whose title
    names a handoff (a decision, its reason, a rule for later), which records no session. A
    short note in which it finds nothing ("## Where we stopped") is still offered, for
    `md-incomplete` to say what it lacks."""
    # start-up: the facet patterns compile on import, as in rules.markdown_handoff
    from handoff_audit.markdown.completeness import missing_parts

    missing = {part.facet for part in missing_parts(text)}
    return {"state", "next"} <= missing and "decisions" not in missing


_SCHEMA_WORDS = frozenset({"type", "properties", "$defs", "definitions", "items", "allOf", "oneOf"})
"""Keys of a JSON Schema's top object; a packet declaring its schema has none of them."""


def _json_schema(data: Mapping[str, object]) -> bool:
    """Whether the JSON object ``data`` is a JSON Schema (``schema:``'s file), not a handoff
    that declares the schema it follows in ``$schema``: ours, or another tool's URL with
    no schema keyword beside it (`_SCHEMA_WORDS`) or with a packet's identifying field."""
    if "$schema" not in data or data["$schema"] == load_schema(None).get("$id"):
        return False
    return not _SCHEMA_WORDS.isdisjoint(data) and not any(key in data for key in IDENTIFYING)


@dataclass(frozen=True)
class StrayNote:
    """`stray_hint`'s one line: its words, the configuration lines to set, where to set them,
    and the move that makes numbered runs of them series."""

    said: str
    """Up to the advice, the files named in it as the caller's ``show`` wrote them."""
    lines: tuple[str, ...]
    place: str
    audited: str = "them"
    """What the lines audit: ``it``, ``them``, or, beside a move, ``the other``/``the others``."""
    move: tuple[str, str] | None = None
    """The words before the command that moves numbered runs into a series folder, and the
    command (`_moves`)."""

    def __str__(self) -> str:
        return self.render(lambda line: f"`{line}`", lambda words: words)

    def render(self, code: Callable[[str], str], words: Callable[[str], str]) -> str:
        """The line with each configuration line and command written by ``code`` (a code span)
        and the rest by ``words``."""
        parts = [f"{words(self.move[0])} {code(self.move[1])}"] if self.move else []
        if self.lines:
            lines = " and ".join(code(line) for line in self.lines)
            set_them = f"to audit {self.audited}, set"
            parts.append(f"{words(set_them)} {lines} {words(self.place)}")
        return f"{words(f'{self.said};')} " + f"{words(';')} ".join(parts)


def stray_note(
    root: Path,
    config: Config,
    show: Callable[[str], str],
    *,
    found: bool,
    blocked: Collection[str] = (),
) -> StrayNote | None:
    """The note on the tracked files of ``root`` named as handoffs that the configuration does
    not look for (`stray_handoffs`; but those the merge gate blocked in the run, ``blocked``),
    beside the handoffs the audit ``found`` or instead of any, their paths written by ``show``;
    ``None`` when there are none."""
    strays = stray_handoffs(root, config, blocked)
    if not strays:
        return None
    shown = [show(name) for name in strays[:SHOWN]]
    return stray_hint(
        strays, shown, config, found=found, listed=tracked.listed(str(root.resolve()))
    )


def newer_line(
    root: Path,
    config: Config,
    shown: tuple[Sequence[str], Collection[str]],
    changes: Mapping[str, Commit],
    strays: Sequence[str],
) -> str | None:
    """The line for `show` and ``SessionStart`` on the ``strays`` (`stray_handoffs`) whose last
    commit (of ``changes``, read in the one ``git log`` that dates the handoff shown) is newer
    than that of the handoff shown (``shown``: its files, and the files git says are
    uncommitted): they may hold the work's latest state, and the audit reads none of them;
    ``None`` when there is none, or the handoff shown has uncommitted changes or no commit."""
    files = shown[0]
    newer = newer_strays(shown, changes, strays)
    if not newer:
        return None
    more = f" and {len(newer) - SHOWN} more" if len(newer) > SHOWN else ""
    day = time.strftime("%Y-%m-%d", time.gmtime(changes[newer[0]].time))
    what = (
        "a newer file named as a handoff is not audited"
        if len(newer) == 1
        else "newer files named as handoffs are not audited"
    )
    setting = audit_setting(newer, config, tracked.listed(str(root.resolve())))
    it, newest = ("it", "") if len(newer) == 1 else ("them", "the newest ")
    line = (
        f"{what}: {', '.join(newer[:SHOWN])}{more} ({newest}last changed {day}, after "
        f"{files[0]}); read {it} first, and to audit {it}, {setting}"
    )
    return redact(line, newer)


def newer_strays(
    shown: tuple[Sequence[str], Collection[str]],
    changes: Mapping[str, Commit],
    strays: Sequence[str],
) -> list[str]:
    """Those of ``strays`` whose last commit (of ``changes``) is newer than that of the handoff
    shown (``shown``: its files, and the uncommitted ones), newest first: `newer_line`'s."""
    files, dirt = shown
    times = [changes[name].time for name in files if name in changes]
    if not times or any(name in dirt for name in files):
        return []
    return sorted(
        (name for name in strays if name in changes and changes[name].time > max(times)),
        key=lambda name: (-changes[name].time, name),
    )


def stray_hint(
    strays: Sequence[str],
    shown: Sequence[str],
    config: Config,
    *,
    found: bool = False,
    listed: Collection[str] = (),
) -> StrayNote:
    """The one line naming the first `SHOWN` of ``strays`` (as ``shown`` writes them, from
    the reader's folder), beside the handoffs the audit ``found`` or instead of any, and the
    configuration lines that audit every one of them (`setting_lines`)."""
    more = len(strays) - len(shown[:SHOWN])
    named = ", ".join(shown[:SHOWN]) + (f" and {more} more" if more > 0 else "")
    kind = "markdown files" if all(_markdown(name) for name in strays) else "files"
    where = (
        f"git tracks {kind} named as handoffs where the configuration does not look"
        if found
        else f"no handoff found where the configuration looks, but git tracks {kind} named as "
        "handoffs elsewhere"
    )
    runs, move = _moves(strays, config, listed)
    rest = [name for name in strays if name not in runs]
    audited = "it" if len(rest) == 1 else "them"
    if move is not None:
        audited = f"the {'other' if len(rest) == 1 else 'others'}"
    lines, place = setting_lines(rest, config, listed) if rest else ((), "")
    return StrayNote(f"{where}: {named}", lines, place, audited, move)


def audit_setting(strays: Sequence[str], config: Config, listed: Collection[str]) -> str:
    """``set `LINE` in FILE``: `setting_lines` as one phrase."""
    lines, place = setting_lines(strays, config, listed)
    return f"set {' and '.join(f'`{line}`' for line in lines)} {place}"


def setting_lines(
    strays: Sequence[str], config: Config, listed: Collection[str]
) -> tuple[tuple[str, ...], str]:
    """The configuration lines that audit every one of ``strays``, and where to set them:
    their folder (the folder above one named by a date, `series_home`) added by
    ``extend-series`` when a date or a number in the name, or a second
    such file beside it, makes a series of it and the folder's other tracked markdown files (of
    ``listed``) are none but an index, a template or a document about handoffs; else (a file
    not ``.md``, which no series reads, too) the file added by ``extend-packets``."""
    other_notes = other_markdown(listed, strays)
    notes = [name for name in strays if name.lower().endswith(".md")]
    folders: list[str] = []
    files: list[str] = []
    for name in strays:
        folder = name.rpartition("/")[0]
        beside = sum(other.rpartition("/")[0] == folder for other in notes)
        dated = name_key(name) is not None or beside > 1
        if name in notes and folder and dated and folder not in other_notes:
            folders.append(literal(series_home(folder)))
        else:
            files.append(literal(name))
    source, lines = config.key_file, []
    if folders:
        added = [folder for folder in dict.fromkeys(folders) if folder not in config.series]
        lines.append(setting_line(source, "extend-series", [*config.extend_series, *added]))
    if files:
        lines.append(setting_line(source, "extend-packets", [*config.extend_packets, *files]))
    return tuple(lines), setting_place(source)


def other_markdown(listed: Collection[str], strays: Sequence[str]) -> dict[str, list[str]]:
    """The folders of ``strays`` that hold other tracked markdown files (of ``listed``) than
    those, an index, a template or a document about handoffs, each with those files: made a
    series, their newest file, a plan or a report, would be judged as the current handoff."""
    folders = {name.rpartition("/")[0] for name in strays}
    kept = set(strays)
    held: dict[str, list[str]] = {}
    for name in listed:
        folder, _, base = name.rpartition("/")
        if folder not in folders or name in kept or not base.lower().endswith(".md"):
            continue
        if not NOT_IN_SERIES.match(base) and not about_handoffs(base):
            held.setdefault(folder, []).append(name)
    return {folder: sorted(names) for folder, names in held.items()}


SERIES_HOME = "docs/sessions"
"""Where `_moves` puts numbered runs of root files: a default series folder, the one counted
holding numbered session notes (docs/handoff-names.md)."""
_DIGITS = re.compile(r"\d+")
_SEPARATORS = re.compile(r"[-_. ]+")


def _moves(
    strays: Sequence[str], config: Config, listed: Collection[str]
) -> tuple[frozenset[str], tuple[str, str] | None]:
    """The numbered runs among ``strays`` that `setting_lines` cannot make a series where they
    are (at the root, which no ``series`` glob finds, or in a folder with other markdown files),
    and the words and command that move them into a series folder: ``docs/sessions/`` for
    root files, ``FOLDER/handoffs/`` else. A run is two or more markdown files of one folder
    whose names differ only in their numbers (``SESSION_4_HANDOFF.md``, ``SESSION_5_HANDOFF.md``;
    ``session8_continuation.md``, ``session_10_continuation.md``): older sessions' notes, history
    once their newest is current, which ``extend-packets`` would judge each as a live note."""
    other_notes = other_markdown(listed, strays)
    by_pattern: dict[tuple[str, str], list[str]] = {}
    for name in strays:
        folder, _, base = name.rpartition("/")
        if not base.lower().endswith(".md") or (folder and folder not in other_notes):
            continue
        if name_key(name) is None:
            continue
        pattern = _SEPARATORS.sub("", _DIGITS.sub("#", base.lower()))
        by_pattern.setdefault((folder, pattern), []).append(name)
    runs = [names for names in by_pattern.values() if len(names) > 1]
    if not runs:
        return frozenset(), None
    commands, homes = [], []
    for folder in dict.fromkeys(names[0].rpartition("/")[0] for names in runs):
        moved = [name for names in runs for name in names if name.rpartition("/")[0] == folder]
        home = f"{folder}/handoffs" if folder else SERIES_HOME
        homes.append(home)
        files = " ".join(quote(name) for name in moved)
        commands.append(f"mkdir -p {quote(home)} && git mv -- {files} {quote(home)}/")
    moved_all = frozenset(name for names in runs for name in names)
    first, last = min(moved_all, key=_in_run), max(moved_all, key=_in_run)
    unseen = [home for home in homes if not matches_any_case(home, config.series)]
    then = f" (then add {', '.join(unseen)} to `extend-series`)" if unseen else ""
    runs_are = "one numbered run" if len(runs) == 1 else "numbered runs"
    words = (
        f"{first} … {last} are {runs_are} (the newest current, the older ones history): to "
        f"audit them as a series, move them into a series folder{then}:"
    )
    return moved_all, (words, " && ".join(commands))


def _in_run(name: str) -> tuple[int, ...]:
    """The numbers in ``name``: its place in its run."""
    return tuple(int(number) for number in _DIGITS.findall(name.rpartition("/")[2]))
