"""The per-packet part of an audit, in this process or spread over worker processes.

Reading a packet and its twin, parsing them, and the checks that look at one packet at a time
(`PER_PACKET_CHECKS`: schema, placeholder, secret, twin, length, log) need nothing from the other
packets or from git. `check_packets` does that part for a list of packets; `Workers.check` cuts
the list into chunks as it hands them out and runs `check_packets` on each in this process and
in forked worker processes (`Workers`, forked before the packets are known), giving back the
packets in their order and the hits of each. The engine's run (`audit.run_audit`) decides which,
and says why.
"""

from __future__ import annotations

import functools
import importlib
import marshal
import os
import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from handoff_audit.config import Config
from handoff_audit.engine.discovery import PacketFiles
from handoff_audit.engine.loading import load_pairs
from handoff_audit.jsonpos import positions_later
from handoff_audit.model.context import AuditContext, Target
from handoff_audit.model.packet import Packet
from handoff_audit.rules import CHECKS, Check, content, twin
from handoff_audit.rules.base import Hit
from handoff_audit.schema.messages import bundled_accepts, validator_for
from handoff_audit.schema.packet_kind import is_json_schema

PER_PACKET_CHECKS: tuple[Check, ...] = (content.check, twin.check)
"""The checks whose hits for a packet depend on that packet alone (and the configuration)."""
SHARED_CHECKS: tuple[Check, ...] = tuple(c for c in CHECKS if c not in PER_PACKET_CHECKS)
"""The others: they compare packets or read git's facts, so they run once over every packet."""

SHARE_PER_CHUNK = 4
"""A chunk is this fraction (1/4) of an even share of the packets not yet handed out: large
first chunks, ever smaller ones towards the end, so that the processes finish together."""
MIN_CHUNK = 50
"""Packets in the smallest chunk: below it a chunk's overhead is no longer noise."""


def available_cores() -> int:
    """The cores this process may run on (a container's or `taskset`'s share, not the machine's),
    or ``PYTHON_CPU_COUNT`` when set, as Python 3.13's `os.process_cpu_count` takes it."""
    process_cpu_count = getattr(os, "process_cpu_count", None)  # Python 3.13
    if process_cpu_count is not None:
        return int(process_cpu_count() or 1)
    override = os.environ.get("PYTHON_CPU_COUNT", "")
    if override.isascii() and override.isdigit() and int(override) > 0:
        return int(override)
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
    root: Path,
    pairs: list[PacketFiles],
    config: Config,
    target: Target,
    notes: frozenset[str] = frozenset(),
) -> tuple[list[Packet], list[Hit]]:
    """Read ``pairs`` and run `PER_PACKET_CHECKS` on them: the packets, in order, and the hits.
    A file that is a JSON Schema (`is_json_schema`) is dropped once read: it is not a packet.
    ``notes``: every working note of the audit (`AuditContext.working_notes`)."""
    packets, hits = load_pairs(root, pairs, config)
    schemas = {p.path for p in packets if p.kind == "json" and is_json_schema(p.data)}
    if schemas:
        dropped = schemas | {p.markdown_path for p in packets if p.path in schemas}
        packets = [p for p in packets if p.path not in schemas]
        hits = [hit for hit in hits if hit.path not in dropped]
    ctx = AuditContext(root, config, packets, target, working_notes=notes)
    for check in PER_PACKET_CHECKS:
        hits.extend(check(ctx))
    for packet in packets:  # `clean` asked here: in a worker, not in the process that waits
        _ = packet.clean
    return packets, hits


class Workers:
    """``count`` forked worker processes that check chunks of packets (`check`), then `close`.

    They are forked before the packets are known, as soon as an audit knows it wants them (speed:
    each imports and prepares what checking needs, about 0.3 s of CPU, while this process still
    discovers the packets), with everything else they need (the configuration, the target); each
    chunk's files go to them and only results come back.
    """

    def __init__(self, root: Path, config: Config, target: Target, count: int) -> None:
        # start-up: multiprocessing is imported only by an audit that uses workers
        import multiprocessing

        fork = multiprocessing.get_context("fork")
        # `Queue`, not `SimpleQueue`, both ways: a put goes out from a thread of its own, so
        # neither side waits on a full pipe while the other is busy with a chunk. A dead worker
        # never reads its tasks: nothing waits for them to be sent at exit.
        self._tasks, self._results = fork.Queue(), fork.Queue()
        self._tasks.cancel_join_thread()
        self._root, self._config, self._target = root, config, target
        serve = functools.partial(_serve, root, config, target, self._tasks, self._results)
        self.processes = [fork.Process(target=serve, daemon=True) for _ in range(count)]
        for each in self.processes:
            each.start()
        self._reader: threading.Thread | None = None

    def check(
        self, pairs: list[PacketFiles], notes: frozenset[str] = frozenset()
    ) -> tuple[list[Packet], list[Hit]]:
        """`check_packets` over ``pairs`` in this process and the workers: the same packets in
        the same order, and the same hits."""
        inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
        # A thread reads the results: a worker killed while sending one leaves it unfinished,
        # and only a thread can wait on that while this one sees the worker dead and ends.
        self._reader = threading.Thread(
            target=_forward, args=(self._results, inbox, len(self.processes)), daemon=True
        )
        self._reader.start()

        def own(chunk: _Chunk) -> tuple[list[Packet], list[Hit]]:
            chunked = pairs[chunk[0] : chunk[1]]
            return check_packets(self._root, chunked, self._config, self._target, notes)

        def give(chunk: _Chunk) -> None:
            files = [(p.path, p.kind, p.markdown) for p in pairs[chunk[0] : chunk[1]]]
            self._tasks.put((chunk, marshal.dumps((files, notes))))

        return _in_order(_share(own, give, len(pairs), inbox, self.processes))

    def close(self) -> None:
        """The workers ended (killed if they were never given work: they may still be
        preparing), their queues closed."""
        for _ in self.processes:
            self._tasks.put(None)
        for each in self.processes:
            if self._reader is None:
                each.kill()
            each.join(timeout=5)
            if each.is_alive():
                each.kill()
                each.join()
        # After a death it waits for ever (a daemon, gone with this process's exit 3).
        if self._reader is not None and all(each.exitcode == 0 for each in self.processes):
            self._reader.join(timeout=5)
        self._tasks.close()
        self._results.close()


def _serve(root: Path, config: Config, target: Target, tasks: Any, results: Any) -> None:
    """A worker: prepared (`prepare`), then checks the chunks it is given until told to stop."""
    prepare(config)
    while (task := tasks.get()) is not None:
        chunk, sent = task
        try:
            files, notes = marshal.loads(sent)
            pairs = [PacketFiles(*each) for each in files]
            packets, hits = check_packets(root, pairs, config, target, notes)
            results.put((chunk, (_plain(packets), hits), None))
        except Exception as error:  # handed to the caller, raised there as in this process
            results.put((chunk, None, error))
    results.put(None)


def prepare(config: Config) -> None:
    """Import and build what checking packets may need and makes only on first use (start-up
    of a one-packet audit): markdown's and the twin rules' modules, the bundled schema's checks.
    (Speed: a worker does it while the audit's process still discovers the packets.)"""
    for name in _PREPARED:
        importlib.import_module(name)
    if config.schema is None:  # another schema is read where it is used, its errors reported
        bundled_accepts(None, None)
        validator_for(None)


_PREPARED = (
    "handoff_audit.markdown.compare",
    "handoff_audit.markdown.completeness",
    "handoff_audit.markdown.prompts",
    "handoff_audit.markdown.stub",
    "handoff_audit.markdown.template",
    "markdown_it",
    "re2",
)
"""The modules `prepare` imports."""


def _forward(results: Any, inbox: queue.SimpleQueue[Any], workers: int) -> None:
    """Move the workers' results from ``results`` to ``inbox`` until each worker said it ended."""
    ended = 0
    while ended < workers:
        try:
            result = results.get()
        except (EOFError, OSError):  # closed: the audit is over
            return
        if result is None:
            ended += 1
        else:
            inbox.put(result)


_Chunk = tuple[int, int]
"""A chunk of the packets: its first index and the index after its last."""
_Done = dict[_Chunk, tuple[list[Packet], list[Hit]] | Exception]
"""Each chunk's packets and hits, or the error that stopped it."""


def _share(
    check: Callable[[_Chunk], tuple[list[Packet], list[Hit]]],
    give: Callable[[_Chunk], None],
    count: int,
    inbox: queue.SimpleQueue[Any],
    processes: list[Any],
) -> _Done:
    """The ``count`` packets checked in chunks by the workers (chunks handed by ``give``, results
    taken from ``inbox``) and by this process: it keeps two chunks per worker waiting for them,
    takes in each result as it comes, and checks the next chunk itself whenever no result is
    ready (speed: this process would otherwise only wait, and its own chunks are not copied)."""
    done: _Done = {}
    given = waiting = 0
    jobs = len(processes) + 1
    while given < count:
        while waiting < 2 * len(processes) and given < count:
            chunk = next_chunk(given, count, jobs)
            give(chunk)
            given, waiting = chunk[1], waiting + 1
        try:
            result = inbox.get_nowait()
        except queue.Empty:
            result = None
        if result is not None:
            _take_in(done, result)
            waiting -= 1
        elif given < count:
            chunk = next_chunk(given, count, jobs)
            try:
                done[chunk] = check(chunk)
            except Exception as error:  # raised in chunk order, as a worker's would be
                done[chunk] = error
            given = chunk[1]
            _raise_if_dead(processes)
    for _ in range(waiting):
        _take_in(done, _next_result(inbox, processes))
    return done


def next_chunk(start: int, count: int, jobs: int) -> _Chunk:
    """The chunk from ``start`` (see `SHARE_PER_CHUNK`)."""
    size = max(MIN_CHUNK, -(-(count - start) // (jobs * SHARE_PER_CHUNK)))
    return start, min(count, start + size)


class WorkerDied(RuntimeError):
    """A worker process ended before handing back its chunk (killed, out of memory)."""


def _next_result(inbox: queue.SimpleQueue[Any], processes: list[Any]) -> Any:
    """The next result from ``inbox``; a worker that died first is an error, never a wait
    without end."""
    while True:
        try:
            return inbox.get(timeout=_POLL_SECONDS)
        except queue.Empty:
            _raise_if_dead(processes)


def _raise_if_dead(processes: list[Any]) -> None:
    dead = [each.exitcode for each in processes if each.exitcode not in (None, 0)]
    if dead:
        raise WorkerDied(
            f"a worker process ended with exit code {dead[0]} before its packets were"
            " checked (out of memory?); run again with --jobs 1"
        )


_POLL_SECONDS = 0.25
"""How often a wait for results looks whether the workers are still alive."""


def _take_in(done: _Done, result: tuple[_Chunk, Any, Exception | None]) -> None:
    """A worker's result into ``done``: its packets made again from their plain values."""
    chunk, plain, error = result
    if error is not None:
        done[chunk] = error
    else:
        chunk_packets, hits = plain
        done[chunk] = (_packets(chunk_packets), hits)


def _in_order(done: _Done) -> tuple[list[Packet], list[Hit]]:
    """The packets and hits of the chunks, in order; the first chunk's error raised."""
    packets: list[Packet] = []
    hits: list[Hit] = []
    for chunk in sorted(done):
        result = done[chunk]
        if isinstance(result, Exception):
            raise result
        packets += result[0]
        hits += result[1]
    return packets, hits


def _plain(packets: list[Packet]) -> bytes:
    """What this process needs of each packet a worker checked, as plain values in `marshal`'s
    format (speed: pickling the `Packet` objects cost four times as much, in the workers, and
    more to read back here). Positions are left out: this process finds them again from the
    text if a check asks (as the worker would have, the first time)."""
    return marshal.dumps(
        [
            (
                p.path,
                p.kind,
                p.markdown_path,
                p.data,
                p.text,
                p.markdown_text,
                p.known_clean,
                p.twin_drops,
                p.shape,
            )
            for p in packets
        ]
    )


def _packets(plain: bytes) -> list[Packet]:
    """The packets of `_plain`."""
    packets = []
    for path, kind, markdown_path, data, text, markdown_text, clean, drops, shape in marshal.loads(
        plain
    ):
        packet = Packet(
            path=path,
            kind=kind,
            markdown_path=markdown_path,
            data=data,
            text=text,
            markdown_text=markdown_text,
            known_clean=clean,
            twin_drops=drops,
            shape=shape,
        )
        if data is not None:  # parsed: the text was JSON that `jsonpos.parse` accepted
            packet.positions, packet.key_positions = positions_later(text)
        packets.append(packet)
    return packets
