"""Symbolic links to folders below a glob's first wildcard, for the merge gate.

The audit reads no file through a symbolic link. A link the commit checked adds or changes
below a glob's first wildcard (``.handoff/feat`` -> ``../notes/feat``, for
``.handoff/**/*.json``) leads the ``packets``, ``series`` or ``block-files`` globs, once merged,
to files where the globs do not find them (``notes/feat/refund.json``): a packet, a series'
handoff or a working note the gate never judged. `hidden_behind_links` names such links, with
the files found through them, in three git calls at most: the links the commit adds or changes
since its merge base with the merge target (one ``diff --merge-base``, `branch_links`: a link
the target removed since is none of the branch's), where they lead (one ``cat-file``) and the
files of those folders in the commit (one ``diff-tree``). A link to a file, to a folder
outside the repository or to none, or one through which the globs find only files they find
where they are too, hides nothing. (A link that is a folder named before a ``packets`` glob's
first wildcard, ``.handoff`` -> ``notes``, is `tree_packets.odd_packets`' to name.)
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Collection
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.git import plumbing
from handoff_audit.model.packet import is_packet_file, named_block_file, of_a_series
from handoff_audit.model.repo_history import LinkedFolder

_LINK = "120000"
_MAX_TARGET_BYTES = 4096
"""A link's target longer than this (a path no system takes) leads nowhere."""


def hidden_behind_links(
    root: Path,
    trees: tuple[str, list[tuple[str, str]]],
    from_top: Callable[[str], str | None],
    config: Config,
    named: Collection[str],
) -> dict[str, LinkedFolder]:
    """Each symbolic link (a path from the audited root) of ``trees`` (the tree of the commit
    checked, then the links it adds or changes, `branch_links`) through which the configured
    globs find files of the commit that they do not find where those are -> what it hides;
    ``named``: the links already named (a ``packets`` glob's literal folder)."""
    head, changed = trees
    links = {
        path: blob
        for path, blob in changed
        if (name := from_top(path)) is not None and name not in named
    }
    texts = plumbing.read_blobs(root, list(set(links.values())), _MAX_TARGET_BYTES)
    targets = {
        link: target
        for link, blob in links.items()
        if blob in texts and (target := _resolved(link, texts[blob])) is not None
    }
    if not targets:
        return {}
    specs = [f":(top,literal){folder}" if folder else ":/" for folder in set(targets.values())]
    files = [path for path, _ in plumbing.tree_files(root, [head], specs, len(head))[head]]
    under = _under(files, set(targets.values()))
    hidden: dict[str, LinkedFolder] = {}
    for link, target in sorted(targets.items()):
        found, keys = _found_through(link, target, under[target], from_top, config)
        if found and (name := from_top(link)) is not None:
            hidden[name] = LinkedFolder(target, tuple(sorted(found)), keys)
    return hidden


def _under(files: list[str], folders: set[str]) -> dict[str, list[str]]:
    """Each of ``folders`` (``""``: the top folder) -> the paths of ``files`` inside it,
    relative to it: each file's folders looked up once, however many links lead there."""
    inside: dict[str, list[str]] = {folder: [] for folder in folders}
    for path in files:
        if "" in inside:
            inside[""].append(path)
        at = path.find("/")
        while at > 0:
            if (folder := path[:at]) in inside:
                inside[folder].append(path[at + 1 :])
            at = path.find("/", at + 1)
    return inside


def branch_links(
    root: Path, head: tuple[str, str], target: plumbing.Ref | None
) -> list[tuple[str, str]]:
    """(path from the top folder, blob) of each symbolic link that the commit ``head`` (its id,
    its tree) adds or changes since its merge base with the merge ``target``'s tip: one ``diff
    --merge-base``. A link the target removed or changed since is none of the branch's. Against
    the target's tree when no merge base is here (a shallow clone, unrelated histories: one
    ``diff-tree`` more), against no tree without a target."""
    if target is None:
        return _links(root, ["diff-tree", plumbing.empty_tree(len(head[1])), head[1]])
    try:
        return _links(root, ["diff", "--merge-base", target.commit, head[0]])
    except plumbing.GitError:
        return _links(root, ["diff-tree", target.tree, head[1]])


def _links(root: Path, diff: list[str]) -> list[tuple[str, str]]:
    """The symbolic links that the ``diff`` adds or changes, in git's raw output."""
    options = ["-r", "-z", "--raw", "--no-renames", "--no-relative", "--no-color"]
    options.append("--diff-filter=AMT")
    fields = plumbing.run(root, [*diff[:1], *options, *diff[1:], "--"]).split(b"\0")
    links = []
    for meta, path in zip(fields[::2], fields[1::2], strict=False):
        words = meta.decode("ascii", "replace").split()
        if len(words) == 5 and words[1] == _LINK:
            links.append((path.decode("utf-8", "surrogateescape"), words[3]))
    return links


def _resolved(link: str, target: bytes) -> str | None:
    """The folder (from the top folder, ``""`` for it) that the link ``link`` to ``target``
    names inside the repository; ``None`` for an absolute target or one leading out of it."""
    text = target.decode("utf-8", "surrogateescape")
    if not text or text.startswith("/") or "\0" in text:
        return None
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(link), text))
    if joined == ".." or joined.startswith("../"):
        return None
    return "" if joined == "." else joined


def _found_through(
    link: str,
    target: str,
    inside: list[str],
    from_top: Callable[[str], str | None],
    config: Config,
) -> tuple[list[str], tuple[str, ...]]:
    """The files (from the audited root) that the globs of a key find through ``link`` to the
    folder ``target`` (``inside``: its files, relative to it) and not where they are, and
    those keys."""
    prefix = f"{target}/" if target else ""
    found: list[str] = []
    keys: dict[str, None] = {}
    for rest in inside:
        seen = from_top(f"{link}/{rest}")
        if seen is None:
            continue
        real = from_top(prefix + rest)
        there = _keys(real, config) if real is not None else ()
        if by := [key for key in _keys(seen, config) if key not in there]:
            found.append(seen)
            keys.update(dict.fromkeys(by))
    return found, tuple(key for key in _KEYS if key in keys)


_KEYS = ("packets", "series", "block-files")


def _keys(path: str, config: Config) -> tuple[str, ...]:
    """The configuration keys whose globs find ``path``."""
    found = (
        ("packets", is_packet_file(path, config)),
        ("series", of_a_series(path, config)),
        ("block-files", named_block_file(path, config)),
    )
    return tuple(key for key, hit in found if hit)
