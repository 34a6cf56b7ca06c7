"""Reading a packet file for the commands that change it, and writing files atomically.

Reading is the audit's (`engine.loading.read_packet`): a file that ``check`` calls
``invalid-json`` is refused here with the same words, as an `InputError` naming the file.
Writing goes through a temporary file in the same folder and a rename, so a crash or a full disk
leaves the old file whole, never half a file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from handoff_audit import shell
from handoff_audit.atomic import replace_file
from handoff_audit.case_names import case_variant
from handoff_audit.config import Config, load_config
from handoff_audit.cwd_paths import from_cwd
from handoff_audit.engine import loading, oversize
from handoff_audit.engine.discovery import absolute, find_root
from handoff_audit.errors import InputError
from handoff_audit.git.submodules import is_submodule
from handoff_audit.git.tracked import is_tracked
from handoff_audit.git_folder import GIT_FOLDER, in_git_folder
from handoff_audit.model.packet import twin_of as twin_of  # one definition, for the writers
from handoff_audit.rules import RULES_BY_ID
from handoff_audit.schema.packet_kind import not_a_packet, not_a_packet_message


def is_repo_link(root: Path, path: str) -> bool:
    """True when ``path`` (from the top folder ``root``) is a symbolic link in a folder of the
    repository, so that removing it removes the link, never a file outside."""
    top = os.path.realpath(root)
    folder = os.path.realpath((root / path).parent)
    inside = folder == top or folder.startswith(f"{top}{os.sep}")
    return inside and os.path.islink(root / path)


def read_packet(path: Path, config: Config | None = None) -> dict[str, Any]:
    """The JSON object in the packet file ``path``, read exactly as ``check`` reads it: the same
    strict parser, the configured ``max-file-bytes`` (``config``, else the repository's), the
    same refusals in the same words; `InputError` naming the file otherwise."""
    root = find_root((absolute(path),))
    if config is None:
        config = config_of(root)
    return loading.read_packet(path, root, config.max_file_bytes)


def config_of(root: Path, config_file: Path | None = None) -> Config:
    """The configuration of the repository at ``root``: ``config_file`` when given
    (`--config`), else the repository's own, with the rule registry and git's tracked files."""
    return load_config(root, config_file, rule_ids=RULES_BY_ID, tracked=is_tracked)


def config_around(path: Path, config_file: Path | None = None) -> Config:
    """The configuration of the repository around ``path``, as `read_packet` reads it:
    ``config_file`` when given (`--config`), else the repository's own."""
    return config_of(find_root((absolute(path),)), config_file)


def read_known_packet(path: Path, config: Config | None = None) -> dict[str, Any]:
    """`read_packet`, refusing a JSON object that is not a packet (`not_a_packet`:
    ``package.json``, a CI status file), so that no command rewrites a file that is not a
    handoff."""
    data = read_packet(path, config)
    reason = not_a_packet(data)
    if reason is not None:
        raise InputError(not_a_packet_message(str(path), reason, "nothing was changed; "))
    return data


def packet_as_read(path: Path, config: Config) -> dict[str, Any] | None:
    """What ``path`` holds now, for `refuse_changed`: its JSON object, ``None`` when there is
    no file."""
    return read_packet(path, config) if os.path.lexists(path) else None


def refuse_changed(path: Path, read: dict[str, Any] | None, config: Config) -> None:
    """`InputError` when the packet ``path`` no longer holds ``read`` (``None``: no file), what
    this run read and changed: another run (an `update` beside a slow ``--verify``) or a person
    wrote it meanwhile, and writing now would throw that away. Asked right before writing; a
    write landing between this and the rename is not seen (the window is a few system calls)."""
    try:
        now = packet_as_read(path, config)
    except InputError:
        now = {}  # unreadable now: changed, whatever it was
    if now != read:
        raise InputError(
            f"{from_cwd(path)}: the packet changed since this run read it (another command or "
            "an edit wrote it meanwhile); nothing was written, so that change is kept: run the "
            "command again"
        )


def packet_text(data: dict[str, Any]) -> str:
    """A packet as the file ``new``, ``supersede`` and ``archive`` write: 2-space JSON, UTF-8."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def refuse_git_folder(path: Path, flag: str | None = None) -> None:
    """`InputError` when ``path`` lies in git's own folder (a part named ``.git``, or the
    folder the repository's ``.git`` leads to, `git_folder.in_git_folder`): git never commits
    it and `check` never reads it, so a packet written there is lost to the next session.
    ``flag`` names the option that gave the path (``--output X``)."""
    full = Path(os.path.abspath(path))
    root = find_root((full,)).resolve()
    target = full.parent.resolve() / full.name
    inside = target.relative_to(root).parts if target.is_relative_to(root) else full.parts
    if any(part.casefold() == GIT_FOLDER for part in inside) or in_git_folder(
        str(target), str(root)
    ):
        raise InputError(
            f"{flag or from_cwd(path)}: inside git's own folder ({GIT_FOLDER}), which git never "
            "commits and `check` never reads; nothing was written. Write the packet in the "
            "work tree: the default handoff.json, or --topic NAME"
        )


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


def refuse_case_clash(paths: Sequence[Path], elsewhere: str = "") -> None:
    """`InputError`, before anything is written, when a file beside one of ``paths`` (a packet,
    its twin) has a name that differs only in letter case (``HANDOFF.md`` beside the twin
    ``handoff.md``), tracked or not: on macOS and Windows the two names are one file, and the
    write would overwrite it. ``elsewhere``: how the command may write its packet in another
    place instead (`new`'s ``--topic`` and ``--output``), said after the rename."""
    for path in paths:
        other = case_variant(path)
        if other is None:
            continue
        beside = path.with_name(other)
        root = find_root((Path(os.path.abspath(path)),)).resolve()
        tracked = is_tracked(str(root), str(beside.parent.resolve() / other))
        shown = from_cwd(beside)
        if is_submodule(beside):
            raise InputError(
                f"{from_cwd(path)}: would be written where the git submodule {shown} is on macOS "
                "and Windows, where names that differ only in letter case are one; nothing was "
                f"written. Remove the submodule (`git rm -- {shell.quote_path(shown)}`, which "
                f"takes it out of .gitmodules too), commit, and run the command again{elsewhere}"
            )
        move = f"{'git mv' if tracked else 'mv'} {shell.quote_path(shown)} NEW-NAME"
        raise InputError(
            f"{from_cwd(path)}: would overwrite {shown} on macOS and Windows, where names that "
            "differ only in letter case are one file; nothing was written. "
            f"Rename or move {shown} (`{move}`) and run the command again{elsewhere}"
        )


_BOM = b"\xef\xbb\xbf"
"""The UTF-8 byte order mark a Windows editor writes before the text."""


def uses_crlf(data: bytes) -> bool:
    """Whether most of the lines of ``data`` end with CRLF (a file saved on Windows)."""
    return data.count(b"\r\n") * 2 > data.count(b"\n")


def write_atomic(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` by rename; ``False`` (nothing written) when it is already so.
    A file whose lines end with CRLF keeps them (a one-field change stays a one-line diff), and
    a markdown file its UTF-8 byte order mark.

    The file keeps its permissions; a new one gets the usual ones (0666 minus the umask). A
    path whose folder leads out of the repository is refused (`refuse_outside`), and so is
    one in git's own folder (`refuse_git_folder`).
    """
    refuse_git_folder(path)
    refuse_outside(path)
    data = text.encode("utf-8")
    try:
        old = path.read_bytes() if path.is_file() else b""
    except OSError:
        old = b""
    if "\r" not in text and uses_crlf(old):
        data = text.replace("\n", "\r\n").encode("utf-8")
    if old.startswith(_BOM) and not data.startswith(_BOM) and path.suffix.lower() != ".json":
        data = _BOM + data  # JSON allows no byte order mark; markdown keeps the editor's
    if old == data:
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_file(path, data)
    except OSError as error:
        raise InputError(f"{path}: cannot be written ({error.strerror or error})") from None
    return True
