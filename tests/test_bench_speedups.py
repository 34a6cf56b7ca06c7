"""The shortcuts taken for speed (see bench/README.md) give exactly the answers of the long way."""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from handoff_audit import credentials, jsonpos
from handoff_audit.engine import loading
from handoff_audit.markdown import render, sections
from handoff_audit.schema import load_schema, messages
from handoff_audit.schema.fastcheck import compile_check
from handoff_audit.schema.messages import bundled_accepts, validator_for, violations
from handoff_audit.schema.re2_keywords import with_re2

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import synth

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
    "AUTHORIZATION: basic ",
    "AuThOrIzAtIoN=token ",
    "authorızation: Token ",
    "authorİzation: Token ",
    "\u212a",
    "BEARER ",
    "authorization=token ",
    "Bearer ",
    "bearer\t",
    "A1B2C3D4E5F6G7H8J9K0",
    "abcdefghijklmnopqrstuvwxyz0123456789",
    "0123456789ABCDEFGHIJ",
    "${TOKEN}",
    "FOO_TOKEN=",
    "DB_PASSWORD='",
    "curl -u ",
    "mysql -p",
    "X-Api-Key: ",
    "sk_live_",
    "redis://:",
    "dckr_pat_",
    "ſecret",
    "\u212a",  # the Kelvin sign: lower() makes it "k"
    "\u0130",  # capital I with a dot: lower() makes it "i" and a dot above
    "ı",
    "é—",
    " ",
    "\n",
    "_",
    "-",
    ":",
    "@",
)


def _without_trigger(text: str) -> list[credentials.SecretMatch]:
    """`find_secrets` without the keyword prefilter: every pattern, every time."""
    return credentials.scan(text, range(len(credentials._patterns())))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_FRAGMENTS) | st.text(max_size=6), max_size=14))
def test_secret_trigger_never_hides_a_credential(parts: list[str]) -> None:
    text = "".join(parts)
    assert credentials.find_secrets(text) == _without_trigger(text)


def test_keywords_lowered_in_bytes_are_the_keywords_lowered_in_text() -> None:
    # The prefilter lowers UTF-8 bytes (A-Z only) unless the text holds a character of
    # `_ASCII_IN_LOWER`: it must name every character beyond ASCII whose lower() holds ASCII.
    beyond = (chr(c) for c in range(0x80, sys.maxunicode + 1) if not 0xD800 <= c < 0xE000)
    makes_ascii = {char for char in beyond if any(c.isascii() for c in char.lower())}
    assert makes_ascii <= set(credentials._ASCII_IN_LOWER)
    assert all(k.isascii() for p in credentials._patterns() for k in p.keywords)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_FRAGMENTS) | st.text(max_size=6), max_size=14))
def test_prefilter_candidates_are_those_of_the_lowered_text(parts: list[str]) -> None:
    text = credentials.without_lone_surrogates("".join(parts))
    scan, patterns_of = credentials._prefilter()
    hits = scan.Match(text.lower().translate(credentials._FOLD)) or []
    expected = {number for hit in hits for number in patterns_of[hit]}
    assert credentials._candidates(text, text.encode("utf-8")) == expected


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
        "FOO_TOKEN=abcdef123456",
        "redis://:pw@cache",
        "curl -u admin:hunter2 x",
        "mysql -pSecret9",
        "X-Api-Key: abcdef123456",
        "sk_live_" + "a1" * 12,
        "dckr_pat_" + "a" * 27,
    ]
    for sample in samples:
        assert credentials.find_secrets(f"see {sample} here"), sample
        assert credentials.find_secrets(sample) == _without_trigger(sample)


# -- fastschema: the compiled yes/no check agrees with jsonschema on every instance -------------

_BASE_PACKET: dict[str, Any] = {
    "schema_version": "1",
    "topic": "refund/retry",
    "title": "Refund retries",
    "branch": "feat/refund",
    "last_known_good_commit": "a91c33f",
    "status": "active",
    "summary": "Retries work; the flaky test remains.",
    "changed_files": ["src/refund.py"],
    "commands_run": [{"cmd": "pytest -q", "exit": 1, "note": "1 failed"}],
    "failed_attempts": ["a global lock", {"what": "sleep", "why": "slow"}],
    "open_risks": [{"what": "double refunds", "severity": "high"}],
    "next_action": "Fix test_retry_twice.",
    "verdict_pointer": "reports/pytest.txt",
    "decisions": [{"decision": "idempotency keys", "why": "retries are safe"}],
    "ruled_out": [{"what": "a queue", "why": "too big"}],
    "traps": ["the clock is mocked"],
    "pointers": ["src/refund.py:12"],
    "x-team": {"any": ["thing"]},
}

_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from([0.0, 1.0, 1.5, -2.0, 1e300])
    | st.sampled_from(
        ("", " ", "\t\n", "\x1c", "\u00a0", "\u2003", "\ufeff", "x", "low", "urgent", "active")
    )
    | st.sampled_from(("archived", "1", "a91c33f", "A91C33F", "a91c3", "feat/x", "Topic", "a/b-1"))
    | st.text(max_size=4)
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["what", "why", "severity", "cmd", "exit", "note", "decision", "x"]),
            inner,
            max_size=4,
        )
    ),
    max_leaves=8,
)
_FIELDS = [*_BASE_PACKET, "superseded_by", "assumptions_to_validate", "x-", "bogus", "X-up"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(_FIELDS), st.none() | _JSON, st.integers(0, 3)),
        max_size=3,
    )
)
def test_compiled_check_agrees_with_jsonschema_on_packets(
    edits: list[tuple[str, Any, int]],
) -> None:
    validator = validator_for(None)
    check = compile_check(load_schema(None))
    assert check is not None
    packet = copy.deepcopy(_BASE_PACKET)
    for name, value, where in edits:
        current = packet.get(name)
        if value is None and where == 0:
            packet.pop(name, None)
        elif isinstance(current, list) and current and where:
            current[where % len(current)] = value  # an item of an array field
        elif isinstance(current, list) and current and isinstance(current[0], dict) and current[0]:
            key = sorted(current[0])[where % len(current[0])]
            current[0][key] = value  # a member of an item
        else:
            packet[name] = value
    assert check(packet) == validator.is_valid(packet), packet


_SCHEMAS: list[dict[str, Any]] = [
    {"type": ["integer", "null"]},
    {"type": "number", "not": {"const": "x"}},
    {"enum": ["a", "b"], "type": "string", "minLength": 1, "maxLength": 1},
    {"type": "array", "items": {"type": "string", "pattern": "^\\S+$"}, "minItems": 1},
    {"maxItems": 2, "items": {"oneOf": [{"type": "string"}, {"type": "integer"}]}},
    {"anyOf": [{"type": "object"}, {"type": "boolean"}], "allOf": [{"not": {"type": "null"}}]},
    {
        "type": "object",
        "required": ["what"],
        "properties": {"what": {"$ref": "#/$defs/text"}, "why": {"type": "string"}},
        "patternProperties": {"^x": {"type": "array"}},
        "additionalProperties": {"type": "integer"},
        "$defs": {"text": {"type": "string", "pattern": "\\S"}},
    },
    {
        "$defs": {"node": {"type": ["array", "null"], "items": {"$ref": "#/$defs/node"}}},
        "$ref": "#/$defs/node",
    },
    {"const": "x", "additionalProperties": False, "properties": {"a": True, "b": False}},
]


_RE2_VALIDATOR = with_re2(Draft202012Validator)


@pytest.mark.parametrize("schema", _SCHEMAS, ids=range(len(_SCHEMAS)))
@settings(max_examples=60, deadline=None)
@given(instance=_JSON)
def test_compiled_check_agrees_with_jsonschema_on_keywords(
    schema: dict[str, Any], instance: Any
) -> None:
    check = compile_check(schema)
    assert check is not None, schema
    # the validator a configured schema gets: its patterns in RE2, as the compiled check runs them
    assert check(instance) == _RE2_VALIDATOR(schema).is_valid(instance)


@pytest.mark.parametrize(
    "schema",
    [
        {"format": "date"},
        {"uniqueItems": True},
        {"if": {"type": "string"}, "then": {"minLength": 2}},
        {"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer"},
        {"$ref": "other.json#/x"},
        {"enum": [1, True]},
        {"properties": {"a": {"$dynamicRef": "#x"}}},
        {"prefixItems": [{"type": "string"}], "items": False},
    ],
)
def test_compiled_check_declines_what_it_does_not_know(schema: dict[str, Any]) -> None:
    assert compile_check(schema) is None


def test_schema_findings_are_jsonschemas_for_invalid_packets() -> None:
    packet = copy.deepcopy(_BASE_PACKET)
    packet["open_risks"][0]["severity"] = "urgent"
    del packet["next_action"]
    found = violations(validator_for(None), packet)
    assert {v.pointer for v in found} == {"", "/open_risks/0/severity"}
    assert violations(validator_for(None), _BASE_PACKET) == []


_SECRETISH = st.lists(st.sampled_from(_FRAGMENTS) | st.text(max_size=4), max_size=6).map("".join)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(_SECRETISH, _SECRETISH | st.lists(_SECRETISH, max_size=3), max_size=4),
    st.booleans(),
    st.booleans(),
)
def test_clean_json_text_means_no_string_in_it_holds_a_secret(
    data: dict[str, Any], ascii_only: bool, escape_slashes: bool
) -> None:
    text = json.dumps(data, ensure_ascii=ascii_only)
    if escape_slashes:
        text = text.replace("/", "\\/")
    if credentials.json_may_hold_secret(text):
        return
    strings = [s for _, s, _ in jsonpos.iter_strings(json.loads(text))]
    assert all(credentials.find_secrets(s) == [] for s in strings)
    assert credentials.redact_data(data) is data


def test_a_secret_behind_an_escape_is_still_looked_for() -> None:
    key = "AKIA" + "Q7" * 8
    assert credentials.json_may_hold_secret(json.dumps({"k": key}))
    escaped = '{"k": "\\u0041KIA' + "Q7" * 8 + '"}'
    assert credentials.find_secrets(json.loads(escaped)["k"])
    assert credentials.json_may_hold_secret(escaped)
    assert credentials.json_may_hold_secret('{"u": "https:\\/\\/a:b@c"}')
    assert not credentials.json_may_hold_secret(json.dumps({"summary": "all green", "n": [1]}))


# -- jsonpos: the quick read gives the strict parser's value, error and positions ----------------

_TEXT_EDITS = (
    ("", ""),
    (",", ",,"),
    ("}", ",}"),
    ('"s": "s"', '"s": "s", "s": 2'),
    ('"s": "s"', '"s": "s", "t": {"u": 1, "u": 1}'),
    ("1", "NaN"),
    ("1", "1e999"),
    ("1", "-Infinity"),
    ("1", "01"),
    ("1", "1.5e3"),
    ("1", "2x"),
    ('"s"', '"\\ud800"'),
    ('"s"', '"\\ud83d\\ude00"'),
    ('"s"', '"\\u00e9\\/"'),
    ('"s"', '"tab\there"'),
    ("[", "[" * 70),
    ("{", "\ufeff{"),
    ("true", "True"),
)


@settings(max_examples=400, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(st.sampled_from(["a", "s", "b/c", "~", "é"]), inner, max_size=3)
        ),
        max_leaves=12,
    ),
    st.sampled_from(_TEXT_EDITS),
    st.integers(0, 2),
    st.booleans(),
)
def test_quick_parse_is_the_strict_parse(
    value: Any, edit: tuple[str, str], nth: int, indent: bool
) -> None:
    text = json.dumps({"a": value, "s": "s", "n": [1, True]}, indent=2 if indent else None)
    old, new = edit
    if old:
        parts = text.split(old)
        if len(parts) > 1:
            k = min(nth + 1, len(parts) - 1)
            text = old.join(parts[:k]) + new + old.join(parts[k:])
    try:
        strict = jsonpos._Parser(text).parse()
    except jsonpos.JsonPositionError as error:
        with pytest.raises(jsonpos.JsonPositionError) as raised:
            jsonpos.parse(text)
        assert (raised.value.reason, raised.value.line, raised.value.column) == (
            error.reason,
            error.line,
            error.column,
        )
        return
    quick = jsonpos.parse(text)
    assert repr(quick.value) == repr(strict.value)
    assert dict(quick.positions) == strict.positions
    assert dict(quick.key_positions) == strict.key_positions


def test_positions_are_found_only_when_asked_for() -> None:
    parsed = jsonpos.parse('{\n  "a": [1, {"b": 2}]\n}\n')
    later = parsed.positions.later  # type: ignore[attr-defined]
    assert later.parsed is None
    assert parsed.positions["/a/1/b"] == (2, 18)
    assert parsed.key_positions["/a/1/b"] == (2, 13)
    assert "/a/0" in parsed.positions and "/zz" not in parsed.positions
    assert later.parsed is not None


def test_bundled_accepts_only_valid_packets_of_the_bundled_schema() -> None:
    broken = copy.deepcopy(_BASE_PACKET)
    broken["status"] = "done"
    assert bundled_accepts(None, _BASE_PACKET)
    assert not bundled_accepts(None, broken)
    assert not bundled_accepts("/some/other.schema.json", _BASE_PACKET)


def test_checking_valid_packets_never_imports_jsonschema(tmp_path: Path) -> None:
    repo = synth.build_one(tmp_path / "one")
    probe = (
        "import sys\n"
        "from handoff_audit.cli.main import main\n"
        "code = main(['check', '--format', 'json'])\n"
        "print(code, 'jsonschema' in sys.modules, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=repo, capture_output=True, text=True, check=False
    )
    assert done.stderr.split() == ["0", "False"], done.stderr
    assert json.loads(done.stdout)["summary"]["packets"] == 1


@given(st.integers() | st.booleans() | st.none() | st.floats() | st.lists(st.integers()))
def test_as_text_of_a_number_is_what_json_says(value: Any) -> None:
    assert sections.as_text(value) == json.dumps(value, ensure_ascii=False, sort_keys=True)


# -- loading: resolving each folder once resolves as Path.resolve() does ------------------------


def test_resolving_by_folder_is_path_resolve(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.json").write_text("{}")
    repo = tmp_path / "repo"
    (repo / "real").mkdir(parents=True)
    (repo / "real" / "a.json").write_text("{}")
    (repo / "linked").symlink_to(repo / "real")
    (repo / "out").symlink_to(outside)
    (repo / "real" / "to-out.json").symlink_to(outside / "secret.json")
    (repo / "real" / "loop.json").symlink_to(repo / "real" / "loop.json")
    names = [
        "real/a.json",
        "linked/a.json",
        "out/secret.json",
        "real/to-out.json",
        "real/missing.json",
        "linked/../real/a.json",
    ]
    real_dirs: dict[str, str] = {}
    for name in names:
        path = repo / name
        target, info = loading._resolve(path, real_dirs)
        assert target == str(path.resolve()), name
        # The lstat it hands back stands for the file only when the file is no link.
        assert info is None or (info == os.lstat(path) and not path.is_symlink()), name
        inside = loading._inside(target, repo.resolve())
        assert inside == path.resolve().is_relative_to(repo.resolve()), name
    with pytest.raises((OSError, RuntimeError)):
        (repo / "real" / "loop.json").resolve(strict=True)
    assert loading._inside("/", Path("/")) and loading._inside("/x/y", Path("/"))
    assert not loading._inside("/repo-other/a", Path("/repo"))


@given(st.text(alphabet=st.sampled_from("`` a-_*\n"), min_size=1))
def test_code_spans_fence_as_before(text: str) -> None:
    folded = " ".join(text.split())
    longest = max((len(run) for run in re.findall(r"`+", folded)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if not folded or folded.startswith("`") or folded.endswith("`") else ""
    assert render.code(text) == f"{fence}{pad}{folded}{pad}{fence}"


def test_a_schema_that_refers_to_itself_without_end_is_left_to_jsonschema() -> None:
    endless = {"$defs": {"a": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}
    assert messages._quick_valid(Draft202012Validator(endless), {"x": 1}) is False
    deep: dict[str, Any] = {}
    inner = deep
    for _ in range(3000):
        inner["properties"] = {"x": {}}
        inner = inner["properties"]["x"]
    assert compile_check(deep) is None
