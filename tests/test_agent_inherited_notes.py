"""A branch made from a main that keeps two workstreams' working notes (as
Quantum-Impact-Ltd/castflow keeps AUDIT-HANDOFF.md beside DASHBOARD-HANDOFF.md): after work on
the branch, the Stop hook asks for one handoff of that work, the note closest to it, and names
the other as inherited; it never makes the agent refresh every note main holds."""

from __future__ import annotations

import re

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo

_PLACEHOLDER = re.compile(r'"<[^">]*>"')
_OUTDATED = re.compile(r"^- (\S+) handoff-outdated", re.MULTILINE)


def _note(stream: str) -> str:
    return (
        f"# Handoff — {stream}\n\n## State\n{stream} works; tests pass.\n\n## Next step\n"
        f"Add retries to src/{stream}.py.\n\n## Decisions\n- Keep {stream} pure because it is "
        f"hot.\n\n## Ruled out\n- Caching: inputs never repeat.\n\n## Pointers\n"
        f"- src/{stream}.py:1\n"
    )


def _two_streams(repo: GitRepo, worked_on: str) -> None:
    """main keeps docs/auth/HANDOFF.md and docs/billing/HANDOFF.md; a new branch changes the
    code of one workstream."""
    for stream in ("auth", "billing"):
        repo.write(f"src/{stream}.py", f"def {stream}():\n    return 1\n")
        repo.write(f"docs/{stream}/HANDOFF.md", _note(stream))
    repo.commit("two workstreams")
    repo.git("switch", "-q", "-c", "feat/retry")
    repo.write(f"src/{worked_on}.py", f"def {worked_on}():\n    return 2\n")
    repo.commit(f"{worked_on}: retry")


def _play(repo: GitRepo) -> list[str]:
    """Follow only what the hook prints, each fix filled in and committed, until it lets the
    session stop; the notes it asked to refresh, in order."""
    asked: list[str] = []
    for _ in range(4):
        stop = run_hook(stop_event(repo.root))
        if stop.code == 0:
            return asked
        asked += _OUTDATED.findall(stop.err)
        for command in [line.removeprefix("  fix: ") for line in stop.lines if "  fix: " in line]:
            filled = _PLACEHOLDER.sub("'Retries added; tests pass.'", command)
            assert run_fix(repo.root, filled).returncode == 0, filled
        repo.commit("handoff: refreshed")
    raise AssertionError(f"the hook still blocks after {asked}")


def test_one_refresh_of_the_closest_note_lets_the_session_stop(git_repo: GitRepo) -> None:
    _two_streams(git_repo, "billing")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert _OUTDATED.findall(stop.err) == ["docs/billing/HANDOFF.md"], stop.err
    assert "docs/auth/HANDOFF.md, inherited from main and unchanged on this branch" in stop.err
    asked = _play(git_repo)
    assert asked == ["docs/billing/HANDOFF.md"], asked
    assert "Retries added" in (git_repo.root / "docs/billing/HANDOFF.md").read_text()
    assert "Retries added" not in (git_repo.root / "docs/auth/HANDOFF.md").read_text()


def test_the_other_workstream_is_asked_for_its_own_work(git_repo: GitRepo) -> None:
    _two_streams(git_repo, "auth")
    assert _play(git_repo) == ["docs/auth/HANDOFF.md"]


def test_a_note_the_branch_wrote_is_its_handoff(git_repo: GitRepo) -> None:
    """Both notes written on the branch itself are both its own: each still has to be current."""
    git_repo.write("src/app.py", "def run():\n    return 1\n")
    git_repo.commit("app")
    git_repo.git("switch", "-q", "-c", "feat/run")
    for stream in ("auth", "billing"):
        git_repo.write(f"docs/{stream}/HANDOFF.md", _note(stream))
    git_repo.commit("notes")
    git_repo.write("src/app.py", "def run():\n    return 2\n")
    git_repo.commit("run returns 2")
    stop = run_hook(stop_event(git_repo.root))
    assert _OUTDATED.findall(stop.err) == ["docs/auth/HANDOFF.md", "docs/billing/HANDOFF.md"]
