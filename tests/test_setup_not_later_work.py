"""A commit that only adopts the tool (its configuration, the agent hook settings `hook
--install` writes) is no later work: `handoff-outdated` does not fire on it, and the Stop hook
does not hold the agent; a commit that changes configuration and code still counts."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from agent_support import HookRun, feature_repo, run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result
from test_brief_show import committed_packet

HANDOFF = """# Handoff 2026-11-02

## State
Refund endpoint added in app.py; tests pass.

## Next step
Add idempotency keys to POST /refunds in app.py.

## Decisions
- Key in a header, because the body is signed.

## Ruled out
- A lock per refund: deadlocks under load.
"""


def _branch_with_handoff(git_repo: GitRepo) -> None:
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/refunds")
    git_repo.write("app.py", "x = 2\n")
    git_repo.write("HANDOFF.md", HANDOFF)
    git_repo.commit("refunds + handoff")


def _rules(run_cli: Callable[..., Result], root: Path) -> list[str]:
    result = run_cli(["check", "--format", "json"], cwd=root)
    assert result.code in (0, 1), result.err
    return [finding["rule"] for finding in result.json()["findings"]]


def _stop(root: Path) -> int:
    return run_hook({"hook_event_name": "Stop", "cwd": str(root)}, cwd=root).code


def test_config_commit_is_no_later_work(git_repo: GitRepo, run_cli: Callable[..., Result]) -> None:
    _branch_with_handoff(git_repo)
    assert _rules(run_cli, git_repo.root) == []
    git_repo.write(".handoff-audit.yml", "verify: pytest -q\n")
    git_repo.commit("ci")
    assert _rules(run_cli, git_repo.root) == []
    assert _stop(git_repo.root) == 0


def test_hook_install_commit_is_no_later_work(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    _branch_with_handoff(git_repo)
    installed = run_cli(["hook", "--install"], cwd=git_repo.root)
    assert installed.code == 0, installed.err
    assert (git_repo.root / ".claude" / "settings.json").is_file()
    git_repo.commit("hook")
    assert _rules(run_cli, git_repo.root) == []
    assert _stop(git_repo.root) == 0


def test_configured_config_file_is_setup(git_repo: GitRepo, run_cli: Callable[..., Result]) -> None:
    _branch_with_handoff(git_repo)
    git_repo.write("ci/audit.yml", "verify: pytest -q\n")
    git_repo.commit("ci")
    result = run_cli(["check", "--format", "json", "--config", "ci/audit.yml"], cwd=git_repo.root)
    assert result.code == 0, result.err
    assert result.json()["findings"] == []


def test_config_and_code_commit_still_counts(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    _branch_with_handoff(git_repo)
    git_repo.write(".handoff-audit.yml", "verify: pytest -q\n")
    git_repo.write("app.py", "x = 3\n")
    git_repo.commit("ci and a fix")
    assert _rules(run_cli, git_repo.root) == ["handoff-outdated"]


def test_setup_commit_does_not_outdate_a_packet(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    repo = feature_repo(git_repo, "feat/refunds")
    committed_packet(repo)
    git_repo.write(".codex/hooks.json", '{"hooks": {}}\n')
    git_repo.write(".handoff-audit.yml", "verify: pytest -q\n")
    git_repo.commit("adopt handoff-audit")
    assert "packet-outdated" not in _rules(run_cli, git_repo.root)
    git_repo.write("src/refunds.py", "def refund(amount):\n    return -amount\n")
    git_repo.commit("refunds: sign")
    assert "packet-outdated" in _rules(run_cli, git_repo.root)


def _adopting_branch(git_repo: GitRepo, run_cli: Callable[..., Result]) -> HookRun:
    """``main`` with a configuration, and a branch where the agent runs `hook --install` as the
    README says and follows the Stop hook's fix to commit the settings file it wrote; the Stop
    hook's answer after that commit."""
    git_repo.write(".handoff-audit.yml", 'verify: "true"\n')
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "chore/agent-hook")
    installed = run_cli(["hook", "--install"], cwd=git_repo.root)
    assert installed.code == 0, installed.err
    held = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert held.code == 2 and ".claude/settings.json" in held.err, held.err
    done = run_fix(git_repo.root, the_command(held.err, "fix:"))
    assert done.returncode == 0, done.stderr
    assert git_repo.git("status", "--porcelain").strip() == ""
    return run_hook(stop_event(git_repo.root), cwd=git_repo.root)


def test_a_branch_that_only_adopts_the_hook_needs_no_handoff(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    stopped = _adopting_branch(git_repo, run_cli)
    assert stopped.code == 0, stopped.err
    assert "chore/agent-hook has no work of its own against main" in stopped.err
    git_repo.write(".codex/hooks.json", '{"hooks": {}}\n')
    git_repo.write(".handoff-audit.yml", 'verify: "pytest -q"\n')
    git_repo.commit("adopt it for codex too")
    assert run_hook(stop_event(git_repo.root), cwd=git_repo.root).code == 0


def test_new_leaves_setup_files_out_of_a_branch_s_changed_files(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    assert _adopting_branch(git_repo, run_cli).code == 0
    git_repo.write("app.py", "x = 2\n")
    git_repo.write(".codex/hooks.json", '{"hooks": {}}\n')
    git_repo.commit("app: x is 2")
    held = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert held.code == 2, held.err
    assert "branch chore/agent-hook has work of its own against main" in held.err
    fix = the_command(held.err, "fix:")
    assert fix.startswith("handoff-audit new "), held.err
    done = run_fix(git_repo.root, fix)
    assert done.returncode == 0, done.stderr
    packet = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert packet["changed_files"] == ["app.py"]


def _add_policy(root: Path, **keys: object) -> None:
    """Add ``keys`` (permissions, env, another hook) to the committed `.claude/settings.json`."""
    path = root / ".claude" / "settings.json"
    settings = json.loads(path.read_text(encoding="utf-8"))
    for key, value in keys.items():
        if key == "PostToolUse":
            settings["hooks"][key] = value
        else:
            settings[key] = value
    path.write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")


_FORMAT_ON_EDIT = [{"matcher": "Edit", "hooks": [{"type": "command", "command": "ruff format ."}]}]


def test_agent_policy_in_the_settings_is_work_the_hook_holds(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """Beside `hook --install`'s entries, new permissions, another hook or an env block in
    `.claude/settings.json` are work: the branch needs a handoff, whose changed files list it."""
    git_repo.write(".claude/settings.json", '{"permissions": {"allow": ["Bash(ls)"]}}\n')
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/agent-policy")
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    git_repo.commit("adopt")
    stopped = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stopped.code == 0 and "has no work of its own" in stopped.err, stopped.err
    for keys in (
        {"permissions": {"deny": ["Read(./.env)"]}},
        {"PostToolUse": _FORMAT_ON_EDIT},
        {"env": {"DATABASE_URL": "postgres://localhost/dev"}},
    ):
        git_repo.git("reset", "-q", "--hard")
        _add_policy(git_repo.root, **keys)
        held = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
        assert held.code == 2, (keys, held.err)
        assert "feat/agent-policy has work of its own against main" in held.err
    git_repo.commit("agent policy")
    fix = the_command(run_hook(stop_event(git_repo.root), cwd=git_repo.root).err, "fix:")
    done = run_fix(git_repo.root, fix)
    assert done.returncode == 0, done.stderr
    packet = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert packet["changed_files"] == [".claude/settings.json"]


def test_agent_policy_in_the_settings_outdates_a_packet(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    repo = feature_repo(git_repo, "feat/refunds")
    committed_packet(repo)
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    git_repo.commit("adopt handoff-audit")
    assert "packet-outdated" not in _rules(run_cli, git_repo.root)
    _add_policy(git_repo.root, permissions={"deny": ["Bash(rm -rf:*)"]})
    git_repo.commit("agent policy: deny rm -rf")
    assert "packet-outdated" in _rules(run_cli, git_repo.root)


def test_another_program_named_like_the_hook_is_work(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """Review 50-12: any `<anything>handoff-audit hook` counted as the tool's own entry, so
    rewriting the hooks to `/tmp/not-handoff-audit hook` (the gate no longer runs) was "setup"
    and outdated nothing. Only `handoff-audit hook`, on any path, is ours."""
    repo = feature_repo(git_repo, "feat/refunds")
    committed_packet(repo)
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    git_repo.commit("adopt handoff-audit")
    assert "packet-outdated" not in _rules(run_cli, git_repo.root)
    settings = git_repo.root / ".claude/settings.json"
    text = settings.read_text(encoding="utf-8")
    assert '"handoff-audit hook"' in text
    settings.write_text(text.replace('"handoff-audit hook"', '"/tmp/not-handoff-audit hook"'))
    git_repo.commit("hooks: run another program")
    assert "packet-outdated" in _rules(run_cli, git_repo.root)
