"""The markdown side of a packet: render (packet -> markdown), parse, compare."""

from handoff_audit.markdown.render import render_packet

__all__ = ["render_packet"]
