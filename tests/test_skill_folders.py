"""A plugin's or a repository's top-level ``skills/`` folder holds one folder per skill
(``plugins/wrap/skills/handoff/SKILL.md``, ``skills/handoff/handoff.md``), as a plugin's
``commands/`` does: an agent's instruction folder, like ``.claude/skills/``. Its files
are not searched for handoffs (by ``check``, the Stop hook or the merge gate), one named on the
command line gets its one ``not-a-handoff`` warning for its place, and the gate still blocks a
working note there by its name or by what it says. Real repositories, the real CLI and hook."""

from __future__ import annotations

from collections.abc import Callable

from agent_support import feature_repo, refunds_packet, run_hook, stop_event
from conftest import GitRepo, Result
from handoff_support import COMPLETE as GOOD

Run = Callable[..., Result]

SKILL = """\
---
name: handoff
description: Creates a handoff document so the next session can continue. Use when the user \
asks to wrap up, or the context is nearly full.
---

# Handoff

## When to use
- The user says "handoff", "wrap up" or "end session"
- The context window is nearly full

## Steps
1. Run `git status` and `git log --oneline -10` to see what changed.
2. Write HANDOFF.md at the repository root with:
   - **Goal**: what the session set out to do
   - **Done**: what was finished, with file paths
   - **Next steps**: what the next session should do first
3. Commit it.
"""
SKILL_FILES = [
    "skills/handoff/handoff.md",
    "plugins/wrap/skills/handoff/handoff.md",
    "plugins/wrap/skills/session-handoff/session-handoff.md",
    "skills/handoffs/SKILL.md",
]
NOTE = (
    "# Handoff\n\n## State\nRefund parser half done; tests/test_refund.py fails on rounding.\n"
    "\n## Next step\nFix the rounding in src/refund.py, then run pytest.\n"
)


def test_skill_folders_are_not_searched_and_pass_the_gate(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("docs/handoffs/2025-11-01-auth.md", GOOD)
    for name in SKILL_FILES:
        git_repo.write(name, SKILL)
    git_repo.commit("skills and a handoff")
    found = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert found.code == 0, found.out
    assert [p["path"] for p in found.json()["packets"]] == ["docs/handoffs/2025-11-01-auth.md"]
    assert found.json()["findings"] == []
    gated = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert gated.code == 0, gated.out
    assert "skills/" not in gated.out
    named = run_cli(["check", "--format", "json", SKILL_FILES[1]], cwd=git_repo.root)
    (finding,) = named.json()["findings"]
    assert finding["rule"] == "not-a-handoff"
    assert finding["message"].startswith(
        "this file is in skills/, where an agent's commands, prompts and skills live"
    )


def test_a_working_note_in_a_skill_folder_is_still_blocked(git_repo: GitRepo, run_cli: Run) -> None:
    """By its name (``HANDOFF.md``), or by what it says (a lower-case ``handoff.md``)."""
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("x.py", "x = 1\n")
    git_repo.write("plugins/wrap/skills/handoff/HANDOFF.md", NOTE)
    git_repo.write("skills/notes/handoff.md", NOTE)
    git_repo.commit("x, and notes in skill folders")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    blocked = [f["path"] for f in done.json()["findings"] if f["rule"] == "handoff-in-merge"]
    assert sorted(blocked) == ["plugins/wrap/skills/handoff/HANDOFF.md", "skills/notes/handoff.md"]


def test_the_hook_lets_a_branch_with_a_skill_finish(git_repo: GitRepo, run_cli: Run) -> None:
    """A skill the branch adds is no handoff of its own and nothing the gate blocks."""
    feature_repo(git_repo)
    git_repo.write("plugins/wrap/skills/handoff/handoff.md", SKILL)
    git_repo.commit("a handoff skill")
    refunds_packet(git_repo, run_cli)
    git_repo.commit("handoff")
    assert run_cli(["archive"], cwd=git_repo.root).code == 0
    git_repo.commit("handoff: done")
    stopped = run_hook(stop_event(git_repo.root))
    assert stopped.code == 0, stopped.err
    assert "skills/" not in stopped.err + stopped.out


def test_a_project_s_own_skills_folder_is_searched(git_repo: GitRepo, run_cli: Run) -> None:
    """``skills/`` deeper than the root and outside a plugin (``app/skills/billing/``) is the
    project's own folder, not an agent's: a note there is audited and gated like any other."""
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("app/skills/billing/handoff.md", NOTE)
    git_repo.commit("a note in the app's skills folder")
    found = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert [p["path"] for p in found.json()["packets"]] == ["app/skills/billing/handoff.md"]
    gated = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    blocked = [f["path"] for f in gated.json()["findings"] if f["rule"] == "handoff-in-merge"]
    assert blocked == ["app/skills/billing/handoff.md"]
