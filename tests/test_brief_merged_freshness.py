"""The freshness line of `show` and the `SessionStart` hook on the default branch, once the
branch that wrote the handoff is merged with ``git merge --no-ff``: the merge is no work and no
change of the handoff; the line names the commit that made it, or the work after it. Real
repositories, the real commands."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable

from agent_support import run_hook
from conftest import GitRepo, Result
from test_agent_session_start import claude_start

Run = Callable[..., Result]
NOTE = (
    "# Pow work\n\n## State\npow2 done; tests pass.\n\n## Next step\n"
    "Handle negative inputs in pow2 in `pow.py`.\n\n## Decisions\n"
    "Use ints because floats drift.\n\n## Ruled out\nnumpy: too heavy.\n"
)


def merged_handoff(repo: GitRepo) -> str:
    """main, and feat/pow's handoff and code merged into it with ``--no-ff``: the commit id of
    the branch's commit that wrote them."""
    repo.write("app.py", "print(1)\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/pow")
    repo.write("pow.py", "def pow2(a):\n    return a * a\n")
    repo.write("HANDOFF.md", NOTE)
    written = repo.commit("pow, with its handoff")
    repo.git("switch", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "feat/pow", "-m", "Merge branch 'feat/pow'")
    return written


def freshness(run_cli: Run, repo: GitRepo) -> list[str]:
    """The freshness part of `show`, and the same part of the session's brief."""
    show = run_cli(["show"], cwd=repo.root)
    assert show.code == 0, show.err
    start = run_hook(claude_start(repo.root))
    assert start.code == 0, start.err
    context: str = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    parts = [
        text.split("Freshness (from git, not from the handoff):\n")[1]
        for text in (show.out, context)
    ]
    assert parts[0].strip() == parts[1].strip()
    return parts[0].strip().splitlines()


def test_a_merged_handoff_is_current_on_main_and_names_the_branch_s_commit(
    git_repo: GitRepo, run_cli: Run
) -> None:
    written = merged_handoff(git_repo)
    lines = freshness(run_cli, git_repo)
    assert lines[0].startswith(
        f"- current: nothing was committed since its last change ({written[:7]}, "
    )
    merge = git_repo.head()[:7]
    assert all(merge not in line and "Merge branch" not in line for line in lines)


def test_work_after_the_merge_is_named_and_the_merge_is_not(
    git_repo: GitRepo, run_cli: Run
) -> None:
    written = merged_handoff(git_repo)
    git_repo.write("app.py", "print(2)\n")
    later = git_repo.commit("app prints 2")
    lines = freshness(run_cli, git_repo)
    assert lines[0].startswith(f"- since the handoff's last change ({written[:7]}, ")
    assert lines[0].endswith(": 1 commit, which the handoff may not describe:")
    assert lines[1] == f"  - {later[:7]} app prints 2"
    assert lines[2] == "- files they touched (the note may be wrong about them): app.py"
    assert not any("Merge branch" in line for line in lines)


def test_a_merge_that_resolved_the_handoff_by_hand_is_its_last_change(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """A conflict in the handoff, resolved in the merge: the merge made it, and is named."""
    merged_handoff(git_repo)
    git_repo.git("switch", "-q", "feat/pow")
    git_repo.write("HANDOFF.md", NOTE.replace("tests pass", "tests pass on the branch"))
    git_repo.commit("branch note")
    git_repo.git("switch", "-q", "main")
    git_repo.write("HANDOFF.md", NOTE.replace("tests pass", "tests pass on main"))
    git_repo.commit("main note")
    conflict = subprocess.run(
        ["git", "merge", "-q", "feat/pow"], cwd=git_repo.root, capture_output=True, check=False
    )
    assert conflict.returncode == 1
    git_repo.write("HANDOFF.md", NOTE.replace("tests pass", "tests pass on both"))
    resolved = git_repo.commit("Merge branch 'feat/pow', the notes joined")
    lines = freshness(run_cli, git_repo)
    assert lines[0].startswith(
        f"- current: nothing was committed since its last change ({resolved[:7]}, "
    )


def test_main_s_parallel_commit_merged_with_the_handoff_is_no_later_work(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Review 57-4 L6: main's own commit made while feat/pow was open, merged with it by
    ``--no-ff``, is older than the handoff on main's line: `show` counted it as a later commit
    the handoff may not describe while `check` and the Stop hook said nothing, and after one
    more commit on main `show` counted 2 where `check` counted 1."""
    git_repo.write("app.py", "print(1)\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/pow")
    git_repo.write("pow.py", "def pow2(a):\n    return a * a\n")
    git_repo.write("HANDOFF.md", NOTE)
    written = git_repo.commit("pow, with its handoff")
    git_repo.git("switch", "-q", "main")
    git_repo.write("main.py", "print('main')\n")
    git_repo.commit("main's own work")
    git_repo.git("merge", "-q", "--no-ff", "feat/pow", "-m", "Merge branch 'feat/pow'")
    lines = freshness(run_cli, git_repo)
    assert lines[0].startswith(
        f"- current: nothing was committed since its last change ({written[:7]}, "
    )
    assert "handoff-outdated" not in run_cli(["check"], cwd=git_repo.root).out
    git_repo.write("app.py", "print(2)\n")
    later = git_repo.commit("app prints 2")
    lines = freshness(run_cli, git_repo)
    assert lines[0].endswith(": 1 commit, which the handoff may not describe:"), lines
    assert lines[1:] == [
        f"  - {later[:7]} app prints 2",
        "- files they touched (the note may be wrong about them): app.py",
    ]
    checked = " ".join(run_cli(["check"], cwd=git_repo.root).out.split())
    assert "handoff-outdated" in checked and "1 later commit" in checked, checked


def test_commits_a_merge_brought_in_from_main_are_named_though_no_work_of_the_branch_s(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """feat/pow merges another copy of its work (a co-worker's pushes), whose three commits
    main already merged: "current: nothing was committed since its last change" said nothing
    of them; the line says what came in, and the Stop hook still counts none of them as the
    branch's work. A merge of main itself ("Update branch") stays unnamed."""
    git_repo.write("app.py", "print(1)\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/pow")
    git_repo.write("pow.py", "def pow2(a):\n    return a * a\n")
    git_repo.commit("pow")
    git_repo.git("switch", "-q", "-c", "copy")
    for name in ("div", "mod", "tests"):
        git_repo.write(f"{name}.py", f"{name} = 1\n")
        git_repo.commit(name)
    git_repo.git("switch", "-q", "main")
    git_repo.git("merge", "-q", "--no-ff", "copy", "-m", "Merge branch 'copy'")
    git_repo.git("switch", "-q", "feat/pow")
    git_repo.write("HANDOFF.md", NOTE)
    written = git_repo.commit("handoff")
    git_repo.git("merge", "-q", "--no-ff", "copy", "-m", "Merge branch 'copy' into feat/pow")
    merge = git_repo.head()[:7]
    lines = freshness(run_cli, git_repo)
    assert lines[0].startswith(
        f"- current: nothing of the branch's own was committed since its last change "
        f"({written[:7]}, "
    ), lines
    assert lines[1] == (
        f"- 3 commits came in by the merge {merge} (already on main), which the handoff may "
        "not describe; no work of the branch's, as the Stop hook and `check` count it"
    ), lines
    stop = run_hook(
        {"hook_event_name": "Stop", "session_id": "s", "cwd": str(git_repo.root)}
        | {"stop_hook_active": False, "transcript_path": str(git_repo.root / "none.jsonl")}
    )
    assert stop.code == 0, stop.err
