"""Recognising credentials in text, and keeping them out of every message, report and packet.

One detector, `find_secrets`, serves the `secret` rule, every writer (`new`, `update`,
``--from-transcript``, ``--verify``) and every quoted value (`show`, `redact`). Only
high-confidence patterns, no entropy guessing: a false alarm on a handoff teaches people to
ignore the rule. Three sources:

- the provider rules of gitleaks' ``config/gitleaks.toml`` (MIT; version and commit in
  ``data/gitleaks/rules.json``, `RULESET`): token formats their issuers made recognisable, each
  behind its keywords, compiled once when a keyword first appears;
- a PEM private key block, GitHub, AWS and Slack tokens, ``Authorization`` and ``Bearer``;
- generic forms where a value cannot be anything but a credential: ``NAME_TOKEN=`` (``_SECRET``,
  ``_PASSWORD``, ``_KEY``) assignments (also ``NAME_TOKEN = value`` unless the value is code,
  a path or prose, and ``name_token = value`` when the value looks like one; ``:=``, ``?=``,
  ``+=`` and ``=>`` as ``=``: Makefiles, Go, Ruby, PHP, Perl), the password of
  a URL, ``curl -u user:pass``, an ``X-Api-Key:`` header, ``mysql -pVALUE``.

Every pattern runs in a linear-time engine (RE2, as gitleaks uses) or is one of the reviewed
Python patterns below, so no text makes detection slow.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from handoff_audit.controls import without_lone_surrogates
from handoff_audit.credential_values import (
    header_placeholder,
    not_a_labelled_secret,
    not_a_spaced_secret,
    not_an_assigned_secret,
    not_an_env_secret,
    placeholder,
    url_placeholder,
)
from handoff_audit.textcut import shorten


class _Allow(NamedTuple):
    """One gitleaks allow-list: a hit that matches it is not a credential. (A named tuple, not a
    dataclass: generating a dataclass's methods costs start-up, and these are never compared.)"""

    target: str
    """What the regexes test: ``secret`` (the secret group), ``match`` or ``line``."""
    regexes: tuple[str, ...]
    """Any of these, searched in the target, allows the hit."""
    stopwords: tuple[str, ...]
    """Any of these, in the secret (lower case), allows the hit."""


class _Pattern(NamedTuple):
    """One credential pattern (a named tuple for start-up, as `_Allow`)."""

    kind: str
    """What it looks like, for messages and the redaction mark."""
    regex: str
    """Its source."""
    keywords: tuple[str, ...]
    """Lower-case literals one of which every match holds (case-folded): the prefilter."""
    group: int = 0
    """The group that is the secret: 0 the whole match, -1 the first non-empty group."""
    engine: str = "re2"
    """``re2`` (linear time, gitleaks' syntax) or ``re`` (a reviewed Python pattern)."""
    allow: tuple[_Allow, ...] = ()
    """Allow-lists (gitleaks')."""
    reject: Callable[[str], bool] | None = None
    """True for a secret that is a placeholder, a variable or a redaction mark."""


# A password everyone uses in examples, on a host that is not a server of anyone's or on a
# host that is itself a stand-in word (``user:password@host:5432/dbname``, a URL's parts
# named). The whole match is parsed: the host follows the last "@", the userinfo is one user
# (no ":" or "@") and a password that is exactly one of the words; a userinfo holding "@"
# (`admin:REAL@db.prod:pass@localhost`) is never allowed.
_EXAMPLE_URL_PASSWORD = _Allow(
    "match",
    (
        r"(?i)^[a-z][a-z0-9+.-]*://[^\s/:@?#]*:(?:pass|password|secret|changeme)@"
        r"(?:localhost|127\.0\.0\.1|(?:[a-z0-9-]+\.)*example\.(?:com|org|net)"
        r"|(?:db[-_]?|database[-_]?)?host(?:name)?|server)$",
    ),
    (),
)


_NOT_SECRET_NAMES = (
    "sort|partition|primary|foreign|public|idempotency|page|next_?page|range|hash|cache|"
    "composite|unique|shard|routing|lookup|row"
)
"""Names ending in ``_key`` or ``_token`` that name data, not a credential (``sort_key``,
``primaryKey``, ``page_token``): an assignment to one is not reported."""

_CLASS_FOR_A_TOKEN = _Allow(
    "match",
    (
        r"^[^A-Za-z0-9_]?[\"']?(?i:[a-z0-9_]*token[a-z0-9_]*)[\"']?[ \t]*(?:[=:]|[?+:]=|=>)"
        r"[ \t]*[\"']?(?:[A-Z][a-z]+){2,}[A-Z]?[0-9]*[\"']?$",
    ),
    (),
)
"""A class or type name given to a token's variable (``refresh_token = RefreshTokenV2``,
``RATE_LIMIT_TOKEN = TokenBucket2``): code. Only for a token's name: ``DB_PASSWORD =
CorrectHorse9`` is a password however it is capitalised."""
_VERSIONED_NAME_AFTER_AN_ARROW = _Allow(
    "match",
    (r"=>[ \t]*[A-Za-z][a-z]+(?:[A-Z][a-z]+)+_?[Vv][0-9]+[.,]?(?:[ \t]+[A-Za-z]+)?$",),
    (),
)
"""A bare camelCase or PascalCase name with a version suffix after ``=>`` (``client_secret =>
clientSecretV2``, a rename or a mapping as prose writes one; in Ruby, PHP or Perl a constant's
or a method's name): code, as `_CLASS_FOR_A_TOKEN` is. A quoted value (``'password' =>
'Summer2V2'``) or one without the suffix stays reported."""
_NOT_A_SECRET_NAME = _Allow(
    "match",
    (
        rf"(?i)^[^A-Za-z0-9_]?[\"']?[a-z0-9_]*?(?:{_NOT_SECRET_NAMES})_?(?:key|token)"
        r"[\"']?[ \t]*(?:[=:]|[?+]=)",
    ),
    (),
)

_PROSE_AFTER = _Allow(
    "match",
    (r"(?i)[ \t]+(?:of|then)$",),
    (),
)
"""A value followed by ``of`` or ``then`` is a word of a sentence ("Token: Ab1cd2Ef of the
release, then tag"), not a credential: for the YAML and JSON form alone (an assignment's value
that looks generated is a credential whatever follows it: ``api_token = t0k3nvalue then``)."""

_WORD_THEN_PROSE = _Allow(
    "match",
    (r"=>?[ \t]*[\"']?[A-Za-z]+[\"']?[ \t]+[A-Za-z]+$",),
    (),
)
"""A spaced assignment's value of letters alone followed by a word ("DB_PASSWORD = unchanged
in prod") is prose; one with a digit or a symbol (``swordfish9 then restart``) is not."""

_ASSIGN = r"(?:=>|[:?+]?=)"
"""An assignment's operator: ``=``, and as it, Make's and Go's ``:=``, Make's ``?=`` and ``+=``,
Ruby's, PHP's and Perl's ``=>`` (``API_KEY := ...``, ``'password' => '...'``); ``=>`` first,
so that its ``>`` is never taken for the value's."""

_STRICT_KEYWORDS = tuple(
    name + operator
    for name in ("token", "secret", "password", "passwd", "pass", "key", "pwd", "auth")
    for operator in ("=", ":=", "?=", "+=")
)
"""The strict form's keywords: each name's end before each `_ASSIGN` (``=>`` holds ``=``)."""

_LOOSE_VALUE = r"[ \t]*[\"']?([^\s\"'`;|&]{3,})(?:[ \t]+(?:[A-Za-z]+))?"
"""The value of a loose assignment, bare or quoted, and the word after it (`_PROSE_AFTER`,
`_WORD_THEN_PROSE`)."""

_WELL_KNOWN = r"PGPASSWORD|MYSQL_PWD|REDISCLI_AUTH|SSHPASS"
"""Variables that hold a password though their names end in no ``_PASSWORD`` (libpq's, the
mysql client's, redis-cli's, sshpass')."""

_LOOSE_NAME = (
    r"(?:(?i:[a-z][a-z0-9_]*_(?:token|secret|password|passwd|pass|key|apikey)"
    rf"|token|secret|password|passwd|apikey|{_WELL_KNOWN})"
    r"|[A-Za-z][A-Za-z0-9]*[a-z0-9](?:Token|Secret|Password|Passwd|Key|ApiKey))"
)
"""A credential's name in any letter case (``db_password``, ``AWS_SECRET_ACCESS_KEY``,
``PGPASSWORD``) or in camel case (``apiKey``, ``clientSecret``)."""

_UPPER_NAME = (
    r"(?:[A-Z][A-Z0-9_]*_(?:TOKEN|SECRET|PASSWORD|PASSWD|PASS|KEY|APIKEY)"
    rf"|TOKEN|SECRET|PASSWORD|PASSWD|APIKEY|{_WELL_KNOWN})"
)
"""The strict form's names, upper case (``DB_PASSWORD``, ``PGPASSWORD``)."""


_PY = "re"
_GITHUB = "GitHub token"

_OWN: tuple[_Pattern, ...] = (
    _Pattern(
        _GITHUB,
        r"(?<![\w])gh[pousr]_[A-Za-z0-9]{36,251}(?![\w])",
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
        engine=_PY,
    ),
    _Pattern(
        "GitHub token",
        r"(?<![\w])github_pat_[A-Za-z0-9_]{50,240}(?![\w])",
        ("github_pat_",),
        engine=_PY,
    ),
    _Pattern(
        "AWS access key",
        r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])",
        ("akia", "asia"),
        engine=_PY,
    ),
    _Pattern(
        "private key",
        r"-----BEGIN (?:[A-Z0-9]{1,16} ){0,4}PRIVATE KEY(?: BLOCK)?-----"
        r"[^-]{0,16384}(?:-----END[^-]{0,64}-----)?",
        ("private key",),
        engine=_PY,
    ),
    _Pattern("Slack token", r"(?:^|[^A-Za-z0-9-])(xox[abposr]-[A-Za-z0-9-]{10,250})", ("xox",), 1),
    _Pattern(
        "Docker token", r"(?:^|[^A-Za-z0-9_])(dckr_pat_[A-Za-z0-9_-]{27,})", ("dckr_pat_",), 1
    ),
    _Pattern(
        "password in a URL",
        # scheme://[user]:password@host; the password may hold "@" (the last one ends it).
        r"(?i)\b[a-z][a-z0-9+.-]{0,20}://[^\s/:@?#]{0,256}:([^\s/?#]{1,256})@[^\s/?#@:]*[a-z0-9]",
        ("://",),
        1,
        allow=(_EXAMPLE_URL_PASSWORD,),
        reject=url_placeholder,
    ),
    _Pattern(
        "Authorization header",
        r"(?i)\bauthorization\s*[:=]\s*[\"']?(?:basic|bearer|token)\s+"
        r"(?![$<{*%])[A-Za-z0-9._~+/=…-]{8,4096}",  # "…" too: a cut-short value holds it
        ("author",),  # "authorİzation".lower() is not "authorization"; Python's re matches it
        engine=_PY,
        reject=header_placeholder,  # a prefix shown cut short: "Bearer 448d5c18..."
    ),
    _Pattern(
        "bearer token",
        r"\b[Bb]earer\s{1,8}(?=[A-Za-z0-9._~+/-]{0,4096}[0-9])"
        r"(?=[A-Za-z0-9._~+/-]{0,4096}[A-Za-z])[A-Za-z0-9._~+/-]{20,4096}=*",
        ("bearer",),
        engine=_PY,
    ),
    _Pattern(
        "credential assignment",
        r"(?:^|[^A-Za-z0-9_])" + _UPPER_NAME + _ASSIGN + r"[ \t]*[\"']?([^\s\"'`;|&]{3,})",
        _STRICT_KEYWORDS,
        1,
        reject=not_an_env_secret,
    ),
    _Pattern(
        # The same assignment in any letter case or with spaces around "=" (``db_password =
        # ...``, ~/.aws/credentials' ``aws_secret_access_key = ...``): code and prose write
        # these too (``API_KEY = os.getenv(...)``, "the password = the one in 1Password"), so
        # the value must look like a credential, as a labelled one must.
        "credential assignment",
        r"(?:^|[^A-Za-z0-9_])" + _LOOSE_NAME + r"[\"']?[ \t]*" + _ASSIGN + _LOOSE_VALUE,
        ("token", "secret", "pass", "key", "mysql_pwd", "rediscli_auth"),
        1,
        # prose after a generated value does not make it prose
        allow=(_NOT_A_SECRET_NAME, _CLASS_FOR_A_TOKEN, _VERSIONED_NAME_AFTER_AN_ARROW),
        reject=not_an_assigned_secret,
    ),
    _Pattern(
        # An environment variable's assignment with spaces around "=" (``DB_PASSWORD =
        # swordfish``): as the strict form, but not code (``API_KEY = settings.API_KEY``,
        # ``TOKEN = token.strip()``), a path, a number, another variable or a word of prose.
        "credential assignment",
        r"(?:^|[^A-Za-z0-9_])" + _UPPER_NAME + r"[ \t]+" + _ASSIGN + _LOOSE_VALUE,
        ("token", "secret", "pass", "key", "mysql_pwd", "rediscli_auth"),
        1,
        allow=(
            _NOT_A_SECRET_NAME,
            _WORD_THEN_PROSE,
            _CLASS_FOR_A_TOKEN,
            _VERSIONED_NAME_AFTER_AN_ARROW,
        ),
        reject=not_a_spaced_secret,
    ),
    _Pattern(
        "curl user password",
        r"\bcurl\b[^\n]*?[ \t](?:-u|--user)(?:=|[ \t]{1,5})[\"']?[^\s:\"']{0,256}:"
        r"([^\s\"']+)",
        ("curl",),
        1,
        reject=placeholder,
    ),
    _Pattern(
        "database password",
        r"\b(?:mysql|mariadb|mysqldump)\b[^\n|;&]*?[ \t](?:-p|--password=)([^\s\"'|;&]+)",
        ("mysql", "mariadb"),
        1,
        reject=placeholder,
    ),
    _Pattern(
        # A handoff's own form: "**API key:** `7f59…`", "Password: Admin123!", "Secret: `…`".
        "labelled credential",
        # speed: the lookahead on the labels' first letters skips most places before the
        # alternation is tried (find_secrets 0.050 -> 0.037 ms/KB on the labelled sets)
        r"(?i)(?<![\w-])(?=[apsctb])(?:api[ _-]?key|password|passwd|passwort|senha|"
        r"contrase(?:ñ|n)a|(?:client[ _-])?secret(?:[ _-]key)?|"
        r"(?:access[ _-]|auth[ _-]|bearer[ _-])?token|"
        r"private[ _-]key)\**[ \t]*[:\uff1a][ \t]*\**[ \t]*`?([^`\s]{8,200}?)`?"
        r"(?=[\s,;)\"'`]|\.(?:\s|$)|$)",
        ("key", "passw", "senha", "contrase", "secret", "token"),
        1,
        engine=_PY,
        reject=not_a_labelled_secret,
    ),
    _Pattern(
        # The same names as keys of YAML (docker compose's ``POSTGRES_PASSWORD: ...``) and as
        # JSON members (``"client_secret": "..."``), under the loose form's value test; after
        # "labelled credential", which names ``Password: ...`` as a handoff writes it.
        "credential assignment",
        r"(?:^|[^A-Za-z0-9_])[\"']?" + _LOOSE_NAME + r"[\"']?[ \t]*:" + _LOOSE_VALUE,
        ("token", "secret", "pass", "key", "mysql_pwd", "rediscli_auth"),
        1,
        allow=(_NOT_A_SECRET_NAME, _PROSE_AFTER),
        reject=not_an_assigned_secret,
    ),
    _Pattern(
        "API key header",
        # not the end of a longer name: ``openai-api-key:latest`` is a secret manager's reference
        r"(?i)(?:^|[^A-Za-z0-9_-])(?:x-api-key|api-key|x-auth-token|x-access-token|private-token)"
        r"[ \t]*:[ \t]*"
        r"[\"']?([^\s\"']{6,})",
        ("api-key", "auth-token", "access-token", "private-token"),
        1,
        reject=placeholder,
    ),
)


@dataclass(frozen=True, slots=True)
class SecretMatch:
    """Where a credential-looking string sits in a text. Carries no copy of the secret."""

    kind: str
    """What it looks like, for messages: ``GitHub token``, ``AWS access key``..."""
    start: int
    """Index of its first character."""
    end: int
    """Index after its last character."""


def _vendored() -> dict[str, Any]:
    beside = Path(__file__).with_name("data") / "gitleaks" / "rules.json"
    if beside.is_file():  # an installed package (start-up: importlib.resources costs ~10 ms)
        text = beside.read_text("utf-8")
    else:
        # start-up: importlib.resources only for a package that is not plain files (a zip)
        from importlib import resources

        data = resources.files("handoff_audit").joinpath("data/gitleaks/rules.json")
        text = data.read_text("utf-8")
    document: dict[str, Any] = json.loads(text)
    return document


_KINDS = {
    "github-app-token": _GITHUB,
    "github-fine-grained-pat": _GITHUB,
    "github-oauth": _GITHUB,
    "github-pat": _GITHUB,
    "github-refresh-token": _GITHUB,
}
"""gitleaks' rules whose kind this module's own patterns already name: one token, one name in
every message and redaction mark, whichever pattern matched it."""


_REJECTS = {"curl-auth-header": header_placeholder}
"""gitleaks' generic forms whose value may be a placeholder, told as this module's own forms
tell it (`credential_values.placeholder`: ``-H "X-Api-Key: 448d5c18..."``)."""


@cache
def _patterns() -> tuple[_Pattern, ...]:
    """Every pattern: this module's, then gitleaks' provider rules."""
    vendored = tuple(
        _Pattern(
            _KINDS.get(rule["id"], rule["id"].replace("-", " ")),
            rule["regex"],
            tuple(rule["keywords"]),
            rule["secret_group"] or -1,
            allow=tuple(
                _Allow(a["target"], tuple(a["regexes"]), tuple(a["stopwords"]))
                for a in rule["allowlists"]
            ),
            reject=_REJECTS.get(rule["id"]),
        )
        for rule in _vendored()["rules"]
    )
    return _OWN + vendored


def ruleset() -> str:
    """The vendored rule set, for the documentation: ``gitleaks v8.30.1 (commit)``."""
    source = _vendored()["source"]
    return f"gitleaks {source['version']} ({source['commit'][:12]})"


@cache
def _compiled(regex: str, engine: str) -> Any:
    """The compiled pattern (`re.Pattern` or RE2's, with the same ``finditer``), once."""
    if engine == _PY:
        return re.compile(regex)
    import re2  # start-up: only once a keyword is seen

    options = re2.Options()
    options.log_errors = False
    return re2.compile(regex, options)


@cache
def _prefilter() -> tuple[Any, tuple[tuple[int, ...], ...]]:
    """An RE2 set of every keyword (one linear scan of a lower-cased text finds all that it
    holds, overlapping ones too), and for each keyword the patterns it stands for."""
    import re2  # start-up: only once there is text to scan

    index: dict[str, list[int]] = {}
    for number, pattern in enumerate(_patterns()):
        for keyword in pattern.keywords:
            index.setdefault(keyword, []).append(number)
    options = re2.Options()
    options.log_errors = False
    scan = re2.Set.SearchSet(options)
    for word in index:
        scan.Add(re2.escape(word))
    scan.Compile()
    return scan, tuple(tuple(numbers) for numbers in index.values())


_FOLD = str.maketrans({"\u0131": "i", "\u017f": "s"})
"""Letters that case-insensitive matching takes for ASCII ones though ``lower()`` keeps them:
dotless i and long s (Python's ``re`` and RE2 both fold them)."""


_ASCII_IN_LOWER = ("\u0130", "\u212a", "\u0131", "\u017f")
"""The characters beyond ASCII that ``lower()`` makes an ASCII letter (capital I with a dot,
the Kelvin sign; a test checks every character) or that `_FOLD` does."""


def _candidates(text: str, encoded: bytes) -> frozenset[int]:
    """The patterns whose keywords ``text`` (`without_lone_surrogates`; ``encoded``: its
    UTF-8) holds (case-folded).

    The keywords are ASCII, and without `_ASCII_IN_LOWER` the ASCII runs of ``text.lower()``
    are those of ``text`` with A-Z lowered: so the UTF-8 bytes lowered hold the same keywords
    (speed: ``str.lower`` of a text beyond ASCII, and encoding the lowered text, cost four
    times as much)."""
    scan = _prefilter()[0]
    if text.isascii() or not any(char in text for char in _ASCII_IN_LOWER):
        hits = scan.Match(encoded.lower())
    else:
        lower = text.lower()
        if "\u0131" in lower or "\u017f" in lower:  # rare: translate() is slow on long text
            lower = lower.translate(_FOLD)
        hits = scan.Match(lower)
    return _patterns_for(tuple(hits)) if hits else frozenset()


@lru_cache(maxsize=1024)
def _patterns_for(hits: tuple[int, ...]) -> frozenset[int]:
    """The patterns the keywords numbered ``hits`` stand for (speed: the same few keywords
    come back text after text)."""
    patterns_of = _prefilter()[1]
    return frozenset(number for hit in hits for number in patterns_of[hit])


@lru_cache(maxsize=16_384)  # the rule and the report ask about each packet's text (speed)
def json_may_hold_secret(json_text: str) -> bool:
    """False when no string decoded from this JSON text can look like a credential.

    Every pattern's match holds one of its keywords, and JSON escapes other than ``\\u`` and
    ``\\/`` decode to characters no keyword has, so a keyword in a decoded string is also in
    the text. Without any escape (no backslash), each decoded string is the text between two
    quotes; with the quotes made line ends, the patterns run once over the whole file in
    multi-line mode (`_lines_variant`), and a string a pattern matches is matched there too. One
    scan of the file then spares walking every string of a clean packet (speed).
    """
    if "\\u" in json_text or "\\/" in json_text:
        return True
    json_text = without_lone_surrogates(json_text)
    encoded = json_text.encode("utf-8")
    candidates = _candidates(json_text, encoded)
    if not candidates:
        return False
    if "\\" in json_text:
        return True
    _, together, python = _set_of(candidates, True)
    if together is not None and together.Match(encoded.replace(b'"', b"\n")):
        return True  # a quote is one byte in UTF-8, never part of another character's
    lines = json_text.replace('"', "\n") if python else ""
    return any(search(lines) is not None for _, search in python)


def _lines_variant(regex: str) -> str:
    """``regex`` with ``^``/``$`` (and RE2's ``\\A``/``\\z``) matching at every line end: it
    matches a text of lines wherever the original matches one of the lines alone."""
    return "(?m)" + regex.replace("\\z", "$").replace("\\A", "^")


def _matching(text: str, encoded: bytes, candidates: frozenset[int]) -> list[int]:
    """The candidates that match somewhere in ``text`` (``encoded``: its UTF-8): the RE2 ones
    in one pass of a set."""
    numbers, together, python = _set_of(candidates, False)
    found = [number for number, search in python if search(text) is not None]
    if together is not None:
        found.extend(numbers[i] for i in together.Match(encoded) or ())
    return sorted(found)


_SET_MEMORY = 64 << 20
"""RE2's memory budget for a set of candidate patterns (the default, 8 MiB, is too small for
all of them)."""


@lru_cache(maxsize=512)
def _set_of(
    candidates: frozenset[int], lines: bool
) -> tuple[tuple[int, ...], Any, tuple[tuple[int, Callable[[str], Any]], ...]]:
    """The RE2 patterns among ``candidates`` as one RE2 set (compiled once per combination),
    and the search of each Python one."""
    patterns = _patterns()
    python = tuple(
        (
            n,
            _compiled(
                _lines_variant(patterns[n].regex) if lines else patterns[n].regex, _PY
            ).search,
        )
        for n in candidates
        if patterns[n].engine == _PY
    )
    numbers = tuple(sorted(n for n in candidates if patterns[n].engine != _PY))
    if not numbers:
        return numbers, None, python
    import re2  # start-up: only once there is text to scan

    options = re2.Options()
    options.log_errors = False
    # a text holding every keyword makes a set of every pattern: over RE2's default 8 MiB it
    # fails to compile (an internal error), and under 64 MiB its DFA thrashes on a large text
    options.max_mem = _SET_MEMORY
    together = re2.Set.SearchSet(options)
    for number in numbers:
        regex = patterns[number].regex
        together.Add(_lines_variant(regex) if lines else regex)
    together.Compile()
    return numbers, together, python


def _allowed(pattern: _Pattern, text: str, match: Any, secret: str) -> bool:
    if pattern.reject is not None and pattern.reject(secret):
        return True
    for allow in pattern.allow:
        if allow.stopwords and any(word in secret.lower() for word in allow.stopwords):
            return True
        if allow.target == "match":
            target = text[match.start() : match.end()]
        elif allow.target == "line":
            start = text.rfind("\n", 0, match.start()) + 1
            end = text.find("\n", match.end())
            target = text[start : end if end >= 0 else len(text)]
        else:
            target = secret
        if any(_compiled(regex, "re2").search(target) for regex in allow.regexes):
            return True
    return False


def _span(pattern: _Pattern, match: Any) -> tuple[int, int]:
    group = pattern.group
    if group == -1:
        last = match.lastindex or 0
        group = next((g for g in range(1, last + 1) if match.group(g)), 0)
    if match.group(group) is None:
        group = 0
    start: int = match.start(group)
    end: int = match.end(group)
    return start, end


def find_secrets(text: str) -> list[SecretMatch]:
    """Every credential-looking span in ``text``, in order, overlaps removed."""
    if not text:
        return []
    text = without_lone_surrogates(text)
    encoded = text.encode("utf-8")
    candidates = _candidates(text, encoded)
    return scan(text, _matching(text, encoded, candidates)) if candidates else []


def scan(text: str, numbers: Iterable[int]) -> list[SecretMatch]:
    """`find_secrets` with the patterns numbered ``numbers`` (`_patterns`), no prefilter."""
    text = without_lone_surrogates(text)
    patterns = _patterns()
    found: list[SecretMatch] = []
    for number in numbers:
        pattern = patterns[number]
        for match in _compiled(pattern.regex, pattern.engine).finditer(text):
            start, end = _span(pattern, match)
            if end > start and not _allowed(pattern, text, match, text[start:end]):
                found.append(SecretMatch(pattern.kind, start, end))
    found.sort(key=lambda match: (match.start, -match.end))
    kept: list[SecretMatch] = []
    for match in found:
        if kept and match.start < kept[-1].end:
            continue
        kept.append(match)
    return kept


def redact(text: str, paths: Iterable[str] = ()) -> str:
    """``text`` with every credential-looking span replaced by ``[redacted <kind>]``, except a
    span that lies inside one of ``paths`` where ``text`` names it: a file's name in the
    repository is shown as the tree has it, so that a command naming the file still works."""
    matches = unnamed_secrets(text, paths)
    if not matches:
        return text
    parts: list[str] = []
    last = 0
    for match in matches:
        parts.append(text[last : match.start])
        parts.append(f"[redacted {match.kind}]")
        last = match.end
    parts.append(text[last:])
    return "".join(parts)


def unnamed_secrets(text: str, names: Iterable[str] = ()) -> list[SecretMatch]:
    """`find_secrets` of ``text`` but those that lie inside one of ``names`` where ``text``
    names it (a file, a branch or a topic shown as git has it)."""
    matches = find_secrets(text)
    if not matches:
        return matches
    named = _named_spans(text, names)
    return [m for m in matches if not any(s <= m.start and m.end <= e for s, e in named)]


def _named_spans(text: str, paths: Iterable[str]) -> list[tuple[int, int]]:
    """Where each of ``paths`` occurs in ``text``."""
    spans: list[tuple[int, int]] = []
    for path in paths:
        start = text.find(path) if path else -1
        while start >= 0:
            spans.append((start, start + len(path)))
            start = text.find(path, start + 1)
    return spans


def redact_data(value: Any) -> Any:
    """A copy of a parsed JSON value with every string (keys too) passed through `redact`.

    Returns the same object when nothing needed redacting, so the common case costs no copy.
    """
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, list):
        items = [redact_data(item) for item in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    if isinstance(value, dict):
        pairs = [(redact(k), redact_data(v)) for k, v in value.items()]
        same = all(
            k1 is k2 and v1 is v2 for (k1, v1), (k2, v2) in zip(pairs, value.items(), strict=True)
        )
        return value if same else dict(pairs)
    return value


IDENTIFIERS = ("branch", "topic")
"""A packet's fields that name a branch and a topic: names, as a file's path is, not values
(git shows the branch; a topic names the packet's file). A credential-shaped one is kept in the
packet's data as it is, so that `branch-mismatch` can clear; a message prints such a topic as it
is, such a branch redacted."""


def packet_identifiers(data: Any) -> tuple[str, ...]:
    """The names ``data`` (a packet's parsed JSON) gives in `IDENTIFIERS`."""
    if not isinstance(data, dict):
        return ()
    return tuple(v for k in IDENTIFIERS if isinstance(v := data.get(k), str) and v)


def redact_packet(data: Any) -> Any:
    """`redact_data` of a packet's parsed JSON, but for its `IDENTIFIERS`."""
    if not isinstance(data, dict):
        return redact_data(data)
    redacted: dict[str, Any] = {}
    for key, value in data.items():
        if key in IDENTIFIERS and isinstance(value, str):
            redacted[key] = value
        else:
            redacted.update(redact_data({key: value}))
    return redacted


_ROOM = 20_000
"""Characters kept of a value before redaction: more than the longest credential pattern."""


def _bounded(value: Any, room: int) -> Any:
    """A copy of ``value`` whose JSON is about ``room`` characters at most (a bound on the work,
    not a cut a reader sees: `show` shortens the result with `textcut.shorten`)."""
    if isinstance(value, str):
        return value[: max(room, 1)]
    if isinstance(value, (list, tuple, dict)):
        pairs = value.items() if isinstance(value, dict) else enumerate(value)
        kept: list[tuple[Any, Any]] = []
        used = 2
        for key, item in pairs:
            if used >= room:
                break
            short = _bounded(item, room - used)
            kept.append((str(key)[:room], short))
            used += len(json.dumps(short, ensure_ascii=False, default=str)) + len(str(key)) + 4
        if isinstance(value, dict):
            return dict(kept)
        return [item for _, item in kept]
    return value


def show(value: Any, limit: int = 60) -> str:
    """A value as a message may quote it: JSON-quoted, shortened, secrets redacted, printable."""
    # Shortened before it is serialised (a value can be huge, or share parts many times over),
    # but with room to spare so that a credential is still whole when it is redacted.
    text = json.dumps(_bounded(value, _ROOM), ensure_ascii=False, default=str)
    text = redact(text)
    text = shorten(text, limit)
    # A lone surrogate ("\ud800" in the JSON) cannot be written to a UTF-8 terminal.
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
