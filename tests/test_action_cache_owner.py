"""Nothing ``ci`` writes is left to another user than the workspace's: run as root in the
container, the schema it fetched and cached under HOME is handed back to HOME's owner."""

from __future__ import annotations

import datetime
import ipaddress
import os
import ssl
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from action_runner import Runner

SCHEMA = b'{"type": "object"}'
RUNNER_UID = 1001


def _certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1, and its key."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


class _Schema(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(SCHEMA)))
        self.end_headers()
        self.wfile.write(SCHEMA)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def schema_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    cert, key = _certificate(tmp_path)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Schema)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02})
    thread.start()
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(cert))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    yield f"https://127.0.0.1:{server.server_address[1]}/handoff.schema.json"
    server.shutdown()
    server.server_close()
    thread.join()


def test_the_schema_cache_is_left_to_homes_owner(runner: Runner, schema_url: str) -> None:
    (runner.repo.root / ".handoff-audit.yml").write_text(f"schema: {schema_url}\n")
    owner = RUNNER_UID if os.geteuid() == 0 else os.getuid()
    done = runner.run("pull_request", runner.pull_request(), home_owner=owner)
    assert done.code == 1
    home = Path(os.environ["HOME"])
    cached = list((home / ".cache" / "handoff-audit" / "schemas").glob("*.json"))
    assert [p.read_bytes() for p in cached] == [SCHEMA]
    others = [p for p in [home, *home.rglob("*")] if p.lstat().st_uid != owner]
    assert others == []
