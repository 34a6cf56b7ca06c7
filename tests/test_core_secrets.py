"""The secret rule: high-confidence patterns found, ordinary text left alone, and the secret
itself never in any output format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core_packets import CONTENT_RULES, packet, write_packet
from handoff_audit.credentials import find_secrets, redact

# Built from parts so that this file does not itself look like it leaks credentials.
GH = "ghp_" + "Zq3" * 12
SECRETS = {
    "GitHub token": [
        GH,
        "gho_" + "a1B2" * 9,
        "ghs_" + "x" * 36,
        "ghu_" + "9" * 40,
        "ghr_" + "Ab" * 18,
        "github_pat_" + "11ABCDEFG0" * 3 + "_" + "abcdefghij" * 6,
    ],
    "AWS access key": ["AKIA" + "QWERTYUIOP123456", "ASIA" + "Z" * 16],
    "private key": [
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n",
        "-----BEGIN OPENSSH PRIVATE KEY-----",
    ],
    "Slack token": ["xoxb-" + "1234567890-abcdefghij", "xoxp-" + "98765-43210-zyxwvutsrq"],
    "password in a URL": [
        "postgres://app:" + "s3cret-Pa55" + "@db.internal/app",
        "https://bob:" + "hunter22" + "@example.com/x",
    ],
    "Authorization header": [
        "Authorization: Basic " + "dXNlcjpwYXNzd29yZA==",
        "authorization: token " + "abcdef0123456789",
    ],
    "bearer token": ["curl -H 'X: Bearer " + "eyJhbGciOiJIUzI1NiJ9.abc123def456'"],
}
NOT_SECRETS = [
    "ghp_short",
    "see https://github.com/org/repo/pull/12",
    "postgres://app:${DB_PASSWORD}@db/app",
    "https://user:<password>@example.com",
    "Authorization: Bearer $GITHUB_TOKEN",
    "Bearer tokens are checked in middleware.py",
    "AKIA is the prefix of AWS access keys",
    "-----BEGIN PUBLIC KEY-----",
    "xoxb-",
    "the sha is 3f9c2e1a",
]


@pytest.mark.parametrize(
    ("kind", "text"), [(kind, text) for kind, texts in SECRETS.items() for text in texts]
)
def test_each_pattern_is_found_and_redacted(kind: str, text: str) -> None:
    matches = find_secrets(f"before {text} after")
    assert [m.kind for m in matches] == [kind]
    redacted = redact(f"before {text} after")
    assert f"[redacted {kind}]" in redacted
    assert text.strip() not in redacted


@pytest.mark.parametrize("text", NOT_SECRETS)
def test_ordinary_text_is_not_a_secret(text: str) -> None:
    assert find_secrets(text) == []


def test_secret_in_a_nested_field_is_named_by_field_and_kind(run_cli: Any, tmp_path: Path) -> None:
    data = packet(commands_run=[{"cmd": "ok", "exit": 0}, {"cmd": f"git push {GH}", "exit": 1}])
    write_packet(tmp_path, data, twin=False)
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=tmp_path)
    (finding,) = result.json()["findings"]
    assert finding["message"] == (
        "commands_run[1].cmd contains what looks like a GitHub token; "
        "remove it and revoke the credential"
    )
    assert finding["pointer"] == "/commands_run/1/cmd"
    line = (tmp_path / "handoff.json").read_text().splitlines()[finding["line"] - 1]
    assert line[finding["column"] - 1 :].startswith(f'"git push {GH}"')


def test_secret_in_markdown_and_in_unparseable_json_is_found(run_cli: Any, tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "HANDOFF.md").write_text(f"# Handoff\n\nToken: {GH}\n")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "handoff.json").write_text('{"summary": "' + GH + '",,}')
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=tmp_path)
    got = [(f["path"], f["line"], f["column"]) for f in result.json()["findings"]]
    assert got == [("a/HANDOFF.md", 3, 8), ("b/handoff.json", 1, 14)]


def test_a_secret_never_appears_in_any_output_format(run_cli: Any, tmp_path: Path) -> None:
    from handoff_audit.formats import FORMATS

    secrets = [texts[0].strip() for texts in SECRETS.values()]
    data = packet(
        summary=f"Pushed with {secrets[0]} by mistake",
        traps=secrets,
        status="Active " + secrets[1],  # a schema message quotes the value
        **{secrets[2][:20]: "x"},  # an unknown field's name is quoted too
    )
    write_packet(tmp_path / "json", data)
    (tmp_path / "md").mkdir()
    (tmp_path / "md" / "HANDOFF.md").write_text("\n".join(secrets) + "\n")
    assert set(FORMATS) >= {"text", "json"}
    for fmt in FORMATS:
        result = run_cli(["check", "--format", fmt], cwd=tmp_path)
        assert result.code == 1, (fmt, result.err)
        for secret in secrets:
            for piece in secret.splitlines():
                if len(piece) > 12:
                    assert piece not in result.out, (fmt, piece)
                    assert piece not in result.err, (fmt, piece)
    result = run_cli(["check", "--format", "json", "--select", CONTENT_RULES], cwd=tmp_path)
    assert "secret" in [f["rule"] for f in result.json()["findings"]]
