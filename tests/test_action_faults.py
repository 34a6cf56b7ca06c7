"""The action under faults: runner files that cannot be written, an API that answers garbage,
rate limits that look like a read-only token, an API that never answers."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from action_runner import PR, Runner
from fake_github import FakeGitHub, serve
from handoff_audit.action.api import ApiError, Client, RetryPolicy
from handoff_audit.errors import InputError


def test_runner_files_that_are_folders_are_an_input_error_and_the_comment_is_posted(
    runner: Runner,
) -> None:
    with pytest.raises(InputError, match=r"GITHUB_STEP_SUMMARY .* cannot be written"):
        runner.run("pull_request", runner.pull_request(), replace_files_with_folders=True)
    [comment] = runner.fake.ours(PR)
    assert "Wire the refund endpoint" in comment["body"]


class _Garbage(BaseHTTPRequestHandler):
    """Answers every request with 200 and JSON that is not what GitHub's API describes."""

    def _serve(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        data = b'["not", "an", "object"]'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_PATCH = do_DELETE = _serve

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def garbage_api() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Garbage)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02})
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/api/v3"
    server.shutdown()
    server.server_close()
    thread.join()


def test_garbage_from_the_api_names_the_call(garbage_api: str) -> None:
    client = Client("t", garbage_api, "octo-org/hello-world", RetryPolicy(write_interval=None))
    with pytest.raises(ApiError, match="asking GraphQL for the token's identity failed: GitHub"):
        client.viewer()
    with pytest.raises(ApiError, match=r"^listing the comments of #7 failed: "):
        client.comments(7)
    with pytest.raises(ApiError, match=r"^comparing a{12}\.\.\.b{12} failed: "):
        client.compare("a" * 40, "b" * 40)


def test_a_rate_limit_403_is_not_taken_for_a_read_only_token() -> None:
    fake = FakeGitHub()
    fake.add_pull(PR, "feat")
    with serve(fake) as url:
        policy = RetryPolicy(sleep=lambda s: None, write_interval=None)
        client = Client("bot-token", url, f"{fake.owner}/{fake.repo}", policy)
        reset = str(int(time.time()) + 3600)  # beyond max_wait: no retry
        fake.fail("POST", r"/issues/\d+/comments", 403, "API rate limit exceeded for installation.",
                  **{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset})  # fmt: skip
        with pytest.raises(ApiError) as limited:
            client.create_comment(PR, "hello", "github-actions[bot]")
        assert limited.value.rate_limited and not limited.value.read_only
        fake.read_only_tokens.add("bot-token")
        with pytest.raises(ApiError) as refused:
            client.create_comment(PR, "hello", "github-actions[bot]")
        assert refused.value.read_only and not refused.value.rate_limited
    assert fake.violations == []


def test_the_ci_warning_says_rate_limit_not_fork(runner: Runner) -> None:
    reset = str(int(time.time()) + 3600)
    runner.fake.fail("POST", "/graphql", 403, "API rate limit exceeded for installation.",
                     **{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset})  # fmt: skip
    done = runner.run("pull_request", runner.pull_request())
    warning = next(line for line in done.out.splitlines() if "comment was not posted" in line)
    assert "rate limit" in warning and "fork" not in warning


@pytest.fixture
def silent_api() -> Iterator[str]:
    """A port that accepts connections and never answers."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    yield f"http://127.0.0.1:{sock.getsockname()[1]}/api/v3"
    sock.close()


def test_an_api_that_never_answers_costs_the_run_its_time_bound(silent_api: str) -> None:
    policy = RetryPolicy(total=3, timeout=1, backoff=0.1, write_interval=None)
    client = Client("t", silent_api, "octo-org/hello-world", policy)
    started = time.monotonic()
    with pytest.raises(ApiError, match="API time"):
        client.viewer()
    with pytest.raises(ApiError, match="not tried: the run's 3 s of GitHub API time are used up"):
        client.comments(7)
    assert time.monotonic() - started <= 3.5


@pytest.fixture
def refusing_api() -> str:
    """A port nothing listens on: every connection is refused at once."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return f"http://127.0.0.1:{port}"


def test_refused_connections_get_one_quick_retry_and_say_why(refusing_api: str) -> None:
    """Every try fails at once, so backing off would only sleep (2+4+8+16 s): one quick retry,
    and the socket's own reason is kept whole, not cut off by the URL."""
    now = [0.0]

    def sleep(seconds: float) -> None:
        now[0] += seconds

    policy = RetryPolicy(sleep=sleep, timer=lambda: now[0], write_interval=None)
    token = "ghs_SeCrEtTokenValue1234567890abcdefABCD"
    client = Client(token, refusing_api, "octo-org/hello-world", policy)
    with pytest.raises(ApiError) as raised:
        client.open_pulls("octo-org", "feat/" + "long-branch-name-" * 8)
    message = str(raised.value)
    assert now[0] == 1.0
    assert "failed after 2 tries" in message
    assert "Connection refused" in message
    assert "API time" not in message
    assert token not in message


def test_a_ci_run_against_a_refusing_api_ends_quickly_with_the_warning(
    runner: Runner, refusing_api: str
) -> None:
    runner.api = refusing_api
    started = time.monotonic()
    done = runner.run("pull_request", runner.pull_request())
    assert runner.sleeps == [1.0]  # the one quick retry, not 2+4+8+16 s of backoff
    assert time.monotonic() - started < 15  # sleeps are recorded, not slept: loose on purpose
    [warning] = [line for line in done.out.splitlines() if "comment was not posted" in line]
    assert warning.startswith("::warning title=handoff-audit%3A comment::")
    assert "failed after 2 tries" in warning and "Connection refused" in warning
    assert done.code == 1  # the audit's own verdict
    assert "active-in-merge" in done.summary


def test_the_time_bound_is_named_only_when_it_ends_the_retries() -> None:
    now = [0.0]

    def sleep(seconds: float) -> None:
        now[0] += seconds

    fake = FakeGitHub()
    fake.fail("GET", r"/issues/\d+/comments$", 503, "Unavailable", times=50)
    policy = RetryPolicy(
        sleep=sleep, timer=lambda: now[0], total=10, timeout=1, write_interval=None
    )
    with serve(fake) as url:
        client = Client("t", url, f"{fake.owner}/{fake.repo}", policy)
        with pytest.raises(ApiError) as raised:
            client.comments(7)
    message = str(raised.value)
    assert "after 3 tries" in message
    assert "(the run's 10 s of API time are used up)" in message
    assert "HTTP 503" in message


def test_the_time_bound_starts_at_the_first_call_not_when_the_client_is_made() -> None:
    """The client is made before the audit runs; an audit of more than the bound must not use
    up the API's time before any call (the comment was dropped as "used up" with no call)."""
    now = [0.0]
    fake = FakeGitHub()
    fake.add_pull(7, "feat")
    policy = RetryPolicy(timer=lambda: now[0], total=10, timeout=1, write_interval=None)
    with serve(fake) as url:
        client = Client("bot-token", url, f"{fake.owner}/{fake.repo}", policy)
        now[0] += 100.0  # the audit's own time
        assert client.comments(7) == []
        now[0] += 11.0
        with pytest.raises(ApiError, match="the run's 10 s of GitHub API time are used up"):
            client.comments(7)


def test_a_secondary_rate_limit_naming_no_wait_is_reported_as_such(runner: Runner) -> None:
    """GitHub's secondary limit is a 403 with no ``Retry-After``: its advice is to wait at least
    a minute, which does not fit in the run's time left. The warning says so, not that the
    run's API time is used up (about one second of it was)."""
    limited = "You have exceeded a secondary rate limit. Please wait a few minutes."
    runner.fake.fail("POST", "/graphql", 403, limited, times=50, **{"X-RateLimit-Remaining": "9"})
    done = runner.run("pull_request", runner.pull_request())
    [warning] = [line for line in done.out.splitlines() if "comment was not posted" in line]
    assert "HTTP 403: You have exceeded a secondary rate limit" in warning
    assert "a rate limit that names no wait: GitHub advises waiting at least 60 s, more than " in (
        warning
    )
    assert "s left of the run's 60 s of API time)" in warning
    assert "used up" not in warning
    assert "GitHub's rate limit for this token was reached" in warning
    assert runner.sleeps == []
    assert done.code == 1  # the audit's own verdict
