"""Rules about a packet file's own content: can it be read, does it match the schema, is it
filled in, does it leak a secret."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from handoff_audit import shell
from handoff_audit.config import added_advice
from handoff_audit.credentials import show
from handoff_audit.errors import ConfigError, InputError
from handoff_audit.markdown.blanks import bare_value, is_blank, says_no_step
from handoff_audit.model.context import AuditContext
from handoff_audit.model.findings import Severity
from handoff_audit.model.packet import Packet
from handoff_audit.rules.base import Fix, Hit, Rule
from handoff_audit.rules.secret_rule import SECRET, packet_secret_hits
from handoff_audit.schema.foreign import (
    beside_path,
    foreign_file,
    foreign_message,
    is_foreign,
    packets_without,
)
from handoff_audit.schema.messages import bundled_accepts, validator_for, violations

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

INVALID_JSON = Rule(
    id="invalid-json",
    default=Severity.ERROR,
    summary="a packet file is not a readable JSON object (syntax, encoding, duplicate key, size, "
    "not a file, a link out), or a hand-written handoff is not readable text",
    doc="""\
A packet that cannot be read is no handoff at all, and a packet that different tools read
differently is worse: with a duplicate key, one tool sees the first value and another the last.
So handoff-audit reads packets strictly and says where the problem is:

- a syntax error (with its line and column), `NaN`/`Infinity`, a trailing comma, single quotes;
- a duplicate key (both places are named);
- but where a lenient read (a duplicate key's last value, `NaN`, `//` and `/* */` comments, a
  trailing comma) finds another tool's file (three keys or more, none of a packet's fields, most
  unknown) outside `.handoff/`, with no markdown twin beside it, while the bundled schema
  judges: one `schema` finding says to leave it alone;
- a byte order mark, or bytes that are not UTF-8;
- nesting deeper than 64 levels;
- a file larger than `max-file-bytes` (default 1 MiB; it is not read);
- JSON that holds no object at its top (an array, a number) while a configured `schema` judges,
  or in this tool's packets folder `.handoff/` (elsewhere, while the bundled schema judges, such
  a file is another tool's: one `schema` finding says so);
- a FIFO, a device or a folder where a file should be (never opened);
- a symbolic link to a place outside the repository, or into git's own folder `.git` (its
  target is never read: `.git/config` holds the clone's credentials on a CI runner);
- a symbolic link to a file of the repository that holds no packet (`handoff.json` ->
  `README.md`): the finding names the link and the file, not a place in that file, and its fix
  removes the link (`rm -- handoff.json`, which leaves `README.md` as it is); `archive` refuses
  it in the same words, and the merge gate's `active-in-merge` and advice say `git rm` it.

A hand-written handoff (a `HANDOFF.md` with no JSON twin) is read the same way, as text: one
that is not UTF-8 text (an image committed under a handoff's name) or is larger than
`max-file-bytes` gets this finding with a markdown file's fix. A JSON packet's markdown twin
is generated, so when it cannot be read its finding names the command that writes it again
from the packet, `handoff-audit render --write PACKET.json`.

Example:

```json
{"branch": "feat/refunds", "status": "active",}
```

`handoff.json:1:47: invalid-json: not valid JSON: trailing comma before '}'`

`HANDOFF.md:1:1: invalid-json: not UTF-8 text (byte 0x89): save it as UTF-8 if it is text; if
it is not (an image, a binary file), replace it with a text handoff, or remove it`

Fix: repair the file at the place named (`python -m json.tool handoff.json` shows the same
problem), or regenerate it with `handoff-audit new`. A hand-written handoff: save it as UTF-8,
or replace it with a short text handoff, or remove it. A markdown twin:
`handoff-audit render --write PACKET.json`.
""",
    fix=Fix.REGENERATE,
)

SCHEMA = Rule(
    id="schema",
    default=Severity.ERROR,
    summary="a packet violates the handoff schema; one finding per violation",
    doc="""\
The next session, human or agent, reads the packet's fields by name. A misspelt field is a field
nobody reads, an unknown status makes the packet neither active nor done, and a missing
`next_action` turns a handoff into a status report. Every violation is reported (not only the
first), each at its JSON pointer with its line and column, and with the nearest valid value or
field name when there is one. Fields starting with `x-` are extensions and always allowed.

Example:

```json
{"status": "Active", "nxt_action": "run the migration", ...}
```

```
handoff.json:3:13: schema: status: "Active" is not one of active, superseded, archived
  — did you mean "active"?
handoff.json:4:3: schema: unknown field "nxt_action" — did you mean "next_action"?
  (extensions must start with x-)
```

A JSON file in someone else's shape (none of `branch`, `next_action`,
`last_known_good_commit`, and mostly keys the schema does not know, whatever other `status`
than `active` it carries; or `branch` and no other required field but `status`, with three keys
or more the schema neither knows nor could be a misspelling of a required field, and more
unknown keys than known; or no object at all at its top, a JSON array or number) was not
written for this schema: it gets **one** finding saying so, instead of one per key or an
`invalid-json`, and no `md-missing`; it is no packet, so `active-in-merge` does not block on it.
A file in this tool's packets folder `.handoff/` is never another tool's, whatever it holds: it
is a packet, however broken, judged field by field and gated. The `packets` setting each such
finding prints leaves out every such file of the run, so the one followed covers them all:

```
handoff.json:1:1: schema: not a handoff packet in this tool's shape: none of branch,
  next_action, last_known_good_commit, and 9 of 9 top-level keys unknown ("slug", "name", ...);
  if this is your own format, point `schema:` in .handoff-audit.yml at its JSON Schema;
  otherwise it is another tool's file: leave it alone, and so that the audit stops reading it
  as a packet, leave it out of `packets`, in .handoff-audit.yml: extend-packets:
  ["!handoff.json"] (this branch's packet goes beside it: `handoff-audit new --output
  .handoff/BRANCH.json ...`)
```

On a pull request the Action takes `packets` from the base commit for the merge gate only: a
pull request that leaves the file out of `packets` passes, and the gate still sees the file.

Fix: follow the message; `handoff-audit schema` prints the whole schema (draft 2020-12), and the
`schema` configuration key can point at your own (then your schema alone judges the file, and
the messages name it instead of `handoff-audit schema`).
""",
    fix=Fix.SCHEMA,
)

PLACEHOLDER = Rule(
    id="placeholder",
    default=Severity.ERROR,
    summary="`next_action` or `summary` is blank or a placeholder (TODO, TBD, FIXME, n/a, none, "
    "-, ..., <...>); a handoff markdown is still a template",
    doc="""\
`summary` and `next_action` are the two fields the next session reads first. A template value
left in place (`TODO`, `TBD`, `FIXME`, `n/a`, `none`, `-`, `...`, `<next step here>`) passes the
schema and tells the reader nothing, while looking like a finished handoff.

Example:

```json
{"summary": "Refund webhooks now retry with backoff.", "next_action": "TODO"}
```

```
handoff.json:9:18: placeholder: next_action is a placeholder ("TODO"); write the first
  concrete step for the next session
```

In a hand-written handoff (markdown with no JSON twin), the rule fires once when the file is
still a template: at least 3 lines outside code blocks, and at least a quarter of them, 3 of
its first 8 (the header's date, author, branch), or a sixth of them in a file with no real date
and no ticked box that records no session, are placeholders — bracketed prose
(`[2-3 sentences describing current progress]`, `[component]`, `[PROJECT_NAME]`),
`YYYY-MM-DD`, `~XX%`, `<branch-name>`, `{{next_step}}`, `{DATE}` or
`{What is built today.}`, a value wholly in parentheses (`(e.g. feature/login)`), a value that
is only `TBD`/`TODO`/`...`, an empty `- [ ]`, a list item left blank (`- Branch:` with
nothing under it, after a `:` or a full-width `：`), a sample path (`path/to/file1.h`), a
list item that only counts on from the one before (`- [ ] Requirement 1`,
`- [ ] Requirement 2`), or a field whose value is its own name in capitals (`agent: AGENT`).
A `{{ … }}` or `${VAR}` in a code span (`` `{{ .Values.image.tag }}` ``, `` `${{ github.ref }}` ``)
is quoted Helm, Jinja or Actions code, not a slot; so is anything in a fenced code block. A code
span that is only a bare slot, a lower-case or snake_case name (`` `{{ next_step }}` ``,
`` `{{date}}` ``), standing alone as a line's value (after a bullet, a checkbox or a label:
`` - `{{ next_step }}` ``, `` **Date:** `{{ date }}` ``), is still a blank to fill in; in a
sentence with other words (`` Change `{{ user_name }}` to … ``) it is code.
A checklist with at least as many items ticked off (`- [x] Published v1.3.0`) as placeholder
lines is kept, not a form to fill: it is no template, whatever comments a tool left in it.
The message names the lines. Such blocks never count for a facet either, so `md-incomplete`
says what is missing underneath.

```
HANDOFF.md:5: placeholder: still a template: 9 lines are placeholders (a [bracketed]
  placeholder, a date to fill in; lines 5, 7, 8, 11 and 5 more: "**Date:** YYYY-MM-DD"; …)
```

Fix: write the first concrete thing the next session should do (a command, a file to open, a
decision to make), and a summary of what this session did; in a template, replace every
placeholder, or delete the file.
""",
    fix=Fix.FIELD,
)

RULES = (
    INVALID_JSON,
    SCHEMA,
    PLACEHOLDER,
    SECRET,
)

MAX_SCHEMA_FINDINGS = 100
"""Past this many violations in one packet, the rest are counted, not listed."""

PLACEHOLDER_FIELDS = ("summary", "next_action")
"""The fields a placeholder must not stand in for."""

_PLACEHOLDER_WORDS = frozenset(
    {"n/a", "na", "none", "null", "nil", "nothing", "placeholder", "wip"}
)
"""Words a packet's field holds in place of a value, besides the blanks `blanks.is_blank` reads
in a packet and a HANDOFF.md alike ("TODO", "`TBD`", "(TODO)", "«TODO»", "<...>")."""


def check(ctx: AuditContext) -> Iterator[Hit]:
    """Schema, placeholder and secret hits of every packet (``invalid-json`` comes from loading);
    another tool's JSON file has its one schema hit from `check_foreign`."""
    validator: Validator | None = None
    for packet in ctx.packets:
        if packet.data is not None:
            foreign = ctx.config.schema is None and is_foreign(packet.data, packet.path)
            if not foreign and not bundled_accepts(ctx.config.schema, packet.data):
                try:
                    validator = validator or validator_for(ctx.config.schema)
                    yield from _schema_hits(packet, validator)
                except InputError as error:  # the configured schema, fetched or applied now
                    if ctx.config.schema is None:
                        raise
                    raise ConfigError(f"{ctx.config.source}: {error}") from None
            yield from _placeholder_hits(packet)
        yield from packet_secret_hits(packet)


def check_foreign(ctx: AuditContext) -> Iterator[Hit]:
    """The schema hit of each JSON file in another tool's shape (`_foreign_hit`), once git's
    facts are read: the packet it advises writing is named by the branch checked. Each hit's
    `packets` setting leaves out every such file of the run, so that the one followed covers
    the others."""
    if ctx.config.schema is not None:
        return
    foreign = [p for p in ctx.packets if p.kind == "json" and foreign_file(p)]
    branch = ctx.history.branch if ctx.history is not None else ctx.target.branch
    beside = beside_path(branch)
    kept = list(ctx.config.packets)
    for packet in foreign:
        kept = packets_without(kept, packet.path, packet.markdown_path or "", beside)
    for packet in foreign:
        yield _foreign_hit(packet, ctx, beside, kept)


def _foreign_hit(packet: Packet, ctx: AuditContext, beside: str, kept: list[str]) -> Hit:
    """The one finding on another tool's JSON file: leave it alone, set ``packets`` without it
    (and without its markdown: ``kept``, the setting without every such file), and write the
    branch's packet under ``.handoff/`` (``beside``)."""
    config = ctx.config
    twin = packet.markdown_path or ""  # only a markdown that is there is named
    # named on the command line, a file `packets` already leaves out is read all the same
    left_out = packets_without(config.packets, packet.path, twin, beside) == list(config.packets)
    leave_out = None if left_out else added_advice(config, "packets", kept[len(config.packets) :])
    message = foreign_message(
        packet.data, leave_out, shell.fix_path(beside), config.key_file, packet.shape
    )
    return Hit(SCHEMA, packet.path, message, line=1, column=1, pointer="")


def _schema_hits(packet: Packet, validator: Validator) -> Iterator[Hit]:
    assert packet.data is not None
    found = violations(validator, packet.data)
    for violation in found[:MAX_SCHEMA_FINDINGS]:
        where = packet.key_positions.get(violation.pointer) if violation.at_key else None
        line, column = where or packet.position(violation.pointer)
        yield Hit(SCHEMA, packet.path, violation.message, line, column, violation.pointer)
    if len(found) > MAX_SCHEMA_FINDINGS:
        rest = len(found) - MAX_SCHEMA_FINDINGS
        yield Hit(
            SCHEMA,
            packet.path,
            f"{rest} more schema violations not shown; fix the ones above and run again",
        )


def is_placeholder(text: str) -> bool:
    """True for blank text and for template values that say nothing (``TODO``, ``<...>``)."""
    return is_blank(text) or bare_value(text).lower().rstrip(".!:") in _PLACEHOLDER_WORDS


def placeholder_message(name: str, value: object) -> str | None:
    """The `placeholder` rule's message for field ``name`` holding ``value``; ``None`` when the
    value is no placeholder. A ``next_action`` that says there is no step ("Nothing left.", as
    HANDOFF.md's reading calls no usable next step) is one too. `new` and `update` refuse with
    the same words."""
    if not isinstance(value, str):
        return None
    if is_placeholder(value):
        what = "blank" if not value.strip() else f"a placeholder ({show(value.strip())})"
    elif name == "next_action" and says_no_step(value):
        what = f"no step: it says there is none ({show(value.strip())})"
    else:
        return None
    fix = (
        "write the first concrete step for the next session"
        if name == "next_action"
        else "say what this session did"
    )
    return f"{name} is {what}; {fix}"


def _placeholder_hits(packet: Packet) -> Iterator[Hit]:
    assert packet.data is not None
    for name in PLACEHOLDER_FIELDS:
        message = placeholder_message(name, packet.data.get(name))
        if message is None:
            continue
        pointer = f"/{name}"
        line, column = packet.position(pointer)
        yield Hit(PLACEHOLDER, packet.path, message, line, column, pointer)
