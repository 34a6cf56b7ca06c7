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
