"""``--verify CMD``: run the command that proves the tests green, and say what it proved.

The command runs with ``sh -c`` at the repository root, after the workbench check, so what it
proves is about the commit checked out. Its output is kept and only its tail is shown when it
fails: standard output belongs to the command line's own answer.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from handoff_audit.authoring.session_facts import VERIFY_TIME, SessionFacts
from handoff_audit.config import Config, setting_advice
from handoff_audit.credentials import redact
from handoff_audit.errors import InputError
from handoff_audit.git.workbench import Workbench, resolve_commit
from handoff_audit.model.lkg_trust import TRUSTED, VERIFY_NOTE
from handoff_audit.textcut import shorten

TAIL_LINES = 20
"""Lines of a failing command's output shown on standard error."""


@dataclass(frozen=True, slots=True)
class Verification:
    """One run of the verify command."""

    cmd: str
    """The command as given, credentials redacted (it is shown and logged, never run again)."""
    exit: int
    """Its exit status (128 + N when killed by signal N)."""
    head: str
    """The full id of the commit it ran on."""
    tail: str
    """The last lines of its combined output, credentials redacted."""
    dirty: bool = False
    """True when it ran over uncommitted changes (``--allow-dirty``): it proved the work tree,
    not only HEAD, and the log says so."""
    ended: datetime = field(default_factory=lambda: datetime.now(UTC))
    """When it ended: the log's note records it, so that a transcript read later can tell
    whether its runs of the command came before or after this one."""

    @property
    def passed(self) -> bool:
        """True when it exited 0."""
        return self.exit == 0

    def facts(self, kept_lkg: str | None, trusted: str | None = None) -> SessionFacts:
        """The log entry, and when it failed an open risk naming the failure and the last
        known good commit kept (``trusted``: where the branch left it, `TRUSTED`, never
        verified: it does not "stay", it is set now)."""
        short = self.head[:12]
        ended = self.ended.astimezone(UTC).strftime(VERIFY_TIME)
        # a run over uncommitted changes proved no commit: the note names what it ran on
        at = f"{short} plus uncommitted changes" if self.dirty else short
        note = f"{VERIFY_NOTE}{at} on {ended}: " + ("passed" if self.passed else "failed")
        facts = SessionFacts(commands_run=({"cmd": self.cmd, "exit": self.exit, "note": note},))
        if self.passed:
            return facts
        kept = f"; last_known_good_commit stays {kept_lkg[:12]}" if kept_lkg else ""
        if kept_lkg and trusted:
            kept = f"; last_known_good_commit is {kept_lkg[:12]}, where the branch left "
            kept += f"{trusted}, {TRUSTED}"
        risk = {
            "what": f"`{self.cmd}` failed (exit {self.exit}) at {at}{kept}",
            "severity": "high",
        }
        return facts | SessionFacts(open_risks=(risk,))


def is_failure_risk(risk: object, cmd: str) -> bool:
    """True for the open risk a failing run of ``cmd`` added (`Verification.facts`)."""
    what = risk.get("what") if isinstance(risk, dict) else None
    return isinstance(what, str) and what.startswith(f"`{cmd}` failed (exit ")


NOT_FOUND = 127
"""The exit status of ``sh -c`` when it finds no such command."""

_ORDER_ADVICE = (
    "--verify takes an optional command, so a packet after it is read as one: put the packet "
    "first (`update handoff.json --verify CMD`, or `--verify` alone for the configuration's "
    "`verify`) or write --verify=CMD"
)


def _refuse_a_packet_path(root: Path, cmd: str) -> None:
    """`InputError` when ``cmd`` is exactly the path of a packet (``update --verify
    handoff.json``): it would run the packet and record its failure as a risk."""
    if not cmd.endswith((".json", ".md")) or cmd != cmd.strip():
        return
    if (Path.cwd() / cmd).is_file() or (root / cmd).is_file():
        raise InputError(
            f"--verify {shlex.quote(cmd)}: that is a packet, not a command; {_ORDER_ADVICE}"
        )


def run_verify(root: Path, cmd: str, head: str, *, dirty: bool = False) -> Verification:
    """Run ``sh -c CMD`` in ``root``; `InputError` when it cannot be started at all, when CMD
    is a packet's path, or when sh finds no such command (nothing is recorded then)."""
    if not cmd.strip():
        raise InputError(
            "--verify: give the command that runs the tests, e.g. --verify 'pytest -q'"
        )
    _refuse_a_packet_path(root, cmd)
    try:
        done = subprocess.run(
            ["sh", "-c", cmd],
            cwd=root,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            check=False,
        )
    except OSError as error:
        raise InputError(f"--verify: cannot run sh ({error.strerror or error})") from None
    code = done.returncode if done.returncode >= 0 else 128 - done.returncode
    if code == NOT_FOUND:
        raise InputError(
            f"--verify {shlex.quote(redact(cmd))}: sh found no such command (exit 127); check "
            f"its name; if it is a packet, {_ORDER_ADVICE}"
        )
    text = done.stdout.decode("utf-8", "replace")
    # The tail goes to a terminal: no escape sequence of the command's may reach it.
    lines = "".join(c if c.isprintable() or c in "\n\t" else "?" for c in text).splitlines()
    if code != 0:
        _refuse_a_missing_folder(root, cmd, lines)
    tail = redact("\n".join(lines[-TAIL_LINES:]))
    return Verification(redact(cmd), code, head, tail, dirty)


_NO_FOLDER = re.compile(
    r"sh: (?:\d+: cannot create (?P<dash>.+): Directory nonexistent"
    r"|line \d+: (?P<bash>.+): No such file or directory"
    r"|(?:\d+: )?can't create (?P<ash>.+): nonexistent directory)"
)
"""sh's own line when a redirection (``> reports/junit.xml``) names a file in a folder that does
not exist: dash's, bash's (as ``sh``) and busybox's words."""


def _refuse_a_missing_folder(root: Path, cmd: str, lines: list[str]) -> None:
    """`InputError` when sh could not run ``cmd`` as written because a redirection writes into
    a folder that does not exist (its line among ``lines``, the command's output): the run
    proves nothing about the tests, so nothing is recorded, and no folder is made for the
    user."""
    for line in lines:
        found = _NO_FOLDER.fullmatch(line.strip())
        if found is None:
            continue
        target = found.group("dash") or found.group("bash") or found.group("ash")
        folder = os.path.dirname(target)
        if not folder or (root / folder).is_dir():
            continue
        raise InputError(
            f"--verify {shlex.quote(redact(cmd))}: the verify command itself failed, sh could "
            f"not run it as written ({shorten(redact(line.strip()), 200)}): the folder {folder} "
            f"does not exist; create it first (`mkdir -p {shlex.quote(folder)}`, and keep it "
            "out of git if it holds reports) or fix the command, then run again; nothing was "
            "written"
        )


def last_known_good(
    bench: Workbench,
    config: Config,
    asked: tuple[str | None, str | None],
    notes: list[str],
    previous: str | None,
) -> tuple[str, SessionFacts, bool]:
    """The packet's last known good commit, what the verify command added to the log, and
    whether it failed (the packet is still written; the command exits 1); ``asked``: the
    options ``--verify`` (``""`` alone: the configuration's) and ``--last-known-good``;
    ``previous``: the packet's value (`update`), ``None`` for `new`."""
    command, revision = asked
    given = resolve_commit(bench.root, revision) if revision else None
    if command == "":
        command = config.verify
        if command is None:
            raise InputError(
                "--verify: no command given and the configuration has no `verify` key; pass "
                "--verify 'pytest -q' or set it, "
                f"{setting_advice(config.key_file, 'verify', 'pytest -q')}"
            )
    if command is None:
        if given is not None:
            return given, SessionFacts(), False
        if previous is not None:
            notes.append(
                f"note: last_known_good_commit stays {previous[:12]}; `--verify CMD` moves it "
                "to HEAD when CMD passes"
            )
            return previous, SessionFacts(), False
        notes.append(
            f"note: last_known_good_commit is HEAD ({bench.head[:12]}), taken on trust: nothing "
            "verified it; pass --verify CMD (or set `verify` in the configuration) to prove it"
        )
        return bench.head, SessionFacts(), False
    result = run_verify(bench.root, command, bench.head, dirty=bool(bench.dirt))
    command = redact(command)  # from here on it is only shown
    if result.passed:
        notes.append(f"verify: `{command}` passed at {bench.head[:12]}")
        return bench.head, result.facts(None), False
    if result.tail:
        notes.append(result.tail)
    kept = _kept_on_failure(bench, f"`{command}` failed (exit {result.exit})", given, previous)
    notes.append(kept[1])
    trusted = bench.base_branch if given is None and previous is None else None
    return kept[0], result.facts(kept[0], trusted), True


def _kept_on_failure(
    bench: Workbench, failed: str, given: str | None, previous: str | None
) -> tuple[str, str]:
    """The last known good commit kept when the tests ``failed`` at HEAD, and the note saying
    so: ``--last-known-good`` (``given``), else the packet's (``previous``), else the commit
    where the branch left its protected branch (not HEAD: the failure is then its own), taken
    on trust; `InputError` naming the way out when there is none."""
    base = bench.base if bench.base_branch and bench.base != bench.head else None
    kept = given or previous or base
    if kept is None:
        raise InputError(
            f"--verify: {failed} at {bench.head[:12]}, and no earlier green commit is known: "
            "make it pass, or name the last commit whose tests passed with --last-known-good "
            "COMMIT (`git log --oneline` lists them)"
        )
    said = f"stays {kept[:12]}"
    if given is None and previous is None:
        said = f"is {kept[:12]}, where the branch left {bench.base_branch}, taken on trust (name "
        said += "the last green commit with --last-known-good COMMIT if it is another)"
    return (
        kept,
        f"verify: {failed}; last_known_good_commit {said}, and an open risk names the failure",
    )
