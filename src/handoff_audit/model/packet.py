"""The packet model, and the names of a packet's files. Discovery and loading live in
`engine.discovery` and `engine.loading`."""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from handoff_audit.credentials import json_may_hold_secret, show
from handoff_audit.globs import NEGATE, matches_any, matches_any_case, positives
from handoff_audit.lookalike import seen_name
from handoff_audit.model.handoff_words import about_handoffs, named_as_handoff
from handoff_audit.model.series_names import series_home

if TYPE_CHECKING:
    from handoff_audit.config import Config

PacketKind = Literal["json", "markdown"]
PathT = TypeVar("PathT", str, Path)

FINISHED_STATUSES = ("archived", "superseded")
"""The statuses that say a packet's work is finished: for the merge gate, only these, exactly
(a packet whose status is anything else, or none, counts as unfinished whatever the schema
accepts)."""


def is_finished(data: Mapping[str, Any]) -> bool:
    """True when the packet ``data``'s status is exactly one of `FINISHED_STATUSES`."""
    status = data.get("status")
    return isinstance(status, str) and status in FINISHED_STATUSES


def odd_status(data: Mapping[str, Any]) -> str | None:
    """How the status of the unfinished packet ``data`` reads in a message, when it is not
    exactly ``active`` (missing, another letter case, not a string); ``None`` when it is."""
    if "status" not in data:
        return "it has no `status`"
    status = data["status"]
    return None if status == "active" else f"its `status` is {show(status, 40)}"


PACKETS_FOLDER = ".handoff"
"""The folder where this tool writes packets (`new --topic`, the default ``packets`` glob)."""


def in_packets_folder(path: str) -> bool:
    """True for a file under a `PACKETS_FOLDER` (``path`` with ``/`` separators): this tool's
    own place, so that a file there is a packet, broken or not, never another tool's file."""
    return PACKETS_FOLDER in path.lower().split("/")[:-1]


@dataclass(slots=True)
class Packet:
    """One handoff packet as found on disk (or in a branch's tree, with ``--all-branches``)."""

    path: str
    """The packet file, relative to the repository root, with ``/`` separators."""
    kind: PacketKind
    """``json`` for handoff.json-style packets, ``markdown`` for markdown-only handoffs."""
    markdown_path: str | None = None
    """The markdown twin of a JSON packet when it exists; the file itself for markdown-only."""
    data: dict[str, Any] | None = None
    """The parsed JSON object; ``None`` when it could not be loaded or for markdown-only."""
    text: str | None = None
    """The packet file's text (JSON or markdown), when it could be read."""
    markdown_text: str | None = None
    """The markdown twin's text, when there is one and it could be read."""
    positions: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """JSON pointer -> (line, column), 1-based, of every value and key in the JSON."""
    key_positions: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """JSON pointer -> (line, column) of the member's key, for messages about a field itself."""
    ref: str | None = None
    """The branch this packet was read from with ``--all-branches``; ``None`` = the work tree."""
    history: tuple[str, ...] = ()
    """For the current handoff of a series: the series' older files, newest first (never
    judged)."""
    undecoded: tuple[tuple[str, str], ...] = ()
    """The packet's files that are not UTF-8 text (its path, its text with each undecodable
    byte as U+FFFD), read for the `secret` scan alone: one stray byte must not hide a
    credential. Lines and columns count as in `invalid-json`'s message."""
    shape: str | None = None
    """What a JSON file that parsed holds at its top when it is no object (``array``,
    ``number``), while the bundled schema judges: another tool's file, never a packet
    (`schema.foreign.foreign_file`); ``None`` otherwise."""
    linked: str | None = None
    """For a JSON packet file that is a symbolic link to a file holding no packet
    (``handoff.json -> README.md``): that file, from the top folder; the link is what to
    remove, never the file."""
    twin_drops: bool = field(default=False, repr=False, compare=False)
    """The markdown twin holds text a rendering of the packet would drop (set by the twin
    check): which side changed last decides whose text stands (`History.twin_newer`)."""
    known_clean: bool | None = field(default=None, repr=False, compare=False)
    """`clean`, once asked (the workers ask, so that this process does not scan the texts)."""

    @property
    def unread(self) -> bool:
        """True for a JSON packet file that could not be read; another tool's file that holds
        no object (`shape`) was read, and is no packet."""
        return self.kind == "json" and self.data is None and self.shape is None

    @property
    def topic(self) -> str:
        """The packet's topic; ``default`` when absent."""
        topic = (self.data or {}).get("topic")
        return topic if isinstance(topic, str) and topic else "default"

    @property
    def status(self) -> str | None:
        """The packet's status, when it is a string."""
        status = (self.data or {}).get("status")
        return status if isinstance(status, str) else None

    @property
    def branch(self) -> str | None:
        """The packet's branch, when it is a string."""
        branch = (self.data or {}).get("branch")
        return branch if isinstance(branch, str) else None

    @property
    def clean(self) -> bool:
        """True when the data was parsed from a text that holds no credential: nothing in it
        needs scanning or redacting (one scan of the text spares walking every string)."""
        if self.known_clean is None:
            self.known_clean = self.text is not None and not json_may_hold_secret(self.text)
        return self.known_clean

    def position(self, pointer: str) -> tuple[int | None, int | None]:
        """Line and column of the value at ``pointer``, or of its nearest ancestor."""
        while True:
            if pointer in self.positions:
                return self.positions[pointer]
            if not pointer:
                return (None, None)
            pointer = pointer.rsplit("/", 1)[0]


def _nothing(path: str) -> bool:
    return False


def rel(root: Path, path: Path | str) -> str:
    """``path`` relative to ``root`` with ``/`` separators."""
    base, full = str(root), str(path)
    if os.sep == "/" and full.startswith(base + "/"):
        return full[len(base) + 1 :]  # what relative_to says, without its parsing (speed)
    return Path(path).relative_to(root).as_posix()


def twin_of(packet: PathT) -> PathT:
    """The markdown twin of a JSON packet (a path or a glob, as `str` with ``/`` or as `Path`):
    same folder, same stem, ``.md``."""
    if isinstance(packet, Path):
        return packet.with_name(twin_of(packet.name))
    return posixpath.splitext(packet)[0] + ".md"


def packet_of(markdown: PathT) -> PathT:
    """The JSON packet whose twin ``markdown`` would be: same folder, same stem, ``.json``."""
    if isinstance(markdown, Path):
        return markdown.with_name(packet_of(markdown.name))
    return posixpath.splitext(markdown)[0] + ".json"


def with_packet_globs(block_files: tuple[str, ...]) -> tuple[str, ...]:
    """``block-files`` and, for each markdown glob, its JSON packets' glob: an ``X.md`` beside
    an ``X.json`` is that packet's twin (`named_block_file`)."""
    twins = (packet_of(glob) for glob in block_files if glob.lower().endswith(".md"))
    return (*block_files, *twins)


OTHER_MARKDOWN = (
    *(".markdown", ".mdown", ".mdwn", ".mkd", ".mkdn", ".mkdown", ".livemd", ".ronn", ".scd"),
    *(".workbook", ".mdx"),
)
"""The other extensions of a markdown file: every one GitHub shows as markdown (Linguist's
Markdown language: ``HANDOFF.markdown``, ``HANDOFF.mdown``, ``HANDOFF.mkd``, …) and the one a
documentation site builds (``HANDOFF.mdx``): for ``block-files``, the ``.md`` name's."""


_MARKDOWN = (".md", *OTHER_MARKDOWN)

_DUPLICATE = re.compile(
    r"(?:\s*-\s*copy|\s+copy)(?:\s*\(?\d+\)?)?$|\s+\d+$"
    r"|\s*\((?:\d+|(?:another |\d+(?:st|nd|rd|th) )?copy(?: \d+)?)\)$",
    re.IGNORECASE,
)
"""The end a file manager or a browser gives a duplicate's name: `` copy``, `` copy 2``
(macOS), `` - Copy``, `` - Copy (2)`` (Windows), `` (copy)``, `` (another copy)``,
`` (3rd copy)`` (GNOME), `` (1)``, ``(1)`` (a browser's download), `` 2`` (the
duplicate macOS and iCloud Drive make of a file changed on two devices: a space and a number,
never ``_V2`` or ``-2``, which name another file)."""


def md_spelling(path: str) -> str | None:
    """The ``.md`` name ``path`` stands for, when it is not that name itself: under another
    markdown extension (`OTHER_MARKDOWN`: ``HANDOFF.markdown`` -> ``HANDOFF.md``), or a near
    name of it (`_plain_stem`: ``HANDOFF copy.md``, ``HANDOFF (1).md``, ``HANDOFF 2.md``,
    ``HANDOFF.md.md``, ``HANDOFF..md``, ``HANDOFF .md``, and ``.HANDOFF.md`` with a leading
    dot); ``None`` for any other name."""
    folder, slash, base = path.rpartition("/")
    stem, extension = posixpath.splitext(base.lstrip("."))
    if extension.lower() not in _MARKDOWN or not (plain := _plain_stem(stem)):
        return None
    md = f"{folder}{slash}{plain}.md"
    return md if md != path else None


def _plain_stem(stem: str) -> str:
    """``stem`` without what a copy, a doubled extension or a slip of the keyboard adds to a
    name's end: whitespace and dots (``HANDOFF .md``, ``HANDOFF..md``), a markdown extension
    (``HANDOFF.md.md``) and a duplicate's suffix (`_DUPLICATE`), each as often as it is there."""
    while True:
        end = len(stem)
        while end and (stem[end - 1] == "." or stem[end - 1].isspace()):
            end -= 1
        plain = _DUPLICATE.sub("", stem[:end])
        root, extension = posixpath.splitext(plain)
        plain = root if extension.lower() in _MARKDOWN else plain
        if plain == stem:
            return plain
        stem = plain


def with_other_spellings(globs: tuple[str, ...]) -> tuple[str, ...]:
    """``globs`` and, for each including glob of ``.md`` files, its `OTHER_MARKDOWN` ones
    (``**/HANDOFF.markdown`` for ``**/HANDOFF.md``) and one that lists its near names
    (``**/*HANDOFF[ .(]*``, `md_spelling`, which judges them): what the merge gate lists."""
    md = [glob[:-3] for glob in positives(globs) if glob.lower().endswith(".md")]
    near = []
    for stem in md:
        folder, slash, last = stem.rpartition("/")
        near.append(f"{folder}{slash}*{last}[ .(]*")
    return (*globs, *(stem + extension for stem in md for extension in OTHER_MARKDOWN), *near)


def named_packet(path: str, config: Config, has: Callable[[str], bool] = _nothing) -> bool:
    """True when the ``packets`` globs match ``path`` (relative to the repository root, with
    ``/``), by `_handoff_names`' rule; ``has``: whether a path is there (an ``X.json``)."""
    return _handoff_names(path, config, has)[0]


def lookalike_packets(names: Iterable[str], config: Config) -> frozenset[str]:
    """Those of ``names`` that read as a JSON packet's name (`seen_name`: ``handoff.json ``
    with a trailing space, ``.handoff /x.json``) but that the ``packets`` globs do not match: no
    packet the audit reads, though one where agents look once merged. A markdown name
    (``HANDOFF.md ``) is a note's, blocked only as ``block-files`` blocks the name it reads as."""
    return frozenset(
        name
        for name in names
        if (seen := seen_name(name)) != name
        and seen.lower().endswith(".json")
        and not named_packet(name, config)
        and named_packet(seen, config)
    )


def named_block_file(path: str, config: Config, has: Callable[[str], bool] = _nothing) -> bool:
    """True when the ``block-files`` globs match ``path``, by `_handoff_names`' rule."""
    return _handoff_names(path, config, has)[1]


def blocked_twin(packet: str, config: Config) -> bool:
    """Whether the twin of the packet ``packet`` (from the top folder) is under a name
    ``block-files`` gives a working note as spelled (``HANDOFF.md`` of ``HANDOFF.json``), which
    the merge gate blocks whatever it holds."""
    return named_block_file(twin_of(packet), config, lambda _: True)


def unblocked_name(packet: str, config: Config) -> str:
    """The name the packet ``packet`` takes for its twin to be no working note's: its name in
    lower case (``handoff.json``) where the ``packets`` globs find it and its twin is not
    blocked, else under ``.handoff/``."""
    folder, _, base = packet.rpartition("/")
    stem = base.rpartition(".")[0].lower()
    name = f"{folder}/{stem}.json" if folder else f"{stem}.json"
    if not named_packet(name, config) or blocked_twin(name, config):
        name = f".handoff/{stem}.json"
    return name


def kept_on_purpose(path: str, config: Config) -> bool:
    """True for a working note that a ``block-files`` glob names but a ``!`` entry after it
    leaves out (``!packages/a/NEXT_SESSION.md``): the repository keeps it on its default branch
    on purpose, so it is kept current, never deleted as done."""
    return matches_any_case(path, positives(config.block_files)) and not named_block_file(
        path, config
    )


def _handoff_names(path: str, config: Config, has: Callable[[str], bool]) -> tuple[bool, bool]:
    """Whether ``packets`` and ``block-files`` match ``path``: letter for letter when either
    does; else ignoring letter case, as macOS and Windows see the name (``Handoff.md`` is
    ``HANDOFF.md`` there, so it is found and blocked like it). Two names keep their own meaning:
    one a glob matches letter for letter (``handover.md`` stays a kept log), and an ``X.md``
    beside an ``X.json`` (``has``), that file's twin, never a hand-written ``HANDOFF.md``. A
    twin's name with no JSON beside it (a lone ``handoff.md``) is the hand-written kind, blocked
    as its case variants are. A name that reads as another (`lookalike.seen_name`: format
    characters, ``HAND\\u200bOFF.md``, which GitHub shows as ``HANDOFF.md``; a Cyrillic O, a
    trailing space) is blocked as the name a reader sees is, and one under another markdown
    extension or a near name (`md_spelling`: ``HANDOFF.markdown``, ``HANDOFF copy.md``) as its
    ``.md`` name, a hand-written note, unless a glob (a ``!`` entry too) names it as it is
    spelled."""
    found = _names(path, config, has)
    if found[1]:
        return found
    md = md_spelling(path)
    if md is not None and not matches_any_case(path, _unnegated(config.block_files)):
        return found[0], _handoff_names(md, config, _nothing)[1]
    if not read_as_other(path, config):
        return found
    return found[0], _names(seen_name(path), config, lambda _: has(packet_of(path)))[1]


def read_as_other(path: str, config: Config) -> bool:
    """Whether ``block-files`` would find ``path`` only under the name a reader sees
    (`seen_name`): ``HANDOFF.md `` and ``HAND\u041eFF.md`` are read so; ``docs/español/HANDOFF.md``,
    which a glob matches as it is spelled (a ``!`` entry may leave it out), is not."""
    return seen_name(path) != path and not matches_any_case(path, positives(config.block_files))


def spelled_out(path: str, config: Config) -> bool:
    """Whether a ``block-files`` glob spells the characters of ``path`` a reader misses: it
    matches ``path`` but not the name a reader sees (`seen_name`), as ``" notes/HANDOFF.md"``
    matches the folder `` notes`` with its leading space. Such a name is the configured one,
    not a look-alike of it."""
    seen = seen_name(path)
    return seen != path and any(
        matches_any_case(path, (glob,)) and not matches_any_case(seen, (glob,))
        for glob in positives(config.block_files)
    )


@lru_cache(maxsize=16)
def _unnegated(globs: tuple[str, ...]) -> tuple[str, ...]:
    """``globs`` with each ``!`` entry as the glob it excludes: every name they speak of."""
    return tuple(glob.removeprefix(NEGATE) for glob in globs)


@lru_cache(maxsize=16)
def _including(packets: tuple[str, ...], block_files: tuple[str, ...]) -> tuple[str, ...]:
    """The globs of ``packets`` and ``block_files`` that include (no ``!``), once per list."""
    return (*positives(packets), *positives(block_files))


def _names(path: str, config: Config, has: Callable[[str], bool]) -> tuple[bool, bool]:
    """`_handoff_names` of ``path`` as it is spelled."""
    packets, block_files = config.packets, config.block_files
    if not matches_any_case(path, _including(packets, block_files)):
        return False, False  # most paths (speed: one match for them, as before)
    exact = matches_any(path, packets), matches_any(path, block_files)
    markdown = path.lower().endswith(".md")
    if markdown and has(packet_of(path)):
        return exact
    if exact[0] and not exact[1] and markdown and matches_any(packet_of(path), packets):
        # a twin's name with no JSON beside it (a lone ``handoff.md``): hand-written, so a note
        return True, matches_any_case(path, block_files)
    if any(exact):
        return exact
    return matches_any_case(path, packets), matches_any_case(path, block_files)


def is_packet_file(path: str, config: Config, *, twin: bool = True) -> bool:
    """True for a packet file (the configured ``packets`` globs, `named_packet`) or, with
    ``twin``, a packet's markdown twin; ``path`` relative to the repository root, with ``/``."""
    if named_packet(path, config):
        return True
    return twin and path.endswith(".md") and matches_any(packet_of(path), config.packets)


def is_handoff_file(path: str, config: Config) -> bool:
    """True for a packet file, its markdown twin, a block file (``block-files``), or a file of
    a series or of its archive (`of_a_series`): writing or moving one is handing off, not
    work."""
    packet, block = _handoff_names(path, config, _nothing)  # once: a long history asks often
    if packet or block:
        return True
    twin = path.endswith(".md") and matches_any(packet_of(path), config.packets)
    return twin or of_a_series(path, config)


_RECORD_SUFFIXES = (".md", ".markdown")
"""A series folder's own files of these kinds (its index, template, archive) are its records."""


def is_handoff_record(path: str, config: Config, series: Callable[[str], bool]) -> bool:
    """True for a handoff file (`is_handoff_file`), a markdown file named as one (`named_note`),
    or a record kept with the handoffs of a series: a markdown file (``README.md``,
    ``index.md``, a template, an archived note) or ``.gitkeep`` in or under a folder that is a
    series in fact (``series``, `engine.series_folders.SeriesFolders`: git lists a handoff of
    the series in it). Changing
    only such files is handing off, not work that moved on (``handoff-outdated``, the Stop
    hook, the brief's freshness); code and text files there, and any file in a folder only
    named like a series, still are work."""
    if is_handoff_file(path, config) or named_note(path):
        return True
    folder, _, base = path.rpartition("/")
    if not folder or not (base.lower().endswith(_RECORD_SUFFIXES) or base == ".gitkeep"):
        return False
    parts = folder.split("/")
    return any(series("/".join(parts[:end])) for end in range(len(parts), 0, -1))


@lru_cache(maxsize=4096)
def named_note(path: str) -> bool:
    """True for a markdown file named as a handoff, whatever the globs find
    (`handoff_words.named_as_handoff`: ``SESSION_12_HANDOFF.md``,
    ``docs/generated/session_16_continuation.md``), not one about handoffs
    (``handoff-protocol.md``): what `check`'s note on such files may name."""
    base = path.rpartition("/")[2]
    return base.lower().endswith(_MARKDOWN) and named_as_handoff(path) and not about_handoffs(base)


_SLOT_NAME = (
    # the date's slot: "YYYY-MM-DD", "yyyymmdd", "DD.MM.YYYY", "MM-DD-YY", "YYYY-MM"
    r"(?:y{4}(?:[-_.]?m{2}(?:[-_.]?d{2})?)?|y{2}[-_.]?m{2}[-_.]?d{2}"
    r"|(?:d{2}[-_.]?m{2}|m{2}[-_.]?d{2})[-_.]?y{2}(?:y{2})?)"
    # an optional time's slot: "-HHMM", "_HH-MM-SS"
    r"(?:[-_.t]?hh[-_.]?mm(?:[-_.]?ss)?)?"
    # an optional generic slot word: "-topic", "_<slug>", "-{title}"
    r"(?:[-_. ]?[<{\[]*(?:topic|slug|title|name|description|subject|summary)[>}\]]*)?"
)
"""A name that is the slot pattern of a series' names itself, and nothing of its own."""

_REAL_DATE = r"\d{4}[-_.]?\d{2}[-_.]?\d{2}(?!\d)|(?<!\d)\d{2}[-_.]\d{2}[-_.]\d{4}"
"""A full date in digits (``2026-03-02``, ``20260302``, ``02.03.2026``): a name that has one is
a dated handoff's, whatever topic words it also holds (``2026-03-02-reset-email-template.md``)."""

_TEMPLATE_STEM = rf"(?:(?!.*(?:{_REAL_DATE})).*template.*|{_SLOT_NAME})"
NOT_IN_SERIES = re.compile(rf"(?i)^(?:readme|_?index|{_TEMPLATE_STEM})\.md$")
"""An index (``README.md``, ``index.md``, ``_index.md``, the "Session History" table some
series keep) or a template beside the handoffs of a series is not one of them: a template is
named so (``TEMPLATE.md``, ``_template.md``), or its stem is the slot pattern of the series'
names, optionally with a generic slot word (``YYYY-MM-DD-topic.md``, ``yyyymmdd.md``). A name
with a real date or words of its own (``2026-12-03-switch-dates-to-yyyy-mm-dd.md``) is a
handoff, whatever slot letters it also holds, and one with a real date is whatever its topic
(``2026-03-02-reset-email-template.md``)."""


def series_file(folder: str, base: str) -> bool:
    """A markdown file in a folder, neither an index nor a template, nor under an agent's
    command, prompt or skill folder (``.claude/commands/handoffs/``: instructions, however the
    subfolder is named)."""
    return (
        bool(folder)
        and base.lower().endswith(".md")
        and not NOT_IN_SERIES.match(base)
        and not is_agent_file(folder + "/")
    )


ARCHIVE_FOLDERS = frozenset({"archive", "archived", "archives", "old"})
"""Folder names (any case) that say what is under them is history: a series folder below one
(``docs/archive/handoffs/``) is an archive, never judged nor written into."""


def archive_folder(folder: str) -> bool:
    """True for a folder (from the root, with ``/``) under or named an `ARCHIVE_FOLDERS` one."""
    return any(part.lower() in ARCHIVE_FOLDERS for part in folder.split("/"))


def series_template(folder: str, base: str) -> bool:
    """A template or an index by its name (`NOT_IN_SERIES`: ``TEMPLATE.md``, ``README.md``,
    ``index.md``) in a folder, not under an agent's command, prompt or skill folder: never a
    handoff of a series, but committed, so still scanned for credentials (`secret`)."""
    return bool(folder) and bool(NOT_IN_SERIES.match(base)) and not is_agent_file(folder + "/")


def untouched(series: Iterable[str], changed: Collection[str]) -> tuple[str, ...]:
    """The current files of a series (``series``) that the branch did not touch: not among
    the files its own work changed (``changed``). Such a file is the project's record, not the
    branch's handoff (docs/lifecycle.md); `show`, the hook and `handoff-outdated` agree on it."""
    return tuple(path for path in series if path not in changed)


def of_a_series(path: str, config: Config) -> bool:
    """True for a markdown handoff in a folder the ``series`` globs match, or in a folder named
    by a date in one (`series_home`: ``docs/sessions/20241215/session_log.md``), an archive
    folder (`archive_folder`) included: the series' live files and its history."""
    folder, _, base = path.rpartition("/")
    return series_file(folder, base) and series_glob(folder, config.series)


def series_glob(folder: str, globs: Iterable[str]) -> bool:
    """True when ``folder`` or, for a folder named by a date, its series' folder
    (`series_home`) matches one of the ``series`` ``globs``."""
    home = series_home(folder)
    return matches_any_case(folder, globs) or (home != folder and matches_any_case(home, globs))


def series_folder(path: str) -> str:
    """The folder of the series a file (``path``, from the root) is of, when it is of one: its
    own, or the one above a folder named by a date (`series_home`)."""
    return series_home(path.rpartition("/")[0])


def in_series(path: str, config: Config) -> bool:
    """True for a markdown handoff in a folder the ``series`` globs match, not an archive
    (`of_a_series`; the folder's JSON packets, which make it no series, are not looked at
    here)."""
    return of_a_series(path, config) and not archive_folder(path.rpartition("/")[0])


def series_handoff(path: str, config: Config) -> bool:
    """True for a file of a series (`in_series`) that no ``packets`` glob names as a working
    note (``docs/handoffs/HANDOFF.md``): such a file may finish by saying its work is finished,
    where a working note finishes by its deletion (docs/lifecycle.md)."""
    return in_series(path, config) and not is_packet_file(path, config)


_AGENT_FOLDER = re.compile(
    r"(?:^|/)(?:\.(?:claude|cursor|codex|gemini|opencode|windsurf|github|agents?)/"
    r"(?:commands|agents|skills|prompts|command|workflows|rules)|prompts|\.prompts|commands"
    r"|(?P<templates>templates))/"
    r"|(?:(?:^|/)plugins/[^/]+/|^)(?P<skills>skills/)(?=[^/]+/)"
)
"""An agent's command, prompt or skill folder, or a folder of templates at any depth, which a
program may load as its package data (``src/pkg/templates/skills/handoff.md``). ``skills/``
holds one folder per skill only at the repository's root (``skills/handoff/SKILL.md``, the
Agent Skills layout) or in a plugin (``plugins/wrap/skills/handoff/SKILL.md``); elsewhere
(``app/skills/billing/``) it is the project's own folder."""


def agent_folder(path: str) -> str | None:
    """The agent's command, prompt or skill folder ``path`` is in (``.claude/commands/``), or
    its folder of templates (`template_folder`, named from the top: ``src/pkg/templates/``), or
    None."""
    found = _AGENT_FOLDER.search(path)
    if found is None:
        return None
    if found.group("templates"):
        return path[: found.end()]
    return found.group("skills") or found.group(0).lstrip("/")


def template_folder(folder: str) -> bool:
    """True for a folder `agent_folder` names that is a folder of templates (``templates/``):
    a program may load what is in it, so its files stay where they are."""
    return folder.endswith("templates/")


def is_agent_file(path: str) -> bool:
    """True for a file in an agent's command, prompt or skill folder (``.claude/commands/``,
    ``prompts/``, a plugin's ``commands/`` at any depth, a skill's folder in a top-level
    ``skills/`` or a plugin's ``plugins/<name>/skills/``, ...): its markdown files about
    handoffs are instructions, not handoffs, so they are not searched for (one named on the
    command line is still audited), and the merge gate blocks one there only by a working note's
    name (`rules.merge`); a JSON packet there is found and gated like any other."""
    return _AGENT_FOLDER.search(path) is not None
