"""Round 79 of the facet reading: what only looks like a decision with its reason.

"X, Y otherwise" (an else, not a reason) and the reason a session handed over are no decision.
Examples written for these tests, not copied from the labelled files; each runs through
`check` on a committed HANDOFF.md and looks for md-incomplete's decisions finding.
"""

from __future__ import annotations

from typing import Any

import pytest

_NOTE = """# Handoff — export service

## Status

- Export of invoices to CSV works; `tests/test_export.py` passes.
- The PDF export is in progress on branch `feat/pdf-export`.

## Notes

{text}

## Tried

- Tried rendering PDFs with wkhtmltopdf: it crashed on tables longer than one page.

## Next step

- Wire the PDF button in `web/src/ExportMenu.tsx` to `/api/export/pdf`.
"""


def _facets(git_repo: Any, run_cli: Any, text: str) -> set[str]:
    git_repo.write("HANDOFF.md", _NOTE.format(text=text))
    git_repo.commit("handoff")
    result = run_cli(["check", "--format", "json", "--branch", "feat/x"], cwd=git_repo.root)
    assert result.code in (0, 1), result.err
    return {f["facet"] for f in result.json()["findings"] if f["rule"] == "md-incomplete"}


@pytest.mark.parametrize(
    "text",
    [
        "- Uploads use the CDN when one is configured, the local disk otherwise.",
        "**Handoff reason:** the context window is nearly full.",
        "- Never commit `.env`.",
        "Thus far only invoices are exported.",
    ],
)
def test_an_else_or_the_reason_for_handing_over_is_no_decision(
    git_repo: Any, run_cli: Any, text: str
) -> None:
    assert "decisions" in _facets(git_repo, run_cli, text)
