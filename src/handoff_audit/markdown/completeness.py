"""Does a hand-written handoff carry what the next session needs? Names each missing part."""

from __future__ import annotations

import re
from dataclasses import dataclass

from handoff_audit.markdown.parse import Block, Parsed, parse

# A reason is said with a connective ("because", "so that"), a dash or colon between the thing
# and its reason, or a parenthesis. Lenient on purpose: the rule asks for reasons, not prose.
_REASON = re.compile(
    r"\b(?:because|since|so that|so we|due to|as it|as the|why|reason|caused|causes|fails?|"
    r"failed|failing|breaks?|broke|broken|instead|otherwise|too slow|slower|faster|unsafe|"
    r"flaky|not needed|doesn't|does not|didn't|did not|can't|cannot|won't|would|so|without|"
    r"rather than|in order to|to (?:avoid|keep|maintain|make|allow|prevent|support|match|reduce))\b"
    r"|\s[—–-]\s|:\s|\(|;|->|=>|→",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class MissingPart:
    """One thing a markdown-only handoff does not say."""

    part: str
    """``state``, ``next-step``, ``decisions``, ``ruled-out`` or ``pointers``."""
    line: int
    """Where to add it (the title, or the section that lacks reasons)."""
    message: str
    """What is missing and how to add it."""


def _said(parsed: Parsed, *names: str) -> list[Block]:
    return [b for name in names for b in parsed.blocks(name, loose=True) if b.text]


def _reasons(blocks: list[Block]) -> bool:
    return any(_REASON.search(block.text) for block in blocks)


def missing_parts(text: str) -> list[MissingPart]:
    """Each part of a good handoff that ``text`` lacks; ``[]`` when it has them all."""
    parsed = parse(text)
    top = parsed.title_line if parsed.title is not None else 1
    found: list[MissingPart] = []
    if not _said(parsed, "summary"):
        found.append(
            MissingPart(
                "state",
                top,
                'no state: add a "## State" (or "## Done this session") section saying what was '
                "done and what is true now",
            )
        )
    if not _said(parsed, "next_action"):
        found.append(
            MissingPart(
                "next-step",
                top,
                'no next step: add a "## Next step" section (or a "NEXT: ..." line) saying what '
                "the next session should do first",
            )
        )
    decisions = _said(parsed, "decisions")
    if not decisions:
        found.append(
            MissingPart(
                "decisions",
                top,
                'no decisions: add a "## Key decisions" section, one "- choice — why" per '
                "decision that would surprise the next session",
            )
        )
    elif not _reasons(decisions) and not _none(decisions):
        found.append(
            MissingPart(
                "decisions",
                parsed.line_of("decisions") or top,
                'decisions without reasons: write each as "- choice — why" so the next session '
                "does not undo it",
            )
        )
    tried = _said(parsed, "ruled_out", "failed_attempts")
    if not tried:
        found.append(
            MissingPart(
                "ruled-out",
                top,
                'nothing ruled out or failed: add a "## Ruled out" (or "## Tried") section, one '
                '"- what — why not" per dead end, or "None." if there was none',
            )
        )
    elif not _reasons(tried) and not _none(tried):
        found.append(
            MissingPart(
                "ruled-out",
                parsed.line_of("ruled_out") or parsed.line_of("failed_attempts") or top,
                'ruled out or failed without reasons: write each as "- what — why it did not '
                'work" so the next session does not try it again',
            )
        )
    if not _said(parsed, "pointers"):
        found.append(
            MissingPart(
                "pointers",
                top,
                'no pointers: add a "## Pointers" (or "## Files to look at") section with the '
                "paths (path:line) or links to read first",
            )
        )
    return found


def _none(blocks: list[Block]) -> bool:
    return all(block.text.lower().rstrip(".") in {"none", "nothing", "n/a"} for block in blocks)


__all__ = ["MissingPart", "missing_parts"]
