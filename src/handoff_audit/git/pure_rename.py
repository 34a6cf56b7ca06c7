"""Whether a commit only renamed a hand-written handoff: ``git mv`` of a working note into a
series (``docs/SESSION_HANDOFF.md`` -> ``docs/handoffs/003_session-handoff.md``) writes no word
of it, so the file's content is as old as the note's last change, and work committed after that
change still outdates it (`handoff-outdated`). `moved_from` tells it from the blob ids a walk
read (``--raw``), with no git process, so `check` asks git the same number of times whatever
the number of handoffs; `renamed_unchanged`, one ``diff-tree`` for a commit that changed the
file beside another markdown file, none otherwise."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from handoff_audit.git import plumbing

_MARKDOWN = (".md", ".markdown", ".mdx")


def renamed_unchanged(root: Path, sha: str, path: str, files: Sequence[str]) -> str | None:
    """The file (from the top folder) that the commit ``sha`` moved to the markdown ``path``
    with its content unchanged (git's exact rename, ``R100``), among ``files``, those it
    changed; ``None`` when it wrote ``path`` anew or changed it, or git cannot say (a root
    commit, a commit beyond a shallow clone)."""
    others = [f for f in files if f != path and f.lower().endswith(_MARKDOWN)]
    if not path.lower().endswith(_MARKDOWN) or not others or not plumbing.is_commit_id(sha):
        return None
    args = ["-r", "--no-commit-id", f"{sha}^", sha, "--", path, *others]
    return next((old for old, new in _exact_renames(root, "diff-tree", args) if new == path), None)


def moved_from(path: str, blobs: dict[str, tuple[str, str]]) -> str | None:
    """`renamed_unchanged` of a walk that read each file's old and new blob ids (``blobs``, of
    one commit's changes, `Commit.blobs`), with no git process: the markdown file the commit
    deleted whose content is the one it added at ``path``."""
    added = blobs.get(path)
    if added is None or added[0].strip("0") or not path.lower().endswith(_MARKDOWN):
        return None
    for old, (before, after) in blobs.items():
        if old != path and before == added[1] and not after.strip("0"):
            return old if old.lower().endswith(_MARKDOWN) else None
    return None


def moved_since(root: Path, base: str) -> dict[str, str]:
    """The markdown files of the work tree (from the top folder) that another markdown file of
    commit ``base`` was moved to with its content unchanged (git's exact rename) -> that file:
    a branch that only renamed a note of its base (a misdated one's fix) wrote none of its
    words. One git process; empty when git cannot say."""
    if not plumbing.is_commit_id(base):
        return {}
    return {
        new: old
        for old, new in _exact_renames(root, "diff", [base, "--"])
        if old.lower().endswith(_MARKDOWN) and new.lower().endswith(_MARKDOWN)
    }


def _exact_renames(root: Path, command: str, args: list[str]) -> list[tuple[str, str]]:
    """The (old, new) paths of git's exact renames (``R100``) that ``git diff-tree`` or ``git
    diff`` (``command``) reports for ``args``, its revisions and pathspecs: the one reading of
    both callers. One git process; empty when git cannot say."""
    options = ["-z", "--name-status", "-M100%", "--diff-filter=R", "--no-ext-diff"]
    try:
        out = plumbing.run(root, [command, *options, *args])
    except plumbing.GitError:
        return []
    fields = out.decode("utf-8", "surrogateescape").split("\0")
    return [
        (old, new)
        for at in range(0, len(fields) - 2, 3)
        for status, old, new in (fields[at : at + 3],)
        if status == "R100"
    ]
