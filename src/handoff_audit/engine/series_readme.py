"""What a series folder's own ``README.md`` (or ``INDEX.md``) says of its files: that git ignores
them on purpose (`says_ignored`, read by `ignored.kept_out`), that they are templates, or data
of something other than work sessions (transcripts, exports, recordings: `not_handoffs`). A
folder whose README says its files are templates or such data, and not handoffs or session
notes, holds no series of handoffs, and a file without a date or a number in its name, and not
named as the live one (``current.md``), that the README presents as the template is none of
the series' handoffs."""

from __future__ import annotations

import os
import re
from pathlib import Path

from handoff_audit.engine.series_order import name_key
from handoff_audit.model.series_names import name_says

_READ = 65536
"""How much of a README is read: what a folder holds is said at its top."""

_DESCRIBED = re.compile(
    r"\bthis\s+(?:directory|folder|dir)\s+(?:contains|holds|stores|keeps|collects|has"
    r"|is\s+for|is\s+where)\b([^.;:,(\n]*)"
)
"""A README's sentence saying what the folder holds (``This directory contains real language
learning session transcripts and associated data exports``): what it holds is the group, up to
the sentence's or clause's end. Only "this folder": "when the folder holds sample data" says
what it may hold, not what it is for."""
_TEMPLATES = re.compile(r"\btemplates?\b")
_DATA = re.compile(
    r"\b(?:transcripts?|recordings?|exports?|data|datasets?|fixtures?|samples?|screenshots?)\b"
)
"""What a folder holds that is no handoff, when it says of no work session (`_WORK`)."""
_WORK = re.compile(r"\b(?:hand-?offs?|hand-?overs?|agents?|claude|codex|coding|development)\b")
"""Words that say the files are of work sessions: a handoff series, whatever else it holds."""
_HANDOFFS = re.compile(
    r"\b(?:hand-?offs?|hand-?overs?)\b(?!\s+templates?\b)"
    r"|\bsession\s+(?:notes|logs?|summaries|journals?|records)\b"
)
"""What a folder holds when it says it holds handoffs (``session handoffs``, ``session notes``,
``handover notes``), not their templates (``handoff templates``)."""
_PART = re.compile(r"\band\b|\bor\b|\bplus\b|&")
_HEADING = re.compile(r"^#{1,6}\s+(.*)$")
_LISTED = re.compile(r"[\w.-]+\.md\b")
"""A file name on a README's line (``research-to-coding.md``, in a table or a link)."""


def readme_text(folder: Path, names: tuple[str, ...] = ("readme.md",)) -> str | None:
    """The start of the folder's README (the first of ``names``, any case, that is there and is
    no link), lower case; ``None`` without one or when it cannot be read."""
    try:
        listed = {n.lower(): n for n in os.listdir(folder)}
    except OSError:
        return None
    for name in names:
        if name not in listed:
            continue
        readme = folder / listed[name]
        try:
            if readme.is_symlink():
                return None
            return readme.read_text(encoding="utf-8", errors="replace")[:_READ].lower()
        except OSError:
            return None
    return None


def says_ignored(text: str) -> bool:
    """True when a README's text (lower case) says its folder's files are git-ignored."""
    squeezed = text.replace(" ", "").replace("-", "")
    return "gitignore" in squeezed or "ignored by git" in text


def not_handoffs(root: Path, folder: str, names: list[str]) -> set[str]:
    """Those of ``names`` (the files of the series folder ``folder``, from ``root``) that its
    README says are no handoffs: all of them when it says the folder holds templates, or
    transcripts, data exports or recordings of no work session; else those without a date or a
    number in their name that it lists as templates."""
    text = readme_text(root / folder, ("readme.md", "index.md"))
    if text is None:
        return set()
    described = _DESCRIBED.findall(text)
    if not any(map(_holds_handoffs, described)):
        for held in described:
            if _TEMPLATES.search(held) or (_DATA.search(held) and not _WORK.search(held)):
                return set(names)
    templates = _listed_as_templates(text)
    return {
        n
        for n in names
        if name_key(n) is None and name_says(n) != 1 and n.rpartition("/")[2].lower() in templates
    }


def _holds_handoffs(held: str) -> bool:
    """Whether what a README says its folder holds (lower case) is handoffs or session notes,
    whatever else it holds ("session handoffs and a template"): a part of it naming them that
    is no template for them ("templates for handoffs")."""
    for part in _PART.split(held):
        said = _HANDOFFS.search(part)
        if said is not None and not _TEMPLATES.search(part, 0, said.start()):
            return True
    return False


def _listed_as_templates(text: str) -> set[str]:
    """The file names a README's text (lower case) presents as templates: under a heading that
    says "template", or on a line that says one is (`_presented`)."""
    listed: set[str] = set()
    under = False
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading is not None:
            under = _TEMPLATES.search(heading[1]) is not None
            continue
        names = _LISTED.findall(line)
        listed.update(names if under else (n for n in names if _presented(n, line)))
    return listed


def _presented(name: str, line: str) -> bool:
    """Whether a line presents the file ``name`` as a template: its name says so
    (``TEMPLATE.md``), or the line does ("x.md is the template", "template: x.md"); not a file
    the line only names beside one ("current.md is the live handoff; start from the template")."""
    if _TEMPLATES.search(name):
        return True
    quoted = r"[`*\[\]\"']*"
    file = quoted + re.escape(name) + quoted
    return bool(
        re.search(rf"{file}\s+(?:is|are)\s+(?:the|a|an|our)\s+(?:[\w-]+\s+)?templates?\b", line)
        or re.search(rf"\btemplates?(?:\s+file)?\s*(?:[:=]|-|—|is)\s*{file}", line)
    )
