"""A running log kept beside the working note (``SESSION_LOG.md``, one dated entry per session,
beside ``SESSION_HANDOFF.md``): the log is the project's record, the note carries the next step.
`check` asks no next step of the log, and the Stop hook asks for the working note alone, never
for a next step appended to the log nor its deletion; a log alone is still a handoff."""

from __future__ import annotations

from collections.abc import Callable

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo, Result

NOTE = (
    "# Session handoff\n\n## Status\nParser done.\n\n## Next step\n- Implement src/export.py.\n\n"
    "## Key decisions\n- CSV because the consumer reads CSV.\n\n## Ruled out\n"
    "- JSON: no consumer.\n"
)
LOG = "# Session log\n\n## 2024-12-10\n- Built the parser.\n"


def _findings(run_cli: Callable[..., Result], repo: GitRepo) -> list[tuple[str, str, str]]:
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    return [(f["path"], f["rule"], f["severity"]) for f in result.json()["findings"]]


def test_check_asks_no_next_step_of_a_log_beside_the_note(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    git_repo.write("SESSION_HANDOFF.md", NOTE)
    git_repo.write("SESSION_LOG.md", LOG)
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("init")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    on_log = [f for f in result.json()["findings"] if f["path"] == "SESSION_LOG.md"]
    assert {f["facet"] for f in on_log} == {"state", "decisions", "ruled_out", "pointers"}, on_log
    assert all(f["severity"] == "warning" for f in on_log), on_log
    git_repo.git("rm", "-q", "SESSION_HANDOFF.md")
    git_repo.commit("note finished")
    assert ("SESSION_LOG.md", "md-incomplete", "error") in _findings(run_cli, git_repo)


def test_the_stop_hook_asks_for_the_working_note_alone(git_repo: GitRepo) -> None:
    git_repo.write("SESSION_HANDOFF.md", NOTE)
    git_repo.write("SESSION_LOG.md", LOG)
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat")
    git_repo.write("app.py", "x = 2\n")
    git_repo.commit("work")
    git_repo.write(
        "SESSION_HANDOFF.md", NOTE.replace("Implement src/export.py.", "Write tests for app.py.")
    )
    git_repo.write("SESSION_LOG.md", LOG + "\n## 2026-12-06\n- Worked on app.py.\n")
    git_repo.commit("handoff + log entry")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 0, stop.err
    git_repo.write("app.py", "x = 3\n")
    git_repo.commit("more work")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert "- SESSION_HANDOFF.md handoff-outdated" in stop.err, stop.err
    assert "SESSION_LOG.md" not in stop.err, stop.err
    fixes = [line.removeprefix("  fix: ") for line in stop.lines if line.startswith("  fix: ")]
    assert len(fixes) == 1, stop.err
    filled = fixes[0].replace('"<', "'").replace('>"', "'")
    assert run_fix(git_repo.root, filled).returncode == 0, filled
    git_repo.commit("handoff: refreshed")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 0, stop.err
    assert (git_repo.root / "SESSION_LOG.md").read_text().endswith("- Worked on app.py.\n")
