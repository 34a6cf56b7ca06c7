"""Which sections of a hand-written note only look like its next step: a section over future
ideas, a roadmap, design notes, patterns or reference ("## 🎯 今後の機能拡張" over "####
マテリアル取得の優先順位", "### Next.js 15 Patterns"), or nested in one, set aside when another
place is in a section headed as the next step, tomorrow's work, a priority or a to-do ("## 🔴
次セッション最優先課題", "## What Needs to Be Done Tomorrow"). `show` quotes, and the Stop
hook's refresh writes under, the section that says what to do, not a design note."""

from __future__ import annotations

import re
from collections.abc import Iterable

from handoff_audit.markdown.open_headings import under_headings

NAMES_NEXT = (
    r"(?<!\w)(?:next(?!\.\w)(?!\s+(?:after|once|when)\b)|nächsten?|próxim[oa]s?|siguientes?|"
    r"prochaines?|prossim[io]|следующ\w*|дальнейш\w*)(?!\w)|下一步|次の|次に|다음"
)
"""A heading's words that say it holds the next step ("▶ Next action", "Следующие шаги"), but
not a name ("Next.js 15 Patterns") nor a later stage's ("Next after Recipes: …")."""

_STEP_WORDS = re.compile(
    NAMES_NEXT
    + r"|(?<!\w)(?:tomorrow|morgen|demain|mañana|amanhã|domani|завтра|priorit(?:y|ies|ät|é|à)\w*|"
    r"prioridad\w*|prioridade\w*|приоритет\w*|to-?dos?|à faire|zu tun|por hacer)(?!\w)"
    r"|次回|次セッション|明日|明天|下次|優先|优先|待办|やること|내일|우선|할 일",
    re.IGNORECASE,
)
"""A heading over what to do first: the next step, tomorrow's work, a priority, a to-do."""

_ASIDE = re.compile(
    r"(?<!\w)(?:future|roadmap|ideas?|patterns?|references?|design notes?|"
    r"design considerations|appendix|glossary|conventions|guidelines|cheat ?sheet|wish ?list|"
    r"nice to have|someday|zukünftige?|ideen|referenz|muster|anhang|feuille de route|idées|"
    r"référence|futures?|annexe|hoja de ruta|referencia|futur[oa]s?|patrones|roteiro|"
    r"referência|padrões|дорожная карта|идеи|справк\w*|будущ\w*|паттерн\w*)(?!\w)"
    r"|機能拡張|拡張案|将来|設計|注意点|パターン|参考|ロードマップ|アイデア|構想|付録|"
    r"未来|扩展|设计|路线图|想法|构想|附录|注意事项|향후|로드맵|아이디어|참고|설계|확장|부록",
    re.IGNORECASE,
)
"""A heading over what is no step: future ideas, a roadmap, design notes, patterns, reference."""


def _aside(title: str) -> bool:
    """A heading over ideas or reference (`_ASIDE`) that does not say "next" itself ("Roadmap —
    next steps" is a next-step section)."""
    return _ASIDE.search(title) is not None and re.search(NAMES_NEXT, title, re.I) is None


def _headings_over(lines: list[str], wanted: Iterable[int]) -> dict[int, list[str]]:
    """For each line number in ``wanted`` (1-based): the words of the headings whose sections
    hold it, outermost first, its own when it is a heading; a ``#`` in fenced code is code."""
    wanted = set(wanted)
    return {
        number: [*over, *([] if own is None else [own])]
        for number, over, own in under_headings(lines, _title)
        if number in wanted
    }


def _title(words: str) -> str:
    """A heading's words without the closing ``#`` marks."""
    return words.strip().strip("#").strip()


def set_aside(lines: list[str], places: Iterable[int]) -> set[int]:
    """Of the lines ``places`` (1-based) where a next step may be, those in or under a section
    over ideas or reference (`_aside`), when another place is in a section headed as what to do
    first (`_STEP_WORDS`) and none such; else none."""
    over = _headings_over(lines, places)
    aside = {place for place, titles in over.items() if any(map(_aside, titles))}
    steps = [
        place
        for place, titles in over.items()
        if place not in aside and any(_STEP_WORDS.search(title) for title in titles)
    ]
    return aside if steps else set()
