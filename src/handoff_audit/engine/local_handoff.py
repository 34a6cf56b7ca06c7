"""The branch's handoff in a series the repository's own committed ``.gitignore`` keeps out of
git (`ignored.owner_keeps_out`: ``.claude/handoffs/*.md``): which file it is and whether the
branch's later commits left it behind. The Stop hook judges it (`authoring.local_handoffs`);
`show` and the ``SessionStart`` hook hand it over (`brief`), chosen by the same rules."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.engine import loading
from handoff_audit.engine.branch_ignored import MARGIN, branch_ignored, for_another
from handoff_audit.engine.ignored import (
    ignored_handoffs,
    kept_out_how,
    owner_revision,
    owners_files,
)
from handoff_audit.engine.series_order import newest_first, next_files
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.git.own_commits import OwnCommit, own_commits
from handoff_audit.git.workbench import workbench_at
from handoff_audit.git.written_times import written_at
from handoff_audit.model.findings import Finding
from handoff_audit.model.packet import Packet, in_series, is_handoff_file
from handoff_audit.model.series_names import name_says
from handoff_audit.rules.base import Hit
from handoff_audit.rules.history import HANDOFF_OUTDATED
from handoff_audit.rules.outdated_words import moved_on, next_handoff


def newest_local(files: Sequence[str], config: Config) -> list[str]:
    """The newest of each series folder of ``files`` (the branch's local handoff files,
    `branch_ignored`'s second part), by `series_order.newest_first`: the branch's handoff
    there; a working note the owner keeps local (``HANDOFF.md``) is one of its own."""
    series = [f for f in files if in_series(f, config)]
    folders = sorted({f.rpartition("/")[0] for f in series})
    newest = {
        newest_first([f for f in series if f.rpartition("/")[0] == d], {})[0] for d in folders
    }
    return sorted(newest | {f for f in files if f not in series})


def branch_local(
    root: Path, config: Config, base: str, branch: str
) -> tuple[str | None, list[Finding], bool]:
    """For `show` and ``SessionStart``: the branch's newest local handoff (against the base
    commit ``base``), of all folders the one last written (`last_written`), and the
    ``handoff-outdated`` finding on it, if any; ``None`` when the branch wrote none. On a
    branch with no commit of its own (the default branch, a new one), where ignored files carry
    no branch, the newest file of a kept-out series (`newest_kept_out`), said to be no handoff
    of the branch's own (the third part, ``True``). Git processes: one, and
    `branch_ignored`'s."""
    commits = own_commits(root, base)
    if not commits:
        return newest_kept_out(root, config, base, branch), [], True
    local = newest_local(branch_ignored(root, config, base, branch)[1], config)
    if not local:
        return None, [], False
    chosen = last_written(root, local)
    return chosen, outdated_local(root, config, [chosen], commits), False


def newest_kept_out(root: Path, config: Config, base: str, branch: str) -> str | None:
    """Of the series files the repository's own ``.gitignore`` (as the commit ``base`` holds
    it) keeps out of git, but those named for another local branch (`for_another`), the
    newest of each folder, and of those the one last written; ``None`` without one: a solo
    developer's series on the default branch, handed over as the newest, not as the
    branch's."""
    kept = owners_files(root, ignored_handoffs(root, config), config, owner_revision(base))[0]
    series = [f for f in kept if in_series(f, config)]
    mine = [f for f in series if f not in set(for_another(root, series, branch))]
    newest = newest_local(mine, config)
    return last_written(root, newest) if newest else None


def last_written(root: Path, files: Sequence[str]) -> str:
    """Of ``files`` (`newest_local`'s, all of which the Stop hook judges), the one last
    written, by file time: the handoff the session wrote last, a working note
    (``HANDOFF.md``) or a series' file alike, whatever the names say; on a tie, the newest by
    name (`series_order.newest_first`)."""

    def written(name: str) -> float:
        try:
            return os.stat(root / name).st_mtime
        except OSError:
            return 0.0

    return max(newest_first(list(files), {}), key=written)


def local_brief(
    root: Path,
    config: Config,
    branch: str,
    known: tuple[plumbing.Refs | None, Callable[[], dict[str, str]]],
) -> tuple[Packet, Hit | None, str] | None:
    """For `show` and ``SessionStart`` on a branch with no other handoff: the branch's local
    handoff (`branch_local`, against the base commit the Stop hook measures the branch from)
    read, the hit that says why it cannot be, if any, and the line that says it is kept out of
    git by the repository's ``.gitignore`` (and outdated, as the Stop hook would call it);
    ``None`` when the branch wrote none; on a branch with no commit of its own, the newest
    kept-out series file, said to be not the branch's own (`newest_kept_out`). ``known``: the
    refs, if read, and the work tree's status, which the brief reads anyway. Git processes: a
    constant number."""
    refs, status = known
    try:
        base = workbench_at(root, config, branch, None, refs=refs, status=status).base
    except InputError:
        return None
    chosen, outdated, newest = branch_local(root, config, base, branch)
    if chosen is None:
        return None
    loaded, hits = loading.load_packets(root, [root / chosen], config)
    how = kept_out_how(root, [chosen], owner_revision(base))
    why = f" ({how[0]})" if how is not None else ""
    said = (
        f"{chosen} is this branch's handoff, kept out of git by the repository's .gitignore"
        f"{why}: no commit holds it, read it as the work tree holds it and keep it out of git"
    )
    if newest:
        said = (
            f"{chosen} is the newest handoff kept out of git by the repository's .gitignore"
            f"{why}, not this branch's own: branch {branch} has no commit of its own and an "
            "ignored file carries no branch, so it may be another session's; no commit holds "
            "it, read it as the work tree holds it and keep it out of git"
        )
    for finding in outdated:
        said += f"; it is outdated: {finding.message} (check: {finding.rule})"
    return loaded[0], hits[0] if hits else None, said


def outdated_local(
    root: Path, config: Config, files: Sequence[str], commits: list[OwnCommit]
) -> list[Finding]:
    """``handoff-outdated`` on each of the local handoff ``files`` last modified more than
    `MARGIN` seconds before the newest of the branch's own ``commits`` (newest first) that
    changes other than handoff files: no commit holds the file, so its time in the work tree
    is when it was last written, but no later than an earlier reading of the same text
    (`written_times`: a ``touch`` changes no word)."""
    severity = config.rules.get(HANDOFF_OUTDATED.id, HANDOFF_OUTDATED.default)
    work = [c for c in commits if c.files and not _only_handoffs(c, config)]
    if severity is None or not work:
        return []
    found = []
    for name in files:
        written = written_at(root, name)
        if written is None:
            continue
        later = [c for c in work if c.time > written + MARGIN]
        if not later:
            continue
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(written))
        folder = name.rpartition("/")[0]
        following = next_files([name], lambda path: os.path.lexists(root / path))
        latest = name_says(name) == 1 or not in_series(name, config)
        other = "" if latest else next_handoff(folder, following.get(name))
        newest = (later[0].sha, later[0].subject, later[0].files)
        since = f" (last written {when}, in the work tree)"
        message = moved_on(name, since, len(later), newest, other)
        found.append(Finding(HANDOFF_OUTDATED.id, severity, name, message))
    return found


def _only_handoffs(commit: OwnCommit, config: Config) -> bool:
    return all(is_handoff_file(name, config) for name in commit.files)
