"""Every command the tool prints runs as printed from the folder the user is in: a subfolder
of the repository, or a sibling folder (``cd A && handoff-audit archive ../B/handoff.json``).
Each printed command is run literally there and must leave the right result."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo, Result

_UPDATE = re.compile(r"`((?:\(cd [^`]+ && )?handoff-audit update[^`]*)`")


def _packet(root: Path, run_cli: Callable[..., Result], *extra: str) -> None:
    done = run_cli(
        [
            *("new", "--summary", "Did stuff.", "--next-action", "Add the currency test."),
            *("--verdict-pointer", "a.txt", *extra),
        ],
        cwd=root,
    )
    assert done.code == 0, done.err


def _repository(root: Path, run_cli: Callable[..., Result], *extra: str) -> GitRepo:
    """A repository on ``feat/x`` with its committed packet (``extra``: `new`'s options)."""
    repo = GitRepo(root)
    repo.write("a.txt", "a\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/x")
    _packet(root, run_cli, *extra)
    repo.commit("handoff")
    return repo


def _sibling(tmp_path: Path) -> GitRepo:
    """``A``, another repository on ``main``: a command that read its git would be wrong."""
    a = GitRepo(tmp_path / "A")
    a.write("x.txt", "x\n")
    a.commit("init")
    return a


def _data(path: Path) -> dict[str, object]:
    loaded = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def test_archive_s_carry_fix_from_another_repository_keeps_the_packet_s_branch(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    """`archive ../B/handoff.json` from A refuses over a hand-edited twin and prints the
    `update` that carries the text; run from A, that update reads B's git (its branch
    `feat/x` exists), not A's (`main`), and the archive then passes."""
    b = _repository(tmp_path / "B", run_cli)
    twin = b.root / "handoff.md"
    twin.write_text(
        twin.read_text(encoding="utf-8").replace("currency test", "currency tests"), "utf-8"
    )
    b.commit("edit twin")
    a = _sibling(tmp_path)
    refused = run_cli(["archive", "../B/handoff.json"], cwd=a.root)
    assert refused.code == 2, refused.err
    [command] = _UPDATE.findall(refused.err)
    ran = run_fix(a.root, command)
    assert ran.returncode == 0, (command, ran.stderr)
    data = _data(b.root / "handoff.json")
    assert data["branch"] == "feat/x"
    assert data["next_action"] == "Add the currency tests."
    assert run_cli(["archive", "../B/handoff.json"], cwd=a.root).code == 0
    assert _data(b.root / "handoff.json")["status"] == "archived"


def test_new_into_another_repository_reads_its_git_and_its_fix_runs_from_here(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    """`new --output ../B/handoff.json` from A takes B's branch; when B's topic has an active
    packet, both printed ways out (update it, or supersede and commit it) run from A."""
    b = _repository(tmp_path / "B", run_cli)
    a = _sibling(tmp_path)
    refused = run_cli(
        [
            *("new", "--summary", "More.", "--next-action", "Do more next."),
            *("--verdict-pointer", "../B/a.txt", "--output", "../B/handoff.json"),
        ],
        cwd=a.root,
    )
    assert refused.code == 2, refused.err
    [update] = _UPDATE.findall(refused.err)
    ran = run_fix(a.root, f"{update} --summary 'Did more.'")
    assert ran.returncode == 0, (update, ran.stderr)
    assert _data(b.root / "handoff.json")["summary"] == "Did more."
    assert _data(b.root / "handoff.json")["branch"] == "feat/x"
    b.commit("refresh")
    [supersede] = re.findall(r"`(handoff-audit supersede [^`]+)`", refused.err)
    ran = run_fix(a.root, supersede)
    assert ran.returncode == 0, (supersede, ran.stderr)
    assert b.git("status", "--porcelain") == ""
    assert _data(b.root / "handoff.json")["status"] == "superseded"
    (b.root / "handoff.json").unlink()
    (b.root / "handoff.md").unlink()
    b.commit("drop")
    done = run_cli(
        [
            *("new", "--summary", "More.", "--next-action", "Do more next."),
            *("--verdict-pointer", "../B/a.txt", "--output", "../B/handoff.json"),
        ],
        cwd=a.root,
    )
    assert done.code == 0, done.err
    data = _data(b.root / "handoff.json")
    assert data["branch"] == "feat/x" and data["verdict_pointer"] == "a.txt"


def _take_over_here(tmp_path: Path, run_cli: Callable[..., Result]) -> tuple[GitRepo, Path]:
    """A topic packet of ``feat/x`` carried into ``feat/y``, whose session is in ``src/``."""
    repo = _repository(tmp_path / "r", run_cli, "--topic", "refund/v2")
    repo.git("switch", "-q", "-c", "feat/y")
    sub = repo.root / "src"
    sub.mkdir()
    return repo, sub


def _taken_over(repo: GitRepo, sub: Path, text: str) -> None:
    """Run the "To take it over" command in ``text`` from ``sub``; it archives and commits."""
    [line] = [line for line in text.splitlines() if line.startswith("To take it over")]
    command = line.split("before the session ends): ", 1)[1]
    ran = run_fix(sub, command)
    assert ran.returncode == 0, (command, ran.stderr)
    assert repo.git("status", "--porcelain") == ""
    assert _data(repo.root / ".handoff/refund/v2.json")["status"] == "archived"


def test_show_s_take_over_command_runs_from_a_subfolder(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    repo, sub = _take_over_here(tmp_path, run_cli)
    shown = run_cli(["show"], cwd=sub)
    _taken_over(repo, sub, shown.out)


def test_session_start_s_take_over_command_runs_from_a_subfolder(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    repo, sub = _take_over_here(tmp_path, run_cli)
    start = run_hook(stop_event(sub, event="SessionStart") | {"source": "startup"}, cwd=sub)
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    _taken_over(repo, sub, context)


def _outdated(root: Path, run_cli: Callable[..., Result], *extra: str) -> GitRepo:
    """A repository whose packet is outdated: a later commit changed another file."""
    repo = _repository(root, run_cli, *extra)
    repo.write("b.txt", "b\n")
    repo.commit("later work")
    return repo


def _refreshed(repo: GitRepo, folder: Path, shown: Result, packet: str) -> None:
    """Run the update `packet-outdated` printed, from ``folder``: the packet is current."""
    [line] = [line for line in shown.out.splitlines() if ": packet-outdated " in line]
    [command] = _UPDATE.findall(line)
    ran = run_fix(folder, f"{command} --summary 'Did b.txt too.'")
    assert ran.returncode == 0, (command, ran.stderr)
    data = _data(repo.root / packet)
    assert data["summary"] == "Did b.txt too." and data["branch"] == "feat/x"


def test_packet_outdated_fix_runs_from_a_sibling_folder(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    b = _outdated(tmp_path / "B", run_cli)
    a = _sibling(tmp_path)
    shown = run_cli(["check", "../B"], cwd=a.root)
    _refreshed(b, a.root, shown, "handoff.json")
    b.commit("refresh")
    assert "packet-outdated" not in run_cli(["check", "../B"], cwd=a.root).out


def test_packet_outdated_fix_of_a_topic_runs_from_a_subfolder(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    repo = _outdated(tmp_path / "r", run_cli, "--topic", "refund")
    sub = repo.root / "src"
    sub.mkdir()
    shown = run_cli(["check"], cwd=sub)
    _refreshed(repo, sub, shown, ".handoff/refund.json")


def test_new_into_another_repository_takes_pointers_from_its_root(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    """From sibling A, `new --output ../B/...` takes a root-relative pointer as B's, whether A
    has a file at that path or the report is not written yet (as from B's own subfolders);
    ``../B/...`` still reads from A's folder, and a path into A stays refused."""
    b = GitRepo(tmp_path / "B")
    b.write("reports/junit.xml", "ok\n")
    b.commit("init")
    b.git("switch", "-q", "-c", "feat/b")
    b.write("app.py", "x = 1\n")
    b.commit("work")
    a = _sibling(tmp_path)
    a.write("reports/junit.xml", "ok\n")
    a.commit("reports")
    for given, stored in (
        ("reports/junit.xml", "reports/junit.xml"),
        ("reports/coverage.xml", "reports/coverage.xml"),
        ("../B/reports/junit.xml", "reports/junit.xml"),
    ):
        done = run_cli(
            [
                *("new", "--summary", "s", "--next-action", "Write the tests."),
                *("--verdict-pointer", given, "--output", "../B/handoff.json"),
            ],
            cwd=a.root,
        )
        assert done.code == 0, (given, done.err)
        assert _data(b.root / "handoff.json")["verdict_pointer"] == stored
        (b.root / "handoff.json").unlink()
        (b.root / "handoff.md").unlink()
    refused = run_cli(
        [
            *("new", "--summary", "s", "--next-action", "Write the tests."),
            *("--verdict-pointer", "../A/reports/junit.xml", "--output", "../B/handoff.json"),
        ],
        cwd=a.root,
    )
    assert refused.code == 2 and "is outside the repository" in refused.err, refused.err
