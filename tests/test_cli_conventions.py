"""The command line's conventions (as in ruff, check-jsonschema, zizmor): exit codes returned by
commands, one exception mapping for both console scripts, accumulating options, did-you-mean,
--exit-zero, --fail-on, --color, -q, rules --format json, configuration overrides, clickable
path:line and paths relative to the current folder."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from core_packets import CONTENT_RULES, VALID, packet, write_packet


def test_commands_return_their_exit_code_through_click(tmp_path: Path, monkeypatch: Any) -> None:
    from handoff_audit.cli.main import cli

    write_packet(tmp_path, packet(next_action="TODO"), twin=False)
    monkeypatch.chdir(tmp_path)
    code = cli.main(["check", "-q", "--select", "placeholder"], standalone_mode=False)
    assert code == 1


def test_both_console_scripts_share_one_exit_mapping(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    import handoff_audit.cli.precommit
    from handoff_audit.cli.precommit import main as render_main

    def broken(*args: object) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(handoff_audit.cli.precommit, "render_twins", broken)
    assert render_main(["x.json"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("handoff-render: internal error: RuntimeError: boom. This is a bug")
    assert render_main(["--help"]) == 0
    assert render_main(["--no-such-option"]) == 2
    from handoff_audit.cli.precommit import staged_main

    assert staged_main(["--help"]) == 0
    assert staged_main(["README.md"]) == 0


def test_select_and_ignore_repeat_and_accumulate(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet(status="Active", next_action="TODO", summary="TBD"), twin=False)
    both = run_cli(
        ["check", "--format", "json", "--select", "placeholder", "--select", "schema"],
        cwd=tmp_path,
    )
    assert sorted({f["rule"] for f in both.json()["findings"]}) == ["placeholder", "schema"]
    none = run_cli(
        [
            *("check", "--format", "json", "--select", CONTENT_RULES, "--ignore", "schema"),
            "--ignore",
            "placeholder,invalid-json",
        ],
        cwd=tmp_path,
    )
    assert none.json()["findings"] == []


def test_config_rule_ids_say_did_you_mean(run_cli: Any, tmp_path: Path) -> None:
    (tmp_path / ".handoff-audit.yml").write_text("rules:\n  placehodler: off\n")
    result = run_cli(["check"], cwd=tmp_path)
    assert result.code == 2
    assert '.handoff-audit.yml: rules: unknown rule id "placehodler"' in result.err
    assert 'did you mean "placeholder"?' in result.err


def test_config_does_not_import_the_rule_registry() -> None:
    import ast

    import handoff_audit.config

    source = Path(handoff_audit.config.__file__).read_text(encoding="utf-8")
    imported = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert not any(name.startswith("handoff_audit.rules") for name in imported)


def test_exit_zero_and_fail_on(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet(next_action="TODO"), twin=False)
    (tmp_path / ".handoff-audit.yml").write_text("rules: {too-long: warning}\n")
    args = ["check", "-q", "--select", "placeholder"]
    assert run_cli(args, cwd=tmp_path).code == 1
    assert run_cli([*args, "--exit-zero"], cwd=tmp_path).code == 0
    assert run_cli([*args, "--fail-on", "never"], cwd=tmp_path).code == 0
    assert run_cli([*args, "--fail-on", "error"], cwd=tmp_path).code == 1
    (tmp_path / ".handoff-audit.yml").write_text("rules: {placeholder: warning}\n")
    assert run_cli([*args, "--fail-on", "error"], cwd=tmp_path).code == 0
    assert run_cli([*args, "--fail-on", "warning"], cwd=tmp_path).code == 1
    assert run_cli([*args, "--strict"], cwd=tmp_path).code == 1
    assert run_cli([*args, "--strict", "--fail-on", "warning"], cwd=tmp_path).code == 1


def test_color_option_and_no_color(
    run_cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import click

    write_packet(tmp_path, packet(next_action="TODO"), twin=False)
    args = ["check", "--select", "placeholder"]
    always = run_cli([*args, "--color", "always"], cwd=tmp_path).out
    assert click.style("placeholder", fg="red") in always
    assert click.style("1 packet checked: 1 error, 0 warnings, 0 notes.", bold=True) in always
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[" not in run_cli([*args, "--color", "never"], cwd=tmp_path).out
    monkeypatch.delenv("FORCE_COLOR")
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in run_cli([*args, "--color", "auto"], cwd=tmp_path).out


def test_quiet_prints_findings_only(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, VALID)
    clean = run_cli(["check", "-q", "--select", CONTENT_RULES], cwd=tmp_path)
    assert (clean.code, clean.out) == (0, "")
    write_packet(tmp_path, packet(next_action="TODO"), twin=False)
    dirty = run_cli(["check", "--quiet", "--select", "placeholder"], cwd=tmp_path)
    assert dirty.code == 1
    assert dirty.out.splitlines() == [
        'handoff.json:36:18: placeholder: next_action is a placeholder ("TODO"); '
        "write the first concrete step for the next session"
    ]


def test_rules_as_json(run_cli: Any) -> None:
    from handoff_audit.rules import ALL_RULES

    result = run_cli(["rules", "--format", "json"])
    table = json.loads(result.out)
    assert [row["id"] for row in table] == [rule.id for rule in ALL_RULES]
    merge = next(row for row in table if row["id"] == "handoff-in-merge")
    assert merge == {
        "id": "handoff-in-merge",
        "severity": "error",
        "blocks_merge": True,
        "summary": merge["summary"],
    }


def test_a_finding_about_a_whole_file_has_no_line_in_any_format(
    run_cli: Any, tmp_path: Path
) -> None:
    write_packet(tmp_path, VALID, twin=False)  # md-missing: about the whole file
    # Outside a git repository: history-unavailable, about the whole file too.
    args = ["check", "--select", "md-missing,history-unavailable"]

    def output(fmt: str) -> str:
        return str(run_cli([*args, "--format", fmt], cwd=tmp_path).out)

    report = json.loads(output("json"))
    assert [(f["rule"], f["line"], f["column"]) for f in report["findings"]] == [
        ("md-missing", None, None),
        ("history-unavailable", None, None),
    ]
    assert output("text").splitlines()[:2] == [
        "handoff.json: md-missing: " + report["findings"][0]["message"],
        "handoff.json: history-unavailable (warning): " + report["findings"][1]["message"],
    ]
    annotations = output("github").splitlines()
    assert [a.split("::")[1] for a in annotations] == [
        "error file=handoff.json,title=handoff-audit%3A md-missing",
        "warning file=handoff.json,title=handoff-audit%3A history-unavailable",
    ]
    results = json.loads(output("sarif"))["runs"][0]["results"]
    locations = [r["locations"][0]["physicalLocation"] for r in results]
    assert [loc["artifactLocation"]["uri"] for loc in locations] == ["handoff.json"] * 2
    assert all("region" not in loc for loc in locations)
    cells = [row.split(" | ")[2] for row in output("markdown").splitlines() if "| `md-" in row]
    assert cells == ["`handoff.json`"]


def test_text_paths_are_relative_to_the_current_folder(run_cli: Any, git_repo: Any) -> None:
    write_packet(git_repo.root / "svc" / "api", packet(next_action="TODO"), twin=False)
    write_packet(git_repo.root / "web", packet(summary="TBD"), twin=False)
    here = git_repo.root / "svc"
    text = run_cli(["check", "-q", "--select", "placeholder", str(git_repo.root)], cwd=here)
    assert text.out.splitlines()[0].startswith("api/handoff.json:36:18: placeholder:")
    assert text.out.splitlines()[-1].startswith("../web/handoff.json:")
    report = run_cli(["check", "--format", "json", "--select", "placeholder", ".."], cwd=here)
    assert [f["path"] for f in report.json()["findings"]] == [
        "svc/api/handoff.json",
        "web/handoff.json",
    ]
    sarif = run_cli(["check", "--format", "sarif", "--select", "placeholder", ".."], cwd=here)
    uris = [
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for r in json.loads(sarif.out)["runs"][0]["results"]
    ]
    assert uris == ["svc/api/handoff.json", "web/handoff.json"]


def test_text_paths_from_outside_the_repository_resolve_from_there(
    run_cli: Any, git_repo: Any
) -> None:
    git_repo.write("SESSION_HANDOFF.md", "# Handoff\n\nTODO\n")
    git_repo.commit()
    parent = git_repo.root.parent
    sibling = parent / "elsewhere"
    sibling.mkdir()
    args = ["check", "-q", "--select", "md-incomplete"]
    cases = {sibling: "../repo/", parent: "repo/", git_repo.root: ""}
    for cwd, prefix in cases.items():
        text = run_cli([*args, str(git_repo.root)], cwd=cwd)
        shown = {line.split(":", 1)[0] for line in text.out.splitlines() if line}
        assert shown == {f"{prefix}SESSION_HANDOFF.md"}, cwd
        assert all((cwd / name).is_file() for name in shown)
    for fmt in ("json", "sarif", "github"):  # machine formats stay on the repository root
        out = run_cli(
            ["check", "--format", fmt, "--select", "md-incomplete", "../repo"], cwd=sibling
        )
        assert "../repo" not in out.out
        assert "SESSION_HANDOFF.md" in out.out


def test_configuration_keys_as_flags(run_cli: Any, git_repo: Any) -> None:
    from git_helpers import packet as git_packet

    git_repo.write("src/app.py", "0\n")
    lkg = git_repo.commit("start")
    for i in range(3):
        git_repo.write("src/app.py", f"{i}\n")
        git_repo.commit(f"step {i}")
    git_repo.write("handoff.json", git_packet(lkg=lkg, branch="feat"))
    git_repo.write("docs/HANDOFF.md", "# wip\n")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.commit("handoff")
    base = ["check", "--format", "json"]

    def rules(*args: str) -> set[str]:
        result = run_cli([*base, *args], cwd=git_repo.root)
        return {f["rule"] for f in result.json()["findings"]}

    assert "lkg-behind" not in rules()
    assert "lkg-behind" in rules("--max-commits-behind", "2")
    assert "handoff-in-merge" in rules("--target-branch", "main")
    assert "handoff-in-merge" not in rules("--target-branch", "main", "--block-files", "x/*.md")
    assert "handoff-in-merge" not in rules("--target-branch", "main", "--protected-branches", "rel")
    assert "handoff-in-merge" in rules(
        "--target-branch", "main", "--protected-branches", "rel,main", "--protected-branches", "x"
    )
    # An empty list (an unset CI variable) would turn the gate off without a word: exit 2.
    empty = run_cli([*base, "--target-branch", "main", "--block-files", ""], cwd=git_repo.root)
    assert empty.code == 2 and "--block-files" in empty.err and len(empty.err.splitlines()) == 1
    bad = run_cli([*base, "--max-commits-behind", "-1"], cwd=git_repo.root)
    assert bad.code == 2 and "--max-commits-behind" in bad.err


@pytest.mark.parametrize("rule_id", ["placeholder", "md-missing", "invalid-suppression"])
def test_explain_quotes_what_the_rule_really_prints(
    run_cli: Any, tmp_path: Path, rule_id: str
) -> None:
    import shutil

    source = Path(__file__).resolve().parents[1] / "examples/gallery/broken" / rule_id
    copy = tmp_path / rule_id
    shutil.copytree(source, copy)
    real = run_cli(["check", "-q", "--select", rule_id], cwd=copy).out.splitlines()
    assert real
    explained = run_cli(["explain", rule_id]).out
    assert "What it prints: `handoff-audit check`" in explained
    for line in real:
        assert f"    {line}\n" in explained


def test_render_of_the_markdown_says_to_pass_the_json(run_cli: Any, tmp_path: Path) -> None:
    (tmp_path / "HANDOFF.md").write_text("# Handoff\n")
    alone = run_cli(["render", "HANDOFF.md"], cwd=tmp_path)
    assert alone.code == 2 and "not a JSON packet (there is no HANDOFF.json beside it)" in alone.err
    write_packet(tmp_path, VALID)
    twin = run_cli(["render", "--check", "handoff.md"], cwd=tmp_path)
    assert twin.code == 2
    assert "pass the JSON packet it is rendered from: handoff-audit render handoff.json" in twin.err


def test_one_style_of_status_line(run_cli: Any, git_repo: Any) -> None:
    from git_helpers import packet as git_packet

    git_repo.write("src/app.py", "x\n")
    lkg = git_repo.commit("start")
    git_repo.write("handoff.json", git_packet(lkg=lkg))
    git_repo.commit("packet")
    status = re.compile(r"^handoff\.json: (wrote [^;]+|unchanged)(; .+)?$")
    for args in (["render", "--write", "handoff.json"], ["archive", "handoff.json"]):
        result = run_cli(args, cwd=git_repo.root)
        assert result.code == 0, result.err
        assert status.match(result.err.strip()), (args, result.err)
    assert run_cli(["archive", "handoff.json"], cwd=git_repo.root).err.strip() == (
        "handoff.json: unchanged; archived"
    )


def test_python_dash_m_runs_the_same_program(tmp_path: Path) -> None:
    """``python -m handoff_audit`` is the ``handoff-audit`` command: its version, and the exit
    code of a check that finds an error."""
    import subprocess
    import sys

    shown = subprocess.run(
        [sys.executable, "-m", "handoff_audit", "--version"], capture_output=True, text=True
    )
    assert shown.returncode == 0 and shown.stdout.startswith("handoff-audit, version ")
    (tmp_path / "handoff.json").write_text("{not json", encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "handoff_audit", "check", str(tmp_path / "handoff.json")],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "invalid-json" in checked.stdout
