"""A ``git log -z`` walk with its files: its arguments (`log_with_files`) and its records, each
commit's format fields and its changed files, with ``--raw`` their old and new blob ids too."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

_COMMIT = re.compile(r"[0-9a-fA-F]{7,64}")


def log_with_files(
    fields: str,
    revisions: list[str],
    pathspecs: Sequence[str] = (),
    *,
    by_hand: bool = False,
    blobs: bool = False,
    full: bool = False,
) -> list[str]:
    """``git log`` arguments for a walk of ``revisions``, one record per commit: a ``\x1e``, the
    ``--format`` ``fields``, then the files it changed (first parent; no renames, no drivers).
    ``by_hand``: a merge's files are only those it made by hand (a conflict resolved), none of
    the files it took from a parent, and with ``pathspecs`` a merge that took them whole is left
    out for the commits that made them. ``blobs``: each file's old and new blob ids before it
    (``--raw``, `log_records`). ``full``: every file of a commit the pathspecs pick
    (``--full-diff``), so that a rename to one of them shows the name it left."""
    return [
        "log",
        "-z",
        "--no-color",
        "--no-show-signature",
        "--no-renames",
        "--no-ext-diff",
        "--no-textconv",
        "--diff-merges=dense-combined" if by_hand else "--diff-merges=first-parent",
        f"--format=%x1e{fields}",
        *(("--raw", "--no-abbrev") if blobs else ("--name-only",)),
        *(("--full-diff",) if full else ()),
        *revisions,
        "--",
        *pathspecs,
    ]


def log_records(
    fields: Iterator[bytes], count: int, time_at: int
) -> Iterator[tuple[list[str], tuple[str, ...]]]:
    """The records of `log_with_files` output: each commit's `count` format fields (the first
    a commit id, the one at `time_at` a number) and its changed files. A field that is no such
    header is a file name."""
    for header, files, _ in raw_log_records(fields, count, time_at):
        yield header, files


_RAW_ENTRY = re.compile(
    rb":+[0-7]{6}(?: [0-7]{6})+ ([0-9a-f]{40,64})(?: [0-9a-f]{40,64})*? ([0-9a-f]{40,64})"
    rb" [A-Z]+[0-9]*"
)
"""A ``--raw`` entry: the old (the first parent's, in a merge's combined one) and new blob ids."""


def raw_log_records(
    fields: Iterator[bytes], count: int, time_at: int, *, raw: bool = False
) -> Iterator[tuple[list[str], tuple[str, ...], dict[str, tuple[str, str]]]]:
    """`log_records`, with ``raw`` (`log_with_files` ``blobs``) each file's old and new blob
    ids too, read from the ``--raw`` entry before its name."""
    header: list[str] | None = None
    files: list[str] = []
    blobs: dict[str, tuple[str, str]] = {}
    pending: tuple[str, str] | None = None
    for field in fields:
        if field.startswith(b"\x1e"):
            parts = field[1:].decode("utf-8", "replace").split("\x1f", count - 1)
            if len(parts) == count and _COMMIT.fullmatch(parts[0]) and parts[time_at].isdigit():
                if header is not None:
                    yield header, tuple(files), blobs
                header, files, blobs, pending = parts, [], {}, None
                continue
        field = field.removeprefix(b"\n")
        if raw and pending is None and (entry := _RAW_ENTRY.fullmatch(field)):
            pending = (entry[1].decode("ascii"), entry[2].decode("ascii"))
            continue
        name = field.decode("utf-8", "surrogateescape")
        if name:
            files.append(name)
            if pending is not None:
                blobs[name] = pending
        pending = None
    if header is not None:
        yield header, tuple(files), blobs
