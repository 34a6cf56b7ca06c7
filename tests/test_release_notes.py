"""A release's notes are its CHANGELOG.md section (scripts/changelog.py), Keep a Changelog form."""

from __future__ import annotations

from pathlib import Path

import pytest

from script_loader import REPO, load_script

changelog = load_script("changelog")

TEXT = """# Changelog

## [Unreleased]

### Added

- Something not released yet.

## [1.2.0] - 2026-12-01

### Added

- `show` prints a packet.

### Fixed

- A message cut mid-word.

## [1.1.0] - 2026-11-02

### Changed

- Older notes.

[Unreleased]: https://github.com/o/n/compare/v1.2.0...HEAD
[1.2.0]: https://github.com/o/n/compare/v1.1.0...v1.2.0
"""


def test_a_sections_notes_without_its_heading_or_the_next_one() -> None:
    notes = changelog.section(TEXT, "v1.2.0")
    assert notes == (
        "### Added\n\n- `show` prints a packet.\n\n### Fixed\n\n- A message cut mid-word.\n"
    )
    assert changelog.section(TEXT, "1.1.0") == "### Changed\n\n- Older notes.\n"


@pytest.mark.parametrize(
    ("version", "says"),
    [
        ("v1.3.0", "no section ## [1.3.0]"),
        ("main", "not a release version"),
        ("Unreleased", "not a release version"),
    ],
)
def test_a_missing_section_stops_the_release(version: str, says: str) -> None:
    with pytest.raises(changelog.ChangelogError, match=r".*") as error:
        changelog.section(TEXT, version)
    assert says in str(error.value)


def test_the_command_line_prints_the_notes_and_exits_2_without(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "CHANGELOG.md"
    path.write_text(TEXT, encoding="utf-8")
    assert changelog.main(["v1.2.0", "--changelog", str(path)]) == 0
    assert capsys.readouterr().out.startswith("### Added\n")
    assert changelog.main(["v9.9.9", "--changelog", str(path)]) == 2
    assert "CHANGELOG.md: no section ## [9.9.9]" in capsys.readouterr().err


def test_the_repositorys_changelog_has_the_form() -> None:
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n")
    assert "## [Unreleased]" in text and "keepachangelog.com" in text
