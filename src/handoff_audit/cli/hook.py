"""`handoff-audit hook`: a coding agent's hook that keeps a session from ending without a
current, valid handoff, and hands a new session the branch's brief.

The agent's protocol (reading its event, the shape of its answers) is its `agents.Agent`; this
module decides what to answer. Anything the hook cannot read is let go with a one-line note: a
broken hook must not trap a session; but a configuration the branch changed that cannot be read
is the agent's to mend, and blocks as a problem does.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import IO

from handoff_audit import controls, shell
from handoff_audit.agents import AGENTS, Agent, Answer, HookEvent, NotAnEvent
from handoff_audit.agents.base import MAX_EVENT_BYTES
from handoff_audit.authoring.agent_gate import judge
from handoff_audit.authoring.broken_config import BrokenConfig
from handoff_audit.authoring.conflict_fixes import finishing_around
from handoff_audit.authoring.gate_verdict import CannotJudge, Gate
from handoff_audit.authoring.stop_count import (
    RELEASED,
    blocks_before,
    chain_of,
    end_chain,
    record_block,
    release_chain,
)
from handoff_audit.config import config_warnings
from handoff_audit.git.rebase_state import pending_around, stopped_around
from handoff_audit.git.sparse import outside_definition
from handoff_audit.model.packet import twin_of
from handoff_audit.shell import quote
from handoff_audit.textcut import whole_commands

MAX_LINES = 12
"""The most lines the agent is shown when blocked."""
UNREADABLE_CHARS = 640
"""The most characters of why a packet cannot be read, in the new session's warning."""
_PROMPT = "handoff-audit hook"


class _Note(Exception):
    """Let the session go, with this one-line note (and a warning for each configuration file
    ignored, when the configuration was read: it may be why)."""

    def __init__(self, message: str, config_notes: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.config_notes = config_notes


def run_hook(
    stdin: IO[bytes], err: IO[str], out: IO[str] | None = None, agent: Agent = AGENTS[0]
) -> int:
    """Read one event from ``stdin``, answer it as ``agent`` reads answers; its exit code. The
    warnings of an event let go are the JSON answer's ``systemMessage`` on standard output,
    which the agent shows the user (`Answer.shown`), and nowhere else: on exit 0 standard error
    reaches only its debug output, and the same lines there were printed twice."""
    answer = answer_event(stdin, agent)
    if answer.stdout and out is not None:
        out.write(controls.json_text(answer.stdout) + "\n")
    from handoff_audit.credentials import redact  # start-up: credential patterns compile on import

    # No credential (in `verify`, a twin's text) and no terminal control (a folder or the
    # event's cwd may hold ESC or a bidi override) reaches the agent's terminal; the
    # repository's files are named as the tree has them, as `check` names them.
    lines = [controls.one_line(redact(line, answer.file_names)) for line in answer.stderr]
    if answer.shown and lines and not answer.stdout and out is not None:
        shown = json.dumps({"systemMessage": "\n".join(lines)}, ensure_ascii=False)
        out.write(controls.json_text(shown) + "\n")
        return answer.exit
    for line in lines:
        err.write(line + "\n")
    return answer.exit


def answer_event(stdin: IO[bytes], agent: Agent) -> Answer:
    """The answer to the event on ``stdin``: a stop event is judged (allow, or block with the
    reasons and fixes), ``SessionStart`` gets the branch's brief as context. Anything that
    cannot be read is allowed with a one-line note: a broken hook must not trap a session.
    A configuration file ignored beside the one used is named on standard error when the hook
    blocks or reports a problem, and after the brief in ``SessionStart``'s context (the only
    part of the answer its model reads); letting a session stop says nothing more."""
    try:
        if stdin.isatty():
            raise _Note(
                "reads one hook event as JSON on standard input (the agent sends it); "
                "see `handoff-audit hook --help`, or install it with `handoff-audit hook --install`"
            )
        try:
            event = agent.parse(stdin.read(MAX_EVENT_BYTES + 1))
        except NotAnEvent as problem:
            raise _Note(str(problem)) from None
        if event.name == "SessionStart":
            return _session_start(event, agent)
        return _judge(event, agent)
    except _Note as note:
        said = f"{_PROMPT}: {note}"
        if note.config_notes:
            return agent.report([" ".join(said.split()), *config_warnings(note.config_notes)])
    except Exception as error:  # a broken hook must not trap a session
        said = (
            f"{_PROMPT}: internal error ({type(error).__name__}: {error}); letting the session "
            "end. This is a bug; please report it."
        )
    return agent.allow(" ".join(said.split()))  # one line


def _session_start(event: HookEvent, agent: Agent) -> Answer:
    """Hand the branch's brief to the new session as additional context, followed by the
    warnings `show` prints on standard error (a configuration file ignored); for a handoff that
    is there but cannot be shown (empty, not UTF-8, too large...), the line that says why instead
    of the brief, as for a packet that cannot be read (its branch unknown, it may be this
    branch's). Only standard output reaches the session's model. When the branch has no
    handoff: another branch's active packet in the tree, if any (its next action, how to take
    it over or archive it), and the project's record (a series the branch did not touch, named
    as no handoff of its), else nothing; on a detached HEAD, that it is detached and the
    active packets there with the command that checks out each one's branch, or that there is
    none. Never blocks."""
    # start-up: the brief's modules load only for this event
    from handoff_audit.credentials import redact
    from handoff_audit.engine.brief import NoHandoff, UnreadableHandoff, build_brief
    from handoff_audit.engine.rebase_brief import midway_line
    from handoff_audit.errors import InputError
    from handoff_audit.formats.brief import render_brief

    names: tuple[str, ...] = ()
    # A merge, cherry-pick or revert left midway is named first, whatever the handoff.
    stopped = stopped_around(event.cwd)
    said = stopped.said(finishing_around(event.cwd, stopped)) if stopped else ""
    first = f"{said[0].upper()}{said[1:]}.\n" if said else ""
    # A sequence, `git am` or `git bisect` left midway too, with the Stop hook's command.
    pending = None if stopped else pending_around(event.cwd)
    first += f"{pending.told()}\n" if pending else ""
    try:
        brief = build_brief(event.cwd)
    except NoHandoff as nothing:
        if not nothing.unreadable and not nothing.inherited and not nothing.record and not first:
            return agent.allow()
        unreadable = (
            (f"Warning: no brief for this session: {_unreadable_packets(nothing.unreadable)}",)
            if nothing.unreadable
            else ()
        )
        told = (*nothing.inherited, *nothing.record, *unreadable)
        text, warnings = "", (*told, *config_warnings(nothing.notes))
        names = nothing.unreadable_paths
    except UnreadableHandoff as error:
        said = f"Warning: no brief for this session: {error.said}"
        text, warnings = "", (said, *config_warnings(error.notes))
        names = (error.path,)
    except InputError as error:
        raise _Note(f"no brief for this session: {error}", error.notes) from None
    else:
        text, warnings = render_brief(brief), tuple(config_warnings(brief.notes))
        rebase = midway_line(event.cwd)  # HEAD is detached mid-rebase: the branch's brief
        first += f"{rebase}\n" if rebase else ""
    lines = [controls.one_line(redact(line, names)) + "\n" for line in warnings]
    return agent.add_context(event, first + text + "".join(lines))


def _unreadable_packets(unreadable: tuple[str, ...]) -> str:
    """One short line: the first packet that cannot be read, why, and the command that says all."""
    more = f" (and {len(unreadable) - 1} more)" if len(unreadable) > 1 else ""
    why = whole_commands(unreadable[0], UNREADABLE_CHARS)
    return f"a packet cannot be read{more}: {why}; run `handoff-audit check`"


def _judge(event: HookEvent, agent: Agent) -> Answer:
    try:
        gate = judge(event.cwd)
    except CannotJudge as problem:
        broken = problem.broken
        if problem.root and broken and event.name in broken.hook.events:
            return _config_held(problem, problem.root, broken, event, agent)
        raise _Note(f"{problem}; not judging", problem.notes) from None
    if not gate.problems:
        end_chain(gate.root, chain_of(event.session_id, event.name, event.agent_id))
        said = [f"{_PROMPT}: {gate.note}"] if gate.note else []
        warned = config_warnings(gate.warnings)
        answer = agent.report([*said, *warned]) if warned else agent.allow(*said)
    else:
        blocks = event.name in gate.config.agent_hook.events
        lines = block_message(gate, event, blocks)
        limit = gate.config.agent_hook.max_blocks
        answer = _held(gate.root, limit, event, agent, lines) if blocks else agent.report(lines)
    return replace(answer, file_names=_file_names(gate, event.cwd))


def _config_held(
    problem: CannotJudge, root: Path, broken: BrokenConfig, event: HookEvent, agent: Agent
) -> Answer:
    """Block a stop on a configuration file (or the schema it names) the branch changed that
    cannot be read, or on the schema it names that the branch deleted or renamed (the agent can
    mend it; the hook judges nothing until it is), bounded as any block, by the default branch's
    `agent-hook.max-blocks`: the configured one cannot be read."""
    name = broken.file
    shown = os.path.relpath(root / name, event.cwd)
    config = os.path.relpath(root / broken.config, event.cwd)
    mend, fix = shown, f"edit {shown} where the line above says"
    if broken.gone:
        head = (
            f"{shown}, the schema that `schema:` of {config} names, is gone on this branch "
            "(deleted or renamed)"
        )
        mend, fix = (
            config,
            f"point `schema:` in {config} at the schema's new path, or restore {shown}",
        )
    elif name == broken.config:
        head = f"{shown}, which this branch changed, holds a configuration that cannot be read"
        fix += " (the key it names, and what it accepts)"
    else:
        head = f"{shown}, the schema that {config} names, cannot be read"
        fix += f", or name a schema that reads in `schema:` of {config}"
    lines = [
        f"handoff-audit: do not stop yet: {head}, so the handoff cannot be judged.",
        f"- {problem}",
        f"  fix: {fix}",
        f"Mend {mend}, commit it, then stop again.",
    ]
    answer = _held(
        root, broken.hook.max_blocks, event, agent, lines, "its configuration still cannot be read"
    )
    return replace(answer, file_names=frozenset({name, shown, broken.config, config}))


def _held(
    root: Path,
    limit: int,
    event: HookEvent,
    agent: Agent,
    lines: list[str],
    wrong_since: str = "the handoff is still not ready",
) -> Answer:
    """Block the stop, unless it follows ``limit`` (`agent-hook.max-blocks`) blocks in a row of
    this session's chain of this event, or follows a block and no count can be kept (no session
    id, git's folder cannot be written): then let it end, saying what is still wrong. A stop
    that follows another Stop hook's block, of which no count was kept, counts from 0; one of
    a chain let go at the bound is let go, until a stop that follows no block."""
    chain = chain_of(event.session_id, event.name, event.agent_id)
    before = blocks_before(root, chain, event.stop_hook_active)
    if before == RELEASED:
        counted = (
            f"this session's stops were let go after {limit} blocks in a row "
            f"(agent-hook.max-blocks: {limit}), and this one follows another hook's block"
        )
    elif before is not None and before >= limit:
        counted = (
            f"this session's stop was blocked {before} times in a row (agent-hook.max-blocks: "
            f"{limit})"
        )
    elif record_block(root, chain, (before or 0) + 1) or not event.stop_hook_active:
        return agent.block(lines)
    else:
        counted = (
            "this stop follows a blocked one (stop_hook_active) and no count of this session's "
            "blocks can be kept (the event has no session_id, or git's folder cannot be written)"
        )
        end_chain(root, chain)
    if before is not None and before >= limit:
        # Another Stop hook may block this stop: its chain goes on, and must not count anew.
        release_chain(root, chain)
    wrong = lines[1].removeprefix("- ") if len(lines) > 1 else lines[0]
    return agent.report(
        [
            f"{_PROMPT}: {counted}; letting it end, though {wrong_since}: "
            f"{whole_commands(wrong, UNREADABLE_CHARS)}; run `handoff-audit check`"
        ]
    )


def _file_names(gate: Gate, cwd: Path) -> frozenset[str]:
    """The repository's files the reasons and fixes may name (the handoffs, their twins, the
    findings' files, the files later commits touched, the files left uncommitted), from the
    repository root and from ``cwd``, where the fixes name them from; the topics of the
    packets, as their files have them (`credentials.IDENTIFIERS`)."""
    names: set[str] = set()
    for packet in [*gate.packets, *gate.finished]:
        names.update(filter(None, (packet.path, packet.markdown)))
    for problem in gate.problems:
        names.update(problem.files)
        names.update(problem.staged_deletions)
        if problem.finding:
            names.add(problem.finding.path)
            names.update(problem.finding.touched)
        if problem.packet:
            names.update(filter(None, (problem.packet.path, problem.packet.markdown)))
    names.update([twin_of(name) for name in names if name.endswith(".json")])
    names.update([os.path.relpath(gate.root / name, cwd) for name in names])
    packets = [*gate.packets, *(p.packet for p in gate.problems if p.packet)]
    # Not a branch: named like a credential, it is not echoed (its fix renames it first,
    # `rules.repoint`), though a packet names it.
    names.update(filter(None, (p.topic for p in packets)))
    return frozenset(names)


def block_message(gate: Gate, event: HookEvent, blocks: bool) -> list[str]:
    """At most `MAX_LINES` lines: a header, each reason with the command that fixes it (and
    the alternative, when there is one), what to do next, and a warning for each configuration
    file ignored beside the one used (it may be why the handoff is judged so)."""
    from handoff_audit.credentials import redact  # start-up: only a stop with problems

    midway = any(p.kind == "pending" for p in gate.problems)
    branch = redact(gate.branch or "")
    if blocks and any(p.kind == "left-branch" for p in gate.problems):
        head = "handoff-audit: do not stop yet: HEAD is detached, off the branch it left."
    elif blocks and any(p.kind == "unbranched" for p in gate.problems):
        head = "handoff-audit: do not stop yet: HEAD is detached, with commits on no branch."
    elif blocks and (gate.branch is None or (gate.protected and midway)):
        head = "handoff-audit: do not stop yet: a git operation is left midway."
    elif blocks and gate.protected:  # it needs no packet: only a conflict blocks it
        head = f"handoff-audit: do not stop yet: branch {branch} has files in a conflict."
    elif blocks:
        head = f"handoff-audit: do not stop yet: the handoff of branch {branch} is not ready."
    else:
        head = (
            f"handoff-audit ({event.name}, advisory): the handoff of branch {branch} is not ready."
        )
    lines = [head]
    from handoff_audit.authoring.agent_fixes import Fixes  # start-up: only a stop with problems

    with shell.sparse_checkout(
        partial(outside_definition, gate.root)
    ):  # `git rm --sparse` of a note
        advice = Fixes(gate, event.cwd, event.transcript_path).advice()
    warnings = config_warnings((*gate.warnings, *gate.config.notes))
    room = MAX_LINES - 2 - len(warnings)
    for number, entry in enumerate(advice):
        block = [f"- {entry.reason}", f"  fix: {entry.command}"]
        if entry.also:
            block.append(f"  {entry.also}")
        left = len(advice) - number - 1
        if len(lines) - 1 + len(block) + (1 if left else 0) > room:
            lines.append(f"- and {len(advice) - number} more: run `handoff-audit check`")
            break
        lines.extend(block)
    return [*lines, _next_step(gate, event, lines, blocks), *warnings]


def _next_step(gate: Gate, event: HookEvent, lines: list[str], blocks: bool) -> str:
    """The block message's last line: run the fixes (``lines``), commit unless they commit
    nothing to commit, stop again; for a fetch of the history alone (``shallow``), run it."""
    fill = " (fill in the <...> parts)" if any('"<' in line for line in lines) else ""
    only_git = gate.rebasing or gate.stopped or gate.protected or gate.branch is None
    # A conflict's fix says itself whether a commit follows ("nothing is left to commit"); a
    # nested repository's changes no tracked file.
    only_git = only_git or all(p.kind in ("conflict", "nested") for p in gate.problems)
    # A handoff the repository's .gitignore keeps out of git is mended in the work tree alone.
    only_git = only_git or all(p.packet and p.packet.path in gate.local for p in gate.problems)
    commit = "" if only_git else "commit, "
    where = ""
    if event.gone:  # the agent's shell is in a folder that is gone: git fails there
        where = (
            f" from {event.cwd} (the event's cwd {event.gone} no longer exists: "
            f"`cd {quote(str(event.cwd))}` first)"
        )
    if not blocks:
        return f"Refresh the handoff{where} before the session ends."
    if all(p.kind == "shallow" for p in gate.problems):  # a fetch: nothing to commit
        return f"Run it{where}, then stop again."
    return f"Run each fix{fill}{where}, {commit}then stop again."
