"""`show` and the ``SessionStart`` hook on a branch whose handoff is a file of a series the
repository's own committed ``.gitignore`` keeps out of git (xrf9268-hue/sbx:
``.claude/handoffs/*.md``): they hand that file over, chosen as the Stop hook takes it (the
branch's own, not an earlier session's), say where it is, that it stays out of git, and that
it is outdated when the Stop hook would say so. Real repositories, the real CLI and hook, a
next session knowing only what they print."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from agent_support import run_hook, stop_event
from conftest import GitRepo
from handoff_audit.engine.brief import build_brief
from handoff_audit.git import plumbing
from test_agent_session_start import claude_start, context_of
from test_local_handoffs import (
    FOLDER,
    HANDOFF,
    OLD,
    _ago,
    _sbx,
    kept_out_folders,
    today,
    written_an_hour_ago,
)

KEPT_OUT = "kept out of git by the repository's .gitignore"
NEXT = 'Write the protocol table under "Usage" in `README.md`.'


def _handed(said: str, root: Path) -> str:
    """What a next session does with what it was told: find the handoff's path in it and read
    that file."""
    named = re.search(r"(\S+\.md) is this branch's handoff", said)
    assert named is not None, said
    return (root / named[1]).read_text(encoding="utf-8")


def test_the_next_session_reads_the_kept_out_handoff(tmp_path: Path, run_cli: Any) -> None:
    repo = GitRepo(tmp_path / "repo")
    _sbx(repo)
    written = f"{FOLDER}/{today()}-export-help.md"
    repo.write(written, HANDOFF.format(title="Export help"))
    assert run_hook(stop_event(repo.root), cwd=repo.root).code == 0  # the Stop hook's handoff

    shown = run_cli(["show"], cwd=repo.root)
    assert shown.code == 0, shown.err
    assert KEPT_OUT in shown.out and "keep it out of git" in shown.out, shown.out
    assert "outdated" not in shown.out and OLD not in shown.out, shown.out
    assert NEXT in shown.out, shown.out
    assert _handed(shown.out, repo.root) == HANDOFF.format(title="Export help")

    context = context_of(run_hook(claude_start(repo.root), cwd=repo.root))
    assert KEPT_OUT in context and NEXT in context, context
    assert _handed(context, repo.root) == HANDOFF.format(title="Export help")
    assert written not in repo.git("ls-files")


def test_an_earlier_session_s_file_is_not_handed_over(tmp_path: Path, run_cli: Any) -> None:
    """The base's old file, and one named today but written before the branch's first own
    commit, are not the branch's, as the Stop hook says: no handoff."""
    repo = GitRepo(tmp_path / "repo")
    _sbx(repo)
    left = f"{FOLDER}/{today()}-earlier-session.md"
    repo.write(left, HANDOFF.format(title="Earlier session"))
    two_hours_ago = _ago(7200)[0]
    os.utime(repo.root / left, (two_hours_ago, two_hours_ago))
    assert run_hook(stop_event(repo.root), cwd=repo.root).code == 2
    shown = run_cli(["show"], cwd=repo.root)
    assert shown.code == 1 and "has no handoff" in shown.err, shown.err
    assert left not in shown.out + shown.err and OLD not in shown.out + shown.err
    start = run_hook(claude_start(repo.root), cwd=repo.root)
    assert (start.code, start.err) == (0, "") and left not in start.out, start.out


def test_the_kept_out_handoff_is_said_outdated_as_the_stop_hook_says(
    tmp_path: Path, run_cli: Any
) -> None:
    repo = GitRepo(tmp_path / "repo")
    _sbx(repo, work=_ago(7200)[1])
    written_an_hour_ago(repo, f"{today()}-export-help.md")
    assert "outdated" not in run_cli(["show"], cwd=repo.root).out
    for number in range(3):
        repo.write("docs/table.md", f"row {number}\n")
        repo.commit(f"table row {number}")
    stop = run_hook(stop_event(repo.root), cwd=repo.root)
    assert stop.code == 2 and "handoff-outdated" in stop.err, stop.err

    shown = run_cli(["show"], cwd=repo.root)
    assert shown.code == 0, shown.err
    assert "it is outdated" in shown.out and "3 later commits" in shown.out, shown.out
    assert "(check: handoff-outdated)" in shown.out, shown.out
    assert _handed(shown.out, repo.root) == HANDOFF.format(title="Export help")
    context = context_of(run_hook(claude_start(repo.root), cwd=repo.root))
    assert "it is outdated" in context and "`table row 2`" in context, context


def test_git_processes_do_not_grow_with_the_kept_out_folders(tmp_path: Path) -> None:
    counts = []
    for folders in (1, 8):
        repo = GitRepo(tmp_path / str(folders))
        written = kept_out_folders(repo, folders, today())
        start = plumbing.spawn_count()
        brief = build_brief(repo.root)
        counts.append(plumbing.spawn_count() - start)
        assert brief.path == written and KEPT_OUT in (brief.warning or ""), brief
    assert counts[0] == counts[1], counts


def test_another_branch_s_kept_out_handoff_is_not_handed_over(tmp_path: Path, run_cli: Any) -> None:
    """Ignored files carry no branch: feat1's handoff, left in the work tree, was handed to the
    next session on main and on a new branch as theirs, and the Stop hook on a branch that
    committed within a minute of it took it as its own."""
    repo = GitRepo(tmp_path / "repo")
    repo.write("README.md", "# app\n")
    repo.write(".gitignore", f"{FOLDER}/*.md\n")
    repo.commit("main", date=_ago(10800)[1])
    repo.git("switch", "-qc", "feat1")
    repo.write("a.txt", "a\n")
    repo.commit("feat1 work", date=_ago(7200)[1])
    written = f"{FOLDER}/{today()}-feat1.md"
    repo.write(written, HANDOFF.format(title="feat1"))
    assert NEXT in run_cli(["show"], cwd=repo.root).out  # feat1's own handoff

    for branch in ("main", "feat2"):
        repo.git("switch", "-q" if branch == "main" else "-qc", branch)
        shown = run_cli(["show"], cwd=repo.root)
        assert shown.code == 1 and "has no handoff" in shown.err, (branch, shown.out)
        assert written not in shown.out + shown.err and NEXT not in shown.out, shown.out
        start = run_hook(claude_start(repo.root), cwd=repo.root)
        assert written not in start.out and NEXT not in start.out, start.out
    repo.write("b.txt", "b\n")
    repo.commit("feat2 work")
    stop = run_hook(stop_event(repo.root), cwd=repo.root)
    assert stop.code == 2 and "no active handoff" in stop.err, stop.err
    assert "has no handoff" in run_cli(["show"], cwd=repo.root).err


def test_the_file_the_session_wrote_last_is_handed_over(tmp_path: Path, run_cli: Any) -> None:
    """A working note kept out of git (``HANDOFF.md``) and a file of a kept-out series: the
    Stop hook judges both, and `show` handed over the series' file, the older, not the note
    the session had just written and the hook had judged."""
    repo = GitRepo(tmp_path / "repo")
    repo.write("README.md", "# app\n")
    repo.write(".gitignore", f"{FOLDER}/*.md\nHANDOFF.md\n")
    repo.commit("main", date=_ago(10800)[1])
    repo.git("switch", "-qc", "try")
    repo.write("a.txt", "a\n")
    repo.commit("work", date=_ago(7200)[1])
    series, note = f"{FOLDER}/{today()}-export-help.md", "HANDOFF.md"
    repo.write(series, HANDOFF.format(title="Export help").replace(NEXT, "Write SERIES."))
    repo.write(note, HANDOFF.format(title="Note").replace(NEXT, "Write NOTE."))
    for first, second in ((series, note), (note, series)):
        os.utime(repo.root / first, (_ago(600)[0], _ago(600)[0]))
        os.utime(repo.root / second, (_ago(60)[0], _ago(60)[0]))
        assert run_hook(stop_event(repo.root), cwd=repo.root).code == 0
        step = "Write NOTE." if second == note else "Write SERIES."
        shown = run_cli(["show"], cwd=repo.root)
        assert f"{second} is this branch's handoff" in shown.out and step in shown.out, shown.out
        context = context_of(run_hook(claude_start(repo.root), cwd=repo.root))
        assert step in context, context
