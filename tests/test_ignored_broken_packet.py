"""Our own packet broken by hand (a trailing comma in ``handoff.json``), git-ignored on the
base beside its ``handoff.md`` twin, was taken as "a tool's local file": the Stop hook asked to
commit the twin alone, then met the packet as `invalid-json` once the line was gone, and the
merge gate as a working note. A JSON file that does not parse with its twin beside it, or with
our schema's fields in it, is our packet: both files get the same advice, with the place to
repair. Real repositories, the real CLI and hook, an agent doing what it prints."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from agent_support import fill_in, run_fix, run_hook, stop_event
from conftest import GitRepo

BOTH = "handoff.json, handoff.md are ignored by git"
BROKEN = re.compile(r"handoff\.json:\d+:1: not valid JSON: trailing comma before '}'")
NEW = (
    'handoff-audit new --summary "<what this session did>" --next-action '
    '"<the first thing the next session should do>" --verdict-pointer '
    '"<path or URL of the test report>"'
)


def _broken_packet(repo: GitRepo, ignored: str) -> None:
    """main ignoring ``ignored``; feat/x with work, its packet written by `new`, then a
    trailing comma put into handoff.json by hand."""
    repo.write(".gitignore", ignored)
    repo.write("src/a.py", "x = 1\n")
    repo.commit("init")
    repo.git("switch", "-qc", "feat/x")
    repo.write("src/a.py", "x = 2\n")
    repo.commit("work")
    written = run_fix(repo.root, NEW)
    assert written.returncode == 0, written.stderr
    packet = repo.root / "handoff.json"
    text = packet.read_text(encoding="utf-8").rstrip()
    packet.write_text(text[:-1].rstrip() + ",\n}\n", encoding="utf-8")


def _repair(root: Path) -> None:
    packet = root / "handoff.json"
    text = packet.read_text(encoding="utf-8")
    packet.write_text(re.sub(r",\s*}\s*$", "\n}\n", text), encoding="utf-8")


def _play(repo: GitRepo, rounds: int = 4) -> list[str]:
    """Stop; do what the hook printed (the lines `git check-ignore -v` names deleted, the
    packet repaired where `invalid-json` says), commit, until the hook lets go."""
    said = []
    for _round in range(rounds):
        stop = run_hook(stop_event(repo.root), cwd=repo.root)
        assert "Traceback" not in stop.err, stop.err
        if stop.code == 0:
            return said
        said.append(stop.err)
        fix = next(line[7:] for line in stop.lines if line.startswith("  fix: "))
        if fix.startswith("git check-ignore -v -- "):
            named = run_fix(repo.root, fix).stdout
            gitignore = repo.root / ".gitignore"
            numbers = {int(m[1]) for m in re.finditer(r"^\.gitignore:(\d+):", named, re.M)}
            lines = gitignore.read_text(encoding="utf-8").splitlines(keepends=True)
            kept = [line for n, line in enumerate(lines, 1) if n not in numbers]
            gitignore.write_text("".join(kept), encoding="utf-8")
        elif fix.startswith("repair handoff.json by hand"):
            _repair(repo.root)
        else:
            done = subprocess.run(["sh", "-c", fill_in(fix)], cwd=repo.root, capture_output=True)
            assert done.returncode == 0, done.stderr
        if repo.git("status", "--porcelain"):
            repo.git("add", "-A")
            repo.commit("agent: as the hook said")
    raise AssertionError("still blocked after the rounds:\n" + "\n".join(said))


@pytest.mark.parametrize("ignored", ["handoff.json\nhandoff.md\n", "handoff.*\n"])
def test_a_broken_ignored_packet_is_ours_with_its_twin(
    git_repo: GitRepo, run_cli: Any, ignored: str
) -> None:
    _broken_packet(git_repo, ignored)
    said = _play(git_repo)
    assert BOTH in said[0], said[0]
    found = BROKEN.search(said[0])
    assert found is not None and said[0][found.end() :].startswith(": repair it"), said[0]
    assert "tool's" not in said[0]
    assert "handoff.json" in git_repo.git("ls-files") and "handoff.md" in git_repo.git("ls-files")
    report = run_cli(["check"], cwd=git_repo.root)
    assert report.code == 0, report.out + report.err


def test_check_names_both_files_and_the_place_to_repair(git_repo: GitRepo, run_cli: Any) -> None:
    _broken_packet(git_repo, "handoff.json\nhandoff.md\n")
    report = run_cli(["check"], cwd=git_repo.root)
    assert BOTH in report.err and BROKEN.search(report.err), report.err


def test_a_broken_packet_without_its_twin_is_ours_by_its_fields(
    git_repo: GitRepo, run_cli: Any
) -> None:
    _broken_packet(git_repo, "handoff.json\nhandoff.md\n")
    (git_repo.root / "handoff.md").unlink()
    report = run_cli(["check"], cwd=git_repo.root)
    assert "handoff.json is ignored by git" in report.err, report.err
    assert BROKEN.search(report.err), report.err
