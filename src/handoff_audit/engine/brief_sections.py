"""The sections of a JSON packet as the resume brief (`brief`) quotes them, in the order a
session that knows nothing reads them: every value redacted (`credentials.redact`) before it is
cut to size, so no part of a credential survives."""

from __future__ import annotations

import json
from typing import Any

from handoff_audit.credentials import redact, show
from handoff_audit.model.brief import Section
from handoff_audit.model.lkg_trust import VERIFY_NOTE
from handoff_audit.rules.content import PLACEHOLDER_FIELDS, is_placeholder
from handoff_audit.textcut import shorten

ITEM_CHARS = 2_000
"""The most characters of one item (a longer one is cut, marked with …)."""
MAX_ITEMS = 200
"""The most items of one section (a hand-written handoff's lines included)."""
LAST_COMMANDS = 5
"""How many of the last ``commands_run`` entries the brief shows (and every failure among them)."""
REWRITTEN = (
    "at a commit no longer on the branch: a rebase or squash rewrote it, or it is another branch's"
)
"""What the brief adds to a ``--verify`` run at a commit HEAD does not reach."""


def packet_sections(
    path: str, data: dict[str, Any], gone: frozenset[str] = frozenset()
) -> tuple[tuple[Section, ...], str | None]:
    """The sections of the packet at ``path`` holding ``data``, and the warning to give before
    them (its fields left unfilled); ``gone``: the commits of its ``--verify`` runs that are no
    longer on the branch (`verify_commits`, `rewritten.off_history`)."""
    unfilled = {
        name: value
        for name in PLACEHOLDER_FIELDS
        if isinstance(value := data.get(name), str) and is_placeholder(value)
    }
    warning = None
    if unfilled:
        said = ", ".join(f"its {name} is {_blank(value)}" for name, value in unfilled.items())
        warning = f"{path} is not filled in: {said}; fill it in before relying on it"
    parts = [
        Section("next_action", "Next action", _texts(_unless_blank(data.get("next_action")))),
        Section("traps", "Traps", _texts(data.get("traps"))),
        Section(
            "failed_attempts", "Failed attempts", _pairs(data.get("failed_attempts"), "what", "why")
        ),
        Section("ruled_out", "Ruled out", _pairs(data.get("ruled_out"), "what", "why")),
        Section("open_risks", "Open risks", _risks(data.get("open_risks"))),
        Section("decisions", "Decisions", _pairs(data.get("decisions"), "decision", "why")),
        Section("questions", "Questions and assumptions", _questions(data)),
        Section("summary", "Summary", _texts([data.get("summary")])),
        Section("pointers", "Pointers", _pointers(data)),
        Section("commands", "Last commands", _commands(data.get("commands_run"), gone)),
    ]
    return tuple(part for part in parts if part.items or part.key == "next_action"), warning


def _blank(value: str) -> str:
    return "blank" if not value.strip() else f"a placeholder ({show(value.strip())})"


def _unless_blank(value: Any) -> list[Any]:
    """``[value]``, or ``[]`` for a placeholder: the brief never quotes one as the next action."""
    return [] if isinstance(value, str) and is_placeholder(value) else [value]


def _text(value: Any) -> str | None:
    """A value as the brief quotes it: redacted first (a cut credential would not be found),
    then cut; ``None`` for nothing worth saying."""
    if value is None or value == "" or value == [] or value == {}:
        return None
    raw = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = redact(raw.strip())
    return shorten(text, ITEM_CHARS) if text else None


def _list(value: Any) -> list[Any]:
    return value[:MAX_ITEMS] if isinstance(value, list) else []


def _texts(values: Any) -> tuple[str, ...]:
    return tuple(t for value in _list(values) if (t := _text(value)) is not None)


def _pairs(values: Any, what: str, why: str) -> tuple[str, ...]:
    items = []
    for value in _list(values):
        if isinstance(value, dict) and isinstance(value.get(what), str):
            reason = _text(value.get(why))
            head = _text(value[what]) or ""
            items.append(shorten(f"{head} — because: {reason}" if reason else head, ITEM_CHARS))
        elif (text := _text(value)) is not None:
            items.append(text)
    return tuple(items)


def _risks(values: Any) -> tuple[str, ...]:
    items = []
    for value in _list(values):
        if isinstance(value, dict) and isinstance(value.get("what"), str):
            severity = value.get("severity")
            level = f"[{redact(severity)}] " if isinstance(severity, str) else ""
            items.append(shorten(level + (_text(value["what"]) or ""), ITEM_CHARS))
        elif (text := _text(value)) is not None:
            items.append(text)
    return tuple(items)


def _questions(data: dict[str, Any]) -> tuple[str, ...]:
    asked = [f"question: {t}" for t in _texts(data.get("questions_for_the_human"))]
    assumed = [f"assumption to check: {t}" for t in _texts(data.get("assumptions_to_validate"))]
    return tuple(asked + assumed)


def _pointers(data: dict[str, Any]) -> tuple[str, ...]:
    verdict = _text(data.get("verdict_pointer"))
    items = [f"verdict: {verdict}"] if verdict else []
    items += _texts(data.get("pointers"))
    changed = _texts(data.get("changed_files"))
    if changed:
        more = f" (+{len(changed) - 10} more)" if len(changed) > 10 else ""
        items.append(shorten(f"changed files: {', '.join(changed[:10])}{more}", ITEM_CHARS))
    return tuple(items)


def verify_commits(data: dict[str, Any]) -> set[str]:
    """The commits the ``--verify`` notes of the runs the brief shows name."""
    return {sha for entry in _shown(data.get("commands_run")) if (sha := _verified_at(entry))}


def _shown(values: Any) -> list[dict[str, Any]]:
    entries = (
        [value for value in values if isinstance(value, dict)] if isinstance(values, list) else []
    )
    return entries[-LAST_COMMANDS:]


def _verified_at(entry: dict[str, Any]) -> str | None:
    note = entry.get("note")
    if not isinstance(note, str) or not note.startswith(VERIFY_NOTE):
        return None
    sha = note[len(VERIFY_NOTE) :].split(" ", 1)[0]
    return sha or None


def _commands(values: Any, gone: frozenset[str]) -> tuple[str, ...]:
    items = []
    for entry in _shown(values):
        cmd = _text(entry.get("cmd")) or "?"
        code = entry.get("exit")
        note = _text(entry.get("note"))
        said = f"{cmd} → exit {code}" if isinstance(code, int) else cmd
        if note and _verified_at(entry) in gone:
            note += f"; {REWRITTEN}"
        items.append(shorten(f"{said} ({note})" if note else said, ITEM_CHARS))
    return tuple(items)
