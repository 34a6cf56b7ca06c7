"""The few GitHub API calls the action makes, through PyGithub, with bounded retries.

Server errors (5xx), rate limits (429, or 403 with an exhausted or secondary limit), timeouts
and dropped connections are retried with exponential backoff, honouring ``Retry-After`` and
``X-RateLimit-Reset``, within a total waiting budget. An API that cannot be reached at all (the
connection refused, the host name not found: `unreachable`) gets one quick retry, since waiting
does not change that. Everything else fails at once with `ApiError`, whose message is one line,
names the call, and never contains the token.

All the calls of one run share one time bound (`RetryPolicy.total`, 60 s), on the wall clock:
no request starts that could end after it, and a response still arriving when it passes (a
server that sends a byte every few seconds never trips a per-read timeout) is given up
(`deadline.within`), so an API that never answers costs the run at most that long.
"""

from __future__ import annotations

import errno
import socket
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit

from handoff_audit import __version__
from handoff_audit.credentials import redact
from handoff_audit.deadline import DeadlinePassed, within
from handoff_audit.textcut import shorten

if TYPE_CHECKING:
    from github.IssueComment import IssueComment

T = TypeVar("T")

VIEWER_QUERY = "query { viewer { login databaseId } }"


class ApiError(Exception):
    """A GitHub API call failed for good."""

    def __init__(
        self, message: str, status: int | None = None, *, rate_limited: bool = False
    ) -> None:
        super().__init__(message)
        self.status = status
        self.rate_limited = rate_limited
        """GitHub's rate limit (429, or a 403 that says so) ended the call, not a permission."""

    @property
    def read_only(self) -> bool:
        """True for the 403 a read-only token gets (fork pull requests), not a rate limit's."""
        return self.status == 403 and not self.rate_limited


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How long to keep trying."""

    attempts: int = 5
    """Tries per call, the first included."""
    backoff: float = 2.0
    """The first wait after a failure, in seconds; doubled after each further failure."""
    max_wait: float = 60.0
    """The longest single wait (a ``Retry-After`` above it ends the retries)."""
    budget: float = 180.0
    """The most time spent waiting over all of a call's retries."""
    sleep: Callable[[float], None] = field(default=time.sleep, compare=False)
    """How to wait; tests pass a recorder."""
    clock: Callable[[], float] = field(default=time.time, compare=False)
    """The wall clock, for ``X-RateLimit-Reset``."""
    write_interval: float | None = 1.0
    """Seconds between two writes, as GitHub advises against secondary limits (PyGithub waits)."""
    total: float = 60.0
    """The most time all the API calls of one run may take, requests and waits included."""
    timeout: int = 10
    """Seconds one request may take before it counts as failed (and is retried)."""
    timer: Callable[[], float] = field(default=time.monotonic, compare=False)
    """The clock the run's time bound is measured with."""


def _header(headers: Mapping[str, Any] | None, name: str) -> str | None:
    for key, value in (headers or {}).items():
        if key.lower() == name:
            return str(value)
    return None


def api_url_problem(url: str) -> str | None:
    """Why ``url`` (``GITHUB_API_URL``) cannot be the API's address, or None when it can: an
    http(s) URL naming a host (PyGithub fails on anything else with an error of its own)."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - a port out of range or not a number raises here
    except ValueError as error:
        return f"is not a URL ({error})"
    if parts.scheme not in ("http", "https"):
        return "is not an http(s) URL"
    if not parts.hostname:
        return "names no host"
    return None


def _whole(header: str) -> bool:
    """Whether a header's value is a whole number in ASCII digits (``float("²")`` fails,
    though ``"²".isdigit()``)."""
    value = header.strip()
    return value.isascii() and value.isdigit()


def _message(error: Exception) -> str:
    # PyGithub and requests load only when the API is called (slow imports)
    from github import GithubException

    if isinstance(error, GithubException):
        data = error.data if isinstance(error.data, dict) else {}
        text = data.get("message") or error.message or ""
        return f"HTTP {error.status}" + (f": {' '.join(str(text).split())}" if text else "")
    text = shorten(str(error), 200, squeeze=True)
    cause = final_cause(error)
    if cause is error:
        return f"{type(error).__name__}: {text}"
    # The innermost cause ("[Errno 111] Connection refused") says what went wrong; the outer
    # text mostly repeats the URL, so it is the part that gets shortened.
    reason = " ".join(str(cause).split()) or type(cause).__name__
    return f"{type(error).__name__}: {reason} ({shorten(str(error), 120, squeeze=True)})"


def final_cause(error: BaseException) -> BaseException:
    """The innermost exception behind ``error``: requests wraps urllib3's ``MaxRetryError``
    (in ``args``), which holds the connection error (``reason``), which was raised from the
    socket's ``OSError``."""
    seen = [error]
    current = error
    while len(seen) < 10:
        reason = getattr(current, "reason", None)
        first = current.args[0] if current.args else None
        inner = next(
            (
                candidate
                for candidate in (current.__cause__, current.__context__, reason, first)
                if isinstance(candidate, BaseException) and candidate not in seen
            ),
            None,
        )
        if inner is None:
            break
        seen.append(inner)
        current = inner
    return current


def rate_limited(error: Exception) -> bool:
    """True for GitHub's rate limits: a 429, or a 403 with ``Retry-After``, no requests left, or
    a message saying so (a read-only token's 403 has none of these)."""
    from github import GithubException  # PyGithub loads only when the API is called (slow)

    if not isinstance(error, GithubException):
        return False
    if error.status == 429:
        return True
    return error.status == 403 and (
        _header(error.headers, "retry-after") is not None
        or _header(error.headers, "x-ratelimit-remaining") == "0"
        or "rate limit" in _message(error).lower()
    )


QUICK_RETRY = 1.0
"""Seconds before the one retry of an `unreachable` API (a blip while a proxy restarts)."""


def unreachable(error: Exception) -> bool:
    """Whether ``error`` says the API cannot be reached at all: the connection was refused, or
    the host name does not resolve. Each try fails at once, so backing off only sleeps; a
    timeout, a reset connection or a 5xx is different, and keeps its retries."""
    cause = final_cause(error)
    refused = isinstance(cause, OSError) and cause.errno == errno.ECONNREFUSED
    return refused or isinstance(cause, socket.gaierror)


def retry_delay(error: Exception, attempt: int, policy: RetryPolicy) -> float | None:
    """Seconds to wait before trying again after ``error``, or ``None`` when it is final."""
    # PyGithub and requests load only when the API is called (slow imports)
    import requests
    from github import GithubException

    backoff = policy.backoff * 2.0 ** (attempt - 1)
    if isinstance(error, requests.RequestException):
        if unreachable(error):
            return min(policy.backoff, QUICK_RETRY) if attempt == 1 else None
        return backoff
    if not isinstance(error, GithubException):
        return None
    retry_after = _header(error.headers, "retry-after")
    remaining = _header(error.headers, "x-ratelimit-remaining")
    reset = _header(error.headers, "x-ratelimit-reset")
    if rate_limited(error):
        if retry_after is not None and _whole(retry_after):
            return float(retry_after)
        if remaining == "0" and reset is not None and _whole(reset):
            return max(1.0, float(reset) - policy.clock() + 1)
        return max(backoff, 60.0)  # GitHub's advice for a secondary limit without a header
    if error.status >= 500:
        return backoff
    return None


def retrying(
    policy: RetryPolicy,
    what: str,
    call: Callable[[], T],
    settled: Callable[[], T | None] | None = None,
    deadline: float | None = None,
) -> T:
    """Run ``call``, retrying transient failures within ``policy``; else raise `ApiError`.

    ``settled``, for a write that is not idempotent, is asked before each retry whether the
    failed attempt took effect after all (a 502 can hide a success); its answer ends the retries.
    ``deadline`` (on ``policy.timer``) is the run's time bound: no request starts, and no wait
    begins, that could end after it.
    """
    # PyGithub and requests load only when the API is called (slow imports)
    import requests
    from github import GithubException

    waited = 0.0
    attempt = 1
    while True:
        try:
            return _bounded_call(policy, what, call, deadline)
        except ApiError:
            raise
        except (GithubException, requests.RequestException) as error:
            delay = retry_delay(error, attempt, policy)
            status = error.status if isinstance(error, GithubException) else None
            stop = _why_stop(policy, attempt, delay, waited, deadline, _wait_said(error))
            if stop is not None or delay is None:
                tries = f" after {attempt} tries" if attempt > 1 else ""
                raise ApiError(
                    f"{what} failed{tries}: {_message(error)}{stop or ''}",
                    status,
                    rate_limited=rate_limited(error),
                ) from None
            policy.sleep(delay)
            waited += delay
            attempt += 1
            if settled is not None and status is not None and status >= 500:
                done = settled()
                if done is not None:
                    return done
        except Exception as error:  # an answer that is not what the API describes
            raise ApiError(
                f"{what} failed: GitHub's answer was not what its API describes "
                f"({type(error).__name__}: {' '.join(str(error).split())[:200]})"
            ) from None


def _wait_said(error: Exception) -> str | None:
    """For a rate limit, who set the wait `retry_delay` chose, as the message says it: GitHub
    (``Retry-After``, or ``X-RateLimit-Reset`` with no requests left), or its advice for a limit
    that names no time (wait at least a minute); ``None`` for any other error."""
    if not rate_limited(error):
        return None
    headers = getattr(error, "headers", None)
    retry_after = _header(headers, "retry-after")
    reset = _header(headers, "x-ratelimit-reset")
    if (retry_after is not None and _whole(retry_after)) or (
        _header(headers, "x-ratelimit-remaining") == "0" and reset is not None and _whole(reset)
    ):
        return "GitHub asks to wait {delay} s"
    return "a rate limit that names no wait: GitHub advises waiting at least {delay} s"


def _why_stop(
    policy: RetryPolicy,
    attempt: int,
    delay: float | None,
    waited: float,
    deadline: float | None,
    wait_said: str | None = None,
) -> str | None:
    """``None`` to try again; else the reason to stop, as a suffix of the message ("" when the
    error is final, or the tries say it all: "failed after 5 tries"). ``wait_said``: a rate
    limit's wait, as `_wait_said` words it."""
    if delay is None or attempt >= policy.attempts:
        return ""
    if delay > policy.max_wait:
        return f" (GitHub asks to wait {delay:.0f} s, more than {policy.max_wait:.0f} s)"
    if waited + delay > policy.budget:
        return f" (waiting {delay:.0f} s more would pass the {policy.budget:.0f} s of retries)"
    if deadline is not None and policy.timer() + delay > deadline:
        if wait_said is None:
            return f" (the run's {policy.total:.0f} s of API time are used up)"
        # Not "used up": the wait is what does not fit in the time the run has left.
        left = max(0, int(deadline - policy.timer()))  # down: never "60 s, more than 60 s"
        return (
            f" ({wait_said.format(delay=f'{delay:.0f}')}, more than the {left} s left of "
            f"the run's {policy.total:.0f} s of API time)"
        )
    return None


def _bounded_call(
    policy: RetryPolicy, what: str, call: Callable[[], T], deadline: float | None
) -> T:
    """One attempt of ``call``, started only when it can end before ``deadline`` and given up
    (`ApiError`) when it does not."""
    if deadline is None:
        return call()
    if policy.timer() + policy.timeout > deadline:
        raise ApiError(
            f"{what} was not tried: the run's {policy.total:.0f} s of GitHub API time are used up"
        )
    try:
        return within(deadline - policy.timer(), call)
    except DeadlinePassed:
        raise ApiError(
            f"{what} did not finish within the run's {policy.total:.0f} s of GitHub API time "
            "(the server answers too slowly)"
        ) from None


@dataclass(frozen=True, slots=True)
class Comment:
    """An issue comment, as far as the action cares."""

    id: int
    """The comment's id."""
    author: str
    """Its author's login (``github-actions[bot]`` for the workflow token)."""
    body: str
    """Its markdown."""
    raw: IssueComment = field(compare=False, repr=False)
    """The PyGithub object, to edit or delete it."""
    author_type: str = "User"
    """Its author's ``user.type``: ``Bot`` for an app, ``User``, ``Organization``..."""
    author_id: int | None = None
    """Its author's ``user.id``."""


@dataclass(frozen=True, slots=True)
class Identity:
    """Who the token is, as GraphQL's ``viewer`` says."""

    login: str
    """The login, without the ``[bot]`` that REST adds for an app (``github-actions``)."""
    id: int | None = None
    """The account's id (``databaseId``), the ``user.id`` of its REST objects."""

    @classmethod
    def of(cls, who: str | Identity) -> Identity:
        """``who`` as an identity; a login alone matches only an app's (``[bot]``) comments."""
        return who if isinstance(who, Identity) else cls(who.removesuffix("[bot]"))

    def wrote(self, comment: Comment) -> bool:
        """True when ``comment`` is this identity's own: for an app, a ``Bot`` whose login is
        exactly ours plus ``[bot]``; for a user, the same account id. A *User* whose login
        equals the app's name (``github-actions``, no ``[bot]``) is someone else."""
        if comment.author_type == "Bot":
            return comment.author.lower() == self.login.lower() + "[bot]"
        return self.id is not None and comment.author_id == self.id


@dataclass(frozen=True, slots=True)
class Comparison:
    """What the compare API says about ``base...head``."""

    status: str
    """``ahead``, ``behind``, ``identical`` or ``diverged``."""
    ahead_by: int
    """Commits in ``head`` that are not in ``base``."""
    behind_by: int
    """Commits in ``base`` that are not in ``head``."""


class Client:
    """The repository's pull requests and comments, through PyGithub."""

    def __init__(
        self, token: str, api_url: str, repository: str, policy: RetryPolicy | None = None
    ) -> None:
        # PyGithub and requests load only when the API is called (slow imports)
        from github import Auth, Github

        self.policy = policy or RetryPolicy()
        self._github = Github(
            auth=Auth.Token(token) if token else None,
            base_url=api_url,
            retry=None,  # retried here, with a budget and Retry-After
            seconds_between_requests=None,
            seconds_between_writes=self.policy.write_interval,
            per_page=100,
            timeout=self.policy.timeout,
            lazy=True,
            user_agent=f"handoff-audit/{__version__}",
        )
        self._repo = self._github.get_repo(repository)
        self.deadline: float | None = None
        """The end of this client's (this run's) API time, on ``policy.timer``: set by the first
        call, so the audit's own time before it is not charged to the API."""

    def _retrying(
        self, what: str, call: Callable[[], T], settled: Callable[[], T | None] | None = None
    ) -> T:
        if self.deadline is None:
            self.deadline = self.policy.timer() + self.policy.total
        return retrying(self.policy, what, call, settled, self.deadline)

    def viewer(self) -> str:
        """The login of the token's own identity (works for app tokens, unlike ``GET /user``)."""
        return self.identity().login

    def identity(self) -> Identity:
        """The token's own identity: GraphQL ``viewer``'s login and account id."""

        def ask() -> Identity:
            _, data = self._github.requester.graphql_query(VIEWER_QUERY, {})
            viewer = (data.get("data") or {}).get("viewer") or {}
            login, number = viewer.get("login"), viewer.get("databaseId")
            if not isinstance(login, str) or not login:
                raise ApiError("GraphQL viewer answered without a login")
            return Identity(
                login.removesuffix("[bot]"), number if isinstance(number, int) else None
            )

        return self._retrying("asking GraphQL for the token's identity", ask)

    def graphql(self, query: str, variables: dict[str, Any], what: str) -> dict[str, Any]:
        """The ``data`` of a GraphQL query or mutation; `ApiError` when GitHub refuses it."""

        def ask() -> dict[str, Any]:
            _, answer = self._github.requester.graphql_query(query, variables)
            data = answer.get("data")
            if not isinstance(data, dict):
                raise ApiError(f"{what}: GraphQL answered without data")
            return data

        return self._retrying(what, ask)

    def comments(self, number: int) -> list[Comment]:
        """Every comment on pull request ``number``, over every page."""

        def fetch() -> list[Comment]:
            issue = self._repo.get_issue(number)
            return [
                Comment(
                    c.id,
                    c.user.login if c.user else "",
                    c.body or "",
                    c,
                    author_type=(c.user.type or "User") if c.user else "User",
                    author_id=c.user.id if c.user else None,
                )
                for c in issue.get_comments()
            ]

        return self._retrying(f"listing the comments of #{number}", fetch)

    def create_comment(self, number: int, body: str, author: str | Identity) -> int:
        """Post a new comment on pull request ``number`` as ``author``; returns its id."""
        issue = self._repo.get_issue(number)
        who = Identity.of(author)

        def already_there() -> int | None:
            for comment in self.comments(number):
                if comment.body == body and who.wrote(comment):
                    return comment.id
            return None

        return self._retrying(
            f"commenting on #{number}",
            lambda: int(issue.create_comment(body).id),
            settled=already_there,
        )

    def update_comment(self, comment: Comment, body: str) -> None:
        """Replace the body of ``comment``."""
        self._retrying(f"updating comment {comment.id}", lambda: comment.raw.edit(body))

    def delete_comment(self, comment: Comment) -> None:
        """Delete ``comment`` (a duplicate of ours); one already gone (404: a run racing this
        one deleted it first) is no failure."""
        try:
            self._retrying(f"deleting comment {comment.id}", comment.raw.delete)
        except ApiError as error:
            if error.status != 404:
                raise

    def open_pulls(self, owner: str, branch: str) -> list[tuple[int, str, str]]:
        """``(number, base branch, base commit)`` of the open pull requests whose head is
        ``owner:branch``."""

        def fetch() -> list[tuple[int, str, str]]:
            pulls = self._repo.get_pulls(state="open", head=f"{owner}:{branch}")
            # A pull request listed without its base commit ("") is left to its own run.
            return [(p.number, p.base.ref, p.base.sha or "") for p in pulls]

        return self._retrying(f"listing the open pull requests of {redact(branch)}", fetch)

    def compare(self, base: str, head: str) -> Comparison | None:
        """``base...head`` as the compare API sees it; ``None`` when a commit is unknown (404)."""
        # PyGithub and requests load only when the API is called (slow imports)
        from github import UnknownObjectException

        def fetch() -> Comparison | None:
            try:
                found = self._repo.compare(base, head)
                return Comparison(found.status, found.ahead_by, found.behind_by)
            except UnknownObjectException:
                return None

        return self._retrying(f"comparing {base[:12]}...{head[:12]}", fetch)
