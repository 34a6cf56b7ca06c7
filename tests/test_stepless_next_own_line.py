"""`md-incomplete` on a next-step section that holds only a check ("Review README change and
continue the dashboard work."): when the line closest to a step is that section's own, the
message says what is wrong with it, never to put it under the heading it is already under
(review 58-1 item 8)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import GitRepo

NOTE = (
    "# Backend test pass\n\n## Current state\n\n"
    "The dashboard shows totals; tests pass (pytest -q, 41 tests).\n\n"
    "## Suggested execution order\n\n"
    "1. Stripe mocking helper — `tests/helpers/stripe_mock.py`.\n"
    "2. R2 mocking helper — `tests/helpers/r2_mock.py`.\n"
    "3. Tier A tests — 5 service-level test files.\n\n"
    "## House rules\n\n- Totals are cached because the query is slow.\n\n"
    "## Since then\n\nREADME gained a setup line.\n\n"
    "## Next step\n\nReview README change and continue the dashboard work.\n"
)


def test_the_section_s_own_line_is_not_sent_under_its_own_heading(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    git_repo.write("README.md", "# app\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/dash")
    git_repo.write("HANDOFF.md", NOTE)
    git_repo.commit("handoff")
    checked = run_cli(["check", "-q"], cwd=git_repo.root)
    [line] = [each for each in checked.out.splitlines() if "no clear next step" in each]
    assert 'the "## Next step" at line 21 holds no work to start' in line, line
    assert "line 23 (Review README change" in line, line
    assert "put it under" not in line, line  # it is under that heading already
    assert "write there the work itself first" in line, line
