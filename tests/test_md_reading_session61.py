"""Next-step sections that say "none" in other languages or hold only hedges, and dead ends
told as "not chosen", "not feasible" or "ELIMINATED", beside words that only look like them.

"## Pendências / Nenhuma." says there is nothing left, as "None." does; "Evaluate X if Y",
"Gather metrics on …", "Refine X based on usage" and "npm publish" are a condition, a watch,
a tuning wish and a hand-in, not work to start. "Rejected (4)" counts a status, a file named
`.rejected.jsonl` is a name, and rows "silently discarded" are a bug: none is a dead end.
Every sentence here is written for these tests (not copied from any labelled file).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result, handoff_on_branch
from handoff_audit.markdown.facets import read

_NOTE = """# Session 12: export pipeline

## State

- The CSV export runs nightly; `pytest tests/export` passes (18 tests).

## Decisions

- Exports are streamed because the largest tenant's file is 2 GB.

## {heading}

{items}
"""


@pytest.mark.parametrize(
    ("heading", "items"),
    [
        ("Pendências", "Nenhuma."),
        ("Próximos pasos", "Nada."),
        ("Prossimi passi", "Niente."),
        ("Следующие шаги", "Ничего."),
        (
            "Next steps",
            "1. Monitor export error rates in production\n"
            "2. Gather metrics on file sizes per tenant\n"
            "3. Evaluate compression if files keep growing\n"
            "4. Refine batch sizes based on usage",
        ),
        ("Next steps", "- npm publish"),
    ],
)
def test_a_next_section_holding_no_work_is_no_next_step(
    git_repo: GitRepo, run_cli: Callable[..., Result], heading: str, items: str
) -> None:
    handoff_on_branch(git_repo, "HANDOFF.md", _NOTE.format(heading=heading, items=items))
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    assert "next step" in checked.out


@pytest.mark.parametrize(
    "items",
    [
        "- Evaluate the three queue libraries and pick one for `export/queue.py`.",
        "- Add gzip to `export/writer.py`, then gather metrics on the nightly run.",
        "- Nada de cambios en la API: add the `--since` flag to `export/cli.py`.",
    ],
)
def test_work_beside_those_words_stays_a_next_step(
    git_repo: GitRepo, run_cli: Callable[..., Result], items: str
) -> None:
    handoff_on_branch(git_repo, "HANDOFF.md", _NOTE.format(heading="Next steps", items=items))
    checked = run_cli(["check"], cwd=git_repo.root)
    assert "no next step" not in checked.out, checked.out
    assert "no usable next step" not in checked.out, checked.out


_RULED = """# Handoff: labelling tool

## State

- Review queue works; 40 tests pass.

## Next step

- Add keyboard shortcuts to `ui/review.tsx`.

## Notes

{item}
"""


def _ruled_out(item: str) -> bool:
    return read(_RULED.format(item=item)).found["ruled_out"] != []


@pytest.mark.parametrize(
    "item",
    [
        "**Not chosen:** a separate review service (two deploys for one screen).",
        "Running the model in the browser is not feasible: the weights are 3 GB.",
        "Per-row locking proved unworkable under 50 concurrent reviewers.",
        "- Option B (rejected as the default because it needs a GPU)",
        "服务端渲染不可行 → 改为静态导出",
    ],
)
def test_a_dead_end_said_in_prose_is_ruled_out(item: str) -> None:
    assert _ruled_out(item), item


@pytest.mark.parametrize(
    "item",
    [
        "**Statuses**: Approved (5), Pending (4), Rejected (4)",
        "Bad rows go to `out/batch.rejected.jsonl` for the nightly report.",
        "Empty labels: rejected in `test_review_queue`, as the API does.",
        "Labels past 64 characters were silently discarded; now they are cut with a warning.",
    ],
)
def test_words_that_only_look_like_a_dead_end_are_none(item: str) -> None:
    assert not _ruled_out(item), item


def test_a_path_marked_eliminated_in_its_heading_is_ruled_out() -> None:
    note = _RULED.format(
        item="### Path 2: cache in the worker — ELIMINATED\n\nWorkers restart hourly."
    )
    assert read(note).found["ruled_out"] != []


_COMMAND = """---
description: Save the session state so the next session can resume
{key}
---

# Save session

Save where the work stands in `.planning/STATE.md` so a later session can pick it up.

## {heading}

1. Update `.planning/STATE.md`: current phase, last activity, blockers.
2. If work is unfinished, write `.planning/.continue-here.md` with the next steps.
3. Tell the user what was saved.
"""


@pytest.mark.parametrize("key", ["allowed-tools: Read, Write, Bash", 'mode: "agent"'])
@pytest.mark.parametrize("heading", ["Instructions", "Steps", "Instrucciones"])
def test_a_command_file_by_its_front_matter_is_not_a_handoff(
    git_repo: GitRepo, run_cli: Callable[..., Result], key: str, heading: str
) -> None:
    """A command file named on the command line outside an agent's folder: its front matter
    sets what only a command sets, over steps addressed to the agent running it."""
    handoff_on_branch(git_repo, "HANDOFF.md", "# Handoff\n")
    git_repo.write("docs/save-session.md", _COMMAND.format(key=key, heading=heading))
    git_repo.commit("a command file")
    checked = run_cli(["check", "docs/save-session.md"], cwd=git_repo.root)
    assert "not-a-handoff" in checked.out, checked.out
    assert "front matter is an agent command's" in checked.out
    assert key.split(":")[0] in checked.out


def test_a_description_alone_over_steps_is_no_command_by_its_front_matter(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    handoff_on_branch(git_repo, "HANDOFF.md", "# Handoff\n")
    text = _COMMAND.format(key="", heading="Steps")
    git_repo.write("docs/save-session.md", text)
    git_repo.commit("a file under a description")
    checked = run_cli(["check", "docs/save-session.md"], cwd=git_repo.root)
    assert "front matter is an agent command's" not in checked.out, checked.out


_DATED_LOG = """# Sensor fleet: session log and plan

Append to this file; delegated agents read it for their prompts.

## Session log

| When | What |
|------|------|
| 2026-03-12 | Synced with origin/main; `pytest tests/fleet` passes (48 tests). |
| 2026-03-13 | Added the OTA retry in `fleet/ota.py`; 2 flaky tests left in `tests/test_ota.py`. |

## Next step

- Fix the two flaky OTA tests in `tests/test_ota.py` (they race on the mock clock).

## Prompts for delegated agents

### Docs agent

You are documenting the OTA retry for operators; keep it to one page.

### Release agent

You are preparing the 1.4 release notes from the commits since v1.3.

### Review agent

You are reviewing `fleet/ota.py` for retry storms under packet loss.
"""


def test_prompts_a_dated_log_keeps_for_its_agents_leave_it_a_handoff(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    handoff_on_branch(git_repo, "SESSION_LOG.md", _DATED_LOG)
    checked = run_cli(["check", "SESSION_LOG.md"], cwd=git_repo.root)
    assert "not-a-handoff" not in checked.out, checked.out


@pytest.mark.parametrize(
    "text",
    [
        # the same prompts with no session recorded: a file of prompts
        _DATED_LOG.replace("2026-03-12", "Monday").replace("2026-03-13", "Tuesday"),
        "# Continue command\n\nWhen `/continue` is invoked, resume work on this project.\n\n"
        "## Step 1\n\n1. Read `PROGRESS.md` and the plan.\n2. Pick the next pending task.\n",
        "# Create handoff\n\nYou are tasked with writing a handoff document for the next "
        "agent.\n\n## Process\n\n1. Gather the state of the work.\n2. Save it under "
        "`thoughts/handoffs/`.\n",
    ],
    ids=["undated-prompts", "when-invoked", "tasked-with"],
)
def test_prompts_and_commands_are_not_handoffs(
    git_repo: GitRepo, run_cli: Callable[..., Result], text: str
) -> None:
    handoff_on_branch(git_repo, "HANDOFF.md", "# Handoff\n")
    git_repo.write("docs/agent-note.md", text)
    git_repo.commit("a file of prompts")
    checked = run_cli(["check", "docs/agent-note.md"], cwd=git_repo.root)
    assert "not-a-handoff" in checked.out, checked.out


@pytest.mark.parametrize(
    ("path", "text"),
    [
        (  # agent front matter over a dated note: a note dressed as a command
            "docs/handoffs/2025-06-01-refund.md",
            "---\nallowed-tools: Bash(git:*)\n---\n# Session handoff 2025-06-01: refund rounding"
            "\n\n## Status\n3 tests fail in tests/test_refund.py on GBP rounding.\n\n## Steps\n",
        ),
        (  # a bot's slash command described in the state, not a command's opening
            "docs/handoffs/2025-06-01-bot.md",
            "# Session handoff\n\n## Status\nWhen `/deploy` is invoked the bot answers 403 "
            "(src/bot/auth.py); 3 tests fail in tests/test_auth.py.\n\n## Next steps\n",
        ),
        (  # a persona line in a note dated in its title
            "docs/handoffs/2025-06-01-refunds.md",
            "# Session handoff 2025-06-01\n\nYou are tasked with finishing the refund rounding "
            "work.\n\n## Status\n3 tests fail in tests/test_refund.py.\n",
        ),
    ],
    ids=["front-matter", "bot-command", "persona"],
)
def test_a_note_dressed_as_a_command_still_needs_its_next_step(
    git_repo: GitRepo, run_cli: Callable[..., Result], path: str, text: str
) -> None:
    """The attack on this session's cues: one line or front matter must not turn a dated
    note that lacks its next step into a command that passes."""
    handoff_on_branch(git_repo, path, text)
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    assert "not-a-handoff" not in checked.out, checked.out
    assert "next step" in checked.out
