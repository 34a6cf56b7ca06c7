"""Review 59, item b2: a series of session notes kept under a logs folder
(`logs/sessions/2025-11-20-auth.md`, `docs/logs/sessions/…`; counted in docs/handoff-names.md)
was never noticed: `check`'s "not audited" note offers it as a series (`extend-series`), and the
Stop hook names the branch's file there as its handoff with that setting. An application's
logs (`logs/app.log`, a dated `logs/2025-11-20.md`, `logs/sessions/2025-11-20.log`) are not
offered."""

from __future__ import annotations

from collections.abc import Callable

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]

NOTE = (
    "# Session {day}: {topic}\n\n## State\n\nLogin works in `src/auth.py`; tests pass.\n\n"
    "## Next step\n\nAdd logout to `src/auth.py` and run pytest.\n\n"
    "## Decisions\n\n- Kept sessions in cookies, because the API is stateless.\n"
)


def test_session_notes_under_a_logs_folder_are_offered_as_a_series(
    git_repo: GitRepo, run_cli: Run
) -> None:
    for folder in ("logs/sessions", "docs/logs/sessions"):
        git_repo.write(f"{folder}/2025-11-20-auth.md", NOTE.format(day="2025-11-20", topic="a"))
        git_repo.write(f"{folder}/2025-11-21-ui.md", NOTE.format(day="2025-11-21", topic="b"))
    git_repo.write("logs/app.log", "2025-11-20 12:00:01 INFO started\n")
    git_repo.write("logs/2025-11-20.md", "# Run 2025-11-20\n\n12:00 started\n")
    git_repo.write("logs/sessions/2025-11-20.log", "12:00 session opened\n")
    git_repo.commit("session notes and logs")
    result = run_cli(["check"], cwd=git_repo.root)
    said = result.out + result.err
    assert 'extend-series: ["docs/logs/sessions", "logs/sessions"]' in said, said
    assert "extend-packets" not in said
    assert "app.log" not in said and "logs/2025-11-20.md" not in said and ".log`" not in said


BODY = (
    "# Handoff: {}\n\n## State\nRefund endpoint in src/app.py returns 200; tests pass except "
    "the currency case.\n\n## Next step\nFix the currency rounding in src/app.py:12 and run "
    "pytest.\n\n## Decisions\n- Use Decimal for amounts, because floats lost cents.\n\n"
    "## Ruled out\n- Rounding in the template: it hid the bug.\n\n## Pointers\n- src/app.py:12\n"
)


def test_the_hook_takes_the_branchs_session_note_under_logs(git_repo: GitRepo) -> None:
    git_repo.write("src/app.py", "x = 1\n")
    git_repo.write("logs/sessions/2025-12-21-scaffold.md", BODY.format("scaffold"))
    git_repo.commit("handoff: scaffold")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("src/app.py", "x = 2\n")
    git_repo.write("logs/sessions/2026-01-02-refunds.md", BODY.format("refunds"))
    git_repo.commit("work and its session note")
    hook = run_hook(stop_event(git_repo.root))
    assert hook.code == 2, hook.err
    assert "logs/sessions/2026-01-02-refunds.md is a dated handoff in logs/sessions/" in hook.err
    assert 'fix: set in .handoff-audit.yml: extend-series: ["logs/sessions"]' in hook.err
    git_repo.write(".handoff-audit.yml", 'extend-series: ["logs/sessions"]\n')
    git_repo.commit("audit the series")
    after = run_hook(stop_event(git_repo.root))
    assert after.code == 0, after.err
