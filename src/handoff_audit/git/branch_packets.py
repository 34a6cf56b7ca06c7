"""Packets of other branches (``--all-branches``), read from their trees without checking them
out: `plan_branch_reads` says which trees to list (the caller lists them in the one
``diff-tree --stdin`` call it makes anyway), and `read_branch_packets` reads the packet files
found there with one ``cat-file --batch``, streaming past files over ``max-file-bytes``.

Each branch is read once, from its local ref when there is one, else from a remote-tracking
ref; the branch checked is left out (its packets are the work tree's). A file identical to one
already read at the same path counts once: a packet inherited unchanged by a branch made from
another is the same packet, not a second claim.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.git import plumbing
from handoff_audit.globs import matches_any
from handoff_audit.jsonpos import JsonPositionError, parse
from handoff_audit.model.packet import Packet, twin_of


@dataclass(frozen=True, slots=True)
class BranchPlan:
    """Which branch tips to read packets from, and how to recognise their packet files."""

    chosen: dict[str, plumbing.Ref]
    """Branch name -> the ref read for it (local first, else remote-tracking)."""
    prefix: str
    """The audited root relative to the repository's top folder (``""`` or ``a/``)."""
    globs: tuple[str, ...]
    """Packet globs, relative to the audited root."""
    twins: tuple[str, ...]
    """Their markdown twins' (``!`` kept), relative to the audited root."""

    @property
    def trees(self) -> list[str]:
        """The tree of every chosen branch tip."""
        return [ref.tree for ref in self.chosen.values()]

    @property
    def pathspecs(self) -> list[str]:
        """Git pathspecs that list at least every packet file of those trees."""
        return plumbing.pathspecs(self.prefix, (*self.globs, *self.twins))

    def holds(self, path: str) -> bool:
        """Whether ``path`` (from the audited root) is a packet file or a twin's name: each
        list on its own, for a ``!`` entry excludes only from its own list."""
        return matches_any(path, self.globs) or matches_any(path, self.twins)


def plan_branch_reads(
    prefix: str, refs: Iterable[plumbing.Ref], checked: str | None, config: Config
) -> BranchPlan | None:
    """Every branch but ``checked``, once; ``None`` when there is none."""
    chosen: dict[str, plumbing.Ref] = {}
    for ref in sorted(refs, key=lambda r: (not r.name.startswith("refs/heads/"), r.name)):
        if ref.branch and ref.branch != checked and ref.branch not in chosen:
            chosen[ref.branch] = ref
    if not chosen:
        return None
    twins = tuple(twin_of(g) for g in config.packets if g.endswith(".json"))
    return BranchPlan(chosen, prefix, config.packets, twins)


def read_branch_packets(
    root: Path,
    plan: BranchPlan,
    trees: Mapping[str, list[tuple[str, str]]],
    config: Config,
    work_packets: Iterable[Packet],
) -> tuple[list[Packet], dict[str, int]]:
    """The JSON packets of the planned branches, and each such branch's tip time.

    ``trees`` maps each planned tree to (top path, blob) pairs that include its packet files;
    other files in it (listed for another purpose in the same git call) are ignored."""
    prefix, chosen = plan.prefix, plan.chosen
    wanted: list[tuple[str, str, str, str | None]] = []
    for name, ref in chosen.items():
        files = {
            path: blob
            for path, blob in trees.get(ref.tree, [])
            if path.startswith(prefix) and plan.holds(path[len(prefix) :])
        }
        for top_path, blob in files.items():
            if top_path.endswith(".json"):
                wanted.append((name, top_path, blob, files.get(twin_of(top_path))))
    blobs = plumbing.read_blobs(
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
            packet.markdown_path = twin_of(path)
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
