"""Agents as a protocol, fixes as data: every agent behind one interface, every rule's fix
declared on the rule."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from agent_support import feature_repo, hook_command, stop_event
from conftest import GitRepo
from handoff_audit.agents import AGENTS, BY_NAME, NotAnEvent
from handoff_audit.authoring.agent_settings import snippet
from handoff_audit.cli.main import AGENT_NAMES
from handoff_audit.rules import ALL_RULES
from handoff_audit.rules.base import Fix


def hook(agent: str, stdin: dict[str, Any]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*hook_command(), "--agent", agent],
        input=json.dumps(stdin).encode(),
        capture_output=True,
        check=False,
    )


def test_claude_code_and_codex_are_registered_in_one_list() -> None:
    assert [agent.name for agent in AGENTS] == ["claude", "codex"]
    assert BY_NAME["claude"].settings == Path(".claude/settings.json")
    assert BY_NAME["codex"].settings == Path(".codex/hooks.json")
    # hook --install writes each agent's own SessionStart matcher, from its module.
    for agent in AGENTS:
        groups = snippet(("Stop",), agent=agent.name)["hooks"]["SessionStart"]
        assert groups[0]["matcher"] == agent.session_matcher


def test_hook_agent_choices_are_the_registered_agents_in_order() -> None:
    """cli.main spells the names out so that only `hook` loads the agents (start-up)."""
    assert tuple(agent.name for agent in AGENTS) == AGENT_NAMES


@pytest.mark.parametrize("agent", [agent.name for agent in AGENTS])
def test_each_agent_blocks_and_hands_over_the_brief(agent: str, git_repo: GitRepo) -> None:
    repo = feature_repo(git_repo)
    blocked = hook(agent, stop_event(repo.root))
    assert blocked.returncode == 2
    assert b"no active handoff" in blocked.stderr
    started = hook(agent, stop_event(repo.root, event="SessionStart") | {"source": "startup"})
    assert started.returncode == 0
    assert started.stdout == b""  # no handoff yet: nothing to hand over


def test_an_agent_parses_its_event_and_refuses_what_is_not_one(tmp_path: Path) -> None:
    agent = BY_NAME["codex"]
    event = agent.parse(json.dumps(stop_event(tmp_path, active=True)).encode())
    assert (event.name, event.cwd, event.stop_hook_active) == ("Stop", tmp_path, True)
    with pytest.raises(NotAnEvent):
        agent.parse(b"[]")
    answer = agent.add_context(event, "Next action: x")
    assert json.loads(answer.stdout)["hookSpecificOutput"]["additionalContext"] == "Next action: x"
    assert agent.block(["a", "b"]).exit == 2
    assert agent.allow().exit == 0


def test_every_blocking_rule_declares_its_fix_and_none_deletes_by_default() -> None:
    fixes = {rule.id: rule.fix for rule in ALL_RULES}
    # Only an unreadable packet (or one of no known shape) is written anew.
    assert {rid for rid, fix in fixes.items() if fix in (Fix.REGENERATE, Fix.SCHEMA)} == {
        "invalid-json",
        "schema",
    }
    assert fixes["packet-outdated"] is Fix.REFRESH
    assert fixes["lkg-behind"] is Fix.VERIFY
    assert fixes["handoff-outdated"] is Fix.MD_REFRESH
    assert fixes["md-incomplete"] is Fix.MD_ADD


def test_a_finding_without_a_declared_fix_gets_explain_never_rm(git_repo: GitRepo) -> None:
    """A `secret` in a packet has no declared fix: the hook shows `explain`, it does not
    regenerate (delete) the packet as it once did for any rule it did not know."""
    from git_helpers import packet
    from handoff_audit.markdown import render_packet

    repo = feature_repo(git_repo)
    token = "ghp_" + "Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2Yz"
    data = packet("feat/refunds", repo.head(), summary=f"Used {token} to test.")
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", render_packet(data))
    repo.commit("handoff with a secret")
    done = hook("claude", stop_event(repo.root))
    assert done.returncode == 2
    err = done.stderr.decode()
    assert "secret" in err
    assert "  fix: handoff-audit explain secret" in err
    assert "rm -f" not in err
    assert token not in err


def test_agent_hook_ignore_is_validated(git_repo: GitRepo) -> None:
    from handoff_audit.config import load_config
    from handoff_audit.errors import InputError
    from handoff_audit.git.tracked import is_tracked
    from handoff_audit.rules import RULES_BY_ID

    git_repo.write(".handoff-audit.yml", "agent-hook:\n  ignore: docs/**\n")
    with pytest.raises(InputError, match="agent-hook"):
        load_config(git_repo.root, rule_ids=RULES_BY_ID, tracked=is_tracked)
    git_repo.write(".handoff-audit.yml", 'agent-hook:\n  ignore: ["docs/**"]\n')
    assert load_config(
        git_repo.root, rule_ids=RULES_BY_ID, tracked=is_tracked
    ).agent_hook.ignore == ("docs/**",)


def test_agent_hook_ignore_needs_every_own_change_to_match(git_repo: GitRepo) -> None:
    git_repo.write("README.md", "# shop\n")
    git_repo.write(".handoff-audit.yml", 'agent-hook:\n  ignore: ["docs/**"]\n')
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "docs/x")
    git_repo.write("docs/a.md", "a\n")
    git_repo.commit("docs")
    allowed = hook("claude", stop_event(git_repo.root))
    assert allowed.returncode == 0
    assert b"agent-hook.ignore" in allowed.stderr
    git_repo.write("src/a.py", "a = 1\n")
    git_repo.commit("code too")
    assert hook("claude", stop_event(git_repo.root)).returncode == 2


def test_agent_hook_ignore_takes_exclusions_the_last_matching_entry_decides(
    git_repo: GitRepo,
) -> None:
    git_repo.write("README.md", "# shop\n")
    config = 'agent-hook:\n  ignore: ["docs/**", "!docs/api/**", "docs/api/*.txt"]\n'
    git_repo.write(".handoff-audit.yml", config)
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "docs/x")
    git_repo.write("docs/a.md", "a\n")
    git_repo.write("docs/api/notes.txt", "n\n")
    git_repo.commit("docs")
    assert hook("claude", stop_event(git_repo.root)).returncode == 0
    git_repo.write("docs/api/refund.md", "the refund api\n")  # excluded from the ignore list
    git_repo.commit("api docs")
    assert hook("claude", stop_event(git_repo.root)).returncode == 2
