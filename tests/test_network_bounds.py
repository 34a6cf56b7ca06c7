"""Network time bounds and redirects (issue 21, items 1 and 7): a server that drips its answer
a byte at a time is given up on the wall clock, for every GitHub API call and for the https
schema; a schema redirect that leaves https is refused before anything is fetched there."""

from __future__ import annotations

import ssl
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest

from core_packets import packet, write_packet
from handoff_audit.action.api import ApiError, Client, RetryPolicy
from handoff_audit.errors import InputError
from handoff_audit.schema import remote
from test_action_cache_owner import _certificate

STOP = threading.Event()


class _Drip(BaseHTTPRequestHandler):
    """Headers at once, then one byte of a never-ending body every 0.2 s."""

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "100000")
        self.end_headers()
        try:
            while not STOP.wait(0.2):
                self.wfile.write(b" ")
                self.wfile.flush()
        except OSError:
            pass

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Plain(BaseHTTPRequestHandler):
    hits: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        _Plain.hits.append(self.path)
        body = b'{"type": "object"}'
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def _serve(handler: type[BaseHTTPRequestHandler], context: ssl.SSLContext | None) -> Any:
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    if context is not None:
        server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}).start()
    return server


@pytest.fixture
def serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., str]]:
    """``serve(handler, tls=True)``: the base URL of a server on 127.0.0.1."""
    cert, key = _certificate(tmp_path)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(cert))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    servers: list[Any] = []
    STOP.clear()

    def start(handler: type[BaseHTTPRequestHandler], tls: bool = True) -> str:
        server = _serve(handler, context if tls else None)
        servers.append(server)
        return f"{'https' if tls else 'http'}://127.0.0.1:{server.server_address[1]}"

    yield start
    STOP.set()
    for server in servers:
        server.shutdown()
        server.server_close()


def test_a_dripping_api_is_given_up_at_the_run_s_bound(serve: Callable[..., str]) -> None:
    api = serve(_Drip, tls=False)
    policy = RetryPolicy(total=2.0, timeout=1, sleep=lambda _: None, write_interval=None)
    client = Client("bot-token", api, "octo/shop", policy)
    started = time.monotonic()
    with pytest.raises(ApiError, match="did not finish within the run's 2 s"):
        client.comments(2)
    assert time.monotonic() - started < 5


def test_a_dripping_schema_is_given_up_at_its_bound(
    serve: Callable[..., str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(remote, "DEADLINE_SECONDS", 1.5)
    url = serve(_Drip) + "/handoff.schema.json"
    started = time.monotonic()
    with pytest.raises(InputError, match="did not arrive within 2 s"):
        remote.fetch(url)
    assert time.monotonic() - started < 5


def _redirect_to(target: str) -> type[BaseHTTPRequestHandler]:
    class Redirect(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(302)
            self.send_header("Location", target)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Redirect


def test_a_schema_redirect_to_plain_http_is_refused(
    serve: Callable[..., str], run_cli: Any, tmp_path: Path
) -> None:
    _Plain.hits = []
    plain = serve(_Plain, tls=False) + "/schema.json"
    url = serve(_redirect_to(plain)) + "/handoff.schema.json"
    repo = tmp_path / "repo"
    write_packet(repo, packet(), twin=False)
    (repo / ".handoff-audit.yml").write_text(f"schema: {url}\n")
    result = run_cli(["check", "--format", "json"], cwd=repo)
    assert result.code == 2, result.out
    assert "which is not https; refused" in result.err
    assert _Plain.hits == []


def test_a_schema_redirect_within_https_is_followed(
    serve: Callable[..., str], tmp_path: Path
) -> None:
    class Schema(_Plain):
        pass

    final = serve(Schema) + "/final.json"
    url = serve(_redirect_to(final)) + "/handoff.schema.json"
    assert remote.fetch(url) == '{"type": "object"}'
