"""Which ignored handoff files a branch wrote: a series the repository keeps out of git holds
files of earlier sessions too, which are not the branch's handoff. Two git calls for the kept-out
lines, two for the base commit's series files, one for the branch's commits, whatever the number
of folders."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

from handoff_audit import shell
from handoff_audit.config import Config
from handoff_audit.engine.ignored import (
    ignored_handoffs,
    kept_out_how_by_folder,
    owner_notes,
    owner_revision,
    series_only,
)
from handoff_audit.engine.series_order import DATED, month_first, name_key, newest_first
from handoff_audit.git import plumbing
from handoff_audit.git.reflog import checked_out_at
from handoff_audit.model.packet import series_file
from handoff_audit.model.series_names import name_says

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


def branch_ignored(
    root: Path, config: Config, base: str, branch: str | None = None
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """`ignored_handoffs` the branch wrote (against the base commit ``base``, as
    `older_than_the_branch` tells them) in two parts, those of series folders the repository's
    own ``.gitignore`` keeps out of git (`owner_keeps_out`: the branch's handoff, as the work
    tree holds it) with the working notes it keeps local (`owner_notes`), and the rest; and
    those it did not write, newest first: the series' current files for the fix that writes
    the next one. Ignored files carry no branch: one whose name is another local branch's,
    not ``branch``'s (`for_another`), is that branch's handoff, not this one's."""
    hidden = ignored_handoffs(root, config)
    stale, owned = older_than_the_branch(root, hidden, base, config) if hidden else (set(), set())
    left = [f for f in hidden if f not in stale and f not in owned]
    owned.update(owner_notes(root, left, config, owner_revision(base)))
    if branch is not None:
        others = set(for_another(root, sorted({*owned, *left}), branch))
        owned.difference_update(others)
        stale.update(others)
        left = [f for f in left if f not in others]
    rest = tuple(f for f in left if f not in owned)
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
    folders = {f.rpartition("/")[0] for f in files}
    hows = kept_out_how_by_folder(root, series_only(files, config), owner_revision(base))
    try:
        bases = _base_series(root, base, sorted(hows))
    except plumbing.GitError:
        return stale, owned
    start = _branch_start(root, base) if hows else None
    for folder in sorted(folders & set(hows)):
        mine = [f for f in files if f.rpartition("/")[0] == folder]
        how, (known, current) = hows[folder], bases[folder]
        assert start is not None
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


_WORD = re.compile(r"[^\W_]+")


def _words(name: str) -> tuple[str, ...]:
    """The words of a file's or a branch's name, lowercased, its numbers (a date, a series
    number) and a file's extension left out: ``2026-12-05-feat1.md`` and ``feat1`` alike."""
    stem = name.rpartition("/")[2].removesuffix(".md") if name.endswith(".md") else name
    return tuple(w for w in _WORD.findall(stem.lower()) if not w.isdigit())


def for_another(root: Path, files: Sequence[str], branch: str) -> list[str]:
    """Those of ``files`` whose name's words are those of another local branch's name (whole,
    or its last part: ``feat1``, ``feature/feat1``) and not all words of ``branch``'s name
    (``2026-12-05-auth.md`` on ``auth-v2`` is this branch's, though a branch ``auth`` exists):
    written on that branch, which left it in the work tree. A file written while ``branch``
    was checked out, by HEAD's reflog (`checked_out_at`), is ``branch``'s, whatever its name:
    a topic may be another branch's name (``2026-12-06-docs.md`` beside a branch ``docs``).
    One git call."""
    return list(taken_as(root, files, branch))


def taken_as(root: Path, files: Sequence[str], branch: str) -> dict[str, tuple[str, bool]]:
    """`for_another`'s files, each with the other branch it is taken as (the first by name)
    and whether HEAD's reflog says another branch than ``branch`` was checked out when the
    file was last written (`checked_out_at`); a file it says was written on ``branch`` is none
    of them."""
    try:
        out = plumbing.run(root, ["for-each-ref", "--format=%(refname:short)", "refs/heads"])
    except plumbing.GitError:
        return {}
    named: dict[tuple[str, ...], set[str]] = {}
    local = out.decode("utf-8", "surrogateescape").splitlines()
    for name in local:
        for part in {name, name.rpartition("/")[2]}:
            named.setdefault(_words(part), set()).add(name)
    mine = set(_words(branch))
    taken = {}
    for f in files:
        others = named.get(_words(f), set()) - {branch} if _words(f) else set()
        if not others or set(_words(f)) <= mine:
            continue
        owners = checked_out_at(root, _mtime(root / f), branch)
        if owners == (branch,):
            continue
        # In a checkout's second, the name tells which side wrote it.
        named_owner = sorted(others.intersection(owners))
        if named_owner:
            taken[f] = (named_owner[0], True)
        else:
            sure = bool(owners) and branch not in owners and set(owners) <= set(local)
            taken[f] = (min(others), sure)
    return taken


def _mtime(path: Path) -> float:
    """The file's last modification time; 0 when it cannot be read (before any reflog)."""
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


def renamed_for(path: str, branch: str) -> str:
    """``path`` (a file taken as another branch's, `taken_as`) renamed for ``branch``: its
    leading date or number kept, its words those of ``branch``'s name
    (``2026-12-06-docs.md`` on ``feat/x``: ``2026-12-06-feat-x.md``)."""
    folder, _, name = path.rpartition("/")
    lead = re.match(r"[\d_.-]*", name)
    prefix = lead.group(0) if lead is not None else ""
    new = f"{prefix}{'-'.join(_words(branch)) or 'handoff'}.md"
    return f"{folder}/{new}" if folder else new


def taken_note(root: Path, files: Sequence[str], branch: str) -> str:
    """For the Stop hook's "no active handoff": which of ``files`` (the ignored handoffs the
    branch did not write, `branch_ignored`'s last part) were taken as another branch's by their
    name alone (`taken_as`: HEAD's reflog cannot tell which branch was checked out when each was
    written), and the rename that makes one ``branch``'s; ``""`` when none was."""
    taken = {f: other for f, (other, known) in taken_as(root, files, branch).items() if not known}
    if not taken:
        return ""
    path, other = next(iter(sorted(taken.items())))
    more = f" (and {len(taken) - 1} more so named)" if len(taken) > 1 else ""
    new = renamed_for(path, branch)
    return (
        f"; {path} was taken as branch {other}'s handoff{more} (its name is that branch's, "
        "and git's reflog does not say which branch was checked out when it was written): if "
        "it is this branch's, "
        f"name it for {branch} (`(cd {shell.top_folder()} && mv -- {shell.quote_path(path)} "
        f"{shell.quote_path(new)})`); a new one needs a topic that no other local branch is "
        "named"
    )


def _base_series(
    root: Path, base: str, folders: Sequence[str]
) -> dict[str, tuple[set[str], str | None]]:
    """For each series folder of ``folders``: its files that the commit ``base`` tracks, and
    its current one: the file its live-name link (``latest.md -> 2026-04-22-phase-1.md``)
    points at, else the newest of them; two git calls at most, whatever their number."""
    found: dict[str, tuple[set[str], str | None]] = {}
    if not folders:
        return found
    specs = [f":(literal){folder}/" for folder in folders]
    listed = plumbing.run(root, ["ls-tree", "-z", base, "--", *specs])
    files: dict[str, set[str]] = {folder: set() for folder in folders}
    links: dict[str, str] = {}
    for entry in listed.decode("utf-8", "surrogateescape").split("\0"):
        info, _, path = entry.partition("\t")
        mode, _, oid = info.partition(" blob ")
        folder, _, name = path.rpartition("/")
        if not path or not oid or folder not in files:
            continue
        if mode == "120000" and name_says(path) == 1:
            links.setdefault(folder, oid)
        elif series_file(folder, name):
            files[folder].add(path)
    targets = plumbing.read_blobs(root, list(links.values())) if links else {}
    for folder, mine in files.items():
        target = targets.get(links.get(folder, ""), b"").decode("utf-8", "surrogateescape")
        if target and "/" not in target:
            found[folder] = mine, f"{folder}/{target}"
        else:
            found[folder] = mine, newest_first(sorted(mine), {})[0] if mine else None
    return found


def _branch_start(root: Path, base: str) -> _Start:
    """`_Start` of the branch at HEAD since the commit ``base``: the committer day (in UTC) of
    its oldest own commit (today without one) and the commit time of ``base`` (0 when git cannot
    say or ``base`` is the empty tree); one git call, two without an own commit."""
    today = datetime.now(UTC).date()
    span = ["HEAD"] if base == plumbing.empty_tree(len(base)) else ["--boundary", f"{base}..HEAD"]
    try:
        out = plumbing.run(root, ["log", "--format=%m %H %ct %at", *span]).decode()
        lines = [line.split() for line in out.splitlines() if line.count(" ") == 3]
        own = [(int(ct), int(at)) for mark, _, ct, at in lines if mark != "-"]
        base_time = next((int(ct) for _, sha, ct, _ in lines if sha == base), None)
        if base_time is None and span[0] != "HEAD":
            base_time = int(plumbing.run(root, ["log", "-1", "--format=%ct", base]) or 0)
    except (plumbing.GitError, ValueError):
        return _Start(today, 0)
    # its UTC day, as the hook dates the series' next file; never the committer's zone's (%cs)
    day = datetime.fromtimestamp(min(own)[0], UTC).date() if own else today
    first = min(min(ct, at) for ct, at in own) if own else None
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
