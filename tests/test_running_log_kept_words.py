"""A running log is kept and added to, never deleted: ``handoff-outdated`` on one asks for an entry
for the commits since (with the next step only when no working note beside it carries that), not
for its deletion. The rules know the log's sibling from the audit (`AuditContext.working_notes`),
also when worker processes check the log and the note in different chunks."""

from __future__ import annotations

import json
from collections.abc import Callable

from conftest import GitRepo, Result

NOTE = (
    "# Session handoff\n\n## Status\nParser done.\n\n## Next step\n- Implement src/export.py.\n\n"
    "## Key decisions\n- CSV because the consumer reads CSV.\n\n## Ruled out\n"
    "- JSON: no consumer.\n"
)
LOG = "# Session log\n\n## 2024-12-10\n- Built the parser.\n"
DELETE = "delete it"


def _outdated(run_cli: Callable[..., Result], repo: GitRepo, *args: str) -> dict[str, str]:
    result = run_cli(["check", "--format", "json", *args], cwd=repo.root)
    assert result.code in (0, 1), result.err
    found = result.json()["findings"]
    return {f["path"]: f["message"] for f in found if f["rule"] == "handoff-outdated"}


def _later_work(repo: GitRepo) -> None:
    repo.write("app.py", "x = 2\n")
    repo.commit("work after the handoff")


def test_an_outdated_log_beside_a_working_note_is_asked_for_an_entry(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    git_repo.write("SESSION_HANDOFF.md", NOTE)
    git_repo.write("SESSION_LOG.md", LOG)
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("init")
    _later_work(git_repo)
    said = _outdated(run_cli, git_repo)
    on_log = said["SESSION_LOG.md"]
    assert "add an entry for the commits since to SESSION_LOG.md (" in on_log, on_log
    assert "a running log is kept and added to, not deleted" in on_log, on_log
    assert "SESSION_HANDOFF.md beside it carries the next step" in on_log, on_log
    assert DELETE not in on_log and "the next step now" not in on_log, on_log
    # the working note itself is still the branch's handoff: refreshed, or deleted when done
    on_note = said["SESSION_HANDOFF.md"]
    assert "add what changed and the next step now to SESSION_HANDOFF.md" in on_note, on_note
    assert "if the work is done, delete it" in on_note, on_note


def test_an_outdated_log_alone_is_asked_for_an_entry_with_the_next_step(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    git_repo.write("SESSION_LOG.md", LOG + "\n## Next step\n- Implement src/export.py.\n")
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("init")
    _later_work(git_repo)
    on_log = _outdated(run_cli, git_repo)["SESSION_LOG.md"]
    assert "add an entry for the commits since, with the next step, to SESSION_LOG.md" in on_log
    assert "a running log is kept and added to, not deleted" in on_log, on_log
    assert DELETE not in on_log and "beside it" not in on_log, on_log


def test_a_log_the_merge_gate_blocks_keeps_the_way_out_the_gate_asks_for(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    git_repo.write(".handoff-audit.yml", 'block-files: ["**/HANDOFF.md", "**/SESSION_LOG.md"]\n')
    git_repo.write("SESSION_LOG.md", LOG + "\n## Next step\n- Implement src/export.py.\n")
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("init")
    _later_work(git_repo)
    on_log = _outdated(run_cli, git_repo)["SESSION_LOG.md"]
    assert "or, if the work is done, delete it in a commit" in on_log, on_log


def test_worker_processes_know_the_note_beside_a_log_in_another_chunk(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """``--jobs 2``: the note, the 120 packets after it in path order and the log fall into
    different chunks, checked in this process and in a forked worker."""
    git_repo.write("notes/SESSION_HANDOFF.md", NOTE)
    git_repo.write("notes/SESSION_LOG.md", LOG)
    for i in range(120):
        git_repo.write(f"notes/SESSION_I/{i:03}/handoff.json", json.dumps({"branch": "main"}))
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("init")
    for jobs in ("1", "2"):
        result = run_cli(["check", "--format", "json", "--jobs", jobs], cwd=git_repo.root)
        found = result.json()["findings"]
        on_log = [f for f in found if f["path"] == "notes/SESSION_LOG.md"]
        assert on_log and all(f.get("facet") != "next" for f in on_log), (jobs, on_log)
        on_note = [f for f in found if f["path"] == "notes/SESSION_HANDOFF.md"]
        assert all(f.get("facet") != "next" for f in on_note), (jobs, on_note)
