"""A note of a handoff's name in an archive folder (``docs/archive/NEXT_SESSION.md``, put there
by a commit that moved historical documentation) is history, as a series folder under one is:
listed, never judged, never the brief, never blocked by the merge gate, unless the
configuration names it with the folder spelled out (docs/handoff-names.md). Real
repositories, the real CLI and Stop hook."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_support import run_hook, stop_event
from conftest import GitRepo

NOTE = (
    "# Next session\n\n**Branch:** feature/simplified-architecture\n"
    "**Progress:** 87/134 posts reviewed\n\n## State\n"
    "Drift analysis reviewed up to post 87 in `src/drift.py`.\n\n"
    "## Next step\nContinue systematic quality review of drift analysis from post 88.\n"
)


def _archived_repo(tmp_path: Path, folder: str = "docs/archive") -> GitRepo:
    repo = GitRepo(tmp_path / "repo")
    repo.write("src/drift.py", "a\n")
    repo.write("docs/NEXT_SESSION.md", NOTE)
    repo.write("docs/PROJECT_BRIEF.md", "# Brief\n\nA panel of experts.\n")
    repo.commit("init")
    (repo.root / folder).mkdir(parents=True)
    repo.git("mv", "docs/NEXT_SESSION.md", "docs/PROJECT_BRIEF.md", f"{folder}/")
    repo.commit(f"Moved historical documentation to {folder}/")
    for n in range(3):
        repo.write("src/drift.py", f"a{n}\n")
        repo.commit(f"work {n}")
    return repo


@pytest.mark.parametrize("folder", ["docs/archive", "Archived", "old/notes"])
def test_an_archived_note_is_history_not_the_live_handoff(
    tmp_path: Path,
    run_cli,
    folder: str,  # type: ignore[no-untyped-def]
) -> None:
    repo = _archived_repo(tmp_path, folder)
    note = f"{folder}/NEXT_SESSION.md"
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    assert result.code == 0, result.out
    report = result.json()
    assert report["packets"] == [], report["packets"]
    assert report["archived"] == [note], report
    assert note not in {f["path"] for f in report["findings"]}, report["findings"]
    text = run_cli(["check"], cwd=repo.root)
    assert f"{folder}/: an archive (1 handoff, history, not judged)" in text.out, text.out
    shown = run_cli(["show"], cwd=repo.root)
    assert "post 88" not in shown.out + shown.err, shown.out


def test_the_hook_never_asks_to_write_into_the_archive(tmp_path: Path) -> None:
    repo = _archived_repo(tmp_path)
    repo.git("switch", "-qc", "try")
    repo.write("README.md", "x\n")
    repo.commit("x")
    run = run_hook(stop_event(repo.root), cwd=repo.root)
    assert "docs/archive" not in run.err, run.err
    assert "docs/handoffs" not in run.err, run.err


def test_a_configuration_that_names_the_archived_note_still_blocks_it(
    tmp_path: Path,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    repo = _archived_repo(tmp_path)
    named = 'block-files: ["**/HANDOFF.md", "docs/archive/NEXT_SESSION.md"]\n'
    repo.write(".handoff-audit.yml", named)
    repo.commit("config")
    report = run_cli(["check", "--format", "json"], cwd=repo.root).json()
    rules = {(f["path"], f["rule"]) for f in report["findings"]}
    assert ("docs/archive/NEXT_SESSION.md", "handoff-in-merge") in rules, rules


def test_archiving_a_note_is_no_work_that_outdates_the_live_one(
    tmp_path: Path,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    """Moving the old note into docs/archive/ is handing off, as writing it was."""
    repo = GitRepo(tmp_path / "repo")
    repo.write("src/drift.py", "a\n")
    repo.write("NEXT_SESSION.md", NOTE)
    repo.commit("init")
    repo.write("SESSION_STATE.md", NOTE.replace("post 88", "post 90"))
    repo.commit("state")
    (repo.root / "docs/archive").mkdir(parents=True)
    repo.git("mv", "NEXT_SESSION.md", "docs/archive/")
    repo.commit("archive the old note")
    report = run_cli(["check", "--format", "json"], cwd=repo.root).json()
    assert [p["path"] for p in report["packets"]] == ["SESSION_STATE.md"]
    outdated = [f for f in report["findings"] if f["rule"] == "handoff-outdated"]
    assert outdated == [], outdated
