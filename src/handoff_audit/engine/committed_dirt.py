"""The open risk `new --allow-dirty` and `update --allow-dirty` record, "written over
uncommitted work (not in any commit): src/calc.py (modified)", as the brief says it once that
work is in a commit: each file it names is clean in the work tree now and a commit since the
one that recorded the risk changed it. The brief then says "written over then-uncommitted work,
since committed in <commit>" rather than tell the next session the work is in no commit. The
packet records no content hash of the files: that they were committed after it is what git
tells. Two git processes, only for a packet that holds such a risk."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from handoff_audit.git import plumbing

DIRTY = "written over uncommitted work (not in any commit): "
"""How the risk the writers record for ``--allow-dirty`` starts (`lifecycle._dirt_facts`)."""


def committed_dirt(
    root: Path, path: str, data: dict[str, Any], dirt: Mapping[str, str]
) -> dict[str, Any]:
    """``data`` with its ``--allow-dirty`` risk reworded when the files it names are all
    committed since (``dirt``: the work tree's status now); ``data`` itself otherwise."""
    risks = data.get("open_risks")
    if not isinstance(risks, list):
        return data
    reworded = [_reworded(root, path, risk, dirt) for risk in risks]
    if all(new is old for new, old in zip(reworded, risks, strict=True)):
        return data
    return {**data, "open_risks": reworded}


def _reworded(root: Path, path: str, risk: Any, dirt: Mapping[str, str]) -> Any:
    what = risk.get("what") if isinstance(risk, dict) else None
    if not isinstance(what, str) or not what.startswith(DIRTY):
        return risk
    listed = what.removeprefix(DIRTY)
    files = _files(listed)
    if not files or any(name in dirt for name in files):
        return risk
    try:
        commits = _committed_in(root, path, what, files)
    except plumbing.GitError:
        return risk
    if not commits:
        return risk
    said = f"written over then-uncommitted work, since committed in {', '.join(commits)}: "
    return {**risk, "what": said + listed}


def _files(listed: str) -> list[str]:
    """The paths of ``src/calc.py (modified), notes.txt (untracked)``; none when the list was
    shortened ("and 3 more") or a path cannot be told from it."""
    if listed.rpartition(")")[2]:
        return []
    names = [item.rpartition(" (")[0] for item in (listed + ", ").split("), ")[:-1]]
    return [] if any(not name or "\\" in name for name in names) else names


def _committed_in(root: Path, packet: str, what: str, files: list[str]) -> list[str]:
    """The commits (short ids, oldest first) that first changed each of ``files`` from the
    commit that recorded the risk ``what`` in ``packet`` on; none unless every file has one."""
    added = plumbing.run(
        root, ["log", "--format=%H", "--no-ext-diff", f"-S{what}", "HEAD", "--", packet]
    ).split()
    if not added:
        return []  # the risk is not in a commit yet: the files are not "since committed"
    since = added[-1].decode("ascii")
    args = ["log", "--reverse", "--format=%x1e%h", "--name-only", "--no-renames"]
    out = plumbing.run(root, [*args, "HEAD", "--not", f"{since}^@", "--", *files])
    first: dict[str, str] = {}
    for record in out.decode("utf-8", "surrogateescape").split("\x1e")[1:]:
        sha, *names = [line for line in record.splitlines() if line]
        for name in names:
            first.setdefault(name, sha)
    if any(name not in first for name in files):
        return []
    return list(dict.fromkeys(first[name] for name in files))
