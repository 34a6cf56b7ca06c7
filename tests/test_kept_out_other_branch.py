"""A ``.claude/handoffs/`` folder the repository's ``.gitignore`` keeps out of git with a folder
line, holding another branch's uncommitted handoff (``2026-12-05-feat-b.md``, left by feat/b's
session) while feat/a is checked out: the Stop hook never tells feat/a to add feat/b's file by
force and commit it. And a ``git merge main`` under way on feat/b, which brings in feat/a's
finished handoff: the session is handed feat/b's own. Real repositories, the real hook."""

from __future__ import annotations

import json
import subprocess

from agent_support import run_hook, stop_event
from conftest import GitRepo
from test_agent_session_start import claude_start

FOLDER = ".claude/handoffs"
NOTE = (
    "# {title}\n\n## State\n\nHalf done in `src/calc.py`.\n\n## Next step\n\nFinish {title}.\n\n"
    "## Key decisions\n\n- floats because the callers want floats\n\n## Ruled out\n\nNone.\n"
)


def test_another_branch_s_kept_out_file_is_never_to_be_committed(git_repo: GitRepo) -> None:
    """The hook on feat/a said "2026-12-05-feat-b.md is ignored … add it by force (`git add -f
    -- .claude/handoffs/2026-12-05-feat-b.md`) and commit it"."""
    git_repo.write("src/calc.py", "def add(a, b):\n    return a + b\n")
    git_repo.write(".gitignore", f"__pycache__/\n{FOLDER}/\n")
    git_repo.commit("init")
    git_repo.git("branch", "feat/a")
    git_repo.git("switch", "-qc", "feat/b")
    git_repo.write("src/calc.py", "def add(a, b):\n    return a + b\n# half\n")
    git_repo.commit("half")
    other = f"{FOLDER}/2026-12-05-feat-b.md"
    git_repo.write(other, NOTE.format(title="feat b"))
    git_repo.git("switch", "-q", "feat/a")
    git_repo.write("src/neg.py", "def neg(a):\n    return -a\n")
    git_repo.commit("neg")
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert "feat-b.md" not in stop.err, stop.err
    assert "no active handoff" in stop.err, stop.err


def test_mid_merge_the_brief_is_the_branch_s_own(git_repo: GitRepo) -> None:
    """During `git merge main` on feat/b, `SessionStart` handed over feat/a's finished file,
    which the merge brought in ("None: the work is finished."), as the handoff "being written
    now"."""
    git_repo.write("src/calc.py", "X = 1\n")
    git_repo.write(f"{FOLDER}/2026-12-01-start.md", NOTE.format(title="the start"))
    git_repo.write(".gitignore", f"{FOLDER}/\n")
    git_repo.git("add", "-f", "--", FOLDER)
    git_repo.commit("init")
    git_repo.git("switch", "-qc", "feat/b")
    git_repo.write("src/calc.py", "X = 2\n")
    git_repo.write(f"{FOLDER}/2026-12-05-feat-b.md", NOTE.format(title="half"))
    git_repo.git("add", "-f", "--", FOLDER)
    git_repo.commit("half, handoff")
    git_repo.git("switch", "-qc", "feat/a", "main")
    git_repo.write("src/calc.py", "X = 3\n")
    finished = NOTE.format(title="neg").replace("Finish neg.", "None: the work is finished.")
    git_repo.write(f"{FOLDER}/2026-12-06-feat-a.md", finished)
    git_repo.git("add", "-f", "--", FOLDER)
    git_repo.commit("neg, handoff")
    git_repo.git("switch", "-q", "main")
    git_repo.git("merge", "-q", "--no-ff", "-m", "Merge feat/a", "feat/a")
    git_repo.git("switch", "-q", "feat/b")
    merge = subprocess.run(["git", "merge", "-q", "main"], cwd=git_repo.root, check=False)
    assert merge.returncode == 1
    assert (git_repo.root / ".git" / "MERGE_HEAD").is_file()
    start = run_hook(claude_start(git_repo.root))
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    assert "Next action: Finish half." in context, context
    assert "the work is finished" not in context, context
