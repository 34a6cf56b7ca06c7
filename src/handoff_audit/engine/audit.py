"""The audit, start to end: discover -> load -> gather history -> checks -> Report."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from handoff_audit import shell
from handoff_audit.config import Config
from handoff_audit.credentials import redact, redact_packet
from handoff_audit.engine import discovery, own_scope, workers
from handoff_audit.engine.instructed import judged_words, named_over
from handoff_audit.engine.loading import load_packets, printable
from handoff_audit.engine.series_folders import SeriesFolders
from handoff_audit.engine.series_order import DATED, name_key, next_files, unreadable_date
from handoff_audit.engine.series_pointers import stale_pointers
from handoff_audit.git.facts import Early, gather_history, start_early
from handoff_audit.git.plumbing import Refs, RepoInfo
from handoff_audit.git.sparse import outside_definition
from handoff_audit.model.context import AuditContext, Target
from handoff_audit.model.findings import Finding, PacketInfo, Report, Severity, Timeline
from handoff_audit.model.gate_exclusions import kept_notice
from handoff_audit.model.packet import (
    Packet,
    agent_folder,
    in_series,
    is_handoff_record,
    rel,
    twin_of,
)
from handoff_audit.model.repo_history import History
from handoff_audit.model.running_logs import working_notes
from handoff_audit.rules import RULES_BY_ID
from handoff_audit.rules import suppression as suppressions
from handoff_audit.rules.base import Hit
from handoff_audit.rules.merge import ASKS_FOR_CONTENT, left_out
from handoff_audit.rules.secret_rule import history_secret_hits
from handoff_audit.rules.suppression import Suppressions
from handoff_audit.schema import time_bound


@dataclass(frozen=True, slots=True)
class AuditRequest:
    """Everything one audit needs, already parsed and validated."""

    root: Path
    """The repository root (or, outside git, the folder the paths are relative to)."""
    paths: tuple[Path, ...]
    """Where to look for packets; absolute, under ``root``."""
    config: Config = field(default_factory=Config)
    """The validated configuration."""
    target: Target = field(default_factory=Target)
    """The commit, branch and merge target checked."""
    select: frozenset[str] | None = None
    """Only these rule ids (``None`` = all)."""
    ignore: frozenset[str] = frozenset()
    """Never these rule ids."""
    remote_history: Callable[[History, list[Packet]], None] | None = None
    """Fills in what a shallow clone could not tell (the action asks GitHub's compare API)."""
    known_git: tuple[RepoInfo, Refs] | None = None
    """The repository at ``root`` and its refs, when the caller has just read them (the hook
    does, to decide whether to audit at all): git is not asked for them again."""
    judged_by: Config | None = None
    """On a pull request whose ``packets`` and ``series`` (``config``'s) came from its base commit
    for the merge gate (`action.base_gate`), the pull request's own configuration: a file the
    gate's settings find and these do not is judged by the merge-gate rules alone, as ``check``
    on the branch does not audit it (and by `secret` when a ``!`` entry of these leaves it out,
    as ``check`` scans it), and one these find is judged as ``check`` judges it
    (`own_scope.widen`)."""


PARALLEL_FROM = 1000
"""Fewer packets than this are read in this process: starting workers and sending the packets
back costs more than it saves below it (measured: bench/README.md, "Every core")."""


def run_audit(request: AuditRequest) -> Report:
    """Run every check over the packets under ``request.paths`` and collect a Report.

    Speed, decided here and nowhere else (figures in bench/README.md):

    - The per-packet work (reading, parsing, the checks of `workers.PER_PACKET_CHECKS`) runs in
      ``jobs`` processes, this one and forked workers (``--jobs``, the configuration's ``jobs``;
      without either, the cores available when there are at least `PARALLEL_FROM` packets, else
      this process alone).
      Either way the packets come back in their order and the report is the same, byte for
      byte; git and the checks that compare packets run here, once.
    - The cyclic garbage collector is off while auditing, and what the audit made is never
      scanned by it after (`_fewer_collections`); the workers inherit it off.

    It is the one place that changes process-wide state, for the run only and restored after
    it: the garbage collector (on again, with the objects that exist then frozen), and the
    worker processes (gone when the run ends).
    """
    time_bound.new_audit(request.config.schema_timeout)
    # the merge gate's `git rm` of a note outside a sparse checkout's definition needs --sparse
    with _fewer_collections(), shell.sparse_checkout(partial(outside_definition, request.root)):
        return _run(request)


def jobs_for(request: AuditRequest, packets: int) -> int:
    """Processes for ``packets`` packets; 1 = this process alone. ``jobs`` given (option or
    configuration) is obeyed whatever the number of packets, so either path can be forced, up
    to the cores available and the packets: a process more than the cores only costs its
    start-up (about 0.3 s of CPU each, bench/README.md), and one without a packet has no work."""
    jobs = request.config.jobs
    if jobs is None and packets < PARALLEL_FROM:
        return 1
    return capped_jobs(jobs, packets, workers.available_cores(), workers.can_fork())


def capped_jobs(asked: int | None, packets: int, cores: int, can_fork: bool) -> int:
    """The processes an audit of ``packets`` packets uses when ``asked`` for (``None``: as many
    as the cores) on ``cores`` cores: never more than either, nor than the packets."""
    if not can_fork:
        return 1
    return max(1, min(cores if asked is None else asked, cores, packets))


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """No cyclic garbage collection while auditing (speed: 7% at 10,000 packets with the
    threshold raised to 10,000, 15% more of this process's time with it off, bench/README.md).

    An audit allocates many small dicts and lists that live until the report and form no
    cycles, so the collector would only rescan them again and again, and unpickling the workers'
    packets would set it off every few thousand objects. It is back on when the audit ends, with
    every object that exists then frozen (`gc.freeze`): never scanned again, still freed when
    no longer referenced. Else the collections after it, while the report is written and when
    the process exits, would scan every object the audit made (0.7 s of CPU of a `check` of
    10,000 packets); the price is that a cycle among them, if it becomes garbage, stays.
    Forked workers inherit it off.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.freeze()
            gc.enable()


def _run(request: AuditRequest) -> Report:
    pool = _Pool(request)
    early: Early | None = None
    try:
        found, left_out = _discover(request, pool)
        pairs = discovery.pair(found.names, found.lexists)
        jobs = jobs_for(request, len(pairs))
        notes = working_notes(_hand_written(request.root, pairs))
        if jobs > 1:
            early = _start_git(request, pairs, found.repo)
            packets, hits = pool.take(jobs).check(pairs, notes)
            pool.close()  # memory: the workers end before git's facts and the report
        else:
            pool.close()
            packets, hits = workers.check_packets(
                request.root, pairs, request.config, request.target, notes
            )
        facts = _gather(request, packets, found, early)
    finally:
        pool.close()
        if early is not None:
            early.status.discard()
    if facts is not None and request.remote_history is not None:
        request.remote_history(facts, packets)
    history = _history_files(request, found)
    all_hits: list[Hit] = [*hits, *history_secret_hits(history)]
    branch_hits: list[Hit] = []
    if facts is not None and request.target.all_branches:
        branch_hits = list(_branch_hits(request, facts.branch_packets))
        packets = [*packets, *facts.branch_packets]
    ctx = AuditContext(request.root, request.config, packets, request.target, facts, notes)
    for check in workers.SHARED_CHECKS:
        all_hits.extend(check(ctx))
    # Once: applied, and their problems reported; an older file's cover its `secret` hits.
    inline = suppressions.read([*packets, *history], RULES_BY_ID)
    all_hits.extend(inline.problems)
    if facts is not None and facts.branch_packets:
        all_hits = _marked_elsewhere(all_hits, branch_hits, facts.branch_packets, packets)
    submodules = facts.submodules if facts is not None else frozenset()
    all_hits = _judged(left_out, _no_notes(all_hits, submodules), frozenset(found.left_out))
    shown = _file_names(all_hits, packets) | _topics(packets)
    refs = frozenset(p.ref for p in packets if p.ref is not None)
    findings, suppressed = _decide(all_hits, request, inline, shown, refs)
    pointed = tuple(stale_pointers(request.root, found.pointers, found.current_names(request.root)))
    return Report(
        packets=tuple(_packet_info(p, facts) for p in packets),
        findings=findings,
        head=facts.head if facts else None,
        branch=facts.branch if facts else request.target.branch,
        target_branch=request.target.target_branch,
        blocking_rules=_blocking_rules(findings, request.target),
        suppressed=suppressed,
        archived=tuple(found.archived),
        agent_notes=tuple(found.agent_notes),
        notices_said=_notices(facts, request.target),
        warnings_said=(*_warnings(facts, found, request), *pointed),
        pointers_said=pointed,
    )


def _hand_written(root: Path, pairs: list[discovery.PacketFiles]) -> Iterator[str]:
    """The markdown-only handoffs of ``pairs``, named as their packets will be."""
    return (printable(rel(root, p.path)) for p in pairs if p.kind == "markdown")


def _notices(facts: History | None, target: Target) -> tuple[str, ...]:
    """The notes about the run itself: a typed merge target that is not protected, a history
    target not in the clone, the files a `!` entry the branch adds left out of the merge gate."""
    if facts is None:
        return ()
    kept = facts.kept_as_is
    gate = kept_notice(kept, target.gate_exclusions, target.target_branch or "the merge target")
    notes = (facts.protected_notice, facts.target_notice, redact(gate) if kept else None)
    return tuple(note for note in notes if note)


def _warnings(
    facts: History | None, found: discovery.Found, request: AuditRequest
) -> Iterator[str]:
    """The lines about the run itself: a protected-branch glob that matches no branch, a file
    a dated or numbered series passed over (as `show` and the Stop hook say it when the agent
    instructions name it, `_named_in`)."""
    if facts is not None and facts.protected_warning:
        yield facts.protected_warning
    for older, current in found.passed_over.items():
        source = _named_in(request, found, older)
        yield _passed_over_warning(older, current, source)


def _named_in(request: AuditRequest, found: discovery.Found, older: str) -> str | None:
    """The agent instruction file naming ``older`` when `show` presents it in place of its
    series' current file (`instructed.named_over`)."""
    root = request.root
    handoffs = [
        (path.relative_to(root).as_posix(), found.history.get(path, ())) for path in found.files
    ]
    return named_over(root, handoffs, older, request.config.max_file_bytes)


def _branch_hits(request: AuditRequest, packets: list[Packet]) -> Iterator[Hit]:
    """The per-packet checks' hits of other branches' packets (``--all-branches``), each named
    as that branch's file, ``BRANCH:handoff.json`` (the branch redacted in the report when
    credential-shaped): the work tree may have no such file, or another one. `_marked_elsewhere`
    marks them as that branch's."""
    for packet in packets:
        ctx = AuditContext(request.root, request.config, [packet], request.target)
        for check in workers.PER_PACKET_CHECKS:
            for hit in check(ctx):
                yield replace(hit, path=f"{packet.ref}:{hit.path}")


def _marked_elsewhere(
    hits: list[Hit], branch_hits: list[Hit], branch: list[Packet], packets: list[Packet]
) -> list[Hit]:
    """``hits`` and ``branch_hits`` (`_branch_hits`), every hit on another branch's file marked
    as such (`Hit.elsewhere`), so that the report places it at that branch's path: all of
    ``branch_hits``, and those of ``hits`` (the shared checks and the inline suppressions name
    such a file ``BRANCH:path`` too) on a branch's file but for a work-tree file that happens to
    bear such a name, which stays the work tree's."""
    here = {name for p in packets if p.ref is None for name in (p.path, p.markdown_path) if name}
    there = {f"{p.ref}:{name}" for p in branch for name in (p.path, p.markdown_path) if name} - here
    return [
        *(replace(hit, elsewhere=True) for hit in branch_hits),
        *(replace(hit, elsewhere=True) if hit.path in there else hit for hit in hits),
    ]


def _discover(request: AuditRequest, pool: _Pool) -> tuple[discovery.Found, frozenset[str]]:
    """The files to audit, and those only the merge gate judges (`own_scope.widen`: on a pull
    request whose own ``packets`` or ``series`` differ from its base commit's)."""
    found = discovery.discover_all(
        request.root,
        request.paths,
        request.config,
        (pool.fork_at, pool.fork),
        request.target.fetch_history,
    )
    if request.judged_by is None:
        return found, frozenset()
    return own_scope.widen(request.root, request.paths, request.judged_by, found)


def _passed_over_warning(older: str, current: str, named_in: str | None = None) -> str:
    """The line for a file a dated or numbered series passed over for want of a date (or a
    number) in its name; for one an agent instruction file names (``named_in``), a copy under
    a dated name, the file kept where the instructions send the next session."""
    folder, _, base = older.rpartition("/")
    dated = "/".join(
        part for part in (folder, f"{datetime.now(UTC).date().isoformat()}-{base}") if part
    )
    if named_in is not None:
        return (
            f"{judged_words(older, named_in, current)}; to have its state judged, keep it and "
            f"copy it to a dated name in each session (e.g. `cp -- {shell.quote(older)} "
            f"{shell.quote(dated)}`)"
        )
    numbered = all(
        key is None or key[0] != DATED for key in (name_key(current), name_key(current, True))
    )  # a dashed date month first reads as no date day first
    no_date = (
        "a date handoff-audit cannot read" if unreadable_date(older) else "no date"
    )  # a month name in a language it does not know
    if numbered:
        return (
            f"{older} has {no_date} and no number in its name, so {current} (numbered) is the "
            f"current handoff of its series, though {older} changed later; if it is the newest, "
            f"give it a date, which outranks a number (e.g. {dated})"
        )
    return (
        f"{older} has {no_date} in its name, so {current} (dated) is the current handoff of its "
        f"series, though {older} changed later; if it is the newest, give it a date "
        f"(e.g. {dated})"
    )


def _judged(left_out: frozenset[str], hits: list[Hit], scanned: frozenset[str]) -> list[Hit]:
    """``hits`` but those of the rules other than the merge gate's on the files the pull
    request's own configuration leaves out (``left_out``, `own_scope.widen`); a file its
    ``!`` entries leave out (``scanned``, `Found.left_out`) keeps its `secret` hits, as
    ``check`` scans it."""
    if not left_out:
        return hits
    return [
        hit
        for hit in hits
        if hit.path not in left_out
        or _blocks(hit.rule.id)
        or (hit.rule.id == "secret" and hit.path in scanned)
    ]


def _no_notes(hits: list[Hit], submodules: frozenset[str]) -> list[Hit]:
    """``hits`` but ``handoff-in-merge`` on a file blocked by its lower-case name alone
    (`Hit.note`) that ``not-a-handoff`` reads, by what it says, as no handoff (a skill, a
    guide): the tool must not block a merge on a file it calls no handoff. Not by its place
    alone: a note in an agent's folder named on the command line stays blocked. Nor
    ``invalid-json`` on a submodule the gate names (``submodules``, `History.submodules`: "the
    path is a folder"), whose finding says what it is and how to remove it."""
    none = {h.path for h in hits if h.rule.id == "not-a-handoff" and agent_folder(h.path) is None}
    if submodules:
        hits = [h for h in hits if not (h.rule.id == "invalid-json" and h.path in submodules)]
    if not none:
        return hits
    return [hit for hit in hits if not (hit.note and hit.path in none)]


def _history_files(request: AuditRequest, found: discovery.Found) -> list[Packet]:
    """Every series' older files, the archived ones (`Found.archived`) and the templates in
    series folders (`Found.templates`), read for `secret` and their inline suppressions; what
    keeps one from being read (too large, a link out of the repository) is no finding: history
    is not judged."""
    older = [request.root / name for names in found.history.values() for name in names]
    older.extend(request.root / name for name in (*found.templates, *found.archived))
    audited = {*found.names, *map(str, older)}  # a file left out is scanned once, if at all
    older.extend(p for name in found.left_out if str(p := request.root / name) not in audited)
    if not older:
        return []
    packets, _ = load_packets(request.root, older, request.config)
    return packets


def _gather(
    request: AuditRequest, packets: list[Packet], found: discovery.Found, early: Early | None
) -> History | None:
    """Each series' current file given its older files, and git's facts with what discovery
    could not tell of a series (`discovery.Found.unordered`)."""
    if found.history:
        older = {rel(request.root, path): names for path, names in found.history.items()}
        for packet in packets:
            packet.history = older.get(packet.path, ())
    root, target, config = request.root, request.target, request.config
    # A change to a handoff file or a series' record is no work (the series: discovery's).
    records = partial(
        is_handoff_record, config=config, series=SeriesFolders.of(root, config, found)
    )
    facts = gather_history(
        root, packets, target, config, records, request.known_git, early, found.repo
    )
    if facts is not None:
        facts.unordered_series = found.unordered
        facts.series_next = next_files(
            [p.path for p in packets if in_series(p.path, config)],
            lambda name: found.lexists(str(root / name)),
        )
    return facts


class _Pool:
    """The workers of one run, forked as soon as discovery has seen enough JSON packet files to
    want them (`jobs_for` of that many packets), so that they prepare while it goes on; else, or
    if the packets found want another number, when they are checked."""

    def __init__(self, request: AuditRequest) -> None:
        self._request = request
        self.fork_at = PARALLEL_FROM if request.config.jobs is None else request.config.jobs
        """JSON packet files seen when `fork` is called: at least that many packets."""
        self._workers: workers.Workers | None = None

    def fork(self) -> None:
        """Start the workers that `fork_at` packets want, if any."""
        jobs = jobs_for(self._request, self.fork_at)
        if jobs > 1:
            self._workers = self._start(jobs)

    def take(self, jobs: int) -> workers.Workers:
        """``jobs - 1`` workers: those forked early when they are as many, else new ones."""
        if self._workers is not None and len(self._workers.processes) != jobs - 1:
            self.close()
        if self._workers is None:
            self._workers = self._start(jobs)
        return self._workers

    def close(self) -> None:
        """The workers, if any, ended."""
        if self._workers is not None:
            self._workers.close()
            self._workers = None

    def _start(self, jobs: int) -> workers.Workers:
        request = self._request
        return workers.Workers(request.root, request.config, request.target, jobs - 1)


def _start_git(
    request: AuditRequest, pairs: list[discovery.PacketFiles], repo: RepoInfo | None
) -> Early | None:
    """Git's answers that do not depend on what the packets hold, asked before the packets are
    checked (`start_early`): git looks at the work tree while they are. Only
    with workers: a small audit would start git for nothing when no packet is active."""
    json_packets = [printable(rel(request.root, p.path)) for p in pairs if p.kind == "json"]
    return start_early(request.root, request.config, json_packets, request.known_git, repo)


def _blocks(rule_id: str) -> bool:
    return RULES_BY_ID[rule_id].blocks_merge


def _blocking_rules(findings: Iterable[Finding], target: Target) -> frozenset[str]:
    """The merge-gate rules that fired; none for the pre-commit hook's plain commit on the
    protected branch, which blocks a commit, not a merge."""
    staged = target.staged
    if staged is not None and staged.merge_head is None and target.target_branch is None:
        return frozenset()
    return frozenset(f.rule for f in findings if _blocks(f.rule))


def _file_names(hits: list[Hit], packets: Iterable[Packet]) -> frozenset[str]:
    """The repository's files a message may name: those of the findings and their twins, the
    packets and the files later commits touched. A credential-shaped part of one of these is
    shown as it is (`credentials.redact`): the tree already shows it, and a command naming the
    file must name it as it is."""
    refs = {p.ref for p in packets if p.ref is not None}
    names = {_in_tree(hit.path, refs) for hit in hits}
    names.update(name for hit in hits for name in hit.touched)
    for packet in packets:
        names.add(packet.path)
        if packet.markdown_path:
            names.add(packet.markdown_path)
    names.update([twin_of(name) for name in names if name.endswith(".json")])
    return frozenset(names)


def _in_tree(label: str, refs: Iterable[str]) -> str:
    """The file ``label`` names: another branch's packet, ``ref:path``, names ``path`` (the
    branch is not a file's name, and is never echoed when named like a credential)."""
    for ref in refs:
        if label.startswith(f"{ref}:"):
            return label[len(ref) + 1 :]
    return label


def _label_shown(label: str, refs: Iterable[str]) -> str:
    """``label`` as a report shows it: another branch's packet with its branch redacted."""
    path = _in_tree(label, refs)
    return label if path == label else f"{redact(label[: -len(path) - 1])}:{path}"


def _topics(packets: Iterable[Packet]) -> frozenset[str]:
    """The packets' topics, named as their files have them, so that a printed command works.
    Not a branch, a packet's or the one checked: named like a credential, it is never echoed,
    as the Stop hook, `show` and `update` never echo it (a fix that must name such a branch
    renames it first, `rules.repoint`)."""
    return frozenset(packet.topic for packet in packets if packet.data is not None and packet.topic)


def _decide(
    hits: Iterable[Hit],
    request: AuditRequest,
    suppressions: Suppressions,
    file_names: frozenset[str],
    refs: frozenset[str],
) -> tuple[tuple[Finding, ...], int]:
    """Apply ``--select``/``--ignore``, the configured severities and the inline suppressions;
    drop what is off. Returns the findings and how many were suppressed. A message is redacted
    but for the names of ``file_names`` in it; a pointer is redacted whole (its keys are the
    packet's content, not names of the tree)."""
    findings: set[Finding] = set()
    suppressed: set[Finding] = set()
    retired: dict[str, Finding] = {}
    for hit in hits:
        rule_id = hit.rule.id
        if request.select is not None and rule_id not in request.select:
            continue
        if rule_id in request.ignore:
            continue
        default = hit.severity or hit.rule.default
        severity: Severity | None = request.config.rules.get(rule_id, default)
        if severity is None:
            continue
        into = suppressed if suppressions.covers(hit.path, rule_id) else findings
        path = _label_shown(hit.path, refs)
        finding = Finding(
            rule=rule_id,
            severity=severity,
            path=path,
            message=redact(hit.message, file_names),
            line=hit.line,
            column=hit.column,
            pointer=None if hit.pointer is None else redact(hit.pointer),
            facet=hit.facet,
            keep=hit.keep,
            repoint=hit.repoint,
            advice=None if hit.advice is None else redact(hit.advice, file_names),
            touched=hit.touched,
            elsewhere=hit.elsewhere,
        )
        if hit.retires and into is findings:
            retired[path] = finding
        into.add(finding)
    return tuple(sorted(_retire(findings, retired), key=Finding.sort_key)), len(suppressed)


def _retire(findings: set[Finding], retired: dict[str, Finding]) -> set[Finding]:
    """``findings`` without those of `ASKS_FOR_CONTENT` on a file that is to be deleted (the
    ``retired`` path -> the finding that says so, which then names what was left out)."""
    dropped: dict[str, list[str]] = {}
    kept: set[Finding] = set()
    for finding in findings:
        if finding.path in retired and finding.rule in ASKS_FOR_CONTENT:
            dropped.setdefault(finding.path, []).append(finding.rule)
        else:
            kept.add(finding)
    for path, rules in dropped.items():
        gate = retired[path]
        kept.discard(gate)
        kept.add(replace(gate, message=gate.message + left_out(rules)))
    return kept


def _packet_info(packet: Packet, facts: History | None) -> PacketInfo:
    data = packet.data or {}
    lkg = data.get("last_known_good_commit")
    clean = packet.clean

    def safe(text: str) -> str:
        return text if clean else redact(text)

    return PacketInfo(
        path=packet.path if packet.ref is None else f"{redact(packet.ref)}:{packet.path}",
        kind=packet.kind,
        markdown=packet.markdown_path,
        branch=packet.branch,
        topic=packet.topic if packet.data is not None else None,
        status=None if packet.status is None else safe(packet.status),
        last_known_good_commit=safe(lkg) if isinstance(lkg, str) else None,
        commits_behind=facts.commits_behind(packet) if facts else None,
        data=packet.data if clean else redact_packet(packet.data),
        timeline=_timeline(packet, facts),
        history=packet.history,
        twin_newer=facts.twin_newer.get(packet.path) if facts and packet.ref is None else None,
        shape=packet.shape,
        linked=packet.linked,
    )


def _timeline(packet: Packet, facts: History | None) -> Timeline | None:
    """The active packet's history for the job summary's diagram; ``None`` without git."""
    info = facts.info(packet) if facts and not facts.problem else None
    if facts is None or info is None or packet.status != "active":
        return None
    changed = info.changed
    return Timeline(
        lkg=info.lkg,
        lkg_time=info.lkg_time,
        behind=info.behind,
        changed=changed.sha if changed else None,
        changed_time=changed.time if changed else None,
        changed_behind=info.changed_behind,
        head=facts.head,
        head_time=facts.head_time,
        uncommitted=info.uncommitted,
    )
