"""Working notes in an agent's command, prompt or skill folder: a file there with an all
lower-case name that ``block-files`` names (``.claude/commands/session-handoff.md``) is a
command's, exempt from the merge gate, only while it reads as one. The exemption goes by
content, not by the folder's name alone: a folder called ``commands/`` is as often a CLI's
package (``src/cli/commands/handoff.md``), and its name is the pull request's to choose."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from handoff_audit.git import plumbing
from handoff_audit.model.packet import is_agent_file
from handoff_audit.wide_text import decode_text

MAX_BYTES = 1 << 20
"""A larger file there is read as a note: no command is that long."""


def exempt_by_name(path: str) -> bool:
    """Whether the block file ``path`` is exempt by its place and name: in an agent's folder,
    its name all lower case (a command's name there, ``/session-handoff``)."""
    return is_agent_file(path) and path.rpartition("/")[2].islower()


def agent_notes(
    root: Path,
    listed: Iterable[tuple[str, str]],
    from_top: Callable[[str], str | None],
    block_files: Iterable[str] | None,
    beside_json: Iterable[str] = (),
) -> dict[str, str | None]:
    """Those of ``block_files`` in an agent's folder (`is_agent_file`, which discovery does not
    search), and the markdown files ``beside_json`` (a ``handoff.md`` by a ``handoff.json``),
    each with its text (its blob in ``listed``: (path from the top folder, blob id)), ``None``
    when it cannot be read: the merge rule reads those exempt by name (`exempt_by_name`) and
    beside JSON (`markdown.agent_command.reads_as_handoff`) and gates those that hand work over,
    or are unread, and scans every one it blocks for credentials (`secret`). A note saved as
    UTF-16 or UTF-32 is read as its reader reads it (`wide_text.decode_text`). One
    ``cat-file --batch`` call, none when there is none."""
    asked = {name for name in block_files or () if is_agent_file(name)} | set(beside_json)
    blobs = {name: blob for path, blob in listed if (name := from_top(path)) in asked}
    if not blobs:
        return {}
    try:
        read = plumbing.read_blobs(root, list(blobs.values()), max_size=MAX_BYTES)
    except (plumbing.GitError, ValueError):
        return dict.fromkeys(blobs)  # unread: never a way around the gate
    return {name: decode_text(read[blob]) if blob in read else None for name, blob in blobs.items()}


_LFS_VERSIONS = (
    "version https://git-lfs.github.com/spec/",
    "version https://hawser.github.com/spec/",
)
LFS_POINTER_BYTES = 1024
"""Git LFS writes no pointer file larger than this."""


def lfs_pointer(text: str) -> bool:
    """Whether ``text`` is a Git LFS pointer (``version https://git-lfs.github.com/spec/v1``,
    ``oid sha256:…``, ``size …``): the file itself is stored elsewhere, where the gate does not
    read, while GitHub shows it."""
    return len(text) <= LFS_POINTER_BYTES and text.lstrip("\ufeff").startswith(_LFS_VERSIONS)
