"""A hand-written handoff already over `max-lines` (`too-long`) that the Stop hook asks to
append to is told, in the same message, to trim it as it grows (or, the current file of a
series, to write the series' next file instead): the append alone makes `too-long` worse."""

from __future__ import annotations

from collections.abc import Callable

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

_HEAD = (
    "# Session state\n\n## State\nLogin stub added in src/login.py.\n\n## Next step\n"
    "Write tests/test_login.py covering bad passwords.\n\n## Decisions\n- Kept login in its own "
    "module because app.py is going away.\n\n## Tried and failed\n- flask-login: too heavy.\n\n"
    "## Pointers\n- src/login.py:1\n\n## Log\n"
)
_LOG = "".join(f"- step {number} done in src/login.py\n" for number in range(250))
_LINES = (_HEAD + _LOG).count("\n")


def _outdated(repo: GitRepo, path: str) -> None:
    repo.write(path, _HEAD + _LOG)
    repo.write("src/login.py", "def login(): pass\n")
    repo.commit("handoff")
    repo.git("switch", "-q", "-c", "try")
    repo.write("README.md", "# app\n")
    repo.commit("readme")


def _also(err: str) -> str:
    """The line after the hook's ``fix:`` line."""
    lines = err.splitlines()
    fix = next(n for n, line in enumerate(lines) if line.startswith("  fix: "))
    return lines[fix + 1]


def test_an_outdated_note_already_too_long_is_told_to_trim_it(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    _outdated(git_repo, "dev/SESSION_STATE.md")
    gate = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert f"too-long (warning): {_LINES} lines, more than max-lines 200" in gate.out
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert "handoff-outdated" in stop.err
    also = _also(stop.err)
    assert f"it is already {_LINES} lines, more than max-lines 200 (`too-long`): trim it" in also
    assert "next dated file" not in also


def test_a_series_file_already_too_long_may_be_followed_by_the_next_file(
    git_repo: GitRepo,
) -> None:
    _outdated(git_repo, "docs/handoffs/2026-12-01-login.md")
    git_repo.write("docs/handoffs/2026-12-01-login.md", _HEAD + _LOG + "- one more\n")
    git_repo.commit("handoff: the branch's own")
    git_repo.write("src/login.py", "def login(): return True\n")
    git_repo.commit("login works")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    also = _also(stop.err)
    assert f"it is already {_LINES + 1} lines" in also
    assert "or leave it as it is and write the series' next dated file in docs/handoffs/" in also
    assert also.index("(`too-long`)") < also.index("or, when the work is finished: ")


def test_a_note_within_max_lines_is_not_told_to_trim(git_repo: GitRepo) -> None:
    git_repo.write(".handoff-audit.yml", "max-lines: 400\n")
    _outdated(git_repo, "dev/SESSION_STATE.md")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert "too-long" not in stop.err
