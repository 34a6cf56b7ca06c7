"""comment-when-clear acts on the token's own comment only (issue 21, item 9): a *User* whose
login is the app's name without ``[bot]`` is someone else; a user token's comments are known
by the account id."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from action_support import report
from fake_github import FakeGitHub, serve
from handoff_audit.action.api import Client, RetryPolicy
from handoff_audit.action.comment import MARKER, upsert

PR = 7
BOT = "github-actions[bot]"
LOOK_ALIKE = "github-actions"  # a User account with the app's name


@pytest.fixture
def fake() -> Iterator[tuple[FakeGitHub, str]]:
    github = FakeGitHub()
    with serve(github) as url:
        github.add_pull(PR, "feat/refunds")
        yield github, url
    assert github.violations == []


def _client(url: str, fake: FakeGitHub, token: str = "bot-token") -> Client:
    policy = RetryPolicy(sleep=lambda _: None, write_interval=None)
    return Client(token, url, f"{fake.owner}/{fake.repo}", policy)


def _bodies(fake: FakeGitHub, login: str) -> list[str]:
    return [c["body"] for c in fake.ours(PR, login)]


@pytest.mark.parametrize("mode", ["update", "minimize", "delete"])
def test_a_look_alike_user_s_marker_comment_is_left_alone(
    fake: tuple[FakeGitHub, str], mode: str
) -> None:
    github, url = fake
    forged = f"{MARKER}\nlooks like the bot's"
    github.add_comment(PR, LOOK_ALIKE, forged)
    github.add_comment(PR, BOT, f"{MARKER}\nthe bot's own")
    outcome = upsert(_client(url, github), PR, report(findings=0), when_clear=mode)
    assert outcome.removed == 0
    assert _bodies(github, LOOK_ALIKE) == [forged]
    [forged_node] = [c["node_id"] for c in github.ours(PR, LOOK_ALIKE)]
    assert forged_node not in github.minimized
    assert outcome.action in {"updated", "minimized", "deleted"}
    assert len(_bodies(github, BOT)) == (0 if mode == "delete" else 1)


def test_only_a_look_alike_comment_means_a_new_comment_of_ours(
    fake: tuple[FakeGitHub, str],
) -> None:
    github, url = fake
    github.add_comment(PR, LOOK_ALIKE, f"{MARKER}\nforged")
    outcome = upsert(_client(url, github), PR, report(findings=1))
    assert outcome.action == "created"
    assert len(_bodies(github, BOT)) == 1 and len(_bodies(github, LOOK_ALIKE)) == 1


def test_a_user_token_knows_its_comments_by_account_id(fake: tuple[FakeGitHub, str]) -> None:
    github, url = fake
    github.tokens["alice-token"] = "alice"
    github.add_comment(PR, "alice", f"{MARKER}\nalice's earlier run")
    outcome: Any = upsert(_client(url, github, "alice-token"), PR, report(findings=2))
    assert outcome.action == "updated"
    assert len(_bodies(github, "alice")) == 1
