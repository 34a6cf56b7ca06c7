"""The commands that write packets: render, new, supersede, archive.

"Generate it, do not type it": the JSON packet is the truth and its markdown twin is always
`render_packet` of it, so the two cannot drift. Every write is atomic, and nothing is written
that the command was not asked to write.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from handoff_audit.authoring.packet_files import packet_text, read_packet, twin_of, write_atomic
from handoff_audit.errors import EXIT_FINDINGS, EXIT_OK, InputError
from handoff_audit.markdown import render_packet

if TYPE_CHECKING:
    from handoff_audit.authoring.new_packet import GitState
    from handoff_audit.config import Config

_REGENERATE = "handoff-audit render --write"


@dataclass(frozen=True)
class NewOptions:
    """The `new` command's options, as given."""

    summary: str | None = None
    """What this session did."""
    next_action: str | None = None
    """The first thing the next session should do. Required."""
    verdict_pointer: str | None = None
    """Path or URL of the test/verification report."""
    topic: str | None = None
    """Topic; the packet goes to ``.handoff/TOPIC.json``."""
    title: str | None = None
    """The task's name."""
    branch: str | None = None
    """Branch (default: the checked-out one)."""
    last_known_good: str | None = None
    """Last commit with green tests (default: ``HEAD``)."""
    target_branch: str | None = None
    """Changed files are taken against the merge base with this branch."""
    risks: tuple[str, ...] = ()
    """``what:severity`` each."""
    decisions: tuple[str, ...] = ()
    """``what:why`` each."""
    ruled_out: tuple[str, ...] = ()
    """``what:why`` each."""
    failed: tuple[str, ...] = ()
    """Failed attempts."""
    traps: tuple[str, ...] = ()
    """Traps for the next session."""
    pointers: tuple[str, ...] = ()
    """``path``, ``path:line`` or URL each."""
    log_file: Path | None = None
    """Commands as JSON lines ``{cmd, exit, note}``."""
    output: Path | None = None
    """Where to write the packet (default: by topic)."""
    config_file: Path | None = None
    """An explicit configuration file (for ``keep-last``)."""


def _name(path: Path) -> str:
    """How messages name a file: relative to the current folder when under it."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def render_command(packet: Path, *, write: bool, check: bool) -> int:
    """Print the twin, write it (``write``), or diff it against the file (``check``)."""
    data = read_packet(packet)
    markdown = render_packet(data)
    twin = twin_of(packet)
    if write:
        written = write_atomic(twin, markdown)
        click.echo(f"{'wrote' if written else 'unchanged'}: {_name(twin)}", err=True)
        return EXIT_OK
    if check:
        try:
            current = twin.read_text(encoding="utf-8")
        except FileNotFoundError:
            click.echo(f"{_name(twin)} is missing; run `{_REGENERATE} {_name(packet)}`", err=True)
            return EXIT_FINDINGS
        except (OSError, UnicodeDecodeError) as error:
            raise InputError(f"{_name(twin)}: cannot be read ({error})") from None
        if current == markdown:
            return EXIT_OK
        diff = difflib.unified_diff(
            current.splitlines(keepends=True),
            markdown.splitlines(keepends=True),
            fromfile=_name(twin),
            tofile=f"{_name(twin)} (rendered from {_name(packet)})",
        )
        click.echo("".join(diff), nl=False)
        click.echo(f"{_name(twin)} is out of date; run `{_REGENERATE} {_name(packet)}`", err=True)
        return EXIT_FINDINGS
    click.echo(markdown, nl=False)
    return EXIT_OK


def set_status_command(packet: Path, status: str, successor: str | None) -> int:
    """Mark ``packet`` superseded (by ``successor``) or archived, and re-render its twin."""
    data = read_packet(packet)
    if successor is not None and not successor.strip():
        raise InputError("--by: give the path or topic of the packet that replaces this one")
    changed = _with_status(data, status, successor)
    wrote = write_atomic(packet, packet_text(changed)) if changed != data else False
    wrote_twin = write_atomic(twin_of(packet), render_packet(changed))
    names = [_name(p) for p, w in ((packet, wrote), (twin_of(packet), wrote_twin)) if w]
    said = f"{_name(packet)} is {status}" + (f" by {successor}" if successor else "")
    click.echo(f"{said}; {'wrote ' + ', '.join(names) if names else 'unchanged'}", err=True)
    return EXIT_OK


def _with_status(data: dict[str, Any], status: str, successor: str | None) -> dict[str, Any]:
    """A copy of ``data`` with ``status`` (and ``superseded_by``) set, keys in their order."""
    result: dict[str, Any] = {}
    for key, value in data.items():
        if key == "superseded_by" and successor is not None:
            continue
        result[key] = status if key == "status" else value
        if key == "status" and successor is not None:
            result["superseded_by"] = successor
    if "status" not in result:
        result["status"] = status
        if successor is not None:
            result["superseded_by"] = successor
    return result


def new_command(options: NewOptions) -> int:
    """Write a packet and its twin from the git state and the options; supersede the old one."""
    from handoff_audit.authoring.new_packet import check_topic, git_state
    from handoff_audit.config import load_config

    missing = [
        flag
        for flag, value in (
            ("--next-action", options.next_action),
            ("--summary", options.summary),
            ("--verdict-pointer", options.verdict_pointer),
        )
        if value is None or not value.strip()
    ]
    if missing:
        raise InputError(
            f"new: {', '.join(missing)} required"
            + (
                "; without a next action a packet is a status report, not a handoff"
                if "--next-action" in missing
                else ""
            )
        )
    topic = check_topic(options.topic) if options.topic is not None else None
    state = git_state(Path.cwd(), options.branch, options.last_known_good, options.target_branch)
    config = load_config(state.root, options.config_file)
    path = _output(state.root, options.output, topic)
    relative = path.relative_to(state.root).as_posix()
    data = _packet(options, state, topic, config.keep_last)
    _refuse_foreign(path, data)
    superseded = _supersede_others(state.root, config, data, relative)
    wrote = [
        p
        for p, text in ((path, packet_text(data)), (twin_of(path), render_packet(data)))
        if write_atomic(p, text)
    ]
    said = f"wrote {', '.join(_name(p) for p in wrote)}" if wrote else "unchanged"
    if superseded:
        said += f"; superseded {', '.join(superseded)}"
    click.echo(f"{_name(path)}: {said}", err=True)
    return EXIT_OK


def _output(root: Path, output: Path | None, topic: str | None) -> Path:
    if output is None:
        return root / (f".handoff/{topic}.json" if topic else "handoff.json")
    # git names the top folder by its real path; compare like with like (not the file's link).
    full = Path(os.path.abspath(output))
    path = full.parent.resolve() / full.name
    if path.suffix != ".json":
        raise InputError(f"--output {output}: a packet file ends in .json")
    if not path.is_relative_to(root):
        raise InputError(f"--output {output}: outside the repository {root}")
    return path


def _packet(
    options: NewOptions, state: GitState, topic: str | None, keep_last: int
) -> dict[str, Any]:
    from handoff_audit.authoring.new_packet import read_log, risk, split_pair

    data: dict[str, Any] = {"schema_version": "1"}
    if topic is not None:
        data["topic"] = topic
    if options.title is not None and options.title.strip():
        data["title"] = options.title.strip()
    data |= {
        "branch": state.branch,
        "last_known_good_commit": state.last_known_good,
        "status": "active",
        "summary": (options.summary or "").strip(),
        "next_action": (options.next_action or "").strip(),
        "changed_files": list(state.changed_files),
        "commands_run": read_log(options.log_file, keep_last) if options.log_file else [],
        "failed_attempts": [f.strip() for f in options.failed if f.strip()],
        "open_risks": [risk(r) for r in options.risks],
    }
    pairs = {
        "decisions": [
            dict(zip(("decision", "why"), split_pair("--decision", d), strict=True))
            for d in options.decisions
        ],
        "ruled_out": [
            dict(zip(("what", "why"), split_pair("--ruled-out", r), strict=True))
            for r in options.ruled_out
        ],
        "traps": [t.strip() for t in options.traps if t.strip()],
        "pointers": [p.strip() for p in options.pointers if p.strip()],
    }
    data |= {key: value for key, value in pairs.items() if value}
    data["verdict_pointer"] = (options.verdict_pointer or "").strip()
    return data


def _same_handoff(data: dict[str, Any], other: dict[str, Any]) -> bool:
    """Same (branch, topic): the packets hand off the same work."""

    def topic(d: dict[str, Any]) -> Any:
        return d.get("topic") or "default"

    return bool(other.get("branch") == data["branch"] and topic(other) == topic(data))


def _refuse_foreign(path: Path, data: dict[str, Any]) -> None:
    """Refuse to overwrite a file that is not an earlier packet of the same handoff."""
    if not os.path.lexists(path):
        return
    try:
        existing = read_packet(path)
    except InputError as error:
        raise InputError(
            f"{error}; `new` will not overwrite it: move it or pick --output"
        ) from None
    if not _same_handoff(data, existing):
        raise InputError(
            f"{_name(path)} is the packet of branch {existing.get('branch')!r} topic "
            f"{existing.get('topic') or 'default'!r}, not this one; `new` will not overwrite "
            "it: pick another --topic or --output"
        )


def _supersede_others(root: Path, config: Config, data: dict[str, Any], relative: str) -> list[str]:
    """Mark every other active packet of the same (branch, topic) superseded by the new one."""
    from handoff_audit.engine.discovery import discover
    from handoff_audit.engine.loading import load_packets

    files = discover(root, (root,), config)
    packets, _ = load_packets(root, files, config)
    done = []
    for packet in packets:
        if packet.kind != "json" or packet.data is None or packet.path == relative:
            continue
        if packet.status != "active" or not _same_handoff(data, packet.data):
            continue
        target = root / packet.path
        changed = _with_status(packet.data, "superseded", relative)
        write_atomic(target, packet_text(changed))
        write_atomic(twin_of(target), render_packet(changed))
        done.append(packet.path)
    return done
