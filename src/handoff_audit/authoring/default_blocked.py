"""The Stop hook's fix for a branch with no active handoff whose packet file (handoff.json, the
file `new` writes, or one in any folder or topic) is JSON but no packet (one wrong value, such as
``"status": "done"``): `new` refuses to overwrite it or writes a second packet beside it, so the
fix is the value its first schema finding names, then `render --write`."""

from __future__ import annotations

from collections.abc import Callable

from handoff_audit.model.findings import Finding
from handoff_audit.program import program

DEFAULT_PACKET = "handoff.json"
"""The file `new` writes without --topic or --output."""


def repair_default(
    message: str, finding: Finding, path_of: Callable[[str], str], *, beside: bool = False
) -> tuple[str, str, str]:
    """The reason, the fix and the line after it (`Advice`'s fields), ``path_of`` giving a
    repository path as the agent's cwd sees it; ``beside``: the branch has its own packet, and
    this broken one fails `check` and CI all the same."""
    path = path_of(finding.path)
    place = ":".join(str(n) for n in (finding.line, finding.column) if n is not None)
    where = f"{path}:{place}" if place else path
    what = (
        'set "status" to "active" (or superseded, archived)'
        if finding.message.startswith("status:")
        else "fix that value"
    )
    why = (
        "`check` and CI fail on it"
        if beside
        else "`new` will not overwrite it"
        if finding.path == DEFAULT_PACKET
        else "`new` would only write a second packet beside it"
    )
    return (
        f"{message}: {where} is no packet, and {why}: {finding.message}",
        f"in {path}, {what}, then: {program()} render --write {path}",
        "then commit both files and stop again",
    )
