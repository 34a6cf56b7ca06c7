"""The bundled packet schema (owner: the core auditor)."""

from __future__ import annotations

from importlib import resources


def schema_text() -> str:
    """The bundled schema's text, as shipped."""
    return resources.files(__package__).joinpath("handoff.schema.json").read_text("utf-8")
