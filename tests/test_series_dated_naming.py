"""A dated series names its files its own way (``session-2025-09-08.md``: Gooseheaded/
bonjwatv-pipeline, IdEvEbI/markdown-spacer, whose README states the format): the Stop hook asks
for the next file with the series' words before the date, its date format and separators, and
the words after the date when its files share them, not a bare ``<today>-<topic>.md`` (it
dropped the ``session-`` prefix). Written as asked and committed, it is the series' current
handoff and the session may end. Real repositories, the real CLI and hook."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from agent_support import run_hook, stop_event
from conftest import GitRepo

NOTE = (
    "# {title}\n\n## State\n\nThe parser runs; `src/p.py` reads the input.\n\n## Next step\n\n"
    "1. Write the exporter in `src/p.py`.\n\n## Key decisions\n\n- regex because the input is "
    "flat\n\n## Ruled out\n\n- a parser generator — one more dependency\n\n## Pointers\n\n"
    "- src/p.py\n"
)


@pytest.mark.parametrize(
    ("names", "asked"),
    [
        (["session-2025-09-03.md", "session-2025-09-05.md"], "session-{iso}.md"),
        (["notes_2025-09-03.md", "notes_2025-09-05.md"], "notes_{iso}.md"),
        (["2025-09-03-session.md", "2025-09-05-session.md"], "{iso}-session.md"),
        (["20250903-lexer.md", "20250905-parser.md"], "{compact}-<topic>.md"),
        (["20250903_lexer.md", "20250905_parser.md"], "{compact}_<topic>.md"),
        (["03.09.2025-lexer.md", "05.09.2025-parser.md"], "{dotted}-<topic>.md"),
        (["log-20250903.md"], "log-{compact}.md"),
        # topics of their own after the date: the writer names the next one's
        (["2025-09-03-lexer.md", "2025-09-05-parser.md"], "{iso}-<topic>.md"),
    ],
)
def test_the_next_file_asked_for_keeps_the_series_naming(
    git_repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
    names: list[str],
    asked: str,
) -> None:
    git_repo.write("src/p.py", "X = 1\n")
    for name in names:
        git_repo.write(f"docs/sessions/{name}", NOTE.format(title=name[:-3]))
    git_repo.commit("sessions", date="2025-09-08T12:00:00Z")
    git_repo.git("switch", "-qc", "work")
    git_repo.write("src/p.py", "X = 2\n")
    git_repo.commit("work")
    first = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert first.code == 2, first.err
    named = re.search(r"write the next one, (\S+\.md),", first.err)
    assert named is not None, first.err
    today = datetime.now(UTC).date()
    expected = asked.format(
        iso=today.isoformat(),
        compact=today.strftime("%Y%m%d"),
        dotted=today.strftime("%d.%m.%Y"),
    )
    assert named[1] == f"docs/sessions/{expected}", first.err

    written = named[1].replace("<topic>", "exporter")
    git_repo.write(written, NOTE.format(title="exporter"))
    git_repo.commit("handoff")
    again = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert again.code == 0, again.err
    check = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert check.code == 0, check.out
    assert f"{written}: the current handoff of its series" in check.out, check.out
