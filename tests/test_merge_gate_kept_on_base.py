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
    assert "in a pull request of its own that leaves HANDOFF.md as main has it, merged" in kept
    line = re.search(rf"`({form})`", kept)
    assert line is not None, kept
    git_repo.write(config, header + line.group(1) + "\n")
    # On this branch, which changes HANDOFF.md, the line is not in force: the Action reads the
    # gate's settings from main, and `check` says the same.
    assert sorted(_blocked(run_cli, git_repo)) == ["HANDOFF.md", "docs/SESSION_HANDOFF.md"]
    _merged_first(git_repo, config)
    assert sorted(_blocked(run_cli, git_repo)) == ["docs/SESSION_HANDOFF.md"]


def _merged_first(repo: GitRepo, config: str) -> None:
    """The configuration the work tree holds, committed on main alone (a pull request of its
    own, merged first), and main merged into the branch."""
    text = (repo.root / config).read_text(encoding="utf-8")
    repo.git("checkout", "-q", "--", config)
    repo.git("switch", "-q", "main")
    repo.write(config, text)
    repo.commit("keep the rolling handoff")
    repo.git("switch", "-q", "feat/x")
    repo.git("merge", "-q", "--no-edit", "main")


def test_a_look_alike_name_the_base_keeps_gets_no_block_files_line(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """The gate blocks ``HANDOFF.md `` as the ``HANDOFF.md`` a reader sees, so the printed
    ``"!HANDOFF.md "`` entry did not lift the finding; a name found as it is spelled
    (``docs/español/HANDOFF.md``) still gets a line that does."""
    git_repo.write(".handoff-audit.yml", "")
    git_repo.write("HANDOFF.md ", NOTE)
    git_repo.write("docs/español/HANDOFF.md", NOTE)
    git_repo.commit("base keeps notes")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("HANDOFF.md ", NOTE + "\n## Decisions\nKeep cents.\n")
    git_repo.write("docs/español/HANDOFF.md", NOTE + "\n## Decisions\nKeep cents.\n")
    git_repo.commit("work on the notes")
    blocked = _blocked(run_cli, git_repo)
    assert sorted(blocked) == ["HANDOFF.md ", "docs/español/HANDOFF.md"]
    assert "on purpose" not in blocked["HANDOFF.md "]
    assert "!HANDOFF.md " not in blocked["HANDOFF.md "]
    line = re.search(r"`(block-files: \[.*\])`", blocked["docs/español/HANDOFF.md"])
    assert line is not None, blocked
    git_repo.write(".handoff-audit.yml", line.group(1) + "\n")
    _merged_first(git_repo, ".handoff-audit.yml")
    assert sorted(_blocked(run_cli, git_repo)) == ["HANDOFF.md "]
