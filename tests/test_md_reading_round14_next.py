"""Issue 20, round 14: a handoff that declares itself no longer current, in its title or its
opening block, has no current next step, whatever its "Next steps" section still lists. Only the
declaration's place counts: the same words further down, or about another file, retire nothing.
Examples written for these tests."""

from __future__ import annotations

from handoff_audit.markdown.facets import read

BODY = """\
## Where things stand

The track editor saves layouts to `data/layouts/*.json`; the physics step runs at 120 Hz.

## Next steps

1. Move the spline sampler out of `src/track/editor.ts` into `src/track/spline.ts`.
2. Add a test for loop-de-loop tracks in `tests/track/spline.test.ts`.
"""

BANNER = """\
# Continue: coaster track editor

> **Superseded as working guidance by `docs/REFACTOR_PLAN.md`** (2026-07-20). Kept as a
> historical reference only; do not follow this file's plan of record.

"""


def test_a_file_under_a_superseded_banner_has_no_current_next_step() -> None:
    assert not read(BANNER + BODY).has("next")


def test_the_same_file_without_the_banner_has_its_next_step() -> None:
    assert read("# Continue: coaster track editor\n\n" + BODY).has("next")


def test_a_title_tagged_archived_retires_the_steps() -> None:
    assert not read("# Coaster editor handoff (archived)\n\n" + BODY).has("next")


def test_an_opening_sentence_with_the_file_as_subject_retires_the_steps() -> None:
    opening = "# Coaster editor handoff\n\nThis document is now obsolete; see `docs/PLAN.md`.\n\n"
    assert not read(opening + BODY).has("next")


def test_a_file_that_supersedes_an_earlier_one_keeps_its_steps() -> None:
    opening = "# Coaster editor handoff\n\nSupersedes the morning handoff of 2026-07-19.\n\n"
    assert read(opening + BODY).has("next")


def test_another_file_archived_in_the_opening_retires_nothing() -> None:
    opening = (
        "# Coaster editor handoff\n\nPrior handoff archived at `notes/handoffs/2026-07-19.md`.\n\n"
    )
    assert read(opening + BODY).has("next")


def test_an_archive_named_in_the_title_is_no_declaration() -> None:
    assert read("# Handoff archive — 2026-07\n\n" + BODY).has("next")


def test_a_banner_below_the_opening_blocks_retires_nothing() -> None:
    late = BODY + "\n## Notes\n\n> **Deprecated:** the old `editor_v1.ts` entry point.\n"
    assert read("# Coaster editor handoff\n\n" + late).has("next")
