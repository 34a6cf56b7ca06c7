"""Labels in a hand-written handoff: ``Label: value`` lines and paragraphs that are only a label.

A label names a facet like a heading does ("**Next Steps:** run the migration", "Gotchas: ...",
"**Design decisions (approved):**" over a list). This module says which labels name which facet,
and which next-step labels are dead ("Next: none"); `markdown.facets` counts what they name.
"""

from __future__ import annotations

import re

from handoff_audit.markdown.blanks import is_blank
from handoff_audit.markdown.content_cues import LABEL, NONE, PLACEHOLDER, REASON_IN_SECTION
from handoff_audit.markdown.facet_headings import ASIDE, FACETS, heading_facet, plain_heading
from handoff_audit.markdown.headings import normalise
from handoff_audit.markdown.prose import order, recorded
from handoff_audit.markdown.steps import no_step_item, no_usable_step
from handoff_audit.markdown.template import is_placeholder_text

LABEL_HEADING = re.compile(
    r"^[^\w\n*]{0,3}(?:\*\*[^*\n]{1,79}?[^*\n.!?。！？][:：]?\*\*[:：]?"
    r"|[^\W\d][^:：.,\n]{1,50}[:：]"
    r"|[^\W\d][^:：.,()\n]{1,50}\s[(（][^()（）\n]{1,60}[)）][:：])\s*$"
)
"""A paragraph that is only a label ("**Design decisions:**", "Why:", "Suggested next work (all
backlog, none blocking):"): it heads what follows. A bold sentence ("**Do not push until the
owner approves!**") stresses a rule; it heads nothing."""
LABEL_WORDS = 4
"""Words a plain (not bold) label paragraph may have to head what follows."""
_LABEL_FACETS = frozenset({"state", "next", "decisions", "ruled_out", "pointers"})
"""Facets a label paragraph names like a heading, in any script ("**次回持ち越し事項**:")."""


def label_paragraphs(
    texts: list[tuple[int, str, bool]], section: str | None
) -> list[tuple[int, str, str]]:
    """Each label paragraph among a section's blocks (first line, text, is code) that names a
    facet other than the section's, with text under it before the next label: its line, facet
    and text. It counts like a heading ("**Design decisions (approved):**" over a list);
    decisions need a reason."""
    found = []
    for line, text, name, below in _labels(texts):
        if not text.lstrip().startswith("**") and len(ASIDE.sub(" ", name).split()) > LABEL_WORDS:
            continue  # "In this session, I'd like to focus on:" leads in, it names nothing
        facet = heading_facet(name)
        if facet not in _LABEL_FACETS or facet == section:
            continue
        under = [t for _, t, code in below if not says_nothing(t)]
        if not under or (
            facet == "decisions" and not any(REASON_IN_SECTION.search(t) for t in under)
        ):
            continue
        if facet == "next" and not _names_steps(name, below):
            continue
        found.append((line, facet, text))
    return found


def stepless_next_labels(texts: list[tuple[int, str, bool]]) -> list[int]:
    """The lines of next-step labels ("Recommended next step:") whose items all name no step
    (only a check to run, a wait, "None"): the label's own words are then no next step."""
    return [
        line
        for line, _, name, below in _labels(texts)
        if heading_facet(" ".join(name.split()[:LABEL_WORDS])) == "next" and no_usable_step(below)
    ]


def _labels(
    texts: list[tuple[int, str, bool]],
) -> list[tuple[int, str, str, list[tuple[int, str, bool]]]]:
    """Each label paragraph among the blocks: its line, text, name (no emphasis or colon) and
    the blocks under it before the next label."""
    at = [i for i, (_, text, code) in enumerate(texts) if not code and LABEL_HEADING.match(text)]
    ends = [*at[1:], len(texts)] if at else []
    return [
        (
            texts[i][0],
            texts[i][1],
            plain_heading(texts[i][1]).rstrip(":：").strip(),
            texts[i + 1 : j],
        )
        for i, j in zip(at, ends, strict=True)
    ]


def _names_steps(name: str, under: list[tuple[int, str, bool]]) -> bool:
    """A next-step label over steps: the label opens on what it names (a long bold label is a
    sentence: "**Without a Windows PC, leave it to GitHub Actions**:" names no next step), and
    not every item under it is ticked, a question, a hedge, "None", a check to run or done work
    ("Actions:" over "- Rebuilt the model …" records what was done)."""
    head = " ".join(name.split()[:LABEL_WORDS])
    return heading_facet(head) == "next" and not no_usable_step(under) and not _all_done(under)


_DONE_VERB = re.compile(
    r"^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\*\*)?(?:(?!need|feed|seed|speed|embed|proceed|exceed|succeed)"
    r"[A-Za-z]{2,}ed|built|rebuilt|kept|made|wrote|rewrote|took|ran|found|split|left|got|"
    r"brought|sent|cut|put|chose|drew|redrew|gave|began|held|hid|grew|led|lost|paid|told|taught|"
    r"caught|bought|spent|stood|won|saw|threw|broke|spoke)\b",
    re.IGNORECASE,
)
"""A list item that opens on a verb in the past ("- Rebuilt the model", "- Kept the palette")."""
_SAME_IN_PAST = re.compile(
    r"^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:set|reset|put|cut|split|read|let|spread)\b", re.IGNORECASE
)


def _all_done(under: list[tuple[int, str, bool]]) -> bool:
    """Every item (block) under a label says what was done, none what to do."""
    items = [text.split("\n", 1)[0] for _, text, code in under if not code and text.strip()]
    done = [bool(_DONE_VERB.match(line)) or (recorded(line) and not order(line)) for line in items]
    # "- Set movement to 1" among past-tense items is past too: it reads as an order alone
    return any(done) and all(
        said or _SAME_IN_PAST.match(line) for said, line in zip(done, items, strict=True)
    )


def says_nothing(content: str) -> bool:
    """A template's blank ("TBD", "`TODO`", "«TODO»", "[describe …]", "YYYY-MM-DD", an empty
    "- [ ]"), as a packet's `placeholder` rule reads one too."""
    return (
        PLACEHOLDER.match(content) is not None or is_blank(content) or is_placeholder_text(content)
    )


def line_at(content: str, match: re.Match[str]) -> str:
    """The whole line of ``content`` where ``match`` starts (to its end's line)."""
    begin = content.rfind("\n", 0, match.start()) + 1
    end = content.find("\n", match.end())
    return content[begin : end if end >= 0 else len(content)]


_ID_LIST = re.compile(
    r"^\W{0,2}[A-Z]{1,3}-?\d{1,3}\W{0,2}(?:(?:,|\band\b|[-–—/&]|\.\.)\s*\W{0,2}[A-Z]{1,3}-?\d{1,3}\W{0,2})+$"
)
"""Only task ids, two or more ("**Tasks**: N1, N2" under "### Phase 1: SSH & Network Hardening -
PREPARED", "Tasks: F1-F4"): an inventory of a plan's items, naming no step to take."""


def dead_step(label: re.Match[str]) -> bool:
    """A next-step label whose value is no step ("**Next Steps:** Monitor the logs",
    "Remaining items: **0**", "Next: none", "**Tasks**: N1, N2")."""
    said, name = label.group(2) or label.group(4), label.group(1) or label.group(3)
    if not said or heading_facet(normalise(name)) != "next":
        return False
    return no_step_item(said.strip()) or _ID_LIST.match(said.strip()) is not None


def without_dead_steps(content: str) -> str:
    """The block with each dead next-step label line, and each wish-list label line ("Optional
    next steps: publish to PyPI; …"), blanked (its line count kept)."""
    if ":" not in content and "：" not in content and not content.startswith("**"):
        return content
    return LABEL.sub(
        lambda label: "" if dead_step(label) or _wish_list(label) else label.group(0), content
    )


def _wish_list(label: re.Match[str]) -> bool:
    """A label over a wish list with its items on the line ("Optional next steps: …")."""
    name = label.group(1) or label.group(3)
    return bool(label.group(2) or label.group(4)) and heading_facet(normalise(name)) == "ideas"


def label_lines(start: int, content: str, facet: str | None) -> list[tuple[str, int, str, bool]]:
    """Each ``Label: value`` line of a block (first line ``start``) naming a facet other than
    ``facet``, dead next steps left out: the facet it names, its line, the line's text, and
    whether its wording is unread (see `unread_script`)."""
    found = []
    for label in LABEL.finditer(content):
        said = label.group(2) or label.group(4)
        if not said or NONE.match(said):
            continue  # "What failed: N/A" names the part only to say there is none
        name = normalise(label.group(1) or label.group(3))
        labelled = heading_facet(name) if len(name.split()) <= 4 else None
        if labelled in FACETS and labelled != facet and not dead_step(label):
            line = start + content.count("\n", 0, label.start())
            found.append((labelled, line, line_at(content, label), unread_script(label)))
    return found


def unread_script(label: re.Match[str]) -> bool:
    """A label whose name opens in a script other than Latin, or ends on a full-width colon
    (``下一步：``): its wording is not read, so it names a candidate step and counts for nothing."""
    name = label.group(1)
    if name is None:
        return False
    after = label.end(1) - label.start()
    colon = label.group(0)[after : after + 4]
    return not name[0].isascii() or "：" in colon


__all__ = [
    "LABEL_HEADING",
    "LABEL_WORDS",
    "dead_step",
    "label_lines",
    "label_paragraphs",
    "line_at",
    "says_nothing",
    "unread_script",
    "without_dead_steps",
]
