"""Round 21 of the facet reading: a failure that the same entry then fixed is a bug fixed.

Examples written for these tests (not copied from any labelled file), each beside a near miss.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facets import read

_LOG = """# Session notes

## What happened

- Added the export screen in `app/ExportView.swift` and wired it to the share sheet.
- {entry}

## Next

- Add a unit test for the CSV encoder in `app/Export.swift`.
"""


@pytest.mark.parametrize(
    "entry",
    [
        "The first build failed because `List(selection:)` needs an optional binding on iOS 16."
        " Fixed by making the selection `UUID?`; the second build succeeded.",
        "Upload tried the old endpoint and returned 404. **Fix:** the client now reads the base"
        " URL from `Config.plist`.",
    ],
)
def test_a_failure_fixed_in_the_same_entry_is_no_dead_end(entry: str) -> None:
    assert not read(_LOG.format(entry=entry)).has("ruled_out")


@pytest.mark.parametrize(
    "entry",
    [
        "The first build failed because `List(selection:)` needs an optional binding on iOS 16,"
        " so we dropped the multi-select list for a single picker.",
        "Fixed the share sheet crash. Tried a shared `URLSession` for uploads: it did not work"
        " with background tasks, so each upload gets its own session.",
    ],
)
def test_a_failure_not_followed_by_its_fix_is_still_ruled_out(entry: str) -> None:
    assert read(_LOG.format(entry=entry)).has("ruled_out")
