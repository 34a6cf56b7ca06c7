"""Active packets of the commit checked that the audit did not read, for the merge gate.

``check PATH`` and the Action's ``path`` input limit which packets are audited, not what a merge
would carry: like the block files, every active JSON packet of the commit checked must reach
``active-in-merge``. The caller lists the commit's packet files in the one ``diff-tree`` call it
makes for the block files; the ones the audit did not read are read here with one ``cat-file
--batch``, whatever their number (none when every packet was audited). A packet that cannot be
read (over ``max-file-bytes``, not a JSON object) counts too, and so does one whose status is
not exactly ``archived`` or ``superseded`` (missing, ``"Active"``, ``null``): nothing shows it
is finished. The same call lists the JSON file beside a ``handoff.md`` that ``block-files``
would name without it (`beside_packets`): the markdown is that packet's twin only while the gate
judges the JSON as a packet. It lists the names a reader may read as a packet's
(`odd_packets`: ``handoff.json ``) and the symbolic links on the way of a ``packets`` glob
(``.handoff`` -> ``notes``) too: the packets found through either are none the audit reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from handoff_audit.config import Config
from handoff_audit.git import plumbing
from handoff_audit.globs import matches_any, matches_any_case, positives
from handoff_audit.jsonpos import JsonPositionError, Parsed, parse
from handoff_audit.lookalike import ODD_NAMES
from handoff_audit.model.packet import (
    Packet,
    in_packets_folder,
    is_finished,
    lookalike_packets,
    named_block_file,
    named_packet,
    odd_status,
    packet_of,
    with_other_spellings,
    with_packet_globs,
)
from handoff_audit.model.repo_history import Unfinished


def gate_pathspecs(prefix: str, config: Config, packets: bool) -> list[str]:
    """Pathspecs of the files the merge gate reads of the commit checked: the ``block-files``
    globs (and the JSON files beside those of markdown files, `with_packet_globs`, and their
    other markdown extensions, `with_other_spellings`: ``HANDOFF.markdown``), the names a
    reader may read as others (`lookalike.ODD_NAMES`: no glob lists ``HANDOFF.md ``) and, with
    ``packets`` (a merge into a protected branch), the ``packets`` globs and the folders on
    their way (`_packet_folders`: a symbolic link there)."""
    specs = plumbing.pathspecs(prefix, with_other_spellings(with_packet_globs(config.block_files)))
    specs += [f":(top,glob){prefix}{glob}" for glob in ODD_NAMES]
    if packets:
        specs += plumbing.pathspecs(prefix, (*config.packets, *_packet_folders(config.packets)))
    return specs


def _packet_folders(packets: tuple[str, ...]) -> tuple[str, ...]:
    """The literal folders on the way of each ``packets`` glob, before its first segment with
    a wildcard (``.handoff`` for ``.handoff/*.json`` and ``.handoff/**/*.json``, ``docs`` for
    ``docs/**/handoff.json``, none for ``**/handoff.json``): a symbolic link there leads the glob
    to files elsewhere. Below a wildcard the glob already finds the files where they are."""
    folders: dict[str, None] = {}
    for glob in positives(packets):
        parts = glob.removeprefix("./").split("/")
        for end in range(1, len(parts)):
            if any(char in parts[end - 1] for char in "*?["):
                break
            folders["/".join(parts[:end])] = None
    return tuple(folders)


def odd_packets(
    files: Mapping[str, Iterable[tuple[str, str]]],
    links: Iterable[tuple[str, str]],
    trees: tuple[str, str | None],
    from_top: Callable[[str], str | None],
    config: Config,
) -> tuple[frozenset[str], frozenset[str]]:
    """Of the files of the commit checked (``trees``: its tree, then the target's or ``None``)
    in ``files`` (tree -> (top path, blob)), those whose name only reads as a JSON packet's
    (`model.packet.lookalike_packets`), and of ``links`` ((tree, top path) of the symbolic links
    listed that the commit adds or changes since its merge base with the target, and of the
    submodules listed, in which the audit reads no packet either) those of the
    commit checked that are a folder on the way of a ``packets`` glob and that the target does
    not have as they are: packets found through them are none the audit
    reads. Paths from the audited root."""
    tree, base = trees
    names = (from_top(path) for path, _ in files[tree])
    kept = set(files[base]) if base is not None else set()
    blobs = dict(files[tree])
    linked = (
        from_top(path) for at, path in links if at == tree and (path, blobs[path]) not in kept
    )
    folders = _packet_folders(config.packets)
    on_the_way = (name for name in linked if name and matches_any_case(name, folders))
    return lookalike_packets(filter(None, names), config), frozenset(on_the_way)


def unaudited_active(
    root: Path,
    files: Iterable[tuple[str, str]],
    from_top: Callable[[str], str | None],
    audited: set[str],
    config: Config,
    through: Mapping[str, str],
) -> dict[str, Unfinished]:
    """Each unfinished JSON packet among ``files`` ((top path, blob) of the commit checked) that
    is not in ``audited`` (paths from the audited root), and among ``through`` (the packets
    found through a symbolic link, path from the audited root -> blob) -> where its ``status``
    is (no position for one that could not be read). ``from_top``: a top path as a path from the
    audited root, ``None`` outside it."""
    blobs = dict(through)
    for top_path, blob in files:
        name = from_top(top_path)
        if (
            name is not None
            and name not in audited
            and name.lower().endswith(".json")
            and matches_any(name, config.packets)
        ):
            blobs[name] = blob
    texts = plumbing.read_blobs(root, list(blobs.values()), config.max_file_bytes)
    active: dict[str, Unfinished] = {}
    for name, blob in sorted(blobs.items()):
        text = texts.get(blob)
        parsed = None if text is None else _json_object(text.decode("utf-8", "replace"))
        if parsed is None and text is not None and _no_object(name, text, config):
            continue  # another tool's file, as the audit calls one (`Packet.shape`)
        if parsed is None:
            active[name] = Unfinished(None)
        elif not is_finished(parsed.value):
            position = parsed.positions.get("/status", parsed.positions.get("", (None, None)))
            active[name] = Unfinished(position, odd_status(parsed.value), parsed.value)
    return active


def beside_packets(
    root: Path,
    names: set[str],
    listed: Mapping[str, str],
    from_top: Callable[[str], str | None],
    audited: Iterable[Packet],
    config: Config,
) -> dict[str, dict[str, Any] | None]:
    """The markdown files among ``names`` (the commit's, from the audited root) that
    ``block-files`` would name but for a JSON file of the same name beside them (``handoff.md``
    by ``handoff.json``) -> that JSON object, or ``None`` when ``packets`` leaves it out or it is
    only in the index (no packet the gate reads): the merge rule gates such a markdown file as a
    working note unless it judges the JSON as a packet. A JSON file the audit read
    (``audited``) is taken as read; the others from their blobs in ``listed`` (path from the
    top folder -> blob; ``from_top`` makes it a name), one ``cat-file --batch``. One that
    ``packets`` finds but that cannot be read (over ``max-file-bytes``, not an object) is gated
    itself (`unaudited_active`), so its markdown stays its twin."""
    beside = {
        name: packet_of(name)
        for name in names
        if name.lower().endswith(".md")
        and packet_of(name) in names
        and named_block_file(name, config)
        and not named_block_file(name, config, names.__contains__)
    }
    read = {p.path: p.data for p in audited if p.kind == "json"}
    blobs = {name: blob for top, blob in listed.items() if (name := from_top(top)) is not None}
    wanted = {json: blobs[json] for json in beside.values() if json not in read and json in blobs}
    texts = plumbing.read_blobs(root, list(set(wanted.values())), config.max_file_bytes)
    found: dict[str, dict[str, Any] | None] = {}
    for md, json in beside.items():
        if not named_packet(json, config) or not (json in read or json in wanted):
            found[md] = None
        elif json in read:
            if read[json] is not None:
                found[md] = read[json]
        elif (text := texts.get(wanted[json])) is not None and (
            parsed := _json_object(text.decode("utf-8", "replace"))
        ) is not None:
            found[md] = parsed.value
    return found


def _no_object(name: str, text: bytes, config: Config) -> bool:
    """True for the JSON text of another tool's file ``name`` (`Packet.shape`): one that holds
    no object at its top (an array, a number) while the bundled schema judges, outside this
    tool's packets folder."""
    if config.schema is not None or in_packets_folder(name):
        return False
    try:
        return not isinstance(parse(text.decode("utf-8", "replace")).value, dict)
    except (JsonPositionError, RecursionError):
        return False


def _json_object(text: str) -> Parsed | None:
    """The packet's text parsed, when it is a JSON object (the audit of that path, when there
    is one, reports what is wrong with it otherwise)."""
    try:
        parsed = parse(text)
    except (JsonPositionError, RecursionError):
        return None
    return parsed if isinstance(parsed.value, dict) else None
