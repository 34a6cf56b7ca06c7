"""The checked-out branch's own commits since its base commit, with their times and files:
what a handoff the repository keeps out of git is measured against by its file time (no commit
holds it to compare with). One git process."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from handoff_audit.git import plumbing


@dataclass(frozen=True, slots=True)
class OwnCommit:
    """One of the branch's own commits."""

    sha: str
    time: int
    """The earlier of its author and committer times, in seconds since the epoch: a rebase or
    an amend gives a commit a new committer time, not new work."""
    subject: str
    files: tuple[str, ...]
    """The files it changed, from the top folder (a merge's: none)."""


def own_commits(root: Path, base: str) -> list[OwnCommit]:
    """The commits of HEAD not in ``base`` (all of HEAD's when ``base`` is the empty tree),
    newest first; empty when git cannot say. One git call."""
    span = ["HEAD"] if base == plumbing.empty_tree(len(base)) else [f"{base}..HEAD"]
    try:
        out = plumbing.run(
            root, ["log", "-z", "--name-only", "--no-renames", "--format=%x01%H %ct %at %s", *span]
        )
    except plumbing.GitError:
        return []
    commits = []
    for record in out.decode("utf-8", "surrogateescape").split("\x01")[1:]:
        head, _, names = record.partition("\n")
        sha, _, rest = head.partition(" ")
        committed, _, rest = rest.partition(" ")
        authored, _, subject = rest.partition(" ")
        if not committed.isdigit() or not authored.isdigit():
            continue
        files = tuple(name.strip("\n") for name in names.split("\0") if name.strip("\n"))
        when = min(int(committed), int(authored))
        commits.append(OwnCommit(sha, when, subject.rstrip("\0"), files))
    return commits
