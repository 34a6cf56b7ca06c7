"""The sticky PR comment against a local GitHub API that validates every answer it gives."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from action_support import assert_safe_markdown, packet_data, report
from fake_github import FakeGitHub, serve
from handoff_audit.action.api import ApiError, Client, RetryPolicy
from handoff_audit.action.comment import LIMIT, MARKER, body, upsert
from handoff_audit.action.env import Inputs, Plan, Runner
from handoff_audit.model.findings import Finding, Report, Severity

BOT = "github-actions[bot]"
PR = 7


class World:
    """A fake GitHub with one open pull request, and a client pointed at it."""

    def __init__(self, fake: FakeGitHub, url: str) -> None:
        self.fake = fake
        self.url = url
        self.sleeps: list[float] = []
        fake.add_pull(PR, "feat/refunds")

    def client(self, token: str = "bot-token") -> Client:
        policy = RetryPolicy(sleep=self.sleeps.append, write_interval=None)
        return Client(token, self.url, f"{self.fake.owner}/{self.fake.repo}", policy)

    def upsert(self, rep: Report, token: str = "bot-token") -> Any:
        return upsert(self.client(token), PR, rep)


@pytest.fixture(params=["/api/v3", ""], ids=["ghes-prefix", "github-com-root"])
def world(request: pytest.FixtureRequest) -> Iterator[World]:
    fake = FakeGitHub(prefix=request.param)
    with serve(fake) as url:
        yield World(fake, url)
    assert fake.violations == [], "the fake served something GitHub's description forbids"


def test_first_run_creates_one_comment_with_the_marker(world: World) -> None:
    outcome = world.upsert(report(packet=packet_data()))
    assert outcome.action == "created"
    [comment] = world.fake.ours(PR)
    assert comment["body"].startswith(MARKER)
    assert "Wire the refund endpoint" in comment["body"]
    # The identity came from GraphQL viewer (answered without "[bot]") and still matched.
    assert any(r.path == "/graphql" for r in world.fake.requests)


def test_second_run_updates_the_same_comment(world: World) -> None:
    first = world.upsert(report(findings=1, packet=packet_data()))
    second = world.upsert(report(findings=3, packet=packet_data()))
    assert second.action == "updated"
    assert second.comment_id == first.comment_id
    [comment] = world.fake.ours(PR)
    assert "3 errors" in comment["body"]
    assert [r.method for r in world.fake.writes()] == ["POST", "PATCH"]


def test_unchanged_report_writes_nothing(world: World) -> None:
    world.upsert(report(packet=packet_data()))
    writes = len(world.fake.writes())
    outcome = world.upsert(report(packet=packet_data()))
    assert outcome.action == "unchanged"
    assert len(world.fake.writes()) == writes


def test_ours_is_found_after_120_other_comments(world: World) -> None:
    for i in range(120):
        world.fake.add_comment(PR, f"reviewer{i % 3}", f"comment {i}")
    world.upsert(report(findings=1))
    assert world.fake.comments[PR][-1]["user"]["login"] == BOT
    for i in range(5):
        world.fake.add_comment(PR, "reviewer0", f"late comment {i}")
    outcome = world.upsert(report(findings=2))
    assert outcome.action == "updated"
    assert len(world.fake.ours(PR)) == 1
    pages = {r.query.get("page", "1") for r in world.fake.requests if r.path.endswith("/comments")}
    assert {"1", "2"} <= pages


def test_someone_elses_comment_with_our_marker_is_left_alone(world: World) -> None:
    fake_body = f"{MARKER}\nI am pretending to be the bot."
    other = world.fake.add_comment(PR, "mallory", fake_body)
    world.upsert(report(findings=1))
    world.upsert(report(findings=2))
    mallory = next(c for c in world.fake.comments[PR] if c["id"] == other)
    assert mallory["body"] == fake_body
    assert len(world.fake.ours(PR)) == 1
    assert all(f"/comments/{other}" not in r.path for r in world.fake.writes())


def test_duplicates_of_ours_are_removed(world: World) -> None:
    world.fake.add_comment(PR, BOT, f"{MARKER}\nold one")
    world.fake.add_comment(PR, BOT, f"{MARKER}\nold two")
    outcome = world.upsert(report(findings=1))
    assert (outcome.action, outcome.removed) == ("updated", 1)
    assert len(world.fake.ours(PR)) == 1


def test_nothing_to_say_creates_nothing(world: World) -> None:
    outcome = world.upsert(report(findings=0))
    assert outcome.action == "skipped"
    assert world.fake.writes() == []


def test_existing_comment_turns_all_clear(world: World) -> None:
    world.upsert(report(findings=2))
    outcome = world.upsert(report(findings=0))
    assert outcome.action == "updated"
    [comment] = world.fake.ours(PR)
    assert "all clear" in comment["body"]
    assert "Nothing left to report" in comment["body"]


def test_read_only_token_is_an_api_error_flagged_read_only(world: World) -> None:
    world.fake.read_only_tokens.add("bot-token")
    with pytest.raises(ApiError) as caught:
        world.upsert(report(findings=1))
    assert caught.value.read_only
    assert "Resource not accessible by integration" in str(caught.value)
    assert "bot-token" not in str(caught.value)
    assert world.sleeps == []  # a refusal is not retried


def test_502_then_success_makes_one_comment(world: World) -> None:
    world.fake.fail("POST", r"/issues/\d+/comments$", 502, "Server Error")
    outcome = world.upsert(report(findings=1))
    assert outcome.action == "created"
    assert len(world.fake.ours(PR)) == 1
    assert world.sleeps == [2.0]


def test_502_that_hid_a_success_is_not_posted_twice(world: World) -> None:
    text = body(report(findings=1))
    # The first POST took effect but its answer was lost in a 502: the retry must notice.
    world.fake.add_comment(PR, BOT, text)
    world.fake.fail("POST", r"/issues/\d+/comments$", 502, "Bad Gateway")
    existing = world.fake.ours(PR)[0]["id"]
    assert world.client().create_comment(PR, text, BOT) == existing
    assert len(world.fake.ours(PR)) == 1
    assert [r.status for r in world.fake.writes()] == [502]


def test_429_waits_for_retry_after_then_succeeds(world: World) -> None:
    world.fake.fail(
        "GET",
        r"/issues/\d+/comments$",
        429,
        "You have exceeded a secondary rate limit.",
        **{"Retry-After": "7"},
    )
    outcome = world.upsert(report(findings=1))
    assert outcome.action == "created"
    assert world.sleeps == [7.0]


def test_rate_limit_exhausted_waits_until_reset(world: World) -> None:
    client = world.client()
    client.policy = RetryPolicy(sleep=world.sleeps.append, clock=lambda: 1_000_000.0)
    world.fake.fail(
        "POST",
        "/graphql",
        403,
        "API rate limit exceeded for installation.",
        **{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1000030"},
    )
    assert client.viewer() == "github-actions"
    assert world.sleeps == [31.0]


def test_retries_stop_within_the_budget(world: World) -> None:
    world.fake.fail("GET", r"/issues/\d+/comments$", 503, "Unavailable", times=50)
    with pytest.raises(ApiError, match="after 5 tries"):
        world.upsert(report(findings=1))
    assert world.sleeps == [2.0, 4.0, 8.0, 16.0]
    assert sum(world.sleeps) <= RetryPolicy().budget


def test_retry_after_beyond_the_limit_gives_up_at_once(world: World) -> None:
    world.fake.fail("POST", "/graphql", 429, "slow down", **{"Retry-After": "3600"})
    with pytest.raises(ApiError, match="429"):
        world.client().viewer()
    assert world.sleeps == []


def test_a_retry_after_in_unicode_digits_is_no_wait(world: World) -> None:
    """``"²".isdigit()`` is true and ``float("²")`` fails: such a header is as if absent,
    never an internal error."""
    limited = "You have exceeded a secondary rate limit."
    world.fake.fail("POST", "/graphql", 429, limited, **{"Retry-After": "\u00b2"})
    with pytest.raises(ApiError, match="429"):  # GitHub's 60 s for a limit with no wait
        world.client().viewer()
    assert world.sleeps == []


def test_packet_too_big_is_cut_into_valid_markdown(world: World) -> None:
    fence = "```"
    huge = packet_data(
        summary="\n\n".join(f"Paragraph {i}: " + "words " * 60 for i in range(400)),
        decisions=[{"decision": f"choice {i} " * 20, "why": "because " * 30} for i in range(300)],
        traps=[f"{fence}\nunclosed code {i}\n" for i in range(50)],
    )
    world.upsert(report(findings=150, packet=huge))
    [comment] = world.fake.ours(PR)
    text = comment["body"]
    assert len(text) < LIMIT
    assert "left out here" in text and "job summary" in text
    tags = assert_safe_markdown(text)
    assert tags.opened["details"] >= 2
    footer = "".join(tags.text_in.get("sub", []))
    assert "job summary" in footer  # the footer is still outside any code block
    assert "".join(tags.text_in.get("pre", [])).count("handoff-audit 0") == 0


def test_packet_text_cannot_break_out(world: World) -> None:
    evil = packet_data(
        title="<script>alert(1)</script> @octocat",
        next_action=(
            f"Ping @octocat and @org/team. <img src=x onerror=alert(1)>\n{MARKER}\n"
            "</details><details open>\n```\nnever closed"
        ),
        summary="<!-- handoff-audit-comment --> hello",
    )
    text = body(report(findings=1, packet=evil))
    assert text.startswith(MARKER)
    assert text.count(MARKER) == 1
    assert "@octocat" not in text and "@org" not in text
    tags = assert_safe_markdown(text)
    assert tags.comments == [" handoff-audit-comment "]
    assert "script" not in tags.opened
    footer = "".join(tags.text_in.get("sub", []))
    assert "job summary" in footer


def test_token_never_appears_in_errors(world: World) -> None:
    with pytest.raises(ApiError) as caught:
        world.upsert(report(findings=1), token="secret-token-value")
    assert "401" in str(caught.value)
    assert "secret-token-value" not in str(caught.value)


def test_plan_and_inputs_are_plain_data() -> None:
    # Sanity of the objects the comment logic receives from the runner's environment.
    assert Plan("a" * 40, "b", "main", "main", pull_number=3).comments
    assert not Plan("a" * 40, None, "main", "main").comments
    assert Inputs.read({}).comment is True
    assert Runner.read({}).api_url == "https://api.github.com"


@pytest.mark.parametrize("summary_cut", [False, True])
def test_what_is_left_out_is_sent_where_the_full_report_is(summary_cut: bool) -> None:
    """Findings left out of the comment are in the job summary, unless that summary was cut
    too: then the comment says so and names `check --format json`, in the notes and in the
    footer that links to the run."""
    findings = tuple(
        Finding("schema", Severity.ERROR, f"f{i}.json", "x" * 300, line=1) for i in range(500)
    )
    audited = Report(packets=(), findings=findings, head="f" * 40, branch="feat/x")
    url = "https://github.com/o/r/actions/runs/1"
    text = body(audited, url, summary_cut=summary_cut)
    footer = text.rstrip().rsplit("\n", 1)[1]
    if summary_cut:
        assert "has the full report" not in text
        assert "more findings are left out here. The job summary of this run is cut too; " in text
        assert footer.endswith(
            f"[The job summary of this run]({url}) is cut too; run `handoff-audit check "
            "--format json` for the full report.</sub>"
        )
    else:
        assert "more findings are left out here. The job summary of this run has the full " in text
        assert footer.endswith(f"[The job summary of this run]({url}) has the full report.</sub>")
