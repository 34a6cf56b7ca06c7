"""The ready-to-copy workflows: each job is time-bounded and runs on Linux (a Docker action
needs it), each example says whether it replaces the basic workflow or adds to it, and their job
names differ, so that two of them side by side report two distinct checks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from script_loader import REPO

EXAMPLES = sorted((REPO / "examples" / "workflows").glob("*.yml"))
OURS = sorted((REPO / ".github" / "workflows").glob("*.yml"))


def _jobs(path: Path) -> dict[str, Any]:
    jobs: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))["jobs"]
    return jobs


@pytest.mark.parametrize("path", EXAMPLES + OURS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_job_has_a_timeout_and_a_linux_runner(path: Path) -> None:
    for name, job in _jobs(path).items():
        assert 0 < job["timeout-minutes"] <= 90, name
        assert str(job["runs-on"]).startswith("ubuntu-"), name


def test_examples_say_whether_they_replace_or_add_and_job_names_differ() -> None:
    names = [name for path in EXAMPLES for name in _jobs(path)]
    assert len(names) == len(set(names)), names
    for path in EXAMPLES:
        if path.name == "handoff-audit.yml":
            continue
        header = path.read_text(encoding="utf-8").split("\nname:", 1)[0]
        assert ("REPLACES the basic workflow" in header) != ("ADDS to the basic workflow" in header)


def test_the_fork_example_comments_only_on_forks() -> None:
    [job] = _jobs(REPO / "examples" / "workflows" / "fork-pull-requests.yml").values()
    assert job["if"] == "github.event.pull_request.head.repo.full_name != github.repository"
