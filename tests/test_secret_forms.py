"""One redaction for every writer, `show` and the `secret` rule (issue 21, item 2): gitleaks'
provider rules (vendored) and the generic forms, found in every field, redacted by every writer,
and silent on ordinary text and on the vendored real handoffs."""

from __future__ import annotations

import json
import string
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agent_support import Session, feature_repo
from authoring_support import NEW, on_feature_branch
from conftest import GitRepo, Result
from core_packets import packet, write_packet
from handoff_audit.credentials import (
    _compiled,
    _patterns,
    find_secrets,
    redact,
    redact_data,
    ruleset,
    show,
)

Run = Callable[..., Result]
ALNUM = string.ascii_letters + string.digits
DATA = Path(__file__).parent / "data"

# Built from parts so that this file does not itself look like it leaks credentials.
_word = st.text(string.ascii_lowercase, min_size=1, max_size=8)
_pw = st.builds(
    lambda a, d: a + d, st.text(ALNUM, min_size=1, max_size=12), st.sampled_from("0123456789")
)


def _token(alphabet: str, size: int) -> st.SearchStrategy[str]:
    return st.text(alphabet, min_size=size, max_size=size)


def _assignment() -> st.SearchStrategy[tuple[str, str]]:
    name = st.text(string.ascii_uppercase, min_size=1, max_size=8)
    suffix = st.sampled_from(["TOKEN", "SECRET", "PASSWORD", "KEY", "SECRET_ACCESS_KEY"])
    # Lower case and a digit: never part of the NAME or of the redaction mark.
    value = st.builds(
        lambda a, d: a + d,
        st.text(string.ascii_lowercase + string.digits + "/+", min_size=7, max_size=40),
        st.sampled_from("0123456789"),
    )
    return st.tuples(name, suffix, value).map(lambda t: (f"{t[0]}_{t[1]}={t[2]}", t[2]))


def _url() -> st.SearchStrategy[tuple[str, str]]:
    scheme = st.sampled_from(["https", "redis", "postgres", "mongodb+srv", "amqp"])
    user = st.one_of(st.just(""), _word)
    password = st.one_of(
        _token(string.ascii_lowercase + string.digits, 2).map(lambda p: p[0] + "7"),
        st.builds(lambda a, b: f"{a}@{b}", _pw, _pw),
        st.builds(lambda a, b: f"{a}%40{b}%21", _pw, _pw),
        _pw,
    )
    return st.tuples(scheme, user, password, _word).map(
        lambda t: (f"{t[0]}://{t[1]}:{t[2]}@{t[3]}.example/x", t[2])
    )


def _clients() -> st.SearchStrategy[tuple[str, str]]:
    curl = st.tuples(st.sampled_from(["-u ", "--user ", "--user="]), _word, _pw).map(
        lambda t: (f"curl -s {t[0]}{t[1]}:{t[2]} https://api.example/v1", t[2])
    )
    db = st.tuples(st.sampled_from(["mysql", "mariadb", "mysqldump"]), _pw).map(
        lambda t: (f"{t[0]} -u root -p{t[1]} shop", t[1])
    )
    header = st.tuples(st.sampled_from(["X-Api-Key", "x-api-key", "X-Auth-Token"]), _pw).map(
        lambda t: (f"curl -H '{t[0]}: {t[1]}xyz123' https://x", t[1] + "xyz123")
    )
    return st.one_of(curl, db, header)


def _providers() -> st.SearchStrategy[tuple[str, str]]:
    forms = [
        ("ghp_", _token(ALNUM, 36)),
        ("AKIA", _token(string.ascii_uppercase + "234567", 16)),
        ("sk_" + "live_", _token(ALNUM, 24)),
        ("glpat-", _token(ALNUM + "_-", 20)),
        ("npm_", _token(string.ascii_lowercase + string.digits, 36)),
        ("dckr_pat_", _token(ALNUM + "_-", 27)),
        ("sk-ant-" + "api03-", _token(ALNUM, 93).map(lambda s: s + "AA")),
        (
            "sk-" + "proj-",
            st.tuples(_token(ALNUM, 74), _token(ALNUM, 74)).map(
                lambda t: t[0] + "T3Blbk" + "FJ" + t[1]
            ),
        ),
        ("https://hooks.slack.com/" + "services/", _token(ALNUM, 44)),
    ]
    return st.one_of([body.map(lambda b, p=prefix: (p + b, p + b)) for prefix, body in forms])


def _labelled() -> st.SearchStrategy[tuple[str, str]]:
    """A handoff's own form: a label, then the value, bare or in a code span."""
    label = st.sampled_from(
        ["**API key:**", "Password:", "- **Client Secret:**", "Gateway token:", "contraseña:"]
    )
    value = st.builds(
        lambda a, b, d: a + b + d,
        st.sampled_from(string.ascii_lowercase),
        st.text(string.ascii_lowercase + string.digits, min_size=6, max_size=30),
        st.sampled_from("0123456789"),
    )
    quote = st.sampled_from(["", "`"])
    return st.tuples(label, value, quote).map(lambda t: (f"{t[0]} {t[2]}{t[1]}{t[2]}", t[1]))


FORMS = st.one_of(_assignment(), _url(), _clients(), _providers(), _labelled())
_SAFE = st.text(string.ascii_lowercase + " ,.", max_size=30).map(lambda s: s.strip(" "))


@given(FORMS, _SAFE, _SAFE, st.sampled_from(["commands_run", "notes", "summary", "open_risks"]))
def test_every_form_is_found_and_redacted_in_every_field(
    form: tuple[str, str], before: str, after: str, field: str
) -> None:
    text, secret = form
    line = f"{before} {text} {after}".strip()
    assert find_secrets(line), line
    place: dict[str, Any] = {
        "commands_run": {"commands_run": [{"cmd": line, "exit": 0, "note": line}]},
        "notes": {"commands_run": [{"cmd": "make", "exit": 1, "note": line}]},
        "summary": {"summary": line},
        "open_risks": {"open_risks": [{"what": line, "severity": "high"}]},
    }[field]
    written = json.dumps(redact_data(place))
    assert secret not in written
    assert not find_secrets(redact(line)), "the redaction marks are themselves clean"
    assert redact(redact(line)) == redact(line)
    assert secret not in show(line, limit=10_000)


NOT_SECRETS = [
    "mkdir -p build/out && ssh -p 2222 deploy@host",
    "mysql -p shop  # asks for the password",
    "mysql -u root -p$DB_PASSWORD shop",
    "FOO_TOKEN=$GH_TOKEN make release",
    "GH_TOKEN=${{ secrets.GITHUB_TOKEN }}",
    "DB_PASSWORD=<password> ./run",
    "https://example.com:8080/a@b and git@github.com:org/repo.git",
    "postgres://app:${DB_PASSWORD}@db/app",
    "curl -u $USER:$TOKEN https://x",
    "The key is in the vault; the token expired; results.",
    "sk_live_ keys rotate monthly; glpat- tokens expire",
    "- **API Key:** `OPENAI_API_KEY` (set in the dashboard)",
    "**Token:** Configured",
    "Password: see the team vault",
    "token: `<DASHBOARD_TOKEN>`",
    "Secret: `prod/db/password`",
    "API key: in `.env.local`, never committed",
    "- Token: 12 hours of validity",
]


@pytest.mark.parametrize("text", NOT_SECRETS)
def test_ordinary_text_is_not_a_secret(text: str) -> None:
    assert find_secrets(text) == [], text


def test_every_vendored_rule_compiles_and_the_ruleset_is_named() -> None:
    patterns = _patterns()
    assert len(patterns) > 200
    assert "generic api key" not in {p.kind for p in patterns}
    for pattern in patterns:
        _compiled(pattern.regex, pattern.engine)
    assert ruleset().startswith("gitleaks v8.30.1 (")
    source = json.loads(
        (Path(__file__).parents[1] / "src/handoff_audit/data/gitleaks/rules.json").read_text()
    )["source"]
    assert len(source["commit"]) == 40


def test_a_text_holding_every_keyword_is_scanned() -> None:
    """Every vendored rule's keyword in one text makes every pattern a candidate: their RE2 set
    failed to compile within RE2's default memory (exit 3 on a hostile handoff)."""
    keywords = sorted({word for pattern in _patterns() for word in pattern.keywords})
    text = "\n".join(f"{word} = plain words here" for word in keywords)
    assert len(keywords) > 100
    assert find_secrets(text) == []
    assert find_secrets(text + "\ntoken ghp_" + "Zq3" * 12 + "\n") != []


@pytest.mark.parametrize(
    "path",
    sorted(p for p in DATA.glob("realworld-handoffs*/*") if p.suffix in {".json", ".md"}),
    ids=lambda p: p.name,
)
def test_the_real_handoffs_hold_no_credential(path: Path) -> None:
    assert find_secrets(path.read_text(encoding="utf-8", errors="replace")) == []


FIELD_SECRETS = {
    "AWS_SECRET_ACCESS_KEY=" + "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzzzKEY": "bPxRfiCYzzzKEY",
    "redis://:" + "pass0@cache.internal:6379": "pass0",
    "https://user:" + "p@ss1@host.example/x": "p@ss1",
    "curl -u admin:" + "hunter2 https://x": "hunter2",
    "mysql -p" + "Secret9 shop": "Secret9",
    "FOO_TOKEN=" + "abcdef123456": "abcdef123456",
    "sk_" + "live_" + "a1" * 12: "a1" * 12,
    "glpat-" + "x1" * 10: "x1" * 10,
    "X-Api-Key: " + "abcdef123456": "abcdef123456",
    "- **API key:** `" + "7f59b1cd249b" + "47d6a226`": "7f59b1cd249b47d6a226",
}
FIELD_FORMS = list(FIELD_SECRETS)


def test_the_rule_finds_each_form_in_commands_notes_summaries_and_risks(
    run_cli: Run, tmp_path: Path
) -> None:
    data = packet(
        summary="Done. " + FIELD_FORMS[0],
        commands_run=[{"cmd": form, "exit": 1, "note": "saw " + form} for form in FIELD_FORMS],
        open_risks=[{"what": form, "severity": "high"} for form in FIELD_FORMS],
    )
    write_packet(tmp_path, data)
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=tmp_path)
    found = result.json()["findings"]
    pointers = sorted(f["pointer"] for f in found if f["rule"] == "secret" and f["pointer"])
    expected = ["/summary"] + [
        f"/{where}/{i}/{key}"
        for i in range(len(FIELD_FORMS))
        for where, key in (
            ("commands_run", "cmd"),
            ("commands_run", "note"),
            ("open_risks", "what"),
        )
    ]
    assert pointers == sorted(expected)
    for secret in FIELD_SECRETS.values():
        assert secret not in result.out


def test_verify_neither_writes_nor_prints_the_token(git_repo: GitRepo, run_cli: Run) -> None:
    repo = on_feature_branch(git_repo)
    token = "ghp_" + "Zq3" * 12
    assert run_cli([*NEW, "--verify", "true"], cwd=repo.root).code == 0
    repo.commit("handoff")
    result = run_cli(["update", "--verify", f"GH_TOKEN={token} false"], cwd=repo.root)
    assert result.code == 1, result.err  # a failing verify: the packet is written, exit 1
    text = (repo.root / "handoff.json").read_text()
    data = json.loads(text)
    assert data["commands_run"][-1]["cmd"] == "GH_TOKEN=[redacted GitHub token] false"
    assert "[redacted GitHub token]" in data["open_risks"][-1]["what"]
    for where in (text, (repo.root / "handoff.md").read_text(), result.out, result.err):
        assert token not in where
    assert run_cli(["check", "--select", "secret"], cwd=repo.root).code == 0


def test_new_writes_no_credential_given_in_a_field(git_repo: GitRepo, run_cli: Run) -> None:
    repo = on_feature_branch(git_repo)
    summary = "Deployed with FOO_TOKEN=" + "abcdef123456 and redis://:" + "pw12@cache"
    result = run_cli(
        ["new", "--summary", summary, *NEW[3:], "--risk", "mysql -pSecret9", "high"], cwd=repo.root
    )
    assert result.code == 0, result.err
    text = (repo.root / "handoff.json").read_text()
    assert "abcdef123456" not in text and "pw12" not in text and "Secret9" not in text
    assert run_cli(["check", "--select", "secret"], cwd=repo.root).code == 0


def test_from_transcript_writes_no_credential(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    repo = feature_repo(git_repo)
    session = Session(cwd=repo.root)
    for form in FIELD_FORMS:
        session.bash(form, f"error: {form} rejected", exit_code=1)
    transcript = session.save(tmp_path / "session.jsonl")
    fields = ["--summary", "Done.", "--next-action", "Ship.", "--verdict-pointer", "ci"]
    result = run_cli(["new", "--from-transcript", str(transcript), *fields], cwd=repo.root)
    assert result.code == 0, result.err
    text = (repo.root / "handoff.json").read_text()
    for secret in FIELD_SECRETS.values():
        assert secret not in text, secret
    assert run_cli(["check", "--select", "secret"], cwd=repo.root).code == 0
