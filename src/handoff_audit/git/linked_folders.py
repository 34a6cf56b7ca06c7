"""Symbolic links to folders below a glob's first wildcard, for the merge gate.

The audit reads no file through a symbolic link. A link the commit checked adds or changes
below a glob's first wildcard (``.handoff/feat`` -> ``../notes/feat``, for
``.handoff/**/*.json``) leads the ``packets``, ``series`` or ``block-files`` globs, once merged,
to files where the globs do not find them (``notes/feat/refund.json``): an unfinished packet
(judged as the gate judges one at its path: an archived one is none), a series' handoff or a
working note the audit never read. `merged_links` names such links, with the files found
through them, in four git calls (six with several merge bases, five with none): the links the
commit adds or changes since its merge base with the merge target (one ``diff --merge-base``,
`branch_links`: a link the target removed since is none of the branch's, nor one the target's
tip has as it is, one ``ls-tree`` of them), where they lead (one ``cat-file``) and the files
of those folders in the commit (one ``diff-tree``), through
the links on the way too (`link_chains`: two or three calls more per link followed); the
packets found through them are read in the ``cat-file`` of `tree_packets.unaudited_active`. A
link to a file, to a folder outside the repository or to none, one in a loop of links, or one
through which the globs find only files they find where they are too, hides nothing. (A link
that is a folder named before a ``packets`` glob's first wildcard, ``.handoff`` -> ``notes``,
is `tree_packets.odd_packets`' to name.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.git import plumbing
from handoff_audit.git.link_chains import followed, link_entries
from handoff_audit.git.tree_packets import odd_packets, unaudited_active
from handoff_audit.model.packet import Packet, is_packet_file, named_block_file, of_a_series
from handoff_audit.model.repo_history import History, LinkedFolder, Unfinished

_LINK = "120000"


def merged_links(
    facts: History,
    root: Path,
    commits: tuple[tuple[str, str], plumbing.Ref | None],
    listed: tuple[Mapping[str, list[tuple[str, str]]], set[tuple[str, str]]],
    from_top: Callable[[str], str | None],
    config: Config,
    audited: Sequence[Packet],
) -> None:
    """What a merge of the commit ``commits`` (its id and tree, then the merge target's tip)
    would bring that the audit did not read, from its files ``listed`` (tree -> (top path,
    blob), and the (tree, top path) of the symbolic links among them; ``from_top`` makes a top
    path one from the audited root): ``facts``'
    ``lookalike_packets``, ``linked_packets`` (`tree_packets.odd_packets`), ``linked_folders``
    and ``unaudited_active`` (`tree_packets.unaudited_active`). The packets found through a link
    are judged as at their path, read in the same ``cat-file`` as the unaudited packets."""
    (head, tip), (files, links) = commits, listed
    tree, base = head[1], tip.tree if tip is not None else None
    changed = branch_links(root, head, tip)
    ours = {(tree, path) for path, _ in changed} & links
    odd = odd_packets(files, ours, (tree, base), from_top, config)
    facts.lookalike_packets, facts.linked_packets = odd
    hidden, blobs = _hidden(root, (tree, changed), from_top, config, facts.linked_packets)
    named = {p.path for p in audited}
    active = unaudited_active(root, files[tree], from_top, named, config, blobs)
    through = {name: active.pop(name) for name in blobs if name in active}
    facts.linked_folders = _judged(hidden, through)
    facts.unaudited_active = active


def _judged(
    hidden: dict[str, LinkedFolder], active: Mapping[str, Unfinished]
) -> dict[str, LinkedFolder]:
    """``hidden`` with the files only the ``packets`` globs find left out where the packet is
    finished (not in ``active``), and each link through which nothing is left."""
    judged: dict[str, LinkedFolder] = {}
    for link, linked in hidden.items():
        found = {
            path: kept
            for path, keys in linked.found.items()
            if (kept := tuple(key for key in keys if key != "packets" or path in active))
        }
        if found:
            unfinished = {path: active[path] for path in found if path in active}
            judged[link] = LinkedFolder(linked.target, found, unfinished)
    return judged


def _hidden(
    root: Path,
    trees: tuple[str, list[tuple[str, str]]],
    from_top: Callable[[str], str | None],
    config: Config,
    named: Collection[str],
) -> tuple[dict[str, LinkedFolder], dict[str, str]]:
    """Each symbolic link (a path from the audited root) of ``trees`` (the tree of the commit
    checked, then the links it adds or changes, `branch_links`) through which the configured
    globs find files of the commit that they do not find where those are -> what it hides;
    and the blob of each file the ``packets`` globs find through one. ``named``: the links
    already named (a ``packets`` glob's literal folder)."""
    head, changed = trees
    links = {
        path: blob
        for path, blob in changed
        if (name := from_top(path)) is not None and name not in named
    }
    targets, under = followed(root, head, links)
    hidden: dict[str, LinkedFolder] = {}
    packets: dict[str, str] = {}
    for link, target in sorted(targets.items()):
        found = _found_through(link, target, under[target], from_top, config)
        if found and (name := from_top(link)) is not None:
            hidden[name] = LinkedFolder(target, {p: keys for p, (keys, _) in found.items()}, {})
            packets.update(
                {path: blob for path, (keys, blob) in found.items() if "packets" in keys}
            )
    return hidden, packets


def branch_links(
    root: Path, head: tuple[str, str], target: plumbing.Ref | None
) -> list[tuple[str, str]]:
    """(path from the top folder, blob) of each symbolic link that the commit ``head`` (its id,
    its tree) adds or changes since its merge base with the merge ``target``'s tip: one ``diff
    --merge-base``. A link the target removed or changed since is none of the branch's, nor one
    the target has as the commit has it (both added it: a cherry-pick; one ``ls-tree`` of those
    links more, `_not_on`). With several merge bases (criss-cross merges), a link the commit has
    as one of them has it is none of the branch's either (one ``merge-base --all`` and one
    ``diff-tree`` more). Against the target's tree when no merge base is here (a shallow clone,
    unrelated histories: those two calls more), against no tree without a target."""
    if target is None:
        return _links(root, ["diff-tree", plumbing.empty_tree(len(head[1])), head[1]])
    # `diff` is porcelain: a user's diff.relative would cut the paths to the folder it runs in.
    merge_base = ["diff", "--no-relative", "--no-color", "--merge-base", target.commit, head[0]]
    changed: list[tuple[str, str]] | None
    try:
        changed = _links(root, merge_base)
    except plumbing.GitError:
        changed = _since_bases(root, head[0], target.commit)
    if changed is None:
        return _links(root, ["diff-tree", target.tree, head[1]])
    return _not_on(root, target, changed)


def _since_bases(root: Path, head: str, target: str) -> list[tuple[str, str]] | None:
    """The symbolic links ``head`` adds or changes since every merge base it has with
    ``target`` (one ``merge-base --all``, one ``diff-tree``); ``None`` when there is none."""
    try:
        out = plumbing.run(root, ["merge-base", "--all", target, head], ok_codes=(0, 1))
    except plumbing.GitError:
        out = b""
    if not (bases := out.decode("ascii", "replace").split()):
        return None
    # One block per merge base, each the commit against that base: a link counts when it
    # differs from every base, in each block once.
    pairs = "".join(f"{head} {base}\n" for base in bases).encode()
    found = Counter(_links(root, ["diff-tree", "--stdin"], stdin=pairs))
    return [link for link, blocks in found.items() if blocks == len(bases)]


def _not_on(
    root: Path, target: plumbing.Ref, links: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """``links`` but those the ``target``'s tip has as they are, the same link at the same
    path: a merge brings none of them."""
    there = link_entries(root, target.commit, {path for path, _ in links})
    return [(path, blob) for path, blob in links if there.get(path) != blob]


def _links(root: Path, diff: list[str], stdin: bytes | None = None) -> list[tuple[str, str]]:
    """The symbolic links that the ``diff`` adds or changes, in git's raw output (a link once
    for each block of a ``diff-tree --stdin``, whose echoed input lines are skipped)."""
    options = ["-r", "-z", "--raw", "--no-abbrev", "--no-renames", "--diff-filter=AMT"]
    out = plumbing.run(root, [*diff[:1], *options, *diff[1:], "--"], stdin=stdin)
    fields = iter(out.split(b"\0"))
    links = []
    for meta in fields:
        if not meta.startswith(b":"):
            continue
        path = next(fields, b"")
        words = meta.decode("ascii", "replace").split()
        if len(words) == 5 and words[1] == _LINK:
            links.append((path.decode("utf-8", "surrogateescape"), words[3]))
    return links


def _found_through(
    link: str,
    target: str,
    inside: list[tuple[str, str]],
    from_top: Callable[[str], str | None],
    config: Config,
) -> dict[str, tuple[tuple[str, ...], str]]:
    """Each file (from the audited root) that the globs of a key find through ``link`` to the
    folder ``target`` (``inside``: its files, relative to it, with their blobs) and not where
    it is -> those keys and its blob."""
    prefix = f"{target}/" if target else ""
    found: dict[str, tuple[tuple[str, ...], str]] = {}
    for rest, blob in inside:
        seen = from_top(f"{link}/{rest}")
        if seen is None:
            continue
        real = from_top(prefix + rest)
        there = _keys(real, config) if real is not None else ()
        if by := tuple(key for key in _keys(seen, config) if key not in there):
            found[seen] = (by, blob)
    return found


def _keys(path: str, config: Config) -> tuple[str, ...]:
    """The configuration keys whose globs find ``path``."""
    found = (
        ("packets", is_packet_file(path, config)),
        ("series", of_a_series(path, config)),
        ("block-files", named_block_file(path, config)),
    )
    return tuple(key for key, hit in found if hit)
