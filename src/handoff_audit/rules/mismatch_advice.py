"""What `md-mismatch` advises for one difference between a twin and its packet."""

from __future__ import annotations

from handoff_audit import shell
from handoff_audit.markdown.sections import LIST_OPTIONS, TEXT_OPTIONS


def mismatch_advice(path: str, field: str | None, *, dropped: bool) -> str:
    """Render the twin again from the packet at ``path``, unless the twin holds text the packet
    lacks (``dropped``), which that would drop: then carry it into the packet first, with the
    `update` option of ``field`` (a section that is no field, or a field no option sets, as a
    trap). The carrying command is named in words, not as one to run: the text to pass is the
    twin's own, which the agent hook prints whole."""
    if not dropped:
        return f"{path} is the truth: run `handoff-audit render --write {shell.quote_path(path)}`"
    option = TEXT_OPTIONS.get(field or "") or LIST_OPTIONS.get(field or "", "--trap")
    return (
        f"{path} lacks it, and render --write would drop it: carry it into {path} first with "
        f"the {option} option of handoff-audit update (the agent hook prints the whole "
        "command), or delete it from the markdown if it is not meant"
    )
