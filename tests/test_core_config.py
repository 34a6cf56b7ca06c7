"""Configuration: where it is read from, what it changes, and one-line exit 2 when it is wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core_packets import CONTENT_RULES, packet, write_packet


def check(run_cli: Any, folder: Path, *extra: str) -> Any:
    # --select accumulates: a test that selects its own rules replaces the default selection.
    select = [] if "--select" in extra else ["--select", CONTENT_RULES]
    return run_cli(["check", "--format", "json", *select, *extra], cwd=folder)


def assert_usage_error(result: Any, *words: str) -> None:
    assert result.code == 2, (result.out, result.err)
    assert result.out == ""
    assert result.err.count("\n") == 1, result.err
    assert result.err.startswith("handoff-audit: error: ")
    assert "Traceback" not in result.err
    for word in words:
        assert word in result.err, (word, result.err)


@pytest.fixture
def placeholder_repo(tmp_path: Path) -> Path:
    write_packet(tmp_path, packet(next_action="TODO"), twin=False)
    return tmp_path


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (".handoff-audit.yml", "rules:\n  placeholder: warning\n"),
        (".handoff-audit.yaml", "rules: {placeholder: warning}\n"),
        ("pyproject.toml", '[tool.handoff-audit]\nrules = { placeholder = "warning" }\n'),
    ],
)
def test_configuration_files_are_found_at_the_root(
    run_cli: Any, placeholder_repo: Path, name: str, text: str
) -> None:
    (placeholder_repo / name).write_text(text)
    result = check(run_cli, placeholder_repo)
    assert result.code == 0
    assert [f["severity"] for f in result.json()["findings"]] == ["warning"]
    strict = check(run_cli, placeholder_repo, "--strict")
    assert strict.code == 1


def test_yaml_off_turns_a_rule_off(run_cli: Any, placeholder_repo: Path) -> None:
    (placeholder_repo / ".handoff-audit.yml").write_text("rules:\n  placeholder: off\n")
    result = check(run_cli, placeholder_repo)
    assert result.code == 0
    assert result.json()["findings"] == []


def test_explicit_config_file_wins(run_cli: Any, placeholder_repo: Path) -> None:
    (placeholder_repo / ".handoff-audit.yml").write_text("rules: {placeholder: error}\n")
    (placeholder_repo / "ci.yml").write_text("rules: {placeholder: note}\n")
    result = check(run_cli, placeholder_repo, "--config", "ci.yml")
    assert [f["severity"] for f in result.json()["findings"]] == ["note"]
    assert result.code == 0


def test_pyproject_without_the_table_means_defaults(run_cli: Any, placeholder_repo: Path) -> None:
    (placeholder_repo / "pyproject.toml").write_text('[project]\nname = "x"\n')
    assert check(run_cli, placeholder_repo).code == 1


TABLE = '[tool.handoff-audit]\nrules = { placeholder = "off" }\n'


def test_the_dedicated_file_wins_over_pyproject_and_says_so(
    run_cli: Any, placeholder_repo: Path
) -> None:
    (placeholder_repo / ".handoff-audit.yml").write_text("rules: {placeholder: note}\n")
    (placeholder_repo / "pyproject.toml").write_text(TABLE)
    result = check(run_cli, placeholder_repo)
    assert result.code == 0
    assert [f["severity"] for f in result.json()["findings"]] == ["note"]  # the YAML's
    assert result.err.count("\n") == 1, result.err
    assert result.err.startswith("handoff-audit: warning: .handoff-audit.yml and ")
    assert "[tool.handoff-audit] in pyproject.toml" in result.err
    assert ".handoff-audit.yml is used" in result.err
    with_config = check(run_cli, placeholder_repo, "--config", ".handoff-audit.yml")
    assert with_config.err == ""  # a file the user named shadows nothing by surprise


def test_yml_wins_over_yaml_and_says_so(run_cli: Any, placeholder_repo: Path) -> None:
    (placeholder_repo / ".handoff-audit.yml").write_text("rules: {placeholder: note}\n")
    (placeholder_repo / ".handoff-audit.yaml").write_text("rules: {placeholder: off}\n")
    result = check(run_cli, placeholder_repo)
    assert result.code == 0
    assert [f["severity"] for f in result.json()["findings"]] == ["note"]  # the .yml's
    assert result.err == (
        "handoff-audit: warning: .handoff-audit.yml and .handoff-audit.yaml both configure "
        "handoff-audit; .handoff-audit.yml is used (.handoff-audit.yml wins over "
        ".handoff-audit.yaml) and .handoff-audit.yaml ignored: move its keys into "
        ".handoff-audit.yml and delete .handoff-audit.yaml\n"
    )
    (placeholder_repo / "pyproject.toml").write_text(TABLE)
    both = check(run_cli, placeholder_repo)
    assert both.code == 0
    first, second = both.err.splitlines()  # one line per file ignored
    assert ".handoff-audit.yaml ignored" in first
    assert "[tool.handoff-audit] in pyproject.toml" in second
    (placeholder_repo / ".handoff-audit.yml").unlink()
    alone = check(run_cli, placeholder_repo)
    assert [f["severity"] for f in alone.json()["findings"]] == []  # the .yaml's: off
    assert alone.err.count("\n") == 1
    assert ".handoff-audit.yaml is used (the dedicated file wins)" in alone.err


@pytest.mark.parametrize(
    "pyproject",
    ['[project]\nname = "x"\n', "[tool.handoff-audit\n", "[tool.other]\nhandoff-audit = 1\n"],
)
def test_pyproject_without_the_table_beside_the_yaml_is_no_warning(
    run_cli: Any, placeholder_repo: Path, pyproject: str
) -> None:
    (placeholder_repo / ".handoff-audit.yml").write_text("rules: {placeholder: note}\n")
    (placeholder_repo / "pyproject.toml").write_text(pyproject)
    result = check(run_cli, placeholder_repo)
    assert (result.code, result.err) == (0, "")


def test_packets_globs_replace_the_defaults(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path / "docs", packet(), name="session.json", twin=False)
    write_packet(tmp_path, packet(next_action="TODO"), twin=False)
    (tmp_path / ".handoff-audit.yml").write_text('packets: ["docs/*.json"]\n')
    result = check(run_cli, tmp_path)
    assert [p["path"] for p in result.json()["packets"]] == ["docs/session.json"]
    assert result.code == 0


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("max-age: 3\n", ['unknown key "max-age"', 'did you mean "max-age-days"?', "accepted"]),
        ("max_commits_behind: 3\n", ['did you mean "max-commits-behind"?']),
        ("max-commits-behind: ten\n", ['max-commits-behind is "ten"', "an integer >= 0"]),
        ("max-commits-behind: -1\n", ["max-commits-behind is -1", "an integer >= 0"]),
        ("max-lines: true\n", ["max-lines is true", "an integer >= 1"]),
        ("packets: handoff.json\n", ['packets is "handoff.json"', "a non-empty list of globs"]),
        ("packets: []\n", ["packets is []", "a non-empty list of globs"]),
        ("rules:\n  schema: fatal\n", ['rules.schema is "fatal"', "error, warning, note, off"]),
        (
            "rules:\n  schema: on\n",
            ["line 2: rules.schema is on, which YAML reads as a boolean", '"off"'],
        ),
        ("rules:\n  scheme: error\n", ['unknown rule id "scheme"', "known rules:", "schema"]),
        ("rules: [schema]\n", ["rules is", "a mapping of rule id"]),
        ("- a\n- b\n", ["must be a mapping"]),
        ("rules: {schema: error\n", ["not valid YAML at line 2"]),
        ("schema: missing.json\n", ["schema 'missing.json': no such file"]),
        ("schema: http://example.com/s.json\n", ["plain http is refused"]),
        ("schema: 2024-01-01\n", ['schema is "2024-01-01"', "https:// URL"]),
        # a number as a rule's key beside a name: jsonschema could not rank the errors
        ('rules:\n  0: error\n  "": error\n', ['unknown rule id "0"']),
    ],
)
def test_configuration_errors_are_one_line_exit_2(
    run_cli: Any, placeholder_repo: Path, text: str, words: list[str]
) -> None:
    (placeholder_repo / ".handoff-audit.yml").write_text(text)
    result = check(run_cli, placeholder_repo)
    assert_usage_error(result, ".handoff-audit.yml", *words)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "rules:\n  placeholder: error\n  too-long: warning\n  placeholder: off\n",
            ['line 4: the key "placeholder" is set again (first at line 2)', "set once"],
        ),
        ("max-lines: 5\nkeep-last: 3\nmax-lines: 9\n", ['line 3: the key "max-lines"']),
        ("agent-hook: {ignore: [a], ignore: [b]}\n", ['line 1: the key "ignore" is set']),
    ],
)
def test_a_key_set_twice_is_one_line_exit_2_naming_it_and_its_lines(
    run_cli: Any, placeholder_repo: Path, text: str, words: list[str]
) -> None:
    (placeholder_repo / ".handoff-audit.yml").write_text(text)
    assert_usage_error(check(run_cli, placeholder_repo), ".handoff-audit.yml: ", *words)


def test_a_key_set_twice_in_the_toml_table_is_named(run_cli: Any, placeholder_repo: Path) -> None:
    (placeholder_repo / "pyproject.toml").write_text(
        '[tool.handoff-audit]\nmax-lines = 5\nrules = { placeholder = "off" }\nmax-lines = 6\n'
    )
    assert_usage_error(
        check(run_cli, placeholder_repo),
        'pyproject.toml: line 4: the key "max-lines" is set again; a key may be set once',
    )


@pytest.mark.parametrize("token", ["No", "no", "false", "yes", "On", "TRUE"])
def test_a_yaml_boolean_as_a_level_is_refused_as_written(
    run_cli: Any, placeholder_repo: Path, token: str
) -> None:
    (placeholder_repo / ".handoff-audit.yml").write_text(f"rules:\n  placeholder: {token}\n")
    assert_usage_error(
        check(run_cli, placeholder_repo),
        f".handoff-audit.yml: line 2: rules.placeholder is {token}, which YAML reads as a "
        'boolean; expected a severity: error, warning, note or "off"',
    )


@pytest.mark.parametrize("token", ["off", "Off", "OFF", '"off"'])
def test_off_in_any_letter_case_is_the_level_off(
    run_cli: Any, placeholder_repo: Path, token: str
) -> None:
    (placeholder_repo / ".handoff-audit.yml").write_text(f"rules: {{placeholder: {token}}}\n")
    result = check(run_cli, placeholder_repo)
    assert result.code == 0, result.err
    assert result.json()["findings"] == []


def test_a_yaml_boolean_elsewhere_is_named_as_written(run_cli: Any, placeholder_repo: Path) -> None:
    (placeholder_repo / ".handoff-audit.yml").write_text("keep-last: 3\nmax-lines: yes\n")
    assert_usage_error(
        check(run_cli, placeholder_repo),
        ".handoff-audit.yml: line 2: max-lines is yes, which YAML reads as a boolean; expected "
        "an integer >= 1",
    )
    (placeholder_repo / ".handoff-audit.yml").write_text("on: 3\n")
    assert_usage_error(check(run_cli, placeholder_repo), 'unknown key "on"')


def test_toml_errors_name_the_table(run_cli: Any, placeholder_repo: Path) -> None:
    (placeholder_repo / "pyproject.toml").write_text('[tool.handoff-audit]\nkeep-last = "5"\n')
    assert_usage_error(
        check(run_cli, placeholder_repo), "pyproject.toml [tool.handoff-audit]", "keep-last"
    )


def test_invalid_toml_is_exit_2(run_cli: Any, placeholder_repo: Path) -> None:
    (placeholder_repo / "pyproject.toml").write_text("[tool.handoff-audit\n")
    assert_usage_error(check(run_cli, placeholder_repo), "pyproject.toml: not valid TOML")


def test_missing_explicit_config_is_exit_2(run_cli: Any, placeholder_repo: Path) -> None:
    assert_usage_error(check(run_cli, placeholder_repo, "--config", "nope.yml"), "nope.yml")


def test_a_folder_given_as_config_is_named_as_a_folder(
    run_cli: Any, placeholder_repo: Path
) -> None:
    (placeholder_repo / "conf").mkdir()
    result = check(run_cli, placeholder_repo, "--config", "conf")
    assert_usage_error(result, "--config conf: is a folder; name the configuration file")


def test_empty_yaml_is_the_defaults(run_cli: Any, placeholder_repo: Path) -> None:
    (placeholder_repo / ".handoff-audit.yml").write_text("# nothing yet\n")
    assert check(run_cli, placeholder_repo).code == 1


def test_config_values_reach_the_config_object(tmp_path: Path) -> None:
    from handoff_audit.config import load_config
    from handoff_audit.git.tracked import is_tracked
    from handoff_audit.model.findings import Severity
    from handoff_audit.rules import RULES_BY_ID

    (tmp_path / "s.json").write_text("{}")
    (tmp_path / ".handoff-audit.yml").write_text(
        "block-files: ['**/NOTES.md']\nprotected-branches: [main, 'release/*']\n"
        "max-commits-behind: 3\nmax-age-days: 7\nkeep-last: 2\nmax-lines: 50\n"
        "max-file-bytes: 2048\nschema: s.json\nrules: {packet-age: off, too-long: error}\n"
    )
    config = load_config(tmp_path, rule_ids=RULES_BY_ID, tracked=is_tracked)
    assert config.block_files == ("**/NOTES.md",)
    assert config.protected_branches == ("main", "release/*")
    assert (config.max_commits_behind, config.max_age_days, config.keep_last) == (3, 7, 2)
    assert (config.max_lines, config.max_file_bytes) == (50, 2048)
    assert config.schema == str((tmp_path / "s.json").resolve())
    assert dict(config.rules) == {"packet-age": None, "too-long": Severity.ERROR}
    assert config.source == str(tmp_path / ".handoff-audit.yml") or config.source.endswith(
        ".handoff-audit.yml"
    )


def test_an_https_schema_is_read_from_the_cache_without_the_network(
    run_cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hashlib
    import json

    url = "https://schemas.example.invalid/handoff.json"
    cache = tmp_path / "cache" / "handoff-audit" / "schemas"
    cache.mkdir(parents=True)
    schema = {"type": "object", "required": ["ticket"]}
    (cache / (hashlib.sha256(url.encode()).hexdigest() + ".json")).write_text(json.dumps(schema))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    repo = tmp_path / "repo"
    write_packet(repo, packet(), twin=False)
    (repo / ".handoff-audit.yml").write_text(f"schema: {url}\n")
    result = check(run_cli, repo)
    assert [f["message"] for f in result.json()["findings"]] == [
        "the packet is missing required field ticket; add it (see "
        "https://schemas.example.invalid/handoff.json, the configured schema)"
    ]


def test_an_unreachable_https_schema_is_one_line_exit_2(
    run_cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    repo = tmp_path / "repo"
    write_packet(repo, packet(), twin=False)
    # Port 9 on this machine: refused at once, and nothing leaves it.
    (repo / ".handoff-audit.yml").write_text("schema: https://127.0.0.1:9/handoff.json\n")
    assert_usage_error(
        check(run_cli, repo), "https://127.0.0.1:9/handoff.json", "cannot be fetched"
    )
    assert not (tmp_path / "cache" / "handoff-audit" / "schemas").exists() or not any(
        (tmp_path / "cache" / "handoff-audit" / "schemas").iterdir()
    )


def test_a_gate_rule_set_again_further_down_cannot_open_the_merge_gate(
    run_cli: Any, git_repo: Any
) -> None:
    git_repo.write("a", "x\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/pr")
    git_repo.write("HANDOFF.md", "# Handoff\n\n## State\nTests pass.\n\n## Next step\nFix a.\n")
    git_repo.write(
        ".handoff-audit.yml",
        'rules:\n  handoff-in-merge: error\n  md-incomplete: warning\n  handoff-in-merge: "off"\n',
    )
    git_repo.commit("wip")
    result = run_cli(["check", "-q", "--target-branch", "main"], cwd=git_repo.root)
    assert_usage_error(
        result, '.handoff-audit.yml: line 4: the key "handoff-in-merge" is set again'
    )
