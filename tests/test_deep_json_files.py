"""A JSON file anyone could commit, nested thirty thousand levels deep (60 KB of brackets),
under a name handoff-audit looks at: a stray handoff (``SESSION_HANDOFF.json``), another tool's
session state (``session_state.json``), an agent's settings, a ``--log`` line. The standard
parser raises `RecursionError` on it; each reader takes it as a file that is not JSON, so
`check`, `show`, the hooks and the writers go on as without it (no "internal error", exit 3; the
Stop hook still blocks). Real repositories, the real commands."""

from __future__ import annotations

from agent_support import run_hook, stop_event
from conftest import GitRepo
from show_support import Run, briefs

DEEP = "[" * 30000 + "]" * 30000 + "\n"
NOTE = (
    "# Session handoff: parser\n\n## Done\n- Wrote the parser in `src/app.py`.\n\n"
    "## Next steps\n1. Add tests for the parser in `tests/test_app.py`.\n\n"
    "## Decisions\n- Kept the regex parser because it is faster.\n\n"
    "## Ruled out\n- A PEG parser: too slow.\n"
)


def test_a_deep_stray_json_is_no_handoff_and_the_stop_gate_holds(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("src/app.py", "x = 1\n")
    git_repo.write("HANDOFF.md", NOTE)
    git_repo.commit("init", date="2026-11-01T10:00:00Z")
    git_repo.git("switch", "-q", "-c", "feat")
    git_repo.write("src/app.py", "x = 2\n")
    git_repo.write("SESSION_HANDOFF.json", DEEP)
    git_repo.commit("work and a hostile file", date="2026-11-05T10:00:00Z")

    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 0, checked.err
    assert "internal error" not in checked.err
    for text in briefs(git_repo, run_cli):
        assert "Next action: 1. Add tests for the parser" in text, text
    stopped = run_hook(stop_event(git_repo.root))
    assert stopped.code == 2, stopped.err
    assert "HANDOFF.md handoff-outdated" in stopped.err, stopped.err


def test_a_deep_session_state_is_no_session_state(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("app.py", "print(1)\n")
    git_repo.write("session_state.json", DEEP)
    git_repo.commit("init")
    git_repo.write(".claude/session_state.json", DEEP)

    done = run_cli(["check"], cwd=git_repo.root)

    assert (done.code, done.out, done.err) == (0, "No handoff packets found.\n", "")


def test_deep_agent_settings_and_log_lines_are_one_line_errors(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("app.py", "print(1)\n")
    git_repo.commit("init")
    git_repo.write(".claude/settings.json", DEEP)
    (git_repo.root / "log.jsonl").write_text(DEEP, encoding="utf-8")

    installed = run_cli(["hook", "--install"], cwd=git_repo.root)
    logged = run_cli(
        ["new", "--next-action", "Wire the parser in.", "--summary", "Parser done.",
         "--verdict-pointer", "app.py", "--log", "log.jsonl", "--allow-dirty"],
        cwd=git_repo.root,
    )  # fmt: skip

    assert installed.code == 2, installed.err
    assert installed.err.startswith("handoff-audit: error: .claude/settings.json: not valid JSON")
    assert (logged.code, logged.err) == (
        2,
        "handoff-audit: error: --log log.jsonl:1: not valid JSON (nesting too deep to read); "
        "one object per line\n",
    )
