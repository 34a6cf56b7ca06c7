"""Finding packet files, and pairing each JSON packet with its markdown twin.

Inside a git repository the candidate list comes from one ``git ls-files`` call, so what git
ignores is skipped for free. Outside one, the tree is walked, skipping ``.git``,
``node_modules`` and virtual environments. Either way only files matching the ``packets`` globs
are kept; a file named explicitly on the command line is always kept. The packet schema that the
configuration names by path is never a packet, wherever it sits.

A folder matching the ``series`` globs holds a **series** of markdown handoffs: its newest file
(by the date in its name, else the number in it, else its last commit, else its modification
time: `series_order`) is the current handoff and is audited; the older ones are its history,
listed and never judged. A folder that holds JSON packets, or is a code package (source code
and no dated handoff: ``src/x/handoffs/``, `code_package`), is never a series, and an index or
template (``README.md``, ``TEMPLATE.md``, ``YYYY-MM-DD-topic.md``) is never part of one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from handoff_audit import shell
from handoff_audit.config import Config
from handoff_audit.cwd_paths import from_cwd
from handoff_audit.engine.code_package import code_packages, is_code_file
from handoff_audit.engine.series_guides import undated_guides
from handoff_audit.engine.series_links import without_aliases
from handoff_audit.engine.series_order import (
    DATED,
    NUMBERED,
    month_first,
    name_key,
    newest_first,
    tied,
)
from handoff_audit.engine.series_pointers import without_pointers
from handoff_audit.engine.series_readme import not_handoffs
from handoff_audit.errors import InputError
from handoff_audit.git import file_listing, plumbing, series_dates, tracked
from handoff_audit.git_folder import bare_repository, bare_repository_problem
from handoff_audit.globs import matches_any_case, positives
from handoff_audit.model.packet import (
    archive_folder,
    is_agent_file,
    named_block_file,
    named_packet,
    packet_of,
    series_file,
    series_glob,
    series_template,
)
from handoff_audit.model.repo_history import SeriesGuess
from handoff_audit.model.series_names import name_says, series_home

SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".svn", "node_modules", ".venv", "venv", ".tox", ".nox", "__pycache__"}
)
"""Folders never searched: version control internals, dependencies, virtual environments."""


@dataclass(frozen=True, slots=True)
class PacketFiles:
    """The file(s) of one packet."""

    path: str
    """The packet, absolute: a JSON file, or a markdown-only handoff. (A string, not a `Path`:
    speed, building and hashing 20,000 `Path` objects was a third of discovery and pairing.)"""
    kind: str
    """``json`` or ``markdown``."""
    markdown: str | None
    """The JSON packet's markdown twin when it exists; the file itself for markdown-only."""


def absolute(path: Path) -> Path:
    """``path`` made absolute with its folders' links resolved, but not the file's own link.

    A packet that is a link must stay a link here, so that loading can refuse one that leads out
    of the repository instead of following it.
    """
    full = Path(os.path.abspath(path))
    if not full.name:
        return full.resolve()
    return full.parent.resolve() / full.name


def _as_given(path: Path) -> str:
    """``path`` (absolute) named from the current folder, or absolute when it lies outside it
    (``/dev/zero``, not ``../../dev/zero``, nor ``zero`` from the folders' common parent)."""
    shown = from_cwd(path)
    return str(path) if shown.startswith("../") else shown


def find_root(paths: tuple[Path, ...], command: str = "check") -> Path:
    """The repository root: git's top level around the first path, found by looking for
    ``.git`` upwards (no git process). Outside git: the folder named (`_one_folder`: two that
    hold neither the other are refused), else the common parent of the files' folders (the
    current one for a file under it, else its own). In a bare
    repository: `InputError` (it has no files; ``command`` is the one its message says to run
    in a clone)."""
    first = paths[0]
    start = first if first.is_dir() and not first.is_symlink() else first.parent
    for folder in (start, *start.parents):
        if os.path.lexists(folder / ".git"):
            return folder
    bare = bare_repository(str(start))
    if bare is not None:
        # A bare repository (a server's) holds commits but no files: never "no packets found".
        raise InputError(bare_repository_problem(bare, command))
    # Outside git, a folder named is the root its packets are judged from (their pointers,
    # its configuration), wherever the command runs; a file named under the current folder
    # is judged from there, one elsewhere from its own folder.
    folders = [p for p in paths if p.is_dir() and not p.is_symlink()]
    if folders:
        return _one_folder(folders, paths, command)
    cwd = Path.cwd().resolve()
    starts = [
        p if p.is_dir() and not p.is_symlink() else (cwd if p.is_relative_to(cwd) else p.parent)
        for p in paths
    ]
    return Path(os.path.commonpath(starts))


def _one_folder(folders: list[Path], paths: tuple[Path, ...], command: str) -> Path:
    """Outside git, the folder named that holds every path named: the root. Two folders
    neither of which holds the other are two roots (each with its own pointers and
    configuration), which one run cannot judge: `InputError` saying to name one at a time."""
    top = Path(os.path.commonpath(folders))
    if top in folders and all(path.is_relative_to(top) for path in paths):
        return top
    named = ", ".join(_as_given(path) for path in paths)
    first = shell.quote_path(_as_given(folders[0]))
    raise InputError(
        f"{named}: outside git each folder named is its own root (its packets' pointers and "
        f"its .handoff-audit.yml are read from it); name one folder at a time, e.g. "
        f"`handoff-audit {command} {first}`"
    )


Many = tuple[int, Callable[[], None]]
"""A count of JSON packet files and what to call when discovery has seen that many."""


@dataclass(slots=True)
class Found:
    """What discovery found: the files to audit, and the history of each series' current file."""

    names: list[str]
    """Every packet file to audit, absolute, sorted (as `Path` objects sort), without
    duplicates."""
    history: dict[Path, tuple[str, ...]] = field(default_factory=dict)
    """A series' current handoff -> its older files (relative to the root, newest first)."""
    lexists: Callable[[str], bool] = os.path.lexists
    """`os.path.lexists` of an absolute path, from the folder listings discovery made."""
    unordered: dict[str, SeriesGuess] = field(default_factory=dict)
    """A series' current handoff (relative to the root) that a shallow clone could not tell
    from the others -> why, and the files of the same date when that is what it could not
    tell."""
    repo: plumbing.RepoInfo | None = None
    """The repository, when discovery read it (to date a series by its commits)."""
    passed_over: dict[str, str] = field(default_factory=dict)
    """A file without a date in its name, last changed after the day of its dated series'
    current handoff -> that current handoff (both relative to the root): it ranks below every
    dated file, so the one probably written last is not the one audited."""
    templates: list[str] = field(default_factory=list)
    """The templates and indexes by name (``YYYY-MM-DD-topic.md``, ``TEMPLATE.md``,
    ``README.md``) in folders the ``series`` globs match (relative to the root): never audited
    as handoffs, but committed, so scanned for credentials (`secret`) like a series' older
    files."""

    series: frozenset[str] = frozenset()
    """The folders that are a series in fact (relative to the root): the ``series`` globs match
    them, and git lists a handoff of the series in them and no JSON packet."""
    searched: tuple[str, ...] = ()
    """The folders searched (relative to the root, ``""`` for all): `series` tells of them."""
    left_out: list[str] = field(default_factory=list)
    """The files a ``packets`` glob matches and a later ``!`` entry excludes (relative to the
    root, sorted): never audited as packets, but committed, so scanned for credentials
    (`secret`) like a series' older files."""
    archived: list[str] = field(default_factory=list)
    """The files of series folders under an archive folder (`archive_folder`:
    ``docs/archive/handoffs/``, relative to the root, sorted): history, listed and never
    judged, but committed, so scanned for credentials (`secret`)."""
    pointers: dict[str, str] = field(default_factory=dict)
    """A series' text pointer (`series_pointers`: ``LATEST.md`` holding the name of another of
    its files) -> the file it names (both relative to the root): never audited nor ordered."""
    agent_notes: list[str] = field(default_factory=list)
    """The files in an agent's folder (`is_agent_file`) that ``block-files`` names, which
    discovery does not audit (relative to the root): the merge gate reads them alone."""

    def current_names(self, root: Path) -> list[str]:
        """Each series' current file, relative to ``root``."""
        return [path.relative_to(root).as_posix() for path in self.history]

    @property
    def files(self) -> list[Path]:
        """`names` as `Path` objects."""
        return [Path(name) for name in self.names]


def discover(root: Path, paths: tuple[Path, ...], config: Config) -> list[Path]:
    """Every packet file (JSON or markdown) under ``paths``, absolute, sorted, without duplicates
    (of a series, only its current handoff).

    ``paths`` are absolute and under ``root``; a path that does not exist is an `InputError`.
    """
    return discover_all(root, paths, config).files


def discover_all(
    root: Path,
    paths: tuple[Path, ...],
    config: Config,
    many: Many | None = None,
    fetch_history: bool = False,
) -> Found:
    """`discover`, with the history of each series found. ``many``: a count and what to call
    once, when a search of folders has seen that many JSON packet files (each one packet, twins
    aside: the audit forks its workers then, so that they prepare while discovery goes on).
    ``fetch_history``: a shallow clone may be deepened to date a series by its commits."""
    explicit: set[Path] = set()
    folders: list[str] = []
    for path in paths:
        try:
            relative = path.relative_to(root).as_posix()
        except ValueError:
            raise InputError(
                f"{path} is outside the repository {root}; audit one repository at a time"
            ) from None
        if not os.path.lexists(path):
            raise InputError(f"{path}: no such file or folder")
        if path.is_dir() and not path.is_symlink():
            folders.append("" if relative == "." else relative)
        elif path.suffix.lower() in (".json", ".md"):
            explicit.add(path)
        else:
            raise InputError(
                f"{_as_given(path)}: not a handoff file; name a packet (.json), a handoff "
                "markdown file (.md) or a folder to search"
            )
    schema = _schema_file(root, config)
    found = {str(path) for path in explicit if path.resolve() != schema}
    there = _Listing()
    result = Found([], lexists=there.lexists)
    if folders:
        packets: set[str] = set()
        code: set[str] = set()
        templates: set[str] = set()
        present = _present(root, folders, config, (packets, code, templates), there, many)
        series = _series(present, packets, config, code) if config.series else {}
        series, result.archived = _archives(series)
        series, said = _readme_says(root, series, config)
        series = _without_links(root, series, result)
        result.templates = _templates(templates.union(said), packets, code)
        result.left_out = _left_out(root, folders, config, there)
        result.series, result.searched = frozenset(series), tuple(folders)
        not_audited = {name for names in series.values() for name in names}
        not_audited.update((*result.archived, *result.pointers))
        if schema is not None and schema.is_relative_to(root.resolve()):
            not_audited.add(schema.relative_to(root.resolve()).as_posix())
        result.agent_notes = _agent_notes(root, present, packets, config)
        found.update(_audited(root, present, packets, not_audited))
        _current_of(root, series, result, fetch_history)
        found.update(str(path) for path in result.history)
    result.names = sorted(found, key=_in_order)
    return result


def _without_links(root: Path, series: dict[str, list[str]], found: Found) -> dict[str, list[str]]:
    """``series`` without their live-name links to another of their files (`series_links`) and
    their text pointers (`series_pointers`), which go to ``found.pointers``; a folder left
    with no file is no series."""
    kept = {}
    for folder, names in series.items():
        kept[folder], pointers = without_pointers(root, without_aliases(root, names))
        found.pointers.update(pointers)
    return {folder: names for folder, names in kept.items() if names}


def _left_out(root: Path, folders: list[str], config: Config, there: _Listing) -> list[str]:
    """The files under ``folders`` that a ``!`` entry of ``packets`` leaves out (`Found.left_out`):
    none without one (speed: the listing is walked again only then)."""
    globs = positives(config.packets)
    if len(globs) == len(config.packets):
        return []
    base = str(root)
    return sorted(
        name
        for name in _candidates(root, folders)
        if matches_any_case(name, globs)
        and not named_packet(name, config)
        and there.lexists(os.path.join(base, name))
    )


def _schema_file(root: Path, config: Config) -> Path | None:
    """The packet schema the configuration names by path (resolved), never audited as a packet
    even where a ``packets`` glob matches it (``schemas/handoff.json``); None for the bundled
    schema or a URL."""
    if config.schema is None or config.schema.startswith("https://"):
        return None
    return Path(config.schema).resolve()


def _audited(
    root: Path, present: Iterable[str], packets: set[str], not_audited: set[str]
) -> Iterator[str]:
    """The ``packets`` names ``present`` that are audited, under ``root``: neither
    ``not_audited`` nor markdown in an agent's folder."""
    for name in present:
        if name in not_audited or (is_agent_file(name) and not name.lower().endswith(".json")):
            continue  # a JSON packet in an agent's prompt folder is one all the same
        if name in packets:
            yield _under(root, name)


def _agent_notes(
    root: Path, present: Iterable[str], packets: set[str], config: Config
) -> list[str]:
    """Those of the ``packets`` names ``present`` in an agent's folder (`is_agent_file`), not
    JSON, that ``block-files`` names: discovery does not audit them (`Found.agent_notes`)."""
    return [
        name
        for name in present
        if name in packets
        and is_agent_file(name)
        and not name.lower().endswith(".json")
        and named_block_file(name, config, lambda other: os.path.lexists(root / other))
    ]


def _under(root: Path, name: str) -> str:
    """``str(root / name)`` for a relative ``name`` with ``/`` separators, as git and the walk
    give them (no ``.``, no empty part)."""
    if os.sep != "/":
        return str(root / name)
    return os.path.join(str(root), name)


def _in_order(path: str) -> list[str] | tuple[str, ...]:
    """The order of ``sorted(paths)`` for absolute paths as `Path` objects sort, by a list of
    strings (speed: `Path.__lt__` was a fifth of discovery at 10,000 packets): every path
    starts with the same empty first part where `Path.parts` has ``/``."""
    if os.sep != "/":
        return Path(path).parts
    return path.split("/")


def _present(
    root: Path,
    folders: list[str],
    config: Config,
    found: tuple[set[str], set[str], set[str]],
    there: _Listing,
    many: Many | None,
) -> list[str]:
    """The listed files that are packets by name (added to ``found``'s first set) or could
    belong to a series, and are there: git also lists tracked files deleted from the work tree.
    A folder the ``series`` globs match that is a code package (`code_package`) goes to
    ``found``'s second set (no series); a template by name there (`series_template`) goes to its
    third. (Speed: only those are looked at on disk, and each folder is matched against
    ``series`` once.)"""
    packets, code, templates = found
    series_folder: dict[str, bool] = {}
    present = []
    base = str(root)
    at, call = many or (0, None)

    def has(name: str) -> bool:
        return there.lexists(os.path.join(base, name))

    for name in _candidates(root, folders):
        if named_packet(name, config, has):
            packets.add(name)
            if call is not None and _suffix(name).lower() == ".json":
                at -= 1
                if at == 0:
                    call()
        elif is_code_file(name):
            folder = name.rpartition("/")[0]
            if _series_glob(folder, config, series_folder) and has(name):
                code.add(name)
            continue
        elif not _in_series_folder(name, config, series_folder):
            if _template_in_series(name, config, series_folder) and has(name):
                templates.add(name)
            continue
        if has(name):
            present.append(name)
    code_files = set(code)
    code.clear()
    code.update(code_packages(code_files, present))
    return present


def _template_in_series(name: str, config: Config, known: dict[str, bool]) -> bool:
    """True for a `series_template` in a folder that ``series`` matches (``known``: by
    folder)."""
    folder, _, base = name.rpartition("/")
    return series_template(folder, base) and _series_glob(folder, config, known)


def _templates(templates: set[str], packets: set[str], code: set[str]) -> list[str]:
    """The ``templates`` (names) outside folders that hold JSON packets (``packets``: the
    names the packet globs match) or source code (``code``: such folders): those of a series'
    folder, sorted."""
    no_series = code | {name.rpartition("/")[0] for name in packets if name.endswith(".json")}
    return sorted(n for n in templates if n.rpartition("/")[0] not in no_series)


class _Listing:
    """``os.path.lexists`` of files under one folder, by listing each folder once (speed: a
    `lstat` per listed file was a fifth of discovery). A name the listing lacks is looked up
    itself, so the answer is `lexists`'s whatever the file system (case-insensitive ones)."""

    __slots__ = ("folders",)

    def __init__(self) -> None:
        self.folders: dict[str, frozenset[str]] = {}

    def lexists(self, path: str) -> bool:
        """`os.path.lexists` of ``path`` (absolute)."""
        folder, _, base = path.rpartition(os.sep)
        names = self.folders.get(folder)
        if names is None:
            try:
                with os.scandir(folder or os.sep) as entries:
                    names = frozenset(entry.name for entry in entries)
            except OSError:
                names = frozenset()
            self.folders[folder] = names
        return base in names or os.path.lexists(path)


def _in_series_folder(name: str, config: Config, known: dict[str, bool]) -> bool:
    """True for a `series_file` in a folder that ``series`` matches (``known``: by folder)."""
    folder, _, base = name.rpartition("/")
    return series_file(folder, base) and _series_glob(folder, config, known)


def _series_glob(folder: str, config: Config, known: dict[str, bool]) -> bool:
    """True for a folder that ``series`` matches (``known``: by folder)."""
    in_series = known.get(folder)
    if in_series is None:
        in_series = known[folder] = series_glob(folder, config.series)
    return in_series


def _series(
    names: list[str], packets: set[str], config: Config, code: set[str]
) -> dict[str, list[str]]:
    """Markdown files of each folder matching ``series`` (direct children, and those of its
    folders named by a date, `series_home`), by folder; a folder that holds JSON packets
    (``packets``: the names the packet globs match) or source code files (``code``: such
    folders, a code package) is never a series."""
    by_folder: dict[str, list[str]] = {}
    json_folders: set[str] = set()
    series_folder: dict[str, bool] = {}
    for name in names:
        folder = name.rpartition("/")[0]
        if name.endswith(".json") and name in packets:
            json_folders.add(folder)
        elif _in_series_folder(name, config, series_folder):
            by_folder.setdefault(series_home(folder), []).append(name)
    left_out = json_folders | code
    kept = {
        f: [n for n in names if n.rpartition("/")[0] not in left_out]
        for f, names in by_folder.items()
    }
    return {f: sorted(names) for f, names in kept.items() if names}


def _archives(series: dict[str, list[str]]) -> tuple[dict[str, list[str]], list[str]]:
    """``series`` without the folders under an archive folder (`archive_folder`), and those
    folders' files (`Found.archived`)."""
    archived = sorted(n for f, names in series.items() if archive_folder(f) for n in names)
    return {f: n for f, n in series.items() if not archive_folder(f)}, archived


def series_folders(root: Path, config: Config) -> frozenset[str]:
    """`Found.series` of the whole repository at ``root``, without dating any series (one
    ``git ls-files``)."""
    if not config.series:
        return frozenset()
    packets: set[str] = set()
    code: set[str] = set()
    present = _present(root, [""], config, (packets, code, set()), _Listing(), None)
    series = _archives(_series(present, packets, config, code))[0]
    return frozenset(_readme_says(root, series, config)[0])


def _readme_says(
    root: Path, series: dict[str, list[str]], config: Config
) -> tuple[dict[str, list[str]], list[str]]:
    """``series`` without the files their folder's README says are no handoffs (templates,
    another matter's data: `series_readme.not_handoffs`) and its undated guides
    (`series_guides`), and those files; a folder left with none is no series."""
    kept: dict[str, list[str]] = {}
    said: list[str] = []
    for folder, names in series.items():
        others = not_handoffs(root, folder, names) | undated_guides(root, names, config)
        said.extend(sorted(others))
        rest = [name for name in names if name not in others]
        if rest:
            kept[folder] = rest
    return kept, said


def _current_of(root: Path, series: dict[str, list[str]], found: Found, fetch: bool) -> None:
    """Each series' newest file -> the older ones, newest first (`series_order`), into
    ``found.history``. Files without a date or a number in their name, and files whose name
    ties with another's (two dated the same day), are dated by their last commit (one git call
    for all, `series_dates`), else their modification time; a series that
    only commits order, or whose newest name ties with another's, and whose newest file a
    shallow clone cannot date, is named in ``found.unordered`` (``fetch``: the clone may be
    deepened first, as `ci` and ``check --fetch-history`` allow)."""
    by_commit = [names for names in series.values() if _commit_ordered(names)]
    undated = [name for names in series.values() for name in names if name_key(name) is None]
    ties = [name for names in series.values() for name in tied(names)]
    committed: dict[str, tuple[int, int]] = {}
    by_git: dict[str, int] = {}
    blind: set[str] = set()
    reason = ""
    mixed = any(
        any(name_key(n) is None for n in names) and any(name_key(n) is not None for n in names)
        for names in series.values()
    )  # an undated file among dated ones: whether it came later, only its commit tells
    heads = [_numbered_head(names) for names in series.values()]  # what came later than it
    undated += [head for head in heads if head is not None]
    if (by_commit or ties or mixed) and (root / ".git").exists():

        def settled(dates: series_dates.CommitDates) -> bool:
            return not any(
                _guessed(names, newest_first(names, dates.order)[0], dates.blind)
                for names in series.values()
            )

        dates = series_dates.last_commit_dates(root, undated + ties, fetch, settled)
        # by_git: a checkout's modification times say nothing of who came last
        by_git, blind, reason = dates.times, dates.blind, dates.missing_reason
        committed = dict(dates.order)
        found.repo = dates.repo
    for name in undated + ties:
        if name not in committed:
            try:
                committed[name] = (int(os.lstat(root / name).st_mtime), 1)
            except OSError:
                committed[name] = (0, 0)
    for names in series.values():
        ordered = newest_first(names, committed)
        found.history[root / ordered[0]] = tuple(ordered[1:])
        found.passed_over.update(_passed_over(ordered, by_git, month_first(names)))
        if _guessed(names, ordered[0], blind):
            others = _tied_with(ordered[0], names) - {ordered[0]}
            found.unordered[ordered[0]] = SeriesGuess(reason, tuple(sorted(others)))


DAY_SECONDS = 24 * 60 * 60
"""A dated name's day: a file changed within it may belong to it."""


def _numbered_head(names: list[str]) -> str | None:
    """The current file of the series ``names`` when a number in its name made it so and a
    file of the series has neither a date nor a number (`_passed_over` compares their commits)."""
    head = newest_first(names, {})[0]
    key = name_key(head, month_first(names))
    if key is None or key[0] != NUMBERED or name_says(head):
        return None
    return head if any(name_key(n) is None for n in names) else None


def _passed_over(
    ordered: list[str], committed: dict[str, int], months_first: bool
) -> dict[str, str]:
    """The files of one series (``ordered`` newest first) with neither a date nor a number in
    their name, nor one that says they are history (`name_says`), whose last change
    (``committed``) comes after the day of the dated current handoff, or after the last commit
    of the numbered one -> it."""
    current = name_key(ordered[0], months_first)
    if current is None or name_says(ordered[0]):
        return {}
    if current[0] == DATED:
        after = current[1][0] + DAY_SECONDS
    elif ordered[0] in committed:
        after = committed[ordered[0]] + 1
    else:
        return {}
    return {
        name: ordered[0]
        for name in ordered[1:]
        if name_key(name, months_first) is None
        and not name_says(name)
        and committed.get(name, 0) >= after
    }


def _guessed(names: list[str], newest: str, blind: set[str]) -> bool:
    """Whether ``newest`` of the series ``names`` is only a guess: a shallow clone hides its
    last commit (``blind``), and only commits order the series or tell it from a file of the
    same date."""
    return newest in blind and (_commit_ordered(names) or bool(_tied_with(newest, names)))


def _tied_with(name: str, names: list[str]) -> set[str]:
    """The files of the series ``names`` whose name ties with ``name``'s (``name`` included),
    or nothing when no other does."""
    months_first = month_first(names)
    place = name_key(name, months_first)
    same = {other for other in tied(names) if name_key(other, months_first) == place}
    return same if len(same) > 1 else set()


def _commit_ordered(names: list[str]) -> bool:
    """True for a series of two files or more where only their last commits tell the newest:
    none has a date or a number in its name."""
    return len(names) > 1 and all(name_key(name) is None for name in names)


def _candidates(root: Path, folders: list[str]) -> Iterator[str]:
    """Relative paths of every file under ``folders`` that is worth matching against globs."""
    if (root / ".git").exists():
        try:
            listing = file_listing.list_files_tracked(root, [f or "." for f in folders])
        except plumbing.UnsafeRepository:
            raise InputError(
                f'git refuses the repository {root}: it belongs to another user ("dubious '
                "ownership\"), and without git's view ignored files would be audited; if you "
                f"trust it, run `git config --global --add safe.directory {root}` and audit again"
            ) from None
        if listing is not None:
            listed, tracked_names = listing
            tracked.remember(str(root.resolve()), folders, tracked_names)
            venvs = tuple(n[: -len("pyvenv.cfg")] for n in listed if n.endswith("/pyvenv.cfg"))
            for name in listed:
                parts = name.split("/")
                if SKIPPED_DIRS.isdisjoint(parts[:-1]) and not name.startswith(venvs):
                    yield name
            return
    for folder in _outermost(folders):
        yield from _walk(root, folder)


def _outermost(folders: Iterable[str]) -> list[str]:
    """Drop folders inside other folders of the list, so no file is walked twice."""
    kept: list[str] = []
    for folder in sorted(set(folders)):
        if not any(folder == k or folder.startswith(f"{k}/") or not k for k in kept):
            kept.append(folder)
    return kept


def _walk(root: Path, folder: str) -> Iterator[str]:
    base = root / folder if folder else root
    for current, dirs, files in os.walk(base):
        if "pyvenv.cfg" in files:  # a virtual environment, whatever its name
            dirs[:] = []
            continue
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]
        prefix = Path(current).relative_to(root).as_posix()
        for name in files:
            yield name if prefix == "." else f"{prefix}/{name}"


def pair(
    files: Iterable[Path | str], lexists: Callable[[str], bool] = os.path.lexists
) -> list[PacketFiles]:
    """Group discovered files into packets.

    A JSON file is a packet; its twin is the ``.md`` file of the same stem in the same folder,
    when it exists. A markdown file whose JSON sibling exists stands for that JSON packet (so
    ``check handoff.md`` audits the pair); any other markdown file is a markdown-only packet.
    ``lexists``: `os.path.lexists`, or discovery's `Found.lexists` (speed).
    """
    # By name, not by `Path` operations (speed: they were most of the pairing). A file that
    # discovery found exists; only one it did not list needs a look on disk (speed).
    jsons: list[str] = []
    markdowns: list[str] = []
    given = dict.fromkeys(map(str, files))
    # a sibling by its exact name: on a case-insensitive file system `lexists` finds
    # ``HANDOFF.json`` where ``handoff.json`` is, which is no sibling of ``HANDOFF.md``
    folded = {name.casefold(): name for name in given}
    for name in given:
        if _suffix(name).lower() == ".json":
            jsons.append(name)
            continue
        json_name = packet_of(name)  # str(packet_of(path))
        spelled = folded.get(json_name.casefold(), json_name) == json_name
        if json_name in given or (spelled and lexists(json_name)):
            jsons.append(json_name)
        else:
            markdowns.append(name)
    packets = [PacketFiles(name, "markdown", name) for name in markdowns]
    for name in dict.fromkeys(jsons):
        twin = name[: len(name) - len(_suffix(name))] + ".md"  # str(path.with_suffix(".md"))
        spelled = folded.get(twin.casefold(), twin) == twin
        markdown = twin if twin in given or (spelled and lexists(twin)) else None
        packets.append(PacketFiles(name, "json", markdown))
    return sorted(packets, key=lambda p: _in_order(p.path))


def _suffix(name: str) -> str:
    """``Path(name).suffix``."""
    base = name.rpartition("/")[2]
    dot = base.rfind(".")
    return base[dot:] if 0 < dot < len(base) - 1 else ""
