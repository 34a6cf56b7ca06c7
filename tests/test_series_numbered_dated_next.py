"""A series whose names put a number before the date (``handoff-0073-2026-08-22-1044-topic.md``,
gutohuida/AgentWeave): the Stop hook asks for the next file in that naming, the number counted
up with its width kept, today's date and, when the names hold one, the time, never a bare
``<today>-<topic>.md``; written as asked and committed, it is the series' current handoff and
the session may end. Real repositories, the real CLI and hook."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from agent_support import run_hook, stop_event
from conftest import GitRepo

FOLDER = ".claude/handoffs"
NOTE = (
    "# {title}\n\n## State\n\nThe hub runs; `hub/app.py` serves the panel.\n\n## Next step\n\n"
    "1. Wire the panel in `hub/app.py`.\n\n## Key decisions\n\n- sqlite because one user\n\n"
    "## Ruled out\n\n- postgres — too heavy for one user\n\n## Pointers\n\n- hub/app.py\n"
)


@pytest.mark.parametrize(
    ("names", "asked"),
    [
        (
            [
                "2026-08-02-1130-phase8-mock-fidelity.md",
                "handoff-0072-2026-08-21-2015-the-batch-closed.md",
                "handoff-0073-2026-08-22-1044-the-run-landed.md",
            ],
            r"handoff-0074-{today}-\d{{4}}-<topic>\.md",
        ),
        (
            ["handoff-098-2026-08-21-0915-a.md", "handoff-099-2026-08-22-1044-b.md"],
            r"handoff-100-{today}-\d{{4}}-<topic>\.md",
        ),
        (
            ["session_07_2026-08-21_lexer.md", "session_08_2026-08-22_parser.md"],
            r"session_09_{today}_<topic>\.md",
        ),
    ],
)
def test_the_next_file_asked_for_keeps_the_series_naming(
    git_repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
    names: list[str],
    asked: str,
) -> None:
    git_repo.write("hub/app.py", "X = 1\n")
    for name in names:
        git_repo.write(f"{FOLDER}/{name}", NOTE.format(title=name[:-3]))
    git_repo.commit("handoffs", date="2026-08-22T12:00:00Z")
    git_repo.git("switch", "-qc", "try")
    git_repo.write("hub/app.py", "X = 2\n")
    git_repo.commit("work")
    first = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert first.code == 2, first.err
    named = re.search(r"write the next one, (\S+\.md),", first.err)
    assert named is not None, first.err
    today = datetime.now(UTC).date().isoformat()
    assert re.fullmatch(f"{FOLDER}/{asked.format(today=today)}", named[1]), named[1]

    written = named[1].replace("<topic>", "panel")
    git_repo.write(written, NOTE.format(title="panel"))
    git_repo.commit("handoff")
    assert run_hook(stop_event(git_repo.root), cwd=git_repo.root).code == 0
    check = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert check.code == 0, check.out
    assert f"{written}: the current handoff of its series" in check.out, check.out
