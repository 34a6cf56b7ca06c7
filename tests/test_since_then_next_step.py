"""After the Stop hook's `handoff-outdated` fix (a ``## Since then`` section and the new step
written first under the handoff's next-step heading, whatever it is called, "## Start here next
session" here, the earlier step kept below it), the new step is the handoff's next step: `show`
and the session-start brief quote it first, and `check` and `explain` judge that section."""

from __future__ import annotations

import re
import subprocess

from agent_support import run_hook, stop_event
from conftest import GitRepo
from test_agent_session_start import claude_start, context_of
from test_brief_show import Run

HANDOFF = """# Session Handoff

## Start here next session

**First action:** add map padding so the zoom controls are not hidden by the bottom sheet \
(`src/map.ts`).

## Decisions
- Bottom sheet snaps at 20/55/92%, because WCAG 1.4.10 reflow needs the 20% peek.

## Ruled out
- A fixed-height sheet: it hid the map on small phones.

## Historical session log

### Session 14
Added the bottom sheet.
"""
STALE = "add map padding so the zoom controls"


def _follow_the_printed_fix(git_repo: GitRepo, next_now: str) -> None:
    """The branch moves on after the handoff; the Stop hook's printed fix is run as printed,
    its ``<...>`` filled in, and committed."""
    git_repo.write("src/map.ts", "export const pad = 0;\n")
    git_repo.write("SESSION_HANDOFF.md", HANDOFF)
    git_repo.commit("handoff")
    git_repo.git("switch", "-q", "-c", "feat/pad")
    git_repo.write("src/map.ts", "export const pad = 24;\n")
    git_repo.commit("feat: map padding")
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    [fix] = re.findall(r"^  fix: (t=\$\(mktemp\) .*)$", blocked.err, re.MULTILINE)
    assert "Start here next session" in blocked.err or "awk -v L=3 " in fix, blocked.err
    filled = re.sub(r'"<what the commits[^"]*>"', '"Map padding is 24px now (src/map.ts)."', fix)
    filled = filled.replace('"<the next step now>"', f'"{next_now}"')
    assert '"<' not in filled, filled
    subprocess.run(["sh", "-c", filled], cwd=git_repo.root, check=True)
    git_repo.commit("handoff: refresh")


def test_the_appended_next_step_is_the_one_quoted(git_repo: GitRepo, run_cli: Run) -> None:
    step = "Add a padding test for 375px-wide phones to src/map.test.ts."
    _follow_the_printed_fix(git_repo, step)
    assert run_hook(stop_event(git_repo.root)).code == 0
    assert run_cli(["check", "-q"], cwd=git_repo.root).code == 0
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert shown.startswith(f"Next action: {step}\n"), shown
    assert "Steps written here before (delete those done):" in shown, shown  # the old one kept
    brief = context_of(run_hook(claude_start(git_repo.root)))
    assert brief.startswith(f"Next action: {step}\n"), brief
    explained = run_cli(
        ["explain", "md-incomplete", "--file", "SESSION_HANDOFF.md"], cwd=git_repo.root
    ).out
    assert "next: found (1 place)\n    line 7 (heading): Start here next session\n" in explained, (
        explained
    )


def test_a_written_step_that_is_no_work_is_quoted_first_with_the_old_one_kept(
    git_repo: GitRepo, run_cli: Run
) -> None:
    step = "Check the padding on a 375px-wide phone, then open the pull request."
    _follow_the_printed_fix(git_repo, step)
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert shown.startswith(f"Next action: {step}\n"), shown
    assert STALE in shown.split("As written", 1)[0], shown  # the earlier step, kept below it
