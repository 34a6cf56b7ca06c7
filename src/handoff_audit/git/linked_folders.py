"""Symbolic links to folders below a glob's first wildcard, for the merge gate.

The audit reads no file through a symbolic link. A link the commit checked adds or changes
below a glob's first wildcard (``.handoff/feat`` -> ``../notes/feat``, for
``.handoff/**/*.json``) leads the ``packets``, ``series`` or ``block-files`` globs, once merged,
to files where the globs do not find them (``notes/feat/refund.json``): an unfinished packet
(judged as the gate judges one at its path: an archived one is none), a series' handoff or a
working note the audit never read. A link the merge target has, which the merge keeps, puts
there the files the commit adds or changes in the folder it leads to (``main``'s
``.handoff/feat``, the branch's ``notes/feat/refund.json``): an unfinished packet or a working
note among them is judged so (a series' file is a record the merge may bring).
`merged_links` names such links, with the files found through them, in four git calls (six
with several merge bases or none): what the commit changes and the target's links
(`branch_changes`, two), where the links lead (one ``cat-file``) and the files of those
folders in the commit (one ``diff-tree``), through the links on the way too (`link_chains`: two
or three calls more per link followed); the packets found through them are read in the
``cat-file`` of `tree_packets.unaudited_active`.
A link to a file, to a folder outside the repository or to none, one in a loop of links, or one
through which the globs find only files they find where they are too, hides nothing. (A link
that is a folder named before a ``packets`` glob's first wildcard, ``.handoff`` -> ``notes``,
that the commit adds or changes is `tree_packets.odd_packets`' to name, as is a submodule
there.)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.git import plumbing
from handoff_audit.git.branch_changes import BranchChanges, branch_changes
from handoff_audit.git.link_chains import followed
from handoff_audit.git.tree_packets import odd_packets, unaudited_active
from handoff_audit.model.packet import Packet, is_packet_file, named_block_file, of_a_series
from handoff_audit.model.repo_history import History, LinkedFolder, Unfinished

_LINK = "120000"
_Paths = set[tuple[str, str]]
"""(tree, top path) of the symbolic links or the submodules listed."""


def merged_links(
    facts: History,
    root: Path,
    commits: tuple[tuple[str, str], plumbing.Ref | None],
    listed: tuple[Mapping[str, list[tuple[str, str]]], _Paths, _Paths],
    from_top: Callable[[str], str | None],
    config: Config,
    audited: Sequence[Packet],
) -> BranchChanges:
    """What a merge of the commit ``commits`` (its id and tree, then the merge target's tip)
    would bring that the audit did not read, from its files ``listed`` (tree -> (top path,
    blob), and the (tree, top path) of the symbolic links and of the submodules among them;
    ``from_top`` makes a top path one from the audited root): ``facts``'
    ``lookalike_packets``, ``linked_packets`` (`tree_packets.odd_packets`: a submodule there
    too, in which the audit reads no packet either), ``linked_folders``
    and ``unaudited_active`` (`tree_packets.unaudited_active`). The packets found through a link
    are judged as at their path, read in the same ``cat-file`` as the unaudited packets.
    Returns what the commit changes since the merge base (`branch_changes`), which
    `target_copies.on_target` reads too."""
    (head, tip), (files, links, gitlinks) = commits, listed
    tree, base = head[1], tip.tree if tip is not None else None
    changes = branch_changes(root, head, tip)
    ours = {(tree, path) for path, _ in changes.links} & links | gitlinks
    odd = odd_packets(files, ours, (tree, base), from_top, config)
    facts.lookalike_packets, facts.linked_packets = odd
    hidden, blobs = _hidden(root, (tree, changes), from_top, config, facts.linked_packets)
    named = {p.path for p in audited}
    active = unaudited_active(root, files[tree], from_top, named, config, blobs)
    through = {name: active.pop(name) for name in blobs if name in active}
    facts.linked_folders = _judged(hidden, through)
    facts.unaudited_active = active
    return changes


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
            judged[link] = linked._replace(found=found, unfinished=unfinished)
    return judged


def _hidden(
    root: Path,
    trees: tuple[str, BranchChanges],
    from_top: Callable[[str], str | None],
    config: Config,
    named: Collection[str],
) -> tuple[dict[str, LinkedFolder], dict[str, str]]:
    """Each symbolic link (a path from the audited root) through which the configured globs
    find files of the commit that they do not find where those are -> what it hides; and the
    blob of each file the ``packets`` globs find through one. ``trees``: the tree of the commit
    checked, then what it changes (`branch_changes`): through a link it adds or changes, every
    file; through one of the target's that the merge keeps, the files the commit adds or
    changes that the ``packets`` or ``block-files`` globs find. ``named``: the links already
    named (a ``packets`` glob's literal folder)."""
    head, changes = trees

    def unnamed(links: Iterable[tuple[str, str]]) -> dict[str, str]:
        return {
            path: blob
            for path, blob in links
            if (name := from_top(path)) is not None and name not in named
        }

    ours = unnamed(changes.links)
    kept = unnamed(changes.kept.items()) if changes.files else {}
    targets, under = followed(root, head, {**kept, **ours})
    hidden: dict[str, LinkedFolder] = {}
    packets: dict[str, str] = {}
    for link, target in sorted(targets.items()):
        inside = under[target] if link in ours else _changed(target, under[target], changes)
        found = _found_through(link, target, inside, from_top, config)
        if link not in ours:
            found = {p: (by, blob) for p, (keys, blob) in found.items() if (by := _gated(keys))}
        if found and (name := from_top(link)) is not None:
            linked = {p: keys for p, (keys, _) in found.items()}
            hidden[name] = LinkedFolder(target, linked, {}, kept=link not in ours)
            # a packet is a JSON file (a markdown twin is read with it), as `unaudited_active`
            # reads the commit's own
            packets.update(
                {
                    path: blob
                    for path, (keys, blob) in found.items()
                    if "packets" in keys and path.lower().endswith(".json")
                }
            )
    return hidden, packets


def _changed(
    folder: str, inside: list[tuple[str, str]], changes: BranchChanges
) -> list[tuple[str, str]]:
    """The files of ``inside`` (of ``folder``, relative to it, with their blobs) that the
    commit adds or changes (``changes``)."""
    prefix = f"{folder}/" if folder else ""
    return [(rest, blob) for rest, blob in inside if changes.files.get(prefix + rest) == blob]


def _gated(keys: tuple[str, ...]) -> tuple[str, ...]:
    """Of ``keys``, those whose files the gate stops wherever they come from: a series' file,
    added behind a link the target keeps, is a record the merge may bring."""
    return tuple(key for key in keys if key != "series")


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
