"""`new`'s and `update`'s write: the packet and its twin, after every refusal that keeps a file
as it is (over ``max-file-bytes``, a twin holding a person's text, a packet another run wrote
since this one read it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from handoff_audit.authoring.kept_local import kept_local
from handoff_audit.authoring.no_active import name
from handoff_audit.authoring.packet_files import (
    packet_text,
    refuse_case_clash,
    refuse_changed,
    refuse_oversize,
    twin_of,
    write_atomic,
)
from handoff_audit.authoring.twin_guard import refuse_dropping_twin_text
from handoff_audit.config import Config
from handoff_audit.credentials import redact_packet
from handoff_audit.markdown import render_packet


def write_pair(
    path: Path,
    data: dict[str, Any],
    config: Config,
    read: dict[str, Any] | None,
    notes: list[str],
) -> str:
    """Write the packet and its twin, credentials redacted (the `secret` rule's patterns, so a
    packet these commands write never fails it) but in the names of the branch and the topic,
    neither when one would be over ``max-file-bytes`` or the packet no longer holds what this
    run ``read`` (``None``: no file); what was written, for the status line. ``notes`` gets a
    line for each field whose text was redacted: the writer never changes it silently, and
    one when git ignores what it wrote (`kept_local`)."""
    redacted = redact_packet(data)
    notes.extend(
        f"note: {field}: redacted a credential; revoke it if real"
        for field in _changed(data, redacted, "")
    )
    data = redacted
    files = [(path, packet_text(data)), (twin_of(path), render_packet(data))]
    refuse_oversize(path, data, files, config)
    refuse_case_clash([p for p, _ in files])
    refuse_dropping_twin_text(path, twin_of(path), data)
    refuse_changed(path, read, config)
    wrote = [p for p, text in files if write_atomic(p, text)]
    notes.extend(kept_local([p for p, _ in files]))
    return f"wrote {', '.join(name(p) for p in wrote)}" if wrote else "unchanged"


def _changed(before: Any, after: Any, where: str) -> list[str]:
    """Where ``after`` (`redact_packet` of ``before``) differs from ``before``: ``summary``,
    ``open_risks[0].what``; a key redacted itself is named as it is now."""
    if before is after or before == after:
        return []
    if isinstance(before, dict) and isinstance(after, dict) and len(before) == len(after):
        return [
            field
            for (key, old), (new_key, new) in zip(before.items(), after.items(), strict=True)
            for field in _changed(old, new, f"{where}.{new_key}" if where else str(new_key))
        ] or [where or "packet"]
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [
            field
            for index, (old, new) in enumerate(zip(before, after, strict=True))
            for field in _changed(old, new, f"{where}[{index}]")
        ]
    return [where or "packet"]


__all__ = ["write_pair"]
