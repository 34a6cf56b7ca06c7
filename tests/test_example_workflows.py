"""The ready-to-copy workflows: each job is time-bounded and runs on Linux (a Docker action
needs it), each example says whether it replaces the basic workflow or adds to it, and their job
names differ, so that two of them side by side report two distinct checks."""

from __future__ import annotations

import re
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


def _group(expression: str, context: dict[str, Any]) -> str:
    """A ``concurrency.group`` as the runner evaluates it: each ``${{ a || b }}`` is its first
    non-empty operand (the only operator these groups use)."""

    def value(path: str) -> str:
        found: Any = context
        for part in path.strip().split("."):
            found = found.get(part) if isinstance(found, dict) else None
        return str(found or "")

    return re.sub(
        r"\$\{\{(.*?)\}\}",
        lambda m: next((v for v in map(value, m.group(1).split("||")) if v), ""),
        expression,
    )


@pytest.mark.parametrize("source", ["examples", "README"])
def test_a_push_never_cancels_the_pull_request_run_that_judges_the_gate(source: str) -> None:
    # GitHub cancels a pending run when a newer one queues in its group, even with
    # cancel-in-progress: false; a push and its pull request's run start at once, so they must
    # be in different groups, or the push could cancel the run that judges the merge gate.
    # Runs of one pull request (or one pushed ref) share a group: a newer head cancels the older.
    if source == "README":
        text = (REPO / "README.md").read_text(encoding="utf-8").split("\n## GitHub Action\n")[1]
        workflow = yaml.safe_load(text.split("```yaml\n", 1)[1].split("```", 1)[0])
    else:
        workflow = yaml.safe_load((EXAMPLES[0].parent / "handoff-audit.yml").read_text())
    concurrency = workflow["concurrency"]
    github = {"workflow": "handoff-audit", "repository": "octo/app"}
    push = {**github, "event_name": "push", "ref": "refs/heads/feat/x", "event": {}}
    other_push = {**push, "ref": "refs/heads/feat/y"}

    def pull_request(number: int, fork: bool = False) -> dict[str, Any]:
        head = {"repo": {"full_name": "x/app" if fork else "octo/app"}, "ref": "feat/x"}
        return {
            **github,
            "event_name": "pull_request",
            "ref": f"refs/pull/{number}/merge",
            "head_ref": "feat/x",
            "event": {"pull_request": {"number": number, "head": head}},
        }

    def group(context: dict[str, Any]) -> str:
        return _group(concurrency["group"], {"github": context})

    assert group(push) != group(pull_request(2))  # the gate's run is never the push's to cancel
    assert group(push) == group(dict(push)) != group(other_push)
    assert group(pull_request(2)) == group(pull_request(2)) != group(pull_request(3))
    assert group(pull_request(3, fork=True)) not in {group(push), group(pull_request(2))}
    assert concurrency["cancel-in-progress"] is True
