"""A branch writes its series file under today's date while another file of the series carries
a later date (written in a time zone already on the next day): the Stop hook's `git mv` names a
file that really becomes the series' current one, never the file's own name, and once it is run
and committed the session may end. Real repositories, the real hook."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from agent_support import run_fix, run_hook, stop_event, the_command
from conftest import GitRepo

LEXER = (
    "# {day} lexer\n\n## State\n\nLexer stub in a.py.\n\n## Next step\n\n- [ ] Tokenise numbers "
    "in a.py.\n\n## Decisions\n\n- regex lexer because the grammar is regular\n\n## Ruled out\n\n"
    "- hand-written scanner — slower to write\n\n## Pointers\n\n- a.py:2\n"
)
PARSER = LEXER.replace("lexer", "parser").replace("Lexer", "Parser")


def _series(repo: GitRepo, current: str, taken: str | None) -> str:
    """The series with ``current`` (dated tomorrow) on main, a branch's work and its file dated
    today: that file's path."""
    today = datetime.now(UTC).date()
    tomorrow = (today + timedelta(days=1)).isoformat()
    repo.write("a.py", "x = 1\n")
    if taken is not None:  # an older file of the series that has the name the fix would take
        repo.write(f"docs/handoffs/{tomorrow}-{taken}", LEXER.format(day=tomorrow))
        repo.commit("init")
    repo.write(f"docs/handoffs/{tomorrow}-{current}", PARSER.format(day=tomorrow))
    repo.commit("parser handoff")
    repo.git("checkout", "-q", "-b", "feat/lexer")
    repo.write("a.py", "x = 1\nlexer = 1\n")
    repo.commit("lexer")
    written = f"docs/handoffs/{today.isoformat()}-lexer.md"
    repo.write(written, LEXER.format(day=today.isoformat()))
    repo.commit("handoff: lexer")
    return written


@pytest.mark.parametrize(
    ("current", "taken", "moved", "why"),
    [
        ("parser.md", None, "lexer.md", "is docs/handoffs/{tomorrow}-parser.md's, and its commit"),
        ("parser.md", "lexer.md", "2-lexer.md", "and the number 2 after it in the name rank it"),
        # a number further on names the work, not the day's order: the commit settles it
        ("parser-3.md", None, "lexer.md", "is docs/handoffs/{tomorrow}-parser-3.md's, and its"),
        ("3-parser.md", None, "4-lexer.md", "and the number 4 after it in the name rank it"),
    ],
)
def test_the_fix_names_a_file_that_outranks_the_later_dated_one(
    git_repo: GitRepo, current: str, taken: str | None, moved: str, why: str
) -> None:
    tomorrow = (datetime.now(UTC).date() + timedelta(days=1)).isoformat()
    written = _series(git_repo, current, taken)
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2 and f"{written} is this branch's handoff" in stop.err, stop.err
    command = the_command(stop.err, "fix: ")
    assert command == f"git mv -- {written} docs/handoffs/{tomorrow}-{moved}", stop.err
    assert why.format(tomorrow=tomorrow) in stop.err, stop.err
    assert "today's date in the name" not in stop.err
    done = run_fix(git_repo.root, command)
    assert done.returncode == 0, done.stderr
    git_repo.commit("handoff: lexer is the current one")
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 0, again.err


def test_the_next_file_offered_to_a_branch_without_one_is_current_from_the_start(
    git_repo: GitRepo,
) -> None:
    """No handoff on the branch yet and the series' newest file dated tomorrow: the file the
    hook offers, written and committed as printed, is the series' current one at once (no
    `git mv` round)."""
    tomorrow = (datetime.now(UTC).date() + timedelta(days=1)).isoformat()
    git_repo.write("a.py", "x = 1\n")
    git_repo.write(f"docs/handoffs/{tomorrow}-parser.md", PARSER.format(day=tomorrow))
    git_repo.commit("parser handoff")
    git_repo.git("checkout", "-q", "-b", "feat/lexer")
    git_repo.write("a.py", "x = 1\nlexer = 1\n")
    git_repo.commit("lexer")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    also = the_command(stop.err, "or, as this repository keeps its handoffs as a dated series")
    named = re.search(r"write the next one, (docs/handoffs/\S+-<topic>\.md),", also)
    assert named is not None, also
    written = named[1].replace("<topic>", "lexer")
    assert written == f"docs/handoffs/{tomorrow}-lexer.md", also
    git_repo.write(written, LEXER.format(day=tomorrow))
    git_repo.commit("handoff: lexer")
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 0, again.err


def test_a_date_only_name_gets_a_number_not_a_trailing_dash(git_repo: GitRepo) -> None:
    """Files named by their date alone (`2026-12-06.md`): the fix named `2026-12-06-.md`, a
    dash and an empty topic; the later file's name is taken, so it adds a number after it."""
    today = datetime.now(UTC).date().isoformat()
    tomorrow = (datetime.now(UTC).date() + timedelta(days=1)).isoformat()
    git_repo.write("a.py", "x = 1\n")
    git_repo.write(f"docs/handoffs/{tomorrow}.md", PARSER.format(day=tomorrow))
    git_repo.commit("parser handoff")
    git_repo.git("checkout", "-q", "-b", "feat/lexer")
    git_repo.write("a.py", "x = 1\nlexer = 1\n")
    git_repo.commit("lexer")
    written = f"docs/handoffs/{today}.md"
    git_repo.write(written, LEXER.format(day=today))
    git_repo.commit("handoff: lexer")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2 and f"{written} is this branch's handoff" in stop.err, stop.err
    command = the_command(stop.err, "fix: ")
    assert command == f"git mv -- {written} docs/handoffs/{tomorrow}-2.md", stop.err
    assert "and the number 2 after it in the name rank it" in stop.err, stop.err
    done = run_fix(git_repo.root, command)
    assert done.returncode == 0, done.stderr
    git_repo.commit("handoff: lexer is the current one")
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 0, again.err
