"""Another tool's session state kept as the handoff: a JSON file named as a session's state
(``.harness/session_state.json`` with ``"approval_state": "handoff"``, ``session_state.json``
or ``.claude/session_state.json`` with ``next_action`` or ``next_steps``). handoff-audit reads
no such file, and no setting makes it (a JSON file it audits follows its published schema), so
when `check` finds no handoff it names them in one line and says what it reads instead. Cheap:
only files of such names at the root or in a folder of the root, from discovery's listing or
those few paths, and at most `READ_AT_MOST` of them read."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection, Mapping
from pathlib import Path

from handoff_audit import jsonpos
from handoff_audit.credentials import redact
from handoff_audit.engine.loading import Unreadable, read_text
from handoff_audit.git import tracked
from handoff_audit.schema import load_schema

_NAME = re.compile(r"(?i)\.?(?:session|agent|harness|handoff)[-_]?state\.json")
"""A session state file's name: ``session_state.json``, ``session-state.json``,
``agent_state.json``."""
FOLDERS = ("", ".harness", ".claude", ".codex", ".agent", ".agents", ".cursor")
"""Where such a file is looked for when git did not list it (untracked, or no listing)."""
READ_AT_MOST = 8
"""Candidates read; any further ones are not."""
_SMALL = 64 * 1024
"""Bytes past which a candidate is not read."""
_NEXT_KEYS = ("next_action", "next_actions", "next_step", "next_steps", "nextSteps", "handoff")
"""Keys that say the file hands the next session its work."""


def session_states(root: Path, listed: Collection[str]) -> list[tuple[str, str]]:
    """The files (from ``root``, sorted) at the root or in one of its folders named as a
    session's state (`_NAME`; of ``listed``, discovery's ``git ls-files``, and of `FOLDERS` in
    the work tree) whose JSON object hands work over (`_handing_over`), each with the key that
    says so."""
    names = {name for name in listed if name.count("/") <= 1 and _NAME.fullmatch(_base(name))}
    for folder in FOLDERS:
        for base in ("session_state.json", "session-state.json"):
            name = f"{folder}/{base}" if folder else base
            if os.path.isfile(root / name):
                names.add(name)
    found = []
    for name in sorted(names)[:READ_AT_MOST]:
        key = _handing_over(root, name)
        if key is not None:
            found.append((name, key))
    return found


def session_state_note(root: Path, show: Callable[[str], str]) -> str | None:
    """The line on `session_states` (of the files discovery listed, `tracked.listed`), their
    paths written by ``show``, for `check` when it found no handoff; ``None`` when there are
    none."""
    found = session_states(root, tracked.listed(str(root.resolve())))
    if not found:
        return None
    names = [show(name) for name, _ in found]
    keys = ", ".join(dict.fromkeys(f"`{key}`" for _, key in found))
    look = "looks" if len(found) == 1 else "look"
    schema = load_schema(None).get("$id")
    line = (
        f"{', '.join(names)} {look} like another tool's session state ({keys}), which "
        "handoff-audit does not read, and no setting makes it judge one: the JSON files it audits "
        f"(`handoff.json`, `.handoff/*.json`) follow its published schema, {schema} "
        "(`handoff-audit schema` prints it), and it reads hand-written notes (`HANDOFF.md`, "
        "dated notes in `docs/handoffs/`); to hand off here, write one of those "
        "(`handoff-audit new` starts a packet)"
    )
    return redact(line, names)


def _handing_over(root: Path, name: str) -> str | None:
    """The key of the small JSON object at ``name`` that hands work over: ``approval_state``
    saying ``handoff``, or one of `_NEXT_KEYS`; ``None`` for any other file."""
    try:
        data = jsonpos.loads(read_text(root / name, root.resolve(), _SMALL, bom=True))
    except (Unreadable, ValueError):
        return None
    if not isinstance(data, Mapping):
        return None
    approval = data.get("approval_state")
    if isinstance(approval, str) and "handoff" in approval.lower():
        return "approval_state"
    return next((key for key in _NEXT_KEYS if key in data), None)


def _base(name: str) -> str:
    return name.rpartition("/")[2]
