"""The whole life of packets across two branches and a merge, with the real git:
new -> update -> supersede -> archive -> merge -> the next branch's new (README, "Lifecycle")."""

from __future__ import annotations

import json
from typing import Any

from handoff_audit.markdown import render_packet


def _audit(run_cli: Any, repo: Any, *args: str) -> dict[str, Any]:
    result = run_cli(["check", "--format", "json", *args, "."], cwd=repo.root)
    assert result.code in (0, 1), result.err
    report: dict[str, Any] = json.loads(result.out)
    return report


def _clean(report: dict[str, Any]) -> None:
    assert report["findings"] == [], report["findings"]


def _ok(result: Any) -> None:
    assert result.code == 0, result.err


def test_lifecycle_across_two_branches_and_a_merge(git_repo: Any, run_cli: Any) -> None:
    repo = git_repo
    repo.write(".handoff-audit.yml", "verify: test -f src/app.py\n")
    repo.write("src/app.py", "print('shop')\n")
    repo.commit("shop")

    # Branch one: start, refresh, start over, finish.
    repo.git("checkout", "-q", "-b", "feat/refunds")
    repo.write("src/refunds.py", "def refund(): ...\n")
    repo.commit("refunds")
    _ok(
        run_cli(
            [
                "new",
                "--summary",
                "Refund endpoint added.",
                "--next-action",
                "Add idempotency keys.",
                "--verdict-pointer",
                "src/refunds.py",
                "--verify",
            ],
            cwd=repo.root,
        )
    )
    first = repo.commit("handoff: start")
    assert json.loads((repo.root / "handoff.json").read_text())["last_known_good_commit"] == (
        repo.git("rev-parse", "HEAD~1")
    )
    _clean(_audit(run_cli, repo))

    repo.write("src/refunds.py", "def refund(key): ...\n")
    repo.commit("keys")
    _ok(
        run_cli(
            [
                "update",
                "--verify",
                "--summary",
                "Idempotency keys added.",
                "--next-action",
                "Test concurrent refunds.",
                "--decision",
                "key in a header",
                "the body is signed",
            ],
            cwd=repo.root,
        )
    )
    data = json.loads((repo.root / "handoff.json").read_text())
    assert data["last_known_good_commit"] == repo.head()
    assert data["changed_files"] == ["src/refunds.py"]
    assert [c["exit"] for c in data["commands_run"]] == [0, 0]
    repo.commit("handoff: refresh")
    _clean(_audit(run_cli, repo))
    assert first != repo.head()

    again = run_cli(
        ["new", "--summary", "s.", "--next-action", "n.", "--verdict-pointer", "v"],
        cwd=repo.root,
    )
    assert again.code == 2 and "update" in again.err and "supersede" in again.err

    # The successor's path names a file once `new` has written it; until then, its topic.
    _ok(run_cli(["supersede", "handoff.json", "--by", "refunds-v2"], cwd=repo.root))
    _ok(
        run_cli(
            [
                "new",
                "--output",
                ".handoff/refunds-v2.json",
                "--summary",
                "Refunds redone with a ledger lock.",
                "--next-action",
                "Ship it.",
                "--verdict-pointer",
                "src/refunds.py",
                "--verify",
            ],
            cwd=repo.root,
        )
    )
    _ok(run_cli(["supersede", "handoff.json", "--by", ".handoff/refunds-v2.json"], cwd=repo.root))
    repo.commit("handoff: start over")
    _clean(_audit(run_cli, repo))

    _ok(run_cli(["archive", ".handoff/refunds-v2.json"], cwd=repo.root))
    repo.commit("handoff: done")
    _clean(_audit(run_cli, repo, "--target-branch", "main"))

    # The merge: finished packets stay as history; nothing blocks it.
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "feat/refunds", "-m", "merge feat/refunds")
    report = _audit(run_cli, repo)
    _clean(report)
    assert {p["path"]: p["status"] for p in report["packets"]} == {
        "handoff.json": "superseded",
        ".handoff/refunds-v2.json": "archived",
    }

    # Branch two: the default flow does not block itself on the old branch's packet.
    repo.git("checkout", "-q", "-b", "feat/search")
    repo.write("src/search.py", "def search(): ...\n")
    repo.commit("search")
    new = run_cli(
        [
            "new",
            "--summary",
            "Search endpoint added.",
            "--next-action",
            "Add paging.",
            "--verdict-pointer",
            "src/search.py",
            "--verify",
        ],
        cwd=repo.root,
    )
    _ok(new)
    assert "replaced handoff.json" in new.err
    data = json.loads((repo.root / "handoff.json").read_text())
    assert data["branch"] == "feat/search" and data["status"] == "active"
    assert data["changed_files"] == ["src/search.py"]
    assert (repo.root / "handoff.md").read_text() == render_packet(data)
    repo.commit("handoff: search")
    _clean(_audit(run_cli, repo))
    _ok(run_cli(["update", "--next-action", "Add paging and sorting."], cwd=repo.root))
    repo.commit("handoff: refresh")

    # The merge gate still holds while the work is not finished.
    gate = _audit(run_cli, repo, "--target-branch", "main")
    assert [f["rule"] for f in gate["findings"]] == ["active-in-merge"]
    assert repo.git("show", "main:handoff.json").count('"superseded"') == 1
