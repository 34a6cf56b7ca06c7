"""What `.gitignore` hides: the questions asked when a handoff was looked for and not found,
each one git call through `plumbing.run`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from handoff_audit.git.plumbing import run

_IGNORED = [
    "ls-files",
    "-z",
    "--others",
    "--ignored",
    "--exclude-standard",
    "--directory",
    "--no-empty-directory",
]


def ignored_files(root: Path) -> list[str]:
    """The untracked files git ignores (a wholly ignored folder as one ``folder/`` entry, so
    that a large ignored tree costs one line), from the top folder; one git call."""
    return sorted(_names(run(root, _IGNORED)))


def ignored_among(folder: Path, names: Sequence[str]) -> set[str]:
    """Those of the untracked files ``names`` (in ``folder``) that git ignores; one git call."""
    # Exit 1 is "none ignored"; each ignored name is printed back.
    given = b"".join(name.encode("utf-8", "surrogateescape") + b"\0" for name in names)
    return _names(run(folder, ["check-ignore", "-z", "--stdin"], stdin=given, ok_codes=(0, 1)))


def ignoring_patterns(folder: Path, names: Sequence[str]) -> dict[str, str]:
    """The ``.gitignore`` pattern that ignores each of the files ``names`` (in ``folder``) that
    git ignores; one git call."""
    given = b"".join(name.encode("utf-8", "surrogateescape") + b"\0" for name in names)
    out = run(folder, ["check-ignore", "-v", "-z", "--stdin"], stdin=given, ok_codes=(0, 1))
    fields = out.decode("utf-8", "surrogateescape").split("\0")
    # -v -z: source, line number, pattern and path, each ended by a NUL
    return {fields[i + 3]: fields[i + 2] for i in range(0, len(fields) - 3, 4)}


def _names(out: bytes) -> set[str]:
    return {name for name in out.decode("utf-8", "surrogateescape").split("\0") if name}
