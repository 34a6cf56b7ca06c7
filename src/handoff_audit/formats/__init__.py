"""Output formats: a NAME -> formatter registry that also feeds the click choices.

Every formatter is a pure function of a Report: it returns a string and never prints.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from handoff_audit.model.findings import Report


@dataclass(frozen=True, slots=True)
class FormatOptions:
    """Presentation choices that are not part of the report."""

    color: bool = False
    """Use ANSI colours (only the text format does)."""
    quiet: bool = False
    """Findings only, no status line (only the text format has one)."""
    cwd: str = ""
    """The current folder relative to the repository root (``""`` or ``sub/dir``): the text
    format shows paths relative to it; the machine formats stay root-relative."""
    root_shown: str = ""
    """The repository root as written from the current folder when that folder is outside the
    root (``../B``, ``B``), ``""`` otherwise: the text format puts it before every path."""
    scoped: bool = False
    """PATHS chose part of the repository: "no packets" speaks of them, not the repository."""


Formatter = Callable[["Report", FormatOptions], str]


class _Registry(Mapping[str, Formatter]):
    """NAME -> the ``render`` of module ``handoff_audit.formats.MODULE``, imported when first
    asked for (start-up: a one-packet `check` needs one format, not the five and their imports)."""

    def __init__(self, modules: dict[str, str]) -> None:
        self._modules = modules

    def __getitem__(self, name: str) -> Formatter:
        module = importlib.import_module(f"handoff_audit.formats.{self._modules[name]}")
        render: Formatter = module.render
        return render

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


FORMATS: Mapping[str, Formatter] = _Registry(
    {
        "text": "text",
        "json": "json_report",
        "sarif": "sarif",
        "github": "github",
        "markdown": "markdown_report",
    }
)

__all__ = ["FORMATS", "FormatOptions", "Formatter"]
