"""Each configuration key is declared once (a `setting` field of `Config` or `AgentHook`); the
validation, the JSON Schema, the schema file for editors, the rule pages and the README's
configuration block must agree with those declarations."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path

import pytest

from handoff_audit.config import (
    AgentHook,
    Config,
    accepted_keys,
    config_schema,
    load_config,
    settings_of,
)
from handoff_audit.errors import InputError
from handoff_audit.git.tracked import is_tracked
from handoff_audit.rules import RULES_BY_ID
from script_loader import REPO, load_script

gen = load_script("gen_rule_docs")

TOP = [key for key, _, _ in settings_of(Config)]
NESTED = [key for key, _, _ in settings_of(AgentHook)]


def test_every_config_field_is_a_declared_setting() -> None:
    # A field added without `setting(...)` would be silently unreadable from a file.
    undeclared = {f.name for f in fields(Config)} - {f.name for _, f, _ in settings_of(Config)}
    assert undeclared == {"source", "notes", "new_file"}  # where it came from, not keys
    assert {f.name for f in fields(AgentHook)} == {f.name for _, f, _ in settings_of(AgentHook)}


def test_the_schema_and_the_accepted_keys_are_the_declared_keys() -> None:
    schema = config_schema()
    assert list(schema["properties"]) == TOP == list(accepted_keys())
    assert list(schema["properties"]["agent-hook"]["properties"]) == NESTED
    assert schema["additionalProperties"] is False


def test_the_schema_file_is_generated_from_the_declarations() -> None:
    path = REPO / gen.CONFIG_SCHEMA
    assert json.loads(path.read_text(encoding="utf-8")) == config_schema(), (
        "run: python scripts/gen_rule_docs.py"
    )


def test_the_rules_that_read_a_key_exist() -> None:
    for key, _, declared in settings_of(Config):
        for rule_id in declared.read_by:
            assert rule_id in RULES_BY_ID, (key, rule_id)
    assert gen.SETTINGS["handoff-in-merge"] == ("block-files", "protected-branches")


def test_the_readme_configuration_block_shows_every_key() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Configuration") :]
    block = section[section.index("```yaml") : section.index("```", section.index("```yaml") + 7)]
    shown_top = re.findall(r"^([a-z][a-z-]*):", block, re.MULTILINE)
    shown_nested = re.findall(r"^  ([a-z][a-z-]*):", block, re.MULTILINE)
    assert sorted(shown_top) == sorted(TOP), "add the key to README.md's configuration block"
    for key in NESTED:
        assert key in shown_nested, key


@pytest.mark.parametrize("key", TOP)
def test_a_wrong_value_names_the_key_and_what_it_accepts(tmp_path: Path, key: str) -> None:
    # -12.5 is neither a list, an integer, a string, a mapping nor a positive number: wrong for
    # every key.
    (tmp_path / ".handoff-audit.yml").write_text(f"{key}: -12.5\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_config(tmp_path, rule_ids=RULES_BY_ID, tracked=is_tracked)
    assert f"{key} is -12.5; expected {accepted_keys()[key]}" in str(caught.value)


@pytest.mark.parametrize("sub", NESTED)
def test_a_wrong_nested_value_names_the_mapping(tmp_path: Path, sub: str) -> None:
    (tmp_path / ".handoff-audit.yml").write_text(f"agent-hook:\n  {sub}: 12.5\n", "utf-8")
    with pytest.raises(InputError) as caught:
        load_config(tmp_path, rule_ids=RULES_BY_ID, tracked=is_tracked)
    declared = {key: each.accepts for key, _, each in settings_of(AgentHook)}
    assert f"agent-hook.{sub} is 12.5; expected {declared[sub]}" in str(caught.value)


def test_the_agent_hook_message_lists_its_keys() -> None:
    assert accepted_keys()["agent-hook"] == (
        "a mapping with events (a list of Stop, SubagentStop, PreCompact), rules "
        "(a list of rule ids), ignore (a list of path globs) and max-blocks (an integer from 1 "
        "to 20)"
    )
