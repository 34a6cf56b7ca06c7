"""The fork workflow takes its configuration from the base branch, never from the fork."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from action_runner import Runner

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
