"""A repository whose handoffs live where the configuration does not look
(``.claude/Scratchpad/SESSION_12_HANDOFF.md``, ``notes/agent/HANDOFF-2026-01-02.md``) gets, with
"No handoff packets found.", one note naming them and the configuration line that finds them;
the exit code stays 0, and the note costs no git process."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from action_support import packet_data
from conftest import GitRepo, Result
from handoff_audit.git import plumbing
from handoff_audit.schema import schema_text

Run = Callable[..., Result]

NOTE = """# Session 12 handoff

## State
Parser done in parser.py; tests pass.

## Next step
Wire the parser into cli.py.
"""


def _repository(git_repo: GitRepo, *names: str) -> None:
    git_repo.write("parser.py", "x = 1\n")
    for name in names:
        git_repo.write(name, NOTE)
    git_repo.commit("work and notes")


def _lines(note: str) -> list[str]:
    """The configuration lines the note says to set."""
    return re.findall(r"`([^`]+)`", note)


def _line(note: str) -> str:
    """The configuration line the note says to set."""
    lines = _lines(note)
    assert len(lines) == 1, note
    return lines[0]


def test_handoffs_in_other_folders_get_the_series_line_that_finds_them(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _repository(
        git_repo, ".claude/Scratchpad/SESSION_12_HANDOFF.md", "notes/agent/HANDOFF-2026-01-02.md"
    )

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert done.out == "No handoff packets found.\n"
    assert done.err == (
        "handoff-audit: note: no handoff found where the configuration looks, but git tracks "
        "markdown files named as handoffs elsewhere: .claude/Scratchpad/SESSION_12_HANDOFF.md, "
        "notes/agent/HANDOFF-2026-01-02.md; to audit them, set "
        '`extend-series: [".claude/Scratchpad", "notes/agent"]` in .handoff-audit.yml\n'
    )
    git_repo.write(".handoff-audit.yml", _line(done.err) + "\n")
    git_repo.commit("configure")
    audited = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert audited.code in (0, 1), audited.err
    assert [p["path"] for p in audited.json()["packets"]] == [
        ".claude/Scratchpad/SESSION_12_HANDOFF.md",
        "notes/agent/HANDOFF-2026-01-02.md",
    ]
    assert "note:" not in audited.err


def test_a_single_undated_note_gets_the_packets_line_in_the_configurations_syntax(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("pyproject.toml", '[tool.handoff-audit]\npackets = ["**/handoff.json"]\n')
    _repository(git_repo, "notes/handover-notes.md")

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert (
        "git tracks markdown files named as handoffs elsewhere: notes/handover-notes.md; to "
        in (done.err)
    )
    assert done.err.endswith(
        'to audit it, set `extend-packets = ["notes/handover-notes.md"]` under '
        "[tool.handoff-audit] in pyproject.toml\n"
    )
    git_repo.write(
        "pyproject.toml",
        f'[tool.handoff-audit]\npackets = ["**/handoff.json"]\n{_line(done.err)}\n',
    )
    git_repo.commit("configure")
    audited = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert [p["path"] for p in audited.json()["packets"]] == ["notes/handover-notes.md"]


def test_the_note_names_three_and_counts_the_others(git_repo: GitRepo, run_cli: Run) -> None:
    days = ["2026-01-02", "2026-01-09", "2026-01-16", "2026-01-23", "2026-01-30"]
    _repository(git_repo, *(f"notes/agent/HANDOFF-{day}.md" for day in days))

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert (
        "elsewhere: notes/agent/HANDOFF-2026-01-02.md, notes/agent/HANDOFF-2026-01-09.md, "
        "notes/agent/HANDOFF-2026-01-16.md and 2 more; to audit them, set "
        '`extend-series: ["notes/agent"]` in .handoff-audit.yml\n'
    ) in done.err


def test_no_note_for_what_is_no_handoff_left_out_or_untracked(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write(
        ".handoff-audit.yml",
        'packets: ["**/handoff.json", "**/session-handoff-notes.md", "!old/*"]\n',
    )
    _repository(
        git_repo,
        "docs/archive/HANDOFF-2025.md",  # history
        "old/session-handoff-notes.md",  # left out by the configuration on purpose
        "notes/README.md",
        "docs/shorthand_offsets.md",
    )
    git_repo.write(  # an agent's instructions
        ".claude/commands/handoff.md",
        "---\ndescription: Write the session handoff\n---\nWrite the state and the next step.\n",
    )
    git_repo.commit("command")
    git_repo.write("scratch/HANDOFF-draft.md", NOTE)  # untracked

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert done.out == "No handoff packets found.\n"
    assert "note:" not in done.err, done.err


def test_a_handoff_outside_the_globs_is_noted_beside_the_handoffs_found(
    git_repo: GitRepo, run_cli: Run
) -> None:
    # wizardsofts/wizardsofts-megabuild: handoffs found, and docs/HANDOFF_DEC31_2025.md (with a
    # password in it) among a hundred documents, never audited nor scanned
    _repository(git_repo, "infrastructure/hardening/HANDOFF.md", "docs/HANDOFF_DEC31_2025.md")
    git_repo.write("docs/ARCHITECTURE.md", "# Architecture\n\nServices and their ports.\n")
    git_repo.write("docs/handoff-format.md", "# Handoff format\n\nWrite the state first.\n")
    git_repo.commit("docs")

    done = run_cli(["check", "--format", "json"], cwd=git_repo.root)

    assert [p["path"] for p in done.json()["packets"]] == ["infrastructure/hardening/HANDOFF.md"]
    assert done.err == (
        "handoff-audit: note: git tracks markdown files named as handoffs where the "
        "configuration does not look: docs/HANDOFF_DEC31_2025.md; to audit it, set "
        '`extend-packets: ["docs/HANDOFF_DEC31_2025.md"]` in .handoff-audit.yml\n'
    )
    git_repo.write(".handoff-audit.yml", _line(done.err) + "\n")
    git_repo.commit("configure")
    audited = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert [p["path"] for p in audited.json()["packets"]] == [
        "docs/HANDOFF_DEC31_2025.md",
        "infrastructure/hardening/HANDOFF.md",
    ]
    assert "note:" not in audited.err, audited.err


def test_quiet_leaves_the_note_out_beside_the_handoffs_found(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _repository(git_repo, "SESSION_STATE.md", "docs/HANDOFF_DEC31_2025.md")

    assert run_cli(["check", "-q"], cwd=git_repo.root).err == ""
    (git_repo.root / "SESSION_STATE.md").unlink()
    git_repo.commit("done")
    assert "docs/HANDOFF_DEC31_2025.md" in run_cli(["check", "-q"], cwd=git_repo.root).err


def test_next_session_prompts_among_plans_are_offered_as_packets_not_a_series(
    git_repo: GitRepo, run_cli: Run
) -> None:
    # Amplaye/CRM: a series of that folder would judge its newest dated plan as the handoff
    plans = "docs/superpowers/plans"
    _repository(
        git_repo,
        "handoff.md",
        f"{plans}/NEXT_SESSION_PROMPT_async_scaling.md",
        f"{plans}/NEXT_SESSION_PROMPT_motore_unico.md",
    )
    git_repo.write(f"{plans}/2026-06-02-motore-unico-chatbot.md", "# Plan\n\n1. Build it.\n")
    git_repo.commit("plan")

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.err.endswith(
        f"where the configuration does not look: {plans}/NEXT_SESSION_PROMPT_async_scaling.md, "
        f"{plans}/NEXT_SESSION_PROMPT_motore_unico.md; to audit them, set `extend-packets: "
        f'["{plans}/NEXT_SESSION_PROMPT_async_scaling.md", '
        f'"{plans}/NEXT_SESSION_PROMPT_motore_unico.md"]` in .handoff-audit.yml\n'
    ), done.err


def test_the_line_audits_every_file_not_only_the_three_named(
    git_repo: GitRepo, run_cli: Run
) -> None:
    names = ["a/HANDOFF-1.md", "b/HANDOFF-2.md", "c/HANDOFF-3.md", "d/handover-notes.md"]
    _repository(git_repo, *names)
    git_repo.write("d/plan.md", "# Plan\n")
    git_repo.commit("plan")

    done = run_cli(["check"], cwd=git_repo.root)

    assert "a/HANDOFF-1.md, b/HANDOFF-2.md, c/HANDOFF-3.md and 1 more;" in done.err
    git_repo.write(".handoff-audit.yml", "\n".join(_lines(done.err)) + "\n")
    git_repo.commit("configure")
    audited = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert [p["path"] for p in audited.json()["packets"]] == names
    assert "note:" not in audited.err, audited.err


def test_the_note_costs_no_git_process(tmp_path: Path, run_cli: Run) -> None:
    def git_processes_of_check(repo: GitRepo, name: str) -> int:
        _repository(repo, name)
        before = plumbing.spawn_count()
        assert run_cli(["check"], cwd=repo.root).code == 0
        return plumbing.spawn_count() - before

    stray = git_processes_of_check(GitRepo(tmp_path / "stray"), "notes/agent/HANDOFF-2026-01-02.md")
    none = git_processes_of_check(GitRepo(tmp_path / "none"), "notes/agent/plan-2026-01-02.md")
    assert stray == none
    found = GitRepo(tmp_path / "found")
    found.write("SESSION_STATE.md", NOTE)
    beside = git_processes_of_check(found, "notes/a/HANDOFF-2026-01-02.md")
    alone = GitRepo(tmp_path / "alone")
    alone.write("SESSION_STATE.md", NOTE)
    assert beside == git_processes_of_check(alone, "notes/a/plan-2026-01-02.md")


GUIDE = """# Session handoffs

Before ending a session, update the handover notes so that the next session can pick up the work.

Create or update notes/handover-notes.md with:

1. Goal: what you were trying to do
2. Progress: what is done and what is not
3. Next steps: the first thing the next session should do

The handoff should include the exact commands you ran and whether the tests passed.
"""
"""A team's instructions for writing a handoff, named as one."""


def test_no_note_for_a_document_named_as_being_about_handoffs(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _repository(
        git_repo,
        "docs/handoff-protocol.md",
        "docs/HANDOFF_GUIDE.md",
        "docs/how-to-handoff.md",
        "docs/SessionHandoffChecklist.md",
        "docs/session-handoff-guide.md",
        "docs/handover_format_spec.md",
    )

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert "note:" not in done.err, done.err


def test_no_note_for_a_guide_the_audit_calls_no_handoff(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("parser.py", "x = 1\n")
    git_repo.write("notes/handover-notes.md", GUIDE)
    git_repo.commit("how we hand over")
    git_repo.write(
        ".handoff-audit.yml", 'packets: ["**/handoff.json", "notes/handover-notes.md"]\n'
    )
    judged = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert "not-a-handoff" in [f["rule"] for f in judged.json()["findings"]], judged.out
    (git_repo.root / ".handoff-audit.yml").unlink()

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert "note:" not in done.err, done.err


def test_a_handoff_beside_a_protocol_doc_is_the_one_offered(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _repository(git_repo, "docs/handoff-protocol.md", "notes/handover-notes.md")

    done = run_cli(["check"], cwd=git_repo.root)

    assert "elsewhere: notes/handover-notes.md; to audit it, set `extend-packets: [" in done.err
    assert "handoff-protocol" not in done.err, done.err


def test_a_handoff_whose_topic_holds_such_a_word_is_offered(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _repository(
        git_repo,
        "docs/handoff-format-parser.md",
        "docs/handoff-schema-migration.md",
        "docs/HANDOFF_TEMPLATE.md",
    )

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert (
        "elsewhere: docs/handoff-format-parser.md, docs/handoff-schema-migration.md; to audit "
        'them, set `extend-series: ["docs"]` in .handoff-audit.yml\n'
    ) in done.err, done.err


ADR = """# ADR 0005: Authority-edge classifier and witness handoff

- **Status:** Accepted
- **Date:** 2026-05-05

## Context

Helper-resolution work added first-pass rules for same-job `GITHUB_PATH` mutation.

## Decision

taudit is the authority-edge classifier; exploit witnesses are handed off to another tool.
"""

RULE = """# gha_setup_python_cache_helper_path_handoff

Flags `actions/setup-python` cache modes that invoke `pip` or `poetry` helper
commands after an earlier same-job `GITHUB_PATH` mutation.

## Remediation

Run cache discovery before mutable PATH setup.
"""


def test_no_note_for_decision_records_and_rule_pages_that_name_a_handoff(
    git_repo: GitRepo, run_cli: Run
) -> None:
    # 0ryant/taudit: the note offered an ADR and a lint rule's page as handoffs; set as told,
    # ADR 0024 became "the current handoff" and was asked for a next step
    git_repo.write("src/lib.rs", "fn main() {}\n")
    git_repo.write("docs/adr/0001-graph-native-exports.md", "# ADR 0001: Graph exports\n")
    git_repo.write("docs/adr/0005-authority-edge-classifier-and-witness-handoff.md", ADR)
    git_repo.write("docs/rules/gha_setup_python_cache_helper_path_handoff.md", RULE)
    git_repo.write("docs/rules/gha_create_pr_git_token_path_handoff.md", RULE)
    git_repo.commit("taudit's layout")

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert done.out == "No handoff packets found.\n"
    assert "note:" not in done.err, done.err


def test_a_record_is_none_by_its_long_name_or_its_head_wherever_it_is(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("docs/design/0005-authority-edge-classifier-and-witness-handoff.md", NOTE)
    git_repo.write("docs/design/witness-handoff.md", ADR)
    git_repo.write("docs/lint/path-handoff.md", RULE)
    # AgentWeave's exploration of how handoffs behave, go-orca's blog post
    git_repo.write("openspec/explorations/2026-08-08-handoff-behaviour.md", NOTE)
    git_repo.write("docs/blog/stateless-handoffs-event-journals.md", NOTE)
    git_repo.write("docs/handoff_2026-04-18-session-close.md", NOTE)
    git_repo.write("notes/codex-handoff.md", NOTE)
    git_repo.write("docs/sessions-log/SESSION_12_HANDOFF.md", NOTE)
    git_repo.commit("notes and records")

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert (
        "elsewhere: docs/handoff_2026-04-18-session-close.md, "
        "docs/sessions-log/SESSION_12_HANDOFF.md, notes/codex-handoff.md; to audit them"
    ) in done.err, done.err
    for other in ("design", "lint", "explorations", "blog"):
        assert other not in done.err, done.err


SHN = """{
  "schema_version": "1.2",
  "document_type": "shn.json handoff",
  "project_name": "BADGR Harness",
  "status": "Phase 6 active - context-aware routing and registry expansion",
  "next_steps": ["Expand the model registry", "Route by context"]
}
"""


def test_a_json_file_named_as_a_handoff_is_noted_with_the_packets_line(
    git_repo: GitRepo, run_cli: Run
) -> None:
    # Ch405-L9/BADGR_Harness: phase6_shn_handoff.json got only "No handoff packets found."
    git_repo.write("harness.py", "x = 1\n")
    git_repo.write("phase6_shn_handoff.json", SHN)
    git_repo.write("tests/fixtures/handoff_events.json", '[{"event": "handoff"}]\n')
    git_repo.write("schemas/handoff-v1.schema.json", '{"$schema": "x", "type": "object"}\n')
    git_repo.write("schemas/handoff-v2.json", '{"$schema": "x", "type": "object"}\n')
    git_repo.write("docs/handoffs-2026/handoff-2026-01-02.md", NOTE)
    git_repo.write("docs/handoffs-2026/handoff-2026-01-09.md", NOTE)
    git_repo.commit("phase 6")

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert done.err == (
        "handoff-audit: note: no handoff found where the configuration looks, but git tracks "
        "files named as handoffs elsewhere: docs/handoffs-2026/handoff-2026-01-02.md, "
        "docs/handoffs-2026/handoff-2026-01-09.md, phase6_shn_handoff.json; to audit them, set "
        '`extend-series: ["docs/handoffs-2026"]` and `extend-packets: '
        '["phase6_shn_handoff.json"]` in .handoff-audit.yml\n'
    )
    git_repo.write(".handoff-audit.yml", "\n".join(_lines(done.err)) + "\n")
    git_repo.commit("configure")
    audited = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert [p["path"] for p in audited.json()["packets"]] == [
        "docs/handoffs-2026/handoff-2026-01-09.md",
        "phase6_shn_handoff.json",
    ]
    assert "note:" not in audited.err, audited.err


def test_a_json_handoff_declaring_a_schema_is_noted_a_schema_is_not(
    git_repo: GitRepo, run_cli: Run
) -> None:
    ours = json.loads(schema_text())["$id"]
    packet = packet_data(branch="main", last_known_good_commit=None)
    del packet["last_known_good_commit"]
    git_repo.write("harness.py", "x = 1\n")
    git_repo.write("docs/agent/handoff-state.json", {"$schema": ours, **packet})
    other = {"$schema": "https://example.com/agent-handoff.schema.json", "next_steps": ["x"]}
    git_repo.write("notes/handoff-next.json", other)
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}
    git_repo.write("schemas/handoff-v3.json", schema)
    git_repo.commit("a packet under a name the globs miss")

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert done.err == (
        "handoff-audit: note: no handoff found where the configuration looks, but git tracks "
        "files named as handoffs elsewhere: docs/agent/handoff-state.json, "
        "notes/handoff-next.json; to audit them, set `extend-packets: "
        '["docs/agent/handoff-state.json", "notes/handoff-next.json"]` in .handoff-audit.yml\n'
    )


def test_notes_under_other_extensions_are_noted_and_the_line_audits_them(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """The note looked at ``.md`` files alone: ``HANDOFF.markdown`` (which GitHub shows as
    markdown), ``HANDOFF.mdx``, ``HANDOFF.txt`` and ``HANDOFF`` went unnamed and unaudited."""
    names = ("HANDOFF", "docs/HANDOFF.mdx", "notes/HANDOFF.txt", "work/HANDOFF.markdown")
    git_repo.git("checkout", "-q", "-b", "feat/x")  # off the protected branch: no gate
    _repository(git_repo, *names, "bin/handoff.sh")

    done = run_cli(["check"], cwd=git_repo.root)

    assert done.code == 0, done.err
    assert "but git tracks files named as handoffs elsewhere: HANDOFF, docs/HANDOFF.mdx" in (
        done.err
    )
    line = _line(done.err)
    assert line == (
        'extend-packets: ["HANDOFF", "docs/HANDOFF.mdx", "notes/HANDOFF.txt", '
        '"work/HANDOFF.markdown"]'
    )
    git_repo.write(".handoff-audit.yml", line + "\n")
    audited = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert sorted(p["path"] for p in audited.json()["packets"]) == sorted(names)
    assert "note:" not in audited.err


def test_working_notes_named_in_capitals_or_after_a_few_words_are_named(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Real notes the stricter name test missed: a topic of several words in capitals, three
    words before "handoff", one word "sessionhandoff", and a note in capitals in a folder of
    decisions; a decision record of a long lower-case name there is still none."""
    notes = [
        "AUTH_MIGRATION_SESSION_HANDOFF.md",
        "PHASE_2_BACKEND_API_HANDOFF.md",
        "claude_to_codex_handoff.md",
        "docs/decisions/BILLING_HANDOFF.md",
        "notes/sessionhandoff.md",
    ]
    for name in notes:
        git_repo.write(name, NOTE)
    git_repo.write("docs/decisions/0007-queue-consumer-and-retry-handoff.md", NOTE)
    git_repo.commit("notes")

    done = run_cli(["check", "--format", "json"], cwd=git_repo.root)

    assert "and 2 more" in done.err, done.err
    line = next(line for line in done.err.splitlines() if "extend-" in line)
    for name in notes:
        assert name in line, (name, line)
    assert "0007-queue-consumer" not in done.err, done.err
