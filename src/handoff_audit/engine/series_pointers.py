"""A series' text pointer: a file of a series whose whole content is the name (or ``./name``)
of another file of its folder, there, ``.claude/handoffs/LATEST.md`` holding
``handoff-0073-2026-08-22-1044-the-run-landed.md`` (a ``latest.md`` link as git writes it on a
checkout without symbolic links, or kept so on purpose). It is no handoff: discovery orders the
series without it, so the file it names, or a newer one written since, is the current handoff,
and never judges it. ``LATEST.md`` (a live name) naming any ``.md`` path is one whatever it
names. When it names a file that is not there, outside its folder, or one older than the
series' current file, `stale_pointers` says so in one line with the command that re-points it.
"""

from __future__ import annotations

import os
import posixpath
import re
import stat
from collections.abc import Container, Iterable, Mapping
from pathlib import Path

from handoff_audit import shell
from handoff_audit.credentials import redact
from handoff_audit.model.series_names import name_says

MAX_POINTER_BYTES = 512
"""A file larger than this is read as a handoff, never as a pointer: a name is short."""
_REFERENCE = re.compile(
    r"\[[^\]\n]*\]\(\s*<?([^()<>\s#]+\.md)(?:#[^()<>\s]*)?>?"
    r"(?:\s+(?:\"[^\"\n]*\"|'[^'\n]*'))?\s*\)"
    r"|(?<![\w/:.-])((?:\.{1,2}/)?[\w.-][\w./-]*\.md)\b(?:#[\w.-]*)?",
    re.IGNORECASE,
)
"""A reference to a markdown file in a pointer sentence: a link's target, ``[x](x.md)``, its
anchor and title aside (``[x](x.md#state "title")``), or a bare name, ``x.md`` (not inside a
URL)."""
_SENTENCE_WORDS = 6
"""The most words a pointer sentence holds beside its one reference ("See", "Latest:", "→",
"See the most recent handoff:")."""
_POINTING = re.compile(
    r"see|latest|current|newest|handoff|session|is|the|at|in|now|points|to|moved|read|go|here"
    r"|file|for|details|more|first|full|please|most|recent|last|→|->|=>|>"
)
"""The words a pointer sentence may hold beside its reference: "Finished, see notes.md" is a
one-line handoff, not a pointer."""
_SUMMARY = re.compile(
    r"[*_]*(?:summary|tl;?dr|gist|摘要|概要|总结|簡介|简介)[*_]*\s*[:：][^\n]{0,400}\Z",
    re.IGNORECASE,
)
"""The one labelled summary line a pointer may hold after its sentence (``**摘要**: …``,
``Summary: …``) with no reference in it."""


def pointer_target(root: Path, name: str, listed: Container[str] = ()) -> tuple[str, str] | None:
    """The file (from the root, with ``/``) that ``name``, a file of a series, names as its
    whole content, with that content as written; ``None`` when ``name`` is no text pointer.
    A pointer is a small regular UTF-8 file whose stripped content is one token, no whitespace,
    ending ``.md``: a bare name or ``./name`` of its own folder, other than itself, that is
    there (in the work tree or ``listed``, from the root). A one-line note such as "Finished,
    see notes.md" is a handoff, and so is one naming a file that is not there. But a file named
    as the live one (``LATEST.md``, ``current.md``: `series_names.name_says`) holding such a
    token is a pointer whatever it names, a missing file or one outside its folder
    (``../old/x.md``, ``archive/x.md``), never the series' current handoff."""
    live = name_says(name) == 1
    text = _one_token(root / name) or (_sentence_target(root / name) if live else None)
    if text is None:
        return None
    folder = name.rpartition("/")[0]
    bare = text.removeprefix("./")
    if "/" not in bare and "\\" not in bare:
        target = f"{folder}/{bare}" if folder else bare
        if target == name:
            return None
        if live or target in listed or os.path.lexists(root / target):
            return target, text
        return None
    if not live:
        return None
    written = text.replace("\\", "/")
    if written.startswith("/"):  # from the repository root, as GitHub resolves a link
        return posixpath.normpath(written).lstrip("/"), text
    return posixpath.normpath(posixpath.join(folder, written)), text


def _one_token(path: Path) -> str | None:
    """The stripped content of the small regular UTF-8 file ``path`` when it is one token with
    no whitespace that ends ``.md``; else ``None``."""
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or not 0 < info.st_size <= MAX_POINTER_BYTES:
            return None
        text = path.read_bytes().decode("utf-8").strip().removeprefix("\ufeff")
    except (OSError, UnicodeDecodeError):
        return None
    if not text or any(ch.isspace() for ch in text) or not text.lower().endswith(".md"):
        return None
    return text


def _sentence_target(path: Path) -> str | None:
    """The one markdown file that the small regular UTF-8 file ``path`` names in a pointer
    sentence, its whole content but for headings: ``See [2026-11-16](2026-11-16.md).``,
    ``Latest: 2026-11-16.md``, ``→ [x](x.md)``, followed at most by one labelled summary
    line (``**Summary**: …``, `_SUMMARY`); else ``None``. Any other second paragraph, a second
    reference or more than a few words is a handoff."""
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or not 0 < info.st_size <= MAX_POINTER_BYTES:
            return None
        text = path.read_bytes().decode("utf-8").removeprefix("\ufeff")
    except (OSError, UnicodeDecodeError):
        return None
    lines = [line.strip() for line in text.splitlines() if not line.lstrip().startswith("#")]
    body = "\n".join(lines).strip()
    parts = body.split("\n\n")
    if len(parts) == 2 and _SUMMARY.match(parts[1]) and "\n" not in parts[1]:
        body = parts[0].strip()
    if not body or "\n\n" in body:
        return None
    found = list(_REFERENCE.finditer(body))
    if len(found) != 1 or "://" in body:
        return None
    rest = body[: found[0].start()] + " " + body[found[0].end() :]
    words = [word.strip(".,:;!()*_").lower() for word in rest.split()]
    if len(words) > _SENTENCE_WORDS or not all(not w or _POINTING.fullmatch(w) for w in words):
        return None
    return found[0][1] or found[0][2]


def without_pointers(root: Path, names: list[str]) -> tuple[list[str], dict[str, str]]:
    """``names`` (one series, or the files of several) without their text pointers, and each
    pointer -> the file it names (both from the root)."""
    listed = set(names)
    pointers = {
        n: found[0] for n in names if (found := pointer_target(root, n, listed)) is not None
    }
    return [n for n in names if n not in pointers], pointers


def stale_pointers(root: Path, pointers: Mapping[str, str], currents: Iterable[str]) -> list[str]:
    """The line for each pointer (-> the file it names) that names a file that is not there, or
    another one than its series' current file (one of ``currents``, from the root): the pointer,
    what it names, the current file, and the command that points it there."""
    newest = {current.rpartition("/")[0]: current for current in currents}
    lines = []
    for pointer, target in sorted(pointers.items()):
        current = newest.get(pointer.rpartition("/")[0])
        if current is None or current == target:
            continue
        if target.rpartition("/")[0] != pointer.rpartition("/")[0]:
            named = f"{target}, outside its folder"
        elif not os.path.lexists(root / target):
            named = f"{target}, which is not there"
        else:
            named = f"{target}, an older handoff"
        lines.append(
            f"{pointer} names {named}; the current handoff of its series is {current}, and the "
            f"pointer itself is not judged: point it there (`{repoint(root, pointer, current)}`) "
            "and commit it"
        )
    return lines


def repoint(root: Path, pointer: str, current: str, *, stage: bool = True) -> str:
    """The command that writes ``current``'s name into ``pointer`` as the pointer writes names
    (``./`` kept) and stages it unless ``stage`` is false (git ignores it), from any folder of
    the work tree."""
    found = pointer_target(root, pointer)
    base = current.rpartition("/")[2]
    written = f"./{base}" if found is not None and found[1].startswith("./") else base
    lines = [written]
    if found is not None and _one_token(root / pointer) is None:
        lines = _sentence_lines(root / pointer, found[1], written)
    shown = shell.quote_path(pointer)
    words = " ".join(shell.quote(line) for line in lines)
    added = f" && git add -- {shown}" if stage else ""
    return redact(
        f"(cd {shell.top_folder()} && printf '%s\\n' {words} > {shown}{added})",
        (pointer, current),
    )


def _sentence_lines(path: Path, named: str, written: str) -> list[str]:
    """The lines of the pointer sentence file ``path`` with ``named``, its reference, and a
    link's words that are that name, replaced by ``written``."""
    try:
        text = path.read_bytes().decode("utf-8").removeprefix("\ufeff")
    except (OSError, UnicodeDecodeError):
        return [written]
    old_stem = named.rpartition("/")[2].removesuffix(".md")
    new_stem = written.rpartition("/")[2].removesuffix(".md")

    def swap(match: re.Match[str]) -> str:
        if match[1] is None:
            return written
        words = match[0].replace(f"[{old_stem}.md]", f"[{new_stem}.md]")
        return words.replace(f"[{old_stem}]", f"[{new_stem}]").replace(match[1], written)

    return [
        line if line.lstrip().startswith("#") else _REFERENCE.sub(swap, line)
        for line in text.strip().splitlines()
    ]


def folder_pointer(root: Path, folder: str) -> str | None:
    """The first text pointer of ``folder`` (from the root) by name, to a file that is there or
    not; ``None`` without one."""
    try:
        with os.scandir(root / folder) as entries:
            names = sorted(e.name for e in entries if e.name.lower().endswith(".md"))
    except OSError:
        return None
    paths = (f"{folder}/{name}" if folder else name for name in names)
    return next((path for path in paths if pointer_target(root, path) is not None), None)
