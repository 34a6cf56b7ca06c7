"""The ``config`` input naming a file inside a git submodule: the superproject tracks only the
submodule's commit, which the pull request can bump, so the gate's settings are read at the
submodule commit the base commit records, and the run stops when that cannot be done."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from action_runner import BRANCH, Runner
from conftest import GitRepo

NOTE = "# Handoff\n\n## State\nTests pass.\n\n## Next step\nFinish src/a.py.\n"
STRICT = 'block-files: ["**/HANDOFF.md", "**/NOTES.md"]\n'


def _shared(tmp_path: Path) -> GitRepo:
    shared = GitRepo(tmp_path / "shared-cfg")
    shared.write("handoff.yml", STRICT)
    shared.commit("strict")
    return shared


def _add_submodule(runner: Runner, shared: GitRepo) -> None:
    runner.repo.git(
        "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(shared.root), "ci"
    )


def _notes_and_a_permissive_bump(runner: Runner) -> None:
    """The pull request adds ``NOTES.md`` (dropping the branch's packet) and commits, in the
    submodule, a configuration that no longer blocks it."""
    repo = runner.repo
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write("NOTES.md", NOTE)
    sub = repo.root / "ci"
    (sub / "handoff.yml").write_text('block-files: ["**/HANDOFF.md"]\n', encoding="utf-8")
    for args in (("add", "handoff.yml"), ("commit", "-qm", "permissive")):
        repo.git("-C", str(sub), *args)
    runner.head = repo.commit("notes, and bump the ci submodule")


def test_a_config_in_a_submodule_the_pull_request_bumps_is_read_at_the_base(
    runner: Runner, tmp_path: Path
) -> None:
    shared = _shared(tmp_path)
    runner.repo.git("checkout", "-q", "main")
    _add_submodule(runner, shared)
    runner.base = runner.repo.commit("the gate's configuration lives in the ci submodule")
    runner.repo.git("checkout", "-q", BRANCH)
    runner.repo.git("merge", "-q", "--no-edit", "main")
    _notes_and_a_permissive_bump(runner)
    done = runner.run(
        "pull_request", runner.pull_request(), comment="false", config="ci/handoff.yml"
    )
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "handoff-audit%3A handoff-in-merge::NOTES.md would be merged" in done.out
    assert "were read from ci/handoff.yml at the submodule commit" in done.out


def test_a_config_in_a_submodule_the_base_lacks_fails_closed(
    runner: Runner, run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    shared = _shared(tmp_path)
    _add_submodule(runner, shared)  # the pull request adds the submodule
    _notes_and_a_permissive_bump(runner)
    result, outputs = runner.cli(
        run_cli, "pull_request", runner.pull_request(), config="ci/handoff.yml"
    )
    assert result.code == 2, result.out + result.err
    assert outputs["blocked"] == "true"
    assert result.err == (
        "handoff-audit: error: input config: 'ci/handoff.yml' is inside the submodule ci, whose "
        "content the pull request decides (the repository tracks only its commit), and the base "
        f"commit {runner.base[:12]} records no submodule there, so the merge gate cannot be "
        "judged; check out submodules with their history (actions/checkout `submodules: true`, "
        "`fetch-depth: 0`) or write the configuration outside the submodule\n"
    )
