"""A rolling handoff the protected branch already has (a project whose own agent instructions
keep ``HANDOFF.md`` on ``main``): the merge gate still says to delete it, and also names the
`block-files` line, in the configuration's own syntax, that leaves it out on purpose; a note
the pull request adds gets the delete advice alone."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

NOTE = "# Handoff\n\n## State\nRefunds half done.\n\n## Next step\nRun pytest.\n"


def _blocked(run_cli: Run, repo: GitRepo) -> dict[str, str]:
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=repo.root)
    return {
        f["path"]: f["message"] for f in done.json()["findings"] if f["rule"] == "handoff-in-merge"
    }


@pytest.mark.parametrize(
    ("config", "form"),
    [
        (".handoff-audit.yml", r"block-files: \[.*\]"),
        ("pyproject.toml", r"block-files = \[.*\]"),
    ],
)
def test_a_note_the_base_keeps_names_the_block_files_line_that_leaves_it_out(
    git_repo: GitRepo, run_cli: Run, config: str, form: str
) -> None:
    header = "[tool.handoff-audit]\n" if config == "pyproject.toml" else ""
    git_repo.write(config, header)
    git_repo.write("HANDOFF.md", NOTE)
    git_repo.commit("base keeps a rolling handoff")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("HANDOFF.md", NOTE + "\n## Decisions\nKeep cents.\n")
    git_repo.write("docs/SESSION_HANDOFF.md", NOTE)
    git_repo.commit("work and notes")
    blocked = _blocked(run_cli, git_repo)
    assert sorted(blocked) == ["HANDOFF.md", "docs/SESSION_HANDOFF.md"]
    assert "on purpose" not in blocked["docs/SESSION_HANDOFF.md"]
    kept = blocked["HANDOFF.md"]
    assert "git rm -- :/HANDOFF.md" in kept
    assert "if this repository keeps HANDOFF.md on main on purpose, leave it out of" in kept
    assert f"`block-files` {'under [tool.handoff-audit] in ' if header else 'in '}{config}" in kept
    line = re.search(rf"`({form})`", kept)
    assert line is not None, kept
    git_repo.write(config, header + line.group(1) + "\n")
    assert sorted(_blocked(run_cli, git_repo)) == ["docs/SESSION_HANDOFF.md"]
