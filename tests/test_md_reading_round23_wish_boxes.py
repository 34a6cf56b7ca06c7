"""Issue 20, round 23: unticked boxes under a wish-list heading ("Future ideas", "Nice to have")
are improvements to consider, not a step the next session is committed to; the same boxes under
a to-do heading are one."""

from __future__ import annotations

from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.facets import read

JOURNAL = (
    "# Workium dev journal\n\n"
    "## Step 11 — README and deploy\n\n"
    "Wrote `README.md` and deployed to GitHub Pages; the task board loads for every department "
    "and the permission bug is fixed in `js/auth.js`.\n\n"
    "## Future ideas\n\n"
    "- [ ] Firebase Authentication for stronger security\n"
    "- [ ] Mobile layout polish\n"
    "- [ ] Per-member task statistics and charts\n"
)


def test_unticked_boxes_under_a_wish_list_heading_are_no_next_step() -> None:
    assert heading_facet("Future ideas") == "ideas"
    assert not read(JOURNAL).has("next")


def test_the_same_boxes_under_a_to_do_heading_are_a_next_step() -> None:
    assert read(JOURNAL.replace("## Future ideas", "## To do")).has("next")
    assert read(JOURNAL.replace("## Future ideas", "## Open items")).has("next")
