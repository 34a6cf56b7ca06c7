"""`supersede --by`: the successor as the packet's ``superseded_by`` stores it, "path or topic of
the successor". A value that names an existing file (`markdown_argument.from_root`: the current
folder first, then the repository root), ends in ``.json``/``.md``, or ends in a slash names the
successor's JSON packet, and is stored from the repository root with ``/``; it must be an
active packet (`schema.packet_kind.is_packet`) other than the one superseded. Any other value
is a topic, kept as given when it fits the schema's ``topic`` pattern, slashes included
(``auth/v2``: its packet may not exist yet: supersede, then `new --topic auth/v2`)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from handoff_audit import shell
from handoff_audit.cli.markdown_argument import from_root
from handoff_audit.errors import InputError

_PATH_SUFFIXES = (".json", ".md")
_TOPIC = "or its topic (e.g. auth/v2, when its packet is still to be written)"


def looks_like_path(value: str) -> bool:
    """A packet's or twin's file name, or a folder (a trailing slash): never a topic, even when
    no such file exists."""
    return value.lower().endswith(_PATH_SUFFIXES) or value.endswith(("/", os.sep))


def successor_value(value: str, packet: Path) -> str:
    """``value`` as ``superseded_by`` stores it in ``packet``: a topic as given, a path from
    the root of ``packet``'s repository; `InputError` for a path that names no packet there,
    names ``packet`` itself, a topic the schema would refuse, or a value that looks like a
    credential (refused first, not echoed: ``superseded_by`` is written as given, and `check`'s
    `secret` rule rejects it)."""
    _refuse_credential(value)
    found = from_root(Path(value))
    if not looks_like_path(value) and not found.is_file():
        if found.is_dir() and ("/" in value or os.sep in value):
            raise _refused(value, "is a folder, from the current folder or the repository root")
        return _topic(value, found)
    # start-up: discovery is imported only when --by names a path
    from handoff_audit.engine.discovery import absolute, find_root

    if not found.is_file() or value.endswith(("/", os.sep)):  # Path drops a trailing slash
        what = "is a folder" if found.is_dir() else "names no file"
        raise _refused(value, f"{what}, from the current folder or the repository root")
    root = find_root((absolute(packet),))
    relative = Path(os.path.relpath(absolute(found), root.resolve()))
    if relative.parts[:1] == ("..",):
        raise InputError(
            f"supersede --by {shell.quote(value)}: the file is outside the repository of "
            f"{packet} ({root}); give the successor packet in it, {_TOPIC}"
        )
    if os.path.samefile(found, packet):
        raise _refused(value, "is the packet being superseded, not its successor")
    _refuse_no_packet(value, found, packet)
    return relative.as_posix()


def _refuse_credential(value: str) -> None:
    """`InputError`, without echoing ``value``, when it looks like a credential."""
    # start-up: the credential patterns compile only when --by is given
    from handoff_audit.credentials import find_secrets

    found = find_secrets(value)
    if found:
        kind = found[0].kind
        raise InputError(
            f"supersede --by looks like {'an' if kind[0] in 'AEIOU' else 'a'} {kind}; the "
            "successor is stored in the packet and shown unredacted in every report: give the "
            f"successor packet's path, {_TOPIC}, and revoke the credential if it is one"
        )


def _topic(value: str, found: Path) -> str:
    """``value`` as a topic, when it fits the schema's ``topic`` pattern."""
    # start-up: the schema loads only when --by is a topic
    from handoff_audit.schema import load_schema

    pattern = load_schema(None)["properties"]["topic"]["pattern"]
    if re.search(pattern, value) is not None:
        return value
    if found.is_dir():
        raise _refused(value, "is a folder, from the current folder or the repository root")
    raise InputError(
        f"supersede --by {shell.quote(value)}: not a topic (a topic is lower-case letters, "
        "digits, '.', '_', '-' and '/', starting with a letter or digit, e.g. auth/v2) "
        "and no file; give the successor's topic in that form, or the path of its packet "
        "(a .json file)"
    )


def _refuse_no_packet(value: str, found: Path, packet: Path) -> None:
    """`InputError` unless ``found`` is a JSON handoff packet."""
    # start-up: the packet reader loads only when --by names a file
    from handoff_audit.authoring.packet_files import read_packet
    from handoff_audit.schema.packet_kind import not_a_packet

    if found.suffix.lower() != ".json":
        json_twin = found.with_suffix(".json")
        if found.suffix.lower() != ".md" or not json_twin.is_file():
            raise _refused(value, "is not a JSON packet")
        if os.path.samefile(json_twin, packet):
            raise _refused(value, "is the twin of the packet being superseded, not its successor")
        raise InputError(
            f"supersede --by {shell.quote(value)}: is a markdown twin; give its packet: "
            f"--by {shell.quote_path(json_twin.as_posix())}"
        )
    try:
        data = read_packet(found)
    except InputError as error:
        raise InputError(
            f"supersede --by {shell.quote(value)}: {error}; the successor must be a readable "
            "packet (fix it, or give its topic)"
        ) from None
    reason = not_a_packet(data)
    if reason is not None:
        raise _refused(value, f"is not a handoff packet ({reason})")
    _refuse_finished(value, data)


def _refuse_finished(value: str, data: dict[str, object]) -> None:
    """`InputError` unless the successor is active: a finished one would leave the branch's
    work handed over to no packet (and one superseded by PACKET, a loop)."""
    status = data.get("status")
    if status == "active":
        return
    then = data.get("superseded_by")
    if status == "superseded":
        named = isinstance(then, str) and then.strip()
        why = f"superseded (by {shell.quote(str(then))})" if named else "superseded"
    else:
        why = f"{status} (its work is finished)"
    raise InputError(
        f"supersede --by {shell.quote(value)}: the successor is {why}, not active, so no "
        "packet would carry on the work; give the active packet that does, or start one with "
        "`handoff-audit new --topic TOPIC` and give that"
    )


def _refused(value: str, what: str) -> InputError:
    return InputError(
        f"supersede --by {shell.quote(value)}: {what}; give the path of the successor packet "
        f"(`handoff-audit new` writes it), {_TOPIC}"
    )


__all__ = ["looks_like_path", "successor_value"]
