"""The Stop hook's fix for a hand-written note the work moved on after (`handoff-outdated`)
writes the next step in place of the one under the note's next-step heading, with what changed
above it: followed twice, the note holds one "## Next step" section, the newest step, never a
pile of them with the long-done step at the top (review 57-3, M7)."""

from __future__ import annotations

import re

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo

NOTE = (
    "# Next session\n\n## State\nf_a works; tests pass.\n\n## Next step\n"
    "Add input validation to f_a in src/mod_a.py.\n\n## Decisions\n"
    "- Keep f_a pure because it is called from hot loops.\n\n## Ruled out\n"
    "- Caching: inputs never repeat.\n"
)
_PLACEHOLDER = re.compile(r'"<what the commits since[^">]*>"')


def _follow(repo: GitRepo, changed: str, step: str) -> str:
    """Run the hook's printed fix with ``changed`` and ``step`` filled in, and commit it."""
    stop = run_hook(stop_event(repo.root))
    assert stop.code == 2, stop.err
    [command] = [line.removeprefix("  fix: ") for line in stop.lines if "  fix: " in line]
    assert ">> HANDOFF.md" not in command, command  # no second section appended
    filled = _PLACEHOLDER.sub(f"'{changed}'", command).replace('"<the next step now>"', f"'{step}'")
    done = run_fix(repo.root, filled)
    assert done.returncode == 0, done.stderr
    repo.commit("handoff")
    return (repo.root / "HANDOFF.md").read_text(encoding="utf-8")


def test_the_refresh_fix_keeps_one_next_step_section(git_repo: GitRepo) -> None:
    git_repo.write("src/mod_a.py", "def f_a(x):\n    return x\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/a")
    git_repo.write("HANDOFF.md", NOTE)
    git_repo.commit("handoff")
    git_repo.write(
        "src/mod_a.py",
        "def f_a(x):\n    if not isinstance(x, int):\n        raise TypeError\n    return x\n",
    )
    git_repo.commit("validate")
    _follow(
        git_repo,
        "f_a raises TypeError on non-int input.",
        "Add a TypeError test to tests/test_a.py.",
    )
    git_repo.write("tests/test_a.py", "def test_type():\n    pass\n")
    git_repo.commit("tests")
    text = _follow(git_repo, "Tests for the TypeError added.", "Reject negative ints in f_a.")
    assert text.count("## Next step") == 1, text
    assert "Add input validation" not in text and "Add a TypeError test" not in text, text
    assert text.index("Reject negative ints in f_a.") > text.index("Tests for the TypeError added.")
    assert "## Decisions\n- Keep f_a pure" in text, text  # the sections after it are kept
    assert run_hook(stop_event(git_repo.root)).code == 0
