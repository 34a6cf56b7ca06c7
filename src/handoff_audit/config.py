"""The audit's configuration: defaults, and loading from .handoff-audit.yml or pyproject.toml.

Each key is declared once, as a field of `Config` (or of `AgentHook`, for ``agent-hook.*``) made
with `setting`: its default, its docstring (the meaning the rule pages show), what it accepts
(the error message), its JSON Schema and the rules that read it. Validation, ``config_schema()``
(and the generated ``schema/config.schema.json``) and the rule pages' settings tables are derived
from those fields; see "How to add a setting" in docs/architecture.md.

The module is longer than 500 lines of code because every key's declaration (default, words,
schema) lives here, once, beside the loader that validates them; splitting the declarations
from the loader would put one key in two places.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import MISSING, Field, dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from handoff_audit.controls import one_line
from handoff_audit.credentials import show
from handoff_audit.cwd_paths import from_cwd, from_folder
from handoff_audit.errors import InputError, not_regular
from handoff_audit.git_folder import in_git_folder
from handoff_audit.globs import (
    ESCAPED_NEGATE,
    NEGATE,
    exclusions_example,
    list_example,
    negated,
    never_matches,
    positives,
    relative_form,
)
from handoff_audit.globs import problem as glob_problem
from handoff_audit.model.findings import Severity
from handoff_audit.schema_file import schema_problem, source_name
from handoff_audit.suggest import closest, unknown_name

WORKING_NOTES = (
    "**/HANDOFF.md",
    "**/SESSION_HANDOFF.md",
    "**/NEXT_SESSION.md",
    "**/HANDOVER.md",
    "**/AGENT_HANDOFF.md",
    "**/CLAUDE_HANDOFF.md",
    "**/HANDOFF_NOTES.md",
    "**/SESSION-HANDOFF.md",
    "**/session-handoff.md",
    "**/NEXT-SESSION.md",
    "**/HANDOFF_NEXT_SESSION.md",
    "**/HANDOVER_NOTES.md",
)
"""The single working notes people name their handoffs by, in any folder (counted in public
repositories: docs/handoff-names.md). Found as packets, and blocked from protected branches."""

KEPT_NOTES = (
    "**/CONTINUE.md",
    "**/SESSION_NOTES.md",
    "**/handover.md",
    "**/SESSION_STATE.md",
    "**/SESSION_LOG.md",
)
"""Handoff names that are also kept on purpose as running logs or a state kept current: found
and judged, not blocked."""

DEFAULT_PACKETS = (
    "**/handoff.json",
    ".handoff/**/*.json",
    *WORKING_NOTES,
    *KEPT_NOTES,
    "**/handoff.md",
)

DEFAULT_SERIES = ("**/docs/handoffs", "**/.claude/handoffs", "**/handoffs", "**/docs/sessions")
"""Folders of dated markdown handoffs (docs/handoff-names.md gives the counts)."""

MAX_FILE_BYTES_CEILING = 16 * 1024 * 1024
"""The largest ``max-file-bytes`` a configuration may set. A pull request owns the key, and the
audit costs about a second per MB a packet holds (parse, schema, twin rendering and comparison):
16 times the 1 MiB default holds a long log yet keeps one file's audit to seconds."""

SCHEMA_TIMEOUT_CEILING = 600
"""The largest ``schema-timeout`` a configuration may set: a pull request owns the key, and a
schema that doubles its work at every level would keep a CI job busy for as long as it allows."""
_SCHEMA_TIMEOUT_ACCEPTS = f"a number of seconds above 0, at most {SCHEMA_TIMEOUT_CEILING}, e.g. 30"

GLOBS: dict[str, Any] = {"type": "array", "items": {"type": "string", "minLength": 1}}
"""The JSON Schema of a list of globs (or of other non-empty strings)."""


TrackedCheck = Callable[[str, str], bool | None]
"""Whether git tracks the resolved path (second) of the repository at the resolved root (first);
``None`` when git cannot tell. The caller hands over `git.tracked.is_tracked`, so that the
configuration stays below git."""


@dataclass(frozen=True, slots=True)
class Where:
    """What a key's conversion may need to know about the file it came from."""

    source: str
    """The configuration file (and table), for messages."""
    base: Path
    """The folder of the configuration file (relative paths are relative to it)."""
    roots: tuple[Path, ...]
    """Folders a path in the configuration may lead into."""
    rule_ids: Collection[str]
    """The rule ids a key may name."""
    tracked: TrackedCheck
    """Whether git tracks a path (see `TrackedCheck`)."""


@dataclass(frozen=True, slots=True)
class Setting:
    """The declaration of one configuration key, beside its dataclass field (see `setting`)."""

    accepts: str
    """What the key accepts, in words: the end of the error message for a wrong value."""
    schema: Mapping[str, Any]
    """The key's JSON Schema (with its ``description``)."""
    read_by: tuple[str, ...] = ()
    """Rule ids whose documentation page lists the key among the settings it reads."""
    convert: Callable[[Any, Where], Any] | None = None
    """Turns the schema-valid value into the field's value (default: a list becomes a tuple)."""


def setting(
    default: Any = MISSING,
    *,
    factory: Callable[[], Any] | None = None,
    accepts: str,
    schema: Mapping[str, Any],
    read_by: tuple[str, ...] = (),
    convert: Callable[[Any, Where], Any] | None = None,
) -> Any:
    """A dataclass field that is a configuration key (named like the field, ``_`` → ``-``)."""
    declared = {"setting": Setting(accepts, schema, read_by, convert)}
    if factory is not None:
        return field(default_factory=factory, metadata=declared)
    return field(default=default, metadata=declared)


def settings_of(cls: type) -> list[tuple[str, Field[Any], Setting]]:
    """The keys a configuration dataclass declares: (key, field, declaration), in field order."""
    return [
        (each.name.replace("_", "-"), each, each.metadata["setting"])
        for each in fields(cls)
        if "setting" in each.metadata
    ]


def _globs(key: str, *, paths: bool = True) -> Callable[[list[str], Where], tuple[str, ...]]:
    """The conversion of the list of globs under ``key``: each bounded (`globs.problem`) and,
    for ``paths`` (not branches), one that could match a path git lists (`_check_path_glob`)."""

    def convert(value: list[str], where: Where) -> tuple[str, ...]:
        for pattern in value:
            refused = glob_problem(pattern.removeprefix(NEGATE) if paths else pattern)
            if refused is not None:
                raise InputError(f"{where.source}: {key}: the glob {show(pattern)} is {refused}")
            if paths:
                refuse_unmatchable(f"{where.source}: {key}", pattern, where.roots[0], where.base)
        if paths:
            if not key.startswith("extend-"):  # whose ! entries take from the list extended
                refuse_only_exclusions(f"{where.source}: {key}", value)
        else:
            refuse_branch_exclusions(f"{where.source}: {key}", value)
        return tuple(value)

    return convert


def refuse_unmatchable(label: str, pattern: str, root: Path, base: Path) -> None:
    """`InputError` for a path glob that no path matches (absolute, ``..``, backslashes): the
    file it meant would drop out of the audit without a word. ``label`` names where the glob
    was given (``FILE: key``, ``--block-files``); ``base`` is the folder it was written from.
    An exclusion (``!glob``) is judged by its glob."""
    excludes, glob = negated(pattern)
    if not glob.strip("/"):
        raise InputError(
            f"{label}: the entry {show(pattern)} names no path; write the glob after the !, "
            'e.g. "!vendor/tool/handoff.json"'
        )
    reason = never_matches(glob)
    if reason is None:
        return
    meant = relative_form(glob, root.resolve().as_posix(), base.resolve().as_posix())
    if meant and meant.startswith(NEGATE):  # a name's own leading !, not an exclusion
        meant = ESCAPED_NEGATE + meant[1:]
    meant = f"{NEGATE}{meant}" if meant and excludes else meant
    advice = f"write {show(meant)}" if meant else 'name a folder or file, e.g. "docs/**"'
    raise InputError(
        f"{label}: the glob {show(pattern, 200)} is {reason}, which matches no file (globs "
        f"match paths from the repository root, with /); {advice}"
    )


def refuse_branch_exclusions(label: str, globs: Sequence[str]) -> None:
    """`InputError` for a ``!`` entry in a list of protected branches: it takes no exclusions
    (one way to read the list, everywhere it is matched), so the gate's reach stays plain.
    The example keeps the list's other entries and is written as ``label``'s place takes it."""
    for pattern in globs:
        if pattern.startswith(NEGATE):
            example = list_example(label, positives(globs) or ("main",))
            raise InputError(
                f"{label}: the entry {show(pattern)} starts with !, but protected branches take "
                f"no exclusions; list only the branches to protect, e.g. {example}"
            )


def refuse_only_exclusions(label: str, globs: Sequence[str]) -> None:
    """`InputError` for a list of globs whose every entry starts with ``!``: an exclusion only
    takes away what an earlier entry matched, so such a list matches nothing at all. The fix
    shown includes something and is written as ``label``'s place takes it."""
    if globs and not positives(globs):
        key = label.rpartition(".")[2].rpartition(" ")[2].removeprefix("--")
        default = Config()
        includes = {"packets": default.packets, "block-files": default.block_files}
        includes.update(series=default.series, ignore=("docs/**",))
        example = exclusions_example(label, includes.get(key, default.block_files), globs)
        repeated = [glob for glob in globs if glob.removeprefix(NEGATE) in includes.get(key, ())]
        hint = (
            f" (to match {repeated[0].removeprefix(NEGATE)} itself, drop its !)" if repeated else ""
        )
        raise InputError(
            f"{label}: every entry starts with !, which only excludes what an earlier entry "
            f"matched, so the list matches nothing; put the globs to include first, e.g. "
            f"{example}{hint}"
        )


def _agent_hook_rules(value: list[str], where: Where) -> tuple[str, ...]:
    for rule_id in value:
        if rule_id not in where.rule_ids:
            raise InputError(
                f"{where.source}: agent-hook.rules: unknown rule id {show(rule_id)}; known rules: "
                f"{', '.join(sorted(where.rule_ids))}"
            )
    return tuple(value)


@dataclass(frozen=True, slots=True)
class AgentHook:
    """The ``agent-hook`` key: when `handoff-audit hook` may block a session, and on what."""

    events: tuple[str, ...] = setting(
        ("Stop", "SubagentStop"),
        accepts="a list of Stop, SubagentStop, PreCompact",
        schema={
            "description": "Hook events that may block the agent (exit 2); others only report. "
            "Default: Stop, SubagentStop.",
            "type": "array",
            "items": {"enum": ["Stop", "SubagentStop", "PreCompact"]},
            "uniqueItems": True,
        },
    )
    """Events that may block (exit 2); any other event only reports. Claude Code blocks on
    ``Stop`` and ``SubagentStop``; blocking ``PreCompact`` would hold up a full context."""
    rules: tuple[str, ...] | None = setting(
        None,
        accepts="a list of rule ids",
        schema={
            "description": "Rule ids whose findings block. Default: every error, plus "
            "packet-outdated, handoff-outdated and lkg-behind.",
            **GLOBS,
            "uniqueItems": True,
        },
        convert=_agent_hook_rules,
    )
    """Rule ids whose findings block; ``None``: every error, plus ``packet-outdated``,
    ``handoff-outdated`` and ``lkg-behind`` whatever their severity (a handoff older than the
    work)."""
    ignore: tuple[str, ...] = setting(
        (),
        accepts="a list of path globs",
        schema={
            "description": "Globs of paths (from the repository root) a branch may change "
            "without a packet: a branch whose own changes all match needs none; an entry starting "
            "with ! excludes what the entries before it matched. Default: none.",
            **GLOBS,
        },
        convert=_globs("agent-hook.ignore"),
    )
    """Globs of paths an agent may change without a packet: a branch whose own changes all
    match needs none (a docs-only branch, if the team says so)."""
    max_blocks: int = setting(
        3,
        accepts="an integer from 1 to 20",
        schema={
            "description": "How many times in a row the hook blocks one session's stop (Claude "
            "Code's stop_hook_active chain) before it lets the session end, naming what is still "
            "wrong. Default: 3.",
            "type": "integer",
            "minimum": 1,
            "maximum": 20,
        },
    )
    """How many stops in a row of one session the hook blocks (the first, and each that
    ``stop_hook_active`` says follows a block): the loop guard."""


def _severities(value: dict[str, str], where: Where) -> Mapping[str, Severity | None]:
    severities: dict[str, Severity | None] = {}
    for rule_id, level in value.items():
        if rule_id not in where.rule_ids:
            raise InputError(
                f"{where.source}: rules: "
                f"{unknown_name('rule id', str(rule_id), where.rule_ids, 'rules')}"
            )
        severities[rule_id] = None if level == "off" else Severity(level)
    return MappingProxyType(severities)


def _schema_source(value: str, where: Where) -> str:
    source = where.source
    if value.startswith("https://"):
        return value
    if "://" in value:
        raise InputError(
            f"{source}: schema {source_name(value)!r} must be a path or an https:// URL (plain "
            "http is refused)"
        )
    path = (where.base / value).resolve()
    if not any(path.is_relative_to(root.resolve()) for root in where.roots):
        raise InputError(
            f"{source}: schema {value!r} leads outside the repository; give a path inside it "
            "or an https:// URL"
        )
    if any(in_git_folder(str(path), str(root.resolve())) for root in where.roots):
        raise InputError(
            f"{source}: schema {value!r} leads into git's own folder (.git); it was not read. "
            "Give a schema file of the repository or an https:// URL"
        )
    if not path.exists():
        raise InputError(
            f"{source}: schema {value!r}: no such file (looked at {from_cwd(path)}); correct "
            f"the path in `schema:` (it is relative to the folder of {source}), or create the "
            "schema there and commit it, or give an https:// URL"
        )
    if _schema_untracked(path, where):
        raise InputError(
            f"{source}: schema {value!r} is a file git does not track; it was not read. Commit "
            "the schema (`git add` it) or give an https:// URL"
        )
    if path.is_dir():
        raise InputError(f"{source}: schema {value!r} is a folder; name the schema file in it")
    if not path.is_file():
        raise InputError(f"{source}: schema {value!r} is not a regular file; name a schema file")
    problem = schema_problem(path)
    if problem is not None:
        raise InputError(f"{source}: schema {one_line(value)}: {problem}")
    return str(path)


def _schema_untracked(path: Path, where: Where) -> bool:
    """Whether no repository that holds the resolved schema ``path`` tracks it while one says it
    does not. A configuration named with ``--config`` adds its own folder's repository: the fork
    workflow's base checkout (``.handoff-audit-base/``) tracks its schema, though the workspace's
    git does not; a link there to the workspace's ``.env`` is still judged by the workspace."""
    said = [
        where.tracked(str(root.resolve()), str(path))
        for root in where.roots
        if path.is_relative_to(root.resolve())
    ]
    return False in said and True not in said


def _seconds(value: float, where: Where) -> float:
    """``schema-timeout``'s value; NaN, which every bound of the schema lets through, refused."""
    if value != value:
        raise InputError(
            f"{where.source}: schema-timeout is {show(value)}; expected {_SCHEMA_TIMEOUT_ACCEPTS}"
        )
    return float(value)


def _agent_hook(value: dict[str, Any], where: Where) -> AgentHook:
    return AgentHook(**_fields_from(AgentHook, value, where))


def _mapping_of(cls: type, description: str) -> dict[str, Any]:
    """The JSON Schema of a key whose value is a mapping of the keys ``cls`` declares."""
    properties = {key: dict(declared.schema) for key, _, declared in settings_of(cls)}
    return {
        "description": description,
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }


def _mapping_accepts(cls: type) -> str:
    """``a mapping with a (...), b (...) and c (...)``, from the keys ``cls`` declares."""
    parts = [f"{key} ({declared.accepts})" for key, _, declared in settings_of(cls)]
    listed = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
    return f"a mapping with {listed}"


_AGENT_HOOK_ACCEPTS = _mapping_accepts(AgentHook)
_AGENT_HOOK_SCHEMA = _mapping_of(
    AgentHook, "What `handoff-audit hook` (a coding agent's Stop hook) blocks on."
)


def _folder_globs(value: list[str], where: Where, key: str = "series") -> tuple[str, ...]:
    for pattern in value:
        refuse_unmatchable(f"{where.source}: {key}", pattern, where.roots[0], where.base)
    if key == "series":
        refuse_only_exclusions(f"{where.source}: {key}", value)
    return tuple(glob.rstrip("/") for glob in value)


def _extend_series(value: list[str], where: Where) -> tuple[str, ...]:
    return _folder_globs(value, where, "extend-series")


def _extended(values: dict[str, Any]) -> dict[str, Any]:
    """``values`` (`Config`'s fields) with ``extend-packets`` and ``extend-series`` added after
    ``packets`` and ``series`` (theirs or the defaults): the lists every reader matches."""
    for key, extra, default in (
        ("packets", "extend_packets", DEFAULT_PACKETS),
        ("series", "extend_series", DEFAULT_SERIES),
    ):
        if values.get(extra):
            values[key] = (*values.get(key, default), *values[extra])
    return values


@dataclass(frozen=True, slots=True)
class Config:
    """Validated configuration. Every field has the default README.md's "Configuration" shows."""

    packets: tuple[str, ...] = setting(
        DEFAULT_PACKETS,
        accepts='a non-empty list of globs, e.g. ["**/handoff.json"]',
        schema={
            "description": "Globs (relative to the repository root) that find packet files; "
            "they replace the defaults. An entry starting with ! excludes what the entries "
            "before it matched, as in .gitignore.",
            **GLOBS,
            "minItems": 1,
        },
        convert=_globs("packets"),
    )
    """Globs that find packet files, relative to the repository root."""
    block_files: tuple[str, ...] = setting(
        WORKING_NOTES,
        accepts='a list of globs, e.g. ["**/HANDOFF.md"]',
        schema={
            "description": "Globs of files that must not reach a protected branch; an entry "
            "starting with ! excludes what the entries before it matched.",
            **GLOBS,
        },
        read_by=("handoff-in-merge",),
        convert=_globs("block-files"),
    )
    """Globs of files that must not reach a protected branch."""
    series: tuple[str, ...] = setting(
        DEFAULT_SERIES,
        accepts='a list of folder globs, e.g. ["docs/handoffs", "**/.claude/handoffs"]',
        schema={
            "description": "Globs of folders of markdown handoffs (a series): the newest file, "
            "by the date in its name, else the number in it, else its last commit, is the current "
            "handoff; the others "
            "are history, listed and never judged. An entry starting with ! excludes what the "
            "entries before it matched.",
            **GLOBS,
        },
        convert=_folder_globs,
    )
    """Globs of folders whose markdown files form a series: the newest is the current handoff,
    the others history."""
    extend_packets: tuple[str, ...] = setting(
        (),
        accepts='a list of globs added to packets, e.g. ["notes/agent-handoff.md"]',
        schema={
            "description": "Globs added after packets (the defaults, or the packets set), "
            "to find more packet files while keeping those; an entry starting with ! excludes "
            "what the entries before it matched.",
            **GLOBS,
        },
        convert=_globs("extend-packets"),
    )
    """Globs added after ``packets``; `Config.packets` holds both."""
    extend_series: tuple[str, ...] = setting(
        (),
        accepts='a list of folder globs added to series, e.g. ["notes/agent"]',
        schema={
            "description": "Folder globs added after series (the defaults, or the series set), "
            "to find more series while keeping those; an entry starting with ! excludes what the "
            "entries before it matched.",
            **GLOBS,
        },
        convert=_extend_series,
    )
    """Folder globs added after ``series``; `Config.series` holds both."""
    protected_branches: tuple[str, ...] | None = setting(
        None,
        # An empty list would open the merge gate without a word, as --protected-branches ''
        # would: refused (minItems), with the ways to say what was meant.
        accepts='a non-empty list of branch globs, e.g. [main, "release/*"] (leave the key out '
        "for the repository's default branch; to turn the merge gate off: "
        'rules: {handoff-in-merge: "off", active-in-merge: "off"})',
        schema={
            "description": "Globs of branch names that count as protected merge targets. "
            "Default: the repository's default branch, the first that exists of origin/HEAD's "
            "target, main, master, trunk, develop (in a pull request, then its base).",
            **GLOBS,
            "minItems": 1,
        },
        read_by=("handoff-in-merge", "active-in-merge"),
        convert=_globs("protected-branches", paths=False),
    )
    """Globs of branch names that count as protected targets; ``None`` (not configured): the
    repository's default branch (`git.protected.protected_patterns`)."""
    max_commits_behind: int = setting(
        10,
        accepts="an integer >= 0",
        schema={
            "description": "lkg-behind fires when last_known_good_commit is more commits behind "
            "than this.",
            "type": "integer",
            "minimum": 0,
        },
        read_by=("lkg-behind",),
    )
    """``lkg-behind`` fires above this many commits."""
    max_age_days: int = setting(
        14,
        accepts="an integer >= 0",
        schema={
            "description": "packet-age fires when the packet's last change is older than this "
            "many days.",
            "type": "integer",
            "minimum": 0,
        },
        read_by=("packet-age",),
    )
    """``packet-age`` fires when the packet's last change is older."""
    keep_last: int = setting(
        5,
        accepts="an integer >= 0",
        schema={
            "description": "commands_run keeps its last this many entries plus every earlier "
            "failure; log-untrimmed flags a passing entry before them.",
            "type": "integer",
            "minimum": 0,
        },
        read_by=("log-untrimmed",),
    )
    """``commands_run`` keeps its last this many entries (passing or not) plus every earlier
    failure; ``log-untrimmed`` flags a passing entry before them, and the writers trim to it."""
    max_lines: int = setting(
        200,
        accepts="an integer >= 1",
        schema={
            "description": "too-long fires when the markdown has more lines than this.",
            "type": "integer",
            "minimum": 1,
        },
        read_by=("too-long",),
    )
    """``too-long`` fires when the markdown has more lines."""
    max_file_bytes: int = setting(
        1024 * 1024,
        accepts=f"an integer from 1 to {MAX_FILE_BYTES_CEILING} (16 MiB, the ceiling)",
        schema={
            "description": (
                "Packet and handoff files larger than this are invalid-json and are not read. "
                "At most 16 MiB: a pull request owns this key, and every byte read is audited."
            ),
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_FILE_BYTES_CEILING,
        },
        read_by=("invalid-json",),
    )
    """Packet and handoff files larger than this are ``invalid-json`` and are not read. At most
    16777216 (16 MiB): a larger value is refused."""
    jobs: int | None = setting(
        None,
        accepts="an integer >= 1 (1 = no worker processes)",
        schema={
            "description": "Processes for the per-packet work (read, parse, content and twin "
            "checks): the audit's own and N-1 forked workers; 1 = no workers. Never more than the "
            "cores available or the packets. Default: the cores available, from 1,000 packets.",
            "type": "integer",
            "minimum": 1,
        },
    )
    """Processes for the per-packet work; 1 = sequential, ``None`` = the cores available. Never
    more than the cores available (a container's or ``taskset``'s share) or the packets: a
    process beyond them only costs its start-up, about 0.3 s of CPU."""
    schema: str | None = setting(
        None,
        accepts="a path relative to the configuration file, or an https:// URL",
        schema={
            "description": "Path (relative to the configuration file) or https URL of a packet "
            "schema that replaces the bundled one.",
            "type": "string",
            "minLength": 1,
        },
        read_by=("schema",),
        convert=_schema_source,
    )
    """Path or https URL of a schema that replaces the bundled one. A file is checked when the
    configuration is loaded (a valid JSON Schema whose every ``$ref`` resolves inside it:
    handoff-audit fetches no referenced schema), a URL when it is first used."""
    schema_timeout: float = setting(
        10,
        accepts=_SCHEMA_TIMEOUT_ACCEPTS,
        schema={
            "description": "Seconds checking one audit's packets against the configured schema "
            "may take in all; past them the run ends with a configuration error. At most "
            f"{SCHEMA_TIMEOUT_CEILING}: a pull request owns this key.",
            "type": "number",
            "exclusiveMinimum": 0,
            "maximum": SCHEMA_TIMEOUT_CEILING,
        },
        read_by=("schema",),
        convert=_seconds,
    )
    """Seconds checking one audit's packets against a configured ``schema`` may take in all
    (each worker process of a parallel audit as long, at the same time); past them the audit
    ends with a configuration error naming the schema. At most 600: a larger value is refused."""
    rules: Mapping[str, Severity | None] = setting(
        factory=lambda: MappingProxyType({}),
        accepts="a mapping of rule id to error, warning, note or off",
        schema={
            "description": "Rule id to severity: error, warning, note or off.",
            "type": "object",
            "additionalProperties": {"enum": ["error", "warning", "note", "off"]},
        },
        convert=_severities,
    )
    """Per-rule severity overrides; ``None`` means ``off``."""
    verify: str | None = setting(
        None,
        accepts='a shell command that exits 0 when the tests pass, e.g. "pytest -q"',
        schema={
            "description": "The shell command that proves the tests green: new and update run "
            "it with --verify (sh -c, at the repository root) and move last_known_good_commit "
            "to HEAD only when it exits 0.",
            "type": "string",
            "minLength": 1,
            "pattern": "\\S",
        },
    )
    """The command that proves the tests green (``new``/``update --verify`` run it)."""
    agent_hook: AgentHook = setting(
        factory=AgentHook,
        accepts=_AGENT_HOOK_ACCEPTS,
        schema=_AGENT_HOOK_SCHEMA,
        convert=_agent_hook,
    )
    """What `handoff-audit hook` blocks on."""
    source: str | None = None
    """Where the configuration came from, for messages (``None`` = defaults)."""
    notes: tuple[str, ...] = ()
    """Warnings about how it was found (a configuration beside it that is not read, a table
    nearly named ours), one line each, for the command to print."""
    new_file: str = ".handoff-audit.yml"
    """Where a configuration would be created, from the current folder (at the repository
    root): what messages name when there is no configuration file yet."""

    @property
    def key_file(self) -> str:
        """The file a message tells the user to set a key in (`setting_place`): the
        configuration in use, else the one to create at the repository root."""
        return self.source or self.new_file

    def overridden(
        self,
        *,
        max_commits_behind: int | None = None,
        protected_branches: tuple[str, ...] | None = None,
        block_files: tuple[str, ...] | None = None,
        jobs: int | None = None,
    ) -> Config:
        """This configuration with the keys that command-line flags or the action's inputs set
        (``None``: not set, keep the configured value)."""
        given = {
            "max_commits_behind": max_commits_behind,
            "protected_branches": protected_branches,
            "block_files": block_files,
            "jobs": jobs,
        }
        overrides = {key: value for key, value in given.items() if value is not None}
        return replace(self, **overrides) if overrides else self  # type: ignore[arg-type]


CONFIG_FILES = (".handoff-audit.yml", ".handoff-audit.yaml")
"""Configuration files looked for at the repository root, in this order (the first found wins),
before ``pyproject.toml``: as in ruff, the dedicated file wins over the ``[tool.handoff-audit]``
table."""
PYPROJECT = "pyproject.toml"

MAX_CONFIG_BYTES = 1024 * 1024
"""A configuration file larger than this is refused unread."""


def config_warnings(notes: Iterable[str], program: str = "handoff-audit") -> list[str]:
    """The lines for standard error that say how the configuration was found (`Config.notes`:
    a file it shadows), in the words of every command that reads the configuration: one
    ``PROGRAM: warning: ...`` line each."""
    return [f"{program}: warning: {one_line(note)}" for note in notes]


def setting_advice(source: str | None, key: str, values: Sequence[str] | int | str) -> str:
    """Where and how to set ``key`` to the list ``values`` (or the number, the text) in the
    configuration ``source`` names (`Config.key_file`; ``None``: a new .handoff-audit.yml),
    in that file's syntax, for a message: ``in FILE: key: [...]``, ``under [tool.handoff-audit]
    in FILE: key = [...]``."""
    return f"{setting_place(source)}: {setting_line(source, key, values)}"


def added_advice(config: Config, key: str, added: Sequence[str]) -> str:
    """Where and how to add the entries ``added`` (a ``!`` exclusion, a glob) after the list
    ``key`` (``packets``, ``series``) of ``config``, in its file's syntax (`setting_advice`):
    ``extend-KEY`` with its own entries kept, one short line that keeps the defaults or the
    list the configuration sets, where ``KEY`` itself would repeat that whole list."""
    return setting_advice(
        config.key_file, f"extend-{key}", [*getattr(config, f"extend_{key}"), *added]
    )


def setting_line(source: str | None, key: str, values: Sequence[str] | int | str) -> str:
    """The line that sets ``key`` to the list ``values`` (or the number, the text) in the syntax
    of the configuration ``source`` names (`Config.key_file`; ``None``: a new .handoff-audit.yml):
    ``key: [...]`` in YAML, ``key = [...]`` in TOML; every entry quoted (a bare YAML glob that
    starts with ``*`` is an alias, not a string)."""
    # a YAML flow list and a TOML array; a number and a quoted string are written alike in both
    listed = json.dumps(
        values if isinstance(values, int | str) else list(values), ensure_ascii=False
    )
    if source is not None and source.lower().endswith((".toml", _TABLE)):
        return f"{key} = {listed}"
    return f"{key}: {listed}"


_TABLE = " [tool.handoff-audit]"
"""How `Config.source` ends for the table in a ``pyproject.toml``."""


def setting_place(source: str | None) -> str:
    """Where a key is set in the configuration ``source`` names (`Config.source`; ``None``: a
    new .handoff-audit.yml), for a message: ``in FILE``, ``under [tool.handoff-audit] in
    FILE``."""
    if source is not None and source.endswith(_TABLE):
        return f"under [tool.handoff-audit] in {source.removesuffix(_TABLE)}"
    return f"in {source or CONFIG_FILES[0]}"


def load_config(
    root: Path,
    config_file: Path | None = None,
    *,
    rule_ids: Collection[str],
    tracked: TrackedCheck,
    in_action: bool = False,
    cwd: Path | None = None,
) -> Config:
    """The configuration for the repository at ``root``: ``config_file`` when given, else
    ``.handoff-audit.yml``, else ``.handoff-audit.yaml``, else ``[tool.handoff-audit]`` in
    ``pyproject.toml``, else defaults. A dedicated file read while a later one of them exists
    (``pyproject.toml`` with the table) says so in `Config.notes`, one line per file ignored, as
    does a ``pyproject.toml`` table nearly named ``[tool.handoff-audit]``.

    ``rule_ids`` are the ids the ``rules`` key may name (the caller hands over the registry's, so
    that the configuration stays below the rules), ``tracked`` whether git tracks a path (a
    configuration or schema that is a link must lead to a tracked file). Anything wrong is an
    `InputError` naming the file, the key, the value and what is accepted (``in_action``: the
    action's ``config`` input, not ``--config``, is what names another file). ``cwd``: the
    folder the user works in (the Stop hook's event's; ``None``: the current folder), from which
    `Config.new_file` is named and a configuration of its own is looked for (`_unread_below`).
    """
    if config_file is not None:
        if config_file.is_dir():
            raise InputError(f"--config {config_file}: is a folder; name the configuration file")
        try:
            mode = config_file.stat().st_mode
        except OSError:
            raise InputError(f"--config {config_file}: no such file") from None
        if (problem := not_regular(mode)) is not None:
            raise InputError(
                f"--config {config_file}: {problem}. Name the configuration file itself (a "
                "regular .yml, .yaml or .toml file), or leave --config out to use the repository's"
            )
        if in_git_folder(str(config_file.resolve()), str(root.resolve())):
            raise InputError(f"--config {config_file}: {GIT_FOLDER_REFUSAL}")
        if (target := untracked_link_target(config_file, (root,), tracked)) is not None:
            raise InputError(f"--config {config_file}: {untracked_link_refusal(target)}")
        # The user chose this file, wherever it is; its schema may sit beside it.
        return _from_file(
            config_file, rule_ids, (root, config_file.resolve().parent), tracked, explicit=True
        )
    config = _found_at_root(root, rule_ids, tracked, in_action)
    new_file = from_folder(root / CONFIG_FILES[0], cwd)
    below = _unread_below(root, cwd, replace(config, new_file=new_file).key_file)
    return replace(config, new_file=new_file, notes=(*config.notes, *_misnamed(root), *below))


_MISNAMED = (
    ".handoff-audit.toml",
    ".handoff-audit.json",
    "handoff-audit.yml",
    "handoff-audit.yaml",
)
"""Names a configuration is given that `load_config` does not read: without a word, its keys
would be lost (a `block-files` that never applies)."""


def _misnamed(root: Path) -> tuple[str, ...]:
    """One line for each file at ``root`` named as a configuration but not read, with the names
    that are."""
    return tuple(
        f"{from_cwd(root / name)} is not read: handoff-audit reads {CONFIG_FILES[0]}, "
        f"{CONFIG_FILES[1]} or [tool.{TABLE_NAME}] in {PYPROJECT} at the repository root; "
        f"write its keys in one of those (YAML, or TOML under the table)"
        for name in _MISNAMED
        if os.path.lexists(root / name)
    )


def _found_at_root(
    root: Path, rule_ids: Collection[str], tracked: TrackedCheck, in_action: bool
) -> Config:
    """The configuration at the repository root, as `load_config` looks for it there."""
    for name in (*CONFIG_FILES, PYPROJECT):
        path = root / name
        if not os.path.lexists(path):
            continue
        _check_inside(path, root, tracked, "the action's `config` input" if in_action else None)
        config = _from_file(path, rule_ids, (root,), tracked, explicit=False)
        if name == PYPROJECT:
            return config  # the defaults when it has no table, with a note on a misspelt one
        notes = _ignored_beside(path, root, tracked)
        return replace(config, notes=notes) if notes else config
    return Config()


def _unread_below(root: Path, cwd: Path | None, in_use: str) -> tuple[str, ...]:
    """The warning when the current folder, or a folder above it below the repository root,
    holds a configuration of its own (a package's, in a monorepo): it is not read, and without
    a word its keys would be lost. ``in_use`` names the root's configuration (`Config.key_file`)."""
    try:
        here = (cwd or Path.cwd()).resolve()
        depth = len(here.relative_to(root.resolve()).parts)
    except (OSError, RuntimeError, ValueError):  # the folder is gone; outside the repository
        return ()
    for folder in [here, *here.parents][:depth]:
        names = [from_folder(folder / n, cwd) for n in CONFIG_FILES if os.path.lexists(folder / n)]
        if not names and _plain_table(folder / PYPROJECT):
            names = [f"[tool.{TABLE_NAME}] in {from_folder(folder / PYPROJECT, cwd)}"]
        if names:
            shown = names[0]
            return (
                f"{shown} is not read: handoff-audit reads its configuration only at the "
                f"repository root; set its keys {setting_place(in_use)} instead",
            )
    return ()


def _plain_table(pyproject: Path) -> bool:
    """Whether ``pyproject``, a regular file (a link is not followed), has our table."""
    if pyproject.is_symlink() or not pyproject.is_file():
        return False
    try:
        document = _toml_document(_read_text(pyproject, PYPROJECT), PYPROJECT)
    except InputError:
        return False
    tool = document.get("tool", {})
    return isinstance(tool, dict) and TABLE_NAME in tool


def _ignored_beside(used: Path, root: Path, tracked: TrackedCheck) -> tuple[str, ...]:
    """One line for each configuration that ``used`` (a file of `CONFIG_FILES`) shadows: a
    later file of `CONFIG_FILES`, the ``[tool.handoff-audit]`` table of ``pyproject.toml``."""
    notes = []
    for name in CONFIG_FILES[CONFIG_FILES.index(used.name) + 1 :]:
        if not os.path.lexists(root / name):
            continue
        # Named as found (a link by its own name, not its target's), from the current folder.
        other = (Path(from_cwd(root)) / name).as_posix()
        notes.append(
            f"{from_cwd(used)} and {other} both configure handoff-audit; {from_cwd(used)} is "
            f"used ({' wins over '.join(CONFIG_FILES)}) and {other} ignored: move its keys into "
            f"{from_cwd(used)} and delete {other}"
        )
    pyproject = root / PYPROJECT
    if _has_own_table(pyproject, root, tracked):
        notes.append(
            f"{from_cwd(used)} and [tool.handoff-audit] in {from_cwd(pyproject)} both configure "
            f"handoff-audit; {from_cwd(used)} is used (the dedicated file wins) and the table "
            "ignored: move its keys into the file and delete the table"
        )
    return tuple(notes)


def _has_own_table(pyproject: Path, root: Path, tracked: TrackedCheck) -> bool:
    """Whether ``pyproject`` has a ``[tool.handoff-audit]`` table; ``False`` when it is absent or
    cannot be read as TOML (it is not used either way, so it is no error)."""
    if not os.path.lexists(pyproject):
        return False
    try:
        _check_inside(pyproject, root, tracked, None)  # its error is not shown
        document = _toml_document(_read_text(pyproject, PYPROJECT), PYPROJECT)
    except InputError:
        return False
    tool = document.get("tool", {})
    return isinstance(tool, dict) and "handoff-audit" in tool


TABLE_NAME = "handoff-audit"
"""The table of ``pyproject.toml`` under ``[tool]`` that holds the configuration."""


def _misspelt_table_notes(document: Mapping[str, Any], source: str) -> list[str]:
    """One warning for each table of ``document`` that is nearly ``[tool.handoff-audit]``
    (``[tool.handoff_audit]``, ``[tool.handoff.audit]``, ``[handoff-audit]``, a typo): it is
    not read, and without a word its keys would be lost."""
    tool = document.get("tool")
    tables = [(key, value) for key, value in document.items() if key != "tool"]
    if isinstance(tool, dict):
        tables += [(f"tool.{key}", value) for key, value in tool.items()]
        tables += [
            (f"tool.{key}.{inner}", value)
            for key, table in tool.items()
            if isinstance(table, dict)
            for inner, value in table.items()
        ]
    return [
        f"{source}: the table {show('[' + name + ']')[1:-1]} is not read — did you mean "
        f"[tool.{TABLE_NAME}]? Rename it to have its keys used"
        for name, value in tables
        if isinstance(value, dict) and _nearly_our_table(name.removeprefix("tool."))
    ]


def _nearly_our_table(name: str) -> bool:
    import difflib  # start-up: only for a pyproject.toml without our table

    squashed = "".join(char for char in name.lower() if char.isalnum())
    if squashed == TABLE_NAME.replace("-", ""):
        return True
    return difflib.SequenceMatcher(None, name.lower(), TABLE_NAME).ratio() >= 0.85


GIT_FOLDER_REFUSAL = (
    "leads into git's own folder (.git), which holds its settings and the job's credentials; "
    "it was not read. Name a configuration file of the repository"
)
"""Why an explicit configuration in the repository's git folder is refused, unread."""


def leads_outside(path: Path, root: Path) -> bool:
    """Whether ``path``, with every link on the way resolved (its own included), ends outside
    ``root``: a file the repository's content must not be able to pick for us to read."""
    return not path.resolve().is_relative_to(root.resolve())


def untracked_link_target(path: Path, roots: Iterable[Path], tracked: TrackedCheck) -> str | None:
    """The target (as shown, relative to its repository) when ``path`` reaches its file through
    a link (its own, or a folder's inside a repository of ``roots``) and git of that repository
    does not track the file (a ``.env`` an earlier workflow step wrote); else None."""
    lexical = Path(os.path.abspath(path))
    real = lexical.resolve()
    for root in roots:
        top = Path(os.path.abspath(root))
        on_the_way = [lexical, *(p for p in lexical.parents if p.is_relative_to(top) and p != top)]
        if any(p.is_symlink() for p in on_the_way) and _untracked(real, root.resolve(), tracked):
            return _shown(real, root)
    return None


def untracked_link_refusal(target: str) -> str:
    """Why an explicit configuration that is a link to an untracked file is refused, unread."""
    return (
        f"a link to {target}, which git does not track; it was not read. Name a configuration "
        "file git tracks, or commit the file the link leads to"
    )


def _check_inside(path: Path, root: Path, tracked: TrackedCheck, naming: str | None) -> None:
    """A discovered configuration must be a regular file inside the repository: a link leading
    out of it would let the repository's content pick a file to read (and quote). ``naming``:
    what names another file instead, when not ``--config`` (the action's input)."""
    real = path.resolve()
    other = f"name another file with {naming or '--config'}"
    if leads_outside(path, root):
        raise InputError(
            f"{from_cwd(path)}: a link leading outside the repository; the configuration is "
            f"read only from inside it ({other})"
        )
    if in_git_folder(str(real), str(root.resolve())):
        raise InputError(
            f"{from_cwd(path)}: a link into git's own folder (.git); it was not read. Make the "
            f"configuration a file of the repository (or {other})"
        )
    if path.is_symlink() and _untracked(real, root.resolve(), tracked):
        raise InputError(
            f"{from_cwd(path)}: a link to {_shown(real, root)}, which git does not track; it was "
            f"not read. Make the configuration a file of the repository (or {other})"
        )
    try:
        mode = real.stat().st_mode
    except OSError as error:
        raise InputError(f"{from_cwd(path)}: cannot be read ({error.strerror})") from None
    if not stat.S_ISREG(mode):
        raise InputError(f"{from_cwd(path)}: not a regular file; make it one or remove it")


def _untracked(real: Path, real_root: Path, tracked: TrackedCheck) -> bool:
    """Whether the resolved ``real``, inside the repository at ``real_root``, is a path git does
    not track (an ignored ``.env`` a workflow step wrote): the configuration names it or leads
    to it, so its content must be the repository's."""
    return real.is_relative_to(real_root) and tracked(str(real_root), str(real)) is False


def _shown(real: Path, root: Path) -> str:
    return show(real.relative_to(root.resolve()).as_posix())


def _from_file(
    path: Path,
    rule_ids: Collection[str],
    roots: tuple[Path, ...],
    tracked: TrackedCheck,
    *,
    explicit: bool,
) -> Config:
    return config_from_text(
        _read_text(path, from_cwd(path)), path, rule_ids, roots, tracked, explicit
    )


def config_from_text(
    text: str,
    path: Path,
    rule_ids: Collection[str],
    roots: tuple[Path, ...],
    tracked: TrackedCheck,
    explicit: bool = False,
) -> Config:
    """The configuration ``text`` holds, read as the file at ``path`` would be (the Stop hook
    reads the default branch's version of a broken one so)."""
    source = from_cwd(path)
    if path.suffix == ".toml":
        document = _toml_document(text, source)
        if _table_of(document, path.name, explicit=explicit) is None:
            return Config(notes=tuple(_misspelt_table_notes(document, source)))
    parsed = parse_config_text(text, path.name, source, explicit=explicit)
    if parsed is None:
        return Config()
    raw, source = parsed
    return validate_config(raw, source, path.parent, rule_ids, roots, tracked)


def _table_of(document: Mapping[str, Any], name: str, *, explicit: bool) -> Any:
    """The configuration a TOML ``document`` holds: its ``[tool.handoff-audit]`` table, or the
    whole document for a TOML file named with ``--config`` other than ``pyproject.toml``;
    ``None`` when it holds none."""
    tool = document.get("tool", {})
    if isinstance(tool, dict) and TABLE_NAME in tool:
        return tool[TABLE_NAME]
    if explicit and name != PYPROJECT:
        return document
    return None


KeyPath = tuple[str, ...]
"""Where a key is in the configuration: the keys leading to it (``("rules", "too-long")``)."""


def parse_config_text(
    text: str,
    name: str,
    source: str,
    *,
    explicit: bool = False,
    duplicate_matters: Callable[[KeyPath], bool] | None = None,
) -> tuple[Any, str] | None:
    """The raw (unvalidated) configuration in ``text``, the content of the file ``name``
    (``.toml`` or YAML), with the ``source`` messages name it by (``FILE [tool.handoff-audit]``
    for the table); ``None`` for a ``pyproject.toml`` without the table. `InputError` naming
    ``source`` when the text is not YAML or TOML, or nests too deeply, or sets a YAML key twice
    (only one ``duplicate_matters`` says matters, when given: the last value wins elsewhere)."""
    if name.endswith(".toml"):
        document = _toml_document(text, source)
        raw: Any = _table_of(document, name, explicit=explicit)
        if raw is None:
            return None
        if raw is not document:
            source = f"{source} [tool.{TABLE_NAME}]"
    else:
        import yaml  # only when there is a YAML configuration file (start-up)

        try:
            if duplicate_matters is not None:
                _refuse_duplicates_that_matter(text, duplicate_matters)
            raw = yaml.load(text, Loader=_loader(refuse_duplicates=duplicate_matters is None))
        except DuplicateKey as error:
            raise InputError(
                f"{source}: line {error.line}: the key {show(error.key)} is set again (first at "
                f"line {error.first}); a key may be set once: keep the one you mean"
            ) from None
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
            problem = getattr(error, "problem", None) or "syntax error"
            raise InputError(f"{source}: not valid YAML{where}: {problem}") from None
        if raw is None:
            raw = {}
    if _deeper_than(raw, MAX_YAML_DEPTH):
        raise InputError(
            f"{source}: nested more than {MAX_YAML_DEPTH} levels deep; not a configuration"
        )
    return raw, source


def _read_text(path: Path, source: str) -> str:
    """The file's text, at most `MAX_CONFIG_BYTES`; `InputError` naming ``source`` otherwise."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_CONFIG_BYTES + 1)
        if len(data) > MAX_CONFIG_BYTES:
            raise InputError(f"{source}: larger than {MAX_CONFIG_BYTES} bytes; not a configuration")
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"{source}: cannot be read ({error})") from None


def _toml_document(text: str, source: str) -> dict[str, Any]:
    """``text`` parsed as TOML; `InputError` naming ``source`` when it is not."""
    import tomllib  # only when the configuration is in a TOML file (start-up)

    shape = _toml_shape(text)
    if shape is not None:
        raise InputError(f"{source}: {shape}; not a configuration")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InputError(_toml_problem(text, source, str(error))) from None
    except RecursionError:  # tomllib recurses per level of nesting
        raise InputError(f"{source}: nested too deeply to be a configuration") from None


def _toml_problem(text: str, source: str, problem: str) -> str:
    """The line for a TOML error; a key set twice is named (tomllib gives only its line)."""
    import re  # start-up: only for a TOML file that does not parse

    again = re.fullmatch(r"Cannot overwrite a value \(at line (\d+), column \d+\)", problem)
    lines = text.splitlines()
    if again is not None and 0 < int(again[1]) <= len(lines):
        key = lines[int(again[1]) - 1].partition("=")[0].strip()
        return (
            f"{source}: line {again[1]}: the key {show(key)} is set again; a key may be set "
            "once: keep the one you mean"
        )
    return f"{source}: not valid TOML: {problem}"


MAX_TOML_KEY_PARTS = 32
"""A dotted key or table header with more parts is refused before parsing: tomllib takes time
quadratic in the parts of one key, and no configuration needs more."""


def _toml_shape(text: str) -> str | None:
    """Why ``text`` is refused before TOML parsing, or ``None``: a line whose key (before its
    first ``=``, or a ``[table]`` header) has more than `MAX_TOML_KEY_PARTS` dotted parts
    outside quotes."""
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip()
        key = stripped if stripped.startswith("[") else stripped.partition("=")[0]
        if key.count(".") < MAX_TOML_KEY_PARTS:
            continue
        dots, quote = 0, ""
        for char in key:
            if quote:
                quote = "" if char == quote else quote
            elif char in "\"'":
                quote = char
            elif char == ".":
                dots += 1
        if dots >= MAX_TOML_KEY_PARTS:
            return f"line {number} has a key of more than {MAX_TOML_KEY_PARTS} dotted parts"
    return None


def _deeper_than(value: Any, limit: int) -> bool:
    """True when ``value`` nests more than ``limit`` lists or mappings (no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth >= limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


MAX_YAML_DEPTH = 32
"""Deeper nesting is refused: no configuration needs it, and PyYAML recurses per level."""


def _loader(*, refuse_duplicates: bool = True) -> Any:
    """PyYAML's safe loader without aliases and with bounded nesting: ``*name`` repeats a node
    without copying it, so a few hundred bytes of nested aliases expand to gigabytes for anyone
    who walks the value; thousands of ``[`` exhaust the stack."""
    import yaml  # only when there is a YAML configuration file (start-up)

    class Bounded(yaml.SafeLoader):
        depth = 0

        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            if refuse_duplicates and isinstance(node, yaml.MappingNode):
                _refuse_duplicate_keys(self, node)
            return super().construct_mapping(node, deep)

        def compose_node(self, parent: Any, index: Any) -> Any:
            problem = None
            if self.check_event(yaml.AliasEvent):
                problem = "aliases (*name) are not accepted; write the value out"
            elif self.depth >= MAX_YAML_DEPTH:
                problem = f"nested more than {MAX_YAML_DEPTH} levels deep"
            if problem:
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                raise yaml.composer.ComposerError(None, None, problem, mark)
            self.depth += 1
            try:
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

    def written_bool(loader: Any, node: Any) -> WrittenBool:
        return WrittenBool(node.value, node.start_mark.line + 1)

    def written_text(loader: Any, node: Any) -> str:
        text: str = loader.construct_scalar(node)
        if node.style is None and _number_text(text) is not None:
            return NumberText(text, node.start_mark.line + 1)
        return text

    Bounded.add_constructor("tag:yaml.org,2002:bool", written_bool)
    Bounded.add_constructor("tag:yaml.org,2002:str", written_text)
    return Bounded


class NumberText(str):
    """An unquoted YAML value Python reads as a number but YAML 1.1 as text (``1e3``,
    ``1.0e1``: its exponent needs a decimal point and a sign), with its line: the refusal of a
    number key says why it is text and how to write it."""

    __slots__ = ("line",)
    line: int

    def __new__(cls, text: str, line: int = 0) -> NumberText:
        made = super().__new__(cls, text)
        made.line = line
        return made


def _number_text(text: str) -> str | None:
    """How to write ``text`` (``1e3``) so YAML reads a number (``1000``), when it is a finite
    number to Python; else ``None``."""
    try:
        number = float(text)
    except ValueError:
        return None
    if number != number or number in (float("inf"), float("-inf")):
        return None
    mantissa = text.lower().partition("e")[0]
    return str(int(number)) if number.is_integer() and "." not in mantissa else repr(number)


def _text_number_problem(key: str, value: NumberText, expected: str, schema: dict[str, Any]) -> str:
    """Why ``key``'s ``value`` (``1e3``) is refused and what to write: the number YAML would
    read (``1000``) only when the key's own ``schema`` takes it, else that the number is not
    what the key accepts. ``key`` is the place as the message names it (``agent-hook.…``)."""
    from jsonschema import Draft202012Validator  # start-up: only when a configuration is read

    said = f"line {value.line}: {key} is {value}, which YAML reads as text, not a number"
    written = _number_text(value)
    if written is None:
        return f"{said}; expected {expected}"
    number = float(written) if "." in written or "e" in written else int(written)
    integer = schema.get("type") == "integer"
    if Draft202012Validator(schema).is_valid(number) and not (
        integer and isinstance(number, float)
    ):
        return f"{said}; write {written} instead; expected {expected}"
    return f"{said}; as a number it is {written}, which {key} does not take: expected {expected}"


@dataclass(frozen=True, slots=True)
class WrittenBool:
    """A YAML 1.1 boolean (``on``, ``No``, ``yes``, ``false``) as written: no key takes a
    boolean, and the token is what the user knows (``on``, not ``true``). Only ``off``, a
    severity's name, means something: the severity ``off`` under ``rules``."""

    text: str
    line: int


class DuplicateKey(Exception):
    """A mapping of the YAML configuration sets ``key`` twice (the last would win silently)."""

    def __init__(self, key: str, line: int, first: int) -> None:
        super().__init__(key)
        self.key, self.line, self.first = key, line, first


def _refuse_duplicate_keys(loader: Any, node: Any) -> None:
    seen: dict[Any, int] = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=True)
        shown = key.text if isinstance(key, WrittenBool) else key
        line = key_node.start_mark.line + 1
        try:
            if shown in seen:
                raise DuplicateKey(str(shown), line, seen[shown])
            seen[shown] = line
        except TypeError:  # an unhashable key: PyYAML's own error says so
            continue


def _refuse_duplicates_that_matter(text: str, matters: Callable[[KeyPath], bool]) -> None:
    """`DuplicateKey` for the first key of ``text`` (YAML) set twice in one mapping whose path
    ``matters``; the nodes are walked as composed, before any value is built."""
    import yaml  # only when there is a YAML configuration file (start-up)

    stack: list[tuple[KeyPath, Any]] = [((), yaml.compose(text, Loader=_loader()))]
    while stack:
        path, node = stack.pop()
        if isinstance(node, yaml.SequenceNode):
            stack.extend((path, item) for item in node.value)
        if not isinstance(node, yaml.MappingNode):
            continue
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key, line = str(key_node.value), key_node.start_mark.line + 1
            if key in seen and matters((*path, key)):
                raise DuplicateKey(key, line, seen[key])
            seen.setdefault(key, line)
            stack.append(((*path, key), value_node))


def config_schema() -> dict[str, Any]:
    """The JSON Schema the configuration is validated against, from the keys' declarations
    (``scripts/gen_rule_docs.py`` writes it to ``schema/config.schema.json`` for editors)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://github.com/handoff-audit/handoff-audit/releases/latest/download/"
        "config-v1.schema.json",
        "title": "handoff-audit configuration",
        **_mapping_of(
            Config, "The keys of .handoff-audit.yml, or of [tool.handoff-audit] in pyproject.toml."
        ),
    }


def accepted_keys() -> dict[str, str]:
    """Every top-level key and what it accepts, in words."""
    return {key: declared.accepts for key, _, declared in settings_of(Config)}


def validate_config(
    raw: Any,
    source: str,
    base: Path,
    rule_ids: Collection[str],
    roots: tuple[Path, ...],
    tracked: TrackedCheck,
) -> Config:
    """The `Config` the raw mapping ``raw`` (`parse_config_text`) sets, read from ``source``,
    whose relative paths start at ``base`` and may lead into ``roots`` (``tracked``: whether git
    tracks a path there); `InputError` naming ``source``, the key and what it accepts
    otherwise."""
    if not isinstance(raw, dict):
        raise InputError(f"{source}: the configuration must be a mapping of keys to values")
    accepts = accepted_keys()
    raw = _without_written_bools(raw, source, accepts)
    for key in raw:
        if key not in accepts:
            import difflib  # start-up: only for a mistyped key

            guess = difflib.get_close_matches(str(key).replace("_", "-"), list(accepts), n=1)
            hint = f" — did you mean {show(guess[0])}?" if guess else ""
            raise InputError(
                f"{source}: unknown key {show(key)}{hint}; accepted keys: {', '.join(accepts)}"
            )
    # jsonschema only when a configuration file is there to validate (start-up)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    schema = config_schema()
    inexact = _inexact_count(raw, schema, accepts)
    if inexact is not None:
        raise InputError(f"{source}: {inexact}")
    error = best_match(Draft202012Validator(schema).iter_errors(raw))
    if error is not None:
        path = [str(part) for part in error.absolute_path]
        key = path[0] if path else "?"
        if key == "rules" and len(path) > 1:
            raise InputError(
                f"{source}: rules.{show(path[1])[1:-1]} is {show(error.instance)}; "
                "accepted severities: error, warning, note, off"
            )
        if key == "agent-hook" and isinstance(raw.get(key), dict):
            raise InputError(f"{source}: {_agent_hook_problem(error, raw[key], rule_ids)}")
        value = raw.get(key)
        expected = accepts.get(key, "a valid value")
        if isinstance(value, NumberText):
            problem = _text_number_problem(key, value, expected, schema["properties"][key])
            raise InputError(f"{source}: {problem}")
        raise InputError(f"{source}: {key} is {show(value)}; expected {expected}")
    where = Where(source, base, roots, rule_ids, tracked)
    return Config(**_extended(_fields_from(Config, raw, where)), source=source)


def _inexact_count(
    raw: dict[str, Any], schema: dict[str, Any], accepts: Mapping[str, str]
) -> str | None:
    """What is wrong with a key that takes an integer, at the top or under ``agent-hook``, set to
    a float (``3.0``) or a boolean (TOML's ``true``): JSON Schema's "integer" takes 2.0 and
    Python's int takes True, and neither is a count."""
    places = [
        (key, value, schema["properties"].get(key, {}), accepts.get(key))
        for key, value in raw.items()
    ]
    hook = raw.get("agent-hook")
    if isinstance(hook, dict):
        declared = _agent_hook_accepts()
        places += [
            (
                f"agent-hook.{sub}",
                value,
                _AGENT_HOOK_SCHEMA["properties"].get(sub, {}),
                declared.get(sub),
            )
            for sub, value in hook.items()
        ]
    for place, value, each, expected in places:
        if each.get("type") == "integer" and isinstance(value, float | bool):
            return f"{place} is {show(value)}; expected {expected or 'an integer'}"
    return None


def _agent_hook_accepts() -> dict[str, str]:
    """Each ``agent-hook`` key and what it accepts, in words."""
    return {key: each.accepts for key, _, each in settings_of(AgentHook)}


def _number_item_problem(
    place: str, number: float, expected: str, rule_ids: Collection[str] | None
) -> str:
    """A number in a list of ``agent-hook`` that takes text at ``place``: a list of rule ids
    (``rule_ids``) names the known ones; a list of globs, how to write a path of digits."""
    said = f"{place} is {show(number)}, a number"
    if rule_ids is not None:
        return f"{said}; expected {expected}; known rules: {', '.join(sorted(rule_ids))}"
    return f'{said}; expected {expected}; for a path named {number}, write it in quotes: "{number}"'


def _agent_hook_problem(error: Any, value: dict[str, Any], rule_ids: Collection[str]) -> str:
    """What is wrong inside ``agent-hook`` (the schema ``error``), by key path and value:
    ``agent-hook.events[1] is "SubAgentStop" — did you mean "SubagentStop"?; expected …``,
    ``agent-hook: unknown key "rule" — did you mean "rules"?``. Values are quoted by `show`
    (shortened, secrets redacted)."""
    declared = _agent_hook_accepts()
    unknown = [key for key in value if key not in declared]
    if unknown:
        guess = closest(str(unknown[0]), declared)
        hint = f" — did you mean {show(guess)}?" if guess else ""
        return (
            f"agent-hook: unknown key {show(unknown[0])}{hint}; accepted keys: "
            f"{', '.join(f'{key} ({words})' for key, words in declared.items())}"
        )
    path = list(error.absolute_path)[1:]
    sub = str(path[0]) if path else None
    if sub not in declared:
        return f"agent-hook is {show(value)}; expected {_AGENT_HOOK_ACCEPTS}"
    place = "agent-hook." + sub + "".join(f"[{part}]" for part in path[1:])
    hint, expected = "", declared[sub]
    if isinstance(error.instance, NumberText) and len(path) == 1:
        return _text_number_problem(
            place, error.instance, expected, _AGENT_HOOK_SCHEMA["properties"][sub]
        )
    number = isinstance(error.instance, int | float) and not isinstance(error.instance, bool)
    if len(path) > 1 and error.validator == "type" and number:
        return _number_item_problem(
            place, error.instance, expected, rule_ids if sub == "rules" else None
        )
    allowed = error.schema.get("enum") if error.validator == "enum" else None
    if allowed:
        guess = closest(error.instance, allowed) if isinstance(error.instance, str) else None
        hint = f" — did you mean {show(guess)}?" if guess else ""
        expected = f"one of {', '.join(allowed)}"
    if error.validator == "uniqueItems":
        hint = ", which names a value twice"
    return f"{place} is {show(error.instance)}{hint}; expected {expected}"


def _without_written_bools(raw: dict[Any, Any], source: str, accepts: Mapping[str, str]) -> Any:
    """``raw`` with each YAML 1.1 boolean (`WrittenBool`) resolved: a key is its text (``on:``
    is the unknown key ``on``); a rule's level ``off`` (any letter case) is the severity
    ``off``; any other boolean value is an `InputError` naming the line and the token as
    written, since no key takes a boolean (``No`` quietly meaning ``off`` while ``on`` meant
    nothing would surprise either way)."""

    def resolve(value: Any, path: str) -> Any:
        if isinstance(value, WrittenBool):
            if path.startswith("rules.") and value.text.lower() == "off":
                return "off"
            return _refuse_bool(value, path, source, accepts)
        if isinstance(value, dict):
            # below the top, a key is a name: `rules: {0: error}` is the unknown rule id "0"
            keys = {
                key: key.text
                if isinstance(key, WrittenBool)
                else (key if not path or isinstance(key, str) else str(key))
                for key in value
            }
            return {
                keys[key]: resolve(item, f"{path}.{keys[key]}" if path else str(keys[key]))
                for key, item in value.items()
            }
        if isinstance(value, list):
            return [resolve(item, path) for item in value]
        return value

    resolved: dict[Any, Any] = resolve(raw, "")
    return resolved


def _refuse_bool(value: WrittenBool, path: str, source: str, accepts: Mapping[str, str]) -> Any:
    """`InputError` for the boolean ``value`` of the known key at ``path``, saying what the key
    accepts; of an unknown key, its text, so that the error names the key as unknown."""
    top, _, sub = path.partition(".")
    hook = _agent_hook_accepts()
    key = sub.split(".")[0]
    if top not in accepts or (top == "agent-hook" and sub and key not in hook):
        return value.text
    if top == "rules" and sub:
        expected = 'a severity: error, warning, note or "off"'
    elif top == "agent-hook" and sub:
        expected = hook[key]
    else:
        expected = accepts[top]
    raise InputError(
        f"{source}: line {value.line}: {one_line(path)} is {value.text}, which YAML reads as a "
        "boolean; "
        f"expected {expected}"
    )


def _fields_from(cls: type, raw: Mapping[str, Any], where: Where) -> dict[str, Any]:
    """The field values of the keys ``raw`` sets (already valid against the schema)."""
    values: dict[str, Any] = {}
    for key, each, declared in settings_of(cls):
        if key not in raw:
            continue
        value = raw[key]
        if declared.convert is not None:
            value = declared.convert(value, where)
        elif isinstance(value, list):
            value = tuple(value)
        values[each.name] = value
    return values
