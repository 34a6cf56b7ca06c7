"""Which packet field a heading (or a ``Label:`` line) stands for, canonical or hand-written.

Hand-written handoffs name their sections in many ways ("Done this session", "Open / next",
"Files to look at", "4) Decisions & Rationale", "🔧 Next Session Priorities"). A heading is
normalised (case, numbering, emoji, punctuation dropped) and matched against key phrases, most
specific first.
"""

from __future__ import annotations

import re

from handoff_audit.markdown.sections import META_LABELS, SECTIONS

# (field, phrases): the first field with a phrase found in the normalised heading wins. Order
# matters: "ruled out" before "out", "failed" before "next" ("next fix for failed test" is rare,
# "failing test" common), "files changed" before "files".
_PHRASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("questions_for_the_human", ("question",)),
    ("assumptions_to_validate", ("assumption",)),
    ("ruled_out", ("ruled out", "rule out", "rejected", "dead end", "not to do", "alternatives")),
    ("decisions", ("decision", "rationale", "why we", "chose", "choices")),
    (
        "failed_attempts",
        (
            "tried",
            "failed",
            "failing",
            "failure",
            "not working",
            "didn't work",
            "did not work",
            "attempt",
            "what broke",
        ),
    ),
    ("commands_run", ("commands", "command log", "commands run")),
    (
        "changed_files",
        ("changed files", "files changed", "files modified", "modified files", "files touched"),
    ),
    (
        "verdict_pointer",
        ("verification", "verdict", "validation", "test results", "test report", "test baseline"),
    ),
    (
        "pointers",
        (
            "pointer",
            "files to look",
            "files to read",
            "files to review",
            "key files",
            "look at",
            "reference",
            "entry point",
            "where to",
            "links",
            "see also",
            "resources",
        ),
    ),
    ("open_risks", ("risk", "blocker", "known issue", "open issue", "concern")),
    ("traps", ("trap", "gotcha", "pitfall", "caveat", "warning", "reminder", "careful")),
    (
        "next_action",
        ("next", "todo", "to do", "priorities", "remaining", "pick up", "resume", "action items"),
    ),
    (
        "summary",
        (
            "summary",
            "state",
            "status",
            "done",
            "accomplished",
            "completed",
            "progress",
            "snapshot",
            "what changed",
            "what i did",
            "what we did",
            "overview",
            "context",
            "this session",
        ),
    ),
)

_CANONICAL = {spec.heading.lower(): spec.field for spec in SECTIONS}
_META = {label.lower(): name for name, label in META_LABELS.items()} | {
    "last known good": "last_known_good_commit",
    "lkg": "last_known_good_commit",
    "last good commit": "last_known_good_commit",
}
_NOISE = re.compile(r"[^\w\s/&'-]+|_")
_NUMBERING = re.compile(r"^(?:\d+[a-z]?[.)]?|[ivx]+[.)]|step \d+:?)\s+")
_ARABIC_MARKS = re.compile(r"[\u064b-\u065f\u0670\u0640]")
"""Arabic short vowels, shadda and tatweel: optional in writing, and no word's end."""


def normalise(heading: str) -> str:
    """Lower case, no emoji or punctuation, no leading numbering, single spaces."""
    text = heading.lower()
    if not text.isascii():
        text = _ARABIC_MARKS.sub("", text)
    text = _NOISE.sub(" ", text)
    text = " ".join(text.replace("/", " / ").replace("-", " ").split())
    text = _NUMBERING.sub("", text)
    return text.strip(" /&-'")


def field_for_heading(heading: str) -> str | None:
    """The packet field a section heading stands for; ``None`` when it names none."""
    text = normalise(heading)
    if not text:
        return None
    if text in _CANONICAL:
        return _CANONICAL[text]
    padded = f" {text} "
    for field, phrases in _PHRASES:
        if any(f" {phrase}" in padded for phrase in phrases):
            return field
    return None


def meta_for_label(label: str) -> str | None:
    """The meta field (status, branch, ...) a ``Label:`` names, exactly; ``None`` otherwise."""
    return _META.get(normalise(label))


def field_for_label(label: str) -> str | None:
    """The field a short ``Label:`` in running text names ("NEXT:", "Ruled out:"), or ``None``.

    Stricter than headings: at most four words, so that an ordinary sentence with a colon is
    not taken for a section.
    """
    text = normalise(label)
    if not text or len(text.split()) > 4:
        return None
    return field_for_heading(text)
