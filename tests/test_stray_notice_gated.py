"""The Action's "not audited" notice offers ``extend-packets`` only for files the audit could
read as handoffs: not a symbolic link, a submodule or a folder (``.handoff``,
``docs/handoffs``), nor a file the merge gate blocks in the same run (``m/HANDOFF.MARKDOWN``),
whose fix is to take it out of the pull request."""

from __future__ import annotations

import subprocess
from pathlib import Path

from action_runner import BRANCH, Runner

NOTE = (
    "# Handoff\n\n## State\nRefunds half done; tests fail in src/refund.py.\n\n"
    "## Next step\nFix the rounding in src/refund.py, then run pytest.\n"
)


def _notice(out: str) -> str:
    [line] = [line for line in out.splitlines() if "not audited::" in line]
    return line


def test_the_notice_leaves_out_links_and_what_the_gate_blocks(
    runner: Runner, tmp_path: Path
) -> None:
    """It advised ``extend-packets: [".handoff", "docs/handoffs", "m/HANDOFF.MARKDOWN", …]``
    for a link the gate blocks as ``active-in-merge``, a link to a folder, and a note it blocks
    as ``handoff-in-merge``; a text file named as a handoff is still offered."""
    (tmp_path / "h").mkdir()
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    (runner.repo.root / ".handoff").symlink_to(tmp_path / "h")
    (runner.repo.root / "docs").mkdir()
    (runner.repo.root / "docs" / "handoffs").symlink_to(tmp_path / "h")
    runner.repo.write("m/HANDOFF.MARKDOWN", NOTE)
    runner.repo.write("notes/HANDOFF.txt", NOTE)
    runner.head = runner.repo.commit("links, a note the gate blocks, a text handoff")

    done = runner.run("pull_request", runner.pull_request(), comment="false")

    assert done.code == 1, done.out
    assert "::error file=.handoff,title=handoff-audit%3A active-in-merge::" in done.out
    assert "::error file=m/HANDOFF.MARKDOWN,title=handoff-audit%3A handoff-in-merge::" in done.out
    notice = _notice(done.out)
    assert 'set `extend-packets: ["notes/HANDOFF.txt"]` in .handoff-audit.yml' in notice, notice
    assert "handoffs elsewhere: notes/HANDOFF.txt; to audit it, set" in notice, notice


def test_the_notice_leaves_out_a_submodule(runner: Runner, tmp_path: Path) -> None:
    """A submodule ``handoffs`` on a push was offered as ``extend-packets: ["handoffs"]``."""
    sub = tmp_path / "sub"
    sub.mkdir()
    for args in (
        ["init", "-q", "-b", "main"],
        ["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "--allow-empty", "-m", "s"],
    ):
        subprocess.run(["git", *args], cwd=sub, check=True)
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.git(
        "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub), "handoffs"
    )
    runner.head = runner.repo.commit("a submodule named as a handoff folder")

    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=runner.head)
    done = runner.run("push", payload, comment="false")

    assert "not audited" not in done.out, done.out
