"""A series' undated guides: in a folder whose files carry a date or a number in their names
(``Session-2026-04-22-….md``), a file without one that `not-a-handoff` reads as no handoff for
what it says (``USAGE.md``, a command table and how the folder is used) is none of the series'
handoffs, neither its current file nor its history, as its README is not. A file named as the
live one (``current.md``) or as a handoff (``next-session-context.md``: however its text reads,
its name says it hands work on, and a long one must not vanish where a short one is seen) stays
one, for `check` to judge, as does one whose text suppresses ``not-a-handoff`` or whose
configuration turns the rule off."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.engine.series_order import name_key
from handoff_audit.model.handoff_words import about_handoffs, named_as_handoff
from handoff_audit.model.series_names import name_says
from handoff_audit.rules.markdown_handoff import NOT_A_HANDOFF, judge_markdown
from handoff_audit.rules.suppression import markdown_suppressions

_SMALL = 64 * 1024
"""Bytes past which an undated file is not read: a guide is short, and a long file stays in."""


def undated_guides(root: Path, names: list[str], config: Config) -> set[str]:
    """Those of ``names`` (one series folder's files, from ``root``) without a date or a number
    in their name, in a folder where other files have one, that `not-a-handoff` calls no
    handoff; none when the rule is off."""
    if config.rules.get(NOT_A_HANDOFF.id, NOT_A_HANDOFF.default) is None:
        return set()
    if all(name_key(name) is None for name in names):
        return set()
    return {
        name
        for name in names
        if name_key(name) is None
        and name_says(name) != 1
        and not _named_as_handoff(name)
        and _reads_as_guide(root, name)
    }


def _named_as_handoff(name: str) -> bool:
    """Whether ``name``'s name says it is a handoff (``next-session-context.md``), not a text
    about handoffs (``handoff-guide.md``)."""
    return named_as_handoff(name) and not about_handoffs(name.rpartition("/")[2])


def _reads_as_guide(root: Path, name: str) -> bool:
    try:
        info = os.lstat(root / name)
        if not stat.S_ISREG(info.st_mode) or info.st_size > _SMALL:
            return False
        text = (root / name).read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return False
    if any(rule == NOT_A_HANDOFF.id for _, rule, _ in markdown_suppressions(text)):
        return False
    return judge_markdown(name, text)[0] is not None
