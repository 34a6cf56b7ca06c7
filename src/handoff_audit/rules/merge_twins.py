"""For the merge gate (`rules.merge`): whether a markdown file beside a JSON file of its name
is that packet's twin, and the twin whose packet's change (an `archive`, a `supersede`) the work
tree holds but no commit yet, which is told to be committed, never deleted as a working note;
a twin whose very name ``block-files`` gives a working note (``HANDOFF.md`` of a
``HANDOFF.json``), blocked however it is committed, is told to move with its packet to a
packet's name."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

from handoff_audit import shell
from handoff_audit.config import Config
from handoff_audit.markdown.compare import compare
from handoff_audit.model.packet import Packet, is_finished, named_block_file, unblocked_name
from handoff_audit.rules.base import Hit
from handoff_audit.schema.foreign import has_packet_fields


def is_twin(data: dict[str, Any] | None, markdown: str | None) -> bool:
    """Whether the JSON object ``data`` beside a markdown file of its name (its text
    ``markdown``, ``None`` when unread) is a packet the gate judges, so that the markdown is its
    twin: an unfinished one with the bundled schema's fields (`active-in-merge` gates it
    itself), or one whose status is a packet's (a finished one, or "active"), with the bundled
    schema's fields or as a team's own `schema` writes them, and whose markdown says what it
    says (`render --write` made it, as `md-mismatch` compares them). Neither depends on the
    pull request's `schema` or `md-mismatch` setting or level (``None``: no packet the gate
    reads)."""
    if data is None:
        return False
    if has_packet_fields(data) and not is_finished(data):
        return True
    known = is_finished(data) or data.get("status") == "active"
    # the audit reads a twin without its UTF-8 byte order mark, and compares it so
    return known and markdown is not None and not compare(data, markdown.removeprefix("\ufeff"))


def uncommitted_twins(
    hits: Iterable[Hit],
    work: list[Packet],
    unread: set[str],
    target: str | None,
    config: Config,
    ignored: frozenset[str] = frozenset(),
) -> Iterator[Hit]:
    """``hits`` (the block files merged into the protected ``target``), each on a markdown
    file that is a packet's twin as the work tree holds both (``work``: the packets read from
    it; ``unread``: files the gate could not read) though not in the commit checked, told to
    commit the change instead, by force for a packet git ignores (``ignored``: `git add`
    refuses it); one ``block-files`` names letter for letter, to be renamed with its packet
    (`_rename_it`)."""
    pending = {
        p.markdown_path: p
        for p in work
        if p.kind == "json" and p.markdown_path not in unread and is_twin(p.data, p.markdown_text)
    }
    for hit in hits:
        packet = pending.get(hit.path)
        if packet is None:
            yield hit
        elif named_block_file(hit.path, config, lambda _: True):
            yield replace(hit, message=_rename_it(hit.path, packet, target, config))
        else:
            yield replace(hit, message=_commit_it(hit.path, packet, target, ignored))


def _rename_it(path: str, packet: Packet, target: str | None, config: Config) -> str:
    """The twin ``path`` of ``packet`` under a name ``block-files`` gives a working note: the
    packet and its twin moved to a name of the packets globs that blocks no twin (its name in
    lower case, ``handoff.json``, else under ``.handoff/``)."""
    json_name = unblocked_name(packet.path, config)
    md_name = json_name[:-5] + ".md"
    made = "mkdir -p .handoff && " if json_name.startswith(".handoff/") else ""
    # git mv takes no ``:/`` pathspec: run from the top folder, with the paths from there
    move = (
        f"(cd {shell.top_folder()} && {made}git mv -- {shell.quote_path(packet.path)} "
        f"{shell.quote_path(json_name)} && git mv -- {shell.quote_path(path)} "
        f'{shell.quote_path(md_name)} && git commit -m "handoff: rename")'
    )
    return (
        f"{path} is the twin of the packet {packet.path}, but `block-files` names {path} as a "
        f"working note, so the gate blocks it into the protected branch {target} whatever it "
        f"holds, committed or not; give the packet and its twin a packet's name (`{move}`; add "
        "any change first), then check again"
    )


def _commit_it(path: str, packet: Packet, target: str | None, ignored: frozenset[str]) -> str:
    status = packet.data.get("status") if packet.data is not None else None
    done = f"{status} " if isinstance(status, str) else ""
    files = f"{shell.from_top(packet.path)} {shell.from_top(path)}"
    force = "-f " if packet.path in ignored else ""
    why = f"; -f as git ignores {packet.path}" if force else ""
    return (
        f"{path} is the twin of the {done}packet {packet.path}, but the commit that would be "
        f"merged into the protected branch {target} still holds an older {path}: the change is "
        f"not committed yet; commit it (`{shell.git()} add {force}-- {files} && "
        f'{shell.git()} commit -m "handoff: {status or "update"}"`{why}), then check again'
    )
