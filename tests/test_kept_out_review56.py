"""A series the repository's committed ``.gitignore`` keeps out of git (``.claude/handoffs/*.md``),
as a re-review found it: a handoff whose topic is a word of this branch's name though another
local branch has that word as its name. Real repositories, the real CLI and hook."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agent_support import run_hook, stop_event
from conftest import GitRepo
from test_agent_session_start import claude_start, context_of
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


def test_a_kept_out_series_pointer_is_neither_judged_nor_handed_over(
    tmp_path: Path, run_cli: Any
) -> None:
    """In a series kept out of git, ``LATEST.md`` holding a file's name was judged as the
    branch's handoff: the hook's fix appended a section to it, it kept blocking after the agent
    wrote the next file and re-pointed it, and `show` printed the pointer's line."""
    repo = GitRepo(tmp_path / "repo")
    _kept_out(repo)
    older = [f"handoff-000{n}-2026-11-0{n}-1044-t.md" for n in (1, 2)]
    for name in older:
        repo.write(f"{FOLDER}/{name}", HANDOFF.format(title=name))
    repo.write(f"{FOLDER}/LATEST.md", f"{older[0]}\n")
    repo.git("switch", "-qc", "feat")
    repo.write("a.txt", "a\n")
    repo.commit("work", date=_ago(600)[1])
    first = run_hook(stop_event(repo.root), cwd=repo.root)
    assert "LATEST.md:1" not in first.err and ">> .claude/handoffs/LATEST.md" not in first.err
    newest = f"handoff-0003-{today()}-1044-t.md"
    repo.write(f"{FOLDER}/{newest}", HANDOFF.format(title="Newest"))
    repo.write(f"{FOLDER}/LATEST.md", f"{newest}\n")
    stop = run_hook(stop_event(repo.root), cwd=repo.root)
    assert stop.code == 0, stop.err
    shown = run_cli(["show"], cwd=repo.root)
    assert f"{FOLDER}/{newest} is this branch's handoff" in shown.out, shown.out + shown.err
    assert NEXT in shown.out, shown.out


def test_on_the_default_branch_the_newest_kept_out_handoff_is_handed_over(
    tmp_path: Path, run_cli: Any
) -> None:
    """A solo developer working on ``main`` with a series kept out of git got nothing from
    `show` and ``SessionStart``; now they hand over the newest file, said to be not the
    branch's own, and so on a new branch with no commit of its own."""
    repo = GitRepo(tmp_path / "repo")
    _kept_out(repo)
    repo.write("a.txt", "a\n")
    repo.commit("work", date=_ago(600)[1])
    repo.write(f"{FOLDER}/2026-11-01-setup.md", HANDOFF.format(title="Setup").replace(NEXT, "Old."))
    written = f"{FOLDER}/{today()}-login.md"
    repo.write(written, HANDOFF.format(title="Login"))
    for branch in ("main", "next"):
        if branch != "main":
            repo.git("switch", "-qc", branch)
        shown = run_cli(["show"], cwd=repo.root)
        assert shown.code == 0, shown.err
        said = f"{written} is the newest handoff kept out of git"
        assert said in shown.out and "not this branch's own" in shown.out, shown.out
        assert "is this branch's handoff" not in shown.out and NEXT in shown.out, shown.out
        context = context_of(run_hook(claude_start(repo.root), cwd=repo.root))
        assert said in context and NEXT in context, context
