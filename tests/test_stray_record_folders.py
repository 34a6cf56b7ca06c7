"""The "not audited" note names no runbook, convention, plan, spec, guide, playbook or schema
(the review rev57-1: CrayJThiemsert/vero-lite got `extend-packets:` for
`docs/conventions/handoff-frontmatter-schema.md`, `docs/plans/done/0004-handoff-frontmatter-and-
dashboard.md` and two `docs/runbooks/` files, no handoff among them), as it names no decision
record; real notes beside them are still named. Real repositories and the real CLI."""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo, Result

NOTE = """# Session 12 handoff

## State
Parser done in parser.py; tests pass.

## Next step
Wire the parser into cli.py.
"""
RECORDS = [
    "docs/conventions/handoff-frontmatter-schema.md",
    "docs/plans/done/0004-handoff-frontmatter-and-dashboard.md",
    "docs/runbooks/claude-code-chat-handoff.md",
    "docs/runbooks/transcript-handoff.md",
    "docs/specs/agent-handoff-v2.md",
    "docs/guides/agent-handoff.md",
    "ops/playbooks/incident-handoff.md",
    "docs/schemas/handoff-frontmatter.md",
    "notes/handoff-frontmatter.md",
    "notes/handoff-runbook.md",
]


def test_no_note_for_runbooks_conventions_plans_and_schemas_named_for_handoffs(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    git_repo.write("parser.py", "x = 1\n")
    for name in RECORDS:
        git_repo.write(name, NOTE)
    git_repo.commit("vero-lite's layout")

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert done.out == "No handoff packets found.\n"
    assert "note:" not in done.err, done.err


def test_real_notes_beside_such_records_are_still_named(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    notes = [
        "PHASE_2_BACKEND_API_HANDOFF.md",
        "claude_to_codex_handoff.md",
        "docs/plans/PHASE_3_HANDOFF.md",
    ]
    git_repo.write("parser.py", "x = 1\n")
    for name in [*RECORDS, *notes]:
        git_repo.write(name, NOTE)
    git_repo.commit("records and notes")

    done = run_cli(["check"], cwd=git_repo.root)

    line = next(line for line in done.err.splitlines() if "extend-" in line)
    for name in notes:
        assert name in line, (name, line)
    for name in RECORDS:
        assert name not in line, (name, line)
