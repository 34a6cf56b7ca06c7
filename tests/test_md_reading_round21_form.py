"""Issue 20, round 21 candidates: three whole-file readings of a file's shape.

- A manual's commands (an indented code block, code spans, links) are in no language: the
  English of a standing document is read from its words, not from ``uv lock --check``.
- A participle in the present or with a modal ("is created", "are rejected", "can be
  replaced") says how a thing behaves, not what a session did.
- Headings with nothing written under them (``## Completed`` then ``## In Progress``) are a
  form nobody filled in.

Examples written for these tests, each beside a file that must keep being judged a handoff.
"""

from __future__ import annotations

from handoff_audit.markdown.prose import recorded
from handoff_audit.markdown.standing import standing
from handoff_audit.markdown.template import placeholders

RELEASE_MANUAL = """\
# Ledger release operations

## Verification

Run these before publishing:

    uv lock --check
    ruff check src scripts tests migrations
    python -m compileall -q src scripts tests
    python scripts/validate_repo.py --strict --all-targets
    pytest -q --cov=ledger --cov-fail-under=85
    python scripts/generate_openapi.py --check

## Deployment

Set `LEDGER_PROJECT`, `LEDGER_REGION` and `LEDGER_BUCKET`, then run
`scripts/deploy.py --plan` and `scripts/deploy.py --apply`.

## Artifacts

- `security/keys` holds public trust roots only.
- `var/keys` holds local private keys, gitignored.
- `api/openapi.yaml` comes from the typed application.
"""

LAUNCHER_REFERENCE = """\
# Session launcher

The launcher starts the compositor, the shell and the test client. The three executables
are resolved through `PATH` and are checked before anything starts.

## Runtime directory

The runtime directory is created with mode `0700`. An existing directory is reused only
when it is owned by the caller; symlinks and occupied socket paths are rejected.

## Sockets

The launcher waits until the socket path is replaced by a listening socket before it
starts the client. A stale socket left by a crash is removed on the next start.

## Options

- `--headless` runs the compositor without an output.
- `--timeout SECONDS` bounds the wait for the socket.
"""

LAUNCHER_SESSION = """\
# Launcher work

Added the `--headless` flag and wired it to the compositor.
The runtime directory was created with the wrong mode; fixed it to `0700`.
Replaced the socket polling with an inotify watch.
Tested the stale-socket path by killing the compositor mid-start.
The client still fails to start under Xwayland.
"""

EMPTY_DAILY_NOTE = """\
# 2026-03-15

## Today's Focus

## Completed

## In Progress

## Blockers / Questions

## Notes

## Attachments
- [board-minutes.pdf](../assets/board-minutes.pdf) - uploaded via web app
"""

FILLED_DAILY_NOTE = """\
# 2026-03-15

## Today's Focus
Get the invoice export through review.

## Completed
- Export writes one CSV per customer; review comments answered.

## In Progress
- Currency rounding for JPY (no minor unit).

## Blockers / Questions
- Finance has not said whether credit notes belong in the same file.

## Notes

## Attachments
- [export-sample.csv](../assets/export-sample.csv)
"""


def test_a_manual_whose_commands_are_not_english_words_is_standing() -> None:
    lines = standing(RELEASE_MANUAL)
    assert lines, "a release manual with no record of a session is standing"
    assert all("uv lock" not in text for _, text in lines[:1])


def test_present_passive_is_no_record_of_work() -> None:
    assert not recorded("The runtime directory is created with mode `0700`.")
    assert not recorded("Symlinks and occupied socket paths are rejected.")
    assert recorded("The runtime directory was created with the wrong mode.")
    assert recorded("Replaced the socket polling with an inotify watch.")
    assert standing(LAUNCHER_REFERENCE), "a reference in the present tense records no session"


def test_a_session_record_in_the_past_tense_is_no_standing_document() -> None:
    assert standing(LAUNCHER_SESSION) == []


def test_headings_with_nothing_under_them_are_a_form_nobody_filled_in() -> None:
    found = placeholders(EMPTY_DAILY_NOTE)
    assert [place.what for place in found] == ["an empty section"] * 5
    assert found[0].line == 3


def test_a_daily_note_with_its_sections_written_is_no_form() -> None:
    assert placeholders(FILLED_DAILY_NOTE) == []
