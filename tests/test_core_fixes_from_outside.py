"""`cd A && handoff-audit check ../B`: every fix the findings print runs as printed from A,
naming the files as the findings do (`../B/handoff.json`, `git -C ../B`)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path

from conftest import GitRepo, Result

_COMMAND = re.compile(r"`((?:handoff-audit|git) [^`]+)`")


def _repository_b(root: Path) -> GitRepo:
    """``B`` on a feature branch: a packet without its twin, and a hand-written
    SESSION_HANDOFF.md (a HANDOFF.md would be the twin's name in another letter case, which
    `render --write` refuses to write beside)."""
    repo = GitRepo(root)
    repo.write("a.txt", "a\n")
    repo.write("r.txt", "r\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/b")
    repo.write("a.txt", "a\nw\n")
    repo.commit("work")
    done = subprocess.run(
        [
            *("handoff-audit", "new", "--summary", "S one.", "--next-action", "Do A first."),
            "--verdict-pointer",
            "r.txt",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (root / "handoff.md").unlink()
    repo.write("SESSION_HANDOFF.md", "# Handoff\n\n## Next step\n\nRun tests.\n")
    repo.commit("packet and note")
    return repo


def test_fixes_printed_for_another_folder_s_repository_run_from_here(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    b = _repository_b(tmp_path / "B")
    a = tmp_path / "A"
    a.mkdir()
    done = run_cli(["check", "../B", "--target-branch", "main"], cwd=a)
    assert done.code == 1, done.err
    lines = {line.split(": ")[1]: line for line in done.out.splitlines() if ": " in line}
    fixes = []
    for rule in ("md-missing", "active-in-merge", "handoff-in-merge"):
        [command] = _COMMAND.findall(lines[rule])
        fixes.append(command)
    assert fixes[0] == "handoff-audit render --write ../B/handoff.json"
    assert fixes[1] == "handoff-audit archive ../B/handoff.json"
    assert fixes[2].startswith("git -C ../B rm -- :/SESSION_HANDOFF.md && git -C ../B commit ")
    for command in fixes:
        ran = subprocess.run(["bash", "-c", command], cwd=a, capture_output=True, text=True)
        assert ran.returncode == 0, (command, ran.stderr)
    assert not (b.root / "SESSION_HANDOFF.md").exists()
    assert '"status": "archived"' in (b.root / "handoff.json").read_text(encoding="utf-8")
    assert (b.root / "handoff.md").is_file()


def test_printed_update_fix_runs_in_the_packet_s_repository_from_here(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    """`update` reads git from the current folder: the md-mismatch fix printed for ``../B dir``
    changes to B's folder first, so that it works from A (a git repository of its own too),
    with B's path holding a space."""
    b = GitRepo(tmp_path / "B dir")
    b.write("app.py", "x\n")
    b.commit("init")
    b.git("switch", "-q", "-c", "feat")
    packet = ["new", "--summary", "Did x.", "--next-action", "Do y next."]
    assert run_cli([*packet, "--verdict-pointer", "app.py"], cwd=b.root).code == 0
    b.commit("handoff")
    with (b.root / "handoff.md").open("a", encoding="utf-8") as twin:
        twin.write("hand edit\n")
    b.commit("edit")
    a = GitRepo(tmp_path / "A")
    a.write("a.txt", "a\n")
    a.commit("init")
    done = run_cli(["check", "../B dir"], cwd=a.root)
    assert done.code == 1, done.err
    [line] = [line for line in done.out.splitlines() if ": md-mismatch: " in line]
    [command] = re.findall(r"`(\(cd [^`]+)`", line)
    assert command.startswith("(cd '../B dir' && handoff-audit update handoff.json "), command
    ran = subprocess.run(["bash", "-c", command], cwd=a.root, capture_output=True, text=True)
    assert ran.returncode == 0, (command, ran.stderr)
    data = (b.root / "handoff.json").read_text(encoding="utf-8")
    assert "hand edit" in data and '"branch": "feat"' in data
    assert run_cli(["check", "../B dir"], cwd=a.root).code == 0
