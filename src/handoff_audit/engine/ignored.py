"""Handoff files that exist but that git ignores: no commit can hold them, discovery (git's own
list of files) never sees them, and `git add` refuses them, so an agent told to commit its
packet would loop. Asked only where a handoff was looked for and not found, or beside a series'
files found (`ignored_beside`), in one git call."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from fnmatch import fnmatchcase
from pathlib import Path

from handoff_audit import shell
from handoff_audit.config import Config
from handoff_audit.engine.discovery import SKIPPED_DIRS
from handoff_audit.engine.loading import Unreadable, read_text
from handoff_audit.engine.series_links import alias_target, relink, series_link
from handoff_audit.engine.series_order import newest_first
from handoff_audit.engine.series_pointers import without_pointers
from handoff_audit.engine.series_readme import readme_text, says_ignored
from handoff_audit.git import plumbing
from handoff_audit.git.ignored import (
    IgnoreRule,
    committed_rules,
    ignored_among,
    ignored_files,
    ignored_within,
    ignoring_patterns,
)
from handoff_audit.globs import matches_any_case
from handoff_audit.jsonpos import JsonPositionError, parse
from handoff_audit.model.packet import (
    in_packets_folder,
    in_series,
    is_handoff_file,
    named_block_file,
    of_a_series,
)
from handoff_audit.schema.foreign import is_foreign

_WILDCARDS = frozenset("*?[")
_OTHERS = " ignores other files too"
"""How a reason says its line ignores more than the handoff files: one never to be deleted."""
_WHOLE = f"{_OTHERS}, all of "
"""How a reason says its line ignores a whole folder above the series (`_above`)."""


def ignored_handoffs(root: Path, config: Config) -> list[str]:
    """The handoff files (packets, twins, block files, series files; from the top folder) that
    exist in the work tree but are git-ignored; empty when git cannot say. Where git lists a
    wholly ignored folder alone (``.claude/``), the series folders at it are asked again, file
    by file (`_series_pathspecs`), and the series folders deeper in it (`_nested`): two git
    calls at most, whatever the number of folders. A series' text pointer (`series_pointers`,
    ``LATEST.md`` holding a file's name) is none: never judged nor handed over."""
    try:
        ignored = ignored_files(root)
        collapsed = [p for p in ignored if p.endswith("/")]
        within = sorted(
            {*_series_pathspecs(collapsed, config.series), *_nested(root, collapsed, config.series)}
        )
        if within:
            ignored = sorted({*ignored, *ignored_within(root, within)})
    except plumbing.GitError:
        return []
    found = [path for path in ignored if is_handoff_file(path, config)]
    pointers = without_pointers(root, [path for path in found if in_series(path, config)])[1]
    return [p for p in found if p not in pointers and another_tools(root, p, config) is None]


def another_tools(root: Path, path: str, config: Config) -> str | None:
    """Why the JSON file ``path`` (from the top folder ``root``; one git ignores, or one where
    `new` would write) is no packet of this branch's, or ``None``: ``"another tool's file"`` in
    another tool's shape, as `check` judges it (`foreign.is_foreign`, a JSON array), which a
    tool of the repository keeps local (a Cursor hook's ``handoff.json``); or, outside
    ``.handoff/``, ``"LINE:COLUMN: not valid JSON: REASON"``, as `check`'s `invalid-json`
    says it after the file's name: `new` writes none such. Only while the bundled schema
    judges."""
    if config.schema is not None or not path.lower().endswith(".json"):
        return None
    try:
        text = read_text(root / path, root.resolve(), config.max_file_bytes, bom=True)
    except Unreadable:
        return None
    try:
        data = parse(text).value
    except JsonPositionError as error:
        if in_packets_folder(path) or _ours(root, path, text):
            return None
        return f"{error.line}:{error.column}: not valid JSON: {error.reason}"
    if (not isinstance(data, dict) and not in_packets_folder(path)) or is_foreign(data, path):
        return FOREIGN
    return None


def _ours(root: Path, path: str, text: str) -> bool:
    """Whether the JSON file ``path`` that does not parse (``text``) is a packet of ours all
    the same: its twin is beside it (``handoff.md`` by ``handoff.json``), or it holds a field
    only our schema names (``last_known_good_commit``): a packet someone broke by hand."""
    twin = f"{path.removesuffix('.json').removesuffix('.JSON')}.md"
    return os.path.lexists(root / twin) or any(f'"{key}"' in text for key in _OUR_KEYS)


_OUR_KEYS = ("last_known_good_commit", "verdict_pointer", "next_action")
"""Fields of our schema that another tool's JSON file is unlikely to name."""


def broken_json(root: Path, files: Sequence[str], config: Config) -> list[str]:
    """For the JSON files of ``files`` (ignored packets of ours, from the top folder) that do
    not parse: ``PATH:LINE:COLUMN: not valid JSON: REASON``, as `check`'s `invalid-json`
    says it, so that the advice to commit them names the place to repair first."""
    said = []
    for path in files:
        if not path.lower().endswith(".json"):
            continue
        try:
            parse(read_text(root / path, root.resolve(), config.max_file_bytes, bom=True))
        except (Unreadable, JsonPositionError) as error:
            if isinstance(error, JsonPositionError):
                said.append(f"{path}:{error.line}:{error.column}: not valid JSON: {error.reason}")
    return said


FOREIGN = "another tool's file"
"""`another_tools`' words for a JSON file in another tool's shape."""


def ignored_beside(root: Path, found: Sequence[str], config: Config) -> list[str]:
    """The handoff files git ignores in the series folders of the files ``found`` (from the
    top folder: the handoffs an audit found), where a newer file of a series may hide beside
    its tracked ones (``docs/handoffs/`` under a ``docs/`` line); one git call, none without
    such a folder, empty when git cannot say."""
    folders = sorted({f.rpartition("/")[0] for f in found if in_series(f, config)})
    if not folders:
        return []
    try:
        ignored = ignored_within(root, [f":(literal){folder}/" for folder in folders])
    except plumbing.GitError:
        return []
    return [f for f in ignored if f.rpartition("/")[0] in folders and is_handoff_file(f, config)]


def _series_pathspecs(collapsed: Sequence[str], series: Sequence[str]) -> list[str]:
    """The pathspecs of the markdown files of the folders the ``series`` globs could match in
    or at the wholly ignored folders ``collapsed`` (``.claude/``, as git lists one): the glob
    ``**/.claude/handoffs`` gives ``.claude/handoffs/*.md``. A ``**/`` is tried at each level
    of the folder, not below it, lest a large ignored tree (``node_modules/``) be walked."""
    found = set()
    for folder in collapsed:
        parts = folder.rstrip("/").split("/")
        for glob in (g for g in series if not g.startswith("!")):
            rest = glob.removeprefix("**/")
            tops = range(len(parts) + 1) if rest != glob else range(1)
            for top in tops:
                named = rest.split("/")
                below = zip(parts[top:], named, strict=False)
                if top + len(named) >= len(parts) and all(
                    "**" in n or fnmatchcase(p.lower(), n.lower()) for p, n in below
                ):
                    whole = [*map(_literal, parts[:top]), *named]
                    found.add(":(glob,icase)" + "/".join(whole) + "/*.md")
    return sorted(found)


_WALK_BUDGET = 5_000
"""Folders `_nested` lists at most in each wholly ignored top folder: a build tree git ignores
whole (``target/``, ``build/``) can hold tens of thousands, and the Stop hook walks them on
every stop; each top folder has its own, so one such tree cannot use up another's."""
_WALK_TOTAL = 20_000
"""Folders `_nested` lists at most in one run, over all top folders."""
_WALK_DEPTH = 10
"""How many folders deep below a top folder `_nested` looks: a series folder sits shallow
(``x/.claude/handoffs`` is three deep, ``apps/web/src/feature/x/.claude/handoffs`` in a
monorepo seven), a build tree's folders deep; the budgets above bound the walk anyway."""


def _nested(root: Path, collapsed: Sequence[str], series: Sequence[str]) -> list[str]:
    """The pathspecs of the markdown files of the series folders below the wholly ignored
    folders ``collapsed`` that a ``**/`` glob of ``series`` matches at any depth
    (``tools/x/.claude/handoffs`` in ``tools/``, as `_series_pathspecs` does not try), found
    by walking those folders in this process (`_shallow_first`), without dependencies and
    virtual environments (`discovery.SKIPPED_DIRS`, which discovery outside git skips too),
    nor links."""
    if not any(g.startswith("**/") for g in series):
        return []
    found: list[str] = []
    total = _WALK_TOTAL
    for top in (t.rstrip("/") for t in collapsed if SKIPPED_DIRS.isdisjoint(t.split("/"))):
        if total <= 0:
            break
        folders = _shallow_first(root, top, min(_WALK_BUDGET, total))
        total -= len(folders)
        for name in (top, *folders):
            if matches_any_case(name, series):
                found.append(":(glob)" + "/".join(map(_literal, name.split("/"))) + "/*.md")
    return found


def _shallow_first(root: Path, top: str, budget: int) -> list[str]:
    """The folders below ``top`` (from the top folder), breadth first (those one deep, in name
    order, then two deep, down to `_WALK_DEPTH`), ``budget`` at most: a deep or wide tree
    below it is cut after the shallow folders a series sits in."""
    listed: list[str] = []
    level = [top]
    for _ in range(_WALK_DEPTH):
        deeper = []
        for folder in level:
            try:
                with os.scandir(root / folder) as entries:
                    names = sorted(
                        e.name
                        for e in entries
                        if e.name not in SKIPPED_DIRS and e.is_dir(follow_symlinks=False)
                    )
            except OSError:
                continue
            for name in names:
                if len(listed) >= budget:
                    return listed
                listed.append(f"{folder}/{name}")
                deeper.append(f"{folder}/{name}")
        level = deeper
    return listed


def _literal(name: str) -> str:
    return "".join(f"\\{ch}" if ch in "*?[\\" else ch for ch in name)


def stray_ignored(root: Path, config: Config, revision: str = "HEAD") -> tuple[str, ...]:
    """`ignored_handoffs` but those the repository's own ``.gitignore`` as the commit
    ``revision`` holds it keeps out of git (`owners_files`): the files a line keeps from a
    commit that should hold them."""
    return owners_files(root, ignored_handoffs(root, config), config, revision)[1]


def ignored_pair(packet: Path, twin: Path) -> list[Path]:
    """Those of a packet and its twin (one folder) that exist and git ignores; one git call,
    none when git cannot say."""
    present = [p for p in (packet, twin) if os.path.lexists(p)]
    if not present:
        return []
    try:
        ignored = ignored_among(packet.parent, [p.name for p in present])
    except plumbing.GitError:
        return []
    return [p for p in present if p.name in ignored]


def ignored_advice(shown: Sequence[str]) -> str:
    """The one line for ignored handoff files, ``shown`` as the reader's folder writes them
    (quoted for a shell)."""
    one = len(shown) == 1
    it = "it" if one else "them"
    return (
        f"{', '.join(shown)} {'is' if one else 'are'} ignored by git (a .gitignore line "
        f"matches), so no commit can hold {it} and the audit does not see {it}: remove that "
        f"line (`git check-ignore -v -- {' '.join(shown)}` names it), then commit {it}"
    )


def kept_advice(
    root: Path, files: Sequence[str], path_of: Callable[[str], str], revision: str = "HEAD"
) -> str:
    """The one line for handoff ``files`` (from the top folder; ``path_of`` writes one as the
    reader's folder does, quoted) that the repository's own ``.gitignore`` as the commit
    ``revision`` holds it keeps out of git (`owners_files`): the audit of git's files does not
    read them; naming the newest of each folder, its series' current file, does."""
    one = len(files) == 1
    folders = sorted({f.rpartition("/")[0] for f in files})
    newest = [newest_first([f for f in files if f.rpartition("/")[0] == d], {})[0] for d in folders]
    named = " ".join(path_of(f) for f in newest)
    return (
        f"{', '.join(path_of(f) for f in files)} {'is' if one else 'are'} kept out of git on "
        f"purpose ({owner_keeps_out(root, files, revision)}), so the audit of git's files does "
        f"not read {'it' if one else 'them'}: `handoff-audit check {named}` audits the newest "
        "as the work tree holds it"
    )


def ignored_fix(
    root: Path, files: Sequence[str], path_of: Callable[[str], str], config: Config
) -> tuple[str, str, str]:
    """The Stop hook's line, command and what follows it for ignored handoff ``files`` (from
    the top folder; ``path_of`` writes one as the agent's folder sees it, quoted): add them by
    force in a series that keeps its files out of git on purpose (`ignored_on_purpose`), and
    re-point its live-name link at the newest of them, or when the line ignores other files
    too (`broad_line`); else find and delete the line that ignores them."""
    shown = [path_of(f) for f in files]
    why = ignored_on_purpose(root, files, config)
    if why is not None:
        series = all(in_series(f, config) for f in files)
        links = _relinks(root, files, path_of) if series else []
        relinked = " with the series' link, which the command points at the new file" * bool(links)
        return (
            _kept_out_advice(shown, why) + _repair_first(root, files, config),
            f"git add -f -- {' '.join(shown)}" + "".join(f" && {cmd}" for cmd in links),
            f"then commit it{relinked}; the .gitignore line stays, as "
            + (
                "it keeps other files out of git"
                if _OTHERS in why
                else "the series keeps its other files out of git"
            ),
        )
    return (
        ignored_advice(shown) + _repair_first(root, files, config),
        f"git check-ignore -v -- {' '.join(shown)}",
        "delete the lines it prints from the file it names, then commit the handoff files",
    )


def hidden_advice(
    root: Path, files: Sequence[str], path_of: Callable[[str], str], config: Config
) -> str:
    """`ignored_fix`'s line alone, for `check`, `update` and `archive`: ignored handoff
    ``files`` (from the top folder; ``path_of`` writes one as the reader's folder does, quoted)
    of a series kept out of git on purpose are to be added by force, their line kept."""
    shown = [path_of(f) for f in files]
    why = ignored_on_purpose(root, files, config)
    said = _kept_out_advice(shown, why) if why is not None else ignored_advice(shown)
    return said + _repair_first(root, files, config)


def _repair_first(root: Path, files: Sequence[str], config: Config) -> str:
    """The words after the advice on ignored ``files`` naming where a packet of them does not
    parse (`broken_json`): to repair it there, as `check`'s `invalid-json` would say once it is
    committed; ``""`` when each parses."""
    broken = broken_json(root, files, config)
    if not broken:
        return ""
    return (
        f"; {'; '.join(broken)}: repair {'it' if len(broken) == 1 else 'them'} at that place "
        "first, keeping every value (`handoff-audit explain invalid-json`)"
    )


def _relinks(root: Path, files: Sequence[str], path_of: Callable[[str], str]) -> list[str]:
    """The commands that point each live-name link of the folders of ``files`` (series files)
    at the newest of them there, unless it already does."""
    commands = []
    for folder in sorted({f.rpartition("/")[0] for f in files}):
        link = series_link(root, folder)
        mine = [f for f in files if f.rpartition("/")[0] == folder]
        newest = newest_first(mine, {})[0]
        if link is not None and alias_target(root, link) != newest:
            commands.append(relink(link, newest, path_of))
    return commands


def _kept_out_advice(shown: Sequence[str], why: str) -> str:
    """The one line for handoff files (``shown``, quoted) of a series that keeps its files out
    of git on purpose (``why``, `kept_out`)."""
    one = len(shown) == 1
    it = "it" if one else "them"
    instead = ", or, to track the series' files from now on, remove that line instead"
    return (
        f"{', '.join(shown)} {'is' if one else 'are'} ignored by git on purpose ({why}), so "
        f"no commit holds {it} and the audit does not see {it}: add {it} by force "
        f"(`git add -f -- {' '.join(shown)}`) and commit {it}" + ("" if _OTHERS in why else instead)
    )


def ignored_on_purpose(root: Path, files: Sequence[str], config: Config) -> str | None:
    """`kept_out` for ``files`` that are all files of a series (``config``'s), else (and for
    others) `broad_line`: why the line that ignores them is not to be deleted; ``None`` when
    deleting it lets only handoff files into git."""
    if files and all(in_series(f, config) for f in files):
        return kept_out(root, files) or broad_line(root, files, files)
    return broad_line(root, files, files)


def ignored_line(folder: Path, names: Sequence[str], paths: Sequence[str]) -> str:
    """The one line for the ignored handoff files ``names`` (of ``folder``; ``paths``: each as
    the reader sees it, unquoted), as the Stop hook says it: `git add -f` for one a line
    ignores with other files (`broad_line`), else the line to remove."""
    shown = [shell.quote_path(path) for path in paths]
    why = broad_line(folder, names, paths)
    return _kept_out_advice(shown, why) if why is not None else ignored_advice(shown)


def broad_line(folder: Path, names: Sequence[str], paths: Sequence[str]) -> str | None:
    """Why a line that ignores one of the files ``names`` (of ``folder``; ``paths``, the same
    as the reader sees them) ignores more than handoff files, which deleting it would let into
    git: it ignores a folder they are in (``.claude/``, ``docs``), or it is a pattern
    (``*.json``); ``None`` when each line names its file alone (``HANDOFF.md``). One git call."""
    try:
        found = ignoring_patterns(folder, names)
    except plumbing.GitError:
        return None
    for name, path in zip(names, paths, strict=True):
        rule = found.get(name)
        if rule is None:
            continue
        line = rule.pattern.rstrip("/").lstrip("/").removeprefix("**/")
        last = line.rpartition("/")[2]
        folders = path.split("/")[:-1]
        if last in folders:
            where = "/".join(folders[: folders.index(last) + 1])
            return f"the .gitignore line `{rule.pattern}`{_WHOLE}{where}/"
        if _WILDCARDS & set(line) or last != path.rpartition("/")[2]:
            return f"the .gitignore line `{rule.pattern}`{_OTHERS}"
    return None


def owners_files(
    root: Path, files: Sequence[str], config: Config, revision: str = "HEAD"
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``files`` (ignored handoff files, from the top folder) split in two: those of series
    folders the repository's own ``.gitignore`` as the commit ``revision`` (`owner_revision`)
    holds it keeps out of git (`owner_keeps_out`) with the working notes it keeps local
    (`owner_notes`), and the rest. Four git calls at most, whatever the number of folders."""
    how = kept_out_how_by_folder(root, series_only(files, config), revision)
    notes = owner_notes(root, files, config, revision)
    kept = [f for f in files if how.get(f.rpartition("/")[0], ("", False))[1] or f in notes]
    return tuple(kept), tuple(f for f in files if f not in kept)


def owner_notes(
    root: Path, files: Sequence[str], config: Config, revision: str = "HEAD"
) -> list[str]:
    """Those of ``files`` (ignored handoff files, from the top folder) that are working notes
    outside a series (a ``block-files`` name, ``HANDOFF.md``, not a packet's twin) whose line
    is one of the repository's own ``.gitignore`` as the commit ``revision`` (`owner_revision`)
    holds it: the owner keeps working notes local, as a series kept out of git; never to be
    committed, by force or by deleting the line. Two git calls, none without such a note."""
    notes = [
        f
        for f in files
        if not of_a_series(f, config)
        and named_block_file(f, config, lambda p: os.path.lexists(root / p))
    ]
    if not notes:
        return []
    try:
        found = ignoring_patterns(root, notes)
        committed = committed_rules(root, set(found.values()), revision)
    except plumbing.GitError:
        return []
    return [f for f in notes if found.get(f) in committed]


def notes_advice(root: Path, notes: Sequence[str], path_of: Callable[[str], str]) -> str:
    """The one line for working ``notes`` (`owner_notes`; ``path_of`` writes one as the
    reader's folder does, quoted) that the repository's own ``.gitignore`` keeps local."""
    one = len(notes) == 1
    it = "it" if one else "them"
    named = " ".join(path_of(f) for f in notes)
    try:
        lines = sorted({rule.pattern for rule in ignoring_patterns(root, notes).values()})
    except plumbing.GitError:
        lines = []
    which = f" (`{'`, `'.join(lines)}`)" if lines else ""
    return (
        f"{', '.join(path_of(f) for f in notes)} {'is a working note' if one else 'are working'}"
        f"{'' if one else ' notes'} the repository's own .gitignore{which} keeps local, so the "
        f"audit of git's files does not read {it}: `handoff-audit check {named}` audits {it} "
        f"as the work tree holds {it}"
    )


def series_only(files: Sequence[str], config: Config) -> list[str]:
    """Those of ``files`` (from the top folder) whose folder's files among them are all files
    of a series (`in_series`)."""
    mixed = {f.rpartition("/")[0] for f in files if not in_series(f, config)}
    return [f for f in files if f.rpartition("/")[0] not in mixed]


def kept_out(root: Path, files: Sequence[str]) -> str | None:
    """Why ``files`` (from the top folder, each in a folder; there or about to be written) are
    kept out of git on purpose, or ``None``: git ignores each, and its folder's own
    ``README.md`` says its files are ignored, or the ignoring ``.gitignore`` pattern covers the
    folder's files with a wildcard (``.claude/handoffs/*.md``) instead of naming one file. One
    git call."""
    found = _kept_out(root, files)
    return found[0] if found is not None else None


def owner_keeps_out(root: Path, files: Sequence[str], revision: str = "HEAD") -> str | None:
    """`kept_out`, when every line that ignores ``files`` is one of the repository's own
    ``.gitignore`` files as the commit ``revision`` (`owner_revision`) holds it
    (`committed_rules`): the owner keeps them out of git, so they are never to be committed, by
    force or by deleting the line. One git call more."""
    how = kept_out_how(root, files, revision)
    return how[0] if how is not None and how[1] else None


def owner_revision(base: str | None) -> str:
    """The commit whose ``.gitignore`` lines are the owner's (`committed_rules`): the branch's
    base commit ``base``, or ``HEAD`` without one (no default branch to compare with)."""
    if base is None or base == plumbing.empty_tree(len(base)):
        return "HEAD"
    return base


def kept_out_how(
    root: Path, files: Sequence[str], revision: str = "HEAD"
) -> tuple[str, bool] | None:
    """`kept_out`'s reason, and whether the repository's own ``.gitignore`` as the commit
    ``revision`` holds it says so (`owner_keeps_out`); ``None`` when ``files`` are not kept out
    of git on purpose."""
    found = _kept_out(root, files)
    if found is None:
        return None
    try:
        return found[0], found[1] <= committed_rules(root, found[1], revision)
    except plumbing.GitError:
        return found[0], False


def kept_out_how_by_folder(
    root: Path, files: Sequence[str], revision: str = "HEAD"
) -> dict[str, tuple[str, bool]]:
    """`kept_out_how` of the files of each folder of ``files`` that are kept out of git on
    purpose, by folder; two git calls, whatever the number of folders."""
    by_folder = _kept_out_by_folder(root, files)
    rules = {rule for _, mine in by_folder.values() for rule in mine}
    try:
        committed = committed_rules(root, rules, revision)
    except plumbing.GitError:
        committed = set()
    return {folder: (why, mine <= committed) for folder, (why, mine) in by_folder.items()}


def _kept_out(root: Path, files: Sequence[str]) -> tuple[str, set[IgnoreRule]] | None:
    """`kept_out`'s reason, with the lines that ignore ``files``."""
    by_folder = _kept_out_by_folder(root, files)
    if not files or set(by_folder) != {f.rpartition("/")[0] for f in files}:
        return None
    reasons = [by_folder[folder][0] for folder in sorted(by_folder)]
    return "; ".join(reasons), {rule for _, mine in by_folder.values() for rule in mine}


def _kept_out_by_folder(root: Path, files: Sequence[str]) -> dict[str, tuple[str, set[IgnoreRule]]]:
    """`kept_out`'s reason and the lines that ignore them, for each folder of ``files`` whose
    files are kept out of git on purpose; one git call."""
    if not files:
        return {}
    folders = sorted({f.rpartition("/")[0] for f in files})
    above = sorted({a for folder in folders for a in [*_above(folder), folder] if a})
    try:
        found = ignoring_patterns(root, [*files, *above], tracked=True)
    except plumbing.GitError:
        return {}
    kept = {}
    for folder in folders:
        mine = [f for f in files if f.rpartition("/")[0] == folder]
        if any(name not in found for name in mine):
            continue
        rules = {found[name] for name in mine}
        chosen = {rule.pattern for rule in rules}
        last = folder.rpartition("/")[2]
        readme = readme_text(root / folder)
        whole = [a for a in _above(folder) if found.get(a) in rules]
        if not whole and found.get(folder) in rules and last not in found[folder].pattern:
            # `.claude/*`: the folder with its neighbours; `**/handoff*`: the folder by name
            every = found[folder].pattern.rstrip("/").rpartition("/")[2] == "*"
            whole = [folder.rpartition("/")[0] if every else folder]
        if whole and len(rules) == 1:
            where = f"{whole[0]}/" if whole[0] else "the repository"
            kept[folder] = (f"the .gitignore line `{min(chosen)}`{_WHOLE}{where}", rules)
        elif len(rules) == 1 and found.get(folder) in rules and _names(found[folder], last):
            line = min(chosen)
            kept[folder] = (f"the .gitignore line `{line}` ignores the folder {folder}/", rules)
        elif readme is not None and says_ignored(readme):
            kept[folder] = (f"{folder}/README.md says its files are git-ignored", rules)
        elif all(last in p and _WILDCARDS & set(p) for p in chosen):
            line = min(chosen)
            kept[folder] = (f"the .gitignore line `{line}` covers the files of {folder}/", rules)
    return kept


def _names(rule: IgnoreRule, last: str) -> bool:
    """Whether the line ``rule`` ignores a folder whose name is ``last`` by that name
    (``.claude/handoffs/``, ``handoffs``): it keeps the folder's files out of git, as a
    wildcard over them does."""
    return rule.pattern.rstrip("/").rpartition("/")[2] == last


def _above(folder: str) -> list[str]:
    """The folders ``folder`` (from the top folder) is in, outermost first: a line ignoring one
    of them (``.claude/``) ignores other files than the series', which deleting it would let
    into git (``.claude/settings.local.json``)."""
    parts = folder.split("/")
    return ["/".join(parts[:n]) for n in range(1, len(parts))] if folder else []
