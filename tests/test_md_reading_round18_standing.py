"""Issue 20, round 18: a reference is standing whatever its title calls it.

A manual titled "Handoff", or a wishlist titled "Next steps", has the shape of a reference:
three or more sections, none on a part of a handoff (where the work stands, the next step,
decisions, what was ruled out), no date, status, commit or record of work. It is told apart
as ``not-a-handoff``. A file titled a handoff keeps being judged as one when a section names
a part of a handoff, when it has fewer sections, or when it names a commit. A table of
settings is terse in any language, so the English of a file is read from its other lines.

Examples written for these tests.
"""

from __future__ import annotations

from collections.abc import Callable

from handoff_audit.markdown.standing import standing

MANUAL_CALLED_A_HANDOFF = """\
# Handoff document for the invoice importer

This document gives the context for anyone continuing on the importer.

## System architecture

The importer is a small CLI that reads supplier CSV files and writes rows to Postgres.
Parsing lives in `importer/parse.py` and the database layer in `importer/store.py`.

## Key files to know

- `importer/cli.py` is the Typer entry point.
- `importer/config.py` holds the settings model and its defaults.

## Running the project

Install the dependencies with `uv sync` and run `uv run importer --help` for the options.
The test suite runs with `uv run pytest` and needs a local Postgres on port 5432.
"""

WISHLIST = """\
# Next steps and future enhancements

## Data sources

- Support the quarterly XML export as well as the monthly CSV one.
- Read archived reports from the public bucket instead of the mirror.

## Pipeline

- Schedule the load with a cron job rather than by hand.
- Keep one staging table per source so that reloads stay cheap.

## Observability

- Emit row counts per source and alert when a source drops to zero.
"""

HANDOFF_WITH_ITS_STATE = """\
# Handoff: invoice importer

## Where things stand

The CSV parser handles every supplier format except the one with a semicolon separator.
Rows land in Postgres through `importer/store.py`; the XML path is not wired yet.

## Key files

- `importer/parse.py` is where the separator is chosen.
- `tests/test_parse.py` has a skipped case for the semicolon format.

## Running the project

Run `uv run pytest` with a local Postgres on port 5432.
"""

SETTINGS_REFERENCE = """\
# Webhook settings

Create the webhook in the admin console with the values in the table below.

## General

| Setting | Value | Notes |
|---|---|---|
| Name | Progress sync | shown on admin webhook list |
| URL | `https://example.org/api/webhook` | production endpoint, HTTPS only |
| Secret | `openssl rand -hex 32` output | copied into `WEBHOOK_SECRET` |
| Payload format | JSON | XML unsupported by receiver |
| Include user data | Yes | needed: learner identification |
| Include course data | Yes | needed: course matching |
| Retry count | 3 | receiver deduplicates repeated deliveries |
| Retry delay | 30 seconds | doubles after each failure |
| Timeout | 10 seconds | receiver answers within two seconds |
| Content type | `application/json` | required by receiver |
| Signature header | `X-Signature` | checked before parsing |
| Signature algorithm | HMAC SHA256 | hex digest, lowercase |
| Events | module completion, course completion | never subscribe everything |
| Batch size | 1 | receiver expects single events |
| Active | Yes | disabled webhooks queue nothing |

## Verification

Send the sample request from the Postman collection and check the log table for a new row.
"""


def test_a_manual_titled_a_handoff_is_a_standing_document() -> None:
    found = standing(MANUAL_CALLED_A_HANDOFF)
    assert found and found[0][0] == 3


def test_a_wishlist_titled_next_steps_is_a_standing_document() -> None:
    assert standing(WISHLIST)


def test_a_titled_handoff_with_a_section_on_its_state_is_judged_as_one() -> None:
    assert standing(HANDOFF_WITH_ITS_STATE) == []
    decided = MANUAL_CALLED_A_HANDOFF.replace("## Key files to know", "## Decisions")
    assert standing(decided) == []


def test_a_titled_handoff_with_fewer_sections_is_judged_as_one() -> None:
    two = MANUAL_CALLED_A_HANDOFF.replace("## Running the project\n", "")
    assert standing(two) == []
    # titled as plain next steps: "future enhancements" in the title would name a wish list
    plain = WISHLIST.replace(" and future enhancements", "")
    assert standing(plain.replace("## Observability\n", "")) == []


def test_a_commit_or_a_record_keeps_a_titled_reference_a_handoff() -> None:
    committed = MANUAL_CALLED_A_HANDOFF.replace("small CLI", "small CLI (commit 3f9c2ab)")
    assert standing(committed) == []
    done = MANUAL_CALLED_A_HANDOFF + "\nFixed the date parser.\nAdded the XML reader.\n"
    done += "Removed the old loader.\n"
    assert standing(done) == []


def test_a_table_of_settings_does_not_hide_english_prose() -> None:
    assert standing(SETTINGS_REFERENCE)


def test_the_audit_tells_a_manual_titled_a_handoff_apart(
    audit_handoff: Callable[[str], list[str]],
) -> None:
    rules = audit_handoff(MANUAL_CALLED_A_HANDOFF)
    assert "not-a-handoff" in rules
    assert "md-incomplete" not in rules


def test_the_audit_judges_a_titled_handoff_with_its_state(
    audit_handoff: Callable[[str], list[str]],
) -> None:
    assert "not-a-handoff" not in audit_handoff(HANDOFF_WITH_ITS_STATE)
