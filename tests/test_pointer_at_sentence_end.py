"""A file name without a folder that ends a sentence ("The bug is in parser.py.") is a pointer,
as it is without the full stop and as `src/parser.py.` is; a longer name (`parser.py.bak`,
`parser.py.orig`) is not the same file and is no pointer by this cue."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import GitRepo

NO_POINTERS = "no pointers: found no path"


@pytest.fixture
def branch(tmp_path: Path) -> GitRepo:
    """A repository on a feature branch: on `main` the merge gate alone speaks."""
    return GitRepo(tmp_path / "repo", branch="feat/parser")


def _handoff(state: str) -> str:
    return f"# Handoff\n\n## State\n{state}\n\n## Next step\nWire the CLI.\n"


@pytest.mark.parametrize(
    "state",
    [
        "The bug is in parser.py.",
        "The bug is in parser.py",
        "The bug is in parser.py, line 40.",
        "The bug is in src/parser.py.",
        "Read README.md. Then the tests.",
        "Both live in parser.py; the CLI calls it.",
    ],
)
def test_a_file_name_ending_a_sentence_is_a_pointer(branch: GitRepo, run_cli, state: str) -> None:  # type: ignore[no-untyped-def]
    branch.write("parser.py", "x = 1\n")
    branch.write("HANDOFF.md", _handoff(state))
    branch.commit("handoff")
    checked = run_cli(["check"], cwd=branch.root)
    assert NO_POINTERS not in checked.out, checked.out


@pytest.mark.parametrize("state", ["The old copy is parser.py.bak now.", "No file named here."])
def test_a_longer_name_is_not_the_file(branch: GitRepo, run_cli, state: str) -> None:  # type: ignore[no-untyped-def]
    branch.write("HANDOFF.md", _handoff(state))
    branch.commit("handoff")
    checked = run_cli(["check"], cwd=branch.root)
    assert NO_POINTERS in checked.out, checked.out
