"""What a packet's twin (``handoff.md``) says beyond its packet, for the hook's fixes: whether
it says anything a twin rendered anew would drop (`twin_beyond`), and the `update` options that
carry it into the packet (`carried`, from `twin_carry`)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from handoff_audit import shell
from handoff_audit.engine.loading import stays_in_repository
from handoff_audit.model.findings import PacketInfo
from handoff_audit.textcut import shorten

_TWIN_READ_LIMIT = 8 * 1024 * 1024
"""A twin larger than this is not read to tell what it says beyond its packet."""


@dataclass(frozen=True, slots=True)
class Beyond:
    """A twin that says more than its packet."""

    twin: str
    """The twin's path, from the top folder."""
    size: int
    """Its size in bytes."""
    what: str
    """What it says beyond the packet, in words (`section "Notes"`)."""


def carried(root: Path, cwd: Path, packet: PacketInfo) -> tuple[list[str], str | None, str | None]:
    """The `update` options that carry what the packet's twin says beyond the packet
    (`twin_carry`), a line saying what they carry (and when the packet's fields stand,
    being newer than the twin), and, when the twin has code blocks no option carries,
    what to move by hand before anything renders the twin again."""
    if packet.data is None or packet.markdown is None:
        return [], None, None
    json_file, twin_file = root / packet.path, root / packet.markdown
    if not stays_in_repository(twin_file, root.resolve()):
        return [], None, None  # `check` reports it as unreadable; its text is not ours to quote
    # start-up: the markdown parser loads only for a twin that differs from its packet
    from handoff_audit.markdown.twin_carry import carry, twin_written_last

    try:
        text = twin_file.read_text(encoding="utf-8-sig")
        twin_edited_last = twin_written_last(json_file, twin_file, packet.twin_newer)
    except (OSError, UnicodeDecodeError):
        return [], None, None

    found = carry(packet.data, text, twin_edited_last=twin_edited_last)
    options = [
        " ".join([option, *(shell.quote(value) for value in values)])
        for option, values in found.options
    ]
    said: list[str] = []
    if found.options:
        traps = ", ".join(section(heading) for heading in found.traps_from)
        said.append(
            f"rendering {packet.markdown} again alone would drop what it says: this keeps it "
            f"in {packet.path}" + (f" ({traps} as traps)" if traps else "")
        )
    if not twin_edited_last:
        said.append(f"{packet.path} was changed after {packet.markdown}: its fields stand")
    if found.code:
        twin = os.path.relpath(twin_file, cwd)  # words, no command
        blocks = ", ".join(
            f"{twin}:{line}" + (f" ({section(heading)})" if heading else "")
            for heading, line in found.code
        )
        plural = "s" if len(found.code) > 1 else ""
        by_hand = (
            f"move the code block{plural} at {blocks} into a file of its own (a script or "
            "a docs page) and write that file's path in its place, then stop again"
        )
        note = (
            "no field of the packet keeps a code block's lines: `update` or rendering "
            f"{packet.markdown} again now would drop it"
        )
        return options, note, by_hand
    return options, "; ".join(said) or None, None


def twin_beyond(root: Path, packet: PacketInfo) -> Beyond | None:
    """What the twin of ``packet`` says beyond the packet, when it says anything: a twin
    rendered anew from the packet would drop it."""
    if packet.data is None or packet.markdown is None:
        return None
    twin = root / packet.markdown
    if not stays_in_repository(twin, root.resolve()):
        return None  # `check` reports it as unreadable; its text is not ours to quote
    try:
        size = twin.stat().st_size
        if size > _TWIN_READ_LIMIT:
            return Beyond(packet.markdown, size, "what it says beyond the packet")
        text = twin.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None
    # start-up: the markdown parser loads only for a twin that cannot be read as it is
    from handoff_audit.markdown.twin_carry import carry

    found = carry(packet.data, text, twin_edited_last=True)
    if not found.options and not found.code:
        return None
    headings = [*found.traps_from, *(heading for heading, _ in found.code)]
    sections = ", ".join(section(heading) for heading in dict.fromkeys(headings))
    return Beyond(packet.markdown, size, sections or "what it says beyond the packet")


def section(heading: str) -> str:
    return (
        f'section "{shorten(heading, 40, squeeze=True)}"' if heading else "the text under the title"
    )


__all__ = ["Beyond", "carried", "section", "twin_beyond"]
