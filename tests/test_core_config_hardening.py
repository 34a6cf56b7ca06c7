"""The configuration under attack: alias bombs, huge values in messages, files outside the
repository (links, ``schema:`` paths), files that are not regular files."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from conftest import GitRepo
from core_packets import CONTENT_RULES, packet, write_packet
from handoff_audit.credentials import show


def check(run_cli: Any, folder: Path, *extra: str) -> Any:
    return run_cli(["check", "--format", "json", "--select", CONTENT_RULES, *extra], cwd=folder)


def assert_usage_error(result: Any, *words: str) -> None:
    assert result.code == 2, (result.out, result.err)
    assert result.out == ""
    assert result.err.count("\n") == 1, result.err
    assert "Traceback" not in result.err
    for word in words:
        assert word in result.err, (word, result.err)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    folder = tmp_path / "repo"
    write_packet(folder, packet(), twin=False)
    return folder


def alias_bomb(depth: int) -> str:
    """The review's file: ``max-lines`` a list of aliases nested ``depth`` deep."""
    levels = ["&l0 [x, x, x, x, x, x, x, x, x]"]
    levels += [f"&l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]" for i in range(1, depth)]
    return "max-lines: [" + ", ".join(levels) + "]\n"


def test_a_yaml_alias_bomb_is_refused_unexpanded(run_cli: Any, repo: Path) -> None:
    (repo / ".handoff-audit.yml").write_text(alias_bomb(7))
    assert_usage_error(check(run_cli, repo), ".handoff-audit.yml", "line 1", "aliases")


def test_an_anchor_without_alias_is_still_fine(run_cli: Any, repo: Path) -> None:
    (repo / ".handoff-audit.yml").write_text("max-lines: &n 50\n")
    assert check(run_cli, repo).code == 0


class _Probe:
    seen = 0

    def __str__(self) -> str:
        _Probe.seen += 1
        return "probe"


def test_show_shortens_before_it_serialises() -> None:
    # A million references to one object: serialising them all first is what ran out of memory.
    _Probe.seen = 0
    shown = show([[_Probe()] * 1000] * 1000)
    assert len(shown) <= 60 and shown.startswith('[["probe"')
    assert _Probe.seen < 10_000


def test_show_still_redacts_a_long_credential_in_a_long_value() -> None:
    token = "ghp_" + "a" * 40
    shown = show({"k": "x " * 15 + token + " y" * 50_000}, limit=200)
    assert "ghp_" not in shown and "aaaa" not in shown


def test_a_linked_configuration_leading_outside_is_not_read(
    run_cli: Any, repo: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside.yml"
    outside.write_text("private-outside-key: 1\n")
    for name in (".handoff-audit.yml", "pyproject.toml"):
        link = repo / name
        link.symlink_to(outside)
        result = check(run_cli, repo)
        assert_usage_error(result, name, "outside the repository", "--config")
        assert "private-outside-key" not in result.err
        link.unlink()


def test_a_link_inside_the_repository_is_fine(run_cli: Any, repo: Path) -> None:
    (repo / "conf").mkdir()
    (repo / "conf" / "audit.yml").write_text("rules: {placeholder: off}\n")
    (repo / ".handoff-audit.yml").symlink_to(Path("conf") / "audit.yml")
    assert check(run_cli, repo).code == 0


def test_a_configuration_that_is_not_a_regular_file_is_refused_without_hanging(
    run_cli: Any, repo: Path
) -> None:
    os.mkfifo(repo / ".handoff-audit.yml")
    assert_usage_error(check(run_cli, repo), ".handoff-audit.yml", "not a regular file")


@pytest.mark.parametrize("how", ["absolute", "relative", "link"])
def test_a_schema_outside_the_repository_is_not_read(
    run_cli: Any, repo: Path, tmp_path: Path, how: str
) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"type": "object", "required": ["private_outside_field"]}))
    value = {"absolute": str(outside), "relative": "../outside.json", "link": "s.json"}[how]
    if how == "link":
        (repo / "s.json").symlink_to(outside)
    (repo / ".handoff-audit.yml").write_text(f"schema: {json.dumps(value)}\n")
    result = check(run_cli, repo)
    assert_usage_error(result, "schema", "outside the repository", "https://")
    assert "private_outside_field" not in result.err


def test_a_config_named_on_the_command_line_may_live_anywhere_with_its_schema(
    run_cli: Any, repo: Path, tmp_path: Path
) -> None:
    base = tmp_path / "base-checkout"
    base.mkdir()
    (base / "s.json").write_text(json.dumps({"type": "object", "required": ["ticket"]}))
    (base / "audit.yml").write_text("schema: s.json\n")
    result = check(run_cli, repo, "--config", str(base / "audit.yml"))
    assert result.code == 1
    assert [f["message"] for f in result.json()["findings"]] == [
        "the packet is missing required field ticket; add it (see ../base-checkout/s.json, "
        "the configured schema)"
    ]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (".handoff-audit.yml", "max-lines: " + "[" * 5000 + "]" * 5000 + "\n"),
        (".handoff-audit.yml", "max-lines: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n"),
        ("pyproject.toml", "[tool.handoff-audit]\nmax-lines = " + "[" * 5000 + "]" * 5000),
    ],
)
def test_deep_nesting_is_a_one_line_error_not_a_crash(
    run_cli: Any, repo: Path, name: str, text: str
) -> None:
    (repo / name).write_text(text)
    assert_usage_error(check(run_cli, repo), name, "nested")


FAKE_HEADER = "AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX2Zha2VfY2hlY2tvdXRfdG9rZW4="


@pytest.mark.parametrize("how", ["path", "link", "worktree"])
def test_a_config_named_in_the_git_folder_is_refused_unread(
    run_cli: Any, git_repo: GitRepo, how: str
) -> None:
    """``.git/config`` holds what actions/checkout persists (the job's token as an extraheader):
    `--config` naming it, a link to it, or a linked worktree's way into its git folder is
    refused unread, so no value of it is quoted."""
    write_packet(git_repo.root, packet(), twin=False)
    git_repo.commit("a packet")
    git_repo.git("config", "http.https://github.com/.extraheader", FAKE_HEADER)
    folder, value = git_repo.root, ".git/config"
    if how == "link":
        (git_repo.root / "audit.yml").symlink_to(Path(".git") / "config")
        value = "audit.yml"
    elif how == "worktree":  # run in a linked worktree: its git folder is not under its root
        folder = git_repo.root.parent / "linked"
        git_repo.git("worktree", "add", "-q", str(folder))
        value = str(git_repo.root / ".git" / "config")
    # A git config that parses as YAML: the values it holds would be quoted as bad settings.
    (git_repo.root / ".git" / "config").write_text(f"max-lines: {json.dumps(FAKE_HEADER)}\n")
    result = check(run_cli, folder, "--config", value)
    assert_usage_error(result, f"--config {value}", "git's own folder (.git)", "not read")
    assert "eC1hY2Nlc3" not in result.err
