"""A packet copied from another branch: every commit it records (its last known good commit,
the commits its ``--verify`` runs name) is off the history checked, and another branch holds
them. A rebase leaves its old commits off the history too, but on no other branch than the
rebased one and its remote-tracking copies, which are not counted. Asked only for a packet whose
last known good commit is off the history: at most one ``rev-parse`` batch, one ``merge-base``
per recorded commit (none is on it, or the first that is ends it) and one ``for-each-ref``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from handoff_audit.git import plumbing

_RUN_AT = re.compile(r"--verify at ([0-9a-f]{7,40})\b")


@dataclass(frozen=True, slots=True)
class Copied:
    """The commits a packet records that are off the history, and the branches holding them."""

    commits: tuple[str, ...]
    """Short ids, in the packet's order."""
    branches: tuple[str, ...]
    """Short names of the other branches that hold them."""


def recorded_commits(data: Mapping[str, Any]) -> list[str]:
    """The commits ``data`` records: its last known good commit, then those its ``--verify``
    notes name (distinct, in that order)."""
    found = [data.get("last_known_good_commit")]
    for entry in data.get("commands_run") or []:
        note = entry.get("note") if isinstance(entry, dict) else None
        if isinstance(note, str) and (match := _RUN_AT.match(note)):
            found.append(match.group(1))
    named = [sha for sha in found if isinstance(sha, str) and re.fullmatch(r"[0-9a-f]{7,40}", sha)]
    return list(dict.fromkeys(named))


def copied_from(
    root: Path, data: Mapping[str, Any], head: str, branch: str | None
) -> Copied | None:
    """`Copied` when none of the commits ``data`` records is an ancestor of ``head`` and a
    branch other than ``branch`` (and its remote-tracking copies) holds one; else ``None``."""
    recorded = recorded_commits(data)
    if not recorded:
        return None
    try:
        resolved = plumbing.resolve(root, recorded)
        full = {sha: found[0] for sha in recorded if (found := resolved.get(sha))}
        if not full:
            return None
        if any(plumbing.merge_base(root, commit, head) == commit for commit in full.values()):
            return None
        args = ["for-each-ref", "--format=%(refname)"]
        args += [f"--contains={commit}" for commit in dict.fromkeys(full.values())]
        refs = plumbing.run(root, [*args, "refs/heads", "refs/remotes"]).decode()
    except (plumbing.GitError, ValueError):
        return None
    others = [_branch_name(ref) for ref in refs.split() if not _same_branch(ref, branch)]
    if not others:
        return None
    shown = dict.fromkeys(commit[:12] for commit in full.values())
    return Copied(tuple(shown), tuple(dict.fromkeys(others)))


def _same_branch(ref: str, branch: str | None) -> bool:
    """Whether ``ref`` is ``branch`` or a remote-tracking copy of it (``refs/remotes/R/B``)."""
    if branch is None:
        return False
    return ref == f"refs/heads/{branch}" or (
        ref.startswith("refs/remotes/") and ref.endswith(f"/{branch}")
    )


def _branch_name(ref: str) -> str:
    return ref.removeprefix("refs/heads/").removeprefix("refs/remotes/")
