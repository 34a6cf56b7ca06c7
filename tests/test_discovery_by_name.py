"""Discovery and pairing look on disk only for what the listing did not show: the answers are
`os.path.lexists`'s and the pairs those of looking at each file."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from handoff_audit.engine import discovery
from handoff_audit.engine.discovery import PacketFiles, pair


def test_a_folder_listing_answers_as_lexists(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "handoff.json").write_text("{}")
    (tmp_path / "a" / "gone.json").symlink_to(tmp_path / "nowhere")
    (tmp_path / "file").write_text("")
    listing = discovery._Listing()
    for name in ("a/handoff.json", "a/gone.json", "a/missing.json", "b/handoff.json", "file/x"):
        path = str(tmp_path / name)
        assert listing.lexists(path) == os.path.lexists(path), name
    assert listing.lexists(os.sep) and listing.lexists(str(tmp_path))


def test_pairs_are_found_for_files_the_listing_did_not_give(tmp_path: Path) -> None:
    for name in ("one/handoff.json", "one/handoff.md", "two/handoff.json", "two/handoff.md"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("x")
    (tmp_path / "three").mkdir()
    (tmp_path / "three" / "HANDOFF.md").write_text("x")
    (tmp_path / "three" / "notes.json").write_text("x")
    given = [
        tmp_path / "one/handoff.json",
        tmp_path / "two/handoff.md",
        tmp_path / "three/HANDOFF.md",
    ]
    expected = [
        PacketFiles(str(tmp_path / "one/handoff.json"), "json", str(tmp_path / "one/handoff.md")),
        PacketFiles(
            str(tmp_path / "three/HANDOFF.md"), "markdown", str(tmp_path / "three/HANDOFF.md")
        ),
        PacketFiles(str(tmp_path / "two/handoff.json"), "json", str(tmp_path / "two/handoff.md")),
    ]
    assert pair(given) == expected
    assert pair(given, discovery._Listing().lexists) == expected
    assert pair(map(str, given), discovery._Listing().lexists) == expected


_PART = st.sampled_from(["a", "a-b", "a.b", "b", "A", "a b", "é", "handoff.json", "x.md"])


@given(st.lists(st.lists(_PART, min_size=1, max_size=4), max_size=12))
def test_names_sort_as_their_paths_do(parts: list[list[str]]) -> None:
    # Discovery keeps paths as strings (speed) in the order `sorted` gives their `Path`s.
    root = Path("/work/repo")
    names = list(dict.fromkeys("/".join(each) for each in parts))
    as_strings = sorted((discovery._under(root, name) for name in names), key=discovery._in_order)
    assert as_strings == [str(path) for path in sorted(root / name for name in names)]
