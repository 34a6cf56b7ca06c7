"""A configuration the branch itself broke holds the stop (the agent can mend it; the hook
judges nothing until it is), bounded by the default `agent-hook.max-blocks`; one the branch did
not touch lets the session go with one line on standard error, as before."""

from __future__ import annotations

from agent_support import feature_repo, run_hook, stop_event
from conftest import GitRepo

TYPO = "[tool.handoff-audit]\nmax-commits-behnd = 20\n"


def test_a_configuration_the_branch_committed_broken_holds_the_stop(git_repo: GitRepo) -> None:
    repo = feature_repo(git_repo)
    repo.write("pyproject.toml", '[project]\nname = "shop"\n' + TYPO)
    repo.commit("typo")
    repo.write("src/refunds.py", "zz = 1\n")
    blocked = [run_hook(stop_event(repo.root, active=n > 0)) for n in range(3)]
    assert [run.code for run in blocked] == [2, 2, 2], blocked[0].err
    run = blocked[0]
    assert "pyproject.toml, which this branch changed" in run.lines[0], run.err
    assert 'unknown key "max-commits-behnd"' in run.lines[1], run.err
    assert run.lines[2] == (
        "  fix: edit pyproject.toml where the line above says (the key it names, and what it "
        "accepts)"
    )
    assert run.lines[-1] == "Mend pyproject.toml, commit it, then stop again."
    assert "Traceback" not in run.err
    # The default bound: the configured one cannot be read.
    let_go = run_hook(stop_event(repo.root, active=True))
    assert let_go.code == 0, let_go.err
    assert "blocked 3 times in a row (agent-hook.max-blocks: 3)" in let_go.err
    assert "its configuration still cannot be read" in let_go.err


def test_an_uncommitted_broken_configuration_holds_the_stop_from_a_subfolder(
    git_repo: GitRepo,
) -> None:
    repo = feature_repo(git_repo)
    repo.write(".handoff-audit.yml", "agent-hook:\n  events: [Stopp]\n")
    run = run_hook(stop_event(repo.root / "src"))
    assert run.code == 2, run.err
    assert "../.handoff-audit.yml, which this branch changed" in run.lines[0], run.err
    assert "agent-hook.events" in run.lines[1], run.err


def test_a_broken_configuration_the_branch_did_not_touch_lets_the_session_end(
    git_repo: GitRepo,
) -> None:
    git_repo.write(".handoff-audit.yml", "agent-hook:\n  events: [Stopp]\n")
    repo = feature_repo(git_repo)
    repo.write("src/refunds.py", "zz = 1\n")
    run = run_hook(stop_event(repo.root))
    assert run.code == 0, run.err
    assert len(run.lines) == 1
    assert "agent-hook" in run.err and "not judging" in run.err
    assert "Traceback" not in run.err
