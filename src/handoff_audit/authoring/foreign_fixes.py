"""The Stop hook's fix for a JSON file in another tool's shape where a packet is looked for:
the branch's packet written beside it, under ``.handoff/`` (`new --output`), and the `packets`
setting that stops `check` reading the file as one. The file and its markdown are someone's
own: no fix removes or rewrites them."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from handoff_audit import shell
from handoff_audit.authoring.default_blocked import DEFAULT_PACKET
from handoff_audit.authoring.no_active import name
from handoff_audit.config import Config, added_advice
from handoff_audit.credentials import find_secrets
from handoff_audit.engine.ignored import FOREIGN, another_tools
from handoff_audit.model.findings import PacketInfo
from handoff_audit.model.packet import named_packet
from handoff_audit.schema.foreign import beside_path, packets_without

if TYPE_CHECKING:
    from handoff_audit.authoring.gate_verdict import Gate


def beside_target(config: Config, branch: str | None) -> tuple[str, str | None]:
    """Where the branch's packet goes beside a file `packets` leaves out, and ``None`` when the
    `packets` globs find it there: ``.handoff/<branch>.json``, else
    ``.handoff/<branch>/handoff.json``; when they find neither, the first, with the `packets`
    setting (`added_advice`, every exclusion kept) that adds ``.handoff/**/*.json`` for it."""
    first = beside_path(branch)
    for path in (first, f"{first.removesuffix('.json')}/{DEFAULT_PACKET}"):
        if named_packet(path, config):
            return path, None
    return first, added_advice(config, "packets", [BESIDE_GLOB])


def beside_found(config: Config, branch: str | None) -> bool:
    """True when the `packets` globs find a path beside a file they leave out (`beside_target`)."""
    return beside_target(config, branch)[1] is None


BESIDE_GLOB = ".handoff/**/*.json"
"""The `packets` entry that finds the branch's packet beside a file `packets` leaves out."""


def beside_option(root: Path, config: Config, branch: str | None) -> str:
    """How `new` is run again beside another tool's file, from the current folder
    (`beside_target`, with the `packets` setting first when its globs do not find the path):
    never naming a branch that looks like a credential (the path would hold it), which is
    renamed first."""
    path, setting = beside_target(config, branch)
    shown = shell.quote_path(name(root / path))
    if find_secrets(shown):
        return (
            "--output .handoff/<branch>.json once the branch is renamed (its name looks like a "
            "credential: `git branch -m NEW`, and revoke the credential if it is one)"
        )
    if setting is None:
        return f"--output {shown}"
    return f"--output {shown}, once `packets` finds that path: add it {setting}"


def default_left_out(gate: Gate, path_of: Callable[[str], str]) -> tuple[list[str] | None, str]:
    """`new`'s --output and the words after "write one" when handoff.json, the file `new`
    writes without --output or --topic, is a file `packets` leaves out (another tool's, left
    alone), or is another tool's (`another_tools`: a local file a tool of the repository keeps,
    git-ignored): the branch's packet goes beside it, at a path `packets` finds
    (`beside_target`; the setting that makes it find one comes first), never undoing the
    exclusion nor taking the file's place."""
    if not os.path.lexists(gate.root / DEFAULT_PACKET):
        return None, ""
    if not named_packet(DEFAULT_PACKET, gate.config):
        why = f" beside {DEFAULT_PACKET}, which `packets` leaves out"
    elif (whose := another_tools(gate.root, DEFAULT_PACKET, gate.config)) == FOREIGN:
        why = f" beside {DEFAULT_PACKET}, another tool's file (leave it alone)"
    elif whose is not None:
        why = (
            f" beside {DEFAULT_PACKET} ({DEFAULT_PACKET}:{whose}; no packet of this branch's: "
            "leave it alone if another tool keeps it there, else repair it at that line)"
        )
    else:
        return None, ""
    path, setting = beside_target(gate.config, gate.branch)
    if setting is not None:
        why += f"; first, so that `check` finds it there, add it to `packets` {setting}"
    return [f"--output {path_of(path)}"], why


def _twin_there(root: Path, packet: PacketInfo) -> str:
    """The markdown file beside the JSON file ``packet`` when it is there, else ``""``."""
    twin = packet.markdown or f"{packet.path.removesuffix('.json')}.md"
    return twin if os.path.lexists(root / twin) else ""


def beside_foreign(
    root: Path,
    config: Config,
    branch: str | None,
    packet: PacketInfo,
    path_of: Callable[[str], str],
    new: Callable[[list[str]], str],
    others: Sequence[PacketInfo] = (),
) -> tuple[str, str]:
    """The command and what follows it for the foreign file ``packet``: ``new`` builds the
    `new` command from its extra options; ``path_of`` gives a repository path as the agent's
    folder sees it. Once the branch's packet is there, only the setting is left to change; it
    leaves out ``others`` too (the other foreign files), so that the one followed covers all."""
    path = packet.path
    twin = _twin_there(root, packet)
    them = "them" if twin else "it"
    named = f"{path} and {twin} are" if twin else f"{path} is"
    target = beside_path(branch)
    kept = packets_without(config.packets, path, twin, target)
    for other in others:
        kept = packets_without(kept, other.path, _twin_there(root, other), target)
    also = f" and {', '.join(o.path for o in others)}" if others else ""
    setting = added_advice(config, "packets", kept[len(config.packets) :])
    stop = f"leave it{also} out of `packets`, {setting}"
    left = f"{named} not this tool's packet: leave {them} alone (do not delete {them})"
    if (root / target).exists():
        return stop, f"{left}; or point `schema:` at its JSON Schema if it is your own format"
    return new([f"--output {path_of(target)}"]), (
        f"{left}; then, so that `check` stops reading {path} as a packet, {stop}"
    )
