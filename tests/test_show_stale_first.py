"""A handoff that commits with work came after is said stale before its next action, in `show`
(text and markdown) and the SessionStart brief: the freshness at the end came after a quote of
up to a dozen lines, and a next session read the first step as current. Without such commits
the brief opens on the next action as before. A real repository, the real CLI and hook."""

from __future__ import annotations

from conftest import GitRepo
from show_support import BASE, Run, briefs
from test_show_next_section_quote import HANDOVER


def test_a_stale_handoff_is_said_stale_before_its_next_action(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write(*BASE)
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/x")
    git_repo.write("HANDOVER.md", HANDOVER)
    git_repo.commit("handoff")
    fresh = run_cli(["show"], cwd=git_repo.root).out
    assert fresh.startswith("Next action: 1. **Test parsers"), fresh
    assert "Stale" not in fresh, fresh
    for number in (1, 2):
        git_repo.write("webapp/src/parse.ts", f"export const version = {number};\n")
        git_repo.commit(f"parse: version {number}")
    shown, started = briefs(git_repo, run_cli)
    for said in (shown, started):
        first, second = said.splitlines()[:2]
        assert first.startswith("Stale: 2 commits since the handoff's last change ("), said
        assert first.endswith(
            "its next action may be done or out of date; the freshness at the end names them"
        ), said
        assert second.startswith("Next action: 1. **Test parsers end-to-end**"), said
        assert "parse: version 2" in said.split("Next action:", 1)[1], said
    markdown = run_cli(["show", "--format", "markdown"], cwd=git_repo.root).out
    assert markdown.startswith("**Stale:** 2 commits since the handoff's last change ("), markdown
    assert markdown.split("\n\n", 2)[1].startswith("**Next action:** 1."), markdown


def test_notes_moved_into_a_series_folder_are_no_later_work(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """`git mv` of the session notes from the top folder into `docs/sessions/` (the move the
    Stop hook asks for) writes no word of them: their old names are no work the note may not
    describe, so the brief is not said stale."""
    git_repo.write(*BASE)
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/x")
    git_repo.write("webapp/src/parse.ts", "export const version = 1;\n")
    git_repo.write("session-2026-12-06.md", HANDOVER)
    git_repo.commit("parse: version 1, and today's session note")
    git_repo.write(".handoff-audit.yml", 'extend-series: ["docs/sessions"]\n')
    (git_repo.root / "docs" / "sessions").mkdir(parents=True)
    git_repo.git("mv", "session-2026-12-06.md", "docs/sessions/session-2026-12-06.md")
    git_repo.commit("move the session notes into docs/sessions")
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert shown.startswith("Next action: 1. **Test parsers end-to-end**"), shown
    assert "files they touched" not in shown, shown
