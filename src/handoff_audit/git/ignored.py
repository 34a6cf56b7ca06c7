"""What `.gitignore` hides: the questions asked when a handoff was looked for and not found,
each one git call through `plumbing.run`."""

from __future__ import annotations

import posixpath
from collections.abc import Collection, Sequence
from dataclasses import dataclass
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


def ignored_within(root: Path, pathspecs: Sequence[str]) -> list[str]:
    """The untracked files git ignores that ``pathspecs`` match, each by name, a wholly ignored
    folder's too, from the top folder; one git call."""
    return sorted(_names(run(root, [*_IGNORED[:-2], "--", *pathspecs])))


def ignored_among(folder: Path, names: Sequence[str]) -> set[str]:
    """Those of the untracked files ``names`` (in ``folder``) that git ignores; one git call."""
    # Exit 1 is "none ignored"; each ignored name is printed back.
    given = b"".join(name.encode("utf-8", "surrogateescape") + b"\0" for name in names)
    return _names(run(folder, ["check-ignore", "-z", "--stdin"], stdin=given, ok_codes=(0, 1)))


@dataclass(frozen=True, slots=True)
class IgnoreRule:
    """A line that makes git ignore a file, as ``git check-ignore -v`` names it."""

    source: str
    """The file it is in: a ``.gitignore`` from the top folder, ``.git/info/exclude``, or the
    absolute path of a global excludes file."""
    line: int
    """Its line number there, from 1."""
    pattern: str


def ignoring_patterns(
    folder: Path, names: Sequence[str], *, tracked: bool = False
) -> dict[str, IgnoreRule]:
    """The `IgnoreRule` that ignores each of the files ``names`` (in ``folder``) that git
    ignores; with ``tracked``, also of a folder holding tracked files (``docs`` under a
    ``docs/`` line), which git otherwise never calls ignored. One git call."""
    given = b"".join(name.encode("utf-8", "surrogateescape") + b"\0" for name in names)
    index = ["--no-index"] if tracked else []
    args = ["check-ignore", "-v", "-z", *index, "--stdin"]
    out = run(folder, args, stdin=given, ok_codes=(0, 1))
    fields = out.decode("utf-8", "surrogateescape").split("\0")
    # -v -z: source, line number, pattern and path, each ended by a NUL
    return {
        fields[i + 3]: IgnoreRule(fields[i], int(fields[i + 1] or 0), fields[i + 2])
        for i in range(0, len(fields) - 3, 4)
    }


def committed_rules(
    root: Path, rules: Collection[IgnoreRule], revision: str = "HEAD"
) -> set[IgnoreRule]:
    """Those of ``rules`` that are lines of a ``.gitignore`` of the repository at ``root`` as
    the commit ``revision`` holds it (the branch's base commit: a line the branch added is not
    the owner's): the owner's own rules, not one of ``.git/info/exclude``, a global excludes
    file, or a line not committed yet; one git call, none without a ``.gitignore``'s."""
    sources = sorted(
        {
            rule.source
            for rule in rules
            if posixpath.basename(rule.source) == ".gitignore"
            and not rule.source.startswith(("/", ".git/"))
        }
    )
    if not sources:
        return set()
    asked = "".join(f"{revision}:{source}\n" for source in sources)
    out = run(root, ["cat-file", "--batch"], stdin=asked.encode("utf-8", "surrogateescape"))
    committed: dict[str, set[str]] = {}
    for source in sources:
        header, _, out = out.partition(b"\n")
        size = header.split()[2] if header.count(b" ") == 2 else b""
        if not size.isdigit():  # "<name> missing": the commit holds no such file
            continue
        text, out = out[: int(size)], out[int(size) + 1 :]
        lines = text.decode("utf-8", "surrogateescape").splitlines()
        committed[source] = {line.strip() for line in lines}
    # By its text, not its line number: the branch may have added lines above it.
    return {rule for rule in rules if rule.pattern.strip() in committed.get(rule.source, ())}


def _names(out: bytes) -> set[str]:
    return {name for name in out.decode("utf-8", "surrogateescape").split("\0") if name}
