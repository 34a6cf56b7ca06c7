"""Round 74: next-step sections a blind reader found no usable step in, although the audit did.

A task plan whose phases are subsections, every box ticked with an emoji ("- [✅] 1.1 …"), is
done: the heading over the phases, with only a note on how to tick them, names no step.
Examples written for these tests.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

_PLAN = """# Handoff: bakery site

## Status
The site builds and every page renders; see `src/pages/`.

## Task plan

Tick each task with ✅ when it is done. A new session starts at the first task without one.

### Phase 1: base
- [✅] 1.1 Configure `astro.config.mjs`
- [✅] 1.2 Create `src/styles/global.css`

### Phase 2: pages
- [✅] 2.1 Build `src/pages/index.astro`
- [✅] 2.2 Build `src/pages/404.astro`
"""


def test_a_plan_whose_phases_are_all_ticked_with_emoji_names_no_step() -> None:
    reading = read(_PLAN)
    assert not reading.found["next"]
    assert reading.stepless_next is not None
    assert reading.stepless_next.text.startswith("Tick each task")


def test_one_open_task_in_a_phase_is_still_a_step() -> None:
    text = _PLAN.replace("- [✅] 2.2 Build", "- [ ] 2.2 Build")
    assert read(text).found["next"]


def test_an_emoji_box_ticks_an_item_of_the_section_itself() -> None:
    flat = """# Handoff

## Next steps
- [✅] Wire the export button to `/api/export`
- [✔️] Add a retry to `src/jobs/sync.py`
"""
    assert not read(flat).found["next"]
    assert read(flat.replace("- [✔️] Add", "- [ ] Add")).found["next"]


_TRIAGE = """# Handoff: photo export

## State
Export on Android writes to the folder the user picked; fixed in `src/export/save.ts`.

## Next steps

If the user reports more problems, check in this order:

1. Android export still failing: look at `saveFile()` in `MainActivity.kt`.
2. Files not found after export: check the folder permission first.
"""


def test_steps_under_a_lead_in_waiting_on_the_users_report_are_no_step() -> None:
    reading = read(_TRIAGE)
    assert not reading.found["next"]
    assert reading.stepless_next is not None


def test_the_same_steps_in_other_languages_wait_on_the_user_too() -> None:
    for lead_in in (
        "如果用户继续反馈，建议按这个顺序排查：",
        "Si el usuario reporta otro fallo, revisa en este orden:",
        "When the client comes back with more bugs:",
    ):
        text = _TRIAGE.replace("If the user reports more problems, check in this order:", lead_in)
        assert not read(text).found["next"], lead_in


def test_a_plain_lead_in_keeps_its_steps() -> None:
    text = _TRIAGE.replace("If the user reports more problems, check in this order:", "In order:")
    assert read(text).found["next"]


_UNCHECKED = """# Handoff: timetable tool

## State
Assignment runs end to end on the sample roster; `node tests/engine.test.js` passes.

## Next steps (not yet confirmed by the user)

- The pre-check list with the real teacher roster: the subject matching may need more work.
- How the exported workbook looks in desktop Excel.
"""


def test_a_next_section_headed_as_waiting_on_the_users_check_names_no_step() -> None:
    reading = read(_UNCHECKED)
    assert not reading.found["next"]
    assert reading.stepless_next is not None


def test_the_users_pending_check_in_other_languages_and_words() -> None:
    for heading in (
        "사용자가 아직 확인하지 않은 것 / 다음 후보",
        "用户尚未确认的事项 / 下一步",
        "Next: the owner hasn't verified these yet",
        "Next steps (awaiting user feedback)",
    ):
        text = _UNCHECKED.replace("Next steps (not yet confirmed by the user)", heading)
        assert not read(text).found["next"], heading


def test_a_next_section_with_steps_of_its_own_keeps_them() -> None:
    text = _UNCHECKED.replace("Next steps (not yet confirmed by the user)", "Next steps")
    text = text.replace("- How the exported", "- Add a CSV export to `src/export.js`.\n- How the")
    assert read(text).found["next"]


_NEEDS_SAM = """# Handoff - 2026-03-02

## Where things stand
`main` at `a1b2c3d`, clean; CI green on every platform.

## Open, and each one needs Sam

1. **The repository is private.** Making it public turns on the badges; the next step is Sam's.
2. **The screenshot is missing.** It has to be taken on a Mac with the app running.
"""


def test_a_heading_whose_items_each_need_someone_holds_no_next_step() -> None:
    assert not read(_NEEDS_SAM).found["next"]
    for heading in ("Open items: all wait on the owner", "Open, waiting on the client"):
        text = _NEEDS_SAM.replace("Open, and each one needs Sam", heading)
        assert not read(text).found["next"], heading


def test_the_same_items_under_a_plain_heading_keep_their_step() -> None:
    text = _NEEDS_SAM.replace("Open, and each one needs Sam", "Open")
    assert read(text).found["next"]
    tools = _NEEDS_SAM.replace("Open, and each one needs Sam", "Open, each needs Docker running")
    assert read(tools).found["next"]


_PREFLIGHT = """# Session handoff

## Done
The rating panel ships in `src/components/RatingPanel.vue`; `npm run build` passes.

## Next session: check these first
1. `git status` is clean.
2. You are on `main`.
"""


def test_a_heading_over_checks_to_run_first_names_no_step() -> None:
    reading = read(_PREFLIGHT)
    assert not reading.found["next"]
    assert reading.stepless_next is not None
    for heading in (
        "如果新对话继续做，建议先确认",
        "Next session: pre-flight",
        "Next: sanity checks",
    ):
        text = _PREFLIGHT.replace("Next session: check these first", heading)
        assert not read(text).found["next"], heading


def test_a_next_step_heading_without_the_check_keeps_its_items() -> None:
    text = _PREFLIGHT.replace("Next session: check these first", "Next steps")
    text = text.replace("2. You are on `main`.", "2. Add paging to `src/components/List.vue`.")
    assert read(text).found["next"]


_CONSIDERED = """# Devlog: dashboard shipped

## State
The dashboard renders from `src/dashboard/server.ts`; `npm test` passes.

## Design notes

**Server-rendered pages, not a SPA.** Considered React with a router, went with plain templates:
the SPA would have cost a day of bundling for one screen.
"""


def test_an_option_considered_then_passed_over_is_ruled_out() -> None:
    found = read(_CONSIDERED).found["ruled_out"]
    assert [e.how for e in found] == ["an option considered and passed over"]
    for sentence in (
        "We evaluated Redis and SQLite; chose SQLite for the single-user app.",
        "考虑过用 Redis 做缓存，最终选择了内存 LRU，因为只有一个进程。",
        "Consideramos usar Firebase, pero elegimos Supabase por el precio.",
    ):
        text = _CONSIDERED.replace(
            "Considered React with a router, went with plain templates:", sentence
        )
        assert read(text).found["ruled_out"], sentence


def test_considered_done_or_a_plain_choice_rules_nothing_out() -> None:
    done = _CONSIDERED.replace(
        "Considered React with a router, went with plain templates:",
        "The page is considered done, and we went with the old colours:",
    )
    assert not read(done).found["ruled_out"]
    chosen = _CONSIDERED.replace(
        "Considered React with a router, went with plain templates:", "Plain templates:"
    )
    assert not read(chosen).found["ruled_out"]


_CAVEATS = """# Handoff: forecast model

## State
The stacked model trains in `train.py`; validation RMSE is 0.41 on `data/val.parquet`.

**Caveats:**
- The validation split is only six weeks long.
- Feature importances are from one seed.
"""


def test_caveats_are_limits_of_the_work_not_something_ruled_out() -> None:
    assert not read(_CAVEATS).found["ruled_out"]
    heading = _CAVEATS.replace("**Caveats:**", "## Caveats")
    assert not read(heading).found["ruled_out"]


def test_gotchas_still_count_as_ruled_out() -> None:
    assert read(_CAVEATS.replace("**Caveats:**", "**Gotchas:**")).found["ruled_out"]
