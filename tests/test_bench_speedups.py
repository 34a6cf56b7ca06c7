"""The shortcuts taken for speed (see bench/README.md) give exactly the answers of the long way."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from handoff_audit import credentials

_FRAGMENTS = (
    "ghp_",
    "gho_",
    "github_pat_",
    "AKIA",
    "ASIA",
    "akia",
    "-----BEGIN RSA PRIVATE KEY-----",
    "-----BEGIN PRIVATE KEY-----",
    "-----END RSA PRIVATE KEY-----",
    "xoxb-",
    "xoxp-",
    "https://",
    "postgres://",
    "user:hunter22@",
    "db.example.com",
    "Authorization: Bearer ",
    "authorization=token ",
    "Bearer ",
    "bearer\t",
    "A1B2C3D4E5F6G7H8J9K0",
    "abcdefghijklmnopqrstuvwxyz0123456789",
    "0123456789ABCDEFGHIJ",
    "${TOKEN}",
    " ",
    "\n",
    "_",
    "-",
    ":",
    "@",
)


def _without_trigger(text: str) -> list[credentials.SecretMatch]:
    """`find_secrets` as it was before the one-scan trigger: every pattern, every time."""
    found = [
        credentials.SecretMatch(kind, m.start(), m.end())
        for kind, pattern in credentials._PATTERNS
        for m in pattern.finditer(text)
    ]
    found.sort(key=lambda match: (match.start, -match.end))
    kept: list[credentials.SecretMatch] = []
    for match in found:
        if kept and match.start < kept[-1].end:
            continue
        kept.append(match)
    return kept


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_FRAGMENTS) | st.text(max_size=6), max_size=14))
def test_secret_trigger_never_hides_a_credential(parts: list[str]) -> None:
    text = "".join(parts)
    assert credentials.find_secrets(text) == _without_trigger(text)


def test_secret_trigger_lets_every_known_kind_through() -> None:
    samples = [
        "ghp_" + "a1" * 18,
        "github_pat_" + "B2_" * 20,
        "AKIA" + "Q7" * 8,
        "-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----",
        "xoxb-" + "1234567890-abc",
        "https://deploy:s3cr3tpass@example.com/x",
        "Authorization: token abcdefgh12345678",
        "Bearer abcdefghij0123456789klmnop",
    ]
    for sample in samples:
        assert credentials.find_secrets(f"see {sample} here"), sample
        assert credentials.find_secrets(sample) == _without_trigger(sample)
