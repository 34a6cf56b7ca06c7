"""`show` and the SessionStart brief count a branch's work as the Stop hook and `check` count
it: a clean merge of main into the branch, the agent settings `hook --install` wrote and the
configuration file committed with the packet are no work the handoff may not describe, while a
real work commit still is. Real repositories, the real CLI and hook."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]
NEW = ["new", "--summary", "Work done.", "--next-action", "Do step 2.", "--verdict-pointer", "a.py"]


def _branch_with_packet(repo: GitRepo, run_cli: Run) -> None:
    repo.write("a.py", "".join(f"l{n}\n" for n in range(1, 9)))
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/k")
    repo.write("a.py", (repo.root / "a.py").read_text().replace("l1", "L1 branch"))
    repo.commit("branch work")
    made = run_cli(NEW, cwd=repo.root)
    assert made.code == 0, made.err


def _briefs(repo: GitRepo, run_cli: Run) -> tuple[str, str]:
    """What `show` and SessionStart tell the next session, after the hook and check pass."""
    assert run_hook(stop_event(repo.root)).code == 0
    assert run_cli(["check"], cwd=repo.root).code == 0
    return _briefs_unchecked(repo, run_cli)


def _real_work_is_still_told(repo: GitRepo, run_cli: Run) -> None:
    repo.write("w.py", "w = 1\n")
    repo.commit("real work")
    for text in _briefs_unchecked(repo, run_cli):
        assert "which the handoff may not describe" in text, text
        assert "real work" in text and "w.py" in text, text


def _briefs_unchecked(repo: GitRepo, run_cli: Run) -> tuple[str, str]:
    shown = run_cli(["show"], cwd=repo.root).out
    event = {"hook_event_name": "SessionStart", "session_id": "s", "cwd": str(repo.root)}
    started = run_hook({**event, "source": "startup"})
    return shown, json.loads(started.out)["hookSpecificOutput"]["additionalContext"]


def test_a_clean_merge_of_main_is_no_work_in_the_brief(git_repo: GitRepo, run_cli: Run) -> None:
    _branch_with_packet(git_repo, run_cli)
    git_repo.commit("handoff")
    git_repo.git("switch", "-q", "main")
    git_repo.write("a.py", (git_repo.root / "a.py").read_text().replace("l8", "L8 main"))
    git_repo.write("z.py", "z = 1\n")
    git_repo.commit("main work")
    git_repo.git("switch", "-q", "feat/k")
    git_repo.git("merge", "-q", "--no-edit", "main")
    for text in _briefs(git_repo, run_cli):
        assert "may not describe" not in text, text
        assert "main work" not in text and "z.py" not in text and "Merge branch" not in text
        assert "current: nothing was committed since its last change" in text, text
    _real_work_is_still_told(git_repo, run_cli)
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert "main work" not in shown and "z.py" not in shown, shown


def test_the_hook_install_settings_commit_is_no_work_in_the_brief(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _branch_with_packet(git_repo, run_cli)
    git_repo.commit("handoff")
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    git_repo.git("add", "--", ".claude/settings.json")
    git_repo.git("commit", "-q", "-m", "hook")
    for text in _briefs(git_repo, run_cli):
        assert "may not describe" not in text and ".claude/settings.json" not in text, text
        assert "current: nothing was committed since its last change" in text, text
    _real_work_is_still_told(git_repo, run_cli)


def test_a_configuration_committed_with_the_packet_is_no_work_in_the_brief(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _branch_with_packet(git_repo, run_cli)
    git_repo.write(".handoff-audit.yml", "max-file-bytes: 200000\n")
    git_repo.commit("handoff, with the configuration")
    for text in _briefs(git_repo, run_cli):
        assert "does not list" not in text and ".handoff-audit.yml" not in text, text
        assert "current: nothing was committed since its last change" in text, text
        assert "is HEAD" not in text, text  # the packet's commit still counts as one
    _real_work_is_still_told(git_repo, run_cli)


def test_a_conflict_resolved_in_a_merge_of_main_is_work_everywhere(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _branch_with_packet(git_repo, run_cli)
    git_repo.commit("handoff")
    git_repo.git("switch", "-q", "main")
    git_repo.write("a.py", (git_repo.root / "a.py").read_text().replace("l1", "L1 main"))
    git_repo.commit("main work")
    git_repo.git("switch", "-q", "feat/k")
    merge = ["git", "merge", "-q", "--no-edit", "main"]
    merged = subprocess.run(merge, cwd=git_repo.root, capture_output=True, text=True)
    assert "CONFLICT" in merged.stdout, merged.stdout  # both changed line 1
    git_repo.write("a.py", "L1 both\n" + "".join(f"l{n}\n" for n in range(2, 9)))
    git_repo.git("add", "a.py")
    git_repo.git("commit", "-q", "--no-edit")
    stopped = run_hook(stop_event(git_repo.root))
    assert stopped.code == 2 and "packet-outdated" in stopped.err, stopped.err
    checked = run_cli(["check"], cwd=git_repo.root)
    assert "packet-outdated" in checked.out and "Merge branch 'main'" in checked.out, checked.out
    for text in _briefs_unchecked(git_repo, run_cli):
        assert "which the handoff may not describe" in text, text
        assert "Merge branch 'main'" in text and "a.py" in text, text
    update = ["update", "--summary", "Merged main; L1 both.", "--next-action", "Do step 2."]
    refreshed = run_cli(update, cwd=git_repo.root)
    assert refreshed.code == 0, refreshed.err
    git_repo.commit("handoff refreshed")
    for text in _briefs(git_repo, run_cli):
        assert "may not describe" not in text, text
    _real_work_is_still_told(git_repo, run_cli)
