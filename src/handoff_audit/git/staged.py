"""The commit being made: what the index changes against ``HEAD``, for the pre-commit hook."""

from __future__ import annotations

from pathlib import Path

from handoff_audit.git import plumbing


def staged_changes(root: Path) -> tuple[list[str], list[str]]:
    """The paths (from the top folder) the index adds or changes, and those it deletes, against
    ``HEAD`` (the empty tree before the first commit); a rename is a deletion and an addition.
    One git call; `plumbing.GitError` when git fails."""
    out = plumbing.run(root, ["diff", "--cached", "--name-status", "-z", "--no-renames", "--"])
    fields = out.decode("utf-8", "surrogateescape").split("\0")
    changed: list[str] = []
    deleted: list[str] = []
    for status, path in zip(fields[0::2], fields[1::2], strict=False):
        (deleted if status == "D" else changed).append(path)
    return changed, deleted


def merge_head(root: Path) -> str | None:
    """The commit ``git merge`` is merging in (``MERGE_HEAD``), ``None`` when no merge is under
    way. One git call; `plumbing.GitError` when git fails."""
    out = plumbing.run(
        root, ["rev-parse", "-q", "--verify", "MERGE_HEAD^{commit}"], ok_codes=(0, 1)
    )
    sha = out.decode("ascii", "replace").strip()
    return sha or None


__all__ = ["merge_head", "staged_changes"]
