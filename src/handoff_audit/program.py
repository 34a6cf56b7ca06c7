"""The name a printed command runs this program by: ``handoff-audit`` when the shell finds it on
PATH, else the absolute path of the running executable, quoted (`shell.quote`), so that a
command the agent hook prints runs as printed where the hook itself runs by that path."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from handoff_audit import shell

PROGRAM = "handoff-audit"


def executable() -> Path | None:
    """The absolute path of this install's ``handoff-audit`` when PATH does not find one;
    None when PATH does (or no such file can be found)."""
    if shutil.which(PROGRAM):
        return None
    here = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if here is None or here.name != PROGRAM or not here.is_file():
        here = Path(sys.executable).parent / PROGRAM  # the console script of this install
    return Path(os.path.abspath(here)) if here.is_file() else None


def program() -> str:
    """The first word of every ``handoff-audit …`` command the hook prints."""
    found = executable()
    return PROGRAM if found is None else shell.quote(str(found))


__all__ = ["PROGRAM", "executable", "program"]
