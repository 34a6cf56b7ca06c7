"""Where symbolic links of a commit lead, for the merge gate's `linked_folders`: to a folder of
the commit, through the links on the way too (``.handoff/feat`` -> ``../hop``, ``hop`` ->
``notes/feat``; ``.handoff/deep`` -> ``../via/feat``, ``via`` -> ``notes``), at most `MAX_HOPS`
of them, within the repository. A loop, a longer chain, a link out of the repository or to a
file or to nothing leads to no folder.

Each step is one ``diff-tree`` that lists the folders reached (and names what stands at a path
that is no folder: a file, or a link to follow); only when nothing stands there, one ``ls-tree``
of the folders on its way (one of them may be a link); and one ``cat-file`` that reads the
links met. A chain of links costs one such step per link, whatever the number of files.
"""

from __future__ import annotations

import posixpath
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path

from handoff_audit.git import plumbing

MAX_HOPS = 8
"""Links followed after the first one; a longer chain leads nowhere."""
MAX_TARGET_BYTES = 4096
"""A link's target longer than this (a path no system takes) leads nowhere."""
_LINK = "120000"

Listing = dict[str, list[tuple[str, str]]]
"""Each folder (from the top folder, ``""`` for it) -> its files (path relative to it, blob)."""


def followed(root: Path, tree: str, links: Mapping[str, str]) -> tuple[dict[str, str], Listing]:
    """Each of ``links`` (path from the top folder -> its blob) that leads to a folder of the
    ``tree``, through further links when it must -> that folder; and the files of those
    folders."""
    walk = _Walk(root, tree)
    texts = walk.read(links.values())
    pending = {
        link: target
        for link, blob in links.items()
        if blob in texts and (target := resolved(link, texts[blob])) is not None
    }
    seen = {link: {link, target} for link, target in pending.items()}
    leads: dict[str, str] = {}
    for step in range(MAX_HOPS + 1):
        walk.list(pending.values())
        leads.update({link: t for link, t in pending.items() if walk.listing[t]})
        if step == MAX_HOPS:
            break
        hops = walk.hops({link: t for link, t in pending.items() if not walk.listing[t]})
        pending = {}
        for link, target in hops.items():
            if target is not None and target not in seen[link]:
                seen[link].add(target)
                pending[link] = target
        if not pending:
            break
    return leads, walk.listing


class _Walk:
    """What the paths asked of one commit's tree are: folders with their files, files, links,
    each asked of git once."""

    def __init__(self, root: Path, tree: str) -> None:
        self.root, self.tree = root, tree
        self.listing: Listing = {}
        """Each folder asked -> its files (none: no folder there)."""
        self.entries: dict[str, str] = {}
        """Each path asked that is a file or a link -> its blob."""
        self.links: dict[str, str] = {}
        """The symbolic links met (path -> blob)."""
        self.asked: set[str] = set()
        """The folders on the way to a path that were asked whether they are links."""
        self.texts: dict[str, bytes] = {}

    def list(self, folders: Iterable[str]) -> None:
        """The files of each of ``folders`` not asked yet, and what stands at each: one
        ``diff-tree``."""
        new = set(folders) - set(self.listing)
        if not new:
            return
        specs = [f":(top,literal){folder}" if folder else ":/" for folder in new]
        met: set[tuple[str, str]] = set()
        files = plumbing.tree_files(self.root, [self.tree], specs, len(self.tree), met)
        self.listing.update(_under(files[self.tree], new))
        self.entries.update((path, blob) for path, blob in files[self.tree] if path in new)
        self.links.update({path: self.entries[path] for _, path in met if path in new})

    def read(self, blobs: Iterable[str]) -> dict[str, bytes]:
        """The targets of the links of ``blobs``; one ``cat-file`` for those not read yet."""
        wanted = set(blobs) - set(self.texts)
        if wanted:
            self.texts.update(plumbing.read_blobs(self.root, sorted(wanted), MAX_TARGET_BYTES))
        return self.texts

    def hops(self, pending: Mapping[str, str]) -> dict[str, str | None]:
        """Each link of ``pending`` whose path (listed) is no folder -> the path after the link
        at that path or on its way (``None``: out of the repository); a path that is a file,
        or that no link leads on from, is left out."""
        lost = {p for p in pending.values() if p not in self.links and p not in self.entries}
        self._ask_ways(lost)
        ways: dict[str, str] = {}
        for link, path in pending.items():
            on_the_way = [way for way in self.links if path == way or path.startswith(f"{way}/")]
            if on_the_way:
                ways[link] = on_the_way[0]
        texts = self.read(self.links[way] for way in ways.values())
        return {
            link: _joined(resolved(way, texts[self.links[way]]), pending[link][len(way) :])
            for link, way in ways.items()
            if self.links[way] in texts
        }

    def _ask_ways(self, paths: set[str]) -> None:
        """Which folders on the way to ``paths`` are symbolic links: one ``ls-tree`` of those
        not asked yet; none when there are none."""
        ways = {path[:at] for path in paths for at in range(len(path)) if path[at] == "/"}
        ways -= self.asked
        self.asked |= ways
        self.links.update(link_entries(self.root, self.tree, ways))


def link_entries(root: Path, tree: str, paths: Collection[str]) -> dict[str, str]:
    """Which of ``paths`` (from the top folder) are symbolic links in the commit or tree
    ``tree``, each with its blob: one ``ls-tree``; none asked when ``paths`` is empty."""
    if not paths:
        return {}
    specs = [f":(top,literal){path}" for path in sorted(paths)]
    out = plumbing.run(root, ["ls-tree", "-z", "--full-tree", tree, "--", *specs])
    found: dict[str, str] = {}
    for entry in out.split(b"\0"):
        meta, _, path = entry.partition(b"\t")
        words = meta.decode("ascii", "replace").split()
        if len(words) == 3 and words[0] == _LINK:
            found[path.decode("utf-8", "surrogateescape")] = words[2]
    return found


def _joined(hop: str | None, rest: str) -> str | None:
    """The path ``rest`` (``""`` or ``/more``) after the folder ``hop`` a link led to."""
    if hop is None:
        return None
    return f"{hop}{rest}" if hop else rest.removeprefix("/")


def resolved(link: str, target: bytes) -> str | None:
    """The path (from the top folder, ``""`` for it) that the link ``link`` to ``target``
    names inside the repository; ``None`` for an absolute target or one leading out of it."""
    text = target.decode("utf-8", "surrogateescape")
    if not text or text.startswith("/") or "\0" in text:
        return None
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(link), text))
    if joined == ".." or joined.startswith("../"):
        return None
    return "" if joined == "." else joined


def _under(files: list[tuple[str, str]], folders: set[str]) -> Listing:
    """Each of ``folders`` (``""``: the top folder) -> the files of ``files`` (path, blob)
    inside it, their paths relative to it: each file's folders looked up once, however many
    links lead there."""
    inside: Listing = {folder: [] for folder in folders}
    for path, blob in files:
        if "" in inside:
            inside[""].append((path, blob))
        at = path.find("/")
        while at > 0:
            if (folder := path[:at]) in inside:
                inside[folder].append((path[at + 1 :], blob))
            at = path.find("/", at + 1)
    return inside
