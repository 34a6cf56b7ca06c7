"""A running log whose entries are numbered sessions ("## Session 12", "## Session 13", no
dates) is a log of entries like a dated one (`markdown.currency`): the highest number is the
newest entry, wherever it sits; `check` judges the log on it, and `show` and the SessionStart
hook quote its next step, not the oldest session's."""

from __future__ import annotations

import pytest

from agent_support import run_hook
from conftest import GitRepo
from test_agent_session_start import claude_start, context_of
from test_brief_show import Run, repo, show

__all__ = ["repo"]  # the fixture

OLD = """## {heading} 12

### Done
- Parser reads the config file; tests in tests/test_parser.py pass.

### Decisions
- Kept TOML because the team knows it.

### Next steps
- Wire the parser into src/cli.py
"""

NEWEST = """## {heading} 14

### Done
- Wired the parser into src/cli.py; the CLI reads the config now.
- Tried caching the parsed config: ruled out, stale after edits.

### Next steps
- Add retries to src/net.py:40 when the upload times out
"""

MIDDLE = """## {heading} 13

### Done
- Config errors name the line now (src/config.py:12).

### Next steps
- Make the CLI read the config
"""


def _log(heading: str, order: str) -> str:
    old, newest, middle = (part.format(heading=heading) for part in (OLD, NEWEST, MIDDLE))
    body = {
        "downward": [old, middle, newest],
        "newest first": [newest, middle, old],
        "newest in the middle": [old, newest, middle],
    }[order]
    return "# Session log\n\n" + "\n".join(body)


@pytest.mark.parametrize("heading", ["Session", "Sitzung", "Session #"])
@pytest.mark.parametrize("order", ["downward", "newest first", "newest in the middle"])
def test_the_brief_quotes_the_highest_sessions_step(
    repo: GitRepo, run_cli: Run, heading: str, order: str
) -> None:
    repo.write("SESSION_LOG.md", _log(heading, order))
    repo.commit("handoff: the session log")
    assert run_cli(["check"], cwd=repo.root).code == 0

    shown = show(run_cli, repo)
    assert shown.code == 0, shown.err
    assert shown.out.startswith(
        "Next action: Add retries to src/net.py:40 when the upload times out\n"
    ), shown.out[:300]
    context = context_of(run_hook(claude_start(repo.root), repo.root))
    assert context.startswith("Next action: Add retries to src/net.py:40")


@pytest.mark.parametrize("order", ["downward", "newest first"])
def test_check_judges_the_newest_session_alone(repo: GitRepo, run_cli: Run, order: str) -> None:
    newest = NEWEST.format(heading="Session").split("### Next steps")[0]
    old = OLD.format(heading="Session")
    body = [old, newest] if order == "downward" else [newest, old]
    repo.write("SESSION_LOG.md", "# Session log\n\n" + "\n".join(body))
    repo.commit("handoff: the session log")
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    rules = [(f["rule"], f["message"]) for f in result.json()["findings"]]
    assert any(rule == "md-incomplete" and "next step" in msg for rule, msg in rules), rules
