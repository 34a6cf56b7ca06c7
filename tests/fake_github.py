"""A local GitHub API for the action's tests: the REST subset the action uses, GraphQL (``viewer``,
``node``, ``minimizeComment``, ``unminimizeComment``), ``Link`` pagination, rate limits and
injected failures, on 127.0.0.1 and a random port.

Every REST response it serves (and every request body it receives) is validated against
tests/data/github-rest-subset.openapi.json, GitHub's own description of these operations, so
the fake cannot drift from the real API. A response whose status the description does not list
(502, 429, a 403 on a write) is validated against ``basic-error``, which is what GitHub sends.
Objects are built from the description's own examples, so they carry every required field.
GraphQL documents are validated against tests/data/github-graphql-subset.graphql, a subset of
GitHub's published schema, and executed on it with graphql-core, so an answer has the shape
the schema gives it.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlencode, urlsplit

import graphql
from openapi_schema_validator import OAS30Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4

DATA = Path(__file__).resolve().parent / "data"
"""Third-party test data vendored into the repository (sources: ``tests/data/SOURCES.md``)."""
SPEC_PATH = DATA / "github-rest-subset.openapi.json"
SPEC_URI = "urn:github-rest-subset"
GRAPHQL_SCHEMA = graphql.build_schema(
    (DATA / "github-graphql-subset.graphql").read_text(encoding="utf-8")
)
"""The part of GitHub's GraphQL schema the action uses; queries are validated against it."""

GRAPHQL_ANSWER = {
    "type": "object",
    "anyOf": [{"required": ["data"]}, {"required": ["errors"]}],
    "properties": {"data": {"type": "object", "nullable": True}, "errors": {"type": "array"}},
}
"""The envelope of a GraphQL answer (its ``data`` comes from executing on the schema)."""


class Spec:
    """The OpenAPI description: finds an operation and validates payloads against it."""

    def __init__(self, path: Path = SPEC_PATH) -> None:
        self.doc = json.loads(path.read_text(encoding="utf-8"))
        resource = Resource.from_contents(self.doc, default_specification=DRAFT4)
        self.registry: Registry[Any] = Registry().with_resource(SPEC_URI, resource)
        self.templates = []
        for template, item in self.doc["paths"].items():
            pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))
            self.templates.append((re.compile(f"^{pattern}$"), template, item))

    def deref(self, node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            target: Any = self.doc
            for part in node["$ref"].removeprefix("#/").split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            node = target
        return node

    def operation(self, method: str, path: str) -> tuple[str, dict[str, Any]] | None:
        for pattern, template, item in self.templates:
            if pattern.match(path) and method.lower() in item:
                return template, item[method.lower()]
        return None

    def _pointer(self, *parts: str) -> str:
        return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)

    def validate(self, schema: dict[str, Any], instance: Any) -> list[str]:
        validator = OAS30Validator(schema, registry=self.registry)
        return [
            f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message[:200]}"
            for e in validator.iter_errors(instance)
        ]

    def check_response(self, method: str, path: str, status: int, body: Any) -> list[str]:
        """Problems with serving ``body`` with ``status`` for ``method path`` (empty = valid)."""
        if path.endswith("/graphql"):
            if status != 200:
                return self.validate({"$ref": f"{SPEC_URI}#/components/schemas/basic-error"}, body)
            return self.validate(GRAPHQL_ANSWER, body)
        found = self.operation(method, path)
        if found is None:
            return [f"{method} {path} is not an operation of the REST subset"]
        template, op = found
        responses = op["responses"]
        if str(status) not in responses:
            if status < 400:
                return [f"{method} {template} never answers {status}"]
            return self.validate({"$ref": f"{SPEC_URI}#/components/schemas/basic-error"}, body)
        response = self.deref(responses[str(status)])
        content = response.get("content", {}).get("application/json")
        if content is None:
            return [] if body is None else [f"{method} {template} {status} has no body"]
        ref = responses[str(status)].get("$ref")
        if ref:
            pointer = ref + "/content/" + self._pointer("application/json", "schema")
        else:
            pointer = "#/" + self._pointer(
                "paths", template, method.lower(), "responses", str(status), "content"
            )
            pointer += "/" + self._pointer("application/json", "schema")
        return self.validate({"$ref": SPEC_URI + pointer}, body)

    def check_request(self, method: str, path: str, body: Any) -> list[str]:
        found = self.operation(method, path)
        if found is None or "requestBody" not in found[1]:
            return []
        template = found[0]
        pointer = "#/" + self._pointer("paths", template, method.lower(), "requestBody")
        pointer += "/content/" + self._pointer("application/json", "schema")
        return self.validate({"$ref": SPEC_URI + pointer}, body)


@dataclass
class Fault:
    """An injected failure: the next ``times`` matching requests get this answer instead."""

    method: str
    path: str
    """A regular expression matched against the request path (without the API prefix)."""
    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    times: int = 1


@dataclass(frozen=True)
class Request:
    """A request the fake received (after the API prefix)."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    status: int
    token: str | None


READ_ONLY = {
    "message": "Resource not accessible by integration",
    "documentation_url": "https://docs.github.com/rest/issues/comments#create-an-issue-comment",
    "status": "403",
}


class FakeGitHub:
    """The fake API's state and behaviour; `serve` runs it on a local port."""

    def __init__(
        self, owner: str = "octo-org", repo: str = "hello-world", prefix: str = "/api/v3"
    ) -> None:
        self.spec = Spec()
        self.owner = owner
        self.repo = repo
        self.prefix = prefix
        self.tokens: dict[str, str] = {"bot-token": "github-actions[bot]"}
        """token -> the login GraphQL ``viewer`` answers (the workflow token's is ``...[bot]``)."""
        self.read_only_tokens: set[str] = set()
        self.comments: dict[int, list[dict[str, Any]]] = {}
        self.pulls: dict[int, dict[str, Any]] = {}
        self.comparisons: dict[tuple[str, str], tuple[str, int, int]] = {}
        self.minimized: dict[str, str] = {}
        """Hidden comments: node id -> the classifier they were hidden with."""
        self.graphql_fields: list[str] = []
        """The top-level fields of every valid GraphQL document received, in order."""
        self.faults: list[Fault] = []
        self.requests: list[Request] = []
        self.violations: list[str] = []
        self.before_create: Callable[[], None] | None = None
        """Called once, before the next comment is created (outside the lock, so that the API
        keeps answering): a test runs a second run there, to race the one whose create waits."""
        self._ids = itertools.count(1000)
        self._lock = threading.Lock()
        self.base = ""
        examples = self.spec.doc["components"]["examples"]
        self._comment = examples["issue-comment"]["value"]
        self._pull = examples["pull-request-simple-items"]["value"][0]
        self._comparison = examples["commit-comparison"]["value"]

    # -- state ---------------------------------------------------------------------------------

    def user(self, login: str) -> dict[str, Any]:
        """A simple-user object for ``login`` (a ``[bot]`` login is a Bot)."""
        user = copy.deepcopy(self._comment["user"])
        name = login.removesuffix("[bot]")
        user.update(
            login=login,
            id=zlib.crc32(login.encode()) % 10**8,
            node_id=f"U_{name}",
            type="Bot" if login.endswith("[bot]") else "User",
            html_url=f"https://github.com/{name}",
            url=f"{self.base}/users/{name}",
        )
        return user

    def add_comment(self, number: int, login: str, body: str) -> int:
        """A comment on pull request ``number`` written by ``login``; returns its id."""
        comment_id = next(self._ids)
        comment = copy.deepcopy(self._comment)
        comment.update(
            id=comment_id,
            node_id=f"IC_{comment_id}",
            body=body,
            user=self.user(login),
            url=f"{self.base}/repos/{self.owner}/{self.repo}/issues/comments/{comment_id}",
            html_url=f"https://github.com/{self.owner}/{self.repo}/pull/{number}#issuecomment-{comment_id}",
            issue_url=f"{self.base}/repos/{self.owner}/{self.repo}/issues/{number}",
        )
        self.comments.setdefault(number, []).append(comment)
        return comment_id

    def add_pull(
        self,
        number: int,
        head_ref: str,
        state: str = "open",
        base_ref: str = "main",
        base_sha: str | None = None,
    ) -> None:
        """A pull request from ``owner:head_ref`` into ``base_ref`` (at ``base_sha``: the
        description's example commit when not given)."""
        pull = copy.deepcopy(self._pull)
        pull["requested_teams"] = []  # the description's own example lacks a required field
        pull.update(number=number, state=state, id=number * 7, node_id=f"PR_{number}")
        pull["head"]["ref"] = head_ref
        pull["base"]["ref"] = base_ref
        if base_sha is not None:
            pull["base"]["sha"] = base_sha
        pull["head"]["label"] = f"{self.owner}:{head_ref}"
        pull["head"]["repo"]["full_name"] = f"{self.owner}/{self.repo}"
        pull["head"]["repo"]["owner"]["login"] = self.owner
        self.pulls[number] = pull
        self.comments.setdefault(number, [])

    def ours(self, number: int, login: str = "github-actions[bot]") -> list[dict[str, Any]]:
        """Comments on ``number`` written by ``login``."""
        return [c for c in self.comments.get(number, []) if c["user"]["login"] == login]

    def writes(self) -> list[Request]:
        """The requests that changed something (or tried to)."""
        return [
            r
            for r in self.requests
            if r.method in {"POST", "PATCH", "DELETE"} and "graphql" not in r.path
        ]

    def fail(
        self, method: str, path: str, status: int, message: str, times: int = 1, **headers: str
    ) -> None:
        """Answer the next ``times`` requests matching ``method path`` with an error."""
        body = {"message": message, "documentation_url": "https://docs.github.com/rest"}
        self.faults.append(Fault(method, path, status, body, headers, times))

    # -- serving -------------------------------------------------------------------------------

    def handle(
        self, method: str, raw_path: str, headers: dict[str, str], payload: bytes
    ) -> tuple[int, dict[str, str], Any]:
        split = urlsplit(raw_path)
        path = unquote(split.path)
        query = {k: v[-1] for k, v in parse_qs(split.query).items()}
        body = json.loads(payload) if payload else None
        auth = headers.get("authorization", "")
        token = auth.split(" ", 1)[1] if " " in auth else None
        graphql_path = self.prefix.removesuffix("/v3") + "/graphql"
        if path == graphql_path:
            local = "/graphql"
        elif path.startswith(self.prefix + "/"):
            local = path[len(self.prefix) :]
        else:
            local = path
        if method == "POST" and re.fullmatch(r"/repos/[^/]+/[^/]+/issues/\d+/comments", local):
            hold, self.before_create = self.before_create, None
            if hold is not None:
                hold()
        with self._lock:
            status, extra, answer = self._answer(method, local, query, body, token)
            self.requests.append(Request(method, local, query, body, status, token))
        problems = self.spec.check_request(method, local, body) if body is not None else []
        problems += self.spec.check_response(method, local, status, answer)
        self.violations.extend(f"{method} {local} -> {status}: {p}" for p in problems)
        return status, extra, answer

    def _answer(
        self, method: str, path: str, query: dict[str, str], body: Any, token: str | None
    ) -> tuple[int, dict[str, str], Any]:
        for fault in self.faults:
            if fault.times > 0 and fault.method == method and re.search(fault.path, path):
                fault.times -= 1
                return fault.status, dict(fault.headers), fault.body
        if token not in self.tokens:
            return (
                401,
                {},
                {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest"},
            )
        login = self.tokens[token]
        if path == "/graphql":
            return self._graphql(body, login, token in self.read_only_tokens)
        repo = f"/repos/{self.owner}/{self.repo}"
        if not path.startswith(repo + "/"):
            return (
                404,
                {},
                {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"},
            )
        rest = path[len(repo) :]
        if method in {"POST", "PATCH", "DELETE"} and token in self.read_only_tokens:
            return 403, {}, READ_ONLY
        if match := re.fullmatch(r"/issues/(\d+)/comments", rest):
            number = int(match.group(1))
            if number not in self.comments:
                return (
                    404,
                    {},
                    {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"},
                )
            if method == "GET":
                return self._page(path, query, self.comments[number])
            comment_id = self.add_comment(number, login, body["body"])
            return 201, {}, self._find(comment_id)
        if match := re.fullmatch(r"/issues/comments/(\d+)", rest):
            comment = self._find(int(match.group(1)))
            if comment is None:
                return (
                    404,
                    {},
                    {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"},
                )
            if method == "DELETE":
                for comments in self.comments.values():
                    if comment in comments:
                        comments.remove(comment)
                return 204, {}, None
            comment["body"] = body["body"]
            comment["updated_at"] = "2026-01-02T00:00:00Z"
            return 200, {}, comment
        if rest == "/pulls" and method == "GET":
            state = query.get("state", "open")
            head = query.get("head")
            found = [
                p
                for p in self.pulls.values()
                if (state == "all" or p["state"] == state)
                and (head is None or p["head"]["label"] == head)
            ]
            return self._page(path, query, found)
        if match := re.fullmatch(r"/compare/([^/]+)\.\.\.([^/]+)", rest):
            key = (match.group(1), match.group(2))
            if key not in self.comparisons:
                return (
                    404,
                    {},
                    {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"},
                )
            status, ahead, behind = self.comparisons[key]
            comparison = copy.deepcopy(self._comparison)
            comparison.update(status=status, ahead_by=ahead, behind_by=behind, total_commits=ahead)
            return 200, {}, comparison
        return (
            404,
            {},
            {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"},
        )

    def _graphql(self, body: Any, login: str, read_only: bool) -> tuple[int, dict[str, str], Any]:
        """Validate the document against GitHub's schema and execute it on this fake's state."""
        if not isinstance(body, dict) or not isinstance(body.get("query"), str):
            self.violations.append(f"GraphQL request without a query: {body!r}")
            return 400, {}, {"message": "Problems parsing JSON", "documentation_url": ""}
        try:
            document = graphql.parse(body["query"])
        except graphql.GraphQLError as error:
            self.violations.append(f"GraphQL syntax: {error.message}")
            return 200, {}, {"errors": [{"message": error.message}]}
        problems = graphql.validate(GRAPHQL_SCHEMA, document)
        if problems:
            self.violations.extend(f"GraphQL: {p.message}" for p in problems)
            return 200, {}, {"errors": [{"message": p.message} for p in problems]}
        for definition in document.definitions:
            if isinstance(definition, graphql.OperationDefinitionNode):
                selections = definition.selection_set.selections
                self.graphql_fields.extend(
                    s.name.value for s in selections if isinstance(s, graphql.FieldNode)
                )

        def comment_node(node_id: str) -> dict[str, Any] | None:
            for comments in self.comments.values():
                for comment in comments:
                    if comment["node_id"] == node_id:
                        return {
                            "__typename": "IssueComment",
                            "id": node_id,
                            "body": comment["body"],
                            "databaseId": comment["id"],
                            "url": comment["html_url"],
                            "isMinimized": node_id in self.minimized,
                            "minimizedReason": self.minimized.get(node_id, "").lower() or None,
                            "viewerCanMinimize": not read_only,
                        }
            return None

        def hide(classifier: str | None) -> Any:
            def resolve(_info: Any, input: dict[str, Any]) -> dict[str, Any]:
                if read_only:
                    raise graphql.GraphQLError("Resource not accessible by integration")
                node = comment_node(input["subjectId"])
                if node is None:
                    raise graphql.GraphQLError(
                        f"Could not resolve to a node with the global id of '{input['subjectId']}'"
                    )
                if classifier is None:
                    self.minimized.pop(input["subjectId"], None)
                    return {"unminimizedComment": comment_node(input["subjectId"])}
                self.minimized[input["subjectId"]] = input["classifier"]
                return {"minimizedComment": comment_node(input["subjectId"])}

            return resolve

        root = {
            "viewer": {
                "login": login.removesuffix("[bot]"),
                "id": f"U_{login}",
                "databaseId": zlib.crc32(login.encode()) % 10**8,  # as `user` numbers it
            },
            "node": lambda _info, id: comment_node(id),
            "minimizeComment": hide("RESOLVED"),
            "unminimizeComment": hide(None),
        }
        result = graphql.execute_sync(
            GRAPHQL_SCHEMA, document, root_value=root, variable_values=body.get("variables")
        )
        answer: dict[str, Any] = {"data": result.data}
        if result.errors:
            answer["errors"] = [{"message": e.message, "type": "FORBIDDEN"} for e in result.errors]
        return 200, {}, answer

    def _find(self, comment_id: int) -> dict[str, Any] | None:
        for comments in self.comments.values():
            for comment in comments:
                if comment["id"] == comment_id:
                    return comment
        return None

    def _page(
        self, path: str, query: dict[str, str], items: list[Any]
    ) -> tuple[int, dict[str, str], Any]:
        per_page = min(int(query.get("per_page", "30")), 100)
        page = int(query.get("page", "1"))
        last = max(1, -(-len(items) // per_page))
        links = []
        for rel, number in (("prev", page - 1), ("next", page + 1), ("last", last), ("first", 1)):
            if 1 <= number <= last and number != page:
                url = f"{self.base}{path}?{urlencode({**query, 'page': number})}"
                links.append(f'<{url}>; rel="{rel}"')
        headers = {"Link": ", ".join(links)} if links else {}
        return 200, headers, items[(page - 1) * per_page : page * per_page]


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def _serve(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        payload = self.rfile.read(length) if length else b""
        headers = {k.lower(): v for k, v in self.headers.items()}
        status, extra, answer = self.server.fake.handle(self.command, self.path, headers, payload)
        data = b"" if answer is None else json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("X-RateLimit-Limit", "5000")
        self.send_header("X-RateLimit-Remaining", extra.pop("X-RateLimit-Remaining", "4999"))
        for key, value in extra.items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_PATCH = do_DELETE = _serve

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    fake: FakeGitHub


class serve:
    """``with serve(fake) as url:`` runs ``fake`` on 127.0.0.1 and gives its API URL."""

    def __init__(self, fake: FakeGitHub) -> None:
        self.fake = fake
        self.server = _Server(("127.0.0.1", 0), _Handler)
        self.server.fake = fake
        host, port = self.server.server_address[:2]
        fake.base = f"http://{host}:{port}{fake.prefix}"
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def __enter__(self) -> str:
        self.thread.start()
        return self.fake.base

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()
