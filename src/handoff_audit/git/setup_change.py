"""Which changes to the tool's setup files are only setup: adopting the audit, no work a handoff
should describe. The configuration file always is (it configures this tool); an agent's settings
file (`AGENT_SETTINGS`) is when, with handoff-audit's own hook entries (those `hook --install`
writes) taken out, its JSON is the same at both ends of the change. New permissions, another
hook or an ``env`` block are work. A side that is absent (a deleted file) or not a JSON object
counts as work, save a new or empty file at the start: only our entries added to it is setup.
A personal settings file (`agent_files.is_personal`, this machine's) is never work.
One shared reading for the agent hook's "no work of its own", `new`/`update`'s
``changed_files`` and `packet-outdated`'s later work."""

from __future__ import annotations

import posixpath
import shlex
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from handoff_audit import jsonpos
from handoff_audit.git import plumbing
from handoff_audit.git.agent_files import AGENT_SETTINGS, OUTSIDE, disk_link, is_personal
from handoff_audit.git.later_work import LaterWork, setup_files

_ABSENT = object()
"""A side where the file is not (deleted, or not yet there)."""


def same_command(value: Any, command: str) -> bool:
    """The same command, or this hook run by another path (``/venv/bin/handoff-audit hook``,
    ``/venv/bin/python -m handoff_audit hook``)."""
    if not isinstance(value, str):
        return False
    try:
        words = shlex.split(value)
    except ValueError:
        return False
    if words == shlex.split(command):
        return True
    # `/tmp/not-handoff-audit hook` is another program: the name itself, on any path
    program = words[0].replace("\\", "/").rpartition("/")[2] if words else ""
    if words[1:] == ["-m", "handoff_audit", "hook"]:  # `'/venv/bin/python' -m handoff_audit hook`
        return program.startswith("python")
    return len(words) == 2 and program == "handoff-audit" and words[1] == "hook"


def without_our_hooks(settings: Any) -> Any:
    """``settings`` with every hook that runs ``handoff-audit hook`` taken out, and the groups,
    events and ``hooks`` object that leaves empty."""
    if not isinstance(settings, dict) or not isinstance(settings.get("hooks"), dict):
        return settings
    events: dict[str, Any] = {}
    for event, groups in settings["hooks"].items():
        if not isinstance(groups, list):
            events[event] = groups
            continue
        kept = [g for group in groups if (g := _group_without_ours(group)) is not None]
        if kept:
            events[event] = kept
    rest = {key: value for key, value in settings.items() if key != "hooks"}
    return {**rest, "hooks": events} if events else rest


def _group_without_ours(group: Any) -> Any:
    if not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
        return group
    hooks = [
        hook
        for hook in group["hooks"]
        if not (isinstance(hook, dict) and same_command(hook.get("command"), "handoff-audit hook"))
    ]
    return {**group, "hooks": hooks} if hooks else None


def _read(data: bytes | None) -> Any:
    """The JSON of one side; ``_ABSENT`` for no file, ``None`` for one that does not read."""
    if data is None:
        return _ABSENT
    try:
        text = data.decode("utf-8-sig")  # a BOM is no change: `--install` asks to drop it
        value = jsonpos.loads(text) if text.strip() else {}
    except ValueError:  # not UTF-8, not JSON
        return None
    return value if isinstance(value, dict) else None


def only_setup(before: bytes | None, after: bytes | None) -> bool:
    """Whether an agent settings file that was ``before`` and is ``after`` (``None``: no file)
    changed only by our hook entries."""
    old, new = _read(before), _read(after)
    if old is _ABSENT:
        old = {}  # a new file: only our entries added to nothing is setup
    if new is _ABSENT or old is None or new is None:
        return False
    return bool(without_our_hooks(old) == without_our_hooks(new))


def setup_changes(
    root: Path, setup: frozenset[str], paths: Iterable[str], base: str, head: str | None
) -> frozenset[str]:
    """Those of ``paths`` (from ``root``, where git runs) that are setup files (``setup``) whose
    change from commit ``base`` to commit ``head`` (the work tree when ``None``) is only setup:
    the configuration files, and agent settings files that `only_setup` clears. A settings
    file that is a symbolic link is read through it at each side (`_links`), and the file it
    leads to at ``head`` counts as a settings file; one leading out of the repository is work
    (never read). One git call for all contents (``cat-file --batch``)."""
    paths = list(paths)
    settings = [path for path in paths if path in AGENT_SETTINGS and not is_personal(path)]
    shared = sorted(name for name in AGENT_SETTINGS if not is_personal(name))
    ahead = _links(root, head, shared) if head is None or paths else {}
    linked = [path for path in paths if path in ahead.values() and path not in AGENT_SETTINGS]
    cleared = {
        path
        for path in paths
        if path in setup
        and (path not in AGENT_SETTINGS or is_personal(path))
        and path not in linked
    }
    if not settings and not linked:
        return frozenset(cleared)
    try:
        behind = _links(root, base, settings) if plumbing.is_commit_id(base) else {}
    except plumbing.GitError:  # a base that is no commit: the empty tree
        behind = {}
    sides = {path: (behind.get(path, path), ahead.get(path, path)) for path in settings}
    sides |= {path: (path, path) for path in linked}
    read = {path: ends for path, ends in sides.items() if OUTSIDE not in ends}
    names = [f"{base}~0:./{old}" for old, _new in read.values()]
    if head is not None:
        names += [f"{head}~0:./{new}" for _old, new in read.values()]
    try:
        blobs = plumbing.read_blobs(root, names) if plumbing.is_commit_id(base) else {}
    except (plumbing.GitError, ValueError):  # a base that is no commit: the empty tree
        blobs = {}
    for path, (old, new) in read.items():
        after = blobs.get(f"{head}~0:./{new}") if head is not None else _on_disk(root / new)
        if only_setup(blobs.get(f"{base}~0:./{old}"), after):
            cleared.add(path)
    return frozenset(cleared)


def _links(root: Path, commit: str | None, names: list[str]) -> dict[str, str]:
    """Per agent settings file of ``names`` that is a symbolic link at ``commit`` (the work
    tree when ``None``), the file it leads to, from ``root``; `OUTSIDE` when that is out of
    ``root``. One ``ls-tree`` call for a commit, none for the work tree."""
    if commit is None:
        return {name: link for name in names if (link := disk_link(root, name)) is not None}
    if not plumbing.is_commit_id(commit):
        return {}
    out = plumbing.run(root, ["ls-tree", "-z", commit, "--", *names])
    links: dict[str, str] = {}
    for entry in out.split(b"\0"):
        meta, _tab, name = entry.partition(b"\t")
        if meta.startswith(b"120000 "):
            links[name.decode("utf-8", "surrogateescape")] = meta.split()[2].decode("ascii")
    texts = plumbing.read_blobs(root, list(links.values())) if links else {}
    return {name: _inside(name, texts.get(oid)) for name, oid in links.items()}


def _inside(name: str, text: bytes | None) -> str:
    """The file the link ``name`` with ``text`` leads to, from ``root``, or `OUTSIDE`."""
    if text is None or text.startswith(b"/") or b"\0" in text:
        return OUTSIDE
    link = text.decode("utf-8", "surrogateescape")
    target = posixpath.normpath(posixpath.join(posixpath.dirname(name), link))
    return OUTSIDE if target == ".." or target.startswith("../") else target


def setup_only_paths(
    config_source: str | None, root: Path, paths: Iterable[str], base: str, head: str | None
) -> frozenset[str]:
    """Those of ``paths`` whose change from ``base`` to ``head`` (`setup_changes`) is only the
    tool's setup (`setup_files` of the configuration read from ``config_source``)."""
    return setup_changes(root, setup_files(config_source, root), paths, base, head)


def settle_held(
    later: LaterWork, bases: dict[str, str], root: Path, setup: frozenset[str], head: str
) -> None:
    """Count the commits ``later`` held for each handoff (`LaterWork.pending`) unless its agent
    settings changed only by our hook entries from its last change (``bases``: handoff -> that
    commit; all count without one) to ``head``: one git call per last change."""
    by_base: dict[tuple[str, frozenset[str]], frozenset[str]] = {}
    for top_path, files in later.pending().items():
        base = bases.get(top_path)
        cleared: frozenset[str] = frozenset()
        if base is not None:
            if (base, files) not in by_base:
                by_base[base, files] = setup_changes(root, setup, files, base, head)
            cleared = by_base[base, files]
        later.settle(top_path, cleared)


def _on_disk(path: Path) -> bytes | None:
    try:
        return path.read_bytes() if path.is_file() else None
    except OSError:  # unreadable: work
        return b"\0"


__all__ = [
    "AGENT_SETTINGS",
    "only_setup",
    "same_command",
    "settle_held",
    "setup_changes",
    "setup_only_paths",
    "without_our_hooks",
]
