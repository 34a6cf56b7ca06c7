"""A series folder under an archive folder (``docs/archive/handoffs/``, any case of archive,
archived, archives or old) is history: listed in the report, never judged, never named as
where to write the next handoff, but scanned for credentials (docs/handoff-names.md). Real
repositories, the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from agent_support import run_hook, stop_event
from conftest import GitRepo

LIVE = (
    "# Session 230\n\nState: the newsletter block sorts first; `src/app.js` changed.\n\n"
    "## Next step\n1. Measure `edu_section_reached` on mobile.\n"
)
REPORT_SCHEMA = json.loads((Path(__file__).parent / "report-v1.schema.json").read_text())
ARCHIVED = "# Session archive (pre-compaction)\n\n" + "".join(
    f"- Session {n}: state of `src/app.js` recorded.\n" for n in range(400)
)


@pytest.mark.parametrize("archive", ["docs/archive/handoffs", "Archived/handoffs", "old/handoffs"])
def test_an_archive_folder_is_listed_and_never_judged(
    tmp_path: Path,
    run_cli,
    archive: str,  # type: ignore[no-untyped-def]
) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.write("src/app.js", "a\n")
    archived = f"{archive}/current-session-archive-2026-05-07-pre-compaction.md"
    repo.write(archived, ARCHIVED)
    repo.commit("archive", date="2026-05-07T08:00:00Z")
    repo.write("docs/handoffs/2026-08-01-session.md", LIVE)
    repo.commit("session", date="2026-08-01T08:00:00Z")
    for day in range(2, 5):
        repo.write("src/app.js", f"a{day}\n")
        repo.commit(f"work {day}", date=f"2026-08-0{day}T08:00:00Z")

    report = run_cli(["check", "--format", "json"], cwd=repo.root).json()
    assert [p["path"] for p in report["packets"]] == ["docs/handoffs/2026-08-01-session.md"]
    assert report["archived"] == [archived], report
    assert not list(Draft202012Validator(REPORT_SCHEMA).iter_errors(report))
    assert archived not in {f["path"] for f in report["findings"]}, report["findings"]
    assert f"{archive}/" not in str(report["findings"]), report["findings"]
    text = run_cli(["check"], cwd=repo.root)
    assert f"{archive}/: an archive (1 handoff, history, not judged)" in text.out, text.out


def test_a_credential_in_an_archive_folder_is_still_found(
    tmp_path: Path,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    repo = GitRepo(tmp_path / "repo")
    key = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    repo.write("docs/archive/handoffs/2026-05-07-session.md", f"# Old\n\nToken: {key}\n")
    repo.write("docs/handoffs/2026-08-01-session.md", LIVE)
    repo.commit("handoffs")
    report = run_cli(["check", "--format", "json"], cwd=repo.root).json()
    secrets = [f for f in report["findings"] if f["rule"] == "secret"]
    assert [f["path"] for f in secrets] == ["docs/archive/handoffs/2026-05-07-session.md"]
    assert key not in str(report), "a credential is never echoed"


def test_moving_old_handoffs_into_the_archive_is_no_work_of_its_own(tmp_path: Path) -> None:
    """A branch that only `git mv`s an old handoff into docs/archive/handoffs/ hands nothing
    off: the hook lets it stop, as it did before archive folders were history; a file of any
    other kind in the same move is work again."""
    repo = GitRepo(tmp_path / "repo")
    repo.write("src/app.js", "a\n")
    repo.write("docs/handoffs/2026-01-05-setup.md", LIVE)
    repo.write("docs/handoffs/2026-02-05-more.md", LIVE.replace("230", "231"))
    repo.commit("handoffs", date="2026-02-05T08:00:00Z")
    repo.git("switch", "-qc", "chore/archive")
    (repo.root / "docs/archive/handoffs").mkdir(parents=True)
    repo.git("mv", "docs/handoffs/2026-01-05-setup.md", "docs/archive/handoffs/")
    repo.commit("archive the setup handoff")
    hook = run_hook(stop_event(repo.root), cwd=repo.root)
    assert hook.code == 0, hook.err
    assert "no work of its own" in hook.err, hook.err
    repo.write("docs/archive/handoffs/notes.txt", "moved\n")
    repo.commit("a note")
    again = run_hook(stop_event(repo.root), cwd=repo.root)
    assert again.code == 2, again.err
    assert "docs/archive/handoffs/notes.txt" in again.err, again.err
