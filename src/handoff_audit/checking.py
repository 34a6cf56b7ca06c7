"""The `check` command: options -> audit -> formatted report -> exit code."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from handoff_audit.audit import AuditRequest, run_audit
from handoff_audit.config import Config
from handoff_audit.context import Target
from handoff_audit.errors import EXIT_FINDINGS, EXIT_OK
from handoff_audit.findings import Severity
from handoff_audit.formats import FORMATS, FormatOptions


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """The `check` command's options, parsed."""

    paths: tuple[Path, ...]
    """Where to look for packets."""
    output_format: str = "text"
    """A key of `FORMATS`."""
    output: Path | None = None
    """Write the report here instead of standard output."""
    config_file: Path | None = None
    """An explicit configuration file."""
    branch: str | None = None
    """The branch checked."""
    target_branch: str | None = None
    """The merge target."""
    head: str | None = None
    """The commit checked."""
    all_branches: bool = False
    """Also read every other branch's packets."""
    select: frozenset[str] | None = None
    """Only these rules."""
    ignore: frozenset[str] = frozenset()
    """Never these rules."""
    strict: bool = False
    """Warnings fail too."""


def run_check(options: CheckOptions) -> int:
    """Placeholder wiring (owner: the core auditor)."""
    root = Path.cwd()
    request = AuditRequest(
        root=root,
        paths=tuple(p.resolve() for p in options.paths),
        config=Config(),
        target=Target(
            head=options.head,
            branch=options.branch,
            target_branch=options.target_branch,
            all_branches=options.all_branches,
        ),
        select=options.select,
        ignore=options.ignore,
    )
    report = run_audit(request)
    print(FORMATS[options.output_format](report, FormatOptions()), end="")
    level = Severity.WARNING if options.strict else Severity.ERROR
    return EXIT_FINDINGS if report.fails_at(level) else EXIT_OK
