"""A next-step section that opens on a preface, a quote on how to read the block ("> **Staleness
rule:** …") or a paragraph opening on a bold sentence that orders nothing ("**Working model (not
a loop).** …"): `show` and the SessionStart brief quote the step after it, the P0 item under
"### Priority queue for next session" or the list that follows; a bold order ("**Run the
migration first.**") is the step itself."""

from __future__ import annotations

import pytest

from conftest import GitRepo
from show_support import Run, briefs_on_branch, next_action

STALENESS = """# Handoff

## Next Session Pickup

> **Staleness rule:** this block is rewritten every session; if older than 48 hours treat it
> as STALE and re-derive it from `git log`.

### Priority queue for next session

1. P0 — write scripts/validate-convention.ts before any model code.
2. P1 — port the calibration fix.
"""

WORKING_MODEL = """# Next session

## Next session — continuous-driving entry

**Working model (not a loop).** One continuous session drives as far as its context allows,
then checkpoints here and a fresh session continues.

1. Build the convention validator in `scripts/validate.ts`.
2. Port the calibration fix.
"""

ORDER = """# Handoff

## Next steps

**Run the migration first.** It takes five minutes on staging.

Then deploy `api` and watch the error rate.
"""


@pytest.mark.parametrize(
    ("note", "step"),
    [
        (STALENESS, "Next action: 1. P0 — write scripts/validate-convention.ts"),
        (WORKING_MODEL, "Next action: 1. Build the convention validator"),
        (ORDER, "Next action: **Run the migration first.**"),
    ],
    ids=["quoted rule", "bold preface", "bold order"],
)
def test_a_preface_is_no_step(git_repo: GitRepo, run_cli: Run, note: str, step: str) -> None:
    for text in briefs_on_branch(git_repo, run_cli, note):
        said = next_action(text)
        assert said.startswith(step), text
        assert "Staleness" not in said and "Working model" not in said, text
