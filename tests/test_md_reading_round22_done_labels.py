"""Round 22: an "Actions:" label over what was done is a record, not a next step.

The round-22 label reading made a short next-step label over a list count like a heading. An
audit log whose every pass has "Findings:" and "Actions:" ("- Rebuilt the sprite …", "- Kept
the palette …") then had a next step although every action was done. Examples written here.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

_PASS = """# 2026-07-12 art audit, pass 3

Findings:

- The boss silhouette read too much like a composed cleric.

Actions:

{actions}

Evidence:

- `art/audit/pass-03-boss.png`
"""

_DONE = """- Rebuilt the boss around an asymmetrical body and an overlong rake arm.
- Kept the apparatus in cold metal and wax from the approved palette.
- Set movement to 1 and placed the opening at distance two."""

_TO_DO = """- Rebuild the boss around an asymmetrical body and an overlong rake arm.
- Keep the apparatus in cold metal and wax from the approved palette."""


def test_actions_that_were_done_are_no_next_step() -> None:
    assert not read(_PASS.format(actions=_DONE)).has("next")


def test_actions_still_to_take_are_the_next_step() -> None:
    assert read(_PASS.format(actions=_TO_DO)).has("next")
