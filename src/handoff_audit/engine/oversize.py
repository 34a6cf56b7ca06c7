"""A packet whose markdown rendering is larger than ``max-file-bytes``: its size, the fields that
make it so, and the fix that clears it (trim those fields, or raise the limit in the
configuration in use). `render --write` cannot: it writes the same bytes again. One set of
words for `check`'s finding on the twin, the writers' refusal and the agent hook's fix."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from handoff_audit.config import MAX_FILE_BYTES_CEILING, Config, setting_advice

_LONGEST = 2
"""How many of the packet's longest fields the fix names."""
_KIB = 1024


def rendered_size(data: Mapping[str, Any]) -> int:
    """The size in bytes of the twin that ``render --write`` writes from ``data``."""
    # start-up: the renderer is imported only for a twin over the limit or about to be written
    from handoff_audit.markdown.render import render_packet

    return len(render_packet(data).encode("utf-8", "surrogatepass"))


_FIXED = frozenset(
    {
        "$schema",
        "schema_version",
        "topic",
        "branch",
        "last_known_good_commit",
        "status",
        "superseded_by",
        "verdict_pointer",
    }
)
"""Fields of a bounded size: never the ones to trim."""


def longest_fields(data: Mapping[str, Any]) -> list[str]:
    """The packet's longest fields to trim (by their JSON text), longest first: the longest,
    and the next when it is at least half as long."""
    sizes = {
        key: len(json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass"))
        for key, value in data.items()
        if key not in _FIXED
    }
    ranked = sorted(sizes, key=lambda key: -sizes[key])[:_LONGEST]
    return [key for key in ranked if 2 * sizes[key] >= sizes[ranked[0]]]


def raised_limit(size: int) -> int:
    """A ``max-file-bytes`` that lets a file of ``size`` bytes be read: the next whole KiB."""
    return -(-size // _KIB) * _KIB


def trim_or_raise(packet: str, data: Mapping[str, Any], needed: int, config: Config) -> str:
    """What clears a packet or rendering over the limit, for a message: trim ``packet``'s
    longest fields until it and its twin are under the limit, or raise the limit to hold
    ``needed`` bytes (the larger of the two files) in the configuration in use."""
    named = [
        f"{field} (keep the last commands and every failure, link to logs)"
        if field == "commands_run"
        else field
        for field in longest_fields(data)
    ]
    plural = "s" if len(named) > 1 else ""
    fields = f"'s longest field{plural} ({', '.join(named)})" if named else ""
    trim = f"trim {packet}{fields} until it and its twin are under {config.max_file_bytes} bytes"
    raised = raised_limit(needed)
    if raised > MAX_FILE_BYTES_CEILING:  # a limit the configuration refuses is no way out
        return f"{trim} (the limit goes no higher than {MAX_FILE_BYTES_CEILING} bytes, 16 MiB)"
    return f"{trim}, or raise the limit {setting_advice(config.key_file, 'max-file-bytes', raised)}"


__all__ = ["longest_fields", "raised_limit", "rendered_size", "trim_or_raise"]
