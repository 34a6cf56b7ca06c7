"""Building a new packet from what the user says and what git knows (no file is written here)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from handoff_audit.errors import InputError
from handoff_audit.git import plumbing

SEVERITIES = ("low", "medium", "high", "critical")
TOPIC = re.compile(r"[a-z0-9][a-z0-9._/-]*")
_HANDOFF_NAMES = frozenset({"handoff.json", "handoff.md", "HANDOFF.md"})


@dataclass(frozen=True, slots=True)
class GitState:
    """What `new` takes from the repository."""

    root: Path
    """The work tree's top folder; packet paths are relative to it."""
    branch: str
    """The packet's branch."""
    last_known_good: str
    """The full id of the last known good commit."""
    changed_files: tuple[str, ...]
    """Files changed against the target's merge base, or in the work tree; handoff files left
    out, so that writing the packet does not change the next run's answer."""


def git_state(
    cwd: Path, branch: str | None, last_known_good: str | None, target: str | None
) -> GitState:
    """Branch, last known good commit and changed files; `InputError` when git cannot say."""
    info = plumbing.repo_info(cwd)
    if info is None:
        raise InputError(f"{cwd}: not inside a git repository; `new` reads the branch from git")
    root = info.toplevel
    try:
        if branch is None:
            branch = plumbing.current_branch(root)
            if branch is None:
                raise InputError("HEAD is detached; say which branch this is with --branch")
        revisions = ["HEAD", last_known_good or "HEAD"]
        if target is not None:
            if not plumbing.is_safe_branch(target):
                raise InputError(f"--target-branch {target!r} is not a usable branch name")
            revisions.append(target)
        for revision in revisions[1:]:
            if not revision or revision.startswith("-") or any(c in revision for c in "\n\0 "):
                raise InputError(f"{revision!r} is not a usable revision")
        found = plumbing.resolve(root, revisions)
        head = found["HEAD"]
        if head is None:
            raise InputError("the repository has no commit yet; commit once, then run `new`")
        lkg = found[revisions[1]]
        if lkg is None:
            raise InputError(f"--last-known-good {last_known_good!r} is no commit here")
        if target is not None:
            tip = found[target]
            if tip is None:
                raise InputError(f"--target-branch {target!r} is no branch or commit here")
            base = plumbing.merge_base(root, head[0], tip[0])
            if base is None:
                raise InputError(f"HEAD and {target} share no history; no merge base to diff")
            changed = set(plumbing.changed_since(root, base))
        else:
            changed = set()
        status = plumbing.status(root, [])
    except plumbing.GitError as error:
        raise InputError(str(error)) from None
    changed |= {path for path, code in status.items() if code.strip()}
    kept = sorted(path for path in changed if not _is_handoff_file(path))
    return GitState(root, branch, lkg[0], tuple(kept))


def _is_handoff_file(path: str) -> bool:
    return path.rsplit("/", 1)[-1] in _HANDOFF_NAMES or path.startswith(".handoff/")


def check_topic(topic: str) -> str:
    """``topic`` when it is a valid topic that stays inside ``.handoff/``."""
    if TOPIC.fullmatch(topic) is None or ".." in topic.split("/") or topic.endswith("/"):
        raise InputError(
            f"--topic {topic!r}: use lower-case letters, digits, '.', '_', '-' and '/' "
            "(starting with a letter or digit), e.g. --topic refund-api"
        )
    return topic


def split_pair(option: str, value: str) -> tuple[str, str]:
    """``"what:why"`` (or ``"what — why"``) as two non-blank parts."""
    for separator in (" — ", ": ", ":"):
        first, found, second = value.partition(separator)
        if found and first.strip() and second.strip():
            return first.strip(), second.strip()
    raise InputError(
        f'{option} {value!r}: write it as "what:why"; the why is what stops the next session '
        "from redoing or undoing it"
    )


def risk(value: str) -> dict[str, str]:
    """``--risk "what:severity"`` as an open risk."""
    what, _, severity = value.rpartition(":")
    severity = severity.strip().lower()
    if not what.strip() or severity not in SEVERITIES:
        raise InputError(
            f'--risk {value!r}: write it as "what:severity" with severity one of '
            f"{', '.join(SEVERITIES)}"
        )
    return {"what": what.strip(), "severity": severity}


def read_log(path: Path, keep_last: int) -> list[dict[str, Any]]:
    """Commands from a JSON-lines file, trimmed: the last ``keep_last`` plus every failure.

    Each line is ``{"cmd": "...", "exit": N, "note": "..."}`` (``note`` optional); blank lines
    are skipped. The original order is kept.
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise InputError(f"--log {path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"--log {path}: cannot be read ({error})") from None
    commands: list[dict[str, Any]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        commands.append(_command(path, number, line))
    tail = max(len(commands) - keep_last, 0)
    return [c for i, c in enumerate(commands) if i >= tail or c["exit"] != 0]


def _command(path: Path, number: int, line: str) -> dict[str, Any]:
    where = f"--log {path}:{number}"
    try:
        entry = json.loads(line)
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
