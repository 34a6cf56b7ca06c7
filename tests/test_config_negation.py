"""An entry of a configured glob list that starts with ``!`` leaves out what the entries before
it matched, as in .gitignore (the last entry that matches decides): ``packets``,
``block-files``, ``series`` and ``agent-hook.ignore``. A list of ``!`` entries alone matches
nothing, so it is exit 2 with one line naming the key and the fix."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from action_runner import Runner
from conftest import GitRepo, Result
from git_helpers import packet
from handoff_audit.markdown import render_packet

Run = Callable[..., Result]

NOTE = "# Handoff\n\n## State\nTests pass.\n\n## Next step\nFinish src/a.py.\n"


@pytest.fixture
def repo(git_repo: GitRepo) -> GitRepo:
    git_repo.write("src/a.py", "a = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat")
    git_repo.write("src/a.py", "a = 2\n")
    git_repo.commit("work")
    return git_repo


def _configure(repo: GitRepo, key: str, globs: list[str]) -> None:
    *parent, name = key.split(".")
    value = f"{name}: {json.dumps(globs)}"
    repo.write(".handoff-audit.yml", f"{parent[0]}: {{{value}}}\n" if parent else value + "\n")


def _gated(run_cli: Run, repo: GitRepo, rule: str) -> list[str]:
    """The paths the merge gate's ``rule`` stops, on the way into main."""
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=repo.root)
    assert done.code in (0, 1), done.err
    return sorted(f["path"] for f in done.json()["findings"] if f["rule"] == rule)


@pytest.mark.parametrize(
    ("key", "include"),
    [
        ("packets", "**/handoff.json"),
        ("block-files", "**/HANDOFF.md"),
        ("series", "**/docs/handoffs"),
        ("agent-hook.ignore", "docs/**"),
    ],
)
def test_a_list_of_exclusions_alone_is_exit_2_naming_the_key_and_the_fix(
    run_cli: Run, repo: GitRepo, key: str, include: str
) -> None:
    _configure(repo, key, ["!vendor/tool/handoff.json"])
    done = run_cli(["check"], cwd=repo.root)
    assert done.code == 2, done.out
    assert done.out == "" and done.err.count("\n") == 1, done.err
    assert done.err == (
        f"handoff-audit: error: .handoff-audit.yml: {key}: every entry starts with !, which only "
        "excludes what an earlier entry matched, so the list matches nothing; put the globs to "
        f'include first, e.g. ["{include}", "!vendor/tool/handoff.json"]\n'
    )
    _configure(repo, key, [include, "!vendor/tool/handoff.json"])  # the fix given is taken
    assert run_cli(["check"], cwd=repo.root).code in (0, 1)


def test_an_exclusion_with_an_absolute_path_gives_the_exclusion_meant(
    run_cli: Run, repo: GitRepo
) -> None:
    _configure(repo, "packets", ["**/handoff.json", "!/vendor/handoff.json"])
    done = run_cli(["check"], cwd=repo.root)
    assert done.code == 2 and done.err.count("\n") == 1, done.err
    assert done.err.rstrip().endswith('write "!vendor/handoff.json"'), done.err


def test_packets_leave_out_what_an_exclusion_matches_and_a_later_entry_wins(
    run_cli: Run, repo: GitRepo
) -> None:
    # The configuration merged into main first: the merge gate reads main's `packets`, as the
    # Action does.
    repo.git("switch", "-q", "main")
    _configure(repo, "packets", ["**/handoff.json", "!vendor/**", "vendor/keep/handoff.json"])
    repo.commit("configure")
    repo.git("switch", "-q", "feat")
    repo.git("merge", "-q", "--no-edit", "main")
    for path in ("handoff.json", "vendor/a/handoff.json", "vendor/keep/handoff.json"):
        data = packet(branch="feat", lkg=repo.head())
        repo.write(path, data)
        repo.write(path.replace(".json", ".md"), render_packet(data))
    repo.commit("packets")
    done = run_cli(["check", "--format", "json"], cwd=repo.root)
    assert done.code in (0, 1), done.err
    audited = sorted(p["path"] for p in done.json()["packets"])
    assert audited == ["handoff.json", "vendor/keep/handoff.json"]
    assert _gated(run_cli, repo, "active-in-merge") == audited


def test_block_files_leave_out_what_an_exclusion_matches(run_cli: Run, repo: GitRepo) -> None:
    # The configuration merged into main first: a `!` entry of the branch's own leaves out
    # only a file main already has as it is (tests/test_action_kept_on_base.py).
    repo.git("switch", "-q", "main")
    _configure(repo, "block-files", ["**/HANDOFF.md", "!docs/prompts/HANDOFF.md"])
    repo.commit("configure")
    repo.git("switch", "-q", "feat")
    repo.git("merge", "-q", "--no-edit", "main")
    repo.write("HANDOFF.md", NOTE)
    repo.write("docs/prompts/HANDOFF.md", NOTE)
    repo.commit("notes")
    assert _gated(run_cli, repo, "handoff-in-merge") == ["HANDOFF.md"]


def test_series_leave_out_a_folder_an_exclusion_matches(run_cli: Run, repo: GitRepo) -> None:
    repo.write("docs/handoffs/2025-11-23-auth.md", NOTE)
    repo.write("vendor/lib/docs/handoffs/2025-11-23-lib.md", NOTE)
    _configure(repo, "series", ["**/docs/handoffs", "!vendor/**"])
    repo.commit("series")
    done = run_cli(["check", "--format", "json"], cwd=repo.root)
    assert done.code in (0, 1), done.err
    assert [p["path"] for p in done.json()["packets"]] == ["docs/handoffs/2025-11-23-auth.md"]


def test_a_pull_request_cannot_exclude_its_own_note_from_the_base_block_files(
    runner: Runner, run_cli: Run
) -> None:
    """The base commit's configuration decides the merge gate: an exclusion the pull request
    adds to its own ``block-files`` does not let the ``HANDOFF.md`` it adds through the
    action, nor through its own `check --target-branch main`, which says the same."""
    runner.repo.write("HANDOFF.md", NOTE)
    runner.repo.write(".handoff-audit.yml", 'block-files: ["**/HANDOFF.md", "!HANDOFF.md"]\n')
    runner.head = runner.repo.commit("wip + config")
    assert _gated(run_cli, runner.repo, "handoff-in-merge") == ["HANDOFF.md"]
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "handoff-audit%3A handoff-in-merge::HANDOFF.md would be merged" in done.out
    assert "the merge-gate settings (block-files) were read from the base commit" in done.out
