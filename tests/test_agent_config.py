"""The configuration keys of the agent hook: `agent-hook` (events, rules) and `verify`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_support import feature_repo, run_hook, stop_event
from conftest import GitRepo
from handoff_audit.config import AgentHook, load_config
from handoff_audit.errors import InputError
from handoff_audit.git.tracked import is_tracked
from handoff_audit.rules import RULES_BY_ID


def test_defaults() -> None:
    assert AgentHook().events == ("Stop", "SubagentStop")
    assert AgentHook().rules is None


def test_values_reach_the_config_object(tmp_path: Path) -> None:
    (tmp_path / ".handoff-audit.yml").write_text(
        "verify: pytest -q\nagent-hook:\n  events: [Stop, PreCompact]\n"
        "  rules: [schema, packet-outdated]\n"
    )
    config = load_config(tmp_path, rule_ids=RULES_BY_ID, tracked=is_tracked)
    assert config.verify == "pytest -q"
    assert config.agent_hook == AgentHook(("Stop", "PreCompact"), ("schema", "packet-outdated"))


def test_pyproject_table(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.handoff-audit]\nverify = "make test"\n[tool.handoff-audit.agent-hook]\n'
        'events = ["SubagentStop"]\n'
    )
    config = load_config(tmp_path, rule_ids=RULES_BY_ID, tracked=is_tracked)
    assert config.verify == "make test"
    assert config.agent_hook.events == ("SubagentStop",)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("agent-hook: [Stop]\n", ["agent-hook is", "events (a list of Stop, SubagentStop"]),
        (
            "agent-hook:\n  events: [Stopp]\n",
            ['agent-hook.events[0] is "Stopp" — did you mean "Stop"?', "one of Stop, Subagent"],
        ),
        ("agent-hook:\n  when: always\n", ['agent-hook: unknown key "when"', "events (a list"]),
        ("agent-hook:\n  rules: [no-such-rule]\n", ["agent-hook.rules: unknown rule id"]),
        ("verify: 3\n", ["verify is 3", "a shell command"]),
        ("verify: ''\n", ["verify is"]),
    ],
)
def test_wrong_values_are_one_line_errors(tmp_path: Path, text: str, words: list[str]) -> None:
    (tmp_path / ".handoff-audit.yml").write_text(text)
    with pytest.raises(InputError) as raised:
        load_config(tmp_path, rule_ids=RULES_BY_ID, tracked=is_tracked)
    message: Any = str(raised.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message


def test_agent_hook_errors_name_the_key_path_and_the_value(run_cli: Any, tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    config = tmp_path / ".handoff-audit.yml"
    token = "ghp_" + "a1B2c3D4e5" * 4
    for text, expected in [
        # the mistake comes after enough of the mapping that showing all of it cut it off
        (
            "agent-hook:\n  events: [Stop, SubAgentStop]\n  rules: [schema, packet-outdated]\n"
            '  ignore: ["docs/**", "*.md"]\n',
            'agent-hook.events[1] is "SubAgentStop" — did you mean "SubagentStop"?; expected '
            "one of Stop, SubagentStop, PreCompact",
        ),
        (
            "agent-hook:\n  events: [Stop]\n  rule: [schema]\n",
            'agent-hook: unknown key "rule" — did you mean "rules"?; accepted keys: events (',
        ),
        (
            "agent-hook:\n  events: [Stop, Stop]\n",
            'agent-hook.events is ["Stop", "Stop"], which names a value twice',
        ),
        (
            "agent-hook:\n  ignore: [docs, 3]\n",
            "agent-hook.ignore[1] is 3, a number; expected a list",
        ),
        (f"agent-hook:\n  events: [Stop, {token}]\n", "agent-hook.events[1] is"),
        (f"agent-hook:\n  {token}: [Stop]\n", "agent-hook: unknown key"),
    ]:
        config.write_text(text)
        result = run_cli(["check"], cwd=tmp_path)
        assert result.code == 2
        [line] = result.err.splitlines()
        assert line.startswith("handoff-audit: error: .handoff-audit.yml: "), line
        assert expected in line, line
        assert token not in line and token[:12] not in line


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        ("max-blocks: 3.0", "agent-hook.max-blocks is 3.0; expected an integer from 1 to 20"),
        (
            "max-blocks: true",
            "line 2: agent-hook.max-blocks is true, which YAML reads as a boolean; expected an "
            "integer from 1 to 20",
        ),
        (
            "max-blocks: 1e1",
            "line 2: agent-hook.max-blocks is 1e1, which YAML reads as text, not a number; write "
            "10 instead; expected an integer from 1 to 20",
        ),
        (
            "events: yes",
            "line 2: agent-hook.events is yes, which YAML reads as a boolean; expected a list of "
            "Stop, SubagentStop, PreCompact",
        ),
        (
            "rules: [secret, 4]",
            "agent-hook.rules[1] is 4, a number; expected a list of rule ids; known rules: "
            "active-in-merge, branch-mismatch,",
        ),
        (
            "ignore: [docs, 2024]",
            "agent-hook.ignore[1] is 2024, a number; expected a list of path globs; for a path "
            'named 2024, write it in quotes: "2024"',
        ),
        (
            "stop-blocks: yes",
            'agent-hook: unknown key "stop-blocks" — did you mean "max-blocks"?; accepted keys:',
        ),
        (
            "ignore: off",
            "line 2: agent-hook.ignore is off, which YAML reads as a boolean; expected a list of "
            "path globs",
        ),
    ],
)
def test_a_wrong_typed_agent_hook_value_is_named_with_its_fix(
    git_repo: GitRepo, run_cli: Any, setting: str, expected: str
) -> None:
    """Each `agent-hook` key set to a value of the wrong type gets the one line other keys get:
    the file, the key (and line), and what to write; never a generic one or a silent pass."""
    git_repo.write("README.md", "shop\n")
    git_repo.write(".handoff-audit.yml", f"agent-hook:\n  {setting}\n")
    git_repo.commit("configure")
    result = run_cli(["check"], cwd=git_repo.root)
    assert result.code == 2, result.out
    [line] = result.err.splitlines()
    assert line.startswith("handoff-audit: error: .handoff-audit.yml: "), line
    assert expected in line, line
    assert "a mapping with" not in line


def test_a_float_in_pyproject_agent_hook_is_refused(git_repo: GitRepo, run_cli: Any) -> None:
    git_repo.write(
        "pyproject.toml",
        '[project]\nname = "shop"\n[tool.handoff-audit.agent-hook]\nmax-blocks = 1e1\n',
    )
    git_repo.commit("configure")
    result = run_cli(["check"], cwd=git_repo.root)
    assert result.code == 2, result.out
    assert result.err == (
        "handoff-audit: error: pyproject.toml [tool.handoff-audit]: agent-hook.max-blocks is "
        "10.0; expected an integer from 1 to 20\n"
    )


def test_the_stop_hook_holds_a_branch_that_set_max_blocks_to_a_float(git_repo: GitRepo) -> None:
    repo = feature_repo(git_repo)
    repo.write(".handoff-audit.yml", "agent-hook:\n  max-blocks: 5.0\n")
    repo.commit("configure")
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    assert ".handoff-audit.yml, which this branch changed" in run.lines[0], run.err
    assert "agent-hook.max-blocks is 5.0; expected an integer from 1 to 20" in run.lines[1]
