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
        ("agent-hook:\n  events: [Stopp]\n", ["agent-hook is"]),
        ("agent-hook:\n  when: always\n", ["agent-hook is"]),
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
