#!/usr/bin/env python3
"""Build a throwaway git repository in which every git-aware rule of handoff-audit fires, then
audit it and print what the audit says.

    python examples/git-demo/make-demo.py            # builds in a temporary folder, removes it
    python examples/git-demo/make-demo.py --keep DIR # builds in DIR (must not exist) and keeps it

The repository: `main` moves on after the packet's last known good commit (lkg-behind); the
branch `feat/refund` carries a packet written long ago (packet-age), work committed after it
(packet-outdated), pointers to files that do not exist (dangling-pointer), a second packet with a
made-up commit and another branch's name (lkg-unknown, branch-mismatch) and a HANDOFF.md that
the work then outran (handoff-outdated); the
branch `feat/refund-spike` claims the same (branch, topic) (multiple-active, with
--all-branches); auditing it as a pull request into `main` blocks the merge (handoff-in-merge,
active-in-merge). Last, a depth-1 clone whose remote is gone shows history-unavailable, even
with --fetch-history (without it, `check` would not have tried to fetch at all).
Only the git-aware rules are selected, so the output shows just them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

DAY = 86_400
GIT_RULES = (
    "lkg-unknown,lkg-behind,packet-outdated,handoff-outdated,packet-age,history-unavailable,"
    "dangling-pointer,"
    "branch-mismatch,multiple-active,handoff-in-merge,active-in-merge"
)
ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "Demo",
    "GIT_AUTHOR_EMAIL": "demo@example.com",
    "GIT_COMMITTER_NAME": "Demo",
    "GIT_COMMITTER_EMAIL": "demo@example.com",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
}


def git(root: Path, *args: str, days_ago: float = 0) -> str:
    when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - days_ago * DAY))
    env = {**ENV, "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
    done = subprocess.run(["git", *args], cwd=root, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.strip()


def write(root: Path, path: str, content: str | dict[str, Any]) -> None:
    target = root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, dict):
        content = json.dumps(content, indent=2) + "\n"
    target.write_text(content, encoding="utf-8")


def commit(root: Path, message: str, days_ago: float = 0) -> str:
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", message, days_ago=days_ago)
    return git(root, "rev-parse", "HEAD")


def packet(branch: str, lkg: str, **fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "schema_version": "1",
        "title": "Refund rounding",
        "branch": branch,
        "last_known_good_commit": lkg,
        "status": "active",
        "summary": "EUR refunds round half-even now; GBP still rounds half-up.",
        "changed_files": ["src/refund.py"],
        "commands_run": [{"cmd": "pytest tests/test_refund.py", "exit": 0}],
        "failed_attempts": [],
        "open_risks": [{"what": "GBP totals may differ by a penny", "severity": "medium"}],
        "next_action": "Switch GBP to half-even in src/refund.py and update the golden files.",
        "verdict_pointer": "reports/refund-tests.xml",
        "pointers": ["src/refund.py:12", "docs/refund-design.md"],
    }
    data.update(fields)
    return data


def build(root: Path) -> Path:
    """The demo repository, on branch feat/refund."""
    root.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    write(root, "src/refund.py", "def refund(amount):\n    return round(amount, 2)\n")
    lkg = commit(root, "refund: first version", days_ago=60)
    for i in range(12):
        write(root, "src/ledger.py", f"VERSION = {i}\n")
        commit(root, f"ledger: step {i}", days_ago=50 - i)

    git(root, "checkout", "-q", "-b", "feat/refund")
    write(root, ".handoff/refund.json", packet("feat/refund", lkg))
    write(root, ".handoff/refund.md", "# Refund rounding\n\n(rendered twin)\n")
    commit(root, "handoff: refund rounding", days_ago=30)
    write(root, "src/refund.py", "def refund(amount):\n    return round(amount, 2)  # GBP?\n")
    commit(root, "refund: try GBP", days_ago=2)
    stale = packet(
        "feat/refund-old", "deadbeef1234", topic="notes", summary="Notes from the old branch."
    )
    write(root, ".handoff/notes.json", stale)
    write(root, "HANDOFF.md", "# Handoff\n\nHalf done: see .handoff/refund.json.\n")
    commit(root, "handoff: notes and HANDOFF.md", days_ago=1)
    write(root, "src/refund.py", "def refund(amount):\n    return round(amount, 2)  # GBP!\n")
    commit(root, "refund: GBP half-even", days_ago=0.5)

    git(root, "checkout", "-q", "-b", "feat/refund-spike", "main")
    spike = packet("feat/refund", lkg, summary="Spike: decimal-based rounding.")
    write(root, ".handoff/spike.json", spike)
    commit(root, "spike handoff")
    git(root, "checkout", "-q", "feat/refund")
    return root


def audit(root: Path, *args: str) -> int:
    print(f"\n$ cd {root.name} && handoff-audit check {' '.join(args)}", flush=True)
    command = [
        sys.executable,
        "-c",
        "from handoff_audit.cli.main import main; raise SystemExit(main())",
    ]
    return subprocess.run([*command, "check", *args], cwd=root, env=ENV).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="build here and keep it (must not exist)")
    options = parser.parse_args()
    base = options.keep or Path(tempfile.mkdtemp(prefix="handoff-git-demo-")) / "work"
    try:
        repo = build(base / "demo")
        audit(repo, "--all-branches", "--target-branch", "main", "--select", GIT_RULES)
        shallow = base / "shallow"
        git(
            base, "clone", "-q", "--depth", "1", "--branch", "feat/refund", repo.as_uri(), "shallow"
        )
        git(shallow, "remote", "set-url", "origin", (base / "gone").as_uri())
        audit(shallow, "--fetch-history", "--select", GIT_RULES)
    finally:
        if options.keep is None:
            shutil.rmtree(base.parent, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
