"""A series of dated session notes named ``session-YYYY-MM-DD.md`` kept in ``docs/`` or at the
repository's top folder (not under a series folder): `check` said "No handoff packets found"
and nothing more, and the Stop hook, after the agent wrote today's note, still blocked and
offered only `handoff-audit new`. Now `check`'s "not audited" note offers the folder as a series
(``extend-series``) or, at the top folder, which no ``series`` glob can name, the move into
``docs/sessions/``; the hook gives the same fix, and once it is followed lets the session end
and `show` gives the newest note's next step. A dated file of another name is not offered."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]

NOTE = (
    "# Session {day}\n\n## State\n- `app.py` has the parser.\n\n## Next\n- {step}\n\n"
    "## Key decisions\n- Kept one module, because it is small.\n\n## Ruled out\n- Regexes: slow.\n"
)


def _series(repo: GitRepo, folder: str) -> None:
    for day, step in (("2024-12-12", "Old step."), ("2024-12-15", "Write tests for app.py.")):
        repo.write(f"{folder}session-{day}.md", NOTE.format(day=day, step=step))
    repo.write("app.py", "x = 1\n")
    repo.write(f"{folder and 'notes/'}2024-12-01-release.md", "# Release\n\nShipped 1.0.\n")
    repo.commit("session notes")
    repo.git("switch", "-qc", "feat")
    repo.write("app.py", "x = 2\n")
    repo.write(f"{folder}session-2026-12-06.md", NOTE.format(day="2026-12-06", step="Ship it."))
    repo.commit("work and today's session note")


def test_session_notes_in_docs_are_offered_and_taken_as_a_series(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _series(git_repo, "docs/")
    check = run_cli(["check"], cwd=git_repo.root)
    assert 'set `extend-series: ["docs"]`' in check.err, check.err
    assert "release" not in check.err, check.err
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    assert 'fix: set in .handoff-audit.yml: extend-series: ["docs"]' in stop.err, stop.err
    git_repo.write(".handoff-audit.yml", 'extend-series: ["docs"]\n')
    git_repo.commit("audit the session notes")
    after = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert after.code == 0, after.err
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.out.startswith("Next action: Ship it."), shown.out


def test_session_notes_at_the_top_folder_move_into_a_series_folder(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _series(git_repo, "")
    check = run_cli(["check"], cwd=git_repo.root)
    assert "git mv -- session-2024-12-12.md session-2024-12-15.md session-2026-12-06.md" in (
        check.err
    ), check.err
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    assert "at the repository's top folder" in stop.err, stop.err
    fix = re.search(r"^  fix: (.*)$", stop.err, re.MULTILINE)
    assert fix is not None and "docs/sessions/" in fix[1], stop.err
    assert "release" not in fix[1], stop.err
    subprocess.run(fix[1], shell=True, cwd=git_repo.root, check=True)
    git_repo.commit("move the session notes into docs/sessions")
    after = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert after.code == 0, after.err
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.out.startswith("Next action: Ship it."), shown.out
    assert "docs/sessions/session-2026-12-06.md" in shown.out, shown.out


def test_session_notes_in_docs_beside_a_guide_move_into_a_series_folder(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """With a guide in ``docs/`` too, the hook offered ``extend-series: ["docs"]``, which makes
    the guide the series' history, where `check` offers the move into ``docs/handoffs/``; the
    hook offers the same move now, and once it is followed lets the session end."""
    git_repo.write("docs/README.md", "# Docs\n\nSee the guide.\n")
    git_repo.write("docs/guide.md", "# Guide\n\nHow to install the app.\n")
    _series(git_repo, "docs/")
    notes = "docs/session-2024-12-12.md docs/session-2024-12-15.md docs/session-2026-12-06.md"
    check = run_cli(["check"], cwd=git_repo.root)
    assert f"git mv -- {notes} docs/handoffs/" in check.err, check.err
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    assert "extend-series" not in stop.err, stop.err
    assert "which also holds other markdown (docs/guide.md)" in stop.err, stop.err
    fix = re.search(r"^  fix: (.*)$", stop.err, re.MULTILINE)
    assert fix is not None and fix[1].endswith(f"git mv -- {notes} docs/handoffs/"), stop.err
    subprocess.run(fix[1], shell=True, cwd=git_repo.root, check=True)
    git_repo.commit("move the session notes into docs/handoffs")
    after = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert after.code == 0, after.err
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.out.startswith("Next action: Ship it."), shown.out
    assert "docs/handoffs/session-2026-12-06.md" in shown.out, shown.out
