"""The per-packet part of an audit, in this process or spread over worker processes.

Reading a packet and its twin, parsing them, and the checks that look at one packet at a time
(`PER_PACKET_CHECKS`: schema, placeholder, secret, twin, length, log) need nothing from the other
packets or from git. `check_packets` does that part for a list of packets; `check_in_pool` cuts
the list into chunks and has a pool of forked processes run `check_packets` on each, giving back
the packets in their order and the hits of each. The engine's run (`audit.run_audit`) decides
which, and says why.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.engine.discovery import PacketFiles
from handoff_audit.engine.loading import load_pairs
from handoff_audit.model.context import AuditContext, Target
from handoff_audit.model.packet import Packet
from handoff_audit.rules import CHECKS, Check, content, twin
from handoff_audit.rules.base import Hit

PER_PACKET_CHECKS: tuple[Check, ...] = (content.check, twin.check)
"""The checks whose hits for a packet depend on that packet alone (and the configuration)."""
SHARED_CHECKS: tuple[Check, ...] = tuple(c for c in CHECKS if c not in PER_PACKET_CHECKS)
"""The others: they compare packets or read git's facts, so they run once over every packet."""

CHUNKS_PER_WORKER = 8
"""Chunks per worker: small enough that the workers finish together and that this process
unpickles one chunk while they read the next, large enough that a chunk's overhead is noise."""


def available_cores() -> int:
    """The cores this process may run on (a container's or `taskset`'s share, not the machine's)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # no sched_getaffinity on macOS and Windows
        return os.cpu_count() or 1


def can_fork() -> bool:
    """True where worker processes start by fork (Linux, macOS): they inherit the imports, the
    configuration and the compiled schema instead of redoing them."""
    # start-up: multiprocessing is imported only by an audit that may use workers
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def check_packets(
    root: Path, pairs: list[PacketFiles], config: Config, target: Target
) -> tuple[list[Packet], list[Hit]]:
    """Read ``pairs`` and run `PER_PACKET_CHECKS` on them: the packets, in order, and the hits."""
    packets, hits = load_pairs(root, pairs, config)
    ctx = AuditContext(root=root, config=config, packets=packets, target=target)
    for check in PER_PACKET_CHECKS:
        hits.extend(check(ctx))
    return packets, hits


_job: tuple[Path, Config, Target] | None = None
"""What every chunk of this audit shares; set before the fork, so the workers inherit it."""


def _work(pairs: list[PacketFiles]) -> tuple[list[Packet], list[Hit]]:
    assert _job is not None
    return check_packets(_job[0], pairs, _job[1], _job[2])


def check_in_pool(
    root: Path, pairs: list[PacketFiles], config: Config, target: Target, jobs: int
) -> tuple[list[Packet], list[Hit]]:
    """`check_packets` over ``pairs`` in ``jobs`` forked worker processes: the same packets in the
    same order, and the same hits."""
    # start-up: multiprocessing is imported only by an audit that uses workers
    import multiprocessing

    global _job
    _job = (root, config, target)
    packets: list[Packet] = []
    hits: list[Hit] = []
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for chunk_packets, chunk_hits in pool.imap(_work, _chunks(pairs, jobs)):
                packets += chunk_packets
                hits += chunk_hits
    finally:
        _job = None
    return packets, hits


def _chunks(pairs: list[PacketFiles], jobs: int) -> Iterator[list[PacketFiles]]:
    size = max(1, -(-len(pairs) // (jobs * CHUNKS_PER_WORKER)))
    for start in range(0, len(pairs), size):
        yield pairs[start : start + size]
