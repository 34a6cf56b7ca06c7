"""A next-step section that only says there is nothing to do is no next step, however it is
spelt: underscore emphasis reads as asterisk emphasis does (``_None._`` as ``*None.*``), and
"Nothing left." as "Nothing left to do."; `check` reports `md-incomplete` and `show` does not
quote it as the next action."""

from __future__ import annotations

import pytest

from conftest import GitRepo
from test_brief_show import Run, repo, show

__all__ = ["repo"]  # the fixture

FILE = """# Session 2026-11-02

## State
Refund API done in `app.py`; tests pass.

## Next steps
{body}

## Decisions
- Key in a header, because the body is signed.

## Ruled out
- A lock per refund: it deadlocked under load.
"""


@pytest.mark.parametrize(
    "body",
    [
        "_None._",
        "_Nothing yet_",
        "Nothing left.",
        "Nothing left",
        "Nothing.",
        "__None__",
        "*None.*",
    ],
)
def test_a_next_step_of_none_is_no_next_step(repo: GitRepo, run_cli: Run, body: str) -> None:
    repo.write("HANDOFF.md", FILE.format(body=body))
    repo.commit("handoff")
    checked = run_cli(["check", "-q"], cwd=repo.root)
    assert checked.code == 1, checked.out
    assert 'md-incomplete: no usable next step: the "## Next steps" at line 6' in checked.out
    shown = show(run_cli, repo)
    assert "Next action" not in shown.out
    assert body not in shown.out.split("as written", 1)[0]


def test_a_real_next_step_after_nothing_left_still_counts(repo: GitRepo, run_cli: Run) -> None:
    repo.write("HANDOFF.md", FILE.format(body="_Nothing left_ but one: add idempotency keys."))
    repo.commit("handoff")
    assert run_cli(["check", "-q"], cwd=repo.root).code == 0
