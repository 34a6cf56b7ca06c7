"""The ``config`` input's file written by an earlier step of the workflow (README,
Configuration): trusted as it is when neither the base commit nor the pull request tracks that
path; when the pull request tracks it and the base does not, the content in the workspace may
be the pull request's, so the run stops (exit 2, blocked) instead of using the defaults."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from action_runner import BRANCH, Runner

NOTE = "# Handoff\n\n## State\nTests pass.\n\n## Next step\nFinish src/a.py.\n"
WORKFLOWS = 'block-files: ["**/HANDOFF.md", "**/NOTES.md"]\n'


def _notes(runner: Runner, decoy: bool) -> None:
    """The pull request drops the branch's packet and adds ``NOTES.md``; with ``decoy`` it also
    commits a file at ``ci/handoff.yml``, the path the workflow writes its configuration to."""
    repo = runner.repo
    repo.git("checkout", "-q", BRANCH)
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write("NOTES.md", NOTE)
    if decoy:
        repo.write("ci/handoff.yml", "max-lines: 300\n")
    runner.head = repo.commit("notes")


def test_a_file_an_earlier_step_writes_where_nothing_is_tracked_is_read_as_it_is(
    runner: Runner,
) -> None:
    _notes(runner, decoy=False)
    runner.repo.write("ci/handoff.yml", WORKFLOWS)  # the workflow's step, after the checkout
    done = runner.run(
        "pull_request", runner.pull_request(), comment="false", config="ci/handoff.yml"
    )
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "handoff-audit%3A handoff-in-merge::NOTES.md would be merged" in done.out


def test_a_decoy_the_pull_request_commits_at_the_written_path_fails_closed(
    runner: Runner, run_cli: Callable[..., Any]
) -> None:
    _notes(runner, decoy=True)
    runner.repo.write("ci/handoff.yml", WORKFLOWS)  # the workflow's step overwrites the decoy
    result, outputs = runner.cli(
        run_cli, "pull_request", runner.pull_request(), config="ci/handoff.yml"
    )
    assert result.code == 2, result.out + result.err
    assert outputs["blocked"] == "true"
    assert result.err == (
        "handoff-audit: error: input config: 'ci/handoff.yml' is tracked by the pull request but "
        f"not by the base commit {runner.base[:12]}, so its content is the pull request's and the "
        "merge gate cannot be judged; write the configuration outside the repository or to a path "
        "git does not track (or merge the file into the base branch first)\n"
    )
    assert "::error title=handoff-audit%3A input::" in result.out
    assert "were read from the base commit" not in result.out
