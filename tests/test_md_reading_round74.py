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
