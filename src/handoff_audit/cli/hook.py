"""`handoff-audit hook`: a coding agent's hook that keeps a session from ending without a
current, valid handoff packet.

The agent's protocol (Claude Code's): one event as JSON on standard input; exit 2 blocks the
stop and shows standard error to the agent; exit 0 lets it stop. Anything the hook cannot read
is exit 0 with a one-line note: a broken hook must not trap a session.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from handoff_audit.authoring.agent_gate import Gate, Problem
from handoff_audit.model.findings import Finding, PacketInfo

EXIT_ALLOW = 0
EXIT_BLOCK = 2
MAX_EVENT_BYTES = 1024 * 1024
"""A hook event is a few hundred bytes; more is not an event."""
MAX_LINES = 12
"""The most lines the agent is shown when blocked."""
_PROMPT = "handoff-audit hook"
_REFRESH_RULES = frozenset(
    {"packet-outdated", "lkg-behind", "lkg-unknown", "packet-age", "log-untrimmed"}
)
"""Findings that `update` (with the transcript and the verify command) fixes."""
_FIELD_OPTIONS = {
    "/summary": ("--summary", "<what this session did>"),
    "/next_action": ("--next-action", "<the first thing the next session should do>"),
    "/verdict_pointer": ("--verdict-pointer", "<path or URL of the test report>"),
    "/title": ("--title", "<the task's name>"),
}
"""Fields that `update` sets, by the JSON pointer of a finding about them."""
_MISSING = re.compile(r"missing required field (\w+)")


@dataclass(frozen=True, slots=True)
class HookEvent:
    """The fields of a hook event that matter here."""

    name: str
    """``hook_event_name``: ``Stop``, ``SubagentStop``, ``PreCompact``..."""
    cwd: Path
    """The folder the agent works in."""
    transcript_path: str | None = None
    """The session's transcript (JSON lines)."""
    stop_hook_active: bool = False
    """True while the agent already continues because a stop hook blocked it."""


class _Note(Exception):
    """Let the session go, with this one-line note."""


def run_hook(stdin: IO[bytes], err: IO[str], out: IO[str] | None = None) -> int:
    """Read one event from ``stdin``, judge, write the reasons to ``err``; 0 or 2. A
    ``SessionStart`` event gets the branch's brief on ``out`` instead, and exit 0."""
    try:
        if stdin.isatty():
            raise _Note(
                "reads one hook event as JSON on standard input (the agent sends it); "
                "see `handoff-audit hook --help`, or install it with `handoff-audit hook --install`"
            )
        event = parse_event(stdin.read(MAX_EVENT_BYTES + 1))
        if event.name == "SessionStart":
            return _session_start(event, out)
        if event.stop_hook_active:
            raise _Note(
                "stop_hook_active: the agent is already continuing after a blocked stop; "
                "not blocking again (no loop)"
            )
        return _judge(event, err)
    except _Note as note:
        said = f"{_PROMPT}: {note}"
    except Exception as error:  # a broken hook must not trap a session
        said = (
            f"{_PROMPT}: internal error ({type(error).__name__}: {error}); letting the session "
            "end. This is a bug; please report it."
        )
    from handoff_audit.credentials import redact

    err.write(redact(" ".join(said.split())) + "\n")  # one line, no credential
    return EXIT_ALLOW


def parse_event(raw: bytes) -> HookEvent:
    """The event in ``raw``; `_Note` when it is not one."""
    if len(raw) > MAX_EVENT_BYTES:
        raise _Note(f"standard input is larger than {MAX_EVENT_BYTES} bytes: not a hook event")
    try:
        data: Any = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _Note("standard input is not a JSON hook event; nothing to judge") from None
    if not isinstance(data, dict):
        raise _Note("the hook event is not a JSON object; nothing to judge")
    name = data.get("hook_event_name")
    if not isinstance(name, str) or not name:
        raise _Note("the event has no hook_event_name; nothing to judge")
    cwd = data.get("cwd")
    if not isinstance(cwd, str) or not cwd:
        cwd = os.environ.get("CLAUDE_PROJECT_DIR") or os.getcwd()
    folder = Path(cwd)
    if not folder.is_dir():
        raise _Note(f"cwd {cwd!r} is not a folder; nothing to judge")
    transcript = data.get("transcript_path")
    return HookEvent(
        name=name,
        cwd=folder,
        transcript_path=transcript if isinstance(transcript, str) and transcript else None,
        stop_hook_active=data.get("stop_hook_active") is True,
    )


def _session_start(event: HookEvent, out: IO[str] | None) -> int:
    """Hand the branch's brief to the new session as additional context; nothing when the
    branch has no handoff. Never blocks."""
    # start-up: the brief's modules load only for this event
    from handoff_audit.cli.show import brief_text
    from handoff_audit.controls import json_text
    from handoff_audit.engine.brief import NoHandoff
    from handoff_audit.errors import InputError

    try:
        text = brief_text(event.cwd)
    except NoHandoff:
        return EXIT_ALLOW
    except InputError as error:
        raise _Note(f"no brief for this session: {error}") from None
    answer = {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": text}}
    if out is not None:
        out.write(json_text(json.dumps(answer, ensure_ascii=False)) + "\n")
    return EXIT_ALLOW


def _judge(event: HookEvent, err: IO[str]) -> int:
    from handoff_audit.authoring.agent_gate import Unreadable, judge

    try:
        gate = judge(event.cwd)
    except Unreadable as problem:
        raise _Note(f"{problem}; not judging") from None
    if not gate.problems:
        if gate.note:
            err.write(f"{_PROMPT}: {gate.note}\n")
        return EXIT_ALLOW
    from handoff_audit.credentials import redact

    blocks = event.name in gate.config.agent_hook.events
    for line in block_message(gate, event, blocks):
        err.write(redact(line) + "\n")  # a credential in `verify` or a path is not echoed
    return EXIT_BLOCK if blocks else EXIT_ALLOW


def block_message(gate: Gate, event: HookEvent, blocks: bool) -> list[str]:
    """At most `MAX_LINES` lines: a header, one line per problem with the command that fixes
    it, and what to do next."""
    fixes = _Fixes(gate, event)
    if blocks:
        head = f"handoff-audit: do not stop yet: the handoff of branch {gate.branch} is not ready."
    else:
        head = (
            f"handoff-audit ({event.name}, advisory): the handoff of branch {gate.branch} "
            "is not ready."
        )
    lines = [head]
    room = MAX_LINES - 2
    entries = fixes.entries(gate.problems)
    shown = entries if len(entries) <= room else entries[: room - 1]
    lines.extend(f"- {entry}" for entry in shown)
    if len(shown) < len(entries):
        lines.append(f"- and {len(entries) - len(shown)} more: run `handoff-audit check`")
    fill = " (fill in the <...> parts)" if any('"<' in line for line in lines) else ""
    lines.append(
        f"Run the commands{fill}, commit the packet with the work, then stop again."
        if blocks
        else "Refresh the packet before the session ends."
    )
    return lines


class _Fixes:
    """The exact command for each problem."""

    def __init__(self, gate: Gate, event: HookEvent) -> None:
        self.gate = gate
        self.event = event
        self.verify = gate.config.verify
        self.keep: str | None = None
        """Of several active packets of one branch and topic, the one that stays active."""

    def entries(self, problems: list[Problem]) -> list[str]:
        """One line per problem; the findings on one packet share the one command that fixes
        them all (regenerating it beats updating it, which beats re-rendering its twin)."""
        lines: list[str] = []
        by_packet: dict[str, list[Problem]] = {}
        for problem in problems:
            if problem.kind == "finding" and problem.packet is not None:
                if problem.packet.path not in by_packet:
                    lines.append(f"\0{problem.packet.path}")  # its place, filled in below
                by_packet.setdefault(problem.packet.path, []).append(problem)
            else:
                lines.append(self.line(problem))
        twins = sorted(
            path
            for path, found in by_packet.items()
            if any(p.finding and p.finding.rule == "multiple-active" for p in found)
        )
        self.keep = twins[-1] if twins else None
        for path, found in by_packet.items():
            lines[lines.index(f"\0{path}")] = self.packet_line(found)
        return [line for line in lines if line]

    def line(self, problem: Problem) -> str:
        """A problem that is not a finding, and the command that fixes it."""
        if problem.kind == "no-packet":
            return f"{problem.message}; write it: {self.new()}"
        files = ", ".join(_short(f, 60) for f in problem.files[:3])
        more = f" (+{len(problem.files) - 3} more)" if len(problem.files) > 3 else ""
        return (
            f"uncommitted changes in {files}{more}; commit them: "
            'git add -A && git commit -m "<what the change does>"'
        )

    def packet_line(self, problems: list[Problem]) -> str:
        """The findings on one packet, the one that decides the fix first, and the fix."""
        packet = problems[0].packet
        assert packet is not None
        findings = [
            p.finding
            for p in problems
            if p.finding is not None
            # Of several active packets, the last one stays active: the others are superseded.
            and not (p.finding.rule == "multiple-active" and packet.path == self.keep)
        ]
        if not findings:
            return ""
        command, decisive = self.fix(findings, packet)
        first = decisive or findings[0]
        where = first.path + (f":{first.line}" if first.line else "")
        said = f"{where} {first.rule}: {_short(first.message, 160)}"
        if len(findings) > 1:
            said += f" (and {len(findings) - 1} more)"
        return f"{said}; fix: {command}"

    def fix(self, findings: list[Finding], packet: PacketInfo) -> tuple[str, Finding | None]:
        """One command for every finding on one of the branch's packets, and the finding that
        decided it."""
        quoted = shlex.quote(packet.path)
        if packet.kind != "json":
            return f"replace it (carry what it says over): {self.regenerate(packet)}", None
        options: dict[str, str] = {}
        decisive: Finding | None = None
        render = None
        for finding in findings:
            field = _field_of(finding)
            if finding.rule in ("md-missing", "md-mismatch"):
                render = render or finding
            elif finding.rule in _REFRESH_RULES:
                decisive = decisive or finding
            elif finding.rule == "multiple-active" and self.keep is not None:
                by = shlex.quote(self.keep)
                return f"keep one active: handoff-audit supersede {quoted} --by {by}", finding
            elif finding.rule in ("placeholder", "schema") and field in _FIELD_OPTIONS:
                option, placeholder = _FIELD_OPTIONS[field]
                options[option] = f'{option} "{placeholder}"'
                decisive = decisive or finding
            else:
                return f"regenerate it: {self.regenerate(packet)}", finding
        if decisive is not None:
            return " ".join([self.refresh(quoted), *options.values()]), decisive
        return f"handoff-audit render --write {quoted}", render

    def refresh(self, quoted: str) -> str:
        return " ".join(["handoff-audit update", quoted, *self.sources()])

    def regenerate(self, packet: PacketInfo) -> str:
        """Remove the packet's files and write a new packet at the same place."""
        path = packet.path
        files = [path]
        if packet.kind == "json" and path.endswith(".json"):
            files.append(packet.markdown or f"{path.removesuffix('.json')}.md")
        where: list[str] = []
        if packet.kind == "json" and path != "handoff.json":
            topic = path.removeprefix(".handoff/").removesuffix(".json")
            if path.startswith(".handoff/") and path.endswith(".json") and topic:
                where = [f"--topic {shlex.quote(topic)}"]
            else:
                where = [f"--output {shlex.quote(path)}"]
        removed = " ".join(shlex.quote(name) for name in files)
        return f"rm -f -- {removed} && {self.new(where)}"

    def new(self, where: list[str] | None = None) -> str:
        return " ".join(
            [
                "handoff-audit new",
                *(where or []),
                *self.sources(),
                '--summary "<what this session did>"',
                '--next-action "<the first thing the next session should do>"',
                '--verdict-pointer "<path or URL of the test report>"',
            ]
        )

    def sources(self) -> list[str]:
        """The options that fill a packet from the session: its transcript (when the file is
        there) and the configured verify command."""
        parts = []
        transcript = self.event.transcript_path
        if transcript and os.path.isfile(transcript):
            parts.append(f"--from-transcript {shlex.quote(transcript)}")
        if self.verify:
            parts.append(f"--verify {shlex.quote(self.verify)}")
        return parts


def _field_of(finding: Finding) -> str | None:
    """The top-level field a finding is about, as a JSON pointer (``/next_action``)."""
    if finding.pointer and finding.pointer.count("/") == 1:
        return finding.pointer
    missing = _MISSING.search(finding.message)
    return f"/{missing.group(1)}" if missing else None


def _short(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
