"""Loading packet files. (Owner: the core auditor. Placeholder until then.)"""

from __future__ import annotations

import json
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.packet import Packet, rel
from handoff_audit.rules.base import Hit


def load_packets(root: Path, files: list[Path], config: Config) -> tuple[list[Packet], list[Hit]]:
    """Placeholder: plain json.loads."""
    packets = []
    for f in files:
        text = f.read_text()
        packets.append(Packet(path=rel(root, f), kind="json", data=json.loads(text), text=text))
    return packets, []
