"""Configuration denial of service (issue 21, item 6): the shape of a TOML file is bounded
before parsing, nesting after it, and globs are bounded in size and matched in linear time."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from functools import cache
from importlib.resources import files
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import GitRepo, Result
from handoff_audit.errors import InputError
from handoff_audit.globs import matches

Run = Callable[..., Result]


@pytest.mark.parametrize(
    "toml",
    [
        "[tool.handoff-audit]\npackets" + ".a" * 3000 + " = 1\n",
        "[tool.other]\nx" + ".a" * 30000 + " = 1\n",
        "[tool" + ".a" * 3000 + "]\n",
        "[tool.handoff-audit]\npackets = " + "[" * 3000 + "]" * 3000 + "\n",
        "[tool.handoff-audit]\nrules = " + "{a = " * 40 + "1" + "}" * 40 + "\n",
    ],
    ids=["dotted-deep", "dotted-long-elsewhere", "header", "arrays", "inline-tables"],
)
def test_a_pathological_pyproject_is_a_one_line_error(
    toml: str, run_cli: Run, tmp_path: Path
) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "pyproject.toml").write_text(toml)
    started = time.monotonic()
    result = run_cli(["check"], cwd=tmp_path)
    assert result.code == 2, result.err
    assert result.err.startswith("handoff-audit: error: pyproject.toml")
    assert len(result.err.splitlines()) == 1
    assert time.monotonic() - started < 5


def test_quoted_dots_in_keys_are_not_parts(run_cli: Run, tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    dotted = '"' + "a." * 40 + '" = 1\n'
    (tmp_path / "pyproject.toml").write_text("[tool.x]\n" + dotted)
    assert run_cli(["check"], cwd=tmp_path).code == 0


def test_a_backtracking_glob_is_matched_at_once() -> None:
    pattern = "*a" * 20 + "*b"
    started = time.monotonic()
    assert not matches("a" * 60, pattern)
    assert matches("a" * 59 + "b", pattern)
    assert time.monotonic() - started < 1


def test_a_glob_with_too_many_wildcards_is_refused(run_cli: Run, tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / ".handoff-audit.yml").write_text(f'packets: ["{"*a" * 80}"]\n')
    result = run_cli(["check"], cwd=tmp_path)
    assert result.code == 2 and "more than 64" in result.err
    with pytest.raises(InputError, match="wildcards"):
        matches("x", "?" * 100)


@pytest.mark.parametrize("key", ["packets", "block-files", "protected-branches"])
def test_every_glob_key_refuses_a_long_glob(run_cli: Run, tmp_path: Path, key: str) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / ".handoff-audit.yml").write_text(f'{key}: ["{"a" * 1001}"]\n')
    result = run_cli(["check"], cwd=tmp_path)
    assert result.code == 2
    assert f".handoff-audit.yml: {key}: the glob" in result.err
    assert "longer than 1000 characters" in result.err


def _reference(pattern: str, path: str) -> bool:
    """The glob's meaning, by recursion (small inputs only)."""

    @cache
    def go(p: int, s: int) -> bool:
        if p == len(pattern):
            return s == len(path)
        if pattern.startswith("**/", p):
            return go(p + 3, s) or any(
                path[i] == "/" and go(p + 3, i + 1) for i in range(s, len(path))
            )
        if pattern.startswith("**", p):
            return any(go(p + 2, i) for i in range(s, len(path) + 1))
        if pattern[p] == "*":
            return go(p + 1, s) or (s < len(path) and path[s] != "/" and go(p, s + 1))
        if s == len(path):
            return False
        if pattern[p] == "?":
            return path[s] != "/" and go(p + 1, s + 1)
        return pattern[p] == path[s] and go(p + 1, s + 1)

    return go(0, 0)


@given(st.text("ab/*?.", max_size=10), st.text("ab/.\n", max_size=12))
def test_globs_mean_what_they_say(pattern: str, path: str) -> None:
    assert matches(path, pattern) == _reference(pattern.removeprefix("./"), path)


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        (".handoff-audit.yml", "jobs: 2.0\n", "jobs is 2.0; expected an integer >= 1"),
        (
            ".handoff-audit.yml",
            "jobs: true\n",
            "line 1: jobs is true, which YAML reads as a boolean; expected an integer >= 1",
        ),
        ("pyproject.toml", "[tool.handoff-audit]\njobs = true\n", "jobs is true; expected"),
        ("pyproject.toml", "[tool.handoff-audit]\njobs = 2.0\n", "jobs is 2.0; expected"),
        (".handoff-audit.yml", "max-commits-behind: 0.0\n", "max-commits-behind is 0.0;"),
    ],
)
def test_a_count_written_as_a_float_or_a_boolean_is_a_one_line_error(
    name: str, text: str, said: str, run_cli: Run, tmp_path: Path
) -> None:
    # JSON Schema's "integer" accepts 2.0, and jobs: 2.0 crashed (exit 3) once packets were seen.
    (tmp_path / ".git").mkdir()
    (tmp_path / ".handoff").mkdir()
    for topic in ("a", "b"):
        (tmp_path / ".handoff" / f"{topic}.json").write_text("{}\n")
    (tmp_path / name).write_text(text)
    result = run_cli(["check"], cwd=tmp_path)
    assert result.code == 2, result.err
    assert said in result.err and len(result.err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (".handoff-audit.yml", "max-file-bytes: 200000000\n"),
        ("pyproject.toml", "[tool.handoff-audit]\nmax-file-bytes = 16777217\n"),
    ],
)
def test_max_file_bytes_above_its_ceiling_is_refused(
    name: str, text: str, run_cli: Run, git_repo: GitRepo
) -> None:
    """A pull request owns `max-file-bytes`: raised without bound, it would make the audit
    read and render hundreds of MB. Above 16 MiB it is refused, naming the key, the value and
    the ceiling."""
    git_repo.write(name, text)
    git_repo.commit("raise the limit")
    value = text.rstrip("\n").rsplit(" ", 1)[1]
    done = run_cli(["check"], cwd=git_repo.root)
    assert done.code == 2, done.out
    assert done.err.count("\n") == 1
    assert f": max-file-bytes is {value}; expected an integer from 1 to 16777216 (16 MiB" in (
        done.err
    )


def test_max_file_bytes_at_its_ceiling_is_accepted_and_the_schema_says_so(
    run_cli: Run, git_repo: GitRepo
) -> None:
    git_repo.write(".handoff-audit.yml", "max-file-bytes: 16777216\n")
    git_repo.commit("the largest limit")
    done = run_cli(["check"], cwd=git_repo.root)
    assert done.code == 0, done.err
    published = files("handoff_audit") / "schema" / "config.schema.json"
    key = json.loads(published.read_text(encoding="utf-8"))["properties"]["max-file-bytes"]
    assert key["maximum"] == 16777216
