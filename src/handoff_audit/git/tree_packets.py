"""Active packets of the commit checked that the audit did not read, for the merge gate.

``check PATH`` and the Action's ``path`` input limit which packets are audited, not what a merge
would carry: like the block files, every active JSON packet of the commit checked must reach
``active-in-merge``. The caller lists the commit's packet files in the one ``diff-tree`` call it
makes for the block files; the ones the audit did not read are read here with one ``cat-file
--batch``, whatever their number (none when every packet was audited).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.git import plumbing
from handoff_audit.globs import matches_any
from handoff_audit.jsonpos import JsonPositionError, parse
from handoff_audit.model.packet import is_agent_file
from handoff_audit.model.repo_history import Position


def unaudited_active(
    root: Path,
    files: Iterable[tuple[str, str]],
    from_top: Callable[[str], str | None],
    audited: set[str],
    config: Config,
) -> dict[str, Position]:
    """Each active JSON packet among ``files`` ((top path, blob) of the commit checked) that is
    not in ``audited`` (paths from the audited root) -> where its ``status`` is. ``from_top``:
    a top path as a path from the audited root, ``None`` outside it."""
    blobs: dict[str, str] = {}
    for top_path, blob in files:
        name = from_top(top_path)
        if (
            name is not None
            and name not in audited
            and name.lower().endswith(".json")
            and matches_any(name, config.packets)
            and not is_agent_file(name)
        ):
            blobs[name] = blob
    texts = plumbing.read_blobs(root, list(blobs.values()), config.max_file_bytes)
    active: dict[str, Position] = {}
    for name, blob in sorted(blobs.items()):
        if blob in texts:
            position = _active_status(texts[blob].decode("utf-8", "replace"))
            if position is not None:
                active[name] = position
    return active


def _active_status(text: str) -> Position | None:
    """Where ``"status": "active"`` is in a packet's text; ``None`` when the text is not a JSON
    object with that status (the audit of that path reports what is wrong with it)."""
    try:
        parsed = parse(text)
    except (JsonPositionError, RecursionError):
        return None
    if not isinstance(parsed.value, dict) or parsed.value.get("status") != "active":
        return None
    return parsed.positions.get("/status", (None, None))
