"""Packets of other branches (``--all-branches``), read from their trees without checking them
out: one ``diff-tree --stdin`` lists every branch's packet files, one ``cat-file --batch-check``
leaves out files over ``max-file-bytes``, one ``cat-file --batch`` reads the rest.

Each branch is read once, from its local ref when there is one, else from a remote-tracking
ref; the branch checked is left out (its packets are the work tree's). A file identical to one
already read at the same path counts once: a packet inherited unchanged by a branch made from
another is the same packet, not a second claim.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from handoff_audit import gitrepo
from handoff_audit.config import Config
from handoff_audit.jsonpos import JsonPositionError, parse
from handoff_audit.packet import Packet


def read_branch_packets(
    root: Path,
    prefix: str,
    refs: Iterable[gitrepo.Ref],
    checked: str | None,
    config: Config,
    work_packets: Iterable[Packet],
) -> tuple[list[Packet], dict[str, int]]:
    """The JSON packets of every branch but ``checked``, and each such branch's tip time.

    ``prefix`` is the audited root relative to the repository's top folder (``""`` or ``a/``)."""
    chosen: dict[str, gitrepo.Ref] = {}
    for ref in sorted(refs, key=lambda r: (not r.name.startswith("refs/heads/"), r.name)):
        if ref.branch and ref.branch != checked and ref.branch not in chosen:
            chosen[ref.branch] = ref
    if not chosen:
        return [], {}
    globs = [*config.packets, *(g[:-5] + ".md" for g in config.packets if g.endswith(".json"))]
    specs = [f":(top,glob){prefix}{g.removeprefix('./')}" for g in globs]
    oid_length = len(next(iter(chosen.values())).tree)
    trees = gitrepo.tree_files(root, [r.tree for r in chosen.values()], specs, oid_length)
    wanted: list[tuple[str, str, str, str | None]] = []
    for name, ref in chosen.items():
        files = dict(trees.get(ref.tree, []))
        for top_path, blob in files.items():
            if top_path.endswith(".json") and top_path.startswith(prefix):
                wanted.append((name, top_path, blob, files.get(top_path[:-5] + ".md")))
    blobs = gitrepo.read_blobs(
        root, [b for *_, blob, twin in wanted for b in (blob, twin) if b], config.max_file_bytes
    )
    seen = {(p.path, p.text) for p in work_packets}
    packets: list[Packet] = []
    times: dict[str, int] = {}
    for name, top_path, blob, twin in wanted:
        if blob not in blobs:
            continue
        path = top_path[len(prefix) :]
        text = blobs[blob].decode("utf-8", "replace")
        if (path, text) in seen:
            continue
        seen.add((path, text))
        packet = _packet(name, path, text)
        if packet is None:
            continue
        if twin and twin in blobs:
            packet.markdown_path = path[:-5] + ".md"
            packet.markdown_text = blobs[twin].decode("utf-8", "replace")
        packets.append(packet)
        times[name] = chosen[name].time
    return packets, times


def _packet(ref: str, path: str, text: str) -> Packet | None:
    """A packet read from another branch; ``None`` when it is not a readable JSON object
    (that branch's own audit reports it)."""
    try:
        parsed = parse(text)
    except (JsonPositionError, RecursionError):
        return None
    if not isinstance(parsed.value, dict):
        return None
    return Packet(
        path=path,
        kind="json",
        data=parsed.value,
        text=text,
        positions=parsed.positions,
        key_positions=parsed.key_positions,
        ref=ref,
    )
