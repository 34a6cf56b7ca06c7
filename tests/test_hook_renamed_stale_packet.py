"""Review 50-2, defect 1: after `git branch -m`, the packet of the old name is re-pointed by
the Stop hook's fix; when the work moved on after it, the same fix refreshes it (`--summary`),
and `update --branch` alone is refused: its commit would make the stale packet pass as current.
An agent that runs only what the hook prints ends with a current packet of the new branch."""

from __future__ import annotations

import json
from pathlib import Path

from stop_play import play, sh, transcript, with_packet

ANSWERS = {"what the commits since the packet": "Wrote f2.py; f3.py is next."}


def test_a_renamed_branch_s_stale_packet_is_refreshed_not_only_re_pointed(
    tmp_path: Path,
) -> None:
    repo = with_packet(tmp_path, "feat/old", verify=True)
    repo.write("f2.py", "2\n")
    repo.commit("add f2")  # the work moves on after the packet
    repo.git("branch", "-m", "feat/new")
    # The re-point alone would commit the packet after the work: refused, naming the fix.
    alone = sh("handoff-audit update handoff.json --branch feat/new", repo.root)
    assert alone.returncode != 0 and "Traceback" not in alone.stderr
    assert len(alone.stderr.strip().splitlines()) == 1, alone.stderr
    assert "re-point and refresh it together" in alone.stderr
    assert "--branch feat/new --summary" in alone.stderr
    ran = play(repo, transcript(tmp_path, repo.root), ANSWERS)
    assert len(ran) == 1 and "--branch feat/new --summary " in ran[0], ran
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert data["branch"] == "feat/new"
    assert data["summary"] == ANSWERS["what the commits since the packet"]
    check = sh("handoff-audit check", repo.root)
    assert check.returncode == 0, check.stdout + check.stderr
