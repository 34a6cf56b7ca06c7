"""Another clone force-pushed the branch (rewrote a commit); this clone, still on the old
history with a commit of its own, ran `git pull` (a merge) and stopped on the packet's conflict.
The Stop hook's fix must not finish that merge (every rewritten commit would then be in the
branch twice): it gives it up and replays this clone's own commit onto the rewritten upstream.
A bare remote and two real clones; the agent runs only what the hook prints."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo

_PLACEHOLDER = re.compile(r'"<[^">]*>"')


def _clone(remote: Path, to: Path) -> GitRepo:
    subprocess.run(["git", "clone", "-q", str(remote), str(to)], check=True, capture_output=True)
    repo = GitRepo.__new__(GitRepo)
    repo.root = to
    return repo


def _new(repo: GitRepo, step: str) -> None:
    made = run_fix(
        repo.root,
        f"handoff-audit new --summary 'b.py added' --next-action '{step}' "
        "--verdict-pointer https://ci.example/1 --allow-dirty",
    )
    assert made.returncode == 0, made.stderr


def _rewritten_upstream(tmp_path: Path) -> GitRepo:
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    mine = _clone(remote, tmp_path / "mine")
    mine.write("a.py", "a = 1\n")
    mine.commit("init")
    mine.git("push", "-q", "origin", "main")
    mine.git("switch", "-q", "-c", "feat")
    mine.write("b.py", "b = 1\n")
    mine.commit("feat: b")
    _new(mine, "Make b 2 in b.py.")
    mine.commit("handoff")
    mine.git("push", "-q", "-u", "origin", "feat")
    theirs = _clone(remote, tmp_path / "theirs")
    theirs.git("switch", "-q", "feat")
    theirs.git("reset", "-q", "--hard", "HEAD~2")
    theirs.write("b.py", "b = 1  # reworded\n")
    theirs.commit("feat: b (rewritten)")
    _new(theirs, "Make b 3 in b.py.")
    theirs.commit("handoff (rewritten)")
    theirs.git("push", "-q", "-f", "origin", "feat")
    mine.write("c.py", "c = 1\n")
    mine.commit("feat: c")
    done = subprocess.run(
        ["git", "pull", "-q", "--no-rebase", "--no-edit"], cwd=mine.root, capture_output=True
    )
    assert done.returncode != 0 and mine.git("status", "--porcelain"), done
    return mine


def test_the_fix_rebases_onto_the_rewritten_upstream_with_no_commit_twice(
    tmp_path: Path,
) -> None:
    mine = _rewritten_upstream(tmp_path)
    first = run_hook(stop_event(mine.root))
    assert first.code == 2, first.err
    assert "git commit --no-edit" not in first.err, first.err
    assert "was force-pushed (rewritten)" in first.err, first.err
    for _ in range(5):
        stop = run_hook(stop_event(mine.root))
        if stop.code == 0:
            break
        for command in [line.removeprefix("  fix: ") for line in stop.lines if "  fix: " in line]:
            filled = _PLACEHOLDER.sub("'c.py added; tests pass.'", command)
            done = run_fix(mine.root, filled)
            assert done.returncode == 0, (filled, done.stderr)
        if mine.git("status", "--porcelain") and not (mine.root / ".git/rebase-merge").exists():
            mine.commit("handoff: refreshed")
    else:
        raise AssertionError(stop.err)
    subjects = mine.git("log", "--format=%s").splitlines()
    assert "feat: b" not in subjects, subjects  # the old commit the rewrite replaced
    assert subjects.count("feat: b (rewritten)") == 1 and subjects.count("feat: c") == 1, subjects
    assert mine.git("rev-list", "--merges", "HEAD") == "", subjects
    upstream = mine.git("rev-parse", "origin/feat")
    mine.git("merge-base", "--is-ancestor", upstream, "HEAD")  # check=True: it fails otherwise
