"""The packet schema: the bundled one, or the one the configuration names (a file or an https
URL, fetched once and cached)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from handoff_audit.errors import InputError
from handoff_audit.schema_file import parse_schema, source_name


def schema_text() -> str:
    """The bundled schema's text, as shipped."""
    beside = Path(__file__).with_name("handoff.schema.json")
    if beside.is_file():  # an installed package (start-up: importlib.resources costs ~10 ms)
        return beside.read_text("utf-8")
    # start-up: importlib.resources only for a package that is not plain files (a zip)
    from importlib import resources

    return resources.files(__package__).joinpath("handoff.schema.json").read_text("utf-8")


@cache
def load_schema(source: str | None) -> dict[str, Any]:
    """The schema named by the configuration's ``schema`` key (``None`` = bundled), parsed.

    A path must already be absolute (the configuration loader resolves it). Problems are an
    `InputError` naming the source and the fix.
    """
    if source is None:
        text = schema_text()
    elif source.startswith("https://"):
        from handoff_audit.schema import remote  # start-up: hashlib and threads, for a URL only

        text = remote.fetch(source)
    else:
        try:
            text = Path(source).read_text("utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise InputError(f"schema {source}: cannot be read ({error}); fix `schema`") from None
    try:
        return parse_schema(text)
    except ValueError as error:
        raise InputError(f"schema {source_name(source)}: {error}") from None
