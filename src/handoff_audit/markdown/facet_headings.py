"""Which facet a heading names ("Follow-ups" a next step, "Gotchas" something ruled out).

The heading phrases are package data (``markdown/cues/headings.json``); `markdown.facets` and
`markdown.labels` judge headings and label names with `heading_facet`.
"""

from __future__ import annotations

import json
import re
from importlib import resources

from handoff_audit.markdown.hanzi import simplified
from handoff_audit.markdown.headings import normalise


def _cue_data(name: str) -> list[tuple[str, list[str]]]:
    """A word list of package data (``markdown/cues/NAME``): [facet, phrases] pairs, in order."""
    text = resources.files("handoff_audit.markdown").joinpath("cues", name).read_text("utf-8")
    return [(facet, phrases) for facet, phrases in json.loads(text)]


FACETS = ("state", "next", "decisions", "ruled_out", "pointers")
"""In the order a reader looks for them."""

# Heading phrases per facet (package data: markdown/cues/headings.json), matched as whole words
# in the normalised heading. The first facet with a phrase in the heading wins, so the order
# settles overlaps ("Quick start for the next AI" is setup, "Known issues" are risks and "Ideas
# for later" a wish list: none of them is a next step; "Files changed" is pointers, not state).
# Setup, risks and ideas are no facet: they only keep their sections from counting for one.
_HEADING_PHRASES: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (facet, tuple(simplified(phrase) for phrase in phrases))
    for facet, phrases in _cue_data("headings.json")
)

# The packet's canonical headings (a rendered twin written by hand) and their facets.
_CANONICAL = {
    "next action": "next",
    "summary": "state",
    "failed attempts": "ruled_out",
    "decisions": "decisions",
    "ruled out": "ruled_out",
    "traps": "ruled_out",
    "changed files": "pointers",
    "verification": "pointers",
    "pointers": "pointers",
}


# Quoted text in a heading is what something says ('Fix "Failed to fetch"'), not its topic;
# "Lesson 2" is a unit of a course, not a lesson learned.
_QUOTED = re.compile(r'"[^"\n]*"|“[^”\n]*”|「[^」\n]*」|『[^』\n]*』|\blessons? \d', re.IGNORECASE)

# Chinese and Japanese write no spaces between words: their phrases match anywhere in a heading.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _phrase_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    spaced = [re.escape(p) for p in phrases if not _UNSPACED.search(p)]
    unspaced = [re.escape(p) for p in phrases if _UNSPACED.search(p)]
    parts = [r"(?<!\w)(?:" + "|".join(spaced) + r")(?!\w)"] if spaced else []
    return re.compile("|".join(parts + unspaced))


_HEADING_PATTERNS = tuple((facet, _phrase_pattern(phrases)) for facet, phrases in _HEADING_PHRASES)


_DONE_WORK = re.compile(
    simplified(
        r"(?<!\w)(?:completed?|done|finished|taken|executed|accomplished|achieved|delivered|"
        r"réalisée?s?|exécutée?s?|terminée?s?|effectuée?s?|completad[oa]s|realizad[oa]s|"
        r"terminad[oa]s|concluíd[oa]s|erledigt|abgeschlossen|completat[ie]|svolt[ie]|"
        r"выполнен\w*|завершен\w*|завершён\w*|сделан\w*)(?!\w)"
        r"|(?<!未)完了|已完成|(?<!미)완료"
    )
)
"""Work done: a heading that says its tasks or actions were done ("Tasks Completed",
"Actions exécutées", "完了したタスク") lists a record, not a next step."""
_CLOSED_WORD = r"(?:closed|clôturée?s?|cerrad[oa]s|fechad[oa]s|geschlossen|chius[ie])(?!\w)"
_CLOSED = re.compile(
    simplified(
        r"^(?!.*(?<!\w)(?:previous|earlier|prior|older|old|last|past|moved)(?!\w))"
        rf"(?:(?:\S+\s+){{1,4}}?{_CLOSED_WORD}(?!\s+(?:items?|tasks?|issues?|tickets?|ones)\b)"
        rf"|{_CLOSED_WORD}(?:\s+\S+){{1,3}}$)"
    )
)
"""Closed work: a heading, its asides aside, that says its own items were closed ("Action items
closed by this session", "Actions clôturées", "Closed action items"), not one that only mentions
closed items ("Next steps (previous items closed)", "TODO — closed items moved to DONE.md")."""
_CLOSED_ASIDE = re.compile(simplified(rf"^(?:all\s+)?{_CLOSED_WORD}$"))
_STILL_TO_DO = re.compile(
    r"(?<!\w)(?:not|to|be|yet|remaining|left|pending|until|before|definition|criteria|once|"
    r"when|if|after|(?:à|a) (?:faire|fazer|completar|terminar|realizar)|por (?:hacer|completar)|"
    r"zu (?:erledigen|tun)|da (?:fare|completare)|не|ещё|еще)(?!\w)",
)
"""... unless it says they are still to be done ("Tasks to complete", "Not done yet",
"Definition of done", "Next, once X is done")."""


_OPTIONAL_WORK = re.compile(
    simplified(
        r"(?<!\w)(?:optional|optionally|nice to have|could|candidates?|on hold|parked|someday|"
        r"not agreed|opcional(?:es)?|optionnel(?:le)?s?|facoltativ[oi]|potential|possible|"
        r"possibles|posibles|possíveis|mögliche|possibili|opportunities|enhancements|"
        r"extensibility)(?!\w)|可能的"
        r"|可选|将来|按需|候補|候选|合意済みではない|보류|좋은 것|機能拡張|功能扩展|기능 확장"
        r"|(?<!\w)(?:intentional|intentionally|not migrated|wont ?fix|deliberately)(?!\w)"
    )
)
"""A heading over work nobody committed to ("Optional next steps", "今後の改善候補", "다음에
추가하면 좋은 것들 (보류 중)", "今後の機能拡張: マテリアルベース算出", future feature expansion): a
wish list, not a next step."""


TICKED_AT_END = re.compile(r"\S\s*[✅✔☑]\ufe0f?\s*$")
"""A heading ticked as done at its end ("### Priority high — all finished ✅")."""
_TICKED_DONE = re.compile(
    r"[✅✔☑]\ufe0f?\s*(?:完成|完了|已完成|완료|done|complete|completed)", re.IGNORECASE
)
"""A tick beside a done word anywhere in the heading ("2.7 剩余安全项 —— ✅ 完成（…）")."""


def _done_work(part: str) -> bool:
    return _DONE_WORK.search(part) is not None and _STILL_TO_DO.search(part) is None


def _closed_work(heading: str) -> bool:
    """A heading that says its own items were closed (`_CLOSED`), or whose aside says only that
    ("Action items (closed)")."""
    own = simplified(normalise(_QUOTED.sub(" ", ASIDE.sub(" ", heading))))
    if _CLOSED.search(own) is not None and _STILL_TO_DO.search(own) is None:
        return True
    asides = ASIDE.findall(heading)
    return any(_CLOSED_ASIDE.match(simplified(normalise(aside))) for aside in asides)


def done_work_heading(heading: str) -> bool:
    """A next-step heading over done work ("Tasks completed", "Action items closed by this
    session"), which `heading_facet` reads as state: its last item is no next step either."""
    text = simplified(normalise(_QUOTED.sub(" ", heading)))
    done = _done_work(text) or _closed_work(heading) or _TICKED_DONE.search(heading) is not None
    return (
        bool(text) and done and "next" in _parts_named(text) and not TICKED_AT_END.search(heading)
    )


_RECOMMENDED_ASIDE = re.compile(r"[(（]\s*recommended(?!\w)[^()（）\n]{0,40}[)）]", re.IGNORECASE)
"""An aside that marks one way among others as the recommended one ("Using the toolkit CLI
(recommended)", "Path A (recommended, least effort)"): a choice, not a next step; "Next steps
(recommended order)" is one by its own words."""


def heading_facet(heading: str) -> str | None:
    """The facet a heading names (or ``setup``, ``risks``, ``ideas``); ``None`` for none."""
    heading = _RECOMMENDED_ASIDE.sub(" ", heading)
    text = simplified(normalise(_QUOTED.sub(" ", heading)))
    if not text:
        return None
    if text in _CANONICAL:
        return _CANONICAL[text]
    # "Known limitations / backlog" names a next step as well as a risk: of a compound
    # heading's parts, the first that names a facet wins over setup, risks and ideas.
    named = _parts_named(text)
    # An aside says where a list comes from ("Open follow-ups (from design feedback)"): the
    # words outside it name the facet when they name one.
    if (bare := ASIDE.sub(" ", heading)) != heading:
        outside = _parts_named(simplified(normalise(_QUOTED.sub(" ", bare))))
        if any(each in FACETS for each in outside):
            named = outside
    # a next-step heading ticked done at its end ("Priority high — all finished ✅") stays a
    # next-step heading: `markdown.facets` reads its list as crossed off, stray boxes and all
    done = _done_work(text) or _closed_work(heading) or _TICKED_DONE.search(heading) is not None
    if "next" in named and done and not TICKED_AT_END.search(heading):
        named = ["state" if each == "next" else each for each in named]
    elif "next" in named and (
        _OPTIONAL_WORK.search(text) or any(_is_ideas(inner) for inner in ASIDE.findall(heading))
    ):
        named = ["ideas" if each == "next" else each for each in named]
    return next((each for each in named if each in FACETS), None) or next(
        (each for each in named if each is not None), None
    )


def _parts_named(text: str) -> list[str | None]:
    """What each part of a compound heading ("Known limitations / backlog") names."""
    return [_phrase_facet(part) for part in re.split(r"\s[/&]\s", text)]


ASIDE = re.compile(r"[(（]([^()（）\n]{2,40})[)）]")
"""A heading's aside in brackets ("Remaining (Future Work)"): it can say what kind of list it is."""


def _is_ideas(aside: str) -> bool:
    """An aside that names a wish list ("Future Work", "ideas"): the heading's list is one."""
    text = simplified(normalise(aside))
    return bool(text) and _CANONICAL.get(text, _phrase_facet(text)) == "ideas"


_STATE_OF = re.compile(
    r"^(?:current |overall |project )?(?:state|status|progress)"
    r" (?:on|of|in|across|against|along|per) "
    r"|^(?:поточний стан|поточний статус|текущее состояние|текущий статус) (?:на|по|в|у) "
)
"""A heading that opens on the state of something ("3. Current state on the 8-phase roadmap",
"Поточний стан на 8-phase roadmap", over a progress table): the state of a plan, not its next
step, whatever plan word follows."""
_SAYS_NEXT = re.compile(r"(?<!\w)(?:next|наступн\w*|следующ\w*)(?!\w)")
"""... unless it names the next step as well ("Status of next steps")."""


_FOR_SOMEONE_TO = re.compile(
    r"^for (?:the |our |your )?(?!more |reference |context |example )\w[\w.-]*(?: \w[\w.-]*)?"
    r" to (?!(?:know|read|understand|note|remember)\b)[a-z]{2,}"
)
"""A heading that hands work to its doer ("For Pipeline to sync", "For the reviewer to
check"): what follows is theirs to do."""


def _phrase_facet(text: str) -> str | None:
    # A heading that opens on a next-step phrase names what to do ("What needs building",
    # "To do: testing"), whatever setup word follows; one that opens on the state of a plan names
    # the state; otherwise the first facet named wins.
    if _STATE_OF.match(text) and not _SAYS_NEXT.search(text):
        return "state"
    if _FOR_SOMEONE_TO.match(text):
        return "next"
    named = None
    for facet, pattern in _HEADING_PATTERNS:
        match = pattern.search(text)
        if match is not None and (facet == "next" and match.start() == 0):
            return facet
        named = named or (facet if match is not None else None)
    return named


def plain_heading(text: str) -> str:
    """A heading's or label's text without emphasis and code marks."""
    return text.replace("*", "").replace("`", "").replace("_", " ").strip()


__all__ = ["ASIDE", "FACETS", "TICKED_AT_END", "heading_facet", "plain_heading"]
