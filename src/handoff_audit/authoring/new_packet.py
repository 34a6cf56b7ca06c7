"""Turning what the user says into packet fields (no file is read from git or written here)."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from handoff_audit import jsonpos
from handoff_audit.authoring.session_facts import SessionFacts
from handoff_audit.credentials import find_secrets
from handoff_audit.errors import InputError, not_regular

SEVERITIES = ("low", "medium", "high", "critical")
TOPIC = re.compile(r"[a-z0-9][a-z0-9._/-]*")
MAX_LOG_BYTES = 16 * 1024 * 1024
"""The most of a ``--log`` file or stream read: its entries are trimmed to the last few and the
failures anyway, and a longer one (or a stream that never ends) is refused, not held in memory."""

PAIR_FORMS = {
    "--decision": ("--decision WHAT WHY", '--decision "key in a header" "the body is signed"'),
    "--ruled-out": ("--ruled-out WHAT WHY", '--ruled-out "a lock per refund" "deadlocks"'),
    "--risk": ("--risk WHAT SEVERITY", '--risk "old clients retry without a key" high'),
}
"""Each two-value option's form and an example, for usage errors."""


def pair_usage(option: str) -> str:
    """The message for a two-value option written the old one-string way."""
    form, example = PAIR_FORMS[option]
    return (
        f"{option} takes two values: {form}, e.g. {example} "
        '(the one-string "what:why" form is gone: text with colons and URLs stays whole)'
    )


def check_topic(topic: str, *, new: bool = False) -> str:
    """``topic`` when it is a valid topic that stays inside ``.handoff/`` and does not look like
    a credential: a topic names files and is shown unredacted in every report (the `secret` rule
    reports it). The credential test comes first, so that no message echoes one (a real token
    is mixed case, which the topic's pattern refuses); ``new`` is `new`'s own topic, which
    names a packet still to be written."""
    found = find_secrets(topic)
    if found:
        kind = found[0].kind
        fix = (
            "name the work instead (e.g. --topic refund-api)"
            if new
            else "give the packet's file instead of --topic, or its real topic"
        )
        raise InputError(
            f"--topic looks like {'an' if kind[0] in 'AEIOU' else 'a'} {kind}; a topic names "
            f"the packet's files and is shown unredacted in every report: {fix}, and revoke "
            "the credential if it is one"
        )
    if TOPIC.fullmatch(topic) is None or ".." in topic.split("/") or topic.endswith("/"):
        raise InputError(
            f"--topic {topic!r}: use lower-case letters, digits, '.', '_', '-' and '/' "
            "(starting with a letter or digit), e.g. --topic refund-api"
        )
    return topic


def new_names(topic: str | None, branch: str | None) -> str | None:
    """`new`'s ``--topic`` (`check_topic`) and ``--branch`` (`check_branch`) checked; the
    topic."""
    check_branch(branch)
    return check_topic(topic, new=True) if topic is not None else None


def check_branch(branch: str | None) -> None:
    """`InputError` for a ``--branch`` of `new` or `update` that looks like a credential,
    without echoing it: a branch name is stored as given, never redacted (the `secret`
    rule reports it), so `new` would write what `check` rejects."""
    found = find_secrets(branch) if branch is not None else []
    if found:
        kind = found[0].kind
        raise InputError(
            f"--branch looks like {'an' if kind[0] in 'AEIOU' else 'a'} {kind}; a branch name "
            "is stored in the packet and shown unredacted in every report: name the branch for "
            "the work instead (`git branch -m NEW`, then --branch NEW), and revoke the "
            "credential if it is one"
        )


def check_checked_out(branch: str, command: str, rerun: Callable[[], str]) -> None:
    """`InputError` when `new` or `update` (``command``) would store ``branch``, the
    checked-out branch taken from git (no ``--branch`` given), and it looks like a credential:
    `check_branch`'s refusal, with the rename that comes first (``rerun``: the command that
    renames it and runs ``command`` again), the name unsaid."""
    found = find_secrets(branch)
    if found:
        kind = found[0].kind
        raise InputError(
            f"the checked-out branch looks like {'an' if kind[0] in 'AEIOU' else 'a'} {kind}; "
            f"`{command}` would store it in the packet, where every report shows it "
            f"unredacted: rename the branch first, `{rerun()}` (with the options you gave), and "
            "revoke the credential if it is one"
        )


def pair(option: str, keys: tuple[str, str], values: tuple[str, str]) -> dict[str, str]:
    """``--decision WHAT WHY`` (or ``--ruled-out``) as ``{keys[0]: WHAT, keys[1]: WHY}``."""
    first, second = (value.strip() for value in values)
    if not first or not second:
        raise InputError(
            f"{option}: both values must be non-blank; the why is what stops the next session "
            f"from redoing or undoing it ({PAIR_FORMS[option][0]})"
        )
    return {keys[0]: first, keys[1]: second}


def risk(values: tuple[str, str]) -> dict[str, str]:
    """``--risk WHAT SEVERITY`` as an open risk."""
    what, severity = values[0].strip(), values[1].strip().lower()
    if not what or severity not in SEVERITIES:
        raise InputError(
            f"--risk {values[0]!r} {values[1]!r}: write it as --risk WHAT SEVERITY with "
            f"severity one of {', '.join(SEVERITIES)}"
        )
    return {"what": what, "severity": severity}


def texts(values: tuple[str, ...]) -> list[str]:
    """Repeatable text options, stripped, blanks dropped."""
    return [value.strip() for value in values if value.strip()]


def log_facts(path: Path, stdin: IO[str] | None = None) -> SessionFacts:
    """Commands from a JSON-lines file (``-``: standard input), in their order.

    Each line is ``{"cmd": "...", "exit": N, "note": "..."}`` (``note`` optional); blank lines
    are skipped. Trimming happens when the facts are merged into the packet.
    """
    from_stdin = str(path) == "-"
    name = "standard input" if from_stdin else str(path)
    try:
        text = (stdin or sys.stdin).read(MAX_LOG_BYTES + 1) if from_stdin else _log(path)
    except FileNotFoundError:
        raise InputError(f"--log {path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"--log {name}: cannot be read ({error})") from None
    if len(text) > MAX_LOG_BYTES:
        raise _log_too_long(name)
    commands = tuple(
        _command(name, number, line)
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip()
    )
    return SessionFacts(commands_run=commands)


def _log(path: Path) -> str:
    """The ``--log`` file's text; `InputError` for a folder, a FIFO or a device (which would
    block or never end) and for a file longer than `MAX_LOG_BYTES`."""
    if (problem := not_regular(path.stat().st_mode)) is not None:
        raise InputError(f"--log {path}: {problem}")
    with path.open("rb") as stream:
        head = stream.read(MAX_LOG_BYTES + 1)
    if len(head) > MAX_LOG_BYTES:
        raise _log_too_long(str(path))
    return head.decode("utf-8")


def _log_too_long(name: str) -> InputError:
    return InputError(
        f"--log {name}: longer than {MAX_LOG_BYTES // (1024 * 1024)} MiB, the most read; give "
        "its last entries instead on standard input: tail -n 1000 LOG | handoff-audit ... --log -"
    )


def _command(name: str, number: int, line: str) -> dict[str, Any]:
    where = f"--log {name}:{number}"
    try:
        entry = jsonpos.loads(line)
    except json.JSONDecodeError as error:
        raise InputError(f"{where}: not valid JSON ({error.msg}); one object per line") from None
    if not isinstance(entry, dict):
        raise InputError(f'{where}: expected an object like {{"cmd": "pytest", "exit": 0}}')
    cmd, code, note = entry.get("cmd"), entry.get("exit"), entry.get("note")
    if not isinstance(cmd, str) or not cmd.strip():
        raise InputError(f'{where}: "cmd" must be a non-empty string')
    if not isinstance(code, int) or isinstance(code, bool):
        raise InputError(f'{where}: "exit" must be an integer (the exit status)')
    command: dict[str, Any] = {"cmd": cmd, "exit": code}
    if note is not None:
        if not isinstance(note, str):
            raise InputError(f'{where}: "note" must be a string')
        command["note"] = note
    return command
