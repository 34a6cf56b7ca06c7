"""After the Stop hook's `handoff-outdated` fix (a ``## Since then`` section and the new step
written first under the handoff's next-step heading, whatever it is called, "## Start here next
session" here, the earlier step kept below it), the new step is the handoff's next step: `show`
and the session-start brief quote it first, and `check` and `explain` judge that section."""

from __future__ import annotations

import json
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


def _follow_the_printed_fix(git_repo: GitRepo, next_now: str, handoff: str = HANDOFF) -> None:
    """The branch moves on after the handoff; the Stop hook's printed fix is run as printed,
    its ``<...>`` filled in, and committed."""
    git_repo.write("src/map.ts", "export const pad = 0;\n")
    git_repo.write("SESSION_HANDOFF.md", handoff)
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
    # The next action is the step written now alone; the steps kept below it are in the text.
    assert shown.startswith(f"Next action: {step}\n(SESSION_HANDOFF.md, "), shown
    assert "Steps written here before (delete those done):" in shown, shown  # the old one kept
    brief = context_of(run_hook(claude_start(git_repo.root)))
    assert brief.startswith(f"Next action: {step}\n(SESSION_HANDOFF.md, "), brief
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
    quoted, written = shown.split("As written", 1)
    assert quoted.startswith(f"Next action: {step}\n(SESSION_HANDOFF.md, "), shown
    assert STALE not in quoted and STALE in written, shown  # the earlier step, kept below it


def test_an_earlier_next_label_kept_below_the_new_step_is_not_quoted(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """The step the refresh kept said "**Next:**" itself, the new one does not: the next
    session (an agent reading only the brief) is still handed the new one, alone."""
    old = "**Next:** add map padding so the zoom controls are not hidden (`src/map.ts`)."
    step = "Write src/map.test.ts for 375px-wide phones."
    _follow_the_printed_fix(git_repo, step, HANDOFF.replace(HANDOFF.split("\n")[4], old))
    assert old in (git_repo.root / "SESSION_HANDOFF.md").read_text()
    for brief in (
        run_cli(["show"], cwd=git_repo.root).out,
        context_of(run_hook(claude_start(git_repo.root))),
    ):
        assert brief.startswith(f"Next action: {step}\n(SESSION_HANDOFF.md, "), brief
    shown = json.loads(run_cli(["show", "--format", "json"], cwd=git_repo.root).out)
    [next_action] = [s for s in shown["sections"] if s["key"] == "next_action"]
    assert next_action["items"] == [step]
