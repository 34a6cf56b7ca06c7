"""Round 33 of the reading (tuned on rounds 29-33): a step that only runs something to see it
work ("Run TASK-12 to confirm the icons render") asks for no work, and neither a next-step label
over such steps nor a last paragraph made of one names a next step; a next-step heading whose
aside names a wish list ("Remaining (Future Work)") heads one; a heading in Traditional Chinese
reads as its Simplified form; a dated handoff with a heading addressed to the next session ("## Your
role") stays a handoff; a `<name>` inside a path or command in code is a parameter, not a blank;
"None — <why>" under open items is no step.

Examples written for these tests (not copied from any labelled file), each beside a near miss
that must keep its reading.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.facets import read
from handoff_audit.markdown.prompts import instructions
from handoff_audit.markdown.prose import placeholder_in

RECORD = (
    "# Icon refresh\n\n"
    "The launcher icons were regenerated for Android and iOS; `TASK-11` is complete.\n\n"
    "Files changed: `android/res/mipmap-hdpi/ic_launcher.png`, `ios/AppIcon.appiconset/`.\n\n"
)


@pytest.mark.parametrize(
    "ending",
    [
        "Recommended next step:\n\n- Run `TASK-12` on a real phone to confirm the icons render.\n",
        "Next steps:\n\n- Open the staging site and check that the favicon shows.\n",
        "Run the app on a physical iPhone to confirm the icon renders.\n",
    ],
)
def test_a_step_that_only_runs_something_to_see_it_work_is_no_next_step(ending: str) -> None:
    assert read(RECORD + ending).found["next"] == []


@pytest.mark.parametrize(
    "ending",
    [
        "Recommended next step:\n\n- Add the dark-mode icon set to `ios/AppIcon.appiconset/`.\n",
        "Next steps:\n\n- Run the generator to add the monochrome icon, then confirm on a phone.\n",
        "Run `make icons` to regenerate the tvOS set, which is still missing.\n",
    ],
)
def test_a_step_that_names_work_stays_a_next_step(ending: str) -> None:
    assert read(RECORD + ending).found["next"]


@pytest.mark.parametrize(
    ("heading", "facet"),
    [
        ("Remaining (Future Work)", "ideas"),
        ("Next steps (future ideas)", "ideas"),
        ("Next steps (in order)", "next"),
        ("Remaining (2 items)", "next"),
    ],
)
def test_an_aside_naming_a_wish_list_makes_a_next_step_heading_one(
    heading: str, facet: str
) -> None:
    assert heading_facet(heading) == facet


@pytest.mark.parametrize(
    ("heading", "facet"),
    [
        ("五、關鍵技術決策（重要！）", "decisions"),  # Traditional for 关键技术决策
        ("目前狀態", "state"),  # Traditional for 目前状态
        ("關鍵技術决策", "decisions"),  # the two scripts mixed
        ("今後の改善候補", "ideas"),  # Japanese kanji still match themselves
        ("決定事項", "decisions"),
    ],
)
def test_a_traditional_chinese_heading_reads_as_its_simplified_form(
    heading: str, facet: str
) -> None:
    assert heading_facet(heading) == facet


def test_reading_traditional_text_keeps_every_line_number() -> None:
    text = (
        "# 交接\n\n## 目前狀態\n\n- 匯出功能已完成，測試通過。\n\n"
        "## 下一步\n\n- 修正 `src/匯出.py` 的日期。\n"
    )
    reading = read(text)
    assert [e.line for e in reading.found["state"]][:1] == [3]
    assert [e.line for e in reading.found["next"]][:1] == [7]


_ROLE = (
    "# Handoff\n\n{date}## Your role\n\nYou are the tutor for this workspace. Pick up and "
    "teach.\n\n## Where things stand\n\n- Lessons 1-7 shipped in `lessons/`.\n\n"
    "## Next\n\n- Write lesson 8 on authentication in `lessons/0008-auth.html`.\n"
)


def test_a_dated_handoff_with_a_role_heading_for_the_next_session_stays_a_handoff() -> None:
    assert instructions(_ROLE.format(date="Last updated: 2026-08-10 (end of session 7).\n\n")) == []


def test_an_undated_prompt_with_a_role_heading_is_an_agents_prompt() -> None:
    assert instructions(_ROLE.format(date=""))


@pytest.mark.parametrize(
    ("line", "blank"),
    [
        ("- Parse `raw/<boardSeq>.hwpx` into `data/<boardSeq>.md`", False),
        ("- Run `python wiki.py --ingest <id>` for each new notice", False),
        ("- Branch: `<branch>`", True),
        ("- Branch: <branch name>", True),
    ],
)
def test_a_name_in_angle_brackets_inside_a_path_or_command_is_a_parameter(
    line: str, blank: bool
) -> None:
    assert (placeholder_in(line) is not None) is blank


@pytest.mark.parametrize(
    ("ending", "step"),
    [
        ("- None — both fixes verified live, the suite passes.\n", False),
        ("- Nothing: the release is out.\n", False),
        ("- Wire the export button to `/api/export`.\n", True),
    ],
)
def test_none_with_its_reason_under_open_items_is_no_step(ending: str, step: bool) -> None:
    text = RECORD + "## Open items / follow-ups\n\n" + ending
    assert bool(read(text).found["next"]) is step
