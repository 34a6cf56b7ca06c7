"""A month name in a series' file names is a full date (review 48-1, item 5): of
``handoff-jul-30-2026.md`` and ``handoff-aug-05-2026.md`` the August file is current and
judged, not passed over because 30 is more than 5."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import GitRepo

GOOD = """\
# Handoff {name}

## State
Tests pass on `src/app.py`.

## Next step
- [ ] Wire the parser into `src/cli.py` (written {name}).

## Decisions
- Kept JSON output — because the CI reads it.

## Ruled out
- Tried YAML — it did not work because of the anchors.
"""

TEMPLATE = f"""\
# Handoff Aug 05 2026

## State
[describe the current state]

## Next step
- [ ]{" "}

## Decisions
- [decision] — [why]
"""


@pytest.mark.parametrize(
    ("july", "august"),
    [
        ("handoff-jul-30-2026.md", "handoff-aug-05-2026.md"),
        ("Handoff 30 July 2026.md", "Handoff 5 August 2026.md"),
        ("2026-jul-30.md", "2026-aug-05.md"),
    ],
)
def test_the_august_file_is_current_and_judged(
    run_cli: Any, git_repo: GitRepo, july: str, august: str
) -> None:
    git_repo.write(f"docs/handoffs/{july}", GOOD.format(name=july))
    git_repo.commit(july, date="2026-07-30T20:00:00Z")
    git_repo.write(f"docs/handoffs/{august}", GOOD.format(name=august))
    git_repo.commit(august, date="2026-08-05T20:00:00Z")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert result.code == 0, result.out
    packets = result.json()["packets"]
    assert [(p["path"], p["history"]) for p in packets] == [
        (f"docs/handoffs/{august}", [f"docs/handoffs/{july}"])
    ]
    shown = run_cli(["show"], cwd=git_repo.root)
    assert f"(written {august})" in shown.out and july not in shown.out.splitlines()[1]

    git_repo.write(f"docs/handoffs/{august}", TEMPLATE)
    git_repo.commit("template", date="2026-08-05T21:00:00Z")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert result.code == 1, result.out
    judged = {(f["path"], f["rule"]) for f in result.json()["findings"]}
    assert (f"docs/handoffs/{august}", "placeholder") in judged
