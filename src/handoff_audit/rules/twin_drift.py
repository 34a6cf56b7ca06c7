"""`md-mismatch` for a twin holding text its packet lacks: which side changed last decides whose
text stands, so it is judged once git's facts are read (`History.twin_newer`), after the
per-packet twin check (`twin.check`) marked the pair (`Packet.twin_drops`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from handoff_audit import shell
from handoff_audit.model.context import AuditContext
from handoff_audit.model.packet import Packet
from handoff_audit.rules.base import Hit
from handoff_audit.rules.mismatch_advice import mismatch_advice
from handoff_audit.rules.twin import MD_MISMATCH


def check(ctx: AuditContext) -> Iterator[Hit]:
    """`md-mismatch` for the twins holding text their packet lacks (`Packet.twin_drops`, set
    by `check`): once git's facts are read, as which side changed last decides whose text
    stands (`twin_carry.twin_written_last`, the decision the agent hook makes too)."""
    for packet in ctx.packets:
        if not packet.twin_drops or packet.ref is not None:
            continue
        if packet.data is None or packet.markdown_text is None or packet.markdown_path is None:
            continue
        # start-up: the markdown parser loads only for a twin with text of its own
        from handoff_audit.markdown.compare import compare

        known = ctx.history.twin_newer.get(packet.path) if ctx.history else None
        newer = _twin_written_last(ctx.root / packet.path, ctx.root / packet.markdown_path, known)
        carried = _carried(packet, newer)
        for difference in compare(packet.data, packet.markdown_text):
            # the packet, changed after its twin, keeps a field's text (as the hook says)
            stands = difference.dropped and difference.field is not None and not newer
            advice = mismatch_advice(
                packet.path,
                difference.field,
                dropped=difference.dropped,
                carried=carried,
                stands=packet.markdown_path if stands else None,
            )
            said = f"{difference.message}; {advice}"
            yield Hit(MD_MISMATCH, packet.markdown_path, said, line=difference.line, advice=advice)


def _twin_written_last(packet: Path, twin: Path, known: bool | None) -> bool:
    """Was the twin changed after its packet (`twin_carry.twin_written_last`, given git's
    answer ``known``)? A pair that cannot be told apart counts as the twin's."""
    # start-up: the markdown parser loads only for a twin with text of its own
    from handoff_audit.markdown.twin_carry import twin_written_last

    try:
        return twin_written_last(packet, twin, known)
    except OSError:
        return True


def _carried(packet: Packet, twin_edited_last: bool) -> list[str]:
    """The `update` options that carry what the twin says beyond its packet into it, quoted
    for the shell: the hook's fix (`twin_fixes.carried`), a field's text only when the twin
    is the side written last; ``[]`` when no option keeps it (code blocks)."""
    if packet.data is None or packet.markdown_text is None:
        return []
    # start-up: the carrying options are worked out only for a twin with text of its own
    from handoff_audit.markdown.twin_carry import carry

    found = carry(packet.data, packet.markdown_text, twin_edited_last=twin_edited_last)
    if found.code:
        return []  # the code blocks are moved by hand first; carrying the rest would not do
    return [" ".join([option, *map(shell.quote, values)]) for option, values in found.options]
