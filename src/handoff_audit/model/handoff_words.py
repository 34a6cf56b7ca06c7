"""The words of a file's name that say it hands work over (``SESSION_12_HANDOFF.md``,
``handover-notes.md``, ``session_16_continuation.md``), or that it is about handoffs
(``handoff-protocol.md``): `engine.stray_handoffs` names such files the configuration misses, and
a commit that only writes them is handing off, not work (`packet.is_handoff_record`)."""

from __future__ import annotations

import re
from itertools import pairwise

LEAD = re.compile(r"(?:session-?)?hand-?(?:offs?|overs?)|next-?sessions?|session-?notes?")
"""The words of a name that say it hands work over, as `WORD` splits it and joined by ``-``
(``HANDOFF``, ``hand-off``, ``handover``, ``sessionhandoff``, ``next-session``,
``session-notes``; not ``shorthand-offsets`` nor ``myhandoff``)."""
LEAD_IN_CAPITALS = re.compile(
    r"(?<![A-Z])(?:SESSION[-_]?)?HAND[-_]?(?:OFFS?|OVERS?)(?![A-Z])"
    r"|(?<![A-Z])NEXT[-_]?SESSIONS?(?![A-Z])|(?<![A-Z])SESSION[-_]?NOTES?(?![A-Z])"
)
"""A handoff word written in capitals, as working notes name themselves and records do not
(``NEXT_SESSION_PROMPT_async_scaling`` among plans)."""
WORDS_BEFORE = 3
"""Words a handoff's name may hold before its handoff word, numbers and dates aside: a real
one is named by it from the start (``HANDOFF_DEC31_2025``, ``handoff_2026-04-18-session-close``,
``0073-handoff``) or after a few words of whose it is (``SESSION_12_HANDOFF``,
``codex-handoff``, ``phase6_shn_handoff``, ``claude_to_codex_handoff``); a name that comes to
"handoff" after a longer topic is a document about one
(``0005-authority-edge-classifier-and-witness-handoff``,
``gha_setup_python_cache_helper_path_handoff``), unless it is written in capitals, as working
notes are and records are not (``PHASE_2_BACKEND_API_HANDOFF``)."""
_HANDOFF_FOLDERS = frozenset({"handoffs", "handovers", "sessions", "session-notes"})
"""Folders whose files are handoffs whatever topic their names lead with."""
_RECORD_FOLDERS = frozenset(
    {
        *("adr", "adrs", "decisions", "rfc", "rfcs", "rules", "blog", "_posts"),
        *("runbook", "runbooks", "playbook", "playbooks", "guide", "guides"),
        *("convention", "conventions", "plans", "spec", "specs", "schemas"),
        *("prd", "prds", "learning", "learnings"),
        *("design", "designs", "explanation", "explanations"),
    }
)
"""Folders of decision records, proposals, rules' pages, blog posts, runbooks, guides,
conventions, plans, specifications, product requirements (``workspace_human/prd/``),
learnings (``.recursive/learnings/``), design documents and explanations
(``docs/explanation/cli-proof-handoff-boundary.md``), and schemas (CrayJThiemsert/vero-lite's
``docs/runbooks/transcript-handoff.md``, ``docs/plans/done/0004-handoff-frontmatter-….md``):
none of their files is a handoff, but one named in capitals (``docs/decisions/SESSION_HANDOFF.md``,
``docs/plans/NEXT_SESSION_PROMPT_x.md``)."""

_ABOUT_HANDOFFS = frozenset(
    {
        "behavior",
        "behaviour",
        "checklist",
        "design",
        "example",
        "examples",
        "flow",
        "format",
        "frontmatter",
        "guide",
        "guidelines",
        "howto",
        "instructions",
        "policy",
        "process",
        "protocol",
        "readme",
        "rules",
        "runbook",
        "sample",
        "samples",
        "schema",
        "skill",
        "spec",
        "specification",
        "template",
        "templates",
        "workflow",
    }
)
"""Words that, ending a name right after "handoff", say the file is about handoffs, not one
(``handoff-protocol.md``, ``HANDOFF_GUIDE.md``); before another word, they are a handoff's
topic (``handoff-format-parser.md``)."""
WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_CONTINUATION = re.compile(
    r"(?<![a-z])session[-_. ]*(?:\d[-_.\d]*[-_. ]*)?continuations?(?![a-z])", re.IGNORECASE
)
"""A session's continuation note (``session_16_continuation``, ``session8_continuation``,
``SESSION_2026-04-07_CONTINUATION``): what ``CONTINUE.md``, a default handoff name, is for one
session; not a continuation of anything else (``line-continuation``, ``17_CONTINUATION``)."""


def named_as_handoff(name: str) -> bool:
    """Whether the file ``name`` (from the root) is named as a handoff: its name holds a
    handoff word (`LEAD`), or a session's continuation (`_CONTINUATION`), after at most
    `WORDS_BEFORE` other words, or any number of them in a folder of handoffs
    (`_HANDOFF_FOLDERS`) or in a name written in capitals, and no folder of records
    (`_RECORD_FOLDERS`) holds it unless it is named in capitals, or its handoff word is
    (`LEAD_IN_CAPITALS`)."""
    folder, _, base = name.rpartition("/")
    folders = {part.lower() for part in folder.split("/")} if folder else set()
    stem = _stem(base)
    capitals = stem.upper() == stem and stem.lower() != stem
    if folders & _RECORD_FOLDERS and not (capitals or LEAD_IN_CAPITALS.search(stem)):
        return False
    words = [word.lower() for word in WORD.findall(stem)]
    for i, word in enumerate(words):
        if LEAD.fullmatch(word) or LEAD.fullmatch("-".join(words[i : i + 2])):
            before = [other for other in words[:i] if not other.isdigit()]
            return capitals or len(before) <= WORDS_BEFORE or bool(folders & _HANDOFF_FOLDERS)
    continued = _CONTINUATION.search(stem)
    if continued is None:
        return False
    before = [other for other in WORD.findall(stem[: continued.start()]) if not other.isdigit()]
    return capitals or len(before) <= WORDS_BEFORE or bool(folders & _HANDOFF_FOLDERS)


def _stem(base: str) -> str:
    """``base`` without its extension; the whole name when it has none (``HANDOFF``)."""
    return base.rpartition(".")[0] if "." in base.lstrip(".") else base


def about_handoffs(base: str) -> bool:
    """Whether the file name ``base`` says it is about handoffs: "how to", or words of
    `_ABOUT_HANDOFFS` and nothing else after its last "handoff" (``session-handoff-guide``)."""
    words = [word.lower() for word in WORD.findall(_stem(base))]
    if ("how", "to") in pairwise(words):
        return True
    ends = [
        i
        for i in range(1, len(words) + 1)
        if LEAD.fullmatch(words[i - 1]) or LEAD.fullmatch("-".join(words[max(i - 2, 0) : i]))
    ]
    after = words[max(ends, default=len(words)) :]
    return bool(after) and _ABOUT_HANDOFFS.issuperset(after)
