"""What a value must look like for a generic credential form (`credentials`) to report it.

An assignment, a labelled value, a URL's password, ``curl -u``, ``mysql -p``: a value there may
be a placeholder (``$X``, ``<your-key>``, ``sk-...``), code, a path or a word of prose as well
as a credential. These tests tell them apart, the same for the `secret` rule and every writer's
`redact`.
"""

from __future__ import annotations

import re

# start-up: compiled by `re` once a credential-like value is seen
_PLACEHOLDER = r"[$<{\[]|%[({]|\*+$|x+$|\.\.\.|…"


_CUT_SHORT = 8
"""The most characters left before a trailing ``...``/``…`` for the value to be a prefix shown
cut short (``sk-proj-``, ``ghp_``, ``abc``), not a credential followed by punctuation."""


_PROVIDER_SHAPED = (
    r"gh[pousr]_[A-Za-z0-9]{36,}|github_pat_\w{50,}|(?:AKIA|ASIA)[A-Z0-9]{16}"
    r"|xox[abposr]-[A-Za-z0-9-]{10,}|sk-[A-Za-z0-9_-]{20,}"
)
"""A token in its issuer's shape at full length (with a digit): a credential whatever words
or dots surround it."""


def placeholder(value: str) -> bool:
    """``$VAR``, ``${VAR}``, ``<password>``, ``{{ secret }}``, ``%(pw)s``, ``***``, ``[redacted
    ...]``, ``sk-...``, ``xxxx``, ``your-key-here``: a value that names a credential rather than
    holding it. This is the one test of every generic pattern, so `secret` and the writers'
    `redact` agree. A trailing ``...``/``…`` makes a value a placeholder only when what comes
    before it is short (`_CUT_SHORT`) or itself a placeholder: a full key followed by ``...``
    in prose is still a key."""
    stem = re.sub(r"(?:\.\.\.|…)[.…]*$", "", value)
    if re.fullmatch(_PROVIDER_SHAPED, stem) and re.search(r"\d", stem):
        return False
    if stem != value and (len(stem) <= _CUT_SHORT or placeholder(stem)):
        return True
    return (
        not value
        or re.match(_PLACEHOLDER, value) is not None
        or value.lower() in _NOT_SECRETS
        or re.fullmatch(r"[xX*.]+", value) is not None
        or _placeholder_words(stem)
    )


_NOT_SECRETS = frozenset({"redacted", "null", "none", "true", "false"})
_PLACEHOLDER_WORDS = frozenset({"your", "my", "example", "placeholder", "changeme"})


def _placeholder_words(value: str) -> bool:
    """``your-key-here``, ``YOUR_API_KEY``, ``my-secret``, ``sk-xxxx``, ``changeme``: split at
    ``-``, ``_`` and ``.``, one part is a placeholder word (or three or more ``x``) and no part
    looks random: none mixes letters with digits (a random token's parts do) and none is a run of
    12 or more digits (``83749283749823749823-my``)."""
    parts = re.split(r"[-_.]+", value.lower())
    if any(
        (re.search(r"\d", part) and re.search(r"[a-z]", part)) or re.fullmatch(r"\d{12,}", part)
        for part in parts
    ):
        return False
    return parts[:2] in _CHANGE_ME or any(
        part in _PLACEHOLDER_WORDS or re.fullmatch(r"x{3,}", part) for part in parts
    )


_CHANGE_ME = (["change", "this"], ["change", "me"], ["changethis"])
"""How a value asking to be replaced starts: ``change-this-in-production``, ``CHANGE_ME``."""


_SHORTEST = 8
"""The fewest characters of an assigned value of lower-case letters alone that may be a
credential: ``POSTGRES_PASSWORD=dev`` in an ``.env`` example is a local default, while
``hunter2`` or ``Xk9#q2z``, with a digit, a symbol or a capital, is a real password."""
_STAND_INS = frozenset({"dev", "test", "password", "secret", "local", "development", "localhost"})
"""Values that say what goes there, or where, rather than holding a credential."""


def not_an_env_secret(value: str) -> bool:
    """A value of ``NAME_PASSWORD=value`` (an ``.env`` line) that is plainly no credential: a
    placeholder (``change-this-in-production``, ``${DB_PASSWORD}``), a secret manager's
    reference (`secret_reference`: ``openai-api-key:latest``), a stand-in word alone
    (``password``, ``localhost``) or lower-case letters alone shorter than `_SHORTEST`
    characters (``dev``); a value with a digit, a symbol or a capital is reported at any length."""
    short_word = len(value) < _SHORTEST and value.isalpha() and value.islower()
    return (
        placeholder(value) or value.lower() in _STAND_INS or short_word or secret_reference(value)
    )


_SECRET_REFERENCE = re.compile(
    r"((?:[a-z][a-z0-9]{0,62}[-_]){1,8}"
    r"(?:key|secret|token|password|passwd|pwd|credentials?|creds|cert|dsn|url)):(?:latest|\d{1,6})",
    re.IGNORECASE,
)
"""A secret's name as a manager keeps it, words joined by ``-`` or ``_`` ending in what it holds
(``openai-api-key``, ``db-password``), and its version: ``mypassword123:1``,
``correct-horse-battery-staple:7`` or ``hunter2:latest`` are passwords, not names."""


def secret_reference(value: str) -> bool:
    """A secret manager's reference, ``secret-name:version`` (Google Cloud's ``gcloud run
    deploy --set-secrets="OPENAI_API_KEY=openai-api-key:latest"``): it names where the
    credential is kept, not the credential, unless the name looks generated (`_looks_generated`)."""
    found = _SECRET_REFERENCE.fullmatch(value)
    return found is not None and not _looks_generated(found[1])


def header_placeholder(header: str) -> bool:
    """A header's value (``Authorization: Bearer 448d5c18...``, ``X-Api-Key: sk-...``, or the
    value alone) that is a placeholder (`placeholder`): its last word, without quotes."""
    words = header.split()
    return bool(words) and placeholder(words[-1].strip("\"'"))


def url_placeholder(password: str) -> bool:
    """A URL's password that is a placeholder (`placeholder`); one holding ``@`` never is: the
    userinfo then hides a real password before another ``user:word@`` (`admin:REAL@db:my@h`)."""
    return "@" not in password and placeholder(password)


def not_a_labelled_secret(value: str) -> bool:
    """A labelled value that names or points at a credential rather than holding one: a
    placeholder, an environment variable's name (``OPENAI_API_KEY``), a file, or a word with no
    digit ("Configured")."""
    return (
        placeholder(value)
        or re.fullmatch(r"[A-Z][A-Z0-9_]*|[\w.-]*\.(?:env|json|ya?ml|toml|md|txt|pem)", value)
        is not None
        or re.search(r"\d", value) is None
        or re.search(r"[^\W\d_]", value) is None
    )


def not_an_assigned_secret(value: str) -> bool:
    """An assigned value (`_OWN`'s loose assignment form) that is not a credential: as
    `not_a_labelled_secret`, shorter than 8 characters, a path (``~/.ssh/id_ed25519``,
    ``/run/secrets/db``, ``config/keys2.json``), code (``os.getenv(``, ``settings.API_KEY2``), or
    a value that does not look generated (`_looks_generated`: ``HMAC-SHA256``, ``4096bits``)."""
    return (
        len(value) < 8
        or not_a_labelled_secret(value)
        or re.search(r"[(\[]", value) is not None
        or re.match(r"~|\.{0,2}/|[A-Za-z]:\\", value) is not None
        or (re.search(r"[/\\]", value) is not None and not re.fullmatch(_BASE64, value))
        or re.fullmatch(r"[\w-]+(?:\.[\w-]+)+", value) is not None
        or not _looks_generated(value)
    )


_BASE64 = r"[A-Za-z0-9+/]{20,}={0,2}"
"""A base64 value (an AWS secret access key holds ``/``): not a path."""


def _looks_generated(value: str) -> bool:
    """Letters and a digit in mixed case (``Zx81kLqPw0rd``, ``Letmein42``); a digit between
    letters (or letters between digits) and two runs of digits or a symbol (``t0k3nvalue``,
    ``P@ssw0rd``); or a symbol beside a letter and a digit (``Summer2024!``). Not
    ``created_at2``, ``HMAC-SHA256``, ``4096bits``, ``sha256sum``, ``tenant1``."""
    symbol = re.search(r"[!@#%^*+=?]", value) is not None
    if re.search(r"[a-z]", value) and re.search(r"[A-Z]", value) and re.search(r"\d", value):
        return True
    if re.search(r"[A-Za-z]\d+[A-Za-z]|\d[A-Za-z]+\d", value):
        return symbol or len(re.findall(r"\d+", value)) >= 2
    return symbol


_PROSE_WORDS = frozenset(
    {"the", "a", "an", "same", "one", "set", "unset", "empty", "blank", "none", "default"}
    | {"required", "optional", "missing", "unchanged", "changed", "done", "n/a", "tbd", "todo"}
)
"""Values of a spaced assignment that are words of a sentence, not a password."""


def not_a_spaced_secret(value: str) -> bool:
    """A value of ``NAME_PASSWORD = value`` that is not a credential: `not_an_env_secret`, code
    (``os.getenv(``, ``settings.API_KEY``, ``token.strip()``, ``api_key``), a path, a number,
    another variable's name (``DB_PASSWORD_PROD2``) or a word of prose (`_PROSE_WORDS`)."""
    return (
        not_an_env_secret(value)
        or value.lower() in _PROSE_WORDS
        or re.search(r"[(\[]", value) is not None
        or re.match(r"~|\.{0,2}/|[A-Za-z]:\\", value) is not None
        or (re.search(r"[/\\]", value) is not None and not re.fullmatch(_BASE64, value))
        or re.fullmatch(r"[\w-]+(?:\.[\w-]+)+|[\d.,_]+|[A-Z][A-Z0-9_]*|[a-z0-9]+_\w*", value)
        is not None
    )
