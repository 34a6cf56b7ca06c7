"""Inline suppressions: a finding silenced where it lives, with the reason written beside it.

In a JSON packet: ``"x-handoff-audit": {"ignore": {"RULE": "reason"}}`` (for the packet and its
twin). In markdown: ``<!-- handoff-audit: ignore RULE reason -->`` (for that file). The engine
drops the findings a valid suppression names and counts them in the report's
``summary.suppressed``; a suppression without a reason, or naming no rule, silences nothing and
is reported by `INVALID_SUPPRESSION`, as is a markdown one that no ``-->`` closes. Neither does
one naming a merge-gate rule (``blocks_merge``): the file the gate blocks cannot open it, only
the configuration can.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from handoff_audit.model.findings import Severity
from handoff_audit.model.packet import Packet
from handoff_audit.rules.base import Hit, Rule
from handoff_audit.suggest import unknown_name
from handoff_audit.textcut import shorten

INVALID_SUPPRESSION = Rule(
    id="invalid-suppression",
    default=Severity.WARNING,
    summary=(
        "an inline suppression has no reason, names no known rule or names a merge-gate rule, "
        "or a markdown one is not closed with -->, so it silences nothing"
    ),
    doc="""\
**Why.** A suppression says "this finding is known and accepted here". Without the reason the
next reader cannot tell an accepted finding from a hidden one, so a suppression counts only
with a reason, and one that names a rule that does not exist silences nothing at all.

**Example.** In `handoff.json`, `"x-handoff-audit": {"ignore": {"dangling-pointer": ""}}`; in a
`HANDOFF.md`, `<!-- handoff-audit: ignore too-long -->`. Both still let the finding through and
add this one. So does a markdown comment that no `-->` closes (the first such one is reported),
which GitHub's rendering also takes to hide the rest of the file from its readers.

A merge-gate rule (`handoff-in-merge`, `active-in-merge`) cannot be suppressed from inside a
packet or a handoff file: the pull request that carries the file would open the gate itself.
Such a suppression silences nothing and adds this finding; only the configuration changes a
merge-gate rule (its severity `off` in `.handoff-audit.yml` on the base branch, or the
action's `config` input).

**Fix.** Say why the rule does not apply here: `"x-handoff-audit": {"ignore":
{"dangling-pointer": "reports/ is uploaded by CI, never committed"}}`, or `<!-- handoff-audit:
ignore too-long the log excerpt is the point of this handoff -->`. A packet's suppressions
cover the packet and its twin; a markdown comment covers its own file. Suppressed findings are
counted in the report (`summary.suppressed`; the text output's status line says how many).
This rule cannot itself be suppressed.
""",
)

RULES = (INVALID_SUPPRESSION,)

KEY = "x-handoff-audit"
"""The packet's extension member that holds its suppressions."""
COMMENT_OPENING = re.compile(r"<!--\s*handoff-audit:\s*ignore\b")
"""The start of a markdown suppression; the rule id, then the reason, follow up to ``-->``."""
_RULE_ID = re.compile(r"\s*([^\s>]*)\s*")


@dataclass(slots=True)
class Suppressions:
    """The valid suppressions of an audit, and what is wrong with the others."""

    by_path: dict[str, dict[str, str]] = field(default_factory=dict)
    """File (as findings name it) -> rule id -> reason."""
    problems: list[Hit] = field(default_factory=list)
    """One `INVALID_SUPPRESSION` hit per suppression that silences nothing."""

    def covers(self, path: str, rule_id: str) -> bool:
        """True when a valid suppression silences ``rule_id`` in ``path``."""
        if rule_id == INVALID_SUPPRESSION.id:
            return False
        rules = self.by_path.get(path)
        return rules is not None and rule_id in rules


def read(packets: list[Packet], rules: Mapping[str, Rule]) -> Suppressions:
    """Every suppression in the packets and their markdown, checked against ``rules`` (by id)."""
    found = Suppressions()
    for packet in packets:
        if packet.data is not None and KEY in packet.data:
            _from_json(packet, packet.data[KEY], rules, found)
        if packet.ref is None and packet.markdown_text and "handoff-audit" in packet.markdown_text:
            assert packet.markdown_path is not None
            _from_markdown(packet.markdown_path, packet.markdown_text, rules, found)
    return found


def _label(packet: Packet) -> str:
    return packet.path if packet.ref is None else f"{packet.ref}:{packet.path}"


def _from_json(
    packet: Packet, block: object, rules: Mapping[str, Rule], found: Suppressions
) -> None:
    path = _label(packet)
    ignore = block.get("ignore") if isinstance(block, Mapping) else None
    if not isinstance(ignore, Mapping):
        line, column = packet.position(f"/{KEY}")
        found.problems.append(
            Hit(
                INVALID_SUPPRESSION,
                path,
                f'{KEY} must be {{"ignore": {{"RULE": "reason"}}}}: an object naming each '
                "suppressed rule with the reason it does not apply here",
                line,
                column,
                f"/{KEY}",
            )
        )
        return
    for rule_id, reason in ignore.items():
        pointer = f"/{KEY}/ignore/{_pointer_part(str(rule_id))}"
        problem = _problem(str(rule_id), reason, rules, f'"{rule_id}": "why it does not apply"')
        if problem is not None:
            line, column = packet.position(pointer)
            found.problems.append(Hit(INVALID_SUPPRESSION, path, problem, line, column, pointer))
            continue
        for target in (path, packet.markdown_path if packet.ref is None else None):
            if target is not None:
                found.by_path.setdefault(target, {})[str(rule_id)] = str(reason)


def _from_markdown(path: str, text: str, rules: Mapping[str, Rule], found: Suppressions) -> None:
    for start, rule_id, reason in markdown_suppressions(text):
        line = text.count("\n", 0, start) + 1
        column = start - (text.rfind("\n", 0, start) + 1) + 1
        example = f"<!-- handoff-audit: ignore {rule_id or 'RULE'} why it does not apply -->"
        if reason is None:
            found.problems.append(Hit(INVALID_SUPPRESSION, path, _unclosed(example), line, column))
            continue
        problem = _problem(rule_id, reason, rules, example)
        if problem is not None:
            found.problems.append(Hit(INVALID_SUPPRESSION, path, problem, line, column))
        else:
            found.by_path.setdefault(path, {})[rule_id] = " ".join(reason.split())


def markdown_suppressions(text: str) -> Iterator[tuple[int, str, str | None]]:
    """Each ``<!-- handoff-audit: ignore RULE reason -->`` in ``text``: (offset, rule id, reason),
    then the first opening no ``-->`` follows, with the reason None (it silences nothing).

    The closed ones are what ``<!--\\s*handoff-audit:\\s*ignore\\b\\s*([^\\s>]*)\\s*(.*?)\\s*-->``
    (DOTALL) would match, found in linear time: that regex rescans the rest of the text from every
    unclosed opening, and every blank run inside a reason, which made a crafted 100 KB handoff take
    minutes.
    """
    position = 0
    while (start := text.find("<!--", position)) != -1:
        opening = COMMENT_OPENING.match(text, start)
        if opening is None:
            position = start + 1
            continue
        close = text.find("-->", opening.end())
        rule = _RULE_ID.match(text, opening.end())
        assert rule is not None  # every part of it may be empty
        if close == -1:
            yield start, rule.group(1), None
            return  # no later opening has a closing either
        rule_id, reason_start = rule.group(1), rule.end()
        if rule.end(1) > close:
            # The greedy rule id ran into this "-->": the regex then took the next "-->" as the
            # end, with the reason after the rule id's "--", or, with no next one, cut the id
            # before this "-->".
            later = text.find("-->", close + 3)
            if later == -1:
                rule_id, reason_start = text[rule.start(1) : close], close
            else:
                reason_start, close = rule.end(1), later
        yield start, rule_id, text[reason_start:close].rstrip()
        position = close + 3


def _unclosed(example: str) -> str:
    return (
        "this suppression is not closed with -->, so it silences nothing (and on GitHub the "
        f"comment hides the rest of the file): end it with -->, e.g. {example}"
    )


def _problem(rule_id: str, reason: object, rules: Mapping[str, Rule], example: str) -> str | None:
    if not rule_id:
        return f"this suppression names no rule, so it silences nothing: write {example}"
    if rule_id not in rules:
        name = _show(rule_id)
        return f"this suppression silences nothing: {unknown_name('rule id', name, rules, 'rules')}"
    if rule_id == INVALID_SUPPRESSION.id:
        return f"{rule_id} cannot be suppressed: fix the suppression it reports instead"
    if rules[rule_id].blocks_merge:
        return (
            f"{rule_id} guards the merge and cannot be suppressed in a handoff file, so this "
            "suppression silences nothing: only the configuration can change it (severity off "
            "in .handoff-audit.yml, or the action's config input)"
        )
    if not isinstance(reason, str) or not reason.strip():
        return (
            f"the suppression of {rule_id} has no reason, so it silences nothing: say why the "
            f"rule does not apply here, e.g. {example}"
        )
    return None


def _pointer_part(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _show(text: str, limit: int = 60) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return shorten(text, limit + 1)


__all__ = [
    "COMMENT_OPENING",
    "INVALID_SUPPRESSION",
    "KEY",
    "RULES",
    "Suppressions",
    "markdown_suppressions",
    "read",
]
