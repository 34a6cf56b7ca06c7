"""A ``.claude/handoffs/`` folder the repository's ``.gitignore`` keeps out of git with a folder
line, holding another branch's uncommitted handoff (``2026-12-05-feat-b.md``, left by feat/b's
session) while feat/a is checked out: the Stop hook never tells feat/a to add feat/b's file by
force and commit it. Real repositories, the real hook."""

from __future__ import annotations

from agent_support import run_hook, stop_event
from conftest import GitRepo

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
