"""The commands that the hook and check print run in bash and in sh (dash) as printed when a
path holds a newline, a tab or another control character: the word is written
``"$(printf 'nl\\012dir/HANDOFF.md')"``, where it came out as ``'nl\\ndir/HANDOFF.md'`` (a
backslash and an ``n`` inside single quotes, another file), then as bash's ``$'…'``, which dash
reads as a ``$`` and the escapes as they are. And ``dangling-pointer`` calls such a path
missing, not outside the repository. Real repositories, the real CLI and hook, the printed
commands run with ``bash -c`` and ``sh -c``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from agent_support import feature_repo, fill_in, run_hook, stop_event, the_command
from conftest import GitRepo, Result
from core_packets import packet, write_packet
from git_helpers import check, hits
from handoff_audit.shell import quote

Run = Callable[..., Result]

FOLDER = "nl\ndir"
HANDOFF = f"{FOLDER}/HANDOFF.md"


def bash(root: Path, command: str, shell: str = "bash") -> subprocess.CompletedProcess[bytes]:
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "LC_ALL": "C.UTF-8",
    }
    return subprocess.run([shell, "-c", command], cwd=root, env=env, capture_output=True)


@pytest.mark.parametrize(
    "word",
    [
        "nl\ndir/HANDOFF.md",
        "tab\there.md",
        "esc\x1b[31m.md",
        "it's a \\ path.md",
        "rtl\u202efdp.md",
        "bad-\udcff-byte.md",  # a byte that is not UTF-8, as Python reads a file name
        "plain/handoff.json",
        "my notes/handoff.json",
        '-x\t"$(rm)`q` %s %% )\\n.md',  # what printf or the shell would read as more
    ],
)
@pytest.mark.parametrize("shell", ["bash", "sh"])
def test_the_shell_reads_the_quoted_word_back(tmp_path: Path, word: str, shell: str) -> None:
    quoted = quote(word)
    assert quoted.isprintable() and "\n" not in quoted
    done = bash(tmp_path, f"printf %s {quoted}", shell)
    assert done.returncode == 0, done.stderr
    assert done.stdout == os.fsencode(word)


def test_a_word_without_controls_is_quoted_as_before() -> None:
    assert quote("my notes/handoff.json") == "'my notes/handoff.json'"
    assert quote("handoff.json") == "handoff.json"


def test_the_hook_fix_for_a_handoff_in_a_folder_with_a_newline_runs_in_sh(
    git_repo: GitRepo,
) -> None:
    feature_repo(git_repo)
    git_repo.write(HANDOFF, "# H\n\ntext\n")
    git_repo.commit("a handoff without a next step")
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    command = the_command(blocked.err, "fix:")
    assert command.endswith(">> \"$(printf 'nl\\012dir/HANDOFF.md')\"")
    done = bash(git_repo.root, fill_in(command), "sh")
    assert done.returncode == 0, done.stderr
    assert "## Next step" in (git_repo.root / HANDOFF).read_text()
    assert not (git_repo.root / "nl\\ndir").exists()
    git_repo.commit("the next step")
    assert run_hook(stop_event(git_repo.root)).code == 0


def test_git_rm_for_a_handoff_in_a_folder_with_a_newline_runs_in_sh(
    git_repo: GitRepo, run_cli: Run
) -> None:
    feature_repo(git_repo)
    git_repo.write(HANDOFF, "# Refunds\n\n## Next step\n\nFix GBP rounding.\n")
    git_repo.commit("handoff: notes")
    printed = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    [line] = [line for line in printed.out.splitlines() if ": handoff-in-merge: " in line]
    [command] = [c for c in re.findall(r"`([^`]+)`", line) if c.startswith("git rm")]
    assert command.startswith("git rm -- \"$(printf ':/nl\\012dir/HANDOFF.md')\" && ")
    done = bash(git_repo.root, command, "sh")
    assert done.returncode == 0, done.stderr
    assert not (git_repo.root / HANDOFF).exists()
    assert hits(check(run_cli, git_repo.root, "--target-branch", "main"), "handoff-in-merge") == []


def test_a_pointer_with_a_newline_is_inside_the_repository(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("a\nb.py", "x = 1\n")
    write_packet(
        git_repo.root,
        packet(
            changed_files=["a\nb.py", "c\nd.py"], pointers=["e\tf.py"], verdict_pointer="a\nb.py"
        ),
    )
    git_repo.commit("pointers with controls")
    result = run_cli(
        ["check", "--format", "json", "--select", "dangling-pointer"], cwd=git_repo.root
    )
    found = {f["pointer"]: f["message"] for f in result.json()["findings"]}
    assert set(found) == {"/changed_files/1", "/pointers/0"}  # a\nb.py exists
    assert found["/changed_files/1"].startswith(
        "changed_files[1] points at `c\\nd.py`, which does not exist in the repository"
    )
    assert found["/pointers/0"].startswith(
        "pointers[0] points at `e\\tf.py`, which does not exist in the repository"
    )
