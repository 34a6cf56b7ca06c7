"""Next-step candidates read from a handoff's shape rather than from its wording.

A careful reader finds a next step in forms no phrase list foresees: a numbered procedure after
a lead-in ("Steps in the frontend session:"), a request list to another team, a closing line
that names a file to change. What those forms share is structure, in any language: a list item
or the closing section's text, an object to act on (a code span, a path, a URL), an unchecked
box, a verb first. Each prose block outside the sections that only record (state, setup,
pointers, decisions, dead ends, ideas) is scored on those signals; in a recording section other
than setup and pointers, only a numbered procedure after a lead-in counts. A ticked box, a
``Key: value`` record and a bare name score nothing.

`md-incomplete` uses the best candidate for the severity of a missing next step: a file with no
candidate at all is a status report (an error); a file with one has a step the reading could
not confirm (a warning naming the closest line).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from handoff_audit.markdown.blanks import NO_STEP
from handoff_audit.markdown.content_cues import IMPERATIVE
from handoff_audit.markdown.outline import Section

RECORDING = frozenset({"state", "setup", "pointers", "decisions", "ruled_out", "ideas"})
"""Section facets whose text records what is, not what to do."""

_OBJECT = re.compile(
    r"`[^`\n]{2,}`|https?://\S|(?<![\w.])[\w.-]{1,80}/[\w.-]{1,80}|\b[\w-]{1,80}\.[a-z]{1,5}\b"
)
"""Something to act on: a code span, a URL, a path or a file name."""
_TICKED = re.compile(r"^\W{0,4}\[[xX✓✔]\]|^\W{0,4}(?:✅|☑|✓|✔)")
_UNTICKED = re.compile(r"^\W{0,4}\[ \]\s*\S")
_RECORD = re.compile(r"^\W{0,4}[^:：\n]{1,50}?(?:[:：]\**\s|：)")
"""A record's shape, ``**Key**: value`` or ``Key: value``: it describes, it orders nothing."""
_CODE = re.compile(r"`[^`\n]*`")
_WORDS = re.compile(r"[^\W\d_]{2,}|[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_LEAD_IN = re.compile(r"[:：]\**\s*$")
"""A lead-in ends on a colon: the list after it is what it introduces."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """The block most shaped like a next step."""

    line: int
    """1-based line of the block."""
    score: int
    """Its score: the sum of the signals it carries."""
    text: str
    """Its first line."""
    shown: tuple[int, str] | None = (0, "")
    """The line and text a hint quotes as the closest to a step: the block's own (``(0, "")``),
    a better placed one's (`_place`), or none (``None``) when every candidate is in a section of
    links ("## Related") or says its work is resolved."""

    @property
    def quoted(self) -> tuple[int, str] | None:
        """The line and the text a hint quotes, if any (`shown`)."""
        return (self.line, self.text) if self.shown == (0, "") else self.shown


WEIGHTS = {"box": 3, "verb": 2, "object": 1, "list": 1, "ordered": 1, "lead-in": 1, "tail": 1}
"""What each signal adds to a block's score."""
SCANNED = 20
"""Lines of a block whose ``Label: value`` values are read for a verb ("Steps: run …")."""
WORDS_NEEDED = 3
"""Words besides its objects a block needs to say something of them."""
NEEDED = 3
"""The score a block needs to be a candidate (an object or a verb is needed as well)."""


_ELSEWHERE = re.compile(
    r"(?i)^\W*(?:related(?:\s+\w+){0,2}|see\s+also|links?|references?|further\s+reading"
    r"|resources|(?:previous|prior|earlier)\s+(?:sessions?|handoffs?)|sources?)\W*$"
)
"""A heading over links to other documents ("## Related", "## See also"): no step there."""
_RESOLVED = re.compile(
    r"(?i)^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\[[ xX]\]\s*)?(?:\*\*|__)?\s*"
    r"(?:(?:✅\s*)?(?:resolved|done|completed|fixed|finished|shipped|closed|merged)\b"
    r"|✅\s*(?:\*\*|__)?\s*complete\b|complete\b(?!(?:\*\*|__)?\s+[^\W_]|\s+`))"
)
"""An item that opens by saying its work is resolved ("- **Resolved, but not as decided
here**: …", "Done: …", "✅ Complete", "Complete:"): a record, not a step; "Complete the
import" orders it."""


def finished_item(line: str) -> bool:
    """``line`` opens an item struck through (`crossed_off`) or said resolved (`_RESOLVED`)."""
    head = _STRUCK_HEAD.match(line)
    return _RESOLVED.match(line) is not None or (
        head is not None and crossed_off(line[: head.end()])
    )


def _place(section: Section, text: str) -> int:
    """How fit a candidate's place is to be quoted as the closest to a step: 0 never (under a
    heading of links, or an item said resolved), 1 under a heading that names no step, 2 under
    a next-step heading or none."""
    if _ELSEWHERE.match(section.heading) or finished_item(text.split("\n", 1)[0]):
        return 0
    return 2 if section.level == 0 or section.facet == "next" else 1


def best_candidate(sections: Sequence[Section]) -> Candidate | None:
    """The highest-scoring next-step candidate of the file, or ``None`` when there is none; its
    `shown` is the best placed candidate (`_place`), highest-scoring among those."""
    best: Candidate | None = None
    shown: tuple[int, int, int, str] = (0, 0, 0, "")
    tail = _tail(sections)
    for index, section in enumerate(sections):
        if section.facet in ("setup", "pointers"):
            continue
        recording = section.facet in RECORDING
        previous, procedure = "", False
        for (line, text, code), shape in zip(section.texts, section.shapes, strict=False):
            if code:
                continue
            # a numbered list after a lead-in ("Steps:") is a procedure to its end
            lead_in = _LEAD_IN.search(previous) is not None
            procedure = shape == "ordered" and (procedure or lead_in)
            score = _score(text, shape, (lead_in, procedure), index == tail)
            previous = text
            if recording and not procedure:
                continue  # what a record section holds is a record, unless it is a procedure
            if score < NEEDED:
                continue
            first = text.split("\n", 1)[0].strip()
            if best is None or score > best.score:
                best = Candidate(line, score, first)
            if (place := _place(section, text)) and (place, score) > shown[:2]:
                shown = (place, score, line, first)
    if best is None or (best.line, best.text) == shown[2:]:
        return best
    return replace(best, shown=shown[2:] if shown[0] else None)


_STRUCK = re.compile(
    r"^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\[[ xX]\]\s*)?(?:\*\*)?~~.+~~"
    r"\W{0,6}(?:[(（][^)）]*[)）]\W*)?$"
)
"""An item struck through ("~~Deploy to staging~~ (done)"): crossed off, done."""
_STRUCK_HEAD = re.compile(r"^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\[[ xX]\]\s*)?(?:\*\*)?~~[^~\n]+~~\W*")
"""An item's opening struck through, whatever follows on its next lines."""


def crossed_off(item: str) -> bool:
    """``item`` is struck through: work crossed off, no step."""
    return _STRUCK.match(item) is not None


def _score(text: str, shape: str, after: tuple[bool, bool], tail: bool) -> int:
    """A block's score; ``after`` says whether it follows a lead-in and is in a procedure."""
    lead_in, procedure = after
    if _TICKED.match(text) or _STRUCK.match(text.split("\n", 1)[0]):
        return 0
    verb = _verb_first(text) or any(
        _verb_first(line[label.end() :])
        for line in text.splitlines()[:SCANNED]
        if (label := _RECORD.match(_CODE.sub("x", line))) is not None
    )
    found = _OBJECT.search(text) is not None
    if not (verb or found or _UNTICKED.match(text)):
        return 0
    bare = _CODE.sub("x", text)
    named = len(_WORDS.findall(_OBJECT.sub(" ", text))) < WORDS_NEEDED
    if not (verb or procedure) and (_RECORD.match(bare) or named):
        return 0  # "**Build**: `x`" or a bare "`x`" names a thing, it asks nothing of it
    signals = {
        "box": _UNTICKED.match(text) is not None,
        "verb": verb,
        "object": found,
        "list": shape in ("ordered", "bullet"),
        "ordered": shape == "ordered",
        "lead-in": shape != "para" and (lead_in or procedure),
        "tail": tail,
    }
    return sum(WEIGHTS[name] for name, on in signals.items() if on)


_OPEN = re.compile(
    r"^\W{0,4}(?:(?:whether|how (?:much|many|to|should|do|does|can)|which|should we|do we)\b"
    r"|(?:consider|maybe|perhaps|possibly|optionally|optional|could|might|eventually|"
    r"someday|nice to have|if needed|if requested|future)\b"
    r"|(?:evaluate|assess|revisit|reconsider)\b[^.;:\n]{0,80}\b(?:if|once|when)\s"
    r"|(?:gather|collect)\s+(?:\w+\s+){0,2}(?:metrics|feedback|stats|statistics|telemetry)\b"
    r"|(?:refine|tune|adjust)\b[^.;:\n]{0,60}\bbased on (?:\w+\s+)?(?:usage|feedback)\b)",
    re.IGNORECASE,
)
"""An item that opens on a question or a hedge ("Whether to …", "Consider …", "Maybe …"), on
a condition ("Evaluate X if Y"), a watch ("Gather metrics on …") or tuning wish ("Refine X based
on usage"): an open question or a wish, not a step the next session can take."""
_DEFERRED = re.compile(
    r"\b(?:later|in the future|future|optional|optionally|TBD|if needed|when needed|if requested|"
    r"nice to have|someday|eventually|low priority|deferred|postponed|not now)\b"
    r"|待定|待安排|后再|以后|将来|暂缓|可选|稍后|後で",
    re.IGNORECASE,
)
"""A deferral anywhere in an item ("(later)", "Phase 4, after launch: optional"): parked work."""
_CHECK = re.compile(
    r"^\W{0,4}(?:(?:verify|check|test|confirm|monitor|watch|validate|re-?run|smoke-test|review|"
    r"(?:obtain|get|request|ask for) (?:an? )?(?:[\w-]+ ){0,3}review|"
    r"vérifier|tester|confirmer|verificar|probar|comprobar|confirmar|validar|testar|prüfen|"
    r"testen|überprüfen|verificare|testare|проверить|протестировать|убедиться|"
    r"провести (?:\w+ ){0,2}тестирование)(?!\w)"
    r"|验证|测试|确认|检查|监控|验收|確認|検証)",
    re.IGNORECASE,
)
"""An item that opens on a verification: a check to run, not a piece of work."""
_RUN_TO_CHECK = re.compile(
    r"^\W{0,4}(?:run|execute|try|open|load|launch|start|deploy|re-?load|re-?open|re-?start|"
    r"refresh)\b(?:`[^`\n]*`|[^.;:\n`]){0,160}?"
    r"\b(?:to (?:confirm|verify|check|make sure|ensure|see)|and (?:confirm|verify|check|make sure|"
    r"test)|and (?:record|note|capture|report|paste) (?:the )?(?:observed |actual )?"
    r"(?:output|results?)\b)",
    re.IGNORECASE,
)
"""An item that runs something only to see it work ("Run TASK-0041 to confirm the icons
render", "Reload the extension, reopen a note, and confirm …", "Run the loader twice and record
the output"): a check, not a piece of work."""
_CHECK_LAST = re.compile(
    r"^[^—–:：\n]{0,60}?(?:검증|확인|테스트|동작 확인|確認|検証|テスト|動作確認)"
    r"(?:하기|する|を行う)?[*_\s]*(?:[—–:：(（]|$)",
)
"""An item whose head phrase ends on a verification noun, as Korean and Japanese put it last
("**실제 게임 전체 플레이 검증** — …", "本番環境での動作確認"): a check, not a piece of work."""
_WORK_VERBS = (
    r"(?:add|fix|implement|write|create|build|refactor|migrate|port|replace|remove|rewrite|"
    r"wire|extend|design|update)"
)
_BUILD = re.compile(rf"\b{_WORK_VERBS}\b", re.IGNORECASE)
"""Work words: a check item that also names one ("test and fix …") asks for work."""
_TESTS_CODE = re.compile(
    r"^\W{0,4}(?:test|tester|testar|testen|testare|probar|протестировать)\b[^\n]{0,160}?"
    r"(?<![\w/.:-])(?:[\w.-]+/)*[\w-]+\.(?:py|pyi|ts|tsx|js|jsx|mjs|go|rs|java|kt|rb|php|cs|"
    r"cpp|cc|c|h|hpp|swift|scala|ex|exs|dart|vue|svelte|lua|sql)\b(?![/.]\w)",
    re.IGNORECASE,
)
"""An item that tests a named source file ("Test the refund path in `src/billing/core.py`"):
tests to write for that code, work rather than a check to run."""
_NOTHING = re.compile(
    rf"^[\W_]*(?:{NO_STEP}|ready (?:for|to be) [\w\s/-]{{1,40}}?\.?)[\W_]*$", re.IGNORECASE
)
"""An item that says there is nothing (`blanks.NO_STEP`: "None", "Nothing to do", "No next
step", in ``*`` or ``_`` emphasis alike) or only that the work is ready for someone: an empty
list, not a step."""
QUESTION = re.compile(r"[?？]\W{0,3}$")
_LABEL_ONLY = re.compile(r"^\W{0,4}[^:：\n]{1,50}[:：]\W{0,3}$")


def no_usable_step(texts: Sequence[tuple[int, str, bool]]) -> bool:
    """A next-step section whose every item is ticked, an open question ("Whether to persist
    state?"), a hedge ("Consider adding …", "Optionally …"), parked for later, "None", or only
    a check to run ("Verify the page at …"): nothing in it is a step to take. Bare labels
    ("Open issues:") count for neither side."""
    items = []
    gated = False
    for _, text, code in texts:
        if code:
            continue
        first = text.split("\n", 1)[0]
        if _LEAD_IN.search(first):
            # "If the user reports more problems, check in this order:" gates the items under it
            gated = _GATED.search(first) is not None
        if gated:
            items.append("")
        elif not _LABEL_ONLY.match(first):
            items.append(text)
    return bool(items) and all(
        not item or (_no_step(item.split("\n", 1)[0].strip()) and not names_work_later(item))
        for item in items
    )


_SENTENCE_END = re.compile(r"(?<=[.!。])\s+(?=\S)")
_LEAD = re.compile(
    r"^(?:(?:and\s+)?then|afterwards|after that|next)\b[,:]?\s+|^[^,;:，\n]{1,40}[,:，]\s+",
    re.IGNORECASE,
)
"""A sentence's lead-in before its verb ("On approval, ", "Then ")."""
_MORE_WORK = re.compile(
    r"^\W{0,4}(?:invoke|produce|generate|apply|proceed (?:to|with)|go ahead (?:with|and))\b",
    re.IGNORECASE,
)
"""Work verbs the imperative cue does not list ("invoke the `writing-plans` skill")."""


def names_work_later(text: str) -> bool:
    """A sentence after the first of ``text`` names work to start, not gated on someone's say
    ("User reviews the spec. On approval, invoke the `writing-plans` skill …"): the first
    sentence's wait or check is then only what comes before the work."""
    for sentence in _SENTENCE_END.split(" ".join(text.split()))[1:]:
        bare = _unboxed(sentence).replace("**", "").replace("__", "")
        lead = _LEAD.match(bare)
        said = bare[lead.end() :] if lead is not None else bare
        if (_verb_first(said) or _MORE_WORK.match(said)) and not _no_step(bare):
            return True
    return False


_ZERO = re.compile(r"^\W*0\W*$")
"""A count of nothing ("Remaining items: **0**")."""
_TALLY = re.compile(r"^\W{0,4}\d+\s*(?:/|of|out of)\s*\d+\b", re.IGNORECASE)
"""A tally ("**Still missing: 17 of 56.** 5 on the wishlist in …", "Remaining: 3/10"): how
much is left, a status count, not a step."""
_CLAUSE = re.compile(r"[;,.:!—–]+\s*|\s+-\s+")


def _only_tally(item: str) -> bool:
    """A value that is nothing but a tally ("17 of 56.", "3/10 handlers ported"), not one that
    goes on to name the step ("3/10 handlers ported; port src/handlers/user.py next.")."""
    tally = _TALLY.match(item)
    if tally is None:
        return False
    clauses = _CLAUSE.split(item[tally.end() :].replace("**", " ").replace("__", " "))
    said = [_unboxed(clause).strip() for clause in clauses]
    return not any(_verb_first(each) or _MORE_WORK.match(each) for each in said if each)


def says_none(item: str) -> bool:
    """An item or paragraph that says there is no step ("None.", "Nothing queued")."""
    return _NOTHING.match(_unboxed(item)) is not None


_FINISHED = re.compile(
    r"^[\W_]*(?:none|nothing(?: (?:left|more|else|further))?(?: to do)?"
    r"|no (?:more |further |next )?(?:steps?|work))\s*[:—–.;,-]\s*"
    r"(?:(?:the|this|our|all the) )?(?:work|task|feature|branch|job|change|project|everything"
    r"|all of it|it) (?:is|was|has been) (?:now |all )?(?:finished|done|complete|completed)"
    r"(?:\s*[;,.:—–]\s*(?:(?:and |then |just |only )?(?:(?:push|merge|submit)(?: it| the branch)?"
    r"(?:\s*(?:/|and|&|,)\s*)?)*(?:open|create|raise|file) (?:a |the )?(?:pr|pull request)"
    r"|(?:and |then |just |only )?(?:push|merge|submit)(?: it| the branch)?))?"
    r"[\W_]*$",
    re.IGNORECASE,
)
"""A whole item saying there is no step because the work is finished, and nothing else but its
hand-in ("None: the work is finished.", "None — the work is done.", "Nothing left: the feature
is complete.", "None: the work is finished; open the PR.")."""


def says_finished(item: str) -> bool:
    """An item that says, and only says, that there is no step because the work is finished
    (`_FINISHED`): no "whether", "when", "if", "not", "still" or second clause in it."""
    return _FINISHED.match(" ".join(item.split())) is not None


def no_step_item(item: str) -> bool:
    """A ``Next steps:`` label's value that is no step: a count of zero, a tally, one bare word
    ("Submit"), a date ("2026-05-15 or on any trigger"), or one of `_asks_no_work`'s."""
    bare = _unboxed(item)
    return (
        _ZERO.match(item) is not None
        or _only_tally(item)
        or _BARE_VERB.match(bare) is not None
        or _DATED_VALUE.match(bare) is not None
        or _asks_no_work(bare)
    )


def _asks_no_work(bare: str) -> bool:
    """An item (box and emphasis off) that asks for no work: "none" or "no further work", a
    wait, a result to see ("CI should now pass"), only a hand-in ("Commit/push this fix") or
    only a check to run ("Verify the deploy"); never when it names work after another clause
    ("Commit the fix, then add …")."""
    if _GATED.search(bare):
        return True  # the work it names waits on someone's say
    if _THEN_WORK.search(bare):
        return False
    return bool(
        _NOTHING.match(bare)
        or _WAIT.match(bare)
        or _UNDECIDED.match(bare)
        or _EXPECTATION.search(bare)
        or _RAN.match(bare)
        or _SUBMIT_ONLY.match(bare)
        or _OTHERS_TURN.match(bare)
        or (
            (_CHECK.match(bare) or _RUN_TO_CHECK.match(bare) or _CHECK_LAST.match(bare))
            and not _BUILD.search(_CODE.sub(" ", bare))  # `pnpm db:migrate` asks no work
            and not _TESTS_CODE.match(bare)
        )
    )


_BARE_VERB = re.compile(r"^\W*[A-Za-z]+\W*$")
"""A one-word value ("Next step: Submit"): a verb with no object names no piece of work."""


_SUBMIT_ONLY = re.compile(
    r"^\W{0,4}(?:(?:(?:npm|pnpm|yarn|cargo|twine|poetry) )?"
    r"(?:commit|push|merge|submit|publish|tag|squash)(?:\s*(?:/|and|&|,)\s*"
    r"(?:commit|push|merge|submit|publish|tag))*\b|open (?:a |the )?(?:pr|pull request)\b|"
    r"abrir (?:el |o )?pr\b|create (?:a |the )?(?:pr|pull request)\b)",
    re.IGNORECASE,
)
"""An item that only hands the work in ("Commit/push this fix", "Open the PR", "Merge to main"):
a submission, not a piece of work."""
_THEN_WORK = re.compile(
    rf"(?:[,;:]|\bthen\b|\band\b)\s+(?:then\s+)?{_WORK_VERBS}\b"
    r"|\bthen\s+(?:continue|resume|start(?:\s+on)?|begin|proceed(?:\s+to)?|tackle|work\s+on|"
    r"pick\s+up|(?:move|go)\s+on\s+to)\s+"
    r"(?!(?:to\s+|with\s+|on\s+)?(?:test|monitor|check|verif|watch|wait)\w*\b)\S",
    re.IGNORECASE,
)
"""Work named after another clause ("Commit the fix, then add …", "Validate the package's
visibility, then continue ProductCatalog implementation slice 1 …", "…, then move on to / work
on / pick up the ports contract"): the item asks for work; "then continue testing" does not."""
_EXPECTATION = re.compile(
    r"\bshould (?:now )?(?:pass|work|succeed|be (?:green|fixed|resolved|working))\b", re.IGNORECASE
)
"""An item that says what should now hold ("CI should now pass"): a result to see, no step."""
_RAN = re.compile(
    r"^\W{0,4}`[^`\n]+`\s*[:：—–-]?\s*(?:\(?\d+\s*/\s*\d+\)?\s*)?"
    r"(?:pass(?:ed|es)?|ok|green|succeeded|fail(?:ed|s)?|通过|成功|失败|성공|통과|réussi|exitoso)"
    r"(?!\w)\W*(?:\(\d[^)]*\))?\W*$|^\W{0,4}`[^`\n]+`\s*[:：—–-]?\s*[✅✔✓❌]\W*$",
    re.IGNORECASE,
)
"""A command with its result ("`make test` PASS", "`npm run lint`: ✅"): a run reported, no
step."""
_WAIT = re.compile(
    r"^\W{0,4}(?:wait(?:ing)? (?:for|on|until)|awaiting|chờ|esperar|aguardar|attendre|warten auf|"
    r"等待|等用户|待用户)",
    re.IGNORECASE,
)
"""An item that only waits ("Chờ user quyết định …", "Wait for the review"): no step to take."""
_UNDECIDED = re.compile(
    r"^\W{0,4}(?:to be (?:decided|determined|defined)|undecided|未定)\b"
    r"|^\W{0,4}(?:stop|halt)(?:\s+(?:here|now|unless|until)\b|\W*$)",
    re.IGNORECASE,
)
"""An item that leaves the step undecided ("To be decided after the demo") or calls a halt
("Stop unless a new slice appears", "Stop here."): no step to take. "Stop the server" is one."""
_ROLE = (
    r"(?:user|owner|client|founder|customer|maintainer|stakeholder|reviewer|operator|coordinator|"
    r"product owner|project lead|lead|PM|manager|team|human|boss)"
)
_THIRD_PERSON = (
    r"(?:reviews|runs|approves|confirms|decides|merges|deploys|tests|handles|provides|sends|"
    r"supplies|signs|uploads|publishes|answers|replies|chooses|picks|checks|verifies|owns)"
)
"""What another role does in a step it takes ("Founder reviews …"); "User settings page …" names
a page, not a turn."""
_GATED = re.compile(
    r"^\W{0,4}(?:only\s+)?(?:if|once|when|after|until)\s+(?:the\s+|a\s+|an\s+|your?\s+)?"
    r"(?:[\w'’#-]+\s+){0,3}?(?:approves?|confirms?|decides?|agrees?|replies|responds|signs? off|"
    r"accepts?|authori[sz]es?|is (?:approved|merged|accepted|authori[sz]ed|confirmed)|"
    r"gives? (?:the )?(?:go-ahead|green light|ok))\b"
    r"|^\W{0,4}(?:only\s+)?(?:after|once|until)\s+(?:[\w'’#-]+\s+){0,4}?(?:review|approval|sign-off)"
    r"(?:\s*[,:：—–]|\s+(?:is|has)\b)"
    r"|\b(?:blocked|gated) (?:on|by|until)\b"
    r"|\b(?:needs?|requires?|awaits?|pending)\s+(?:(?:the|an?|explicit|their|his|her|[\w-]+['’]s)\s+)*"
    r"(?:approval|go-ahead|sign-off|authori[sz]ation|permission|decision|green light)\b"
    rf"|\b{_ROLE}['’]s (?:decision|call|approval|go-ahead|sign-off)\b"
    rf"|[(（]\s*(?:the\s+)?{_ROLE}['’]?s?\s+(?:decisions?|calls?|choices?)\s*[)）]"
    r"|\b(?:do not|don't|never)\s+(?:start|begin|proceed|implement|merge|deploy|continue)\b"
    r"[^.;]{0,60}?\b(?:without|until|before)\b"
    r"|^\W{0,4}(?:do not|don't|never)\s+(?!forget\b)[a-z]"
    r"|-gated\b"
    rf"|^\W{{0,4}}(?:if|when|once|should)\s+(?:the\s+|a\s+)?{_ROLE}s?\s+(?:\w+\s+){{0,2}}?"
    r"(?:reports?|complains?|comes? back|returns?|raises?|gives? feedback|finds?)\b"
    r"|^\W{0,4}(?:si (?:el|le|l')\s?(?:usuario|utilisateur|cliente?)\s+(?:\w+\s+){0,2}?"
    r"(?:reporta|vuelve|signale|revient|se queja)"
    r"|se o (?:usu[aá]rio|cliente)\s+(?:\w+\s+){0,2}?(?:reportar|relatar|voltar))"
    r"|(?:如果|若|假如|要是)(?:用户|客户|老板|甲方).{0,4}(?:反馈|报告|投诉|提出|说)"
    rf"|\b{_ROLE}\s+(?:has|have)(?:n['’]t|\s+not)\s+(?:yet\s+)?(?:confirmed|verified|checked|tested|approved)\b"
    rf"|\bnot (?:yet )?(?:confirmed|verified|checked|tested) by (?:the )?{_ROLE}\b"
    rf"|\b(?:awaiting|pending|waiting (?:on|for))\s+(?:the\s+)?{_ROLE}(?:['’]s)?\s+"
    r"(?:confirmation|verification|testing|feedback|check)\b"
    rf"|\b(?:each|all|every)(?: one| of them)?\s+(?:needs?|requires?|waits? (?:on|for))\s+"
    rf"(?:the\s+)?(?:{_ROLE}\b|(?-i:[A-Z][a-z]+)\b(?!\s+\w))"
    rf"|\bwaiting (?:on|for) (?:the\s+)?{_ROLE}\b"
    r"|사용자가 아직 (?:확인|검증|테스트)하지|사용자 (?:확인|검증) (?:필요|대기)"
    r"|(?:用户|客户)(?:尚未|还未|还没有?|未)(?:确认|验证|测试|检查)|ユーザー(?:の)?(?:未確認|確認待ち)"
    r"|con autorizaci[oó]n|tras (?:la )?aprobaci[oó]n|ap[oó]s (?:a )?aprova[cç][aã]o"
    r"|si (?:le |el |l')?(?:user|utilisateur|usuario|client|cliente) (?:valide|aprueba|confirma)"
    r"|待.{0,8}(?:批准|确认|授权|审批)|(?:用户|老板|负责人)(?:确认|批准|授权)后|由用户"
    r"|承認(?:後|待ち)|승인 (?:후|대기)|병합 (?:뒤|후)",
    re.IGNORECASE,
)
"""A step that waits on someone's say ("If Garrett approves: wire …", "Only after review
approval …", "needs the owner's go-ahead", "blocked on design", "founder-gated") or forbids
("Do not merge."): not one the next session can start now."""


_QUESTIONS_FOR = re.compile(
    rf"\b(?:questions?|asks?)\s+(?:for|to)\s+(?:the\s+|our\s+|my\s+)?{_ROLE}s?\b"
    r"|\bpreguntas? para (?:el |la )?(?:usuario|cliente|responsable)"
    r"|\bquestions? (?:pour|au|à) (?:le |la |l')?(?:utilisateur|client|responsable)"
    r"|\bFragen an (?:den |die )?(?:Nutzer|Kunden|Auftraggeber|Verantwortlichen)"
    r"|(?:给|问)(?:用户|客户|负责人)的问题|(?:用户|客户|负责人)待(?:回答|答复)",
    re.IGNORECASE,
)
"""A heading over questions put to someone else ("Open questions for the project lead",
"Preguntas para el cliente"): what it lists waits on their answer, not a step to take."""


_THEIR_LIST = re.compile(
    rf"[(（]\s*(?:for\s+)?(?:the\s+)?{_ROLE}s?(?:\s+only)?\s*[)）]"
    rf"|\bwhat (?:the\s+)?{_ROLE}s? (?:does|do|needs? to do|should do|must do)\b"
    rf"|\b(?:tasks|to-?dos?|actions|steps|chores) (?:for|of) (?:the\s+)?{_ROLE}s?\b"
    rf"|\b{_ROLE}['’]s (?:tasks|to-?dos?|actions|steps|chores)\b"
    rf"|^\W{{0,8}}{_ROLE}s? (?:tasks|to-?dos?|actions|steps|chores)\b",
    re.IGNORECASE,
)
"""A heading over someone else's list ("Remaining Tasks (User)", "What the OWNER does next",
"Owner actions"): their turn, not a step the next session takes."""


def waits_on_someone(text: str) -> bool:
    """``text`` (a heading: "Founder-gated (Garrett's call)", "Questions for the owner",
    "Remaining Tasks (User)") waits on someone's say, or lists someone else's tasks."""
    return any(cue.search(text) is not None for cue in (_GATED, _QUESTIONS_FOR, _THEIR_LIST))


_CHECKS_FIRST = re.compile(
    r"(?:先|首先)(?:确认|檢查|检查|核对|验证)|まず(?:確認|チェック)|먼저 확인"
    r"|\b(?:check|verify|confirm)(?:\s+\w+){0,2}?\s+first\b|\bfirst,?\s+(?:check|verify|confirm)\b"
    r"|\bpre-?flight\b|\bsanity checks?\b|\bbefore (?:you )?(?:start|begin)\w*\W+(?:check|verify)",
    re.IGNORECASE,
)
"""A heading over checks to run before any work ("如果新对话继续做，建议先确认", "Before you start,
check", "Pre-flight"): what it lists are checks, not a step."""


def checks_first(heading: str) -> bool:
    """``heading`` names checks to run before the work, not the work."""
    return _CHECKS_FIRST.search(heading) is not None


_OTHERS_TURN = re.compile(
    rf"^\W{{0,4}}(?:the\s+)?{_ROLE}\s+"
    rf"(?:must|should|needs? to|has to|will|to|{_THIRD_PERSON})\s+\w"
    rf"|^\W{{0,4}}(?:the\s+)?{_ROLE}s?\W{{0,2}}\s*[:：]\W{{0,2}}\s*(?:to\s+)?"
    r"(?:decide|confirm|approve|review|choose|pick|sign off|answer|reply|provide|send|test|"
    r"verify|check)\b",
    re.IGNORECASE,
)
"""A step another role takes ("Founder reviews the draft", "Owner runs README step 1", "User
deploys to Vercel", "Owner: decide whether to delete the branch", but not "Owner: run the
exporter", a label naming who does a step): someone else's turn, not the next session's."""
_DATED_VALUE = re.compile(r"^\W{0,4}(?:19|20)\d\d-\d\d-\d\d\b")
"""A label whose value is a date ("Next review: 2026-05-15 …"): when, not what."""


def _no_step(item: str) -> bool:
    """Ticked, struck through, a question, a hedge, parked for later, or asking no work."""
    bare = _unboxed(item)
    return bool(
        _TICKED.match(item)
        or _STRUCK.match(item)
        or QUESTION.search(item)
        or _OPEN.match(bare)
        or _DEFERRED.search(bare)
        or _asks_no_work(bare)
    )


def _unboxed(item: str) -> str:
    """The item without its checkbox and emphasis."""
    return re.sub(r"^\W{0,4}\[ \]\s*", "", item).lstrip("*_ ")


def _verb_first(text: str) -> bool:
    """An English imperative with something after it ("Run the seed", not "Build:")."""
    order = IMPERATIVE.match(text)
    return order is not None and text[order.end() : order.end() + 1] == " "


_PRIORITY = re.compile(
    r"\[P[01]\]|(?<![\w-])P[01]\s*[:：)]|\((?:high|urgent|critical)\)|🔴"
    r"|(?:priority|优先级|優先度|우선순위|prioridad|prioridade|priorité|priorität)\**\s*[:：]\**\s*"
    r"(?:high|urgent|critical|P[01]|高|높음|상|alta|haute|élevée|hoch)",
    re.IGNORECASE,
)
"""A high-priority marker on an item ("[P1]", "P0:", "(high)", "🔴", "优先级：高")."""
_LOWER = re.compile(
    r"🟡|🟢|\b(?:medium|low|media|baja|média|baixa|moyenne|basse|mittel|niedrig|P[2-4])\b"
    r"|优先级\W{0,3}[中低]|보통|낮음",
    re.IGNORECASE,
)
"""A lower level beside the high one: the item states a scale ("🔴 alta / 🟡 media"), not work."""


def priority_step(sections: Sequence[Section]) -> Candidate | None:
    """The first open list item that carries a high-priority marker outside a recording section:
    a list ranked by priority is a list of work to do, in any language."""
    for section in sections:
        if section.facet in RECORDING:
            continue
        for (line, text, code), shape in zip(section.texts, section.shapes, strict=False):
            first = text.split("\n", 1)[0]
            if code or shape == "para" or _TICKED.match(first):
                continue
            if _PRIORITY.search(first) and not _LOWER.search(first):
                return Candidate(line, WEIGHTS["list"], first.strip())
    return None


def _tail(sections: Sequence[Section]) -> int:
    """The index of the last section with prose that is not setup or pointers."""
    for index in range(len(sections) - 1, -1, -1):
        section = sections[index]
        if section.facet in ("setup", "pointers"):
            continue
        if any(not code for _, _, code in section.texts):
            return index
    return -1


_STEP_LEAD = re.compile(
    r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\[ \]\s*)?(?:[*_]{1,2})?"
    r"(?:(?:next(?: steps?| action| up| task)?|todo|to-?do|up next)"
    r"(?:[*_]{1,2})?\s*:(?:[*_]{1,2})?)?",
    re.IGNORECASE,
)
_FILLER_WORDS = re.compile(
    r"(?:continue(?: (?:work|working|on|on it|as before))?|proceed|keep going|carry on|go on|"
    r"more|etc|tbd|tba|todo|to-?do|wip|fixme|xxx|x|n/?a|\?+)",
    re.IGNORECASE,
)


def filler_step(text: str, *, labelled: bool = False) -> bool:
    """A next step whose whole content, its box or ``NEXT:`` label aside, is a filler word or
    mark ("NEXT: continue", "NEXT: .", "- [ ] x", "TODO: tbd", "Next step: …"): no step. With
    ``labelled``, only a line that has such a box or label."""
    lead = _STEP_LEAD.match(text)
    if labelled and (lead is None or not any(mark in lead.group(0) for mark in (":", "[ ]"))):
        return False
    rest = text[lead.end() if lead else 0 :]
    if lead is not None and ":" in lead.group(0) and not rest.strip(" \t*_`"):
        return False  # a label with nothing after it: its steps are on the lines below
    core = rest.strip(" \t*_`.!…-–—:;,")
    return not core or _FILLER_WORDS.fullmatch(core) is not None


__all__ = [
    "QUESTION",
    "Candidate",
    "best_candidate",
    "checks_first",
    "filler_step",
    "names_work_later",
    "no_step_item",
    "no_usable_step",
    "priority_step",
    "says_finished",
    "says_none",
    "waits_on_someone",
]
