"""Round 77 of the next-step reading: a heading over questions put to someone else ("Open
questions for the project lead", "Preguntas para el cliente") holds what waits on their answer,
not a step the next session can start. Examples written for these tests (not copied from any
labelled file), each beside a near miss that must stay a step."""

from __future__ import annotations

from handoff_audit.markdown.facets import read
from handoff_audit.markdown.steps import waits_on_someone

_SHIPPED = """# Handoff: pricing page copy

All four pricing cards are live on staging (`site/pricing.astro`); `pnpm run build` passes.

## {heading}

- Annual discount: the banner says 15 %, the cards say 20 %; which one is right.
- Replace the placeholder testimonial in the CMS once the client sends the real quote.
- Enterprise card: keep "Contact us" or show a starting price.
"""


def test_questions_for_someone_else_are_no_next_step() -> None:
    for heading in (
        "Open questions for the project lead",
        "Questions for the client",
        "Preguntas para el cliente",
    ):
        assert waits_on_someone(heading), heading
        assert not read(_SHIPPED.format(heading=heading)).has("next"), heading


def test_open_questions_to_settle_ourselves_stay_a_step() -> None:
    assert not waits_on_someone("Open questions")
    assert read(_SHIPPED.format(heading="Next steps")).has("next")
