"""The configuration keys of the agent hook: `agent-hook` (events, rules) and `verify`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

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
        ("agent-hook:\n  ignore: [docs, 3]\n", "agent-hook.ignore[1] is 3; expected a list"),
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
