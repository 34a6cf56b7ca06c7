"""The Stop hook's fix for a hand-written handoff that cannot be read as text (`invalid-json`,
the rule every unreadable handoff file falls under): text in a legacy encoding converted to
UTF-8 by a command that leaves the file as it was when it fails, or a file over
``max-file-bytes`` trimmed, or the limit raised by the line to add to the configuration in use.
A binary file has no such fix: the finding's own words say what to do with it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from handoff_audit.config import MAX_FILE_BYTES_CEILING, Config, setting_advice
from handoff_audit.engine.oversize import raised_limit
from handoff_audit.model.findings import Finding

_NOT_UTF8 = "not UTF-8 text"
_TOO_LARGE = "larger than max-file-bytes"


def unreadable_fix(
    findings: list[Finding], root: Path, name: str, shown: Callable[[str], str], config: Config
) -> tuple[Finding, str, str] | None:
    """The `invalid-json` finding of ``findings`` on the hand-written handoff ``name`` (from the
    top folder ``root``; ``shown`` names a path as the fixes do, from the agent's folder,
    quoted), the command that fixes it and the line after it; ``None`` when there is no command
    to give (no such finding, a binary file)."""
    finding = next((f for f in findings if f.rule == "invalid-json"), None)
    told = None if finding is None else _fix(finding, root / name, name, shown, config)
    return None if finding is None or told is None else (finding, *told)


def _fix(
    finding: Finding, path: Path, name: str, shown: Callable[[str], str], config: Config
) -> tuple[str, str] | None:
    if finding.message.startswith(_NOT_UTF8):
        return _converted(path, shown(name), shown(f"{name}.utf8"), config.max_file_bytes)
    if finding.message.startswith(_TOO_LARGE):
        try:
            size = path.stat().st_size
        except OSError:
            return None
        trim = (
            f"trim {shown(name)} to a short handoff (the state, the next step, the decisions, the "
            "pointers; move the log elsewhere and link to it)"
        )
        if size > MAX_FILE_BYTES_CEILING:
            return trim, f"{MAX_FILE_BYTES_CEILING} bytes is the most max-file-bytes can be"
        add = setting_advice(config.source, "max-file-bytes", raised_limit(size))
        return trim, f"or, to read it as it is, add the line {add}"
    return None


def _converted(path: Path, shown: str, converted: str, limit: int) -> tuple[str, str] | None:
    """`iconv` from the legacy encoding the bytes decode in (Windows-1252, else Latin-1) into a
    new file, moved over the handoff only when the conversion succeeded; ``None`` for bytes that
    are not text (a NUL) or a file that cannot be read."""
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError:
        return None
    if b"\0" in data:
        return None
    try:
        data.decode("cp1252")
        encoding, named = "CP1252", "Windows-1252"
    except UnicodeDecodeError:
        encoding, named = "LATIN1", "Latin-1"
    command = f"iconv -f {encoding} -t UTF-8 {shown} > {converted} && mv -- {converted} {shown}"
    also = (
        f"this reads it as {named} text: check that its accents read right, then commit; if it "
        "is not text, replace it with a text handoff"
    )
    return command, also
