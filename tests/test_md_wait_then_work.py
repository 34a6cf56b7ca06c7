"""A next-step section that opens on a wait or someone else's turn ("User reviews the spec …")
and then names the work ("On approval, invoke the `writing-plans` skill …") holds a step: `check`
neither calls it "only a wait" nor says there is no next-step section, `explain` lists it, and
`show` quotes it (a "▶ Next action" heading), not a "How to resume" reading list around it.
Shaped on JacobHaig/teddy's CONTINUE.md."""

from __future__ import annotations

import pytest

from conftest import GitRepo
from test_brief_show import Run, repo, show

__all__ = ["repo"]  # the fixture

STOPPED = """# Continue Here — Session Handoff
> Authoritative status lives in [docs/cleanup-roadmap.md](docs/cleanup-roadmap.md).

## Where we stopped
- **Parquet track:** 6a, 6b, 6c, 6d-1 (UINT_32/UINT_64 mapping) — **all done, verified,
  committed.** `zig build test` → **413/414 tests pass**.
- **6d-2a (scalar logical types): DESIGN APPROVED + spec committed.** We are in the
  brainstorming skill's user-review gate; the user was asked to review before the plan.
- Branch: `main` · **pushed? NO** (10 commits ahead of `origin/main`).
"""

NEXT = """## ▶ Next action
User reviews the spec
[docs/specs/6d-2a-design.md](docs/specs/6d-2a-design.md).
On approval, **invoke the `writing-plans` skill** to produce the implementation plan,
starting with sub-phase **6d-2a.0 (shared infra)** in `src/dataframe/parquet.zig`.
"""

LEARNED = """## Non-obvious learnings
- **Decimal = i256** (≤76 precision), because pyarrow writes decimals of up to 76 digits.
- Tried decoding INT96 as i64 nanos first: it didn't work, the Julian day overflows.
"""

RESUME = """## How to resume
1. Read `docs/cleanup-roadmap.md` (phase tracker) and the spec.
2. Type system context: `src/dataframe/boxed_series.zig`.
"""


def _md_incomplete(run_cli: Run, repo: GitRepo) -> list[str]:
    result = run_cli(["check"], cwd=repo.root)
    assert result.code in (0, 1), result.err
    return [line for line in result.out.splitlines() if "md-incomplete" in line]


def test_a_wait_then_the_work_is_a_next_step_not_only_a_wait(repo: GitRepo, run_cli: Run) -> None:
    repo.write("CONTINUE.md", "# Continue Here — Session Handoff\n\n" + NEXT)
    repo.commit("handoff")
    found = _md_incomplete(run_cli, repo)
    assert not any("no usable next step" in line or "next step" in line for line in found), found
    assert run_cli(["check"], cwd=repo.root).code == 0


@pytest.mark.parametrize("resume_first", [False, True])
def test_check_explain_and_show_read_the_next_action_section(
    repo: GitRepo, run_cli: Run, resume_first: bool
) -> None:
    body = [RESUME, NEXT] if resume_first else [NEXT, RESUME]
    repo.write("CONTINUE.md", "\n".join([STOPPED, *body[:1], LEARNED, *body[1:]]))
    repo.commit("handoff")
    found = _md_incomplete(run_cli, repo)
    assert not any("next step" in line for line in found), found
    explained = run_cli(["explain", "md-incomplete", "--file", "CONTINUE.md"], cwd=repo.root)
    assert explained.code == 0, explained.err
    assert "(heading): ▶ Next action" in explained.out, explained.out
    shown = show(run_cli, repo)
    assert shown.code == 0, shown.err
    assert shown.out.startswith("Next action: User reviews the spec"), shown.out
    assert "invoke the `writing-plans` skill" in shown.out.split("\n\n", 1)[0]


def test_a_wait_alone_is_still_only_a_wait(repo: GitRepo, run_cli: Run) -> None:
    repo.write(
        "CONTINUE.md",
        STOPPED + "\n## ▶ Next action\nUser reviews the spec `docs/specs/6d-2a-design.md`.\n"
        "The plan comes after that.\n",
    )
    repo.commit("handoff")
    found = _md_incomplete(run_cli, repo)
    assert any(
        'the "## ▶ Next action" at line 11 holds no work to start' in line for line in found
    ), found
    assert not any('found no "Next steps" section' in line for line in found), found
