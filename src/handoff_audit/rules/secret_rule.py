"""The `secret` rule: a credential in a packet's values, its twin's lines or a hand-written
handoff, with the fix that fits where it is (a branch or topic name must change, not only
the value)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator

from handoff_audit import shell
from handoff_audit.credentials import packet_identifiers, unnamed_secrets
from handoff_audit.jsonpos import field_name, iter_strings
from handoff_audit.model.findings import Severity
from handoff_audit.model.packet import Packet
from handoff_audit.rules.base import Hit, Rule
from handoff_audit.rules.repoint import NEW_NAME, renamed_first

SECRET = Rule(
    id="secret",
    default=Severity.ERROR,
    summary="a value in a packet or handoff markdown looks like a credential",
    doc="""\
Handoff packets are committed, pushed, posted as pull request comments and read by agents that
log what they read: a token pasted into `commands_run` leaks everywhere at once. Only
high-confidence patterns are reported (no entropy guessing), so the rule can stay on:

- the provider-specific rules of gitleaks' `config/gitleaks.toml` (v8.30.1, MIT; all but
  `generic-api-key`), each behind its keywords: OpenAI, Anthropic, Stripe, GitLab, npm, Slack
  webhooks and some 200 more;
- GitHub tokens (`ghp_`, `gho_`, `ghs_`, `ghu_`, `ghr_`, `github_pat_`), AWS access key ids
  (`AKIA...`, `ASIA...`), private key blocks (`-----BEGIN ... PRIVATE KEY-----`), Slack tokens
  (`xoxb-`, ...), Docker tokens (`dckr_pat_`);
- a password in a URL (`https://user:password@host`, the user may be empty, the password short,
  percent-encoded or holding `@`), an `Authorization:` header, a `Bearer` token, an
  `X-Api-Key:` header, `curl -u user:password`, `mysql`/`mariadb`/`mysqldump -pPASSWORD`;
- an assignment to a name ending in `_TOKEN`, `_SECRET`, `_PASSWORD` or `_KEY`
  (`AWS_SECRET_ACCESS_KEY=...`) or to `PGPASSWORD`, `MYSQL_PWD`, `REDISCLI_AUTH` or `SSHPASS`,
  unless the value is a variable (`$X`, `${X}`), a placeholder, lower-case letters alone
  shorter than 8 characters (`POSTGRES_PASSWORD=dev` in an `.env` example) or a stand-in word
  alone (`password`, `secret`, `localhost`), or a secret manager's reference,
  `secret-name:version` (`--set-secrets="OPENAI_API_KEY=openai-api-key:latest"`, a name that
  does not look generated and `latest` or a number); a value with a digit, a symbol or a capital is
  reported at any length (`hunter2`); `:=`, `?=`, `+=` and `=>`
  count as `=` in every assignment form here (`API_KEY := ...` in a Makefile,
  `'password' => '...'` in Ruby or PHP), under the same value tests;
  also in any letter case and with spaces or tabs around `=` (`AWS_SECRET_ACCESS_KEY = ...`,
  `aws_secret_access_key = ...` as `~/.aws/credentials` writes it, `db_password = "..."`), the
  value bare or quoted, when the value also looks like a credential: 8 or more characters
  with letters and a digit in mixed case (`Letmein42`, `Zx81kLqPw0rd`), or a digit between
  letters and a second run of digits or a symbol (`t0k3nvalue`, `P@ssw0rd`), not a
  variable's name (`SMTP_PASSWORD`), a path (`~/.ssh/id_ed25519`,
  `/run/secrets/db_password`, `config/keys.json`) or code (`os.getenv(...)`,
  `settings.API_KEY`), and the name not one of data (`sort_key`, `partition_key`,
  `primary_key`, `foreign_key`, `public_key`, `idempotency_key`, `page_token`), so "the
  password = the one in 1Password", `rsa_key = 4096bits` and "Set token = sha256sum of the
  tarball" are not reported, while `api_token = t0k3nvalue then run make` is (prose after a
  credential-shaped value does not hide it); the same names, and camel-case ones (`apiKey`,
  `clientSecret`), as a YAML key or a JSON member (`POSTGRES_PASSWORD: ...` in a docker
  compose file, `"client_secret": "..."`) under the same value test, not followed by `of` or
  `then` (prose); in a JSON file of any shape (another tool's `handoff.json` too), the
  member's line is read as it is written, so `"synthesisApiKey": "sk-…"` is reported at its line;
- the upper-case names of the first assignment form with spaces or tabs before `=`
  (`DB_PASSWORD = swordfish`, `set DB_PASSWORD = swordfish9 then restart`), the value as long as
  the first form's, unless it is a placeholder, code (`settings.API_KEY`, `token.strip()`,
  `os.getenv(...)`, `api_key`), a path, a number, another variable's name
  (`DB_PASSWORD_PROD2`), a word of prose (`the`, `same`, `empty`, `unset`, `default`,
  `required`, ...) or letters alone followed by another word ("DB_PASSWORD = unchanged in
  prod"); in both spaced forms a class name given to a token's variable (`refresh_token =
  RefreshTokenV2`) is code, while a password's or a key's is reported however it is
  capitalised (`DB_PASSWORD = BatteryStaple7`);
- a value labelled as a credential, the way handoffs write them down (`API key: ...`,
  `Password: ...`, `Client Secret: ...`, `contraseña: ...`, the label bold or not, the value
  bare or in a code span): one word of 8 or more characters with a letter and a digit, unless it
  names a variable (`OPENAI_API_KEY`), a file (`.env.local`) or is a placeholder. On 609 real
  handoffs people wrote (the labelled sets of issues 11 and 20) it found the 8 credentials
  written out that way and nothing else.

A placeholder is not reported by the generic forms above (the assignment, the URL password,
`curl -u`, `mysql -p`, the headers and the labelled value); a value is a placeholder when it:

- starts with `$`, `<`, `{`, `[`, `%(` or `%{` (`$X`, `${X}`, `<your-key>`, `{{ secret }}`,
  `[redacted]`, `%(pw)s`), or starts with `...` or `…`;
- ends with `...` or `…` and what comes before it is 8 characters or fewer (`sk-...`,
  `sk-proj-…`, `abc...`: a prefix shown cut short) or is itself a placeholder
  (`your-key-here…`); a longer value followed by an ellipsis is a credential followed by
  punctuation and is reported;
- is made only of `x`, `X`, `*` and `.` (`xxxxxxxx`, `****`);
- is `redacted`, `null`, `none`, `true` or `false` (any case);
- split at `-`, `_` and `.`, has a part that is `your`, `my`, `example`, `placeholder`,
  `changeme` or three or more `x`, or starts with `change` and `this` or `me` (any case:
  `your-key-here`, `YOUR_API_KEY`, `your_token_here`, `sk-xxxx`, `changeme`,
  `change-this-in-production`, `CHANGE_ME`), and no part that looks random: none mixes letters
  with digits and none is a run of 12 or more digits (`aB3dE-my-Xy9Qw2…` and
  `83749283749823749823-my` are still reported).

A token in its issuer's shape at full length and with a digit (`ghp_` and 36 characters,
`github_pat_…`, `AKIA`/`ASIA` and 16, `xoxb-…`, `sk-` and 20 or more) is never a placeholder,
whatever dots or words follow it.

A URL password is also not reported when it is exactly `pass`, `password`, `secret` or
`changeme` and the host (what follows the last `@`) is `localhost`, `127.0.0.1` or
`example.com` (`.org`, `.net`, or a name under them), or a stand-in word itself (`host`,
`hostname`, `db-host`, `server`): `postgresql://user:pass@localhost/db` and
`postgresql://user:password@host:5432/dbname` are examples,
`postgresql://user:pass@db.internal/db` is reported. A password of a local development
database that is no such word (`mass_user:mass_password@localhost`) is reported: a password
someone chose, which the rule cannot tell from one reused on a server. A URL whose userinfo (between
`://` and the last `@`) holds another `@` is always reported, placeholder words or not:
`postgresql://admin:REAL@db.prod.internal:pass@localhost/db` hides `REAL`.

`new`, `update`, `--from-transcript` and `--verify` redact with the same patterns before they
write or print, so what they write passes this rule.

Files of a series folder that are never judged as handoffs are still committed and pushed, so
they are scanned for this rule alone: the series' older files, its templates by name
(`TEMPLATE.md`, `YYYY-MM-DD-topic.md`) and its index (`README.md`, `index.md`). So is a file a
`packets` glob finds and a later `!` entry leaves out (another tool's `.claude/handoff.json`, as
the `schema` finding's fix leaves it out): it is no packet, but a credential in it is reported.
So is a working note the merge gate blocks where no handoff is searched for, in an agent's
command, prompt or skill folder or a folder of templates (`.claude/commands/handoff.md`,
`prompts/HANDOFF.md`, `src/pkg/templates/handoff.md`): the gate reads it from the commit checked,
in the same one `git cat-file` call, and reports each credential at its line.

A file that is not UTF-8 (a handoff saved as cp1252 by a Windows editor) gets its
`invalid-json` finding and is still scanned, each undecodable byte read as one replacement
character: a stray `é` hides no credential, in a packet, a twin, a markdown handoff or an older
file of a series. A file that starts with a byte order mark is scanned as the mark says: UTF-16
(Windows Notepad's "Unicode", Windows PowerShell 5's `>`) or UTF-32, little or big endian, or
UTF-8, the mark left out so that lines and columns are those of the text. UTF-16 or UTF-32
without a mark is known by its start (4096 bytes): it holds NUL bytes, is not UTF-8 text, and
decodes as UTF-32 or UTF-16 text (the byte order where the NULs are high bytes) with few
control characters, whatever script it opens with; it is scanned the same way.

The message names the field (or the markdown line) and the kind of secret, never the value, in
every output format; the secret is also redacted from the packet data that formats show.
A file's path is not a value: a folder or file named like a credential (`ghp_…/HANDOFF.md`) is
shown as the repository's tree has it, in every format, message and printed command (an
annotation's `file=` and a SARIF location must name the real file for GitHub to place them, and
`git rm -- :/ghp_…/HANDOFF.md` must work as printed); whoever reads the log can read the tree.
Rename such a folder, and revoke the credential if it is one. A packet's `branch` and `topic`
are names too, kept in the packet as they are (a packet written before holds them so, and
`branch-mismatch` must be able to clear); a topic is printed as it is, but a credential-shaped
branch is printed redacted everywhere (`check`'s every format and rule, the packets of other
branches `--all-branches` reads, the Stop hook, `show`, `new`'s and `update`'s notes and
refusals); so a credential in one is reported, in the packet and in the twin's lines that
repeat it (the fix: rename the branch and re-point the packet in one command, `git branch -m
"<a new name …>" && handoff-audit update PACKET --branch
"<the same name>"`, which renders those lines anew, with `--summary` and `--next-action` when
the packet is older than the work; or pick another topic; `new` and `update` refuse a
credential-shaped `--topic` or `--branch`, and such a checked-out branch, naming the rename
first). The Stop hook prints that one command for the packet's findings, and `packet-outdated`
names it on such a checked-out branch. A credential-shaped branch checked that no packet
names (`check --branch`, a branch renamed so) is redacted; a fix that must name it renames it
first.

Example:

```json
{"commands_run": [{"cmd": "curl -H 'Authorization: Bearer ghp_...' https://api.github.com",
                   "exit": 0}]}
```

```
handoff.json:4:14: secret: commands_run[0].cmd contains what looks like a GitHub token;
  remove it and revoke the credential
```

Fix: remove the value (write `$GITHUB_TOKEN` or `<redacted>` instead), **revoke the
credential** (it is in the git history now), and rewrite history if the repository is public.
""",
)


def history_secret_hits(packets: list[Packet]) -> Iterator[Hit]:
    """``secret`` alone for the older files of a series: never judged as handoffs, they are
    still committed and pushed, and dating a note earlier must not hide a credential in it."""
    for packet in packets:
        yield from packet_secret_hits(packet)


def _name_fix(pointer: str, packet: str) -> str | None:
    """The fix of a credential in the packet's branch or topic (``None`` for another field):
    removing it would not do (the branch checks would fire); the name itself must change."""
    if pointer == "/branch":
        update = f'handoff-audit update {shell.quote_path(packet)} --branch "{NEW_NAME}"'
        fix = shell.in_top(renamed_first(update))
        return (
            "a branch name is kept in the packet as git has it, never redacted: rename the "
            f"branch and re-point the packet at the new name, `{fix}` "
            "(with the --summary and --next-action of its `packet-outdated` finding, if it has "
            "one), and revoke the credential"
        )
    if pointer == "/topic":
        return (
            "a topic is shown as it is, never redacted: pick another topic for this work (a "
            "new packet with `handoff-audit new --topic NEW`, this one deleted) and revoke the "
            "credential"
        )
    return None


def packet_secret_hits(packet: Packet) -> Iterator[Hit]:
    """``secret`` for each credential in ``packet``: its values, its text when it cannot be
    parsed, its twin's lines and any file of it that is no UTF-8."""
    # The packet's branch and topic are scanned like any value (names are shown unredacted,
    # so a credential there would be printed everywhere), and so are the twin's lines that
    # repeat them.
    fix = "remove it and revoke the credential"
    if packet.data is not None:
        yield from _value_secret_hits(packet, fix)
    elif packet.kind == "json" and packet.text is not None:
        # Unparseable JSON still must not carry a credential: scan its lines.
        yield from text_secret_hits(packet.path, packet.text, fix)
    names = packet_identifiers(packet.data)
    if packet.markdown_text is not None and packet.markdown_path is not None:
        yield from text_secret_hits(
            packet.markdown_path, packet.markdown_text, fix, names, packet.path
        )
    for path, text in packet.undecoded:  # not UTF-8: still no place for a credential
        twin = path != packet.path
        yield from text_secret_hits(path, text, fix, names if twin else (), packet.path)


def _value_secret_hits(packet: Packet, fix: str) -> Iterator[Hit]:
    """``secret`` for each string of the parsed JSON ``packet`` that looks like a credential,
    then for each line of its text that does where no string alone does: a value whose member
    names it a credential (``"synthesisApiKey": "sk-…"``), in any tool's JSON."""
    assert packet.data is not None
    lines: set[int | None] = set()
    for pointer, text, is_key in () if packet.clean else iter_strings(packet.data):
        kinds = sorted({match.kind for match in unnamed_secrets(text)})
        if not kinds:
            continue
        if is_key:
            line, column = packet.key_positions.get(pointer, packet.position(pointer))
            where = f"the name of field {field_name(pointer)}"
        else:
            line, column = packet.position(pointer)
            where = field_name(pointer)
        said = (None if is_key else _name_fix(pointer, packet.path)) or fix
        lines.add(line)
        yield Hit(
            SECRET,
            packet.path,
            f"{where} contains what looks like {_a(kinds)}; {said}",
            line,
            column,
            pointer,
        )
    for hit in text_secret_hits(packet.path, packet.text or "", fix):
        if hit.line not in lines:
            lines.add(hit.line)
            yield hit


_REPEATS = "it repeats the branch or topic of "


def _named_fix(packet: str) -> str:
    """The fix of a credential in a twin's line where it repeats the packet's branch or topic."""
    return (
        f"{_REPEATS}{packet}: change that name (its own `secret` finding says how) and revoke "
        "the credential"
    )


def repeats_a_name(message: str) -> bool:
    """True for a `secret` finding's ``message`` on a twin's line that repeats its packet's
    branch or topic (`_named_fix`): the command that changes the name renders it anew."""
    return _REPEATS in message


def text_secret_hits(
    path: str, text: str, fix: str, names: tuple[str, ...] = (), packet: str = ""
) -> Iterator[Hit]:
    """``secret`` for each credential in the lines of ``text``; one inside a packet's
    ``names`` (its twin repeating its branch or topic) gets the fix of that name."""
    matches = unnamed_secrets(text)
    unnamed = {(m.start, m.end) for m in unnamed_secrets(text, names)} if names else None
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)] if matches else []
    for match in matches:
        line = bisect_right(line_starts, match.start)
        column = match.start - line_starts[line - 1] + 1
        named = unnamed is not None and (match.start, match.end) not in unnamed
        yield Hit(
            SECRET,
            path,
            f"line {line} contains what looks like {_a([match.kind])}; "
            + (_named_fix(packet) if named else fix),
            line,
            column,
        )


def _a(kinds: list[str]) -> str:
    words = [f"an {k}" if k[0] in "AEIOU" else f"a {k}" for k in kinds]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
