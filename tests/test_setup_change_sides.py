"""Review 51-4: how the setup-only check reads the two sides of an agent settings file. A side
saved with a UTF-8 byte order mark reads as JSON (dropping the BOM is what `hook --install`
asks for), and a settings file that links to another file in the repository is read through
the link, as `hook --install` writes it."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result
from test_brief_show import committed_packet
from test_setup_not_later_work import _rules

_POLICY = '{\n  "permissions": {"allow": ["Bash(npm test)"]}\n}\n'


def test_dropping_a_bom_to_adopt_the_hook_is_no_work(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """The base side starts with a BOM; `--install` refuses it, the user saves it without one
    as told, installs and commits: the branch only adopts the tool and needs no handoff."""
    git_repo.write(".claude/settings.json", b"\xef\xbb\xbf" + _POLICY.encode())
    git_repo.write("README", "x\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "adopt-hook")
    refused = run_cli(["hook", "--install"], cwd=git_repo.root)
    assert refused.code == 2 and "without a BOM" in refused.err, refused.err
    git_repo.write(".claude/settings.json", _POLICY)
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    git_repo.commit("adopt handoff-audit hook")
    stopped = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stopped.code == 0, stopped.err
    assert "adopt-hook has no work of its own against main" in stopped.err


def _linked_settings(git_repo: GitRepo, target: str) -> None:
    """``main`` whose `.claude/settings.json` is a symbolic link to ``target`` (a policy), and
    the branch `adopt-hook` checked out."""
    git_repo.write("config/claude-settings.json", _POLICY)
    (git_repo.root / ".claude").mkdir()
    (git_repo.root / ".claude" / "settings.json").symlink_to(target)
    git_repo.write("README", "x\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "adopt-hook")


def test_a_settings_link_is_read_through_at_both_sides(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """`hook --install` writes through a settings link to a file in the repository; the commit
    changes only that file. The branch only adopts the tool (it was held for a handoff: the
    link's text read as the settings). A policy added there is work, and the hook names it."""
    _linked_settings(git_repo, "../config/claude-settings.json")
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    git_repo.commit("adopt handoff-audit hook")
    assert git_repo.git("diff", "--name-only", "main") == "config/claude-settings.json"
    stopped = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stopped.code == 0, stopped.err
    assert "adopt-hook has no work of its own against main" in stopped.err
    settings = git_repo.root / "config" / "claude-settings.json"
    settings.write_text(settings.read_text().replace("npm test", "rm -rf /"), encoding="utf-8")
    held = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert held.code == 2, held.err
    assert "no active handoff (its work: config/claude-settings.json); write one" in held.err


def test_a_settings_link_out_of_the_repository_is_work_and_never_read(
    git_repo: GitRepo, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A settings file made a link to a file out of the repository (whose JSON only adds our
    hook entries) counted as adoption, read through the link; it is work now, unread."""
    git_repo.write(".claude/settings.json", _POLICY)
    git_repo.write("README", "x\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "adopt-hook")
    outside = tmp_path_factory.mktemp("elsewhere") / "settings.json"
    policy = json.loads(_POLICY)
    hook = [{"type": "command", "command": "handoff-audit hook"}]
    policy["hooks"] = {"Stop": [{"hooks": hook}]}
    outside.write_text(json.dumps(policy), encoding="utf-8")
    (git_repo.root / ".claude" / "settings.json").unlink()
    (git_repo.root / ".claude" / "settings.json").symlink_to(outside)
    git_repo.commit("settings from elsewhere")
    held = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert held.code == 2, held.err
    assert "no active handoff (its work: .claude/settings.json); write one" in held.err


def test_adopting_through_a_settings_link_does_not_outdate_a_packet(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """`packet-outdated` reads a commit that changes only the file a settings link leads to,
    by our hook entries, as setup, as it reads `.claude/settings.json` itself; a policy there
    outdates the packet."""
    _linked_settings(git_repo, "../config/claude-settings.json")
    git_repo.git("switch", "-q", "-c", "feat/refunds")
    git_repo.write("src/refunds.py", "def refund(amount):\n    return amount\n")
    git_repo.commit("refunds: first cut")
    committed_packet(git_repo)
    assert "packet-outdated" not in _rules(run_cli, git_repo.root)
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    git_repo.commit("adopt handoff-audit hook")
    assert "packet-outdated" not in _rules(run_cli, git_repo.root)
    settings = git_repo.root / "config" / "claude-settings.json"
    settings.write_text(settings.read_text().replace("npm test", "rm -rf /"), encoding="utf-8")
    git_repo.commit("agent policy")
    assert "packet-outdated" in _rules(run_cli, git_repo.root)
