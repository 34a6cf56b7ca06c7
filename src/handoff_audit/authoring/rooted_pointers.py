"""`--pointer` and `--verdict-pointer` as the packet stores them: paths from the repository root,
as `check` reads them, so that the same command writes the same packet from any folder. A path
is taken from the current folder when it exists there, else from the root when it exists there
(a path copied from a finding), else from the current folder, as typed. From a folder outside the
packet's repository (`new --output ../B/...` run in a sibling repository), a path is the
repository's: from its root, unless it names a place inside it from the current folder
(``../B/reports/junit.xml``, an absolute path). A ``:line`` or ``#anchor`` after it is kept,
URLs and patterns are left as given."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from handoff_audit import shell
from handoff_audit.errors import InputError
from handoff_audit.git.pointed_paths import split_pointer
from handoff_audit.git_folder import in_git_folder


def rooted_pointer(value: str, root: Path, option: str) -> str:
    """``value`` (given to ``option``) with its path from ``root``; `InputError` for a path
    outside the repository or into git's own folder (``.git/config``), which `check` reports
    as `dangling-pointer` whether or not it exists."""
    split = split_pointer(value)
    if split is None or not split[0]:
        return value
    path, rest = split
    folder = "/" if path.endswith(("/", os.sep)) else ""
    real_root = os.path.realpath(root)
    from_cwd = Path.cwd() / path
    from_root = Path(real_root) / path
    chosen = _chosen(from_cwd, from_root, real_root)
    relative = os.path.relpath(os.path.abspath(chosen), real_root)
    if relative.split(os.sep)[0] == os.pardir:
        raise InputError(
            f"{option} {shell.quote(value)}: is outside the repository ({real_root}); point at "
            "a file in it (from the current folder or the repository root), or give a URL"
        )
    if any(
        in_git_folder(p, real_root) for p in (os.path.abspath(chosen), os.path.realpath(chosen))
    ):
        raise InputError(
            f"{option} {shell.quote(value)}: points into git's own folder (.git), not the "
            "repository's files; point at a file of the repository (from the current folder or "
            "the repository root), or give a URL"
        )
    return Path(relative).as_posix() + folder + rest


def _inside(path: str, real_root: str) -> bool:
    return os.path.relpath(path, real_root).split(os.sep)[0] != os.pardir


def _chosen(from_cwd: Path, from_root: Path, real_root: str) -> Path:
    """The path meant: from the current folder when that folder is in the repository (from the
    root when only there it exists); from outside it, from the root unless the path given
    leads into the repository from the current folder."""
    if not _inside(os.path.realpath(Path.cwd()), real_root):
        return from_cwd if _inside(os.path.abspath(from_cwd), real_root) else from_root
    if not os.path.lexists(from_cwd) and os.path.lexists(from_root):
        return from_root
    return from_cwd


def rooted_fields(
    replaced: dict[str, str], appended: dict[str, list[Any]], root: Path
) -> tuple[dict[str, str], dict[str, list[Any]]]:
    """`new`'s and `update`'s fields as given (single-valued ones, repeatable ones), with the
    paths of ``verdict_pointer`` and ``pointers`` from ``root``."""
    replaced = dict(replaced)
    if "verdict_pointer" in replaced:
        replaced["verdict_pointer"] = rooted_pointer(
            replaced["verdict_pointer"], root, "--verdict-pointer"
        )
    appended = dict(appended)
    if "pointers" in appended:
        appended["pointers"] = [rooted_pointer(p, root, "--pointer") for p in appended["pointers"]]
    return replaced, appended


__all__ = ["rooted_fields", "rooted_pointer"]
