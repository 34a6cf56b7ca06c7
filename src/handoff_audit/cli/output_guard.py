"""`check --output`: never a handoff file of the repository, whatever PATHS the audit read.

A report written over a packet, its twin or a hand-written ``HANDOFF.md`` loses the user's file,
so the output path is refused when it is one of the audited packets, or when the configuration's
names make it a handoff (``packets``, ``block-files``, a ``series`` folder, the twin of a
``packets`` JSON). Compared by name and, for a file that exists, by identity: on a
case-insensitive file system ``HANDOFF.md`` is ``handoff.md``, and a hard link is its file.
"""

from __future__ import annotations

import os
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.engine.discovery import absolute
from handoff_audit.errors import InputError
from handoff_audit.model.findings import Report
from handoff_audit.model.packet import in_series, is_packet_file, named_block_file


def refuse_handoff_output(output: Path, root: Path, report: Report, config: Config) -> None:
    """`InputError` when ``output`` is a handoff file of the repository at ``root``."""
    target = absolute(output)
    base = absolute(root)
    if not target.is_relative_to(base):
        return
    audited = {p.path for p in report.packets} | {p.markdown for p in report.packets}
    for name in _names_of(target, base):
        if name in audited or _handoff_name(name, base, config):
            raise InputError(
                f"--output {output} is the handoff file {name}; write the report elsewhere"
            )


def _names_of(target: Path, base: Path) -> list[str]:
    """``target``'s name relative to ``base`` (with ``/``), and the names of the files beside it
    that are the same file."""
    names = [target.relative_to(base).as_posix()]
    try:
        with os.scandir(target.parent) as entries:
            names += [
                (target.parent / entry.name).relative_to(base).as_posix()
                for entry in entries
                if entry.name != target.name and _same(target, Path(entry.path))
            ]
    except OSError:
        pass  # no folder yet: the report makes a new file, no handoff
    return names


def _same(target: Path, other: Path) -> bool:
    try:
        return os.path.samefile(target, other)
    except OSError:
        return False


def _handoff_name(name: str, base: Path, config: Config) -> bool:
    def has(path: str) -> bool:
        return os.path.lexists(base / path)

    return (
        is_packet_file(name, config)
        or named_block_file(name, config, has)
        or in_series(name, config)
    )


__all__ = ["refuse_handoff_output"]
