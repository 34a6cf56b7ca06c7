"""The next step of a hand-written note is its section headed as what to do first ("## 🔴
次セッション最優先課題", "## What Needs to Be Done Tomorrow"), not a design note further down
that only looks like one: "#### 材料取得の優先順位" (priority order for reading a material) under
"## 🎯 今後の機能拡張" (future extensions), or "### Next.js 15 Patterns". `show`, the
SessionStart brief and the Stop hook's in-place refresh read the same section, and the hook
never tells the agent to delete a next-step section that is still open (review 60 items 1, 3
and 5)."""

from __future__ import annotations

import re

import pytest

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo
from show_support import Run, briefs, briefs_on_branch, next_action

ADDIN = """# 型枠数量アドイン 引き継ぎメモ

**最終更新**: 2026-05-14

---

## 🔴 次セッション最優先課題（2026-05-14 時点）

**梁の側面に型枠の DirectShape が作られない不具合を直す**

再現手順と仮説は `docs/beam-sides.md` を参照。

## 現在の状態（2026-04-20 セッション終了時点）

柱と壁の型枠面積は手計算と一致する。

## 🎯 今後の機能拡張: 材料ベースの算出

### 設計時の注意点

#### 材料取得の優先順位
材料の取得は要素ごとに違うので、次の順に試す：
1. `Element.StructuralMaterialId`（柱・梁・基礎）
2. 複合構造なら `GetCompoundStructure().GetMaterialId(core)`（壁・床）
"""

TOMORROW = """# Session Handoff
**Date:** 2025-11-08

## Quick Summary

Four of five billing modules are done with tests first; 40 tests of module 5 are red.

## What We Accomplished Today

### Module 4: Invoice numbering
- Added 60 tests for the numbering service; all pass.

## What Needs to Be Done Tomorrow

### Priority 1: Finish module 5

**Estimated Time:** 30-45 minutes

**Task:** Implement the three invoice API route handlers in `app/api/invoices/`.

**Success Criteria:**
- The 40 module 5 tests pass.

## Notes for the Implementer

### Next.js 15 Patterns
Module 5 route handlers must use Next.js 15 App Router patterns:
- Dynamic route params are async: `const { id } = await context.params`
- Use `NextResponse.json()` for responses
"""
"""The reference notes sit in a section of their own, as in the note review 60 found."""


def test_show_quotes_the_top_task_not_a_design_note(git_repo: GitRepo, run_cli: Run) -> None:
    shown, started = briefs_on_branch(git_repo, run_cli, ADDIN)
    for brief in (shown, started):
        assert "Next action: **梁の側面に型枠の DirectShape が作られない不具合を直す**" in brief
        assert "材料の取得は要素ごとに違う" not in next_action(brief.split("Next action:")[1])


def test_show_quotes_tomorrows_task_not_a_reference_note(git_repo: GitRepo, run_cli: Run) -> None:
    shown, started = briefs_on_branch(git_repo, run_cli, TOMORROW)
    for brief in (shown, started):
        quoted = next_action(brief[brief.index("Next action:") :])
        # how long it takes is no step: the task is quoted first
        assert quoted.startswith("Next action: **Task:** Implement the three invoice API"), brief
        assert "App Router patterns" not in quoted, brief


_PLACEHOLDER = re.compile(r'"<what the commits since[^">]*>"')


def _refresh_fix(repo: GitRepo, name: str, note: str) -> str:
    """The Stop hook's reasons for ``note``, committed as ``name`` on a branch whose work moved
    on after it."""
    repo.write("src/app.py", "x = 1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/a")
    repo.write(name, note)
    repo.commit("handoff")
    repo.write("src/app.py", "x = 2\n")
    repo.commit("work")
    stop = run_hook(stop_event(repo.root))
    assert stop.code == 2, stop.err
    return stop.err


def _follow(repo: GitRepo, reasons: str, name: str) -> str:
    [command] = [line.removeprefix("  fix: ") for line in reasons.splitlines() if "  fix: " in line]
    filled = _PLACEHOLDER.sub("'x is 2 now.'", command)
    done = run_fix(repo.root, filled.replace('"<the next step now>"', "'Check x in staging.'"))
    assert done.returncode == 0, done.stderr
    return (repo.root / name).read_text(encoding="utf-8")


def test_the_hook_writes_under_the_top_task_and_keeps_it(git_repo: GitRepo) -> None:
    reasons = _refresh_fix(git_repo, "HANDOFF.md", ADDIN)
    assert "in place of the one under the next-step heading at line 7," in reasons, reasons
    assert "delete the older next-step sections" not in reasons, reasons
    text = _follow(git_repo, reasons, "HANDOFF.md")
    top = text[text.index("## 🔴 次セッション最優先課題") : text.index("## 現在の状態")]
    assert top.index("Check x in staging.") < top.index("梁の側面に型枠"), text  # kept below
    assert "#### 材料取得の優先順位\n材料の取得は要素ごとに違う" in text, text  # untouched


def test_the_hook_writes_under_tomorrows_work(git_repo: GitRepo, run_cli: Run) -> None:
    reasons = _refresh_fix(git_repo, "SESSION_HANDOFF.md", TOMORROW)
    # the subheading show quotes the task from, "### Priority 1: Finish module 5"
    assert "in place of the one under the next-step heading at line 15," in reasons, reasons
    assert "delete the older next-step sections" not in reasons, reasons
    assert "keep the other next-step sections" not in reasons, reasons  # not its own section
    text = _played(git_repo, run_cli, reasons, "SESSION_HANDOFF.md")
    assert "### Next.js 15 Patterns\nModule 5 route handlers must use" in text, text
    assert text.count("Since then") == 1, text
    since = text.index("## Since then\n\nRound 1 of work")
    assert since < text.index("## What Needs to Be Done Tomorrow\n\n### Priority 1"), text


TWO_SECTIONS = """# Handoff

## State
x is set in src/app.py; the tests pass because x is read once.

## Next steps
{first}

## Decisions
- Keep x a module constant because the loader reads it at import.

## Next step
- Read x from the settings file.
"""


def test_an_open_next_step_section_is_never_called_past(git_repo: GitRepo) -> None:
    note = TWO_SECTIONS.format(first="- Add a test for x in tests/test_app.py.")
    reasons = _refresh_fix(git_repo, "HANDOFF.md", note)
    assert "delete the older next-step sections" not in reasons, reasons
    # written under the first, the one show quotes; the second kept
    assert "in place of the one under the next-step heading at line 6," in reasons, reasons
    assert "keep the other next-step sections (at line 12): delete there only the steps" in reasons


def test_a_done_next_step_section_is_named_to_delete(git_repo: GitRepo) -> None:
    first = "- [x] Add a test for x in tests/test_app.py.\n- ~~Rename x~~ renamed to y."
    reasons = _refresh_fix(git_repo, "HANDOFF.md", TWO_SECTIONS.format(first=first))
    assert "delete the older next-step sections (at line 6): their steps are done" in reasons
    assert "keep the other next-step sections" not in reasons, reasons


TWO_OPEN = """# Handoff

## Done
- Parser written in `app.py`.

## Next steps
1. Add tests in `tests/test_app.py`.

## Priority 2: Tomorrow
- [ ] Wire the CLI in `cli.py`.

## Future ideas
### Next.js 15 Patterns
- use the app router

## Decisions
- Regex parser because it is fast.

## Ruled out
- PEG: too slow.
"""
"""Two open next-step sections before a design note: `show` quotes the first."""


def _played(repo: GitRepo, run_cli: Run, reasons: str, name: str) -> str:
    """Two rounds of an agent following the Stop hook's refresh fix (``reasons``) on ``name``
    and committing; after each, the hook lets go and `show` and SessionStart quote the step the
    agent wrote, then more work outdates the note."""
    for round_ in (1, 2):
        step = f"Round {round_}: test the parser in tests/test_app.py."
        [command] = [x.removeprefix("  fix: ") for x in reasons.splitlines() if "  fix: " in x]
        filled = _PLACEHOLDER.sub(f"'Round {round_} of work in app.py.'", command)
        done = run_fix(repo.root, filled.replace('"<the next step now>"', f"'{step}'"))
        assert done.returncode == 0, done.stderr
        repo.commit(f"handoff {round_}")
        assert run_hook(stop_event(repo.root)).code == 0
        for brief in briefs(repo, run_cli):
            assert next_action(brief[brief.index("Next action:") :]) == f"Next action: {step}"
        repo.write("src/app.py", f"x = {round_ + 2}\n")
        repo.commit(f"work {round_}")
        stop = run_hook(stop_event(repo.root))
        assert stop.code == 2, stop.err
        reasons = stop.err
    return (repo.root / name).read_text(encoding="utf-8")


def test_the_next_brief_quotes_the_step_the_hook_had_written(
    git_repo: GitRepo, run_cli: Run
) -> None:
    # attack 60-08: the hook wrote under "## Priority 2: Tomorrow" and called it done, while
    # show and SessionStart kept quoting "## Next steps"' original step, round after round
    reasons = _refresh_fix(git_repo, "HANDOFF.md", TWO_OPEN)
    assert "in place of the one under the next-step heading at line 6," in reasons, reasons
    assert "keep the other next-step sections (at line 9)" in reasons, reasons
    text = _played(git_repo, run_cli, reasons, "HANDOFF.md")
    assert "## Priority 2: Tomorrow\n- [ ] Wire the CLI in `cli.py`.\n" in text, text  # kept
    assert text.count("## Next steps") == 1 and text.count("## Since then") == 1, text


LABEL_IN_STATE = """# Handoff

## State
Current branch: `main`. The parser is written in `app.py` and its tests pass.

**Next:** add tests for the error paths in `tests/test_app.py`.

## Decisions
- Regex parser because it is fast.

## Ruled out
- PEG: too slow.

## History

### 2026-11-30
- Wrote the lexer in `app.py`.

#### Next steps
- Write the parser in `app.py`.
"""
"""`show` quotes the "**Next:**" line in "## State"; the only next-step heading is a log's."""


@pytest.mark.parametrize("log", ["History", "Verlauf", "Historique", "履歴", "История", "이력"])
def test_the_hook_writes_where_show_quotes_a_next_label(
    git_repo: GitRepo, run_cli: Run, log: str
) -> None:
    # the refresh wrote under the log entry's "#### Next steps" (the last heading), so show
    # kept quoting the "**Next:**" line round after round; a log headed in another language
    # than English was not known as one: show quoted the log entry's old step
    note = LABEL_IN_STATE.replace("## History", f"## {log}")
    reasons = _refresh_fix(git_repo, "HANDOFF.md", note)
    for brief in briefs(git_repo, run_cli):
        quoted = next_action(brief[brief.index("Next action:") :])
        assert quoted == "Next action: add tests for the error paths in `tests/test_app.py`."
    assert "in place of the one at line 6, with what changed above it" in reasons, reasons
    text = _played(git_repo, run_cli, reasons, "HANDOFF.md")
    assert "**Next:** Round 2: test the parser in tests/test_app.py.\n" in text, text
    assert "#### Next steps\n- Write the parser in `app.py`.\n" in text, text  # untouched
    assert text.count("## Since then") == 1, text
    assert text.index("## Since then") < text.index("## State") < text.index("**Next:** Round 2")


NUMBERED_STEPS = """# Handoff

## State
The parser is written in `app.py` and its tests pass.

## Next steps

### 1. Add tests for the error paths
Write them in `tests/test_app.py`.

### 2. Profile the lexer
Use `py-spy` on `app.py`.

## Decisions
- Regex parser because it is fast.

## Ruled out
- PEG: too slow.
"""


def test_numbered_step_subheadings_leave_one_next_action(git_repo: GitRepo, run_cli: Run) -> None:
    # the step went under "### 1. Add tests for the error paths": show then quoted that title
    # and the new step as one two-line action
    reasons = _refresh_fix(git_repo, "HANDOFF.md", NUMBERED_STEPS)
    assert "under the next-step heading at line 6," in reasons, reasons
    text = _played(git_repo, run_cli, reasons, "HANDOFF.md")
    assert "### 1. Add tests for the error paths\nWrite them in" in text, text  # kept below
    assert text.index("Round 2: test the parser") < text.index("### 1. Add tests"), text
