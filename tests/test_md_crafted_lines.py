"""Lines shaped to make a facet's regex backtrack (one word repeated thousands of times) read as
they did: the "now … instead" exception of the ruled-out cue scanned the rest of the line again
from every "now", so a 56 KB line of them took half a minute (`bench/crafted.py` times it)."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import GitRepo

HANDOFF = """# Handoff

## State
The exporter writes CSV; tests pass.

## Next step
Wire the exporter into `src/cli.py`.

## Decisions
Chose CSV over JSON because the finance team opens it in a spreadsheet.

## Notes

{line}

{line}
"""


@pytest.mark.parametrize(
    ("tail", "ruled_out"),
    [
        ("we read the cache instead of the API.", False),
        ("the old parser broke on tabs.", True),
    ],
)
def test_a_line_of_repeated_now_keeps_its_reading(
    run_cli: Any, git_repo: GitRepo, tail: str, ruled_out: bool
) -> None:
    line = "now " * 400 + tail
    git_repo.write("HANDOFF.md", HANDOFF.format(line=line))
    git_repo.commit("handoff")
    result = run_cli(["check", "--format", "json", "--select", "md-incomplete"], cwd=git_repo.root)
    assert result.code in (0, 1), result.err
    messages = [f["message"] for f in result.json()["findings"]]
    assert any(m.startswith("nothing ruled out") for m in messages) is not ruled_out, messages
