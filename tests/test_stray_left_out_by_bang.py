"""A file named as a handoff that a ``!`` entry of ``packets`` or ``extend-packets`` leaves out,
or whose folder one of ``series`` or ``extend-series`` leaves out, is one the user chose not to
audit: `check`'s note, the Action's notice and summary and `show`'s "newer file" line never name
it; from real repositories and real ``handoff-audit`` runs."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from action_runner import Runner
from conftest import GitRepo, Result

Run = Callable[..., Result]

NOTE = (
    "# Handoff\n\n## State\nRefunds done in src/pay.py; 41 tests pass.\n\n"
    "## Next step\nWire refunds.\n"
)
STRAY = "docs/NEXT_SESSION_PROMPT.md"
LEFT_OUT = [
    'extend-packets: ["!docs/NEXT_SESSION_PROMPT.md"]\n',
    'packets: ["**/handoff.json", "!docs/NEXT_SESSION_PROMPT.md"]\n',
    'packets: ["**/handoff.json", "!docs/**"]\n',
    'extend-series: ["!docs"]\n',
]


def _repository(repo: GitRepo, config: str | None) -> None:
    repo.write("docs/guide.md", "# Guide\n\nHow the code is laid out.\n")
    repo.write(STRAY, NOTE)
    if config is not None:
        repo.write(".handoff-audit.yml", config)
    repo.commit("docs")


@pytest.mark.parametrize("config", LEFT_OUT)
def test_check_names_no_file_a_bang_entry_leaves_out(
    git_repo: GitRepo, run_cli: Run, config: str
) -> None:
    _repository(git_repo, None)
    named = run_cli(["check"], cwd=git_repo.root)
    assert STRAY in named.err  # named while nothing leaves it out
    git_repo.write(".handoff-audit.yml", config)
    git_repo.commit("leave the prompt out")

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert STRAY not in done.err
    assert "named as handoffs" not in done.err


@pytest.mark.parametrize("config", LEFT_OUT)
def test_the_action_gives_no_notice_for_a_file_a_bang_entry_leaves_out(
    runner: Runner, config: str
) -> None:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")  # the fixture's own packet
    runner.repo.write("SESSION_STATE.md", NOTE)  # found, so the note would say "beside"
    _repository(runner.repo, config)
    runner.head = runner.repo.head()

    done = runner.run("pull_request", runner.pull_request(), comment="false")

    assert done.code == 0, done.out
    assert "not audited" not in done.out
    assert STRAY not in done.out
    assert "**Note:**" not in done.summary


def test_show_names_no_newer_file_a_bang_entry_leaves_out(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("HANDOFF.md", NOTE)
    git_repo.commit("handoff", date="2026-04-13T12:00:00Z")
    git_repo.write(STRAY, NOTE)
    git_repo.commit("prompt", date="2026-04-18T12:00:00Z")
    assert run_cli(["show"], cwd=git_repo.root).out.startswith(
        f"Note: a newer file named as a handoff is not audited: {STRAY}"
    )
    git_repo.write(".handoff-audit.yml", 'extend-series: ["!docs"]\n')
    git_repo.commit("leave docs out", date="2026-04-12T12:00:00Z")

    done = run_cli(["show"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert "not audited" not in done.out
