"""Issue 20, round 9: telling apart files that record no session. A skill file (front matter
with a one-word ``name:`` beside a ``description:``) is an agent's file, not a handoff; a
template with few blanks among many lines of scaffolding, and no real date or ticked box
anywhere, is still a template (``path/to/file`` slots count as blanks). Each example sits
beside a near miss that must keep today's reading."""

from __future__ import annotations

from handoff_audit.markdown.prompts import instructions
from handoff_audit.markdown.template import placeholders

SKILL_REFERENCE = """\
---
name: relay-notes
description: >
  Reference for the notes one agent passes to the next in the billing monorepo.
---

# Relay note format

A relay note goes from one agent to the next when work is sequential.

## When to send one

- The receiving agent needs a class name or a file path the first agent chose.
- A specialist takes over half-way through a task.

## Shape

Goal, files touched, choices made, open questions.
"""

HANDOFF_WITH_TITLED_FRONT_MATTER = """\
---
name: Handover to the next session — billing export (2026-03-04)
description: What the export session did, what failed and what comes next.
---

# Billing export

The CSV export now streams rows; tests in tests/test_export.py pass.
Tried the pandas writer first: it held the whole sheet in memory, so it was dropped.

## Next

Add the currency column to `export/rows.py`.
"""

UNDATED_TEMPLATE = """\
ROLE:
A senior backend engineer acting as the implementation agent.

GOAL:
(One sentence: what must be achieved.)

CONTEXT:
(Why the change exists; architecture only.)

RULES:
- Keep public APIs stable unless told otherwise
- No blocking calls on the request thread
- Follow the existing module layout
- Respect CONTRIBUTING.md

FILES:
- path/to/module_a.py
- path/to/module_b.py

STEPS:
1) First mechanical step
2) Second mechanical step

(If a step is unclear, stop and ask.)

CHECKS:
- The build passes
- No new warnings
- Behaviour unchanged unless stated
"""

DATED_NOTES_WITH_SAME_SHAPE = UNDATED_TEMPLATE.replace(
    "ROLE:\n", "ROLE:\nWritten 2026-03-04 after the first pass; [x] build checked.\n"
)


def test_a_skill_reference_with_a_one_word_name_is_not_a_handoff() -> None:
    found = instructions(SKILL_REFERENCE)
    assert found and found[0] == (2, "name: relay-notes")


def test_front_matter_naming_a_handoff_by_title_is_still_a_handoff() -> None:
    # near miss: the same keys, but the name is a title with spaces and a date
    assert instructions(HANDOFF_WITH_TITLED_FRONT_MATTER) == []


def test_an_undated_template_with_few_blanks_is_still_a_template() -> None:
    found = placeholders(UNDATED_TEMPLATE)
    assert {place.what for place in found} == {
        "a (parenthesised) placeholder",
        "a sample path",
    }
    assert [place.line for place in found] == [5, 8, 17, 18, 24]


def test_the_same_shape_with_a_date_and_a_ticked_box_is_judged_as_notes() -> None:
    # near miss: a real date and a ticked box are a record of work done
    assert placeholders(DATED_NOTES_WITH_SAME_SHAPE) == []
