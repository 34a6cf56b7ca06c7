"""Work amended into another topic's packet commit is that other topic's work: with two topic
packets on a branch, b.py amended into topic ta's packet commit counts against topic tb, which
lists b.py, as a later commit would; the hook asks tb for a new summary and next action (real
repositories, the real CLI and hook, an agent obeying what is printed)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from agent_support import fill_in, run_fix, run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]


def _topic(repo: GitRepo, run_cli: Run, topic: str, path: str) -> None:
    repo.write(path, f"{topic} = 1\n")
    repo.commit(f"{path}: step 1")
    made = run_cli(
        ["new", "--topic", topic, "--verify", "--summary", f"{topic} step 1 done",
         "--next-action", f"Do {topic} step 2.", "--verdict-pointer", path],
        cwd=repo.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    repo.commit(f"handoff {topic}")


def test_work_amended_into_another_topic_s_packet_commit_counts_for_its_own_topic(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write(".handoff-audit.yml", 'verify: "true"\n')
    git_repo.write("a.py", "a = 0\n")
    git_repo.write("b.py", "b = 0\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/t")
    _topic(git_repo, run_cli, "tb", "b.py")
    _topic(git_repo, run_cli, "ta", "a.py")
    git_repo.write("b.py", "tb = 2\n")  # agent B's step 2, amended into ta's packet commit
    git_repo.git("commit", "-q", "-a", "--amend", "--no-edit")

    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    tb_line = next(line for line in blocked.err.splitlines() if "- .handoff/tb.json" in line)
    assert "`b.py`" in tb_line, blocked.err
    fixes = [line.split("fix: ", 1)[1] for line in blocked.err.splitlines() if "fix: " in line]
    tb_fix = next(fix for fix in fixes if "update .handoff/tb.json" in fix)
    assert "--summary" in tb_fix and "--next-action" in tb_fix, tb_fix
    answers = {"<the next step now, after those commits>": "Do tb step 3."}
    for fix in fixes:
        fix = re.sub(r'"<what the commits since the packet[^"]*>"', "'tb step 2 done'", fix)
        done = run_fix(git_repo.root, fill_in(fix, answers))
        assert done.returncode == 0, done.stderr
    git_repo.commit("handoff: refresh")
    tb = json.loads((git_repo.root / ".handoff/tb.json").read_text(encoding="utf-8"))
    assert (tb["summary"], tb["next_action"]) == ("tb step 2 done", "Do tb step 3.")
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 0, again.err
