"""A number in a dated file's topic (``2026-06-14-supplier-slice-1-closeout.md``) names the
work, not the day's order: of two files with one date the one committed last is current
(README, "Newest means"), whatever numbers their topics hold. A number right after the date
(``2026-06-14-2-auth.md``) still orders that day's files. Real repositories, the real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import GitRepo

BODY = (
    "# Handoff\n\n## State\n{what} closed; `go test ./...` passes.\n\n## Next step\n"
    "Start the next slice in `internal/{what}/repo.go`.\n"
)


@pytest.fixture
def branch(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo", branch="feat/supplier")


@pytest.mark.parametrize(
    ("first", "last"),
    [
        ("2026-06-14-supplier-slice-1-closeout.md", "2026-06-14-supplier-postgres.md"),
        ("2026-06-14-v2-api.md", "2026-06-14-db.md"),
        ("2026-06-14-phase-3.md", "2026-06-14-phase-2-review.md"),
    ],
)
def test_of_one_day_the_file_committed_last_is_current(
    branch: GitRepo,
    run_cli,
    first: str,
    last: str,  # type: ignore[no-untyped-def]
) -> None:
    branch.write(f"docs/handoffs/{first}", BODY.format(what="slice"))
    branch.commit("one", date="2026-06-14T10:30:00Z")
    branch.write(f"docs/handoffs/{last}", BODY.format(what="postgres"))
    branch.commit("two", date="2026-06-14T23:41:00Z")
    report = run_cli(["check", "--format", "json"], cwd=branch.root).json()
    (packet,) = report["packets"]
    assert packet["path"] == f"docs/handoffs/{last}", packet
    shown = run_cli(["show"], cwd=branch.root)
    assert f"docs/handoffs/{last}, the newest of 2 handoffs" in shown.out, shown.out


def test_a_number_right_after_the_date_orders_the_day(branch: GitRepo, run_cli) -> None:  # type: ignore[no-untyped-def]
    branch.write("docs/handoffs/2026-06-14-2-auth.md", BODY.format(what="auth"))
    branch.commit("second of the day first", date="2026-06-14T10:30:00Z")
    branch.write("docs/handoffs/2026-06-14-1-db.md", BODY.format(what="db"))
    branch.commit("first of the day, committed later", date="2026-06-14T23:41:00Z")
    report = run_cli(["check", "--format", "json"], cwd=branch.root).json()
    (packet,) = report["packets"]
    assert packet["path"] == "docs/handoffs/2026-06-14-2-auth.md", packet
