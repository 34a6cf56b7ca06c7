"""A series whose files the repository commits although a `.gitignore` line covers them
(`.claude/` ignored, `.claude/handoffs/*.md` added with `git add -f`, as yifor01/hv_research
does): a committed series. The Stop hook's advice is to add the new file by force and commit
it, as the owner does, never to leave it out of git (the hook then asked for it again, in a
loop). Played as printed until the hook lets the session stop. Real repositories, the real
hook."""

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


def _forced_series(repo: GitRepo, latest: bool) -> None:
    repo.write("a.py", "x = 1\n")
    repo.write(".gitignore", "__pycache__/\n.claude/\n")
    names = ["2026-04-20-setup.md", "2026-04-27-parser.md"]
    for name in names:
        repo.write(f".claude/handoffs/{name}", NOTE.format(name=name))
    if latest:
        repo.write(".claude/handoffs/LATEST.md", NOTE.format(name="LATEST"))
    repo.git("add", "-A")
    repo.git("add", "-f", ".claude/handoffs")
    repo.commit("series", date="2026-05-01T00:00:00Z")
    repo.git("checkout", "-q", "-b", "feat/lexer")
    repo.write("a.py", "x = 1\nlexer = 1\n")
    repo.commit("lexer")


def _play(repo: GitRepo) -> str:
    """Follow the hook's advice for a committed series; the advice it gave first."""
    stop = run_hook(stop_event(repo.root))
    assert stop.code == 2, stop.err
    assert "leave it out of git" not in stop.err, stop.err
    named = re.search(r"write the next one, (\.claude/handoffs/\S+\.md),", stop.err)
    if named is not None:
        written = named[1].replace("<topic>", "lexer")
        repo.write(written, LEXER.format(name=written))
        added = re.search(r"`(git add -f -- \S+)`", stop.err)
        assert added is not None, stop.err
        done = run_fix(repo.root, added[1].replace("<topic>", "lexer"))
    else:
        update = re.search(r"update it in place .*?\(`(.+?)`(?:, in place|; do not)", stop.err)
        assert update is not None, stop.err
        command = update[1].replace("<what this branch did>", "Added a lexer stub to a.py.")
        command = command.replace("<the next step now>", "- [ ] Lex strings in a.py.")
        assert run_fix(repo.root, command).returncode == 0
        added = re.search(r"`(git add -f -- \S+)`", stop.err)
        assert added is not None, stop.err
        done = run_fix(repo.root, added[1])
    assert done.returncode == 0 and "Use -f" not in done.stderr, done.stderr
    repo.git("commit", "-qm", "handoff: lexer")
    again = run_hook(stop_event(repo.root))
    assert again.code == 0, again.err
    return stop.err


@pytest.mark.parametrize("latest", [False, True], ids=["dated", "latest-copy"])
def test_a_series_committed_by_force_is_advised_by_force(git_repo: GitRepo, latest: bool) -> None:
    _forced_series(git_repo, latest)
    said = _play(git_repo)
    assert "git add -f" in said
