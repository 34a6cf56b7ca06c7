"""A numbered series whose live file is a copy of its newest numbered file
(`.recursive/handoffs/0140.md` copied to `LATEST.md`, as Recusive/Nightshift keeps it): the Stop
hook offers the next number, `0141.md`, copied over `LATEST.md`, the repository's own way (it
offered a dated `<today>-<topic>.md` and a `LATEST.md` turned into a pointer). Followed as
printed, the session may end. Real repositories, the real hook."""

from __future__ import annotations

import re

import pytest

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo

NOTE = (
    "# {name}\n\n## State\n\nParser stub in a.py.\n\n## Next step\n\n- [ ] Parse numbers "
    "in a.py.\n\n## Decisions\n\n- recursive descent because the grammar is small\n\n## Ruled "
    "out\n\n- a parser generator — one more dependency\n\n## Pointers\n\n- a.py:2\n"
)
LEXER = NOTE.replace("Parse numbers", "Lex strings").replace("Parser stub", "Lexer stub")
FOLDER = ".recursive/handoffs"


@pytest.mark.parametrize(
    ("names", "offered"),
    [(["0139.md", "0140.md"], "0141.md"), (["0139-setup.md", "0140-parser.md"], "0141-<topic>.md")],
)
def test_a_live_copy_of_the_newest_number_is_followed_by_the_next_number(
    git_repo: GitRepo, names: list[str], offered: str
) -> None:
    git_repo.write("a.py", "x = 1\n")
    for name in names:
        git_repo.write(f"{FOLDER}/{name}", NOTE.format(name=name))
    git_repo.write(f"{FOLDER}/LATEST.md", NOTE.format(name=names[-1]))
    git_repo.commit("series", date="2026-01-01T00:00:00Z")
    git_repo.git("checkout", "-q", "-b", "feat/lexer")
    git_repo.write("a.py", "x = 1\nlexer = 1\n")
    git_repo.commit("lexer")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert "make it a pointer" not in stop.err and "2026-" not in stop.err, stop.err
    named = re.search(r"write the next one, (\S+\.md),", stop.err)
    assert named is not None and named[1] == f"{FOLDER}/{offered}", stop.err
    written = named[1].replace("<topic>", "lexer")
    git_repo.write(written, LEXER.format(name=written))
    copy = re.search(r"copy it over \S+ and commit both \(`(.+?)`\)", stop.err)
    assert copy is not None, stop.err
    done = run_fix(git_repo.root, copy[1].replace("<topic>", "lexer"))
    assert done.returncode == 0, done.stderr
    git_repo.git("commit", "-qm", "handoff: lexer")
    latest = (git_repo.root / FOLDER / "LATEST.md").read_text()
    assert latest == LEXER.format(name=written)
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 0, again.err
