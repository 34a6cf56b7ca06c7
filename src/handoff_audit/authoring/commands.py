"""The commands that render a packet or change its status: render, supersede, archive.

"Generate it, do not type it": the JSON packet is the truth and its markdown twin is always
`render_packet` of it, so the two cannot drift. Every write is atomic, and nothing is written
that the command was not asked to write.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from handoff_audit import controls, shell
from handoff_audit.authoring.outcome import Outcome, notes_kept_on_error
from handoff_audit.authoring.packet_files import (
    config_around,
    packet_text,
    read_known_packet,
    refuse_case_clash,
    refuse_changed,
    refuse_oversize,
    twin_of,
    write_atomic,
)
from handoff_audit.authoring.stale_finish import refuse_stale_finish
from handoff_audit.authoring.twin_guard import dropped_twin_text, refuse_dropping_twin_text
from handoff_audit.config import Config, config_warnings
from handoff_audit.credentials import redact
from handoff_audit.engine.ignored import ignored_line, ignored_pair
from handoff_audit.errors import EXIT_FINDINGS, InputError
from handoff_audit.markdown import render_packet

_REGENERATE = "handoff-audit render --write"


def _quoted(path: Path) -> str:
    """`_name`, quoted for a shell: how a command in a message names a file."""
    return shell.quote_path(_name(path))


def _name(path: Path) -> str:
    """How messages name a file: relative to the current folder when under it."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def _configured(
    packet: Path, command: Callable[[Config], Outcome], config_file: Path | None = None
) -> Outcome:
    """``command`` run with ``config_file``, else the configuration of the repository around
    ``packet``; its outcome, or the error that ends it, after a warning for each configuration
    file that one shadows (`Config.notes`), as `check` says it."""
    config = config_around(packet, config_file)
    warnings = config_warnings(config.notes)
    with notes_kept_on_error(warnings):
        outcome = command(config)
    return replace(outcome, notes=(*warnings, *outcome.notes))


def render_command(
    packet: Path, *, write: bool, check: bool, config_file: Path | None = None
) -> Outcome:
    """The twin (to print), or write it (``write``: refused when it would be over
    ``max-file-bytes``), or diff it against the file (``check``); with the configuration
    ``config_file`` when given, else the repository's."""
    return _configured(
        packet, lambda config: _render(packet, config, write=write, check=check), config_file
    )


def _render(packet: Path, config: Config, *, write: bool, check: bool) -> Outcome:
    data = read_known_packet(packet, config)
    markdown = render_packet(data)
    twin = twin_of(packet)
    if write:
        refuse_oversize(packet, data, [(twin, markdown)], config)
        refuse_case_clash((twin,))
        written = write_atomic(twin, markdown)
        said = f"wrote {_name(twin)}" if written else "unchanged"
        return Outcome(notes=(f"{_name(packet)}: {said}",))  # the status line of every writer
    if check:
        try:
            current = twin.read_text(encoding="utf-8-sig")  # like CRLF, a BOM `--write` keeps
        except FileNotFoundError:
            missing = f"{_name(twin)} is missing; run `{_REGENERATE} {_quoted(packet)}`"
            return Outcome(EXIT_FINDINGS, notes=(missing,))
        except UnicodeDecodeError as error:
            # The twin is generated: one overwritten with other bytes is out of date too.
            unreadable = (
                f"{_name(twin)} is not UTF-8 text (byte 0x{error.object[error.start]:02x}), not "
                f"the rendering of {_name(packet)}; run `{_REGENERATE} {_quoted(packet)}`"
            )
            return Outcome(EXIT_FINDINGS, notes=(unreadable,))
        except OSError as error:
            raise InputError(f"{_name(twin)}: cannot be read ({error})") from None
        if current == markdown:
            return Outcome()
        diff = difflib.unified_diff(
            current.splitlines(keepends=True),
            markdown.splitlines(keepends=True),
            fromfile=_name(twin),
            tofile=f"{_name(twin)} (rendered from {_name(packet)})",
        )
        # Text a person wrote in the twin that the packet lacks: `--write` would drop it, so
        # the advice is the `update` that carries it (the writers' guard, `check`'s md-mismatch).
        stale = dropped_twin_text(packet, twin, data) or (
            f"{_name(twin)} is out of date; run `{_REGENERATE} {_quoted(packet)}`"
        )
        # the file on disk may hold ESC
        shown = _shown(packet, controls.text("".join(diff)))
        return Outcome(EXIT_FINDINGS, out=shown[0], notes=(stale, *shown[1]))
    out, redacted = _shown(packet, markdown)
    return Outcome(out=out, notes=redacted)


def _shown(packet: Path, text: str) -> tuple[str, tuple[str, ...]]:
    """``text`` as printed: a credential in the packet's fields is never echoed (a terminal's
    scrollback, a CI log), but shown redacted, with one line saying where to remove it."""
    redacted = redact(text)
    if redacted == text:
        return text, ()
    where = f"{_name(packet)} holds a credential, shown redacted here"
    return redacted, (f"{where}; remove it from the packet (`check` names its line) and rotate it",)


def set_status_command(
    packet: Path,
    status: str,
    successor: str | None,
    stored: Callable[[str], str] = str,
    *,
    force: bool = False,
) -> Outcome:
    """Mark ``packet`` superseded (by ``successor``, as ``stored`` turns it into the value of
    ``superseded_by`` once the packet is read: `InputError` for one that names nothing) or
    archived, and re-render its twin; an active packet older than the work only with ``force``
    (`stale_finish`)."""
    return _configured(
        packet, lambda config: _set_status(packet, config, status, successor, stored, force)
    )


def _set_status(
    packet: Path,
    config: Config,
    status: str,
    successor: str | None,
    stored: Callable[[str], str],
    force: bool,
) -> Outcome:
    data = read_known_packet(packet, config)
    if successor is not None and not successor.strip():
        raise InputError("--by: give the path or topic of the packet that replaces this one")
    if successor is not None:
        successor = stored(successor)
    changed = _with_status(data, status, successor)
    text, markdown = packet_text(changed), render_packet(changed)
    refuse_oversize(packet, changed, [(packet, text), (twin_of(packet), markdown)], config)
    refuse_dropping_twin_text(packet, twin_of(packet), changed)
    refuse_case_clash((packet, twin_of(packet)))
    refuse_changed(packet, data, config)
    if not force and data.get("status") == "active":
        command = "archive" if status == "archived" else "supersede"
        refuse_stale_finish(packet, config, command, data.get("branch"))
    wrote = write_atomic(packet, text) if changed != data else False
    wrote_twin = write_atomic(twin_of(packet), markdown)
    names = [_name(p) for p, w in ((packet, wrote), (twin_of(packet), wrote_twin)) if w]
    said = f"{'wrote ' + ', '.join(names) if names else 'unchanged'}; {status}" + (
        f" by {successor}" if successor else ""
    )
    hidden = ignored_pair(packet, twin_of(packet))
    names, shown = [p.name for p in hidden], [_name(p) for p in hidden]
    warned = (f"warning: {ignored_line(packet.parent, names, shown)}",) if hidden else ()
    return Outcome(notes=(f"{_name(packet)}: {said}", *warned))


def _with_status(data: dict[str, Any], status: str, successor: str | None) -> dict[str, Any]:
    """A copy of ``data`` with ``status`` (and ``superseded_by``) set, keys in their order."""
    result: dict[str, Any] = {}
    for key, value in data.items():
        if key == "superseded_by" and successor is not None:
            continue
        result[key] = status if key == "status" else value
        if key == "status" and successor is not None:
            result["superseded_by"] = successor
    if "status" not in result:
        result["status"] = status
        if successor is not None:
            result["superseded_by"] = successor
    return result
