"""Fetching a schema from an https URL, with a timeout, cached on disk.

Only reached when the configuration names an https schema: ``requests`` is imported here and
nowhere on the default path, so ``check`` starts fast.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from handoff_audit.atomic import replace_file
from handoff_audit.deadline import DeadlinePassed, within
from handoff_audit.errors import InputError
from handoff_audit.schema_file import parse_schema, source_name

TIMEOUT_SECONDS = 10.0
"""Connect and read timeout for the schema download."""
MAX_REDIRECTS = 5
"""Redirects followed, each of them to https only."""
DEADLINE_SECONDS = 30.0
"""The whole download, on the wall clock: a server that sends a byte at a time is given up."""
MAX_SCHEMA_BYTES = 5 * 1024 * 1024
"""A schema larger than this is refused rather than held in memory."""


def cache_dir() -> Path:
    """Where fetched schemas are kept: ``$XDG_CACHE_HOME/handoff-audit/schemas``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "handoff-audit" / "schemas"


def fetch(url: str) -> str:
    """The text at ``url``; from the cache when it was fetched before, else downloaded once."""
    cached = cache_dir() / (hashlib.sha256(url.encode()).hexdigest() + ".json")
    try:
        return cached.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        pass
    import requests  # only for a schema named by URL: requests is slow to import

    name = source_name(url)  # a password or token in the URL is never printed

    def download() -> bytes:
        where = url
        for _ in range(MAX_REDIRECTS + 1):
            if urlsplit(where).scheme.lower() != "https":
                raise InputError(
                    f"schema {name} redirects to {source_name(where)}, which is not https; "
                    "refused (plain http can be changed on the way): name the final https URL "
                    "in `schema`"
                )
            response = requests.get(
                where, timeout=TIMEOUT_SECONDS, stream=True, allow_redirects=False
            )
            if not response.is_redirect:
                response.raise_for_status()
                return bytes(response.raw.read(MAX_SCHEMA_BYTES + 1, decode_content=True))
            where = urljoin(where, response.headers["location"])
            response.close()
        raise InputError(f"schema {name} redirects more than {MAX_REDIRECTS} times; refused")

    try:
        body = within(DEADLINE_SECONDS, download)
    except DeadlinePassed:
        raise InputError(
            f"schema {name} did not arrive within {DEADLINE_SECONDS:.0f} s; check the server, "
            "or point `schema` at a file in the repository"
        ) from None
    except requests.RequestException as error:
        raise InputError(
            f"schema {name} cannot be fetched ({type(error).__name__}); check the URL and the "
            "network, or point `schema` at a file in the repository"
        ) from None
    if len(body) > MAX_SCHEMA_BYTES:
        raise InputError(f"schema {name} is larger than {MAX_SCHEMA_BYTES} bytes; refused")
    try:
        text = str(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError(f"schema {name} is not UTF-8 text") from None
    try:
        parse_schema(text)
    except ValueError as error:
        raise InputError(f"schema {name}: {error}") from None
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        replace_file(cached, text.encode("utf-8"))
    except OSError:
        pass  # a cache we cannot write is only slower
    return text
