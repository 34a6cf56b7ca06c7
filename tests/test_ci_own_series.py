"""On a pull request, the base commit's ``packets`` and ``series`` decide the merge gate only: the
pull request's own decide which files the other rules judge, so the pull request that adopts a
``series`` setting has its series' current handoff judged by `ci` as by ``check --target-branch``
on the branch, and its configuration notice says so truly."""

from __future__ import annotations

from collections.abc import Callable

from action_runner import Runner
from conftest import Result

THIN = "# Session 7\n\n## Next step\n1. Wire the export button in `app.py`.\n"


def test_ci_judges_the_series_the_pull_request_adds_as_check_does(
    runner: Runner, run_cli: Callable[..., Result]
) -> None:
    repo = runner.repo
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write("history/session_007.md", THIN)
    repo.write(".handoff-audit.yml", 'series: ["history"]\n')
    runner.head = repo.commit("ci: adopt handoff-audit")
    checked = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=repo.root)
    expected = sorted((f["path"], f["rule"], f["message"]) for f in checked.json()["findings"])
    assert expected and {rule for _, rule, _ in expected} == {"md-incomplete"}
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 0, done.out
    assert done.outputs["packets"] == "1", done.out
    assert "No handoff packets found" not in done.out
    assert "already judge the files the pull request's own `packets` and `series` find" in done.out
    for path, rule, _ in expected:
        assert f"::warning file={path},line=1,title=handoff-audit%3A {rule}::" in done.out
    warned = [x for x in done.out.splitlines() if x.startswith("::warning file=history/")]
    assert len(warned) == len(expected), done.out
