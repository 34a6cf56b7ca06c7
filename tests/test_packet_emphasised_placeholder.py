"""A packet's `next_action` or `summary` of an emphasised placeholder (``**TODO**``, ``_TBD_``,
``*TBD*``, `` `TODO` ``) is a placeholder, as the same blank in a hand-written HANDOFF.md is:
`new` and `update` refuse it, `check` reports `placeholder`, and `show` warns instead of quoting
it as the next action (review 49-10, defect 1)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from conftest import GitRepo

BLANKS = ["**TODO**", "_TBD_", "*TBD*", "`TODO`", "__TBD__."]


def _feature(repo: GitRepo) -> None:
    repo.write("a.txt", "a\n")
    repo.write("r.txt", "r\n")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", "feat/p")
    repo.write("a.txt", "a\nw\n")
    repo.commit("work")


def _new(run_cli: Callable[..., Any], repo: GitRepo, next_action: str) -> Any:
    return run_cli(
        [
            *("new", "--summary", "Added the refund endpoint.", "--next-action", next_action),
            *("--verdict-pointer", "r.txt"),
        ],
        cwd=repo.root,
    )


def _packet_with_next_action(repo: GitRepo, run_cli: Callable[..., Any], text: str) -> None:
    """A committed packet on a feature branch whose next_action was set to ``text`` by hand
    (`new` refuses a placeholder), its twin rendered."""
    _feature(repo)
    assert _new(run_cli, repo, "Add idempotency keys to POST /refunds.").code == 0
    path = repo.root / "handoff.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["next_action"] = text
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    assert run_cli(["render", "--write", "handoff.json"], cwd=repo.root).code == 0
    repo.commit("packet")


@pytest.mark.parametrize("blank", BLANKS)
def test_new_and_update_refuse_an_emphasised_placeholder(
    git_repo: GitRepo, run_cli: Callable[..., Any], blank: str
) -> None:
    _feature(git_repo)
    refused = _new(run_cli, git_repo, blank)
    assert refused.code == 2
    assert "next_action is a placeholder" in refused.err
    assert not (git_repo.root / "handoff.json").exists()
    assert _new(run_cli, git_repo, "Add idempotency keys to POST /refunds.").code == 0
    updated = run_cli(["update", "handoff.json", "--next-action", blank], cwd=git_repo.root)
    assert updated.code == 2
    assert "next_action is a placeholder" in updated.err
    kept = run_cli(
        ["update", "handoff.json", "--next-action", "**Add keys** first."], cwd=git_repo.root
    )
    assert kept.code == 0, kept.err


@pytest.mark.parametrize("blank", BLANKS)
def test_check_and_show_treat_an_emphasised_placeholder_as_blank(
    git_repo: GitRepo, run_cli: Callable[..., Any], blank: str
) -> None:
    _packet_with_next_action(git_repo, run_cli, blank)

    checked = run_cli(["check", "--select", "placeholder"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    assert f"placeholder: next_action is a placeholder ({json.dumps(blank)})" in checked.out

    shown = run_cli(["show"], cwd=git_repo.root)
    first = shown.out.splitlines()[0]
    assert first.startswith("Warning: handoff.json is not filled in"), shown.out
    assert f"Next action: {blank}" not in shown.out
