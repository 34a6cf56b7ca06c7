"""The `check` command end to end: exit codes, output, formats, options, start-up cost."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from core_packets import CONTENT_RULES, VALID, packet, write_packet
from handoff_audit import __version__


def test_exit_0_when_clean(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, VALID)
    result = run_cli(["check", "--select", CONTENT_RULES], cwd=tmp_path)
    assert result.code == 0
    assert result.out.endswith("1 packet checked: no findings.\n")


def test_exit_0_with_no_packets_says_so(run_cli: Any, tmp_path: Path) -> None:
    result = run_cli(["check"], cwd=tmp_path)
    assert (result.code, result.out) == (0, "No handoff packets found.\n")


def test_exit_1_on_errors_and_text_lines_are_path_line_col_rule_message(
    run_cli: Any, tmp_path: Path
) -> None:
    write_packet(tmp_path / "b", packet(status="Active", next_action="TODO"), twin=False)
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "handoff.json").write_text('{"a": 1,}')
    result = run_cli(["check", "--select", CONTENT_RULES], cwd=tmp_path)
    assert result.code == 1
    assert result.out == (
        "a/handoff.json:1:9: invalid-json: not valid JSON: trailing comma before '}'\n"
        "\n"
        'b/handoff.json:6:13: schema: status: "Active" is not one of active, superseded, '
        'archived — did you mean "active"?\n'
        'b/handoff.json:36:18: placeholder: next_action is a placeholder ("TODO"); '
        "write the first concrete step for the next session\n"
        "\n"
        "2 packets checked: 3 errors, 0 warnings, 0 notes.\n"
    )


def test_warnings_pass_unless_strict(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet(summary="TBD"), twin=False)
    (tmp_path / ".handoff-audit.yml").write_text("rules: {placeholder: warning}\n")
    loose = run_cli(["check", "--select", "placeholder"], cwd=tmp_path)
    assert loose.code == 0
    assert "placeholder (warning): summary is a placeholder" in loose.out
    assert run_cli(["check", "--select", "placeholder", "--strict"], cwd=tmp_path).code == 1


def test_select_and_ignore(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet(status="Active", next_action="TODO"), twin=False)
    only = run_cli(["check", "--format", "json", "--select", "placeholder"], cwd=tmp_path)
    assert [f["rule"] for f in only.json()["findings"]] == ["placeholder"]
    ignored = run_cli(
        ["check", "--format", "json", "--select", CONTENT_RULES, "--ignore", "schema,placeholder"],
        cwd=tmp_path,
    )
    assert (ignored.code, ignored.json()["findings"]) == (0, [])


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ["check", "--select", "schema,nope"],
            ['unknown rule id "nope"', "known rules:", "schema"],
        ),
        (["check", "--ignore", "x"], ['--ignore: unknown rule id "x"']),
        (["check", "--select", "schema", "--select", "plachelder"], ['did you mean "placeholder"']),
        (["check", "--ignore", "lkg-behnd"], ['did you mean "lkg-behind"']),
        (["explain", "nope"], ['unknown rule id "nope"', "placeholder"]),
        (["explain", "md-mismach"], ['did you mean "md-mismatch"']),
        (["check", "--strict", "--fail-on", "error"], ["--strict means --fail-on warning"]),
        (["check", "--select", " , "], ["--select: give one or more rule ids"]),
        (["check", "missing-folder"], ["missing-folder: no such file or folder"]),
        (["check", ".", ".."], ["outside the repository", "one repository at a time"]),
        (["check", "--format", "yaml"], ["'yaml' is not one of"]),
    ],
)
def test_usage_errors_are_exit_2_with_one_line(
    run_cli: Any, git_repo: Any, args: list[str], words: list[str]
) -> None:
    result = run_cli(args, cwd=git_repo.root)
    assert result.code == 2, (result.out, result.err)
    assert "Traceback" not in result.err
    for word in words:
        assert word in result.err


def test_internal_error_is_exit_3_with_one_line(
    run_cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import handoff_audit.cli.check

    def broken(request: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(handoff_audit.cli.check, "run_audit", broken)
    result = run_cli(["check"], cwd=tmp_path)
    assert result.code == 3
    assert "internal error: RuntimeError: boom" in result.err
    assert "Traceback" not in result.err


def test_output_file_gets_the_report_and_stdout_stays_empty(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet(next_action="TODO"), twin=False)
    out = tmp_path / "reports" / "audit.json"
    out.parent.mkdir()
    result = run_cli(
        ["check", "--format", "json", "--select", CONTENT_RULES, "--output", str(out)],
        cwd=tmp_path,
    )
    assert (result.code, result.out) == (1, "")
    assert json.loads(out.read_text())["summary"]["errors"] == 1
    assert [p.name for p in out.parent.iterdir()] == ["audit.json"]


def test_output_into_a_missing_folder_is_exit_2(run_cli: Any, tmp_path: Path) -> None:
    result = run_cli(["check", "--output", str(tmp_path / "no" / "r.txt")], cwd=tmp_path)
    assert result.code == 2
    assert "--output" in result.err


def test_colour_only_when_asked_and_never_with_no_color(
    run_cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_packet(tmp_path, packet(next_action="TODO"), twin=False)
    plain = run_cli(["check", "--select", "placeholder"], cwd=tmp_path)
    assert "\x1b[" not in plain.out  # captured output is not a terminal
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[31mplaceholder\x1b[0m" in run_cli(["check"], cwd=tmp_path).out
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in run_cli(["check"], cwd=tmp_path).out


def test_file_names_cannot_drive_the_terminal(run_cli: Any, tmp_path: Path) -> None:
    folder = tmp_path / "evil\x1b[2J"
    folder.mkdir()
    (folder / "handoff.json").write_text("{")
    result = run_cli(["check"], cwd=tmp_path)
    assert "\x1b" not in result.out
    assert "evil\\x1b[2J/handoff.json:1:2: invalid-json" in result.out


def test_schema_rules_explain_and_version(run_cli: Any) -> None:
    schema = json.loads(run_cli(["schema"]).out)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"]
    rules = run_cli(["rules"]).out
    assert all(rule in rules for rule in ("invalid-json", "schema", "placeholder", "secret"))
    for rule in ("invalid-json", "schema", "placeholder", "secret"):
        text = run_cli(["explain", rule]).out
        assert "TODO(owner)" not in text
        assert "Fix:" in text and "Example" in text
    version = run_cli(["--version"])
    assert (version.code, version.out.strip()) == (0, f"handoff-audit, version {__version__}")


def test_every_schema_property_has_a_description() -> None:
    from handoff_audit.schema import schema_text

    schema = json.loads(schema_text())

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for name, sub in node.get("properties", {}).items():
                assert sub.get("description"), name
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    assert set(schema["properties"]) == {
        "$schema", "schema_version", "topic", "title", "branch", "last_known_good_commit", "status",
        "superseded_by", "summary", "changed_files", "commands_run", "failed_attempts",
        "open_risks", "next_action", "verdict_pointer", "decisions", "ruled_out", "traps",
        "pointers", "assumptions_to_validate", "questions_for_the_human",
    }  # fmt: skip


def test_startup_imports_nothing_heavy() -> None:
    code = (
        "import sys; from handoff_audit.cli.main import main; rc = main(['--version']); "
        "heavy = ('requests', 'github', 'jsonschema', 'yaml', 'markdown_it'); "
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip().endswith("[]")


def test_check_without_packets_imports_no_jsonschema_requests_or_github(tmp_path: Path) -> None:
    code = (
        "import sys; from handoff_audit.cli.main import main; rc = main(['check', '.']); "
        "print(sorted(m for m in ('requests', 'github', 'jsonschema') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    assert done.stdout.strip().endswith("[]"), done.stdout


def test_output_never_overwrites_a_packet(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, VALID)
    before = (tmp_path / "handoff.md").read_bytes()
    result = run_cli(["check", "--output", "handoff.md"], cwd=tmp_path)
    assert result.code == 2
    assert "is the handoff file handoff.md" in result.err
    assert (tmp_path / "handoff.md").read_bytes() == before


def test_the_bundled_schemas_are_valid_json_schemas() -> None:
    from jsonschema import Draft202012Validator

    from handoff_audit.config import config_schema
    from handoff_audit.schema import schema_text

    Draft202012Validator.check_schema(json.loads(schema_text()))
    Draft202012Validator.check_schema(config_schema())


def test_an_invalid_custom_schema_is_one_line_exit_2(run_cli: Any, tmp_path: Path) -> None:
    (tmp_path / "s.json").write_text('{"type": "objekt"}')
    (tmp_path / ".handoff-audit.yml").write_text("schema: s.json\n")
    write_packet(tmp_path, VALID)
    result = run_cli(["check"], cwd=tmp_path)
    assert result.code == 2
    assert ".handoff-audit.yml: schema s.json: not a valid JSON Schema at /type" in result.err


def test_a_named_file_that_cannot_be_a_handoff_is_a_usage_error(
    tmp_path: Path, run_cli: Any
) -> None:
    (tmp_path / "app.py").write_text("print('hi')\n")
    result = run_cli(["check", "app.py"], cwd=tmp_path)
    assert result.code == 2
    assert result.err.strip().endswith(
        "app.py: not a handoff file; name a packet (.json), a handoff markdown file (.md) "
        "or a folder to search"
    )
    assert result.out == ""


def test_console_script_exits_with_all_output_and_exit_handlers(
    run_cli: Any, tmp_path: Path
) -> None:
    # The console script ends without tearing the interpreter down (speed): its report must
    # still be whole (more than a pipe's buffer), its exit code main's, its exit handlers run.
    for number in range(40):
        write_packet(tmp_path / f"p{number}", packet(next_action="TODO"))
    code = (
        "import atexit, sys; atexit.register(print, 'exit handler ran', file=sys.stderr); "
        "from handoff_audit.cli.main import console; sys.exit(console())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "check", "--format", "json"],
        capture_output=True,
        cwd=tmp_path,
    )
    in_process = run_cli(["check", "--format", "json"], cwd=tmp_path)
    assert len(done.stdout) > 65_536
    assert done.stdout.decode() == in_process.out
    assert done.returncode == in_process.code == 1
    assert done.stderr.decode() == "exit handler ran\n"
