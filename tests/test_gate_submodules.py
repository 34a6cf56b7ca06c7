"""A git submodule (a gitlink) where the merge gate looks is blocked as a symbolic link there
is: at a ``packets`` folder (``.handoff``) the audit reads no packet in it, so nothing shows
their work finished (``active-in-merge``); under a working note's name (``HANDOFF.md``) it is
no file the gate can read (``handoff-in-merge``). Each finding says it is a submodule and how
to remove it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from action_runner import BRANCH, Runner
from action_support import packet_data
from handoff_audit.markdown import render_packet


def _with_submodule(runner: Runner, tmp_path: Path, at: str) -> None:
    """The pull request's commit with a submodule at ``at`` holding an active packet."""
    data = packet_data(branch=BRANCH, last_known_good_commit=runner.base)
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "refund.json").write_text(json.dumps(data), encoding="utf-8")
    (sub / "refund.md").write_text(render_packet(data), encoding="utf-8")
    for args in (
        ["init", "-q", "-b", "main"],
        ["add", "-A"],
        ["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "-m", "packets"],
    ):
        subprocess.run(["git", *args], cwd=sub, check=True)
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub), at)
    runner.head = runner.repo.commit(f"a submodule at {at}")


def test_a_submodule_at_the_packets_folder_is_blocked_like_a_link(
    runner: Runner, tmp_path: Path
) -> None:
    """It passed (exit 0) with a notice advising ``extend-packets: [".handoff"]``, while a
    symbolic link there is blocked."""
    _with_submodule(runner, tmp_path, ".handoff")

    done = runner.run("pull_request", runner.pull_request(), comment="false")

    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "::error file=.handoff,title=handoff-audit%3A active-in-merge::" in done.out
    assert (
        ".handoff is a git submodule where the `packets` globs look for packets, and it would be "
        "merged into the protected branch main: the audit does not read packets in a submodule"
    ) in done.out
    assert "remove the submodule (`git rm -- :/.handoff`" in done.out
    assert "extend-packets" not in done.out


def test_a_submodule_named_as_a_working_note_is_named_a_submodule(
    runner: Runner, tmp_path: Path
) -> None:
    """It was blocked as a note that "could not be read", beside ``invalid-json``'s "the path
    is a folder, not a regular file … a packet is a file"."""
    _with_submodule(runner, tmp_path, "HANDOFF.md")

    done = runner.run("pull_request", runner.pull_request(), comment="false")

    assert done.code == 1, done.out
    assert "::error file=HANDOFF.md,title=handoff-audit%3A handoff-in-merge::" in done.out
    assert (
        "HANDOFF.md is a git submodule where a handoff file is expected (its name is a working "
        "note's), and it would be merged into the protected branch main"
    ) in done.out
    assert "remove the submodule (`git rm -- :/HANDOFF.md`" in done.out
    assert "invalid-json" not in done.out and "a packet is a file" not in done.out
    assert "could not be read" not in done.out


def test_a_submodule_the_target_has_as_it_is_is_not_the_branchs(
    runner: Runner, tmp_path: Path
) -> None:
    """A pull request that leaves the base's submodule as it is brings nothing new there."""
    _with_submodule(runner, tmp_path, ".handoff")
    runner.repo.git("checkout", "-q", "main")
    runner.repo.git("merge", "-q", "--no-ff", "-m", "take the submodule", BRANCH)
    runner.repo.git("checkout", "-q", BRANCH)
    runner.repo.write("src/more.py", "x = 1\n")
    runner.head = runner.repo.commit("more work")
    payload = runner.pull_request()

    done = runner.run("pull_request", payload, comment="false")

    assert "is a git submodule" not in done.out, done.out
