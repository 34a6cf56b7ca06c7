"""Review 50-13, defects 2 and 5: a branch with two topics (the default packet and
`.handoff/billing.json`) is renamed with `git branch -m`; an agent runs the Stop hook's fixes as
printed, in the printed order. Each packet keeps its own changed files (before, re-pointing the
billing packet first took in the default topic's `src/auth.py`, since the default packet still
named the old branch and did not count as a topic of this one), and a later auth-only commit
gets the billing packet the fix that keeps its summary, not a `--summary`."""

from __future__ import annotations

import json
from pathlib import Path

from agent_support import run_hook, stop_event
from conftest import GitRepo
from stop_play import fixes, sh

ANSWERS = {
    "what the commits since the packet": "auth work; billing went to its own topic",
    "the next step now": "Finish auth in src/auth.py.",
    "the command that runs the tests": "true",
}


def _two_topics(tmp_path: Path) -> GitRepo:
    """feat/acct: auth work and the default packet, then billing work and its topic packet;
    then renamed feat/account."""
    repo = GitRepo(tmp_path / "repo")
    repo.write("src/auth.py", "A=1\n")
    repo.write("src/billing.py", "B=1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/acct")
    repo.write("src/auth.py", "A=2\n")
    repo.commit("auth work")
    made = sh(
        "handoff-audit new --summary 'auth work' --next-action 'Finish auth in src/auth.py.' "
        "--verdict-pointer https://ci.example/1",
        repo.root,
    )
    assert made.returncode == 0, made.stderr
    repo.commit("handoff: auth")
    repo.write("src/billing.py", "B=2\n")
    repo.commit("billing work")
    made = sh(
        "handoff-audit new --topic billing --summary 'billing work' --next-action "
        "'Finish billing in src/billing.py.' --verdict-pointer https://ci.example/2",
        repo.root,
    )
    assert made.returncode == 0, made.stderr
    repo.commit("handoff: billing")
    repo.git("branch", "-m", "feat/account")
    return repo


def _packet(repo: GitRepo, path: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((repo.root / path).read_text(encoding="utf-8"))
    return data


def _obey(repo: GitRepo) -> list[str]:
    """One Stop, then every printed fix run in order; the commands run."""
    stop = run_hook(stop_event(repo.root))
    assert stop.code == 2, stop.err
    ran = fixes(stop.err, ANSWERS)
    for command in ran:
        done = sh(command, repo.root)
        assert done.returncode == 0, f"{command}\n{done.stdout}{done.stderr}"
    return ran


def test_re_pointing_a_topic_packet_keeps_its_own_changed_files(tmp_path: Path) -> None:
    repo = _two_topics(tmp_path)
    ran = _obey(repo)
    assert len(ran) == 2 and ".handoff/billing.json --branch feat/account" in ran[0], ran
    assert not repo.git("status", "--porcelain")
    billing = _packet(repo, ".handoff/billing.json")
    assert billing["branch"] == "feat/account"
    assert billing["changed_files"] == ["src/billing.py"]
    assert billing["summary"] == "billing work"
    default = _packet(repo, "handoff.json")
    assert default["branch"] == "feat/account"
    assert default["changed_files"] == ["src/auth.py"]
    assert run_hook(stop_event(repo.root)).code == 0
    # Auth-only work later: the billing packet keeps its summary (no billing news to write).
    repo.write("src/auth.py", "A=3\n")
    repo.commit("auth: more")
    stop = run_hook(stop_event(repo.root))
    assert stop.code == 2, stop.err
    [billing_fix] = [f for f in fixes(stop.err, ANSWERS) if ".handoff/billing.json" in f]
    assert "--summary" not in billing_fix, stop.err


def test_re_pointing_after_another_topic_s_commits_keeps_the_summary(tmp_path: Path) -> None:
    repo = _two_topics(tmp_path)
    stop = run_hook(stop_event(repo.root))
    assert stop.code == 2, stop.err
    [default_fix] = [f for f in fixes(stop.err, ANSWERS) if "update handoff.json" in f]
    # The commit since the default packet is billing's: no summary of it is asked for.
    assert "--branch feat/account" in default_fix and "--summary" not in default_fix, stop.err
    assert "keeps its summary and next action" in stop.err
    ran = _obey(repo)
    assert not repo.git("status", "--porcelain")
    default = _packet(repo, "handoff.json")
    assert default["summary"] == "auth work"
    assert default["next_action"] == "Finish auth in src/auth.py."
    assert default["branch"] == "feat/account"
    assert run_hook(stop_event(repo.root)).code == 0, ran
    check = sh("handoff-audit check", repo.root)
    assert check.returncode == 0, check.stdout + check.stderr


def test_the_re_point_alone_is_taken_when_only_another_topic_moved_on(tmp_path: Path) -> None:
    repo = _two_topics(tmp_path)
    alone = sh("handoff-audit update handoff.json --branch feat/account", repo.root)
    assert alone.returncode == 0, alone.stderr
    default = _packet(repo, "handoff.json")
    assert (default["summary"], default["changed_files"]) == ("auth work", ["src/auth.py"])


def _failing_session(tmp_path: Path, root: Path) -> Path:
    """Session A's transcript: a failing test run of the auth topic."""
    use = {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "pytest -q"}}
    result = {"type": "tool_result", "tool_use_id": "t1", "is_error": True,
              "content": "Exit code 1\nFAILED tests/test_auth.py::test_login"}  # fmt: skip
    lines = [
        {"type": "assistant", "cwd": str(root), "sessionId": "A",
         "message": {"role": "assistant", "content": [use]}},
        {"type": "user", "cwd": str(root), "sessionId": "A",
         "message": {"role": "user", "content": [result]}},
    ]  # fmt: skip
    path = tmp_path / "session-a.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_after_a_commit_the_untouched_topic_s_re_point_is_check_s_alone(tmp_path: Path) -> None:
    repo = _two_topics(tmp_path)
    repo.write("src/auth.py", "A=3\n")
    repo.commit("auth: step 2")  # the commit after the rename is the default topic's
    session = _failing_session(tmp_path, repo.root)
    check = sh("handoff-audit check", repo.root)
    assert "run `handoff-audit update .handoff/billing.json --branch feat/account`" in check.stdout
    stop = run_hook(stop_event(repo.root, session))
    assert stop.code == 2, stop.err
    ran = fixes(stop.err, ANSWERS)
    [billing_fix] = [f for f in ran if ".handoff/billing.json" in f]
    assert billing_fix.startswith(
        "handoff-audit update .handoff/billing.json --branch feat/account && git add"
    ), billing_fix
    for command in ran:
        done = sh(command, repo.root)
        assert done.returncode == 0, f"{command}\n{done.stdout}{done.stderr}"
    billing = _packet(repo, ".handoff/billing.json")
    assert billing["failed_attempts"] == [] and billing["summary"] == "billing work"
    assert "pytest -q" not in json.dumps(billing["commands_run"])
    assert run_hook(stop_event(repo.root, session)).code == 0
