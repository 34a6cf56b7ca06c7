"""A series the repository's committed ``.gitignore`` keeps out of git (``.claude/handoffs/*.md``),
as a re-review found it: a handoff whose topic is a word of this branch's name though another
local branch has that word as its name. Real repositories, the real CLI and hook."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agent_support import run_hook, stop_event
from conftest import GitRepo
from test_local_handoffs import FOLDER, HANDOFF, _ago, today

NEXT = 'Write the protocol table under "Usage" in `README.md`.'


def _kept_out(repo: GitRepo) -> None:
    repo.write("README.md", "# app\n")
    repo.write(".gitignore", f"{FOLDER}/*.md\n")
    repo.commit("main", date=_ago(10800)[1])


def test_a_topic_that_is_a_word_of_this_branch_s_name_is_this_branch_s(
    tmp_path: Path, run_cli: Any
) -> None:
    """On ``auth-v2``, with a local branch ``auth``, the handoff ``<date>-auth.md`` the agent
    wrote as the hook told it (``<date>-<topic>``) was taken for branch ``auth``'s: the hook
    blocked at every stop and `show` said there was none."""
    repo = GitRepo(tmp_path / "repo")
    _kept_out(repo)
    repo.git("branch", "auth")
    repo.git("switch", "-qc", "auth-v2")
    repo.write("a.txt", "a\n")
    repo.commit("work", date=_ago(600)[1])
    written = f"{FOLDER}/{today()}-auth.md"
    repo.write(written, HANDOFF.format(title="Auth"))
    stop = run_hook(stop_event(repo.root), cwd=repo.root)
    assert stop.code == 0, stop.err
    shown = run_cli(["show"], cwd=repo.root)
    assert f"{written} is this branch's handoff" in shown.out, shown.out + shown.err
    assert NEXT in shown.out, shown.out
