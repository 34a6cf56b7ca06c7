"""A ``!`` entry has one reading. In ``protected-branches`` it is refused (exit 2, one line
naming the key and the fix): some code matched the list as a whole, with exclusions, other code
one glob at a time, so ``[main, "!main"]`` protected ``main`` in one place and not in another.
A path that starts with ``!``, which the tool writes into a glob list as a literal (the
``packets`` advice of `new --output`), is escaped as in .gitignore (``\\!``), so that it is not
read as an exclusion."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable

import pytest

from authoring_support import REFUNDS
from conftest import GitRepo, Result
from handoff_audit.globs import literal, matches_any

Run = Callable[..., Result]


def _feature_branch(repo: GitRepo) -> None:
    repo.write("a.py", "x = 1\n")
    repo.commit("init")
    repo.git("switch", "-qc", "feat/x")


def test_an_exclusion_in_the_configured_protected_branches_is_refused(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _feature_branch(git_repo)
    git_repo.write(".handoff-audit.yml", 'protected-branches: ["release/*", "!release/old"]\n')
    result = run_cli(["check", "-q"], cwd=git_repo.root)
    assert result.code == 2, result.out + result.err
    (line,) = result.err.strip().splitlines()
    assert 'protected-branches: the entry "!release/old" starts with !' in line, line
    assert ".handoff-audit.yml" in line and line.endswith('e.g. ["release/*"]'), line


def test_an_exclusion_in_the_protected_branches_option_is_refused(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _feature_branch(git_repo)
    result = run_cli(["check", "--protected-branches", "main,!main"], cwd=git_repo.root)
    assert result.code == 2, result.out + result.err
    (line,) = result.err.strip().splitlines()
    assert '--protected-branches: the entry "!main" starts with !' in line, line


@pytest.mark.parametrize("path", ["!notes.json", "!a/[x]*.json"])
def test_a_literal_path_starting_with_a_bang_is_no_exclusion(path: str) -> None:
    glob = literal(path)
    assert glob.startswith("\\!")
    assert matches_any(path, ["**/handoff.json", glob])
    assert not matches_any(path[1:], ["README.md", glob])
    assert not matches_any(path, ["**/*.json", f"!{glob}"])


def test_the_packets_advice_for_a_path_starting_with_a_bang_works_as_printed(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _feature_branch(git_repo)
    refused = run_cli(["new", "--output", "!notes.json", *REFUNDS], cwd=git_repo.root)
    assert refused.code == 2, refused.out + refused.err
    listed = refused.err.rpartition("packets: ")[2].strip()
    packets = json.loads(listed)
    assert packets[-1] == "\\!notes.json", packets
    git_repo.write(".handoff-audit.yml", f"packets: {listed}\n")  # pasted as printed
    git_repo.commit("packets")
    made = run_cli(["new", "--output", "!notes.json", *REFUNDS], cwd=git_repo.root)
    assert made.code == 0, made.out + made.err
    git_repo.git("add", "-A")
    found = subprocess.run(
        ["handoff-audit", "check", "--format", "json"],
        cwd=git_repo.root,
        capture_output=True,
        text=True,
    )
    assert "!notes.json" in [p["path"] for p in json.loads(found.stdout)["packets"]], found.stdout


def test_the_backslash_advice_keeps_a_name_s_own_bang(git_repo: GitRepo, run_cli: Run) -> None:
    # `\\!notes/...` (a backslash too many) is refused; the glob it advises, followed as
    # printed, must still name `!notes/HANDOFF.md`, not exclude it.
    git_repo.write("!notes/HANDOFF.md", "# Handoff\n\n## Next step\nFix a.py.\n")
    git_repo.write("a.py", "x = 1\n")
    git_repo.commit("init")
    git_repo.write(".handoff-audit.yml", 'block-files: ["\\\\\\\\!notes/HANDOFF.md"]\n')
    refused = run_cli(["check", "-q"], cwd=git_repo.root)
    assert refused.code == 2, refused.out + refused.err
    (line,) = refused.err.strip().splitlines()
    assert "is written with backslashes" in line, line
    advised = json.loads(line.rpartition("; write ")[2])
    assert advised == "\\!notes/HANDOFF.md", line
    git_repo.write(".handoff-audit.yml", f"block-files: [{json.dumps(advised)}]\n")
    followed = run_cli(["check"], cwd=git_repo.root)
    assert followed.code == 1, followed.out + followed.err
    assert "!notes/HANDOFF.md: handoff-in-merge" in followed.out, followed.out
