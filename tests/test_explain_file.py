"""`explain md-incomplete --file` agrees with `check` on the same file: it reads it with the same
limit and words, in a real repository, through the real command."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]
HANDOFF = (
    "# Handoff: refunds\n\n## State\n\nEUR refunds round to cents; tests pass.\n\n"
    "## Next steps\n\n- Round GBP in src/refunds.py.\n\n## Log\n\n"
)


def _check_message(
    run_cli: Run, repo: GitRepo, rule: str, name: str = "HANDOFF.md", code: int = 1
) -> str:
    result = run_cli(["check", "--format", "json", name], cwd=repo.root)
    assert result.code == code, result.err
    messages = [f["message"] for f in result.json()["findings"] if f["rule"] == rule]
    assert len(messages) == 1, result.out
    return str(messages[0])


@pytest.mark.parametrize(
    ("config", "size"),
    [(None, 1024 * 1024 + 1), ("max-file-bytes: 4096\n", 5000)],
    ids=["default-limit", "configured-limit"],
)
def test_a_file_over_max_file_bytes_is_refused_as_check_refuses_it(
    git_repo: GitRepo, run_cli: Run, config: str | None, size: int
) -> None:
    if config is not None:
        git_repo.write(".handoff-audit.yml", config)
    log = "".join(f"- step {n}: rounded the refunds of batch {n}.\n" for n in range(size // 40))
    text = (HANDOFF + log)[:size]
    git_repo.write("HANDOFF.md", text)
    git_repo.commit("handoff")
    assert len(text.encode()) == size

    too_large = _check_message(run_cli, git_repo, "invalid-json")
    explained = run_cli(["explain", "md-incomplete", "--file", "HANDOFF.md"], cwd=git_repo.root)

    assert explained.code == 2
    assert explained.out == ""
    assert explained.err == f"handoff-audit: error: HANDOFF.md: {too_large}\n"
    assert "max-file-bytes" in too_large


TEMPLATE = """\
# Session Handoff

**Date:** YYYY-MM-DD
**Branch:** <branch-name>
**Progress:** ~XX% complete

## Current State

[2-3 sentences describing current progress]

## Completed This Session

- [ ] Unit tests for [component]
- [ ] Integration tests for [component]

## Key Decisions

- [Decision]: [rationale]

## Blockers / Issues

- [Describe any blockers]

## Next Steps

1. [First thing to do next session]
2. [Second thing]

## Files Touched

- path/to/file1.py
"""


def test_an_unfilled_template_is_called_a_template_as_check_calls_it(
    git_repo: GitRepo, run_cli: Run
) -> None:
    # On a branch of its own: on main, a working note is to be deleted, not completed.
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("HANDOFF.md", TEMPLATE)
    git_repo.commit("handoff: the team's template")
    checked = run_cli(["check", "--format", "json", "HANDOFF.md"], cwd=git_repo.root)
    findings = checked.json()["findings"]
    template = next(f for f in findings if f["rule"] == "placeholder")
    missing = {f["facet"]: f for f in findings if f["rule"] == "md-incomplete"}

    explained = run_cli(["explain", "md-incomplete", "--file", "HANDOFF.md"], cwd=git_repo.root)

    assert explained.code == 0, explained.err
    lines = explained.out.splitlines()
    assert lines[:2] == [
        "HANDOFF.md: how md-incomplete reads it",
        f"  placeholder (error, line {template['line']}): {template['message']}",
    ]
    assert "still a template" in template["message"]
    assert len(missing) == 5
    for facet, finding in missing.items():
        level = finding["severity"]
        assert f"  {facet}: NOT FOUND ({level}, line {finding['line']}): {finding['message']}" in (
            lines
        )
    assert not any(": found (" in line for line in lines)


def test_an_agent_command_file_is_no_handoff_as_check_says(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write(".claude/commands/handoff.md", HANDOFF)
    git_repo.commit("agent command")
    name = ".claude/commands/handoff.md"
    # It reads as a handoff, so on main the merge gate blocks it (exit 1) as a working note;
    # the audit still calls it no handoff by its place.
    said = _check_message(run_cli, git_repo, "not-a-handoff", name, code=1)

    explained = run_cli(["explain", "md-incomplete", "--file", name], cwd=git_repo.root)

    assert explained.code == 0, explained.err
    assert explained.out.splitlines()[1] == (
        f"  not-a-handoff (warning): {said}; check judges no facet of it"
    )


@pytest.mark.parametrize("name", ["handoff.json", "handoff.md"])
def test_a_json_packet_or_its_twin_is_refused_as_check_never_judges_it(
    git_repo: GitRepo, run_cli: Run, name: str
) -> None:
    git_repo.write("a.txt", "a\n")
    git_repo.commit("init")
    started = run_cli(
        [
            "new",
            "--summary",
            "Keys stored",
            "--next-action",
            "Make test_refund pass",
            "--verdict-pointer",
            "a.txt",
        ],
        cwd=git_repo.root,
    )
    assert started.code == 0, started.err
    git_repo.commit("handoff")
    checked = run_cli(["check", "--format", "json", "--select", "md-incomplete"], cwd=git_repo.root)
    assert checked.code == 0 and checked.json()["findings"] == []

    explained = run_cli(["explain", "md-incomplete", "--file", name], cwd=git_repo.root)

    assert explained.code == 2
    assert explained.out == ""
    assert len(explained.err.splitlines()) == 1
    assert explained.err.startswith(f"handoff-audit: error: {name} is ")
    assert "md-incomplete reads only markdown-only handoffs" in explained.err
    assert "run `handoff-audit check handoff.json`" in explained.err
    if name == "handoff.md":
        assert "the markdown twin of the JSON packet handoff.json" in explained.err


REELME = (  # blancomaberino/reelme's .claude/handoff.json: another handoff tool's settings
    '{\n  "enabled": true,\n  "file": ".claude/state/HANDOFF.md",\n  "snapshotFile": '
    '".claude/state/SNAPSHOT.md",\n  "git": true,\n  "transcriptBackup": false,\n'
    '  "maxBytes": 16384\n}\n'
)


@pytest.mark.parametrize("name", [".claude/handoff.json", ".claude/handoff.md"])
def test_another_tools_json_is_called_what_check_calls_it_and_the_command_printed_works(
    git_repo: GitRepo, run_cli: Run, name: str
) -> None:
    git_repo.write(".claude/handoff.json", REELME)
    git_repo.write(".claude/handoff.md", "# the other tool's notes\n")
    git_repo.commit("another tool's settings")

    explained = run_cli(["explain", "md-incomplete", "--file", name], cwd=git_repo.root)

    assert explained.code == 2 and explained.out == ""
    assert len(explained.err.splitlines()) == 1, explained.err
    assert "not a handoff packet in this tool's shape" in explained.err
    assert "a JSON packet" not in explained.err and "show" not in explained.err
    commands = [c for c in explained.err.split("`") if c.startswith("handoff-audit ")]
    assert commands == ["handoff-audit check .claude/handoff.json"], explained.err
    checked = run_cli(commands[0].split()[1:], cwd=git_repo.root)
    assert checked.code == 1, checked.err  # a finding, not a refusal
    assert "not a handoff packet in this tool's shape" in checked.out
