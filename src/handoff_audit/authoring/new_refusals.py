"""What `new` may not write over: a hand-written handoff where its twin goes, a file whose name
differs from the packet's or the twin's only in letter case (the same file on macOS and
Windows), another tool's JSON file or one that is no packet, an active packet, a finished one
git does not hold as it is."""

from __future__ import annotations

import os
from pathlib import Path

from handoff_audit import shell
from handoff_audit.authoring.foreign_fixes import beside_option
from handoff_audit.authoring.no_active import branch_named, name
from handoff_audit.authoring.packet_files import read_packet, refuse_case_clash, twin_of
from handoff_audit.config import Config
from handoff_audit.engine.ignored import ignored_line, ignored_pair
from handoff_audit.errors import InputError
from handoff_audit.git.workbench import Workbench, unsaved
from handoff_audit.model.packet import blocked_twin, unblocked_name
from handoff_audit.schema.foreign import is_foreign
from handoff_audit.schema.packet_kind import not_a_packet

_ELSEWHERE = (
    ", or write the packet elsewhere: `--topic NAME` (.handoff/NAME.json) or `--output FILE`"
)
"""`new`'s way around a file whose name differs from its packet's or twin's only in case."""


def refuse_blocked_twin(bench: Workbench, config: Config, path: Path) -> None:
    """Refuse to write the packet ``path`` (``--output HANDOFF.json``) whose twin's name is a
    working note's (``HANDOFF.md``): the merge gate would block that twin whatever it holds, so
    `new` names the packet's name to use instead (`unblocked_name`)."""
    try:
        top = path.resolve().relative_to(bench.root.resolve()).as_posix()
    except ValueError:
        return  # outside the repository: no gate reads it
    other = unblocked_name(top, config)
    if not blocked_twin(top, config) or blocked_twin(other, config):
        return
    raise InputError(
        f"{name(path)}: its twin would be {name(twin_of(path))}, a name `block-files` gives a "
        "working note, which the merge gate blocks whatever it holds; write the packet under "
        f"another name: run `new` again with --output {shell.quote_path(name(bench.root / other))}"
    )


def refuse_replacing(bench: Workbench, config: Config, path: Path) -> str | None:
    """Refuse to replace what `new` may not, writing the packet ``path`` and its twin; the
    finished packet it may replace, if any."""
    twin = twin_of(path)
    refuse_case_clash((path, twin), _ELSEWHERE)
    if not os.path.lexists(path):
        if os.path.lexists(twin):
            raise InputError(
                f"{name(twin)} is a hand-written handoff (there is no {path.name} beside it); "
                "`new` will not overwrite it: move it, or pick another --topic or --output"
            )
        return None
    try:
        existing = read_packet(path)
    except InputError as error:
        raise InputError(
            f"{error}; `new` will not overwrite it: move it or pick --output"
        ) from None
    reason = not_a_packet(existing)
    place = Path(os.path.relpath(path, bench.root)).as_posix()
    if reason is not None and is_foreign(existing, place):
        raise InputError(
            f"{name(path)} is another tool's JSON file, not a handoff packet ({reason}): leave "
            f"it alone (do not delete it) and run `new` again with "
            f"{beside_option(bench.root, config, bench.branch)}"
        )
    if reason is not None:
        raise InputError(
            f"{name(path)} is a JSON file but not a handoff packet ({reason}); `new` will not "
            "overwrite it: rename or move it, or write the packet elsewhere with --output FILE "
            "or --topic TOPIC"
        )
    whose = (
        f"the {existing.get('status')} packet of branch {branch_named(existing.get('branch'))} "
        f"topic {existing.get('topic') or 'default'!r}"
    )
    if existing.get("status") == "active":
        hidden = ignored_pair(path, twin)
        if hidden:
            # Discovery never sees it: archiving it would not let the branch's check pass.
            raise InputError(
                ignored_line(path.parent, [p.name for p in hidden], [name(p) for p in hidden])
            )
        archive = f"handoff-audit archive {shell.quote_path(name(path))}"
        raise InputError(
            f"{name(path)} is {whose}; `new` will not overwrite an active packet: pick another "
            f"--topic or --output, or finish it first (`{archive}`)"
        )
    relative = [p.relative_to(bench.root).as_posix() for p in (path, twin) if os.path.lexists(p)]
    pending = unsaved(bench.root, relative)
    if pending:
        raise InputError(
            f"{name(path)} is {whose}, and git does not hold {', '.join(pending)} as it is; "
            "commit it first (the history keeps finished packets), then run `new` again, or "
            "pick another --topic or --output"
        )
    return f"{name(path)}, {whose}"


__all__ = ["refuse_blocked_twin", "refuse_replacing"]
