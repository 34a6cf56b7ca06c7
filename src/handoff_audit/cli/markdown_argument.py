"""A markdown file given where a command takes a JSON packet: say which file to pass instead,
or, for a hand-written handoff, what to do with it, before the file is read as JSON."""

from __future__ import annotations

import os
from pathlib import Path

from handoff_audit import shell
from handoff_audit.errors import InputError


def _hand_written_fix(command: str, packet: Path) -> str:
    """What to do with a hand-written handoff instead of ``command``."""
    remove = f"`git rm {shell.quote_path(str(packet))}`"
    if command == "archive":
        return f"it has no status to archive: when its work is done, remove it with {remove}"
    if command == "supersede":
        return (
            "it has no status to mark superseded: once the handoff that replaces it is "
            f"written, remove it with {remove}"
        )
    if command == "update":
        return "`update` refreshes a JSON packet: edit it by hand, or start a packet with `new`"
    return (
        f"{command} turns a JSON packet into its twin, and a hand-written handoff is checked as "
        "it is (`handoff-audit check`)"
    )


def refuse_markdown(packet: Path, command: str) -> None:
    """`InputError` when ``packet`` is markdown: the twin of a JSON packet names the packet to
    pass, a hand-written handoff what to do instead. A missing file is left to the reader."""
    if packet.suffix.lower() != ".md":
        return
    json_twin = packet.with_suffix(".json")
    if json_twin.is_file():
        raise InputError(
            f"{command}: {packet} is the markdown twin; pass the JSON packet it is rendered from: "
            f"handoff-audit {command} {shell.quote_path(str(json_twin))}"
        )
    if os.path.lexists(packet):
        raise InputError(
            f"{command}: {packet} is a hand-written handoff, not a JSON packet (there is no "
            f"{json_twin.name} beside it); {_hand_written_fix(command, packet)}"
        )


def from_root(path: Path, command: str = "check") -> Path:
    """``path`` as given when it exists from the current folder (or is absolute); else, when it
    exists from the repository root (git's top level around the current folder), that file,
    written from the current folder. The commands the findings print name files from the root,
    so that they run as printed from any folder of the repository. In a bare repository:
    `InputError` naming ``command``, the one to run in a clone."""
    if path.is_absolute() or os.path.lexists(path):
        return path
    # start-up: discovery is imported only when a path is not found from the current folder
    from handoff_audit.engine.discovery import find_root

    cwd = Path.cwd()
    rooted = find_root((cwd,), command) / path
    if not os.path.lexists(rooted):
        return path
    return Path(os.path.relpath(rooted, cwd))
