"""Terminal escapes, bidi and invisible characters are shown, never passed raw (issue 21, item 4):
in the hook's standard error, in terminal output and in the comment."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from agent_support import feature_repo, run_hook, stop_event
from conftest import GitRepo, Result
from handoff_audit import controls
from handoff_audit.formats import inert

Run = Callable[..., Result]
OSC = "\x1b]0;pwned\x07\x1b[2J"
BIDI = "\u202e\u2066"
ZERO_WIDTH = "\u200b\ufeff\u2060"
RAW = [*OSC, *BIDI, *ZERO_WIDTH, "\x9b"]
_DANGER = {chr(c) for c in (*range(0x20), 0x7F, *range(0x80, 0xA0))}
_DANGER |= set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_DANGER |= set("\u200b\u2060\ufeff\u2028\u2029")


def _raw(text: str) -> set[str]:
    return {c for c in text if c in _DANGER and c not in "\n"}


def test_the_hook_shows_escapes_in_a_packet_folder_name(git_repo: GitRepo) -> None:
    repo = feature_repo(git_repo, "feat/refunds")
    folder = f".handoff/{OSC}{BIDI}{ZERO_WIDTH}x"
    repo.write(f"{folder}/handoff.json", "{,}\n")
    repo.commit("broken handoff in an odd folder")
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    assert _raw(run.err) == set(), repr(run.err)
    assert "\\x1b]0;pwned\\x07\\x1b[2J\\u202e\\u2066" in run.err


def test_the_hook_shows_escapes_in_the_event_cwd(tmp_path: Path) -> None:
    odd = tmp_path / f"{OSC}{BIDI}"
    odd.mkdir()
    run = run_hook(stop_event(odd))
    assert run.code == 0
    assert _raw(run.err) == set(), repr(run.err)
    assert "\\u202e" in run.err
    missing = stop_event(tmp_path)
    missing["cwd"] = str(tmp_path / f"gone{OSC}\u202e")
    run = run_hook(json.dumps(missing))
    assert run.code == 0 and _raw(run.err) == set(), repr(run.err)


def test_check_shows_bidi_and_zero_width_in_a_path(tmp_path: Path, run_cli: Run) -> None:
    folder = tmp_path / f"a{BIDI}{ZERO_WIDTH}b"
    folder.mkdir()
    (folder / "handoff.json").write_text("{,}\n")
    for fmt in ("text", "json", "sarif", "github", "markdown"):
        result = run_cli(["check", "--format", fmt], cwd=tmp_path)
        assert result.code == 1, (fmt, result.err)
        assert _raw(result.out + result.err) == set(), (fmt, result.out)
        assert "u202e" in result.out, fmt


@given(st.lists(st.sampled_from(RAW) | st.text(max_size=4), max_size=12).map("".join))
def test_no_control_survives_any_text_output(value: str) -> None:
    for shown in (controls.one_line(value), inert.text(value), inert.code(value)):
        assert _raw(shown) == set()
        assert "\t" not in shown
    assert _raw(controls.text(value)) <= {"\t"}
    assert _raw(controls.json_text(json.dumps(value, ensure_ascii=False))) == set()
    assert json.loads(controls.json_text(json.dumps(value, ensure_ascii=False))) == value
