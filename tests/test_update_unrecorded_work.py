"""`update` with neither `--summary` nor `--next-action` after work the packet's words never
recorded is refused: keeping them would make the packet current, the Stop hook would let the
session go and `show` would hand over the next action those commits may have done. Commits of
the branch's other topics alone leave its words true: that refresh is taken."""

from __future__ import annotations

from typing import Any

import pytest

from agent_support import run_hook, stop_event
from authoring_support import NEW, on_feature_branch, packet_json


@pytest.fixture
def started(git_repo: Any, run_cli: Any) -> Any:
    repo = on_feature_branch(git_repo)
    repo.write("reports/junit.xml", "<testsuite/>\n")
    repo.write(".gitignore", "reports/\n")
    repo.commit("ignore reports")
    result = run_cli([*NEW, "--verify", "true"], cwd=repo.root)
    assert result.code == 0, result.err
    repo.commit("handoff")
    return repo


def test_update_without_new_words_after_the_work_is_refused(started: Any, run_cli: Any) -> None:
    before = packet_json(started)
    started.write("src/app.py", "print('duplicate check fixed')\n")
    started.commit("fix the duplicate check")
    newest = started.head()

    refused = run_cli(["update", "--verify", "true"], cwd=started.root)

    assert refused.code == 2, refused.err
    [line] = refused.err.strip().splitlines()
    assert f"the newest {newest[:12]} (`fix the duplicate check`) changed `src/app.py`" in line
    assert "do not cover those commits" in line
    assert "--verify true --summary" in line and "--next-action" in line
    assert packet_json(started) == before  # nothing written
    assert run_hook(stop_event(started.root)).code == 2  # still outdated

    words = ["--summary", before["summary"], "--next-action", before["next_action"]]
    same = run_cli(["update", "--verify", "true", *words], cwd=started.root)
    assert same.code == 2, same.err  # the words as they stood are no new words (58-4)
    assert "do not cover those commits" in same.err
    assert packet_json(started) == before

    said = run_cli(
        ["update", "--verify", "true", "--next-action", "Test the duplicate check."],
        cwd=started.root,
    )
    assert said.code == 0, said.err
    started.commit("handoff: refresh")
    assert packet_json(started)["next_action"] == "Test the duplicate check."
    assert run_hook(stop_event(started.root)).code == 0


def test_update_without_new_words_before_any_work_is_taken(started: Any, run_cli: Any) -> None:
    result = run_cli(["update", "--verify", "true"], cwd=started.root)
    assert result.code == 0, result.err
    assert packet_json(started)["next_action"] == "Fix the duplicate check."
