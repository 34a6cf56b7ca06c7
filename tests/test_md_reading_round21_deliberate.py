"""Round 21 of the facet reading: "intentionally not X" states a scope, not a dead end.

In twenty labelled rounds no reader quoted such a line as ruled out; they read it as a choice of
scope. Examples written for these tests (not copied from any labelled file).
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facets import read

_NOTE = """# Session notes

## Done

- Moved the invoice export to `billing/export.py` and added `tests/test_export.py`.
- {line}

## Next

- Wire the export button in `web/invoices.tsx` to the new endpoint.
"""


@pytest.mark.parametrize(
    "line",
    [
        "Intentionally left the PDF renderer untouched; it is out of scope for this branch.",
        "Deliberately not migrating the old CSV files yet.",
    ],
)
def test_a_deliberate_scope_is_not_a_dead_end(line: str) -> None:
    assert not read(_NOTE.format(line=line)).has("ruled_out")


def test_an_approach_that_failed_is_still_a_dead_end() -> None:
    line = "Tried streaming the CSV with a generator; it didn't help, the client still timed out."
    assert read(_NOTE.format(line=line)).has("ruled_out")
