"""Round 26 of the reading (tuned on rounds 22-25): done and optional work under next-step
names, empty and crossed-off next steps, agents' prompts by their own syntax, done work in other
languages.

Examples written for these tests (not copied from any labelled file), each beside a near miss
that must keep its reading.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.facets import read
from handoff_audit.markdown.prompts import instructions


@pytest.mark.parametrize(
    "heading",
    ["Tasks Completed", "Completed tasks", "Actions taken", "Actions exécutées", "完了したタスク"],
)
def test_a_heading_over_done_tasks_names_the_state(heading: str) -> None:
    assert heading_facet(heading) == "state"


@pytest.mark.parametrize(
    "heading", ["Tasks to complete", "Remaining tasks", "Not done yet", "Next steps"]
)
def test_a_heading_over_tasks_still_to_do_names_the_next_step(heading: str) -> None:
    assert heading_facet(heading) == "next"


@pytest.mark.parametrize(
    "heading",
    [
        "Optional next steps",
        "Next steps (optional)",
        "今後の改善候補（ユーザーと合意済みではない）",
        "后续可选的优化方向",
        "다음에 추가하면 좋은 것들 (보류 중)",
    ],
)
def test_a_heading_over_work_nobody_committed_to_is_a_wish_list(heading: str) -> None:
    assert heading_facet(heading) == "ideas"


def test_a_blocked_queue_is_a_risk_not_a_next_step() -> None:
    assert heading_facet("Blocked queue") == "risks"
    assert heading_facet("Blockers") == "risks"


_STATUS = """# Status: report export

## Done this session

- Added the CSV export to `reports/export.py`; tests pass (`tests/test_export.py`).

## Next steps

{items}
"""


def _next(items: str) -> bool:
    return bool(read(_STATUS.format(items=items)).found.get("next"))


def test_no_outstanding_follow_ups_is_no_step() -> None:
    assert not _next("No outstanding follow-ups from the export work.\n")


def test_struck_through_items_are_crossed_off() -> None:
    assert not _next("1. ~~Wire the export button~~ (done)\n2. ~~Add the XLSX writer~~\n")


def test_a_live_item_beside_struck_ones_is_a_step() -> None:
    assert _next("1. ~~Wire the export button~~\n2. Add the XLSX writer to `reports/xlsx.py`\n")


_LOG = """# Worklog

## 2026-04-19

- Final polish of the report pages (`reports/pages.py`); tests pass.

Open Questions: none
Next Step: {step}
"""


def test_a_next_step_label_of_one_bare_verb_is_no_step() -> None:
    assert not read(_LOG.format(step="Submit")).found.get("next")
    assert read(_LOG.format(step="Add the XLSX writer to `reports/xlsx.py`")).found.get("next")


@pytest.mark.parametrize(
    "text",
    [
        "You are the Release Agent.\n\n## Steps\n\n1. Read `CHANGELOG.md`.\n2. Draft the notes.\n",
        "Summarise the session for the next one.\n\nFocus on: $ARGUMENTS\n\n- What changed\n",
        "When the human types `/wrap-up`, close the session.\n\n## Step 1\n\nCommit the work.\n",
        "# Save progress\n\n## Execute These Steps\n\n### Step 1\n\nRun `git status`.\n",
        "# Resume\n\n- **Latest state**: !{ls -t notes/state_*.md | head -n 1}\n",
    ],
)
def test_an_agents_prompt_is_told_by_its_own_syntax(text: str) -> None:
    assert instructions(text)


def test_a_handoff_that_names_the_command_syntax_in_code_stays_a_handoff() -> None:
    text = (
        "# Handoff 2026-05-02\n\n## Done\n\n- Fixed the `/wrap-up` command: it reads "
        "`$ARGUMENTS` now (`commands/wrap-up.md`).\n- Tests pass.\n\n## Next\n\n"
        "- Add the `--dry-run` flag to `commands/wrap-up.md`.\n"
    )
    assert instructions(text) == []


@pytest.mark.parametrize(
    "entry",
    [
        "- 完成下冲头机构建模，往复行程 24mm 验证通过\n",
        "Se creó el repositorio y se configuró la estructura de carpetas.\n",
        "- Criei a tabela de contexto do sistema.\n",
    ],
)
def test_done_work_in_another_language_is_the_state(entry: str) -> None:
    assert read(f"# Bitácora\n\n## 0607\n\n{entry}").found.get("state")


def test_a_chinese_plan_item_is_not_done_work() -> None:
    assert not read("# 计划\n\n## 0608\n\n- 添加单元测试\n").found.get("state")
