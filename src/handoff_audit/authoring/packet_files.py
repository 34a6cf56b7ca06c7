"""Reading a packet file for the commands that change it, and writing files atomically.

Reading is the audit's (`engine.loading.read_packet`): a file that ``check`` calls
``invalid-json`` is refused here with the same words, as an `InputError` naming the file.
Writing goes through a temporary file in the same folder and a rename, so a crash or a full disk
leaves the old file whole, never half a file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from handoff_audit.atomic import replace_file
from handoff_audit.config import Config, load_config
from handoff_audit.credentials import show
from handoff_audit.cwd_paths import from_cwd
from handoff_audit.engine import loading, oversize
from handoff_audit.engine.discovery import absolute, find_root
from handoff_audit.errors import InputError
from handoff_audit.jsonpos import json_type
from handoff_audit.model.packet import twin_of as twin_of  # one definition, for the writers
from handoff_audit.rules import RULES_BY_ID
from handoff_audit.schema import load_schema


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


def not_a_packet(data: Mapping[str, Any]) -> str | None:
    """Why the JSON object ``data`` is not a handoff packet, or ``None`` when it is one.

    A packet is what `new` writes: every field the bundled schema requires (but those `update`
    sets, `SET_BY_UPDATE`), a branch name in ``branch`` and one of the schema's statuses in
    ``status``. Other JSON files may have a ``branch`` and a ``status`` too (a CI report, a
    deployment record, another tool's handoff); no command rewrites those. A packet whose other
    values break the schema is still a packet: `check` names its errors, and `update` may fix
    them.
    """
    schema = load_schema(None)
    statuses = [s for s in schema["properties"]["status"]["enum"] if isinstance(s, str)]
    reasons = []
    status = data.get("status")
    if "status" in data and status not in statuses:
        held = show(status, 40) if isinstance(status, str) else _a(json_type(status))
        reasons.append(f'"status" is {held}, not {_or(statuses)}')
    branch = data.get("branch")
    if "branch" in data and not (isinstance(branch, str) and branch.strip()):
        held = "blank" if isinstance(branch, str) else _a(json_type(branch))
        reasons.append(f'"branch" is {held}, not a branch name')
    missing = [
        f'"{key}"' for key in schema["required"] if key not in data and key not in SET_BY_UPDATE
    ]
    if len(missing) > _LISTED + 1:  # "or 1 more" would say less than the name
        shown = ", ".join(missing[:_LISTED])
        reasons.append(f"no {shown} or {len(missing) - _LISTED} more required fields")
    elif missing:
        reasons.append(f"no {_or(missing)} field{'s' if len(missing) > 1 else ''}")
    return "; ".join(reasons) or None


SET_BY_UPDATE = ("summary", "next_action", "verdict_pointer")
"""Required fields a packet may lack and still be one: `update` sets each from its option, the
fix `hook` prints for a packet without one (docs/lifecycle.md, state 6)."""
_LISTED = 4
"""How many missing fields `not_a_packet` names before it counts the rest."""


def _a(json_name: str) -> str:
    return f"an {json_name}" if json_name[0] in "aeiou" else f"a {json_name}"


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def is_packet(data: object) -> bool:
    """True for a JSON object that is a handoff packet (`not_a_packet`)."""
    return isinstance(data, Mapping) and not_a_packet(data) is None


def read_known_packet(path: Path, config: Config | None = None) -> dict[str, Any]:
    """`read_packet`, refusing a JSON object that is not a packet (`not_a_packet`:
    ``package.json``, a CI status file), so that no command rewrites a file that is not a
    handoff."""
    data = read_packet(path, config)
    reason = not_a_packet(data)
    if reason is not None:
        raise InputError(
            f"{path}: not a handoff packet ({reason}); nothing was changed; give the path of a "
            "packet written by `handoff-audit new`, or, if this file is a handoff, add what it "
            "lacks (`handoff-audit schema` lists the fields)"
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


def refuse_oversize(
    packet: Path, data: dict[str, Any], files: Sequence[tuple[Path, str]], config: Config
) -> None:
    """`InputError`, before anything is written, when one of ``files`` (the packet ``packet``
    holding ``data``, its twin: each with the text about to be written) is larger than
    ``max-file-bytes``: `check` would not read it, and writing the twin again writes the same
    bytes. The error names the file, its size, the limit, and the fix: trim the packet's longest
    fields, or raise the limit in the configuration in use."""
    sizes = [(path, len(text.encode("utf-8", "surrogatepass"))) for path, text in files]
    over = [(path, size) for path, size in sizes if size > config.max_file_bytes]
    if not over:
        return
    path, size = over[0]
    shown = from_cwd(packet)
    what = "" if path == packet else f" (the rendering of {shown})"
    fix = oversize.trim_or_raise(shown, data, max(s for _, s in sizes), config)
    raise InputError(
        f"{from_cwd(path)}{what} would be {size} bytes, more than max-file-bytes "
        f"({config.max_file_bytes} bytes), which `check` does not read; nothing was written. "
        f"{fix[0].upper()}{fix[1:]}"
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
