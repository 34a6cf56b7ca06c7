"""Handoff files that exist but that git ignores: no commit can hold them, discovery (git's own
list of files) never sees them, and `git add` refuses them, so an agent told to commit its
packet would loop. Asked only where a handoff was looked for and not found, in one git call."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from fnmatch import fnmatchcase
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.engine.series_links import alias_target, relink, series_link
from handoff_audit.engine.series_order import DATED, month_first, name_key, newest_first
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
from handoff_audit.model.packet import in_series, is_handoff_file, series_file
from handoff_audit.model.series_names import name_says

_WILDCARDS = frozenset("*?[")


MARGIN = 60
"""Seconds a local handoff may be older than a commit and still be the branch's, describing
it: the agent writes the handoff, then commits its work."""


@dataclass(frozen=True, slots=True)
class _Start:
    """When a branch began: the day of its first own commit, its base commit's time, and the
    time of its first own commit (author or committer time, the earlier), if any."""

    day: date
    base_time: float
    first: float | None = None


def ignored_handoffs(root: Path, config: Config) -> list[str]:
    """The handoff files (packets, twins, block files, series files; from the top folder) that
    exist in the work tree but are git-ignored; empty when git cannot say. Where git lists a
    wholly ignored folder alone (``.claude/``), the series folders at it are asked again, file
    by file (`_series_pathspecs`): two git calls at most, whatever the number of folders."""
    try:
        ignored = ignored_files(root)
        within = _series_pathspecs([p for p in ignored if p.endswith("/")], config.series)
        if within:
            ignored = sorted({*ignored, *ignored_within(root, within)})
    except plumbing.GitError:
        return []
    return [path for path in ignored if is_handoff_file(path, config)]


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


def _literal(name: str) -> str:
    return "".join(f"\\{ch}" if ch in "*?[\\" else ch for ch in name)


def stray_ignored(root: Path, config: Config) -> tuple[str, ...]:
    """`ignored_handoffs` but those the repository's own ``.gitignore`` keeps out of git
    (`owners_files`): the files a line keeps from a commit that should hold them."""
    return owners_files(root, ignored_handoffs(root, config), config)[1]


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


def kept_advice(root: Path, files: Sequence[str], path_of: Callable[[str], str]) -> str:
    """The one line for handoff ``files`` (from the top folder; ``path_of`` writes one as the
    reader's folder does, quoted) that the repository's own ``.gitignore`` keeps out of git
    (`owners_files`): the audit of git's files does not read them; naming the newest of each
    folder, its series' current file, does."""
    one = len(files) == 1
    folders = sorted({f.rpartition("/")[0] for f in files})
    newest = [newest_first([f for f in files if f.rpartition("/")[0] == d], {})[0] for d in folders]
    named = " ".join(path_of(f) for f in newest)
    return (
        f"{', '.join(path_of(f) for f in files)} {'is' if one else 'are'} kept out of git on "
        f"purpose ({owner_keeps_out(root, files)}), so the audit of git's files does not read "
        f"{'it' if one else 'them'}: `handoff-audit check {named}` audits the newest as the "
        "work tree holds it"
    )


def ignored_fix(
    root: Path, files: Sequence[str], path_of: Callable[[str], str], config: Config
) -> tuple[str, str, str]:
    """The Stop hook's line, command and what follows it for ignored handoff ``files`` (from
    the top folder; ``path_of`` writes one as the agent's folder sees it, quoted): add them by
    force in a series that keeps its files out of git on purpose (`ignored_on_purpose`), and
    re-point its live-name link at the newest of them, else find and delete the line that
    ignores them."""
    shown = [path_of(f) for f in files]
    why = ignored_on_purpose(root, files, config)
    if why is not None:
        links = _relinks(root, files, path_of)
        relinked = " with the series' link, which the command points at the new file" * bool(links)
        return (
            _kept_out_advice(shown, why),
            f"git add -f -- {' '.join(shown)}" + "".join(f" && {cmd}" for cmd in links),
            f"then commit it{relinked}; the .gitignore line stays, as the series keeps its other "
            "files out of git",
        )
    return (
        ignored_advice(shown),
        f"git check-ignore -v -- {' '.join(shown)}",
        "delete the lines it prints from the file it names, then commit the handoff files",
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
    return (
        f"{', '.join(shown)} {'is' if one else 'are'} ignored by git on purpose ({why}), so "
        f"no commit holds {it} and the audit does not see {it}: add {it} by force "
        f"(`git add -f`) and commit {it}, or, to track the series' files from now on, "
        "remove that line instead"
    )


def ignored_on_purpose(root: Path, files: Sequence[str], config: Config) -> str | None:
    """`kept_out` for ``files`` that are all files of a series (``config``'s), else ``None``."""
    if not files or not all(in_series(f, config) for f in files):
        return None
    return kept_out(root, files)


def owners_files(
    root: Path, files: Sequence[str], config: Config
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``files`` (ignored handoff files, from the top folder) split in two: those of series
    folders the repository's own ``.gitignore`` keeps out of git (`owner_keeps_out`), and the
    rest. Two git calls a folder."""
    kept: list[str] = []
    for folder in sorted({f.rpartition("/")[0] for f in files}):
        mine = [f for f in files if f.rpartition("/")[0] == folder]
        if all(in_series(f, config) for f in mine) and owner_keeps_out(root, mine) is not None:
            kept.extend(mine)
    return tuple(kept), tuple(f for f in files if f not in kept)


def kept_out(root: Path, files: Sequence[str]) -> str | None:
    """Why ``files`` (from the top folder, each in a folder; there or about to be written) are
    kept out of git on purpose, or ``None``: git ignores each, and its folder's own
    ``README.md`` says its files are ignored, or the ignoring ``.gitignore`` pattern covers the
    folder's files with a wildcard (``.claude/handoffs/*.md``) instead of naming one file. One
    git call a folder."""
    found = _kept_out(root, files)
    return found[0] if found is not None else None


def owner_keeps_out(root: Path, files: Sequence[str]) -> str | None:
    """`kept_out`, when every line that ignores ``files`` is one of the repository's own
    ``.gitignore`` files as its last commit holds it (`committed_rules`): the owner keeps them
    out of git, so they are never to be committed, by force or by deleting the line. One git
    call more."""
    how = kept_out_how(root, files)
    return how[0] if how is not None and how[1] else None


def kept_out_how(root: Path, files: Sequence[str]) -> tuple[str, bool] | None:
    """`kept_out`'s reason, and whether the repository's own committed ``.gitignore`` says so
    (`owner_keeps_out`); ``None`` when ``files`` are not kept out of git on purpose."""
    found = _kept_out(root, files)
    if found is None:
        return None
    try:
        return found[0], committed_rules(root, found[1])
    except plumbing.GitError:
        return found[0], False


def _kept_out(root: Path, files: Sequence[str]) -> tuple[str, set[IgnoreRule]] | None:
    """`kept_out`'s reason, with the lines that ignore ``files``."""
    reasons = []
    rules: set[IgnoreRule] = set()
    for folder in sorted({f.rpartition("/")[0] for f in files}):
        names = [f.rpartition("/")[2] for f in files if f.rpartition("/")[0] == folder]
        try:
            found = ignoring_patterns(root / folder, names)
        except plumbing.GitError:
            return None
        if any(name not in found for name in names):
            return None
        chosen = {found[name].pattern for name in names}
        rules.update(found[name] for name in names)
        readme = readme_text(root / folder)
        if readme is not None and says_ignored(readme):
            reasons.append(f"{folder}/README.md says its files are git-ignored")
            continue
        last = folder.rpartition("/")[2]
        if not all(last in p and _WILDCARDS & set(p) for p in chosen):
            return None
        reasons.append(f"the .gitignore line `{min(chosen)}` covers the files of {folder}/")
    return ("; ".join(reasons), rules) if reasons else None


def branch_ignored(
    root: Path, config: Config, base: str
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """`ignored_handoffs` the branch wrote (against the base commit ``base``, as
    `older_than_the_branch` tells them) in two parts, those of series folders the repository's
    own ``.gitignore`` keeps out of git (`owner_keeps_out`: the branch's handoff, as the work
    tree holds it) and the rest; and those it did not write, newest first: the series' current
    files for the fix that writes the next one."""
    hidden = ignored_handoffs(root, config)
    stale, owned = older_than_the_branch(root, hidden, base, config) if hidden else (set(), set())
    rest = tuple(f for f in hidden if f not in stale and f not in owned)
    return rest, tuple(f for f in hidden if f in owned), tuple(newest_first(sorted(stale), {}))


def older_than_the_branch(
    root: Path, files: Sequence[str], base: str, config: Config
) -> tuple[set[str], set[str]]:
    """Those of ``files`` (ignored handoff files, from the top folder) that a series keeps out
    of git on purpose (`ignored_on_purpose`) and that the branch did not write: the file the
    base commit ``base`` tracks or links its live name to, or one no newer than that (by
    `series_order.newest_first`); with no such file on the base, one older than the branch
    (`_before_the_branch`); and, whatever its name, one last modified before the branch began
    (`_written_before`). `git add -f` of such a file would pass an old handoff off as the
    branch's. Then the others of series folders the repository's own ``.gitignore`` keeps out
    of git (`owner_keeps_out`)."""
    stale: set[str] = set()
    owned: set[str] = set()
    start: _Start | None = None
    for folder in sorted({f.rpartition("/")[0] for f in files}):
        mine = [f for f in files if f.rpartition("/")[0] == folder]
        how = kept_out_how(root, mine) if all(in_series(f, config) for f in mine) else None
        if how is None:
            continue
        try:
            known, current = _base_series(root, base, folder)
        except plumbing.GitError:
            continue
        start = start or _branch_start(root, base)
        if current is None:
            stale.update(name for name in mine if _before_the_branch(root, name, start))
        else:
            for name in mine:
                newer = newest_first([name, current], {})[0] == name
                if name in known or name == current or not newer:
                    stale.add(name)
        stale.update(name for name in mine if _written_before(root, name, start))
        owned.update(name for name in mine if how[1] and name not in stale)
    return stale, owned


def _base_series(root: Path, base: str, folder: str) -> tuple[set[str], str | None]:
    """The files of the series ``folder`` that the commit ``base`` tracks, and its current
    one: the file its live-name link (``latest.md -> 2026-04-22-phase-1.md``) points at, else
    the newest of them; two git calls at most."""
    listed = plumbing.run(root, ["ls-tree", "-z", base, "--", f":(literal){folder}/"])
    files: set[str] = set()
    links: list[tuple[str, str]] = []
    for entry in listed.decode("utf-8", "surrogateescape").split("\0"):
        info, _, path = entry.partition("\t")
        mode, _, oid = info.partition(" blob ")
        if not path or not oid:
            continue
        if mode == "120000" and name_says(path) == 1:
            links.append((path, oid))
        elif series_file(folder, path.rpartition("/")[2]):
            files.add(path)
    if links:
        target = plumbing.read_blobs(root, [links[0][1]]).get(links[0][1], b"").decode()
        if target and "/" not in target:
            return files, f"{folder}/{target}"
    return files, newest_first(sorted(files), {})[0] if files else None


def _branch_start(root: Path, base: str) -> _Start:
    """`_Start` of the branch at HEAD since the commit ``base``: the committer day of its
    oldest own commit (today without one) and the commit time of ``base`` (0 when git cannot
    say or ``base`` is the empty tree); one git call, two without an own commit."""
    today = datetime.now(UTC).date()
    span = ["HEAD"] if base == plumbing.empty_tree(len(base)) else ["--boundary", f"{base}..HEAD"]
    try:
        out = plumbing.run(root, ["log", "--format=%m %H %ct %cs %at", *span]).decode()
        lines = [line.split() for line in out.splitlines() if line.count(" ") == 4]
        own = [(int(ct), day, int(at)) for mark, _, ct, day, at in lines if mark != "-"]
        base_time = next((int(ct) for _, sha, ct, _, _ in lines if sha == base), None)
        if base_time is None and span[0] != "HEAD":
            base_time = int(plumbing.run(root, ["log", "-1", "--format=%ct", base]) or 0)
    except (plumbing.GitError, ValueError):
        return _Start(today, 0)
    day = date.fromisoformat(min(own)[1]) if own else today
    first = min(min(ct, at) for ct, _, at in own) if own else None
    return _Start(day, base_time or 0, first)


def _written_before(root: Path, name: str, start: _Start) -> bool:
    """True when the file ``name`` (from the top folder) was last modified more than `MARGIN`
    seconds before the branch's first own commit, or, without one, no later than its base
    commit: whatever its name says, the branch did not write it."""
    try:
        written = os.lstat(root / name).st_mtime
    except OSError:
        return False
    if start.first is not None:
        return written < start.first - MARGIN
    return written <= start.base_time


def _before_the_branch(root: Path, name: str, start: _Start) -> bool:
    """True when the series file ``name`` (from the top folder) is older than the branch
    (``start``): the date in its name is before the day of its first own commit; without a
    date there, it was last modified no later than the base commit."""
    key = name_key(name, month_first([name]))
    if key is not None and key[0] == DATED:
        return datetime.fromtimestamp(key[1][0], UTC).date() < start.day
    try:
        return os.lstat(root / name).st_mtime <= start.base_time
    except OSError:
        return False
