"""The fork workflow takes its configuration from the base branch, never from the fork."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from action_runner import Runner
from conftest import GitRepo, Result

WORKFLOW = Path(__file__).parent.parent / "examples" / "workflows" / "fork-pull-requests.yml"
CONFIG_FILES = (".handoff-audit.yml", ".handoff-audit.yaml", "pyproject.toml")


def _steps() -> list[dict[str, Any]]:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    [job] = workflow["jobs"].values()
    steps: list[dict[str, Any]] = job["steps"]
    return steps


def test_the_fork_example_reads_the_configuration_from_the_base_branch() -> None:
    steps = _steps()
    checkouts = [s for s in steps if str(s.get("uses", "")).startswith("actions/checkout@")]
    [head] = [s for s in checkouts if "head.sha" in s["with"]["ref"]]
    assert not any(name in head["with"]["sparse-checkout"] for name in CONFIG_FILES), (
        "the fork's head must not provide the configuration"
    )
    [base] = [s for s in checkouts if "base.sha" in s["with"]["ref"]]
    [audit] = [s for s in steps if str(s.get("uses", "")).startswith("handoff-audit/")]
    config = audit["with"]["config"]
    assert config.startswith(base["with"]["path"] + "/")
    assert config.rsplit("/", 1)[1] in base["with"]["sparse-checkout"]


def test_the_config_input_wins_over_the_pull_requests_own(runner: Runner) -> None:
    # The fork turns the merge gate off in its own configuration; the base's is the one used.
    off = "rules: {active-in-merge: off, handoff-in-merge: off, lkg-behind: off}\n"
    (runner.repo.root / ".handoff-audit.yml").write_text(off)
    base = runner.repo.root / ".handoff-audit-base"
    base.mkdir()
    (base / ".handoff-audit.yml").write_text("max-commits-behind: 10\n")
    done = runner.run(
        "pull_request_target",
        runner.pull_request(),
        config=".handoff-audit-base/.handoff-audit.yml",
    )
    assert done.outputs["blocked"] == "true"
    assert "active-in-merge" in done.summary


def _base_checkout(workspace: Path) -> GitRepo:
    """What the fork workflow's second checkout makes: the base branch's configuration naming a
    local schema, both committed in a repository of their own inside the workspace (which the
    workspace's git does not track)."""
    base = GitRepo(workspace / ".handoff-audit-base")
    base.write("schema.json", json.dumps({"type": "object", "required": ["ticket"]}))
    base.write(".handoff-audit.yml", "schema: schema.json\n")
    base.commit("the base branch's configuration and schema")
    return base


def test_the_base_checkouts_schema_judges_the_packets(runner: Runner) -> None:
    _base_checkout(runner.repo.root)
    done = runner.run(
        "pull_request_target",
        runner.pull_request(),
        config=".handoff-audit-base/.handoff-audit.yml",
    )
    assert done.code == 1, done.out
    assert "git does not track" not in done.out
    assert "missing required field ticket" in done.out


def test_a_config_option_in_another_checkout_reads_the_schema_it_tracks(
    runner: Runner, run_cli: Callable[..., Result]
) -> None:
    _base_checkout(runner.repo.root)
    done = run_cli(
        ["check", "--format", "json", "--config", ".handoff-audit-base/.handoff-audit.yml"],
        cwd=runner.repo.root,
    )
    assert done.code == 1, done.err
    assert any("required field ticket" in f["message"] for f in done.json()["findings"])


def test_a_decoy_the_fork_commits_at_the_base_checkouts_path_changes_nothing(
    runner: Runner,
) -> None:
    # The fork commits its own file where the workflow checks out the base's configuration; the
    # head's checkout leaves it out (sparse), and the separate checkout's file is the one read.
    repo = runner.repo
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write("NOTES.md", "# Handoff\n\n## State\nTests pass.\n\n## Next step\nFinish src/a.py.\n")
    repo.write(".handoff-audit-base/.handoff-audit.yml", "max-lines: 200\n")
    runner.head = repo.commit("notes, and a decoy configuration")
    (repo.root / ".handoff-audit-base/.handoff-audit.yml").unlink()
    base = GitRepo(repo.root / ".handoff-audit-base")
    base.write(".handoff-audit.yml", 'block-files: ["**/HANDOFF.md", "**/NOTES.md"]\n')
    base.commit("the base branch's configuration")
    done = runner.run(
        "pull_request_target",
        runner.pull_request(),
        comment="false",
        config=".handoff-audit-base/.handoff-audit.yml",
    )
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "handoff-audit%3A handoff-in-merge::NOTES.md would be merged" in done.out
    assert "::notice" not in done.out
