"""Round 18 of the facet reading, on files a reader calls good: what the audit over-reads.

Examples written for these tests (not copied from any labelled file), each beside a near miss.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

_AHEAD = """# Handoff: billing export

## Done

- `src/export/csv.py` writes one row per invoice; tests pass.

## {heading}

1. The exporter should stream rows instead of building the list in memory.
2. The nightly job should read from the replica rather than the primary.
"""


def test_instead_of_in_a_next_step_section_is_a_step_not_an_approach_dropped() -> None:
    reading = read(_AHEAD.format(heading="Next steps"))
    assert reading.has("next")
    assert not reading.has("ruled_out")


def test_instead_of_in_a_known_issues_section_is_a_bug_not_an_approach_dropped() -> None:
    text = (
        _AHEAD.format(heading="Known issues")
        .replace("should stream", "builds")
        .replace("should read", "reads")
    )
    assert not read(text).has("ruled_out")


def test_the_same_lines_under_a_neutral_heading_still_read_as_alternatives() -> None:
    reading = read(_AHEAD.format(heading="Notes"))
    assert [each.how for each in reading.found["ruled_out"]] == ["alternatives and failures"] * 2


_STRESSED = """# Resume here: release branch

## Where things stand

- `release/2.4` is rebased on `main`; CI is green.

## Before you merge

{label}

- Merge only after the owner reads the changelog.
- Tag with `scripts/tag.sh`.
"""


def test_a_bold_sentence_stresses_a_rule_and_heads_no_ruled_out_list() -> None:
    text = _STRESSED.format(label="**⚠️ Do not push until the owner approves!**")
    assert not read(text).has("ruled_out")


def test_a_bold_label_naming_dead_ends_still_heads_its_list() -> None:
    reading = read(_STRESSED.format(label="**Do not retry:**"))
    assert [each.how for each in reading.found["ruled_out"]] == ["label"]
