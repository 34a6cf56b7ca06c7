"""Refuse to render a twin anew over text a person wrote in it that the packet lacks.

`update`, `archive` and `supersede` re-render the twin from the packet they write; `render
--write` is the explicit way to discard the twin's own text. The test is `twin_carry`'s (the
hook's fix for `md-mismatch`): text under no field's heading always counts, a field's differing
value only when the twin was changed after the packet (else the packet, newer, stands).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from handoff_audit import jsonpos, shell
from handoff_audit.errors import InputError
from handoff_audit.git_folder import GIT_FOLDER
from handoff_audit.markdown import render_packet
from handoff_audit.markdown.sections import LIST_OPTIONS, SECTIONS_BY_FIELD, TEXT_OPTIONS, fold

_FIELD_OF_OPTION = {option: field for field, option in (TEXT_OPTIONS | LIST_OPTIONS).items()}


def refuse_dropping_twin_text(packet: Path, twin: Path, data: Mapping[str, Any]) -> None:
    """`InputError` when rendering ``data`` over ``twin`` would drop text a person wrote in the
    twin (`dropped_twin_text`)."""
    said = dropped_twin_text(packet, twin, data)
    if said is not None:
        raise InputError(said)


def dropped_twin_text(packet: Path, twin: Path, data: Mapping[str, Any]) -> str | None:
    """Why rendering ``data`` over ``twin`` would drop text a person wrote in the twin: text the
    packet on disk lacks and ``data`` (what replaces it) does not carry either; one line naming
    the twin, its sections and the `update` that carries the text. ``None`` when nothing would
    be lost. `render --check` says it instead of sending the user to `render --write`."""
    if any(part.casefold() == GIT_FOLDER for part in twin.resolve().parts):
        return None  # a link into git's own folder: `check` reports it; its text is no twin's
    # start-up: the markdown parser loads only when a command writes a twin anew
    from handoff_audit.markdown.twin_carry import carry, twin_written_last

    try:
        text = twin.read_text(encoding="utf-8-sig")
        on_disk = jsonpos.loads(packet.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None  # no twin to lose, or files `check` reports as unreadable
    if not isinstance(on_disk, dict) or text in (render_packet(on_disk), render_packet(data)):
        return None
    # start-up: git is asked only about a twin that says more than either rendering
    from handoff_audit.git.twin_order import twin_newer

    try:
        twin_edited_last = twin_written_last(packet, twin, twin_newer(packet, twin))
    except OSError:
        return None
    written = carry(on_disk, text, twin_edited_last=twin_edited_last)
    options = [
        (option, values) for option, values in written.options if not _holds(data, option, values)
    ]
    code = written.code
    if not options and not code:
        return None
    named = _name(twin)
    sections = ", ".join(_sections(options, written.traps_from, code)) or "its text"
    discard = f"`handoff-audit render --write {shell.quote_path(_name(packet))}`"
    if code:
        lines = ", ".join(f"{named}:{line}" for _, line in code)
        return (
            f"{named} holds text {_name(packet)} lacks ({sections}), with code blocks no field "
            f"keeps ({lines}); rendering it again would drop them: move them into a file of "
            f"their own and point at it, or discard them deliberately with {discard}"
        )
    carried = " ".join(
        [
            f"handoff-audit update {shell.quote_path(_name(packet))}",
            *(" ".join([option, *map(shell.quote, values)]) for option, values in options),
        ]
    )
    return (
        f"{named} holds text {_name(packet)} lacks ({sections}), which rendering it again "
        f"would drop; carry it into the packet first: `{carried}`, then run this again; or "
        f"discard it deliberately with {discard}"
    )


def _holds(data: Mapping[str, Any], option: str, values: tuple[str, ...]) -> bool:
    """Does ``data`` already hold what ``option`` would carry (its first value, as text)?"""
    value = data.get(_FIELD_OF_OPTION.get(option, ""))
    items = value if isinstance(value, list) else [value]
    texts = [
        str(part)
        for item in items
        for part in (item.values() if isinstance(item, dict) else [item])
    ]
    return fold(values[0]) in {fold(text) for text in texts}


def _sections(
    options: list[tuple[str, tuple[str, ...]]],
    traps_from: tuple[str, ...],
    code: tuple[tuple[str, int], ...],
) -> list[str]:
    headings: list[str] = []
    for option, _ in options:
        field = _FIELD_OF_OPTION.get(option)
        if option != "--trap" and field in SECTIONS_BY_FIELD:
            headings.append(SECTIONS_BY_FIELD[field].heading)
    traps = [values[0] for option, values in options if option == "--trap"]
    headings += [h for h in traps_from if any(t.startswith(f"{h}: ") or not h for t in traps)]
    headings += [heading for heading, _ in code]
    return [
        f"section {heading!r}" if heading else "the text under the title"
        for heading in dict.fromkeys(headings)
    ]


def _name(path: Path) -> str:
    """How messages name a file: relative to the current folder when under it."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


__all__ = ["dropped_twin_text", "refuse_dropping_twin_text"]
