"""Reading a packet file for the commands that change it, and writing files atomically.

Reading is the audit's (`engine.loading.read_packet`): a file that ``check`` calls
``invalid-json`` is refused here with the same words, as an `InputError` naming the file.
Writing goes through a temporary file in the same folder and a rename, so a crash or a full disk
leaves the old file whole, never half a file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from handoff_audit.atomic import replace_file
from handoff_audit.config import Config, load_config
from handoff_audit.engine import loading
from handoff_audit.engine.discovery import absolute, find_root
from handoff_audit.errors import InputError
from handoff_audit.model.packet import twin_of as twin_of  # one definition, for the writers
from handoff_audit.rules import RULES_BY_ID


def read_packet(path: Path, config: Config | None = None) -> dict[str, Any]:
    """The JSON object in the packet file ``path``, read exactly as ``check`` reads it: the same
    strict parser, the configured ``max-file-bytes`` (``config``, else the repository's), the
    same refusals in the same words; `InputError` naming the file otherwise."""
    root = find_root((absolute(path),))
    if config is None:
        config = load_config(root, rule_ids=RULES_BY_ID)
    return loading.read_packet(path, root, config.max_file_bytes)


def config_around(path: Path) -> Config:
    """The configuration of the repository around ``path``, as `read_packet` reads it."""
    return load_config(find_root((absolute(path),)), rule_ids=RULES_BY_ID)


PACKET_KEYS = ("branch", "status")
"""The fields that make a JSON object a handoff packet rather than some other JSON file."""


def is_packet(data: object) -> bool:
    """True for a JSON object with the packet's identifying fields (`PACKET_KEYS`)."""
    return isinstance(data, dict) and all(key in data for key in PACKET_KEYS)


def read_known_packet(path: Path, config: Config | None = None) -> dict[str, Any]:
    """`read_packet`, refusing a JSON object that is not a packet (``package.json``, say), so
    that no command rewrites a file that is not a handoff."""
    data = read_packet(path, config)
    if not is_packet(data):
        missing = [f'"{key}"' for key in PACKET_KEYS if key not in data]
        fields = f"{' or '.join(missing)} field{'s' if len(missing) > 1 else ''}"
        raise InputError(
            f"{path}: not a handoff packet (no {fields}); nothing was changed. Give the "
            "path of a packet written by `handoff-audit new`"
        )
    return data


def packet_text(data: dict[str, Any]) -> str:
    """A packet as the file ``new``, ``supersede`` and ``archive`` write: 2-space JSON, UTF-8."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def refuse_outside(path: Path) -> None:
    """`InputError` when ``path``'s folder, its symbolic links followed, is not inside the
    repository around ``path``: a committed ``.handoff`` or ``.claude`` that links to a folder
    elsewhere must not carry a write out of the repository."""
    full = Path(os.path.abspath(path))  # the repository is where the path is written, not
    root = find_root((full,)).resolve()  # where its links lead
    if not full.parent.resolve().is_relative_to(root):
        raise InputError(
            f"{path}: its folder leads outside the repository {root} through a symbolic link; "
            "nothing was written. Replace the link with a folder, or pick another path"
        )


def write_atomic(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` by rename; ``False`` (nothing written) when it is already so.

    The file keeps its permissions; a new one gets the usual ones (0666 minus the umask). A
    path whose folder leads out of the repository is refused (`refuse_outside`).
    """
    refuse_outside(path)
    data = text.encode("utf-8")
    try:
        if path.is_file() and path.read_bytes() == data:
            return False
    except OSError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_file(path, data)
    except OSError as error:
        raise InputError(f"{path}: cannot be written ({error.strerror or error})") from None
    return True
