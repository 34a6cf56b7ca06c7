"""Loading packet files safely: JSON with positions, markdown as text.

Everything that can go wrong with a file on disk ends as an ``invalid-json`` hit with a location
when there is one: a link out of the repository, into git's own folder ``.git`` or to a file
git does not track (its target is never read), a FIFO or device (never opened, so never a
hang), a file over ``max-file-bytes`` (never read whole), a byte order mark, bytes that are not
UTF-8, and anything the strict JSON parser refuses. A hand-written handoff gets a markdown
file's fix where a packet's would not fit (`Unreadable.markdown`), and a JSON packet's markdown
twin the command that writes it again from the packet (`Unreadable.twin`).

The commands that change a packet (`render --write`, `archive`, `supersede`, ...) read it with
`read_packet`: the same checks, limit and words, as an `InputError` instead of a finding, so a
file that ``check`` calls ``invalid-json`` is one that no command writes from. `read_markdown`
does the same for a markdown file (`explain md-incomplete --file`).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from handoff_audit import shell
from handoff_audit.config import MAX_FILE_BYTES_CEILING, Config
from handoff_audit.cwd_paths import from_cwd
from handoff_audit.engine import oversize
from handoff_audit.engine.discovery import PacketFiles, pair
from handoff_audit.errors import InputError, not_regular
from handoff_audit.git import tracked
from handoff_audit.git.conflicts import conflict_line, conflict_message, keep_side
from handoff_audit.git.kept_archive import save_finished
from handoff_audit.git.rebase_state import rebase_in_progress
from handoff_audit.git.submodules import is_submodule
from handoff_audit.git_folder import in_git_folder
from handoff_audit.jsonpos import JsonPositionError, Parsed, json_type, lenient, parse
from handoff_audit.model.packet import Packet, in_packets_folder, rel, twin_of
from handoff_audit.program import program
from handoff_audit.rules.base import Hit
from handoff_audit.rules.content import INVALID_JSON
from handoff_audit.rules.markdown_handoff import NOT_A_HANDOFF
from handoff_audit.schema.foreign import is_foreign
from handoff_audit.wide_text import BOM_CODECS, decode_text, wide_codec

NOT_TEXT = "not text: binary content (NUL bytes): replace it with a text handoff, or remove it"
"""The finding on a handoff file that decodes, yet holds NUL bytes no wide codec reads."""

STRAY_NUL = "text with stray NUL bytes"
"""The finding on a handoff file that is UTF-8 text but for a few NUL bytes (`stray_nuls`)."""


class Unreadable(Exception):
    """A file that cannot be used; the message says why and how to fix it."""

    def __init__(
        self,
        message: str,
        line: int | None = None,
        column: int | None = None,
        *,
        markdown: str | None = None,
        twin: str | None = None,
        undecoded: str | None = None,
    ) -> None:
        super().__init__(message)
        self.undecoded = undecoded
        """A file that is not UTF-8 (or starts with a byte order mark): its text, each
        undecodable byte as U+FFFD (UTF-16 decoded as its mark says), for the `secret` scan
        alone."""
        self.line = line
        """1-based line, when the problem has a place."""
        self.column = column
        """1-based column, when the problem has a place."""
        self.markdown = message if markdown is None else markdown
        """The message for a hand-written handoff, where a packet's fix (save the JSON as
        UTF-8, trim its log) does not fit."""
        self.twin = twin
        """What is wrong, without a fix, when regenerating a JSON packet's markdown twin from
        the packet fixes it (not UTF-8 text, over max-file-bytes); None when it does not."""


def load_packets(root: Path, files: list[Path], config: Config) -> tuple[list[Packet], list[Hit]]:
    """Pair ``files`` into packets and read each one; problems become ``invalid-json`` hits."""
    return load_pairs(root, pair(files), config)


def load_pairs(
    root: Path, pairs: list[PacketFiles], config: Config
) -> tuple[list[Packet], list[Hit]]:
    """Read each packet of ``pairs`` (from `pair`), in order; problems are ``invalid-json`` hits."""
    real_root = root.resolve()
    real_dirs: dict[str, str] = {}
    packets: list[Packet] = []
    hits: list[Hit] = []
    for files_of in pairs:
        packet, packet_hits = _load(root, real_root, files_of, config, real_dirs)
        packets.append(packet)
        hits.extend(packet_hits)
    return packets, hits


def _load(
    root: Path, real_root: Path, files: PacketFiles, config: Config, real_dirs: dict[str, str]
) -> tuple[Packet, list[Hit]]:
    limit = config.max_file_bytes
    path = printable(rel(root, files.path))
    hits: list[Hit] = []
    if is_submodule(files.path, root):
        packet = Packet(path=path, kind="markdown" if files.kind == "markdown" else "json")
        return packet, [Hit(NOT_A_HANDOFF, path, submodule_said(path))]
    if files.kind == "markdown":
        packet = Packet(path=path, kind="markdown", markdown_path=path)
        try:
            packet.text = packet.markdown_text = read_text(
                files.path, real_root, limit, bom=True, real_dirs=real_dirs
            )
        except Unreadable as problem:
            hits.append(Hit(INVALID_JSON, path, problem.markdown, problem.line, problem.column))
            _keep_undecoded(packet, path, problem)
        return packet, hits

    markdown_path = printable(rel(root, files.markdown)) if files.markdown else None
    packet = Packet(path=path, kind="json", markdown_path=markdown_path)
    try:
        packet.text = read_text(files.path, real_root, limit, bom=False, real_dirs=real_dirs)
        parsed = _parse(packet.text, path, root)
        if isinstance(parsed.value, dict) or config.schema is not None or in_packets_folder(path):
            parsed = _object(parsed)
            packet.data = parsed.value
            packet.positions = parsed.positions
            packet.key_positions = parsed.key_positions
        else:  # another tool's file (`schema.foreign.foreign_file`)
            packet.shape = json_type(parsed.value)
    except Unreadable as problem:
        if (foreign := _foreign_anyway(packet.text, files, path, config)) is not None:
            packet.data = foreign
            return _with_twin(packet, files, config, real_root, real_dirs, hits)
        if packet.text is not None:  # read, but no packet: through a link, name the link
            packet.linked = link_target(files.path, real_root)
            problem = linked_no_packet(files.path, real_root, problem)
        hits.append(_hit(path, problem))
        _keep_undecoded(packet, path, problem)
    return _with_twin(packet, files, config, real_root, real_dirs, hits)


def _with_twin(
    packet: Packet,
    files: PacketFiles,
    config: Config,
    real_root: Path,
    real_dirs: dict[str, str],
    hits: list[Hit],
) -> tuple[Packet, list[Hit]]:
    """``packet`` with its markdown twin's text read, and ``hits`` with the twin's problem."""
    markdown_path = packet.markdown_path
    if files.markdown is not None and markdown_path is not None:
        try:
            packet.markdown_text = read_text(
                files.markdown, real_root, config.max_file_bytes, bom=True, real_dirs=real_dirs
            )
        except Unreadable as problem:
            hits.append(_twin_hit(markdown_path, problem, packet, config))
            _keep_undecoded(packet, markdown_path, problem)
    return packet, hits


def _foreign_anyway(
    text: str | None, files: PacketFiles, path: str, config: Config
) -> dict[str, Any] | None:
    """The object in ``text``, a file the strict parser refused, when a lenient read
    (`jsonpos.lenient`: a duplicate key, the last wins; ``NaN``; comments; a trailing comma)
    finds another tool's shape in it (`is_foreign`, of `_SHAPED` keys or more): that tool's
    file, whatever its syntax, to be left alone rather than repaired by hand; ``None``
    otherwise, while a configured ``schema`` judges, and for our packet broken by hand: in
    ``.handoff/``, or with its markdown twin beside it (as `ignored.another_tools` tells)."""
    if text is None or config.schema is not None or in_packets_folder(path):
        return None
    if files.markdown is not None or os.path.lexists(twin_of(files.path)):
        return None
    try:
        value = lenient(text)
    except (ValueError, RecursionError):
        return None
    shaped = isinstance(value, dict) and len(value) >= _SHAPED
    return value if shaped and is_foreign(value, path) else None


_SHAPED = 3
"""The fewest keys of a file the strict parser refused that tell another tool's shape: with one
or two (``{"a": 1, "a": 2}``) it is a broken file, to repair."""


def submodule_said(path: str) -> str:
    """What is said of the git submodule at ``path``, where a handoff file is expected, as the
    merge gate says it: no handoff file, removed with `git rm`, never moved."""
    return (
        f"{path} is a git submodule where a handoff file is expected, not a handoff: no "
        "handoff can be read from it; remove the submodule (`"
        f"{shell.git()} rm -- {shell.from_top(path)}`, which takes it out of .gitmodules too) "
        "and commit"
    )


def _keep_undecoded(packet: Packet, path: str, problem: Unreadable) -> None:
    """Keep a file that is not UTF-8 for the `secret` scan (`Packet.undecoded`)."""
    if problem.undecoded is not None:
        packet.undecoded += ((path, problem.undecoded),)


def parse_packet(text: str, path: str | None = None, root: Path | None = None) -> Parsed:
    """A packet file's text parsed strictly; `Unreadable` unless it is one JSON object. A file
    that holds git's conflict markers is said to hold a merge conflict, with the way out
    (``path``, from the top folder ``root``, names the file in it)."""
    return _object(_parse(text, path, root))


def _parse(text: str, path: str | None, root: Path | None) -> Parsed:
    """`parse_packet` but for the test that the text holds a JSON object."""
    try:
        return parse(text)
    except JsonPositionError as error:
        marked = conflict_line(text)
        if marked is not None:
            raise Unreadable(_conflicted(marked, path, root), marked, 1) from None
        raise Unreadable(f"not valid JSON: {error.reason}", error.line, error.column) from None


def _object(parsed: Parsed) -> Parsed:
    """``parsed``; `Unreadable` unless it is a JSON object."""
    if not isinstance(parsed.value, dict):
        raise Unreadable(
            f"the file holds a JSON {json_type(parsed.value)}; a packet is a JSON object "
            "({...}) with the fields of `handoff-audit schema`",
            1,
            1,
        )
    return parsed


def _conflicted(line: int, path: str | None, root: Path | None) -> str:
    said = f"not valid JSON: {conflict_message(line)}"
    if path is None or root is None:
        return said
    # The Stop hook's command: in a rebase, this branch's side is the commit replayed.
    side = "REBASE_HEAD" if rebase_in_progress(root) is not None else "HEAD"
    twin = twin_of(path)
    quoted = shell.quote_path(twin) if (root / twin).is_file() else None
    keep = keep_side(side, shell.quote_path(path), quoted, program())
    saved = save_finished(root, path, side != "HEAD", shell.quote_path, program(), set())
    keep = f"{saved[0]} && {keep}" if saved else keep
    # The command first: a line shortened for a new session keeps it whole.
    return (
        f"not valid JSON: a merge conflict at line {line}: to keep this branch's packet, run "
        f"`(cd {shell.top_folder()} && {keep})`; or resolve it by hand (keep one "
        "side, delete git's <<<<<<<, ======= and >>>>>>> lines)"
    )


def read_packet(path: Path, root: Path, limit: int) -> dict[str, Any]:
    """The JSON object of the packet file ``path`` in the repository at ``root``, read as the
    audit reads it (at most ``limit`` bytes); otherwise `InputError` with the audit's words,
    naming ``path`` as given and the place."""
    real_root = root.resolve()
    text = None
    try:
        text = read_text(path, real_root, limit, bom=False)
        data: dict[str, Any] = parse_packet(text).value
    except Unreadable as problem:
        if text is not None:
            problem = linked_no_packet(path, real_root, problem)
        raise InputError(_named(path, problem, str(problem))) from None
    return data


def link_target(path: Path | str, real_root: Path) -> str | None:
    """The file the symbolic link ``path`` leads to, from the top folder ``real_root`` (as
    messages show a name); ``None`` when ``path`` is no link."""
    if not os.path.islink(path):
        return None
    return printable(os.path.relpath(os.path.realpath(path), real_root).replace(os.sep, "/"))


def linked_no_packet(path: Path | str, real_root: Path, problem: Unreadable) -> Unreadable:
    """``problem``, the reason the file read at ``path`` holds no packet, when ``path`` is no
    symbolic link; for a link (``handoff.json -> README.md``), why the file it leads to is none,
    said of the link, with the one fix the Stop hook gives too: the link removed, the file it
    leads to left alone, and the packet written in its place. Places in the file it leads to
    are none of the link's."""
    shown = link_target(path, real_root)
    if shown is None:
        return problem
    where = f" at its line {problem.line}, column {problem.column}" if problem.line else ""
    link = shell.quote_path(from_cwd(Path(path)))
    return Unreadable(
        f"the file is a symbolic link to {shown}, which holds no packet ({problem}{where}); a "
        f"packet is a file of its own: remove the link (`rm -- {link}`, which leaves {shown} as "
        f"it is), and while the work goes on write the packet in its place (`{program()} new`)"
    )


def read_markdown(path: Path, root: Path, limit: int) -> str:
    """The text of the markdown file ``path`` in the repository (or folder) at ``root``, read
    as the audit reads a handoff (at most ``limit`` bytes, a UTF-8 byte order mark allowed);
    otherwise `InputError` with the audit's words, naming ``path`` as given and the place."""
    try:
        return read_text(path, root.resolve(), limit, bom=True)
    except Unreadable as problem:
        raise InputError(_named(path, problem, problem.markdown)) from None


def _named(path: Path, problem: Unreadable, message: str) -> str:
    where = f":{problem.line}:{problem.column}" if problem.line is not None else ""
    return f"{path}{where}: {message}"


def printable(path: str) -> str:
    """A file name that is not UTF-8 (``bad\\xff/handoff.json``) shown with escapes, so that
    every report format can encode it."""
    if path.isascii():  # a name with escaped bytes is not (speed: the common case)
        return path
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _hit(path: str, problem: Unreadable) -> Hit:
    return Hit(INVALID_JSON, path, str(problem), problem.line, problem.column)


_RENDERABLE = ("branch", "status")
"""The fields without which ``render`` refuses a JSON file (less than `packet_kind.is_packet`)."""


def _twin_hit(path: str, problem: Unreadable, packet: Packet, config: Config) -> Hit:
    """The finding on a packet's markdown twin that cannot be read: the twin is generated, so
    the fix is to write it again from the packet, unless the packet's rendering is itself over
    the limit (then `render --write` would write the same bytes: trim the packet, or raise the
    limit, first)."""
    if problem.twin is None:
        return _hit(path, problem)
    render = f"`handoff-audit render --write {shell.fix_path(packet.path)}`"
    wrong = f"{problem.twin}; it is the rendering of {packet.path}"
    if packet.data is None or not all(key in packet.data for key in _RENDERABLE):
        fix = f"once {packet.path}'s own finding is fixed, regenerate it with {render}"
    else:
        size = oversize.rendered_size(packet.data)
        if size > config.max_file_bytes:
            needed = max(size, len((packet.text or "").encode("utf-8", "surrogatepass")))
            trim = oversize.trim_or_raise(packet.path, packet.data, needed, config)
            fix = (
                f"{packet.path} renders to {size} bytes, over max-file-bytes too, so {render} "
                f"alone writes the same: {trim}; then run {render}"
            )
        else:
            fix = f"regenerate it with {render}"
    return Hit(INVALID_JSON, path, f"{wrong}: {fix}", problem.line, problem.column, advice=fix)


def read_text(
    path: Path | str,
    real_root: Path,
    limit: int,
    *,
    bom: bool,
    real_dirs: dict[str, str] | None = None,
) -> str:
    """Read a file as UTF-8 text, or raise `Unreadable`. ``bom=True`` tolerates a UTF-8 BOM."""
    data = read_bytes(path, real_root, limit, real_dirs)
    data = data.removeprefix(BOM_CODECS[0][0]) if bom else data  # a UTF-8 mark, when tolerated
    for mark, marked in BOM_CODECS:
        if data.startswith(mark):
            name = f"a {marked[:6].upper()} byte order mark"  # utf-8 / utf-16 / utf-32
            left_out = _left_out(mark, path)
            raise Unreadable(
                f"the file starts with {name}; save it as UTF-8 without a BOM{left_out}",
                1,
                1,
                twin=f"the file starts with {name}",
                undecoded=decode_text(data),
            )
    if (codec := wide_codec(data)) is not None:
        name = codec[:6].upper()
        raise Unreadable(
            f"the file is {name} text without a byte order mark; save it as UTF-8",
            1,
            1,
            twin=f"the file is {name} text",
            undecoded=data.decode(codec, "replace"),
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        byte = f"0x{data[error.start]:02x}"
        raise Unreadable(
            f"byte {byte} is not UTF-8; save the file as UTF-8",
            line,
            column,
            markdown=f"not UTF-8 text (byte {byte}): save it as UTF-8 if it is text; if it is "
            "not (an image, a binary file), replace it with a text handoff, or remove it",
            twin=f"not UTF-8 text (byte {byte})",
            undecoded=data.decode("utf-8", "replace"),
        ) from None
    if bom and "\0" in text:
        # UTF-8 that no wide codec reads yet holds NUL bytes is no handoff's text (git calls
        # it binary): read as markdown, it would get sections appended to it.
        before = data[: data.index(b"\0")]
        stray = stray_nuls(data)
        raise Unreadable(
            f"{STRAY_NUL} ({data.count(0)}, the first here): remove them" if stray else NOT_TEXT,
            before.count(b"\n") + 1,
            len(before[before.rfind(b"\n") + 1 :].decode("utf-8")) + 1,
            twin=STRAY_NUL if stray else "not text: binary content (NUL bytes)",
            undecoded=text,
        )
    return text


def stray_nuls(data: bytes) -> bool:
    """Whether the NUL bytes of ``data`` (UTF-8 that no wide codec reads) are a few strays in
    text: at most two, or at most one byte in a hundred; a binary file holds many more."""
    return data.count(0) <= max(2, len(data) // 100)


def read_bytes(
    path: Path | str, real_root: Path, limit: int, real_dirs: dict[str, str] | None = None
) -> bytes:
    """Read a regular file inside ``real_root`` of at most ``limit`` bytes, or raise `Unreadable`.

    The checks come before any ``open``: a FIFO would block, a device may never end, and a
    link's target outside the repository is none of our business (nor an attacker's to show).
    ``real_dirs`` caches resolved folders across the files of one audit.
    """
    try:
        target, info = _resolve(path, real_dirs)
    except (OSError, RuntimeError):
        raise Unreadable("the file is a link that cannot be resolved (a loop?); fix it") from None
    if not _inside(target, real_root):
        raise Unreadable(
            "the file is a link to a place outside the repository; it was not read. "
            "Put the packet itself in the repository"
        )
    if in_git_folder(target, str(real_root)):
        raise Unreadable(GIT_FOLDER_REFUSAL)
    if info is None and os.path.islink(path):
        _check_tracked(target, real_root)
    if info is None:  # a link, or resolved the long way: look at what it leads to
        try:
            info = os.stat(target)
        except FileNotFoundError:
            raise Unreadable("the file cannot be read: no such file") from None
        except OSError as error:
            raise Unreadable(f"the file cannot be read: {error.strerror or error}") from None
    if (problem := not_regular(info.st_mode)) is not None:
        link = os.path.islink(path)
        raise Unreadable(problem + irregular_fix(target, real_root, info.st_mode, link=link))
    _check_regular(info, limit)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(target, flags)
    except OSError as error:
        raise Unreadable(f"the file cannot be read: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
        _check_regular(info, limit)  # it may have changed since the stat
        # Ask for the size it has, not for the limit: reading limit + 1 allocates a MiB per file.
        # One read of a regular file stops short only at its end (speed: no second read to
        # find the end); any other length (it grew, or shrank) reads on, up to the limit.
        data = os.read(fd, info.st_size + 1)
        if len(data) != info.st_size:
            data += _read(fd, limit + 1 - len(data))
    finally:
        os.close(fd)
    if len(data) > limit:
        raise _too_large(limit)  # it grew while read: its size is not known
    return data


def _check_tracked(target: str, real_root: Path) -> None:
    """Refuse a link to a file git does not track (an ignored ``.env`` a workflow step wrote),
    whether or not that file exists: its content is not the repository's."""
    if tracked.is_tracked(str(real_root), target) is False:
        raise Unreadable(untracked_link_refusal(target, real_root))


def untracked_link_refusal(target: str, real_root: Path) -> str:
    """Why a link to ``target``, a path git does not track, was not read."""
    shown = printable(os.path.relpath(target, real_root).replace(os.sep, "/"))
    return (
        f"the file is a link to {shown}, which git does not track; it was not read. Put the "
        "packet itself in the repository, or link to a committed file"
    )


def _read(fd: int, size: int) -> bytes:
    """Up to ``size`` bytes, fewer only at the end of the file (plain `os.read`: no buffered
    file object per file, speed)."""
    parts = []
    while size > 0:
        part = os.read(fd, size)
        if not part:
            break
        parts.append(part)
        size -= len(part)
    return parts[0] if len(parts) == 1 else b"".join(parts)


def _resolve(
    path: Path | str, real_dirs: dict[str, str] | None
) -> tuple[str, os.stat_result | None]:
    """``path.resolve()`` as a string, resolving each folder once: a file that is no link
    resolves to its resolved folder and its name (speed: resolving was a third of loading).
    With it, the file's own `lstat` when that already says everything (no link), else None."""
    name = str(path)
    try:
        info: os.stat_result | None = os.lstat(name) if real_dirs is not None else None
    except OSError:
        info = None  # resolve() and the stat after it say what is wrong, as for any file
    if real_dirs is None or info is None or stat.S_ISLNK(info.st_mode):
        return str(Path(path).resolve()), None
    parent, base = os.path.split(name)
    folder = real_dirs.get(parent)
    if folder is None:
        folder = _real_folder(parent, real_dirs)
    return os.path.join(folder, base), info


def _real_folder(folder: str, real_dirs: dict[str, str]) -> str:
    """``str(Path(folder).resolve())``, from its parent's (cached in ``real_dirs``) and one
    `lstat` of its own when it is no link (speed: `resolve` looks at every folder from ``/``)."""
    known = real_dirs.get(folder)
    if known is not None:
        return known
    up, name = os.path.split(folder)
    real = None
    if name not in ("", ".", "..") and up != folder:
        below = os.path.join(_real_folder(up, real_dirs), name)
        try:
            if not stat.S_ISLNK(os.lstat(below).st_mode):
                real = below
        except OSError:
            pass  # resolve() says what it is
    if real is None:
        real = str(Path(folder).resolve())
    real_dirs[folder] = real
    return real


GIT_FOLDER_REFUSAL = (
    "the file leads into git's own folder (.git), which holds the clone's settings and "
    "credentials, not the repository's files; it was not read. Put the packet itself in the "
    "repository"
)
"""Why a file that leads into ``.git`` was not read (a link there from a pull request)."""


def stays_in_repository(path: Path, real_root: Path) -> bool:
    """Whether ``path`` resolves inside ``real_root`` and outside git's own folder, and is no
    link to a file git does not track: the files a reader other than `read_bytes` may open."""
    target = str(path.resolve())
    if not _inside(target, real_root) or in_git_folder(target, str(real_root)):
        return False
    return not path.is_symlink() or tracked.is_tracked(str(real_root), target) is not False


def _inside(target: str, real_root: Path) -> bool:
    """``Path(target).is_relative_to(real_root)`` for resolved paths, by string (speed)."""
    root = str(real_root)
    return target == root or target.startswith(root.rstrip(os.sep) + os.sep)


def _check_regular(info: os.stat_result, limit: int) -> None:
    problem = not_regular(info.st_mode)
    if problem is not None:
        raise Unreadable(problem)
    if info.st_size > limit:
        raise _too_large(limit, info.st_size)


def named_fix(path: Path, root: Path, mode: int) -> str:
    """`irregular_fix` for a file named on the command line: none for one outside the repository
    at ``root`` (``/dev/zero`` is no file to remove)."""
    real, real_root = path.resolve(), root.resolve()
    if not real.is_relative_to(real_root):
        return ""
    return irregular_fix(str(real), real_root, mode, link=path.is_symlink())


def irregular_fix(target: str, real_root: Path, mode: int, *, link: bool = False) -> str:
    """How to put a file back where a folder, a FIFO, a socket or a device sits in the
    repository (an earlier step left it), as a sentence to append to `not_regular`'s words:
    git's copy when git tracks the path (``git checkout`` replaces it), else removing it, since
    it holds no packet. A ``link`` to it is what to change, not what it leads to."""
    if link:
        return ". Point the link at a packet file, or replace it with the packet itself"
    if stat.S_ISDIR(mode):
        return ". Move or rename the folder: a packet is a file"
    if tracked.is_tracked(str(real_root), target) is True:
        top = os.path.relpath(target, real_root).replace(os.sep, "/")
        checkout = f"{shell.git()} checkout -- {shell.from_top(top)}"
        return f". Replace it with the committed file: `{checkout}`"
    return f". Remove it: `rm -- {shell.quote_path(from_cwd(Path(target)))}`"


UTF8_MARK = "the file starts with a UTF-8 byte order mark"
"""How `read_text`'s reason for a packet that starts with one begins."""


def _left_out(mark: bytes, path: Path | str) -> str:
    """The command that leaves a UTF-8 byte order mark out of the file ``path``, in brackets;
    nothing for another (that text is UTF-16 or UTF-32, converted by hand)."""
    if mark != BOM_CODECS[0][0]:
        return ""
    return f" (`{bom_removed(shell.quote_path(from_cwd(Path(path))))}`)"


def bom_removed(shown: str) -> str:
    """The command that leaves out the UTF-8 byte order mark at the start of the file
    ``shown`` (quoted), keeping its permissions."""
    return f't=$(mktemp) && tail -c +4 {shown} > "$t" && cat "$t" > {shown} && rm -f -- "$t"'


def _too_large(limit: int, size: int | None = None) -> Unreadable:
    """Why a file over ``limit`` was not read, with its ``size`` when known; raising the limit
    is offered only below its ceiling (`MAX_FILE_BYTES_CEILING`), which the configuration
    refuses to pass."""
    sized = f"{size} bytes, " if size is not None else ""
    room = limit < MAX_FILE_BYTES_CEILING and (size is None or size <= MAX_FILE_BYTES_CEILING)
    raise_it = " or raise max-file-bytes in the configuration" if room else ""
    return Unreadable(
        f"the file is {sized}more than max-file-bytes ({limit} bytes): it was not read. Trim "
        f"the packet (keep the last commands, link to logs){raise_it}",
        markdown=f"larger than max-file-bytes ({limit} bytes), so it was not read: replace it with "
        "a short text handoff (the state, the next step, the decisions, the pointers; link to "
        f"the rest), or remove it{',' if room else ''}{raise_it}",
        twin=f"{sized}more than max-file-bytes ({limit} bytes), so it was not read"
        if sized
        else f"larger than max-file-bytes ({limit} bytes), so it was not read",
    )
