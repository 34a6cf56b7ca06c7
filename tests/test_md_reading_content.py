"""Facets read from content as people write it: a next step in the last paragraph, reasons in
running prose, bold lead-ins, "what looked broken and was not"; a heading over placeholders is no
facet; templates and instructions told apart line by line."""

from __future__ import annotations

import pytest

from handoff_audit.markdown.completeness import missing_parts
from handoff_audit.markdown.template import instructions, is_placeholder_text, placeholders


def missing(text: str) -> set[str]:
    return {part.facet for part in missing_parts(text)}


@pytest.mark.parametrize(
    "ending",
    [
        "Run the migration on staging, then flip the flag in `config/flags.yml`.",
        "The webhook retry still has to be wired into the queue worker.",
        "Those remain integrator work: the tracker and the backlog row.",
    ],
)
def test_a_next_step_written_as_the_last_paragraph_counts(ending: str) -> None:
    text = f"# Refund rounding\n\nEUR refunds round half-even now; tests pass.\n\n{ending}\n"
    assert "next" not in missing(text)


def test_a_last_paragraph_that_looks_back_is_no_next_step() -> None:
    text = "# Refund rounding\n\nEUR refunds round half-even now; tests pass.\n\nIt went well.\n"
    assert "next" in missing(text)


def test_a_last_paragraph_under_known_issues_is_no_next_step() -> None:
    text = "# Notes\n\nTests pass.\n\n## Known issues\n\nThe exporter should be faster.\n"
    assert "next" in missing(text)


@pytest.mark.parametrize(
    "prose",
    [
        "Swapped the model from large to small.en to cut the install-time download.",
        "We prefer sibling repositories rather than growing the core one.",
        "Kept integer cents in the ledger because floats drifted by a cent.",
    ],
)
def test_a_decision_in_running_prose_counts(prose: str) -> None:
    assert "decisions" not in missing(f"# Session\n\n{prose}\n")


def test_a_change_described_with_instead_is_not_something_ruled_out() -> None:
    text = (
        "# Session\n\n- Fixed the call (`.scrape()` instead of `.hunt()`).\n\n"
        "- Tables now size dividers to the header instead of a fixed width.\n"
    )
    assert "ruled_out" in missing(text)


def test_what_looked_broken_and_was_not_is_ruled_out() -> None:
    text = (
        "# Session\n\n## What looked broken and was not\n\n"
        "- Escape reaches the window even with the list focused.\n"
    )
    assert "ruled_out" not in missing(text)


def test_a_bold_lead_in_names_its_facet() -> None:
    text = "# Session 254\n\n**What got done.** The model is smaller and shipped as v0.1.51.\n"
    assert "state" not in missing(text)


def test_a_heading_over_placeholders_is_no_facet() -> None:
    text = (
        "# Handoff\n\n## Next Steps\n\n1. [ ] [Most important next task]\n"
        "2. [ ] Unit tests for [component]\n\n## Current State\n\n[2-3 sentences]\n"
    )
    assert {"next", "state"} <= missing(text)
    assert is_placeholder_text("- [ ] Unit tests for [component]")
    assert not is_placeholder_text("- [ ] Unit tests for the refund webhook")


def test_links_checkboxes_and_dates_are_no_placeholders() -> None:
    text = (
        "# Handoff 2025-11-23\n\n- [x] Done: see [the runbook](docs/runbook.md)\n"
        "- [ ] Port `<Refund>` to the v2 API [^1]\n- Shipped on 2025-11-23, ~40% faster\n"
    )
    assert placeholders(text) == []


def test_a_real_handoff_that_mentions_the_handoff_is_no_instructions() -> None:
    text = (
        "# Handoff\n\nUpdated the handoff after the deploy. The handoff was written by the last "
        "session.\n\n## Next\n\n1. Run `make deploy`.\n"
    )
    assert instructions(text) == []
