"""Round 79 of the facet reading: decisions with their reasons said in prose, and what only
looks like one.

A careful reader counts a choice when its reason is there: a conclusion drawn ("… is therefore
…"), a rule with what breaking it does ("or old clients will …"), an option marked chosen with
why under it, an owner's ruling over the alternative, a reason and the change it led to
("…, so the token now travels in a header"), a decision named in Norwegian or Swedish, and
something mocked, stubbed or removed with its reason ("mocked so the suite sends no mail"). "X,
Y otherwise" (an else, not a reason) and the reason a session handed over are no decision.
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
        "The vendor API allows 100 calls a minute. Invoices are therefore sent in batches of 50.",
        "- Always bump `API_VERSION` with the schema, or old clients will cache the wrong shape.",
        "- **Never edit `db/seed.sql` by hand.** The generator owns it, and a hand edit cascades "
        "into every fixture.",
        "### Option B — nightly batch export ✅ chosen\n\nNo extra service to run; cron is there.",
        "- The product owner ruled the weekly digest over the daily one: daily mail hit spam.",
        "- Safari drops the third-party cookie, so the session token now travels in a header.",
        "- Beslutning 12.03 (Kari): filene lagres i S3.",
        "- The mail client is mocked in `tests/test_notify.py` so the suite sends no real mail.",
        "- Removed the nightly cache warm-up to save about 40 minutes of CI per day.",
    ],
)
def test_a_choice_with_its_reason_in_prose_is_a_decision(
    git_repo: Any, run_cli: Any, text: str
) -> None:
    assert "decisions" not in _facets(git_repo, run_cli, text)


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
