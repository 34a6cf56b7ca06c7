"""Review 50-7, defect 3: a credential given as `--branch` is never echoed: not by `check
--branch` (its `branch-mismatch` finding, in every format), not by `update --branch` (refused,
as `new --branch` is). A real branch named like a credential, when a fix must name it, is
renamed first to a name the user fills in. (The tokens are built from parts: this file holds
none.)"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from agent_support import run_fix
from stop_play import sh, with_packet

TOKEN = "ghp_" + "aB3dE5fG7hJ9" * 3


@pytest.mark.parametrize("form", ["text", "json", "sarif", "github"])
def test_check_branch_credential_is_redacted(tmp_path: Path, form: str) -> None:
    root = with_packet(tmp_path, "feat").root
    done = sh(f"handoff-audit check --format {form} --branch {TOKEN}", root)
    assert done.returncode == 1, done.stdout + done.stderr
    assert TOKEN not in done.stdout + done.stderr
    assert "branch-mismatch" in done.stdout and "[redacted GitHub token]" in done.stdout
    if form == "json":
        json.loads(done.stdout)


def test_update_branch_credential_is_refused_unechoed(tmp_path: Path) -> None:
    root = with_packet(tmp_path, "feat").root
    before = (root / "handoff.json").read_bytes()
    done = sh(f"handoff-audit update --branch {TOKEN} --summary x", root)
    assert done.returncode == 2, done.stderr
    assert TOKEN not in done.stdout + done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("handoff-audit: error: --branch looks like a GitHub token;")
    assert (root / "handoff.json").read_bytes() == before


def test_a_credential_named_branch_is_renamed_before_re_pointing(tmp_path: Path) -> None:
    root = with_packet(tmp_path, "feat/old").root
    sh(f"git branch -m {TOKEN}", root)
    check = sh("handoff-audit check", root)
    assert check.returncode == 1 and TOKEN not in check.stdout + check.stderr
    line = next(x for x in check.stdout.splitlines() if "branch-mismatch" in x)
    command = line.split("run `", 1)[1].split("`", 1)[0]
    assert command.startswith('git branch -m "<'), command
    filled = command.replace('"<a new name for the branch, not a credential>"', "feat/new")
    ran = run_fix(root, filled)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert json.loads((root / "handoff.json").read_text(encoding="utf-8"))["branch"] == "feat/new"
    after = sh("handoff-audit check", root)
    assert after.returncode == 0 and TOKEN not in after.stdout + after.stderr, after.stdout
    assert shlex.split(filled)[:3] == ["git", "branch", "-m"]
