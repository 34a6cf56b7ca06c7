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
from handoff_audit.git import plumbing
from handoff_audit.git.forced_upstream import merged_twice

_PLACEHOLDER = re.compile(r'"<[^">]*>"')
_TESTS = "<the command that runs the tests>"


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


def _pushed_feat(tmp_path: Path) -> tuple[GitRepo, GitRepo]:
    """A bare remote; this clone pushed ``main`` (``init``) and ``feat`` (``feat: b`` and its
    handoff); the other clone, made after."""
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
    return mine, theirs


def _rewritten_upstream(tmp_path: Path, pushed: bool = False) -> GitRepo:
    """``pushed``: this clone pushes ``feat: c`` before the other clone, which never fetched
    it, force-pushes (it rewrites the handoff only): the rewrite clobbers c."""
    mine, theirs = _pushed_feat(tmp_path)
    theirs.git("switch", "-q", "feat")
    if pushed:
        mine.write("c.py", "c = 1\n")
        mine.commit("feat: c")
        mine.git("push", "-q")
        theirs.git("reset", "-q", "--hard", "HEAD~1")
    else:
        theirs.git("reset", "-q", "--hard", "HEAD~2")
        theirs.write("b.py", "b = 1  # reworded\n")
        theirs.write("t.py", "t = 1\n")  # merged in cleanly
        theirs.commit("feat: b (rewritten)")
    _new(theirs, "Make b 3 in b.py.")
    theirs.commit("handoff (rewritten)")
    theirs.git("push", "-q", "-f", "origin", "feat")
    mine.write("d.py" if pushed else "c.py", "d = 1\n" if pushed else "c = 1\n")
    mine.commit("feat: d" if pushed else "feat: c")
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
    # The old commits the rewrite redid are named, never replayed (each would come twice).
    assert "not replayed: the old origin/feat's 2 commits" in first.err, first.err
    _follow(mine)
    subjects = mine.git("log", "--format=%s").splitlines()
    assert "feat: b" not in subjects, subjects  # the old commit the rewrite replaced
    assert subjects.count("feat: b (rewritten)") == 1 and subjects.count("feat: c") == 1, subjects
    assert mine.git("rev-list", "--merges", "HEAD") == "", subjects
    upstream = mine.git("rev-parse", "origin/feat")
    mine.git("merge-base", "--is-ancestor", upstream, "HEAD")  # check=True: it fails otherwise


def _follow(mine: GitRepo) -> None:
    """Runs what the hook prints (committing what it leaves) until it lets the session stop."""
    for _ in range(5):
        stop = run_hook(stop_event(mine.root))
        if stop.code == 0:
            return
        for command in [line.removeprefix("  fix: ") for line in stop.lines if "  fix: " in line]:
            filled = command.replace(f'--verify "{_TESTS}"', "--verify true")
            filled = _PLACEHOLDER.sub("'c.py added; tests pass.'", filled)
            done = run_fix(mine.root, filled)
            assert done.returncode == 0, (filled, done.stderr)
        if mine.git("status", "--porcelain") and not (mine.root / ".git/rebase-merge").exists():
            mine.git("add", "-A")
            mine.commit("handoff: refreshed")
    raise AssertionError(stop.err)


def test_work_done_while_the_merge_was_stopped_survives_the_fix(tmp_path: Path) -> None:
    """`git merge --abort` throws away what was staged: a new file, an edit to a file the merge
    does not change; the fix saves them first, as it does an unstaged edit; an untracked file
    stays."""
    mine = _rewritten_upstream(tmp_path)
    mine.write("work.py", "w = 42\n")
    mine.write("a.py", "a = 1  # staged fix\n")
    mine.git("add", "work.py", "a.py")
    mine.write("c.py", "c = 1  # unstaged\n")
    mine.write("notes.txt", "untracked\n")
    first = run_hook(stop_event(mine.root))
    assert "git merge --abort" in first.err, first.err
    _follow(mine)
    assert mine.git("log", "--format=%s").count("feat: b (rewritten)") == 1
    for name, text in [
        ("work.py", "w = 42\n"),
        ("a.py", "a = 1  # staged fix\n"),
        ("c.py", "c = 1  # unstaged\n"),
        ("notes.txt", "untracked\n"),
    ]:
        assert (mine.root / name).read_text(encoding="utf-8") == text, name


def test_a_change_mixed_with_the_merge_s_own_gets_no_abort_to_run(tmp_path: Path) -> None:
    """An edit on top of a file the merge brought: no command can tell the two apart, so the
    fix says what to save by hand and never starts with the abort."""
    mine = _rewritten_upstream(tmp_path)
    assert mine.git("status", "--porcelain", "--", "t.py") == "A  t.py"
    (mine.root / "t.py").write_text("t = 1\nmine = 1\n", encoding="utf-8")
    first = run_hook(stop_event(mine.root))
    fix = next(line for line in first.lines if "  fix: " in line)
    assert fix.startswith("  fix: copy what you changed in t.py"), first.err


def test_a_commit_of_this_clone_the_force_push_clobbered_is_replayed(tmp_path: Path) -> None:
    """This clone pushed `feat: c`; the other clone, which never had it, force-pushed over it,
    so `--fork-point` takes c as the fork point: c is replayed too, never dropped."""
    mine = _rewritten_upstream(tmp_path, pushed=True)
    first = run_hook(stop_event(mine.root))
    assert "feat: c), which the rewrite dropped" in first.err, first.err
    _follow(mine)
    subjects = mine.git("log", "--format=%s").splitlines()
    assert subjects.count("feat: c") == 1 and subjects.count("feat: d") == 1, subjects
    assert (mine.root / "c.py").read_text(encoding="utf-8") == "c = 1\n"


def _merged_cleanly(tmp_path: Path) -> GitRepo:
    """The other clone rebases the branch onto a new commit of main and force-pushes it; this
    clone, with a commit of its own, runs `git pull` (a merge), which finishes without a
    conflict: `feat: b` and `handoff` are then in the branch twice, old and rebased."""
    mine, theirs = _pushed_feat(tmp_path)
    theirs.write("m.py", "m = 1\n")
    theirs.commit("main: m")
    theirs.git("push", "-q", "origin", "main")
    theirs.git("switch", "-q", "feat")
    theirs.git("rebase", "-q", "main")
    theirs.git("push", "-q", "-f", "origin", "feat")
    mine.write("c.py", "c = 1\n")
    mine.commit("feat: c")
    mine.git("pull", "-q", "--no-rebase", "--no-edit")
    assert mine.git("log", "--format=%s").splitlines().count("feat: b") == 2
    return mine


def test_a_clean_merge_of_the_rewritten_upstream_is_undone_and_replayed(tmp_path: Path) -> None:
    mine = _merged_cleanly(tmp_path)
    mine.write("a.py", "a = 1  # not committed\n")  # a file the merge does not change
    first = run_hook(stop_event(mine.root))
    assert first.code == 2 and "was force-pushed (rewritten)" in first.err, first.err
    assert "feat: b, " in first.err and " handoff), whose changes" in first.err, first.err
    assert "  fix: git reset --keep HEAD^ && git rebase --autostash --onto " in first.err
    _follow(mine)
    subjects = mine.git("log", "--format=%s").splitlines()
    for subject in ("feat: b", "handoff", "feat: c", "main: m"):
        assert subjects.count(subject) == 1, subjects
    assert mine.git("rev-list", "--merges", "HEAD") == "", subjects
    mine.git("merge-base", "--is-ancestor", "origin/feat", "HEAD")
    assert (mine.root / "c.py").read_text(encoding="utf-8") == "c = 1\n"
    assert (mine.root / "a.py").read_text(encoding="utf-8") == "a = 1  # not committed\n"


def test_a_merge_not_of_a_rewritten_upstream_costs_no_git_process(tmp_path: Path) -> None:
    """A merge of another branch, and the same merge once pushed: the refs the hook reads
    anyway tell, no git process asked."""
    mine = _merged_cleanly(tmp_path)
    mine.git("push", "-q")
    start = plumbing.spawn_count()
    assert merged_twice(mine.root, plumbing.read_refs(mine.root)[0]) is None
    assert plumbing.spawn_count() - start == 1  # read_refs' own
    mine.git("switch", "-q", "-c", "other", "HEAD~2")
    mine.git("merge", "-q", "--no-edit", "feat")
    mine.git("switch", "-q", "feat")
    mine.git("merge", "-q", "--no-ff", "--no-edit", "other")
    start = plumbing.spawn_count()
    assert merged_twice(mine.root, plumbing.read_refs(mine.root)[0]) is None
    assert plumbing.spawn_count() - start == 1


def test_the_upstream_moved_on_since_and_a_change_the_reset_would_lose(tmp_path: Path) -> None:
    """The upstream's reflog says the merge's second parent was its tip before the newest
    fetch: still found. An uncommitted change in a file the merge brought makes `git reset
    --keep` refuse, changing nothing."""
    mine = _merged_cleanly(tmp_path)
    theirs = _clone(tmp_path / "remote.git", tmp_path / "theirs-2")
    theirs.git("switch", "-q", "feat")
    theirs.write("n.py", "n = 1\n")
    theirs.commit("feat: n")
    theirs.git("push", "-q")
    mine.git("fetch", "-q")
    mine.write("m.py", "m = 2  # mine\n")
    head = mine.git("rev-parse", "HEAD")
    first = run_hook(stop_event(mine.root))
    assert "was force-pushed (rewritten)" in first.err, first.err
    fix = next(line.removeprefix("  fix: ") for line in first.lines if "  fix: " in line)
    assert run_fix(mine.root, fix).returncode != 0
    assert mine.git("rev-parse", "HEAD") == head
    assert (mine.root / "m.py").read_text(encoding="utf-8") == "m = 2  # mine\n"
