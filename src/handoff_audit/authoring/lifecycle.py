"""`new` and `update`: write the packet of this branch and topic, and its twin.

A packet lives as ``active`` while its branch's work goes on (`new` starts it, `update` refreshes
it), then becomes ``superseded`` or ``archived``. A finished packet stays in git's history: the
next branch's `new` may replace it at the same path once git holds it as it is. `new` never
replaces anything else: not an active packet, not a JSON file that is no packet, not a markdown
file it did not render.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from handoff_audit import shell
from handoff_audit.authoring.copied_packet import own_packet
from handoff_audit.authoring.foreign_fixes import beside_found, beside_option
from handoff_audit.authoring.kept_summary import kept_summary_note
from handoff_audit.authoring.nested_repos import exclude_advice
from handoff_audit.authoring.new_packet import (
    check_branch,
    check_checked_out,
    check_topic,
    log_facts,
    new_names,
    pair,
    risk,
    texts,
)
from handoff_audit.authoring.new_refusals import refuse_blocked_twin, refuse_replacing
from handoff_audit.authoring.no_active import (
    branch_named,
    name,
    no_active_message,
    supersede_and_commit,
    unread_message,
)
from handoff_audit.authoring.outcome import Outcome, notes_kept_on_error
from handoff_audit.authoring.packet_files import (
    config_of,
    packet_as_read,
    read_known_packet,
    refuse_case_clash,
    refuse_git_folder,
    twin_of,
)
from handoff_audit.authoring.packet_pair import write_pair
from handoff_audit.authoring.rebranch import renamed_siblings, repointed_here
from handoff_audit.authoring.rooted_pointers import rooted_fields
from handoff_audit.authoring.session_facts import SessionFacts, append_new, merge_facts
from handoff_audit.authoring.stale_update import refuse_unrecorded_work
from handoff_audit.authoring.topic_files import own_facts, still_changed
from handoff_audit.authoring.verify import is_failure_risk, last_known_good
from handoff_audit.config import Config, config_warnings, setting_advice
from handoff_audit.engine.discovery import discover
from handoff_audit.engine.ignored import hidden_advice, owner_revision, stray_ignored
from handoff_audit.engine.loading import load_packets
from handoff_audit.errors import EXIT_FINDINGS, EXIT_OK, InputError
from handoff_audit.git.workbench import (
    Workbench,
    dirt_lines,
    packet_file_test,
    packet_folder,
    read_workbench,
)
from handoff_audit.globs import literal, matches_any, positives
from handoff_audit.model.packet import Packet, named_packet
from handoff_audit.rules.base import Hit
from handoff_audit.rules.content import placeholder_message
from handoff_audit.rules.repoint import renamed_first, repoint_command
from handoff_audit.schema.packet_kind import is_packet, not_a_packet

Pair = tuple[str, str]

_ORDER = (
    "$schema",
    "schema_version",
    "topic",
    "title",
    "branch",
    "last_known_good_commit",
    "status",
    "superseded_by",
    "summary",
    "next_action",
    "changed_files",
    "commands_run",
    "failed_attempts",
    "open_risks",
    "decisions",
    "ruled_out",
    "traps",
    "pointers",
    "verdict_pointer",
)
"""The order `new` writes a packet's fields in (unknown ones, like ``x-*``, follow)."""


@dataclass(frozen=True)
class PacketOptions:
    """The options of `new` and `update`, as given."""

    summary: str | None = None
    """What this session did."""
    next_action: str | None = None
    """The first thing the next session should do."""
    verdict_pointer: str | None = None
    """Path or URL of the test/verification report."""
    topic: str | None = None
    """Topic; `new` writes ``.handoff/TOPIC.json``, `update` picks the packet of this topic."""
    title: str | None = None
    """The task's name."""
    branch: str | None = None
    """Branch (default: the checked-out one)."""
    last_known_good: str | None = None
    """Last commit with green tests; without ``--verify``, `new` takes HEAD on trust."""
    target_branch: str | None = None
    """Changed files are taken against the merge base with this branch."""
    risks: tuple[Pair, ...] = ()
    """``(what, severity)`` each."""
    decisions: tuple[Pair, ...] = ()
    """``(what, why)`` each."""
    ruled_out: tuple[Pair, ...] = ()
    """``(what, why)`` each."""
    failed: tuple[str, ...] = ()
    """Failed attempts."""
    traps: tuple[str, ...] = ()
    """Traps for the next session."""
    pointers: tuple[str, ...] = ()
    """``path``, ``path:line`` or URL each."""
    log_file: Path | None = None
    """Commands as JSON lines ``{cmd, exit, note}``; ``-`` reads standard input."""
    from_transcript: Path | None = None
    """A coding agent's session transcript (Claude Code or Codex CLI JSON lines)."""
    allow_foreign_transcript: bool = False
    """Take a transcript recorded in another folder than this repository."""
    output: Path | None = None
    """Where `new` writes the packet (default: by topic)."""
    config_file: Path | None = None
    """An explicit configuration file."""
    verify: str | None = None
    """The command that proves the tests green; ``""`` (``--verify`` alone): the
    configuration's ``verify``; ``None``: nothing is run."""
    allow_dirty: bool = False
    """Write over uncommitted changes, recording them as an open risk."""
    resolve_risks: tuple[str, ...] = ()
    """`update --resolve-risk`: open risks to remove, each named by its text (or a part of it
    that names one risk)."""


def new_command(options: PacketOptions) -> Outcome:
    """Start the packet of this branch and topic, and its twin."""
    notes: list[str] = []
    with notes_kept_on_error(notes):
        said, failed = _new(options, notes)
    return Outcome(code=EXIT_FINDINGS if failed else EXIT_OK, notes=(*notes, said))


def _new(options: PacketOptions, notes: list[str]) -> tuple[str, bool]:
    """`new`'s work; its status line and whether its verify run failed (``notes`` gets what it
    says on the way)."""
    _refuse_missing(options)
    _refuse_placeholders(options)
    check_branch(options.branch)
    given = _given(options)
    reported = reported_facts(options)
    topic = new_names(options.topic, options.branch)
    bench, config = _workbench(options, near=options.output)
    if options.branch is None:
        check_checked_out(bench.branch, "new", lambda: renamed_first("handoff-audit new"))
    given = _Given(*rooted_fields(given.replaced, given.appended, bench.root))
    notes.extend(config_warnings(config.notes))
    path = _output(bench, options.output, topic, config)
    refuse_blocked_twin(bench, config, path)
    branch_packets = _json_packets(bench, config).active
    active = [p for p in branch_packets if p.topic == (topic or "default")]
    if active:
        shown = ", ".join(p.path for p in active)
        which = shell.quote_path(name(bench.root / active[0].path))
        raise InputError(
            f"branch {branch_named(bench.branch)} topic {topic or 'default'!r} already has an "
            f"active packet ({shown}); refresh it with `handoff-audit update {which}`, or keep it "
            f"as history and start over: `{supersede_and_commit(bench, active[0])}`, then run "
            "`new` again"
        )
    replaced = refuse_replacing(bench, config, path)
    read = packet_as_read(path, config)
    facts = _dirt_facts(bench, options, "new", notes) | reported
    told = _transcript_facts(bench, config, options, notes)
    lkg, verified, failed = last_known_good(
        bench, config, (options.verify, options.last_known_good), notes, None
    )
    facts |= own_facts(bench, config, told | verified, branch_packets)
    data: dict[str, Any] = {"schema_version": "1"}
    if topic is not None:
        data["topic"] = topic
    data |= {
        "branch": bench.branch,
        "last_known_good_commit": lkg,
        "status": "active",
        "summary": "",
        "next_action": "",
        "changed_files": [],
        "commands_run": [],
        "failed_attempts": [],
        "open_risks": [],
        "verdict_pointer": "",
    }
    data = _ordered(merge_facts(_apply(data, given), facts, config.keep_last))
    said = write_pair(path, data, config, read, notes)
    if replaced:
        said += f"; replaced {replaced} (git keeps it in the history)"
    return f"{name(path)}: {said}", failed


def update_command(packet: Path | None, options: PacketOptions) -> Outcome:
    """Refresh the active packet of this branch and topic (or ``packet``), and its twin."""
    notes: list[str] = []
    with notes_kept_on_error(notes):
        said, failed = _update(packet, options, notes)
    return Outcome(code=EXIT_FINDINGS if failed else EXIT_OK, notes=(*notes, said))


def _update(packet: Path | None, options: PacketOptions, notes: list[str]) -> tuple[str, bool]:
    """`update`'s work; its status line and whether its verify run failed (``notes`` gets what
    it says on the way)."""
    _refuse_placeholders(options)
    check_branch(options.branch)
    given = _given(options)
    reported = reported_facts(options)
    bench, config = _workbench(options, "update", near=packet)
    if options.branch is None:
        rerun = partial(_repoint_renamed, bench, config, packet, options.topic)
        check_checked_out(bench.branch, "update", rerun)
    given = _Given(*rooted_fields(given.replaced, given.appended, bench.root))
    notes.extend(config_warnings(config.notes))
    path, read = _updated_packet(bench, config, packet, options.topic)
    refuse_case_clash((path, twin_of(path)))
    refreshing = options.summary is not None or options.next_action is not None
    found = _json_packets(bench, config)
    # A packet of this branch's old name (`git branch -m`) not re-pointed yet is a topic of it.
    topics = [*found.active, *renamed_siblings(bench.root, bench.branch, found.elsewhere)]
    data = repointed_here(bench, config, (path, read), (options.branch, refreshing), topics, notes)
    rewritten = options.summary is not None and options.next_action is not None
    data = own_packet(bench, path, data, rewritten)
    # Words given as they already stand (re-review 58-4) are no new words either.
    worded = {"summary": options.summary, "next_action": options.next_action}
    new_words = any(v is not None and v != read.get(k) for k, v in worded.items())
    if not new_words and read.get("branch") == bench.branch:
        refuse_unrecorded_work(bench, config, (path, data), topics, options.verify)
    facts = _dirt_facts(bench, options, "update", notes) | reported
    told = _transcript_facts(bench, config, options, notes)
    previous = data.get("last_known_good_commit")
    data = dict(data)
    data["open_risks"] = _resolved(data.get("open_risks"), options.resolve_risks)
    lkg, verified, failed = last_known_good(
        bench,
        config,
        (options.verify, options.last_known_good),
        notes,
        previous if isinstance(previous, str) else None,
    )
    listed = data.get("changed_files")
    facts |= own_facts(bench, config, told | verified, topics, path, listed)
    data["changed_files"] = still_changed(bench, listed, notes)
    if verified.commands_run and not failed:
        # A passing run ends the risk a failing run of the same command added.
        cmd = verified.commands_run[-1]["cmd"]
        data["open_risks"] = [r for r in data["open_risks"] if not is_failure_risk(r, cmd)]
    data["last_known_good_commit"] = lkg
    data = merge_facts(_apply(data, given), facts, config.keep_last)
    said = write_pair(path, data, config, read, notes)
    if options.summary is None and (
        kept := kept_summary_note(bench.root, path, data.get("summary"))
    ):
        notes.append(kept)
    return f"{name(path)}: {said}", failed


def _repoint_renamed(
    bench: Workbench, config: Config, packet: Path | None, topic: str | None
) -> str:
    """The command that renames the checked-out branch and re-points ``packet`` (or the
    branch's active packet: ``PACKET`` when there is none to name) at the new name."""
    try:
        path = _updated_packet(bench, config, packet, topic)[0]
    except InputError:
        shown = "PACKET"
    else:
        shown = shell.quote_path(name(path))
    return repoint_command(f"handoff-audit update {shown}", bench.branch)


def _resolved(risks: Any, texts: tuple[str, ...]) -> list[Any]:
    """``risks`` without those ``texts`` name: the whole ``what``, or a part of it that names
    exactly one risk; `InputError` (nothing written) for a text that names none or several."""
    kept = list(risks) if isinstance(risks, list) else []
    for text in texts:
        whats = [r.get("what") if isinstance(r, dict) else None for r in kept]
        exact = [i for i, what in enumerate(whats) if what == text]
        partial = [
            i
            for i, what in enumerate(whats)
            if isinstance(what, str) and text.lower() in what.lower()
        ]
        found = exact or partial
        if len(found) != 1:
            listed = "; ".join(f"{w!r}" for w in whats if isinstance(w, str)) or "none"
            problem = "names no open risk" if not found else f"names {len(found)} open risks"
            raise InputError(
                f"--resolve-risk {text!r} {problem}; the open risks: {listed}; give the risk's "
                "text, or a part of it that only it has"
            )
        del kept[found[0]]
    return kept


def active_packet_path(topic: str | None, command: str) -> Path:
    """The active packet of this branch and ``topic``: what `update`, `archive` and
    `supersede` (``command``) take when no PACKET is named."""
    bench, config = _workbench(PacketOptions(), command)
    # Said here only before an error (the configuration may be why there is no active packet):
    # the command that changes the packet says it otherwise, once.
    with notes_kept_on_error(config_warnings(config.notes)):
        return _updated_packet(bench, config, None, topic, command)[0]


def reported_facts(options: PacketOptions) -> SessionFacts:
    """What the session reports about itself, read before anything runs: the ``--log`` file.

    `new` and `update` merge the result into the packet like git's changed files and the verify
    run. The transcript (`_transcript_facts`) is read once the workbench is known: its paths are
    made relative to the repository, and its commands replace the packet's earlier runs of them.
    """
    facts = SessionFacts()
    if options.log_file is not None:
        facts |= log_facts(options.log_file)
    return facts


def _transcript_facts(
    bench: Workbench, config: Config, options: PacketOptions, notes: list[str]
) -> SessionFacts:
    """What ``--from-transcript`` says the session did (nothing without it); its commands
    replace the packet's earlier runs of the same commands; a note on standard error when the
    file held lines that are not JSON, or nothing of a known agent."""
    if options.from_transcript is None:
        return SessionFacts()
    # start-up: the transcript reader loads only with --from-transcript
    from handoff_audit.authoring.transcript import read_transcript, session_facts

    found = read_transcript(
        options.from_transcript,
        bench.root,
        config.keep_last,
        allow_foreign=options.allow_foreign_transcript,
    )
    where = f"--from-transcript {name(options.from_transcript)}"
    if found.kind == "unknown":
        notes.append(f"{where}: no Claude Code or Codex CLI entries in it; nothing taken")
    elif found.skipped_lines:
        notes.append(
            f"{where}: {found.skipped_lines} line(s) not readable JSON (the first: line "
            f"{found.first_skipped}), skipped"
        )
    return session_facts(found, bench, packet_file_test(config))


def _workbench(options: PacketOptions, command: str = "new", near: Path | None = None) -> _Bench:
    """The workbench and configuration for ``command`` (named by a bare repository's error), of
    the repository holding ``near`` (PACKET, `new --output`), else of the current folder's: a
    packet's git facts are its own repository's, wherever the command runs."""
    return read_workbench(
        packet_folder(near),
        lambda root: config_of(root, options.config_file),
        options.branch,
        options.target_branch,
        command,
    )


_Bench = tuple[Workbench, Config]


def _refuse_missing(options: PacketOptions) -> None:
    missing = [
        flag
        for flag, value in (
            ("--next-action", options.next_action),
            ("--summary", options.summary),
            ("--verdict-pointer", options.verdict_pointer),
        )
        if value is None or not value.strip()
    ]
    if missing:
        why = "; without a next action a packet is a status report, not a handoff"
        raise InputError(
            f"new: {', '.join(missing)} required" + (why if "--next-action" in missing else "")
        )


def _refuse_placeholders(options: PacketOptions) -> None:
    """What `check` calls a placeholder is refused here, in the `placeholder` rule's words."""
    for flag, field, value in (
        ("--summary", "summary", options.summary),
        ("--next-action", "next_action", options.next_action),
    ):
        if value is not None:
            message = placeholder_message(field, value)
            if message is not None:
                raise InputError(f"{flag}: {message} (`check` would reject it: placeholder)")
    if options.verdict_pointer is not None and not options.verdict_pointer.strip():
        raise InputError("--verdict-pointer: give the path or URL of the test report")


def _output(bench: Workbench, output: Path | None, topic: str | None, config: Config) -> Path:
    root = bench.root
    if output is None:
        path = root / (f".handoff/{topic}.json" if topic else "handoff.json")
        flag = f"--topic {topic}" if topic else "the default path handoff.json"
    else:
        # git names the top folder by its real path; compare like with like (not the file's link).
        full = Path(os.path.abspath(output))
        path = full.parent.resolve() / full.name
        flag = f"--output {output}"
        if path.suffix != ".json":
            raise InputError(f"{flag}: a packet file ends in .json")
        if not path.is_relative_to(root):
            raise InputError(f"{flag}: outside the repository {root}")
    refuse_git_folder(path, flag)  # before the `packets` advice: no glob leads there
    relative = path.relative_to(root).as_posix()
    if not named_packet(relative, config):
        excluded = matches_any(relative, positives(config.packets))
        if output is None and topic is None and (excluded or beside_found(config, bench.branch)):
            # An explicit exclusion is someone's choice (another tool's file): never undone.
            raise InputError(
                f"{flag}: `packets` leaves {relative} out, so `check` would never find it; "
                "leave it out and write the packet beside it: run `new` again with "
                f"{beside_option(root, config, bench.branch)}"
            )
        added = (*config.extend_packets, literal(relative))
        advice = setting_advice(config.key_file, "extend-packets", added)
        raise InputError(
            f"{flag}: {relative} is not matched by the `packets` globs, so `check` would never "
            "find it; write it under a matched path, or add the path to them with "
            f"`extend-packets` (the globs in use are kept) {advice}"
        )
    return path


@dataclass(frozen=True)
class _BranchPackets:
    """What the packet files of a workbench hold for its branch."""

    active: list[Packet]
    """The active JSON packets of the branch."""
    unread: list[Hit]
    """Why each JSON packet file that could not be read was not (any may be one more)."""
    not_packets: list[tuple[str, str]]
    """Each JSON file at a packet path that is no packet (`not_a_packet`), and why."""
    elsewhere: list[Packet]
    """The active JSON packets in the tree that name another branch (`renamed_siblings` tells
    those of a branch renamed into this one)."""

    def active_of(self, topic: str) -> list[Packet]:
        return [p for p in self.active if p.topic == topic]


def _json_packets(bench: Workbench, config: Config) -> _BranchPackets:
    """The branch's active JSON packets, the packet files that could not be read, and the JSON
    files that are no packet (`not_a_packet`): none of them is taken, whatever its ``status``
    says, and nothing rewrites it."""
    files = discover(bench.root, (bench.root,), config)
    packets, hits = load_packets(bench.root, files, config)
    unread = {p.path for p in packets if p.kind == "json" and p.data is None}
    readable = [p for p in packets if p.kind == "json" and is_packet(p.data)]
    active = [p for p in readable if p.status == "active" and p.branch == bench.branch]
    elsewhere = [p for p in readable if p.status == "active" and p.branch != bench.branch]
    not_packets = [
        (p.path, reason)
        for p in packets
        if p.kind == "json" and p.data is not None
        for reason in [not_a_packet(p.data)]
        if reason is not None
    ]
    unread_hits = [hit for hit in hits if hit.path in unread]
    return _BranchPackets(active, unread_hits, not_packets, elsewhere)


def _updated_packet(
    bench: Workbench,
    config: Config,
    packet: Path | None,
    topic: str | None,
    command: str = "update",
) -> tuple[Path, dict[str, Any]]:
    """The packet `update` refreshes, as read: ``packet``, or the branch and topic's only active
    one (a named packet of another branch is `_repointed`'s to judge)."""
    if packet is not None:
        data = read_known_packet(packet, config)
        if data.get("status") != "active":
            raise InputError(
                f"{name(packet)} is {data.get('status')}, not active; start a new packet "
                "with `handoff-audit new`"
            )
        return packet, data
    wanted = check_topic(topic) if topic is not None else "default"
    found_packets = _json_packets(bench, config)
    active = found_packets.active_of(wanted)
    if not active and found_packets.unread:
        raise InputError(unread_message(bench, wanted, found_packets.unread))
    if not active:
        hidden = stray_ignored(bench.root, config, owner_revision(bench.base))
        if hidden:
            said = hidden_advice(
                bench.root, hidden, lambda path: shell.quote_path(name(bench.root / path)), config
            )
            raise InputError(said)
        raise InputError(
            no_active_message(
                bench, wanted, found_packets.active, command, found_packets.not_packets
            )
        )
    if len(active) > 1:
        raise InputError(
            f"branch {branch_named(bench.branch)} topic {wanted!r} has {len(active)} active "
            f"packets ({', '.join(p.path for p in active)}); name the one to {command}, and mark "
            "the others with `handoff-audit supersede`"
        )
    found = active[0]
    assert found.data is not None
    return bench.root / found.path, found.data


def _dirt_facts(
    bench: Workbench, options: PacketOptions, command: str, notes: list[str]
) -> SessionFacts:
    """Refuse a dirty workbench, or with ``--allow-dirty`` record it as an open risk. A nested
    repository is no work: a note names the Stop hook's fix, which keeps git from seeing it."""
    if bench.nested:
        reason, command, _ = exclude_advice(bench.nested)
        notes.append(f"note: {reason}: {command}")
    if not bench.dirt:
        return SessionFacts()
    listed = dirt_lines(bench.dirt)
    if not options.allow_dirty:
        raise InputError(
            f"the workbench is not clean: {listed}; a handoff built on uncommitted work is "
            f"worse than none: commit or stash them (or ignore them in .gitignore), then run "
            f"`{command}` again, or pass --allow-dirty to record them as an open risk"
        )
    notes.append(f"note: writing over uncommitted work ({listed}); recorded in open_risks")
    what = f"written over uncommitted work (not in any commit): {listed}"
    return SessionFacts(open_risks=({"what": what, "severity": "medium"},))


@dataclass(frozen=True, slots=True)
class _Given:
    """The fields the options give, parsed and checked before anything runs."""

    replaced: dict[str, str]
    """Single-valued fields: they replace the packet's."""
    appended: dict[str, list[Any]]
    """Repeatable fields: appended to the packet's, exact duplicates skipped."""


def _given(options: PacketOptions) -> _Given:
    replaced = {
        field: value.strip()
        for field, value in (
            ("title", options.title),
            ("summary", options.summary),
            ("next_action", options.next_action),
            ("verdict_pointer", options.verdict_pointer),
        )
        if value is not None and value.strip()
    }
    appended: dict[str, list[Any]] = {
        "open_risks": [risk(r) for r in options.risks],
        "failed_attempts": texts(options.failed),
        "decisions": [pair("--decision", ("decision", "why"), d) for d in options.decisions],
        "ruled_out": [pair("--ruled-out", ("what", "why"), r) for r in options.ruled_out],
        "traps": texts(options.traps),
        "pointers": texts(options.pointers),
    }
    return _Given(replaced, {key: values for key, values in appended.items() if values})


def _apply(data: dict[str, Any], given: _Given) -> dict[str, Any]:
    """``data`` with the single-valued fields replaced and the repeatable ones appended."""
    result = dict(data) | given.replaced
    for field, values in given.appended.items():
        existing = result.get(field)
        result[field] = append_new(existing if isinstance(existing, list) else [], values)
    return result


def _ordered(data: dict[str, Any]) -> dict[str, Any]:
    known = {key: data[key] for key in _ORDER if key in data}
    return known | {key: value for key, value in data.items() if key not in known}


__all__ = ["PacketOptions", "active_packet_path", "new_command", "update_command"]
