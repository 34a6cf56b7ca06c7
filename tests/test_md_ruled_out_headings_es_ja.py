"""A ruled-out section headed in Spanish ("Descartado"), Japanese ("決着済 — 蒸し返さない",
settled: don't reopen), Chinese ("排除的方案", options ruled out) or as what was excluded ("Invalid
evidence excluded", 1987006988/sc2_ai) is read as ruled out, as "Verworfen" is; all seen in use
(session 59's reviews). Examples written here."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from handoff_audit.markdown.facets import read

_NOTE = """# Handoff 2026-12-05

## State

- Headers added in `m.py`; tests still missing.

## Decisions

- Use the stdlib `csv` module because the files are small.

## {heading}

- pandas: too heavy for a 40-line CSV.

## Next step

- Write `tests/test_m.py`.
"""


@pytest.mark.parametrize(
    "heading",
    [
        "Descartado",
        "Descartadas",
        "決着済 — 蒸し返さない",
        "排除的方案",
        "Invalid evidence excluded",
    ],
)
def test_a_ruled_out_heading_in_spanish_or_japanese_is_ruled_out(heading: str) -> None:
    assert read(_NOTE.format(heading=heading)).has("ruled_out")


def test_a_heading_of_other_words_is_not() -> None:
    assert not read(_NOTE.format(heading="Notas")).has("ruled_out")


@pytest.mark.parametrize(("heading", "said"), [("Descartado", False), ("Notas", True)])
def test_check_says_nothing_ruled_out_only_without_such_a_heading(
    audit_handoff: Callable[[str], list[str]], heading: str, said: bool
) -> None:
    assert ("md-incomplete" in audit_handoff(_NOTE.format(heading=heading))) is said
