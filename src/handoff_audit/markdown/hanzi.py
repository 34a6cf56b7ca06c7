"""Traditional Chinese read as Simplified: the heading phrases are mostly written in one script,
and a Taiwanese or Hong Kong handoff ("關鍵技術決策", "目前狀態") says the same as a mainland one
("关键技术决策", "目前状态"). Each character maps to one, so lengths and positions never move;
both the phrases and the headings pass through it, so Japanese kanji still match themselves.
The table is package data (``markdown/cues/hanzi.json``)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources


@cache
def _table() -> dict[int, int]:
    cues = resources.files("handoff_audit.markdown").joinpath("cues")
    data = json.loads(cues.joinpath("hanzi.json").read_text("utf-8"))
    return str.maketrans(data["traditional"], data["simplified"])


def simplified(text: str) -> str:
    """``text`` with every Traditional character of the table in its Simplified form."""
    return text.translate(_table())
