"""A packet in a conflict whose other side is another branch's finished packet (archived or
superseded: another agent's record of work handed over). Keeping this branch's side of the file
would drop that record; the conflict's fix first saves it beside, as a packet of its own in
``.handoff/`` (its twin rendered from it), then keeps this branch's packet."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from handoff_audit import jsonpos
from handoff_audit.git import plumbing
from handoff_audit.shell import quote

FINISHED = ("archived", "superseded")
_UNSAFE = re.compile(r"[^a-z0-9._-]+")


def save_finished(
    root: Path,
    packet: str,
    rebasing: bool,
    path: Callable[[str], str],
    program: str,
    taken: set[str],
) -> tuple[str, str] | None:
    """The command that saves the other side's version of ``packet`` (from the top folder) to
    a file of its own, and that file, when it is a finished packet; ``None`` otherwise (the
    Stop hook and `check`'s finding on the conflicted packet print the same command). The
    other side is the index's stage 3 in a merge, pick or revert, stage 2 in a rebase (where
    HEAD is the branch rebased onto). ``taken``: files
    already offered in this fix, which the name avoids (and then holds it)."""
    stage = 2 if rebasing else 3
    try:
        text = plumbing.run(root, ["show", f":{stage}:{packet}"])
        data = jsonpos.loads(text)
    except (plumbing.GitError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("status") not in FINISHED:
        return None
    other = data.get("branch")
    if not isinstance(other, str) or not other:
        return None
    topic = data.get("topic")
    name = topic if isinstance(topic, str) and topic not in ("", "default") else other
    stem = _UNSAFE.sub("-", name.lower()).strip("-.") or "finished"
    if os.path.lexists(root / ".handoff") and not _real_folder(root / ".handoff"):
        return _kept_in_git(root, packet, stage, stem, taken)
    target, number = f".handoff/{stem}.json", 1
    # lexists: a link the other side committed at the name, even one that leads nowhere, would
    # take the write (the shell's `>` follows it), out of the repository perhaps.
    while target in taken or _occupied(root, target) or _occupied(root, f"{target[:-5]}.md"):
        number += 1
        target = f".handoff/{stem}-{number}.json"
    taken.add(target)
    saved, twin = path(target), path(f"{target[:-5]}.md")
    folder = path(".handoff")
    command = (
        f"mkdir -p {folder} && git show :{stage}:{quote(packet)} > {saved} && "
        f"{program} render --write {saved} && git add -- {saved} {twin}"
    )
    return command, target


def _occupied(root: Path, name: str) -> bool:
    return os.path.lexists(root / name)


def _real_folder(folder: Path) -> bool:
    return not folder.is_symlink() and folder.is_dir()


def _kept_in_git(
    root: Path, packet: str, stage: int, stem: str, taken: set[str]
) -> tuple[str, str] | None:
    """With ``.handoff`` a symbolic link (or no folder), writing into it could land anywhere:
    the packet is kept in git's own folder instead, never committed, and the target says so."""
    try:
        folder = plumbing.run(root, ["rev-parse", "--git-path", "handoff-audit/saved"])
    except plumbing.GitError:
        return None
    where = root / folder.decode("utf-8", "surrogateescape").strip()
    target, number = where / f"{stem}.json", 1
    while os.path.lexists(target) or str(target) in taken:
        number += 1
        target = where / f"{stem}-{number}.json"
    taken.add(str(target))
    command = (
        f"mkdir -p {quote(str(where))} && git show :{stage}:{quote(packet)} > {quote(str(target))}"
    )
    said = (
        f"{target} (not in the repository: .handoff is a symbolic link or no folder; move it "
        "into a packet folder by hand to commit it)"
    )
    return command, said
