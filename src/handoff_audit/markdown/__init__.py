"""The markdown side of a packet: render (packet -> markdown), parse, compare."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    """``render_packet``, imported when first asked for (start-up: the audit's fast twin check
    and a one-packet `check` need the model, not the renderer and its escaping rules)."""
    if name == "render_packet":
        # start-up: see above
        from handoff_audit.markdown.render import render_packet

        return render_packet
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["render_packet"]
