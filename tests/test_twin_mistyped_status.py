"""A packet whose `status` is mistyped (``"Active"``) keeps its generated twin: `check` reports
the `schema` finding alone and never judges handoff.md as a hand-written handoff
(`md-incomplete`), as `explain md-incomplete --file handoff.md` says (review 49-10, defect 3).
A JSON file that is no packet at all still frees its markdown (tests/test_twin_not_a_packet.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from conftest import GitRepo


@pytest.mark.parametrize("status", ["Active", "deployed"])
def test_a_mistyped_status_leaves_the_twin_a_twin(
    git_repo: GitRepo, run_cli: Callable[..., Any], status: str
) -> None:
    git_repo.write("a.txt", "a\n")
    git_repo.write("r.txt", "r\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/t")
    git_repo.write("a.txt", "a\nw\n")
    git_repo.commit("work")
    written = run_cli(
        [
            *("new", "--summary", "Added the refund endpoint."),
            *("--next-action", "Add idempotency keys to POST /refunds.", "--verdict-pointer"),
            "r.txt",
        ],
        cwd=git_repo.root,
    )
    assert written.code == 0, written.err
    git_repo.commit("packet")
    path = git_repo.root / "handoff.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"active"', f'"{status}"'), "utf-8")
    git_repo.commit("typo")

    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 1
    assert "handoff.md" not in checked.out, checked.out
    assert "md-incomplete" not in checked.out
    assert "1 packet checked: 1 error, 0 warnings, 0 notes." in checked.out
    report = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()
    assert [p["markdown"] for p in report["packets"]] == ["handoff.md"]
    assert [f["rule"] for f in report["findings"]] == ["schema"]
    explained = run_cli(["explain", "md-incomplete", "--file", "handoff.md"], cwd=git_repo.root)
    assert "is the markdown twin of the JSON packet handoff.json" in explained.err
    assert json.loads(path.read_text(encoding="utf-8"))["status"] == status
