"""Which side of a packet and its markdown twin changed last, by git: the side with uncommitted
changes, else the side the later commit changed (`twin_carry.twin_written_last` takes it). File
times count only where git cannot tell (outside git, both sides uncommitted, one commit changing
both): a checkout or a clone sets them all at once, in no order of the edits.

`check` reads it from the history walk it makes anyway (`Pairs`, no git process of its own);
the writing commands (`update`, `archive`, `supersede`) ask git once or twice (`twin_newer`),
only for a twin that says more than its packet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.git import plumbing
from handoff_audit.model.packet import Packet, twin_of


def decide(
    packet_dirty: bool, twin_dirty: bool, packet_seen: int | None, twin_seen: int | None
) -> bool | None:
    """Is the twin the newer side? ``*_dirty``: the file has uncommitted changes; ``*_seen``:
    where the newest-first walk of the history met the file's last change (``None``: not met,
    so older than every commit walked). ``None`` when git cannot tell: both uncommitted, one
    commit changing both (a tie), or neither met; then the file times decide, as outside git."""
    if packet_dirty or twin_dirty:
        return twin_dirty if packet_dirty != twin_dirty else None
    if packet_seen == twin_seen:
        return None
    if packet_seen is None or twin_seen is None:
        return packet_seen is None
    return twin_seen < packet_seen


def status_pathspecs(prefix: str, config: Config, named: list[str]) -> list[str]:
    """The pathspecs `status` looks at: the packets (the globs, and ``named`` that no glob
    matches) and their markdown twins, whose uncommitted change makes them the newer side."""
    twins = [twin_of(glob) for glob in config.packets if glob.lower().endswith(".json")]
    globs = list(dict.fromkeys([*config.packets, *twins]))
    literal = list(dict.fromkeys([*named, *(twin_of(path) for path in named)]))
    return plumbing.pathspecs(prefix, globs, literal)


@dataclass(slots=True)
class Pairs:
    """The packet/twin pairs whose order `check` needs (a twin holding text beyond its packet),
    met as the history walk goes."""

    pairs: dict[str, tuple[str, str]]
    """Packet path (from the audited root) -> (packet, twin) from the top folder."""
    dirty: dict[str, str]
    """The work tree's changes (`plumbing.status`): a changed side is the newer already."""
    seen: dict[str, int] = field(default_factory=dict)
    """Path from the top folder -> the index, in the walk, of the newest commit changing it."""

    @classmethod
    def of(cls, prefix: str, packets: list[Packet], dirty: dict[str, str]) -> Pairs:
        """The pairs of ``packets`` (``prefix``: the audited root from the top folder)."""
        pairs = {p.path: (prefix + p.path, prefix + (p.markdown_path or "")) for p in packets}
        return cls(pairs, dirty)

    def meet(self, index: int, files: tuple[str, ...]) -> None:
        """The walk's commit number ``index`` changed ``files``."""
        for name in files:
            self.seen.setdefault(name, index)

    def done(self) -> bool:
        """Is every pair's order known: one side of each met (the other is older then)?"""
        known = self.seen.keys() | self.dirty.keys()
        return all(p in known or t in known for p, t in self.pairs.values())

    def order(self) -> dict[str, bool]:
        """Packet path -> whether its twin is the newer side, where git can tell."""
        result: dict[str, bool] = {}
        dirty = self.dirty
        for path, (packet, twin) in self.pairs.items():
            newer = decide(
                packet in dirty, twin in dirty, self.seen.get(packet), self.seen.get(twin)
            )
            if newer is not None:
                result[path] = newer
        return result


def twin_newer(packet: Path, twin: Path) -> bool | None:
    """Is ``twin`` newer than ``packet`` (the same folder), by git (`decide`)? ``None`` when
    git cannot tell: not a repository, or both files uncommitted or never committed."""
    folder = packet.parent
    names = [packet.name, twin.name]
    specs = [f":(literal){name}" for name in names]
    try:
        dirty = plumbing.run(folder, ["status", "--porcelain=v1", "-z", "--", *specs])
        changed = {
            entry[3:].decode("utf-8", "surrogateescape").rpartition("/")[2]
            for entry in dirty.split(b"\0")
            if len(entry) > 3
        }
        if changed:
            return decide(names[0] in changed, names[1] in changed, None, None)
        out = plumbing.run(
            folder, ["log", "-1", "--format=", "--name-only", "--relative", "--", *specs]
        )
    except plumbing.GitError:
        return None
    last = {line.rpartition("/")[2] for line in out.decode("utf-8", "replace").splitlines()}
    return decide(False, False, 0 if names[0] in last else 1, 0 if names[1] in last else 1)
