"""A handoff of a series the repository keeps out of git, whose topic is another local branch's
name (``.claude/handoffs/<today>-docs.md`` on ``feat/x`` while a branch ``docs`` exists), was
taken as that branch's and dropped without a word: the agent that followed the hook's fix with
the same topic met the same block again. A file written while the branch was checked out (by
HEAD's reflog) is the branch's, whatever its name; where the reflog cannot tell, the hook says
which file it took as whose and the rename that makes it count. Real repositories, the real
hook, an agent doing what it prints."""

from __future__ import annotations

import re
import subprocess
import time
from datetime import UTC, datetime

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo

FOLDER = ".claude/handoffs"
NOTE = (
    "# Docs\n\nState: the parser handles `src/a.py`; the tests pass.\n\n"
    "## Next step\nWire the CLI flag in `src/a.py`.\n\n"
    "## Decisions\nKept one module because it is short.\n"
)


def _branches(repo: GitRepo) -> str:
    """main ignoring ``.claude/``, branches docs and fix, and feat/x with work, checked out a
    second before the session writes its handoff: the file's path."""
    repo.write(".gitignore", ".claude/\n")
    repo.write("src/a.py", "x = 1\n")
    repo.commit("init")
    repo.git("branch", "docs")
    repo.git("branch", "fix")
    repo.git("switch", "-qc", "feat/x")
    repo.write("src/a.py", "x = 2\n")
    repo.commit("work")
    time.sleep(1.1)
    return f"{FOLDER}/{datetime.now(UTC):%Y-%m-%d}-docs.md"


def _play(repo: GitRepo, rounds: int = 3) -> list[str]:
    """Stop; run the command in backticks the hook's reason names, until it lets go."""
    said = []
    for _round in range(rounds):
        stop = run_hook(stop_event(repo.root), cwd=repo.root)
        assert "Traceback" not in stop.err, stop.err
        if stop.code == 0:
            return said
        said.append(stop.err)
        found = re.search(r"name it for \S+ \(`(.+?)`\)", stop.err)
        assert found is not None, stop.err
        done = subprocess.run(["sh", "-c", found[1]], cwd=repo.root, capture_output=True)
        assert done.returncode == 0, done.stderr
    raise AssertionError("still blocked after the rounds:\n" + "\n".join(said))


def test_a_handoff_written_on_the_branch_is_its_own_whatever_its_topic(
    git_repo: GitRepo,
) -> None:
    written = _branches(git_repo)
    git_repo.write(written, NOTE)
    assert _play(git_repo) == []
    shown = run_fix(git_repo.root, "handoff-audit show")
    assert "Wire the CLI flag" in shown.stdout, shown.stdout + shown.stderr
    # away to the branch it is named for and back: the reflog still says where it was written
    time.sleep(1.1)
    git_repo.git("switch", "-q", "docs")
    git_repo.git("switch", "-q", "feat/x")
    assert _play(git_repo) == []


def test_without_a_reflog_the_hook_says_whose_the_file_was_taken_as(git_repo: GitRepo) -> None:
    written = _branches(git_repo)
    git_repo.git("config", "core.logAllRefUpdates", "false")
    (git_repo.root / ".git" / "logs" / "HEAD").unlink()
    git_repo.write(written, NOTE)
    [said] = _play(git_repo)
    assert f"{written} was taken as branch docs's handoff" in said, said
    renamed = written.replace("-docs.md", "-feat-x.md")
    assert f"mv -- {written} {renamed})`" in said, said
    assert (git_repo.root / renamed).is_file() and written not in git_repo.git("ls-files")
