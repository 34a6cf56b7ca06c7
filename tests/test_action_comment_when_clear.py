"""``comment-when-clear``: once nothing is left to report, our comment says "all clear"
(``update``), is hidden as resolved (``minimize``, GraphQL ``minimizeComment``) or deleted
(``delete``); a hidden one is shown again when there is something to say. Against the local
API, whose GraphQL side checks every document against GitHub's published schema."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import graphql
import pytest

from action_runner import Runner as ActionRunner
from action_support import packet_data, report
from fake_github import GRAPHQL_SCHEMA, FakeGitHub, serve
from handoff_audit.action import minimize
from handoff_audit.action.api import VIEWER_QUERY, ApiError, Client, RetryPolicy
from handoff_audit.action.comment import MARKER, upsert
from handoff_audit.action.env import Inputs, Runner
from handoff_audit.errors import InputError
from handoff_audit.markdown import render_packet

PR = 7
BOT = "github-actions[bot]"


class World:
    def __init__(self, fake: FakeGitHub, url: str) -> None:
        self.fake = fake
        self.client = Client(
            "bot-token",
            url,
            f"{fake.owner}/{fake.repo}",
            RetryPolicy(sleep=lambda _: None, write_interval=None),
        )
        fake.add_pull(PR, "feat/refunds")

    def upsert(self, findings: int, mode: str) -> Any:
        return upsert(self.client, PR, report(findings=findings), when_clear=mode)

    def hidden(self) -> bool:
        [comment] = self.fake.ours(PR)
        return comment["node_id"] in self.fake.minimized


@pytest.fixture
def world() -> Iterator[World]:
    fake = FakeGitHub()
    with serve(fake) as url:
        yield World(fake, url)
    assert fake.violations == []


@pytest.mark.parametrize("query", [VIEWER_QUERY, *minimize.QUERIES])
def test_every_graphql_document_is_valid_for_githubs_schema(query: str) -> None:
    assert graphql.validate(GRAPHQL_SCHEMA, graphql.parse(query)) == []


def test_the_fake_flags_a_document_githubs_schema_refuses(world: World) -> None:
    with pytest.raises(ApiError, match="a typo failed: HTTP 400"):
        world.client.graphql("query { viewer { login email2 } }", {}, "a typo")
    assert any("email2" in v for v in world.fake.violations)
    world.fake.violations.clear()


def test_update_keeps_the_comment_as_all_clear(world: World) -> None:
    world.upsert(2, "update")
    assert world.upsert(0, "update").action == "updated"
    [comment] = world.fake.ours(PR)
    assert "Nothing left to report" in comment["body"]
    assert world.fake.minimized == {}


def test_minimize_hides_then_shows_again(world: World) -> None:
    assert world.upsert(2, "minimize").action == "created"
    assert not world.hidden()
    assert world.upsert(0, "minimize").action == "minimized"
    assert world.hidden()
    [comment] = world.fake.ours(PR)
    assert "Nothing left to report" in comment["body"]  # what shows when someone expands it
    assert list(world.fake.minimized.values()) == ["RESOLVED"]
    writes = len(world.fake.graphql_fields)
    assert world.upsert(0, "minimize").action == "unchanged"  # already hidden: no mutation
    assert world.fake.graphql_fields[writes:] == ["viewer", "node"]
    assert world.upsert(1, "minimize").action == "unminimized"
    assert not world.hidden()
    assert "1 error" in world.fake.ours(PR)[0]["body"]
    assert "unminimizeComment" in world.fake.graphql_fields


def test_delete_removes_the_comment_and_a_later_finding_makes_a_new_one(world: World) -> None:
    world.upsert(2, "delete")
    outcome = world.upsert(0, "delete")
    assert (outcome.action, outcome.comment_id) == ("deleted", None)
    assert world.fake.ours(PR) == []
    assert world.upsert(1, "delete").action == "created"
    assert len(world.fake.ours(PR)) == 1


@pytest.mark.parametrize("mode", ["update", "minimize", "delete"])
def test_no_mode_creates_a_comment_to_say_all_clear(world: World, mode: str) -> None:
    assert world.upsert(0, mode).action == "skipped"
    assert world.fake.writes() == []
    assert "minimizeComment" not in world.fake.graphql_fields


def test_delete_also_removes_duplicates_and_leaves_others_alone(world: World) -> None:
    world.fake.add_comment(PR, BOT, f"{MARKER}\none")
    world.fake.add_comment(PR, BOT, f"{MARKER}\ntwo")
    world.fake.add_comment(PR, "mallory", f"{MARKER}\nnot ours")
    outcome = world.upsert(0, "delete")
    assert (outcome.action, outcome.removed) == ("deleted", 1)
    assert [c["user"]["login"] for c in world.fake.comments[PR]] == ["mallory"]


def test_an_active_packet_is_something_to_say(world: World) -> None:
    world.upsert(1, "minimize")
    world.upsert(0, "minimize")
    shown = upsert(
        world.client, PR, report(findings=0, packet=packet_data()), when_clear="minimize"
    )
    assert shown.action == "unminimized"


def test_input_is_validated() -> None:
    assert Inputs.read({}).comment_when_clear == "update"
    assert Inputs.read({"INPUT_COMMENT-WHEN-CLEAR": " Minimize\n"}).comment_when_clear == "minimize"
    with pytest.raises(InputError, match=r"comment-when-clear: 'hide'.*update, minimize, delete"):
        Inputs.read({"INPUT_COMMENT-WHEN-CLEAR": "hide"})


def test_run_url_from_the_runner() -> None:
    env = {
        "GITHUB_SERVER_URL": "https://github.com",
        "GITHUB_REPOSITORY": "octo-org/hello-world",
        "GITHUB_RUN_ID": "1234567",
    }
    expected = "https://github.com/octo-org/hello-world/actions/runs/1234567"
    assert Runner.read(env).run_url == expected
    assert Runner.read({**env, "GITHUB_RUN_ID": ""}).run_url is None


def test_a_new_run_link_alone_does_not_edit_the_comment(world: World) -> None:
    url = "https://github.com/octo-org/hello-world/actions/runs/"
    rep = report(findings=1)
    assert upsert(world.client, PR, rep, run_url=url + "1").action == "created"
    assert upsert(world.client, PR, rep, run_url=url + "2").action == "unchanged"
    assert upsert(world.client, PR, report(findings=2), run_url=url + "3").action == "updated"
    assert f"]({url}3)" in world.fake.ours(PR)[0]["body"]


def test_the_action_minimizes_once_the_pull_request_is_clean(runner: ActionRunner) -> None:
    runner.mp.setenv("GITHUB_SERVER_URL", "https://github.com")
    runner.mp.setenv("GITHUB_RUN_ID", "42")
    first = runner.run("pull_request", runner.pull_request(), **{"comment_when_clear": "minimize"})
    assert "comment on #2: created" in first.out
    [comment] = runner.fake.ours(2)
    run_url = "https://github.com/octo-org/hello-world/actions/runs/42"
    assert f"[The job summary of this run]({run_url})" in comment["body"]
    # The work is done: the packet is archived, and nothing is left to report.
    data = packet_data(branch="feat/refunds", last_known_good_commit=runner.head, status="archived")
    runner.repo.write("handoff.json", data)
    runner.repo.write("handoff.md", render_packet(data))
    runner.head = runner.repo.commit("archive the packet")
    second = runner.run("pull_request", runner.pull_request(), **{"comment_when_clear": "minimize"})
    assert second.code == 0, second.out
    assert "comment on #2: minimized" in second.out
    assert runner.fake.minimized == {comment["node_id"]: "RESOLVED"}
