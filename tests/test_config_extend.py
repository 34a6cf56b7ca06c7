"""``extend-packets`` and ``extend-series`` add globs to ``packets`` and ``series`` (the defaults,
or the lists set), as ruff's ``extend-select`` adds to its rules: a line that finds one more file
no longer has to repeat the 20 default globs. They are validated as the lists they extend."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result, check_refused

Run = Callable[..., Result]

NOTE = "# Handoff\n\n## State\nParser done; tests pass.\n\n## Next step\nWire it into cli.py.\n"


def _packets(run_cli: Run, repo: GitRepo) -> list[str]:
    done = run_cli(["check", "--format", "json"], cwd=repo.root)
    assert done.code in (0, 1), done.err
    return sorted(packet["path"] for packet in done.json()["packets"])


def test_extend_packets_and_series_keep_the_defaults(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("SESSION_STATE.md", NOTE)  # a default name
    git_repo.write("docs/handoffs/2026-01-02-parser.md", NOTE)  # a default series
    git_repo.write("notes/handover-notes.md", NOTE)
    git_repo.write("notes/agent/2026-01-09-cli.md", NOTE)
    git_repo.write(
        ".handoff-audit.yml",
        'extend-packets: ["notes/handover-notes.md"]\nextend-series: ["notes/agent/"]\n',
    )
    git_repo.commit("notes")

    assert _packets(run_cli, git_repo) == [
        "SESSION_STATE.md",
        "docs/handoffs/2026-01-02-parser.md",
        "notes/agent/2026-01-09-cli.md",
        "notes/handover-notes.md",
    ]


def test_extend_packets_adds_to_the_packets_set_and_may_leave_one_out(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("pyproject.toml", "")
    git_repo.write("SESSION_STATE.md", NOTE)
    git_repo.write("HANDOVER.md", NOTE)
    git_repo.write("vendor/HANDOFF.md", NOTE)
    git_repo.write("notes/handover-notes.md", NOTE)
    git_repo.write(
        "pyproject.toml",
        '[tool.handoff-audit]\npackets = ["**/HANDOFF.md", "HANDOVER.md"]\n'
        'extend-packets = ["notes/*.md", "!vendor/**"]\n',
    )
    git_repo.commit("notes")

    assert _packets(run_cli, git_repo) == ["HANDOVER.md", "notes/handover-notes.md"]


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        (
            'extend-packets: ["/notes/handover-notes.md"]',
            '.handoff-audit.yml: extend-packets: the glob "/notes/handover-notes.md" is '
            "an absolute path, which matches no file (globs match paths from the repository root, "
            'with /); write "notes/handover-notes.md"',
        ),
        (
            'extend-series: ["notes\\\\agent"]',
            '.handoff-audit.yml: extend-series: the glob "notes\\\\agent" is',
        ),
        ("extend-series: notes/agent", '.handoff-audit.yml: extend-series is "notes/agent"; '),
        ("extend-packets: [3]", ".handoff-audit.yml: extend-packets is [3]; expected a list of"),
    ],
)
def test_a_wrong_extend_entry_is_one_line_naming_the_file_and_key(
    git_repo: GitRepo, run_cli: Run, setting: str, message: str
) -> None:
    git_repo.write("HANDOVER.md", NOTE)
    git_repo.write(".handoff-audit.yml", setting + "\n")
    git_repo.commit("configure")

    check_refused(run_cli, git_repo.root, message)
