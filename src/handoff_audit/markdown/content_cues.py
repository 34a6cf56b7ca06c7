"""The content cues of a hand-written handoff's facets: what a line must say, whatever its
heading, for a reader to count it as a state, a next step, a decision, a dead end or a pointer.

Regular expressions built with code (the heading phrases are package data,
``markdown/cues/headings.json``); `markdown.facets` reads a file with them.
"""

from __future__ import annotations

import re

from handoff_audit.markdown.near import Near

COMMIT_HASH = r"(?<![\w/.#-])(?=[0-9a-f]{0,39}[a-f])(?=[0-9a-f]{0,39}\d)[0-9a-f]{7,40}(?![\w-])"
"""A commit named by its hash ("`ee338c6`"): hex with a letter and a digit, not inside a word, a
path, a version or a colour ("#a1b2c3d4")."""

LABEL = re.compile(
    r"^[^\w\n]{0,3}([^\W\d_][\w /&'()-]{0,30}?)\s*\**\s*[:：]\**"
    r"(?:(?:[ \t]+|(?<=：)|(?<=：\*\*))(.*)|$)"
    r"|^\*\*([A-Za-z][\w /&'()-]{0,30}?)[.!]\*\*[ \t]+(.*)",
    re.MULTILINE,
)
"""A ``Label: text`` line (in any script; a full-width colon needs no space after it, as CJK
writes it), or a bold lead-in sentence (``**What got done.** text``)."""

# --- content cues: each names its facet and what it recognised -------------------------------

_EXT = (
    r"py|pyi|ts|tsx|js|jsx|mjs|cjs|rs|go|md|mdx|json|jsonl|ya?ml|toml|sh|bash|zsh|ps1|rb|java|"
    r"kts?|swift|c|h|cc|cpp|hpp|cs|php|sql|html?|css|scss|txt|cfg|ini|lock|env|xml|gradle|vue|"
    r"svelte|lua|ex|exs|erl|dart|scala|r|ipynb|csv|proto|tf|dockerfile|mk|cmake|sol|zig|nix"
)
_POINTER_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("URL", re.compile(r"https?://[^\s)>\]`'\"]+")),
    (
        "path",
        re.compile(
            rf"(?<![\w@/.-])(?:[\w.-]{{1,80}}/){{1,12}}[\w.-]{{0,80}}\.(?:{_EXT})(?::\d+)?\b"
            rf"|(?<![\w/.@-])[\w-]{{1,80}}\.(?:{_EXT})(?::\d+)?\b(?![\w/-]|\.\w)",
            re.IGNORECASE,
        ),
    ),
    ("path", re.compile(r"`\.{0,2}/?[\w.-]{1,80}(?:/[\w.*-]{1,80}){1,12}/?`|`[\w.-]{1,80}/`")),
    ("commit", re.compile(COMMIT_HASH)),
    ("test name", re.compile(r"\btest_\w+|\w::\w|\bTest[A-Z]\w+")),
)

_NEXT_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("unchecked task", re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?\[ \]\s+\S")),
    ("pending item", re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*)?[⏳🔜]\ufe0f?\s*\S")),
    (
        "a row marked next",
        re.compile(r"\|\s*(?:\*\*)?(?:[⏳🔜▶➡]\ufe0f?\s*)?(?:NEXT|UP NEXT)(?:\*\*)?\s*\|"),
    ),
    (
        "next-step wording",
        re.compile(
            r"\bnext (?:steps?|action|task|up)\b"
            r"|\bnext (?:session|time|agent|person|developer)\W{0,3}(?:should|must|needs? to|has to"
            r"|will need|can start|:|starts?|begins?|picks? up|first)"
            r"|\b(?:then|first), (?:run|fix|add|write|implement|finish|start|open|check)\b"
            r"|\b(?:prioriti[sz]e|tackle|address) next\b"
            r"|\b(?:still|remains?) to (?:do|be done|fix|write|implement)\b"
            r"|\bleft to do\b|\bfollow[- ]ups?\s*:|\bpick (?:it )?up\b"
            r"|(?:^|[.!]\s+)(?:TODO|FIXME)\b|\bshould (?:next|now)\b|\bwhat(?:'s| is) left\b"
            r"|\bnot (?:yet )?(?:done|started|implemented|finished)\b"
            r"|\bremaining(?:\s*:| (?:work|tasks?|items?|steps?|to-?dos?)\b)"
            r"|\b(?:remains?|is still|are still|stays?) (?:open|owed|outstanding|unresolved|"
            r"pending|to be done|\w+ work)\b|\b(?:is|are) (?:still )?owed\b",
            re.IGNORECASE,
        ),
    ),
    (
        "next-step wording, in another language",
        re.compile(
            r"다음 (?:단계|작업)[는은]|次の(?:ステップ|作業)は|下一步(?:是|要|需要)"
            r"|接下来(?:要|需要|应该)"
            r"|\b(?i:el (?:siguiente|próximo) paso (?:es|será)"
            r"|la (?:prochaine|suivante) étape (?:est|sera|consiste)"
            r"|der nächste schritt (?:ist|wäre)|o próximo passo (?:é|será)|"
            r"il prossimo passo (?:è|sarà)|следующий шаг\s*(?:[—–:-]|это))"
        ),
    ),
)

_REASON_ELSEWHERE = (
    r"因为|由于|为了|所以|原因|否则|以便|避免|ため|ので|から|потому что|так как|чтобы|иначе|"
    r"parce que|afin de|sinon|porque|para que|debido a|weil|damit|sonst|"
    r"防止|以免|때문에|위해|도록|므로|라서|поэтому|чтобы не|pour éviter|pour que|para evitar|"
    r"ya que|pois|um zu|ולכן|בגלל|כדי|perché|poiché|bởi vì|vì"
)
"""Reasons in other languages (the unspaced scripts' words match anywhere)."""

_REJECTED_ELSEWHERE = (
    r"无效(?!\s*[的\w])|不起作用|行不通|不可行|没有效果|不采用|不採用|否决|弃用|放弃了|已回滚|已回退|"
    r"うまくいかな|効果がな|効果なし|却下|断念|ロールバックし|"
    r"기각|폐기(?!물)|취소했|已取消|효과 ?없|도움 ?안 ?됨|작동하지 않|포기했|롤백했|"
    r"되돌[렸림]|되돌리지 말|"
    r"\b(?:não funcion\w*|no funcion[óo]|descartamos|descartei|se descartó|foi descartad[oa]|"
    r"n'a pas fonctionné|ne fonctionne pas|abandonné|rejeté|verworfen|"
    r"(?:hat|hatte) nicht funktioniert|funktioniert(?:e)? nicht|gescheitert|"
    r"не сработал\w*|не помогл\w*|отказались от|отмен[её]н\w*|removed from scope|"
    r"không hiệu quả|bị loại|thất bại|non ha funzionato|non funziona(?:va)?|scartat[oaie]|"
    r"đã thử|không hoạt động)(?!\w)"
)
"""Tried, failed or rejected in other languages (the unspaced scripts' words match anywhere)."""

_REASON = (
    r"because|since|so that|so the|so we|so it|to avoid|to keep|to prevent|to make|to allow|"
    r"to support|to reduce|to ensure|in order to|due to|otherwise(?!\s*[),.;:]|$)|as it|to cut|"
    r"to save|to speed|"
    r"to simplify|to let|to stop|to fit|to match|"
    r"so (?!far\b|much\b|many\b|on\b|long\b|few\b|called\b|too\b|good\b)\w+|"
    r"(?:which|this|that) (?:means|keeps|avoids|ensures|guarantees)|"
    r"for (?:speed|safety|simplicity|performance|consistency)|"
    r"(?:is|was|are) (?:faster|simpler|safer|cheaper|required|needed)"
)


_CHOICE = (
    r"\b(?:decided|decision|chose|chosen|choose|opted|went with|go with|prefer(?:red|s)?|swapped|"
    r"switched to|settled on|picked|adopted|kept|keep|use[sd]?|using|moved to|replaced|"
    r"intentional(?:ly)?|deliberate(?:ly)?|by design|on purpose|design(?:ed)?|"
    r"approach|must|always|changed|updated|set|made|added|capped|limited|pinned|disabled|"
    r"enabled|fixed with|fixed by|mocked|stubbed|removed|dropped|destroyed)\b"
)
_STRICT_CHOICE = (
    r"\b(?:decided|decision|chose|chosen|opted|went with|settled on|picked|adopted|"
    r"intentional(?:ly)?|deliberate(?:ly)?|by design|on purpose)\b"
)
_DECISION_CUES: tuple[tuple[str, re.Pattern[str] | Near], ...] = (
    (
        "a choice with its reason",
        Near(
            re.compile(_CHOICE, re.IGNORECASE),
            re.compile(rf"\b(?:{_REASON})\b", re.IGNORECASE),
            sentence=True,
        ),
    ),
    (
        "a choice with its reason",
        Near(
            re.compile(_STRICT_CHOICE, re.IGNORECASE),
            re.compile(r"\s[—–-]\s|:\s|\("),
            from_before=True,
        ),
    ),
    (
        "a choice made, in another language",
        re.compile(
            # "未決定" (undecided), "の決定" (a to-do) and "決定する" decide nothing yet;
            # "決定：…" is a field label, read as labels in these scripts are
            r"(?<!未)(?<!待)(?:(?<!の)決定(?!待|事項|していない|しない|する|\s*[:：])|决定(?!事项|\s*[:：])|"
            r"决策(?!待|\s*[:：])|采用了|採用(?!しない|せず)|결정(?:했|함|하였|하기로)|선택했|채택|選定|选定|"
            r"\b(?i:decidimos|decidido|optamos|elegimos|décidé|avons choisi|entschieden|"
            r"haben uns für|решили|выбрали)"
            r"|\b(?i:besloten|gekozen|bewust|bewusst|abbiamo deciso|abbiamo scelto|ho deciso|"
            r"ho scelto|decidi|escolhemos|optei|on a choisi|nous avons choisi|beslutning(?:en)?|"
            r"besluttet|beslutade|beslutat|vi valgte|vi valde)\b"
            r"|القرار|قررنا|اخترنا|تقرر)"
        ),
    ),
    (
        "a conclusion drawn from a reason",
        re.compile(r"\b(?:therefore|hence|thus)\b(?! far\b)", re.IGNORECASE),
    ),
    (
        "a reason, then what it changed",
        re.compile(r"[,;—–]\s+so\s+(?:[\w`.-]+\s+){1,5}(?:now|instead)\b", re.IGNORECASE),
    ),
    (
        "a consequence that justifies",
        re.compile(
            r"(?:^|[.;,:—–(]\s*|\b(?:this|which|that|it)\s+)"
            r"(?:prevents|preventing|avoids|avoiding)\s+(?!it\b)\w",
            re.IGNORECASE,
        ),
    ),
    (
        "a choice over its alternative",
        Near(
            re.compile(
                r"\b(?:prefer(?:red|s)?|chose|choose|chosen|opted for|went with|picked|kept|keep|"
                r"use|used|using|stick with|stuck with|ruled|overrode|overruled)\b",
                re.IGNORECASE,
            ),
            re.compile(r"\b(?:rather than|instead of|over (?:the|a|an) )", re.IGNORECASE),
            sentence=True,
        ),
    ),
    (
        "a choice over its alternative, in another language",
        re.compile(
            r"而不是|而非|ではなく|대신(?:에)?\s|(?<!\w)(?:а не|вместо|en lugar de|en vez de|"
            r"au lieu de|anstatt|em vez de|invece di)(?!\w)",
            re.IGNORECASE,
        ),
    ),
    (
        "a reason",
        re.compile(
            r"\b(?:the reason (?:is|was|for|we|I)|rationale|trade-?offs?)\b"
            # the reason a session handed over ("Handoff reason:") is no choice's
            r"|(?<!handoff )(?<!handover )\b(?:reason|why)\**\s*:",
            re.IGNORECASE,
        ),
    ),
    (
        "a rule with its reason",
        Near(
            re.compile(r"\b(?:do not|don't|never|always|must|keep|prefer)\b", re.IGNORECASE),
            re.compile(
                r"\s[—–]\s|\s--?\s|\bbecause\b|\bsince\b|\bso that\b|\bor else\b|\botherwise\b",
                re.IGNORECASE,
            ),
            sentence=True,
        ),
    ),
    (
        "a rule with what breaking it does",
        Near(
            re.compile(r"\b(?:do not|don't|never|always|must)\b", re.IGNORECASE),
            re.compile(
                r"\b(?:or|otherwise),? (?:\w+ ){0,3}(?:will|would)\b|\bcascades? into\b"
                r"|\bwhich (?:\w+ )?(?:rewrites|breaks|corrupts|wipes|deletes|loses|crashes)\b",
                re.IGNORECASE,
            ),
            window=200,
            from_before=True,
        ),
    ),
    (
        "the end a choice serves",
        re.compile(
            # the lookahead skips places by their first letter before the alternation is tried
            r"(?=[sitpчadu为以避防도כ])"
            r"(?:\b(?:so that|in order to|to avoid|to prevent)\b"
            r"|为了|以便|避免|防止|以免|\b(?:чтобы|afin de|para que|para evitar|"
            r"pour éviter|pour que|damit|um zu)\b|도록|כדי)",
            re.IGNORECASE,
        ),
    ),
    (
        "a rule with its reason, in another language",
        Near(
            re.compile(
                r"不要|不能|禁止|必须|務必|务必|一定要|絶対に|しないこと|"
                r"してはいけない|하지 ?마|금지|반드시|"
                r"\b(?i:nunca|no (?:usar|uses|hay que)|siempre|ne (?:jamais|pas)|toujours|"
                r"niemals|immer|darf (?:nicht|nie|kein\w*)|nicht (?:ändern|verändern|anfassen)|"
                r"никогда|не (?:надо|нужно|стоит)|всегда|sempre)\b"
            ),
            re.compile(
                r"\s[—–]\s|因为|因為|由于|否则|否則|以免|以防|ため|ので|から|때문에|므로|라서|"
                r"\b(?i:porque|ya que|pois|sinon|parce que|weil|sonst|потому что|так как|"
                r"иначе|perché|altrimenti)\b"
            ),
            sentence=True,
            from_before=True,  # the rule words are rarer than "から", "ため" or a dash
        ),
    ),
)

_WARNING = re.compile(
    r"(?:^|[.!:;—–*]\s+|\*\*)(?:don't|do not|never|avoid)\b"
    r"|\b(?:must not|mustn't|should not|shouldn't)\b",
    re.IGNORECASE | re.MULTILINE,
)
"""A warning's opening: "don't", "never", "must not"."""

_RULED_OUT_CUES: tuple[tuple[str, re.Pattern[str] | Near], ...] = (
    (
        "tried or rejected",
        re.compile(
            r"\b(?:tried|attempted|(?<!\bis )(?<!\bare )(?<!\bbe )(?<![`/|.])"
            r"(?:(?<!\()|(?=rejected (?:as|because|for|since)\b))rejected"
            # a status count ("Rejected (4)") or what a test checks the code rejects
            r"(?![`/)|]|\s*\(\d|\s+(?:in|by)\s+`?test)|"
            r"didn't work|did not work|doesn't work|does not work|"
            r"won't work|wouldn't work|ruled out|dead end|abandoned|"
            r"(?<!silently )discarded(?! silently)|reverted|rolled back|gave up|not worth|"
            r"didn't help|did not help|"
            r"red herring|not the cause|wrong approach|failed because|"
            r"anti-pattern|was wrong|turned out|refuted|retracted|disproved|disproven|"
            r"off the table|not chosen|not feasible|infeasible|not viable|unworkable)\b"
            r"|(?-i:\bELIMINATED\b)",
            re.IGNORECASE,
        ),
    ),
    ("tried or rejected", re.compile(_REJECTED_ELSEWHERE, re.IGNORECASE)),
    (
        "an option considered and passed over",
        re.compile(
            r"\b(?:considered|evaluated|weighed)\s+(?!(?:done|complete|finished|stable)\b)"
            r"[^.;\n]{1,60}?(?:[,;:]\s*|\s+but\s+|\s+[—–-]+\s+)(?:then\s+|and\s+|we\s+|I\s+)?"
            r"(?:went with|chose|picked|settled on|opted for|stuck with)\b"
            r"|考虑过.{1,30}?(?:最终|最后|但|，)(?:选择|选了|采用|用了)"
            r"|\b(?:consider[ée]|consideramos|consideré|avaliamos|considerei)\b[^.;\n]{1,60}?"
            r"(?:opt[ée]|optamos|elegí|elegimos|escolhemos|choisi)",
            re.IGNORECASE,
        ),
    ),
    (
        "an alternative passed over, with its reason",
        Near(
            re.compile(r"\b(?:instead of|rather than)\b", re.IGNORECASE),
            re.compile(rf"\b(?:{_REASON})\b", re.IGNORECASE),
            sentence=True,
            from_before=True,
        ),
    ),
    (
        "removed, with its reason",
        Near(
            re.compile(r"\b(?:removed|dropped|deleted|reverted|disabled)\b", re.IGNORECASE),
            re.compile(
                r"\b(?:because|since|as it|due to|in favou?r of|instead|conflict\w* with|"
                r"(?:was|were) (?:wrong|broken))\b",
                re.IGNORECASE,
            ),
            sentence=True,
        ),
    ),
    (
        "not used, with its reason",
        Near(
            re.compile(
                # "consumers that don't use it are unaffected" describes, it rejects nothing
                r"(?<!\bthat )(?<!\bwhich )(?<!\bwho )"
                r"\b(?:(?:not|never) (?:be )?(?:used|using)|(?:do|does|did) not use|"
                r"(?:don't|doesn't|didn't|won't) use|no longer (?:use[sd]?|using))\b",
                re.IGNORECASE,
            ),
            re.compile(r"\s[—–]\s|\s--?\s|\b(?:because|since|as it|due to)\b", re.IGNORECASE),
            sentence=True,
            from_before=True,
        ),
    ),
    (
        "replaced after it failed",
        Near(
            re.compile(
                r"\b(?:could not|couldn't|cannot|can't|did not|didn't|failed to|unreliabl[ey]|"
                r"too slow|flaky)\b",
                re.IGNORECASE,
            ),
            re.compile(r"\b(?:replaced|swapped out|superseded)\b", re.IGNORECASE),
            window=240,
        ),
    ),
    (
        "not used or removed, with its reason, in another language",
        Near(
            re.compile(
                r"使っていない|使わない|使用しない|採用しない|やめた|不使用|没有使用|未使用|"
                r"사용하지 않|쓰지 않|제거했|"
                r"(?<!\w)(?i:không dùng|không sử dụng|loại bỏ|bỏ(?! qua))(?!\w)|"
                r"\b(?i:no usamos|no se usa|não usamos|não é usad[oa]|n'utilisons pas|"
                r"nicht verwendet|verwenden (?:wir )?kein\w*)\b"
            ),
            re.compile(
                r"ため|ので|から|問題|壊れ|因为|由于|导致|否则|때문|므로|라서|"
                r"(?<!\w)(?i:vì|do|để)(?!\w)|\b(?i:porque|ya que|pois|parce que|weil)\b"
            ),
            from_before=True,
        ),
    ),
    (
        "a warning with what went wrong",
        Near(
            _WARNING,
            re.compile(
                r"\b(?:caused|broke|crashed|failed|got (?:us|it|them)|cost (?:us|a|an|the|\d)|"
                r"lost|corrupted|hung|timed out|blew up)\b",
                re.IGNORECASE,
            ),
            sentence=True,
            clause=False,
            from_before=True,
        ),
    ),
    (
        "a trap",
        re.compile(
            r"\b(?:gotchas?|traps?|pitfalls?|watch out|be careful|beware|"
            r"lessons? learned|learned the hard way|footguns?)\b"
            r"|교훈|教訓|教训|\b(?:lições aprendidas|lecciones aprendidas|"
            r"leçons? (?:apprises|retenues)|lezioni apprese|gelernte lektionen)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "a warning with its reason",
        Near(
            _WARNING,
            re.compile(
                r"\s[—–]\s|\s--?\s|:\s|\b(?:because|since|otherwise|or (?:else|it|the|you)|"
                r"will (?:break|fail|lose|corrupt)|breaks|it (?:breaks|fails|will)|"
                r"causes?|caused|due to|as it|which|fails?)\b",
                re.IGNORECASE,
            ),
            sentence=True,
            clause=False,
            from_before=True,
        ),
    ),
)

_STATE_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "work done",
        re.compile(
            r"^\W{0,4}(?:added|fixed|implemented|created|refactored|removed|updated|moved|renamed|"
            r"wrote|built|shipped|merged|completed|finished|migrated|replaced|extracted|converted|"
            r"introduced|deployed|released|bumped|enabled|disabled|resolved|verified|tested|"
            r"documented|cleaned|improved|optimi[sz]ed|switched|upgraded|integrated|configured|"
            r"ported|reworked|rewrote|deleted|landed|published|set up|wired|hardened)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "work done",
        re.compile(
            # list items and lines opening on a verb of done work in another language: Chinese
            # has no tense, so only verbs a plan rarely opens on (完成, 修复 ...) count
            r"^\W{0,4}(?:完成了?|创建了|新增了|修复了?|实现了|已|"
            r"(?i:se (?:creó|crearon|configuró|agregó|agregaron|implementó|corrigió|añadió|"
            r"desarrolló|documentó|actualizó)|foi (?:criad[oa]|implementad[oa]|corrigid[oa])|"
            r"criei|implementei|corrigi|adicionei|configurei|ajouté|corrigé|créé|implémenté|"
            r"hinzugefügt|behoben|erstellt|implementiert))",
        ),
    ),
    (
        "status",
        re.compile(
            r"\b(?:tests? (?:pass|passing|passed|green|fail|failing|red)|\d+ (?:tests? )?"
            r"(?:passed|passing|failing|failed)|currently|is now|are now|now (?:works|passes|"
            r"supports|uses)|in progress|work in progress|WIP|blocked on|is done|are done|"
            r"completed|(?:is|are|now|fully|not yet) (?:complete|working)|status:|"
            r"last commit|as of|already (?:exists?|checked|done|implemented|in place|merged)|"
            r"(?:is|are|now) on main|merged (?:in)?to main)\b|✅|✓|☑|\[x\]"
            r"|已完成|已实现|已修复|已上线|已提交|已做|本轮|완료|적용했|추가했|수정했|변경했|현재|"
            r"(?:均|都|已经|已)(?:移除|删除|合并|部署|更新|添加|新增|迁移|修改|重构|解决|发布|验证)|"
            r"했습니다|했다|되었습니다|됐다|만들었|구현했|완성했|"
            r"完了した|実装済み|выполнено|сделано|реализовано|"
            r"исправлено|готово|terminé|implémenté|completado|implementado|creado|actualizado|"
            r"erledigt|umgesetzt",
            re.IGNORECASE,
        ),
    ),
)

_RULED_OUT_STRONG = 9
"""The ruled-out cues that count alone; the others are weak (see ``WEAK_CUES``)."""

Cue = tuple[str, "re.Pattern[str] | Near", bool]
"""A content cue: its name, its pattern, and whether it is anchored at a line's start."""


def _cues(plain: tuple[tuple[str, re.Pattern[str] | Near], ...]) -> tuple[Cue, ...]:
    # A cue anchored at a line's start reads the block line by line (re.MULTILINE); the others
    # read it as one line, so that "rather\nthan" wrapped in the source still counts.
    found: list[Cue] = []
    for name, pattern in plain:
        if isinstance(pattern, Near):
            found.append((name, pattern, False))
            continue
        anchored = pattern.pattern.startswith(("^", "(?:^"))
        flags = pattern.flags | re.MULTILINE if anchored else pattern.flags
        found.append((name, re.compile(pattern.pattern, flags), anchored))
    return tuple(found)


# Weak cues: one alone is a stray word ("because", "instead of", "don't"), so a facet counts
# from them only when they turn up in at least WEAK_NEEDED[facet] separate blocks.
WEAK_CUES: dict[str, tuple[Cue, ...]] = {
    # One "Added …" line is an aside; a state is several of them.
    "state": _cues(_STATE_CUES[:1]),
    "decisions": _cues(
        (
            (
                "reasons",
                re.compile(
                    r"\b(?:because|due to|so that|in order to|to avoid|to prevent|which means)\b"
                    r"|\b(?:fixed|solved|resolved|handled|worked around) (?:this|it) (?:by|with)\b"
                    rf"|{_REASON_ELSEWHERE}",
                    re.IGNORECASE,
                ),
            ),
        )
    ),
    "ruled_out": _cues(
        (
            *_RULED_OUT_CUES[_RULED_OUT_STRONG:],
            (
                "alternatives and failures",
                re.compile(
                    r"^(?!\W{0,4}(?:fixed|changed|replaced|updated|renamed|corrected|switched)\b)"
                    r"(?!(?>.*?\bnow\b).*\b(?:instead|rather)\b)"
                    r".*?\b(?:instead|rather than|workaround|broke|not working|no longer|"
                    r"excluded|deprecated|unsafe|not now)\b",
                    re.IGNORECASE,
                ),
            ),
        )
    ),
}
WEAK_NEEDED: dict[str, int] = {"state": 2, "decisions": 2, "ruled_out": 2}
"""Per facet, the separate blocks a weak cue must turn up in before the facet counts."""

CONTENT_CUES: dict[str, tuple[Cue, ...]] = {
    "pointers": _cues(_POINTER_CUES),
    "next": _cues(_NEXT_CUES),
    "decisions": _cues(_DECISION_CUES),
    "ruled_out": _cues(_RULED_OUT_CUES[:_RULED_OUT_STRONG]),
    "state": _cues(_STATE_CUES[1:]),
}
REASON_IN_SECTION = re.compile(
    rf"\b(?:{_REASON}|why|reason|so|fails?|failed|breaks?|broke|slow|unsafe|flaky|without|"
    r"needs?|requires?|avoid|would|won't|can't|cannot|doesn't|don't)\b|\s[—–-]\s|:\s|\(|;|->|=>|→"
    rf"|{_REASON_ELSEWHERE}|：|（",
    re.IGNORECASE,
)
PLACEHOLDER = re.compile(
    # emphasis, strike-through or quotes around the blank leave it a blank ("TODO", ~~TBD~~)
    r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\[ \]\s*)?[*_~\"'“‘]{0,3}"
    r"(?:TBD|TODO|FIXME|XXX|tba|\.\.\.|…|-|—|"
    r"<[^<>\n]*>|\[[^\[\]\n]*\]|\((?:fill in|add|describe|write)[^()\n]*\)|"
    r"_+|\?+)?[\W_]*\s*$",
    re.IGNORECASE,
)
NONE = re.compile(r"^\W*(?:none|nothing|n/?a|no(?:ne)? so far|nothing yet)\W*$", re.IGNORECASE)
IMPERATIVE = re.compile(
    r"^\W{0,4}(?:add|fix|run|write|implement|finish|test|check|verify|review|update|create|"
    r"remove|delete|move|rename|refactor|investigate|debug|deploy|merge|release|publish|wire|"
    r"make|build|port|migrate|document|decide|confirm|ask|start|begin|continue|complete|"
    r"extend|replace|clean|set|configure|commit|push|open|ping|benchmark|measure|profile|"
    r"support|handle|split|extract|integrate|resolve|address|ensure|try|explore|evaluate|"
    r"design|plan|draft|prepare|port|upgrade|bump|enable|disable|switch|restore|validate)\b",
    re.IGNORECASE,
)
