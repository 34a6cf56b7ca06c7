"""An undated guide in a dated series (the review rev57-1: CosmoLabs-org/cosmo-smoke's
`docs/sessions/USAGE.md`, "Sessions — How to Use" and a command table, beside
`Session-2026-04-22-….md`): `not-a-handoff` reads it as no handoff, so it is none of the series'
handoffs, neither current nor history; an undated file that reads as a handoff still is. Real
repositories and the real CLI."""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo, Result

USAGE = """# Sessions — How to Use

Track session transcripts and session-level documentation.

## Commands

| Command | What it does |
|---------|--------------|
| `ccs sessions list` | List sessions |
| `ccs sessions show ID` | Show session details |

## Workflow

1. Sessions are auto-tracked via transcripts
2. Session-end creates summaries and documentation
3. Reference past sessions for context

## Conventions

- Transcripts stored as JSONL files
- Session summaries in `transcripts/` subdirectory
- Don't edit transcripts manually
"""


def _session(day: str) -> str:
    return (
        f"# Session - {day}\n\nState: the parser in `src/app.py` reads dates; tests pass.\n\n"
        "## Next step\n1. Wire the parser into `src/cli.py`.\n"
    )


def _series_with(repo: GitRepo, name: str, text: str) -> None:
    repo.write("docs/sessions/Session-2026-04-21-parser.md", _session("2026-04-21"))
    repo.write("docs/sessions/Session-2026-04-22-wiring.md", _session("2026-04-22"))
    repo.commit("sessions", date="2026-04-22T10:00:00Z")
    repo.write(f"docs/sessions/{name}", text)
    repo.commit("later file", date="2026-04-23T10:00:00Z")


def _history(run_cli: Callable[..., Result], root: object) -> dict[str, list[str]]:
    done = run_cli(["check", "--format", "json"], cwd=root)
    assert done.code in (0, 1), done.err
    return {p["path"]: p.get("history", []) for p in done.json()["packets"]}


def test_an_undated_usage_guide_is_no_handoff_of_a_dated_series(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    _series_with(git_repo, "USAGE.md", USAGE)

    packets = _history(run_cli, git_repo.root)
    assert packets == {
        "docs/sessions/Session-2026-04-22-wiring.md": ["docs/sessions/Session-2026-04-21-parser.md"]
    }
    shown = run_cli(["show"], cwd=git_repo.root)
    assert "Session-2026-04-22-wiring.md, the newest of 2 handoffs" in shown.out
    assert "USAGE" not in shown.out


def test_an_undated_file_that_reads_as_a_handoff_stays_in_its_series(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    _series_with(git_repo, "wrap-up.md", _session("the wrap-up"))

    packets = _history(run_cli, git_repo.root)
    assert len(packets) == 1
    [(current, history)] = packets.items()
    assert {current, *history} == {
        "docs/sessions/Session-2026-04-21-parser.md",
        "docs/sessions/Session-2026-04-22-wiring.md",
        "docs/sessions/wrap-up.md",
    }


def test_a_guide_that_suppresses_not_a_handoff_stays_in_its_series(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    kept = USAGE + "\n<!-- handoff-audit: ignore not-a-handoff the team's live handoff -->\n"
    _series_with(git_repo, "USAGE.md", kept)

    [(current, history)] = _history(run_cli, git_repo.root).items()
    assert "docs/sessions/USAGE.md" in {current, *history}
