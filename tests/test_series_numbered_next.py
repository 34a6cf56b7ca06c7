"""A series numbered by its names (`docs/handoffs/1.55-parser.md`, `session-11.md`): the Stop
hook offers the next number in the series' own format (`session-12.md`, no topic where the
series' names have none; it asked for `session-12-<topic>.md`), never a dated file (a date
outranks every number, so it would have become current but broken the series' naming), and
moves a file the branch wrote without a number, or under a lower one, to the next one. Followed
as printed, the session may end. Real repositories, the real hook."""

from __future__ import annotations

import re

import pytest

from agent_support import run_fix, run_hook, stop_event, the_command
from conftest import GitRepo

NOTE = (
    "# {name}\n\n## State\n\nParser stub in a.py.\n\n## Next step\n\n- [ ] Parse numbers "
    "in a.py.\n\n## Decisions\n\n- recursive descent because the grammar is small\n\n## Ruled "
    "out\n\n- a parser generator — one more dependency\n\n## Pointers\n\n- a.py:2\n"
)


def _series(repo: GitRepo, names: list[str]) -> None:
    repo.write("a.py", "x = 1\n")
    for name in names:
        repo.write(f"docs/handoffs/{name}", NOTE.format(name=name))
    repo.commit("series", date="2026-01-01T00:00:00Z")  # before the branch's commits
    repo.git("checkout", "-q", "-b", "feat/lexer")
    repo.write("a.py", "x = 1\nlexer = 1\n")
    repo.commit("lexer")


@pytest.mark.parametrize(
    ("names", "offered"),
    [
        (["1.54-parser.md", "1.55-parser.md"], "1.56-<topic>.md"),
        # no topic after the number in the series' names: none in the next one's
        (["session-9.md", "session-10.md"], "session-11.md"),
        (["008-auth.md", "009-oauth2.md"], "010-<topic>.md"),
        # the series' own separator, not a dash
        (["001_setup.md", "002_auth.md"], "003_<topic>.md"),
        (["Session_9.md", "Session_10.md"], "Session_11.md"),
    ],
)
def test_the_next_file_offered_keeps_the_series_numbering(
    git_repo: GitRepo, names: list[str], offered: str
) -> None:
    _series(git_repo, names)
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    also = the_command(stop.err, "or, as this repository keeps its handoffs as a numbered series")
    named = re.search(r"write the next one, (docs/handoffs/\S+\.md),", also)
    assert named is not None and named[1] == f"docs/handoffs/{offered}", also
    written = named[1].replace("<topic>", "lexer")
    git_repo.write(written, NOTE.format(name=written))
    git_repo.commit("handoff: lexer")
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 0, again.err


PARSER = ["1.54-parser.md", "1.55-parser.md"]
SESSIONS = ["session-9.md", "session-10.md"]


@pytest.mark.parametrize(
    ("names", "written", "says", "moved"),
    [
        (PARSER, "lexer.md", "lexer.md has no number in its name, so", "1.56-lexer.md"),
        (PARSER, "1.53-lexer.md", "1.53-lexer.md is this branch's handoff, but", "1.56-lexer.md"),
        # the series' own words before the number are not repeated as a topic
        (SESSIONS, "session-4.md", "session-4.md is this branch's handoff, but", "session-11.md"),
        (SESSIONS, "notes.md", "notes.md has no number in its name", "session-11-notes.md"),
        (["001_setup.md", "002_auth.md"], "notes.md", "notes.md has no", "003_notes.md"),
    ],
)
def test_a_file_passed_over_moves_to_the_next_number(
    git_repo: GitRepo, names: list[str], written: str, says: str, moved: str
) -> None:
    """The branch's file, named without a number or under a lower one, is passed over by the
    numbered current file: the `git mv` gives it the next number (it offered a dated name,
    which broke the series' naming)."""
    _series(git_repo, names)
    written = f"docs/handoffs/{written}"
    git_repo.write(written, NOTE.format(name=written))
    git_repo.commit("handoff: lexer")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2 and f"docs/handoffs/{says}" in stop.err, stop.err
    command = the_command(stop.err, "fix: ")
    assert command == f"git mv -- {written} docs/handoffs/{moved}", stop.err
    number = re.search(r"\d+(?:\.\d+)*", moved)
    assert (
        number is not None and f"the number {number[0]} in the name ranks it above" in stop.err
    ), stop.err
    done = run_fix(git_repo.root, command)
    assert done.returncode == 0, done.stderr
    git_repo.commit("handoff: lexer is the current one")
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 0, again.err
