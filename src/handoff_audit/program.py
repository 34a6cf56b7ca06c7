"""The name a printed command runs this program by: ``handoff-audit`` when the shell finds it on
PATH, else the absolute path of the running executable, quoted (`shell.quote`), so that a
command the agent hook prints runs as printed where the hook itself runs by that path; started
as ``python -m handoff_audit`` with no console script to be found, the interpreter's path,
quoted, and ``-m handoff_audit`` (`module_command`)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from handoff_audit import shell

PROGRAM = "handoff-audit"
MODULE = "handoff_audit"


def executable() -> Path | None:
    """The absolute path of this install's ``handoff-audit`` when PATH does not find one;
    None when PATH does (or no such file can be found)."""
    if shutil.which(PROGRAM):
        return None
    here = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if here is None or here.name != PROGRAM or not here.is_file():
        here = Path(sys.executable).parent / PROGRAM  # the console script of this install
    return Path(os.path.abspath(here)) if here.is_file() else None


def module_command() -> str | None:
    """``'/path/to/python' -m handoff_audit`` when this process was started as ``python -m
    handoff_audit`` and no ``handoff-audit`` console script is found (on PATH or beside the
    interpreter); None otherwise."""
    spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    if getattr(spec, "name", None) != f"{MODULE}.__main__" or not sys.executable:
        return None
    if shutil.which(PROGRAM) or executable() is not None:
        return None
    return f"{shell.quote(os.path.abspath(sys.executable))} -m {MODULE}"


def program() -> str:
    """The first words of every ``handoff-audit …`` command the hook prints."""
    found = executable()
    if found is not None:
        return shell.quote(str(found))
    return module_command() or PROGRAM


__all__ = ["MODULE", "PROGRAM", "executable", "module_command", "program"]
