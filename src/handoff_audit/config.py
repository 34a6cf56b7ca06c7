"""The audit's configuration: defaults, and loading from .handoff-audit.yml or pyproject.toml."""

from __future__ import annotations

import difflib
import json
import os
import stat
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from handoff_audit.credentials import show
from handoff_audit.errors import InputError
from handoff_audit.model.findings import Severity
from handoff_audit.suggest import unknown_name

DEFAULT_PACKETS = ("**/handoff.json", ".handoff/**/*.json", "**/HANDOFF.md", "**/handoff.md")


@dataclass(frozen=True, slots=True)
class AgentHook:
    """The ``agent-hook`` key: when `handoff-audit hook` may block a session, and on what."""

    events: tuple[str, ...] = ("Stop", "SubagentStop")
    """Events that may block (exit 2); any other event only reports. Claude Code blocks on
    ``Stop`` and ``SubagentStop``; blocking ``PreCompact`` would hold up a full context."""
    rules: tuple[str, ...] | None = None
    """Rule ids whose findings block; ``None``: every error, plus ``packet-outdated``,
    ``handoff-outdated`` and ``lkg-behind`` whatever their severity (a handoff older than the
    work)."""
    ignore: tuple[str, ...] = ()
    """Globs of paths an agent may change without a packet: a branch whose own changes all
    match needs none (a docs-only branch, if the team says so)."""


@dataclass(frozen=True, slots=True)
class Config:
    """Validated configuration. Every field has the default DESIGN.md gives."""

    packets: tuple[str, ...] = DEFAULT_PACKETS
    """Globs that find packet files, relative to the repository root."""
    block_files: tuple[str, ...] = ("**/HANDOFF.md",)
    """Globs of files that must not reach a protected branch."""
    protected_branches: tuple[str, ...] | None = None
    """Globs of branch names that count as protected targets; ``None`` (not configured): the
    repository's default branch (`git.protected.protected_patterns`)."""
    max_commits_behind: int = 10
    """``lkg-behind`` fires above this many commits."""
    max_age_days: int = 14
    """``packet-age`` fires when the packet's last change is older."""
    keep_last: int = 5
    """``log-untrimmed`` allows this many passing entries in ``commands_run``."""
    max_lines: int = 200
    """``too-long`` fires when the markdown has more lines."""
    max_file_bytes: int = 1024 * 1024
    """Packet files larger than this are ``invalid-json`` and are not parsed."""
    schema: str | None = None
    """Path or https URL of a schema that replaces the bundled one."""
    rules: Mapping[str, Severity | None] = field(default_factory=lambda: MappingProxyType({}))
    """Per-rule severity overrides; ``None`` means ``off``."""
    verify: str | None = None
    """The command that proves the tests green (``new``/``update --verify`` run it)."""
    agent_hook: AgentHook = field(default_factory=AgentHook)
    """What `handoff-audit hook` blocks on."""
    source: str | None = None
    """Where the configuration came from, for messages (``None`` = defaults)."""

    def overridden(
        self,
        *,
        max_commits_behind: int | None = None,
        protected_branches: tuple[str, ...] | None = None,
        block_files: tuple[str, ...] | None = None,
    ) -> Config:
        """This configuration with the keys that command-line flags or the action's inputs set
        (``None``: not set, keep the configured value)."""
        given = {
            "max_commits_behind": max_commits_behind,
            "protected_branches": protected_branches,
            "block_files": block_files,
        }
        overrides = {key: value for key, value in given.items() if value is not None}
        return replace(self, **overrides) if overrides else self  # type: ignore[arg-type]


CONFIG_FILES = (".handoff-audit.yml", ".handoff-audit.yaml")
"""Configuration files looked for at the repository root, before ``pyproject.toml``."""

MAX_CONFIG_BYTES = 1024 * 1024
"""A configuration file larger than this is refused unread."""

_ACCEPTS = {
    "packets": 'a non-empty list of globs, e.g. ["**/handoff.json"]',
    "block-files": 'a list of globs, e.g. ["**/HANDOFF.md"]',
    "protected-branches": 'a list of branch globs, e.g. [main, "release/*"]',
    "max-commits-behind": "an integer >= 0",
    "max-age-days": "an integer >= 0",
    "keep-last": "an integer >= 0",
    "max-lines": "an integer >= 1",
    "max-file-bytes": "an integer >= 1",
    "schema": "a path relative to the configuration file, or an https:// URL",
    "rules": "a mapping of rule id to error, warning, note or off",
    "verify": 'a shell command that exits 0 when the tests pass, e.g. "pytest -q"',
    "agent-hook": (
        "a mapping with events (a list of Stop, SubagentStop, PreCompact), rules "
        "(a list of rule ids) and ignore (a list of path globs)"
    ),
}


def load_config(
    root: Path, config_file: Path | None = None, *, rule_ids: Collection[str]
) -> Config:
    """The configuration for the repository at ``root``: ``config_file`` when given, else
    ``.handoff-audit.yml``, else ``[tool.handoff-audit]`` in ``pyproject.toml``, else defaults.

    ``rule_ids`` are the ids the ``rules`` key may name (the caller hands over the registry's, so
    that the configuration stays below the rules). Anything wrong is an `InputError` naming the
    file, the key, the value and what is accepted.
    """
    if config_file is not None:
        if not config_file.is_file():
            raise InputError(f"--config {config_file}: no such file")
        # The user chose this file, wherever it is; its schema may sit beside it.
        return _from_file(
            config_file, rule_ids, (root, config_file.resolve().parent), explicit=True
        )
    for name in (*CONFIG_FILES, "pyproject.toml"):
        path = root / name
        if not os.path.lexists(path):
            continue
        _check_inside(path, root)
        config = _from_file(path, rule_ids, (root,), explicit=False)
        if name != "pyproject.toml" or config.source is not None:
            return config
    return Config()


def _check_inside(path: Path, root: Path) -> None:
    """A discovered configuration must be a regular file inside the repository: a link leading
    out of it would let the repository's content pick a file to read (and quote)."""
    real = path.resolve()
    if not real.is_relative_to(root.resolve()):
        raise InputError(
            f"{_display(path)}: a link leading outside the repository; the configuration is "
            "read only from inside it (name another file with --config)"
        )
    try:
        mode = real.stat().st_mode
    except OSError as error:
        raise InputError(f"{_display(path)}: cannot be read ({error.strerror})") from None
    if not stat.S_ISREG(mode):
        raise InputError(f"{_display(path)}: not a regular file; make it one or remove it")


def _from_file(
    path: Path, rule_ids: Collection[str], roots: tuple[Path, ...], *, explicit: bool
) -> Config:
    source = _display(path)
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_CONFIG_BYTES + 1)
        if len(data) > MAX_CONFIG_BYTES:
            raise InputError(f"{source}: larger than {MAX_CONFIG_BYTES} bytes; not a configuration")
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"{source}: cannot be read ({error})") from None
    if path.suffix == ".toml":
        import tomllib  # only when the configuration is in a TOML file (start-up)

        try:
            document = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise InputError(f"{source}: not valid TOML: {error}") from None
        except RecursionError:  # tomllib recurses per level of nesting
            raise InputError(f"{source}: nested too deeply to be a configuration") from None
        tool = document.get("tool", {})
        if isinstance(tool, dict) and "handoff-audit" in tool:
            raw: Any = tool["handoff-audit"]
            source = f"{source} [tool.handoff-audit]"
        elif explicit and path.name != "pyproject.toml":
            raw = document
        else:
            return Config()
    else:
        import yaml  # only when there is a YAML configuration file (start-up)

        try:
            raw = yaml.load(text, Loader=_loader())
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
            problem = getattr(error, "problem", None) or "syntax error"
            raise InputError(f"{source}: not valid YAML{where}: {problem}") from None
        if raw is None:
            raw = {}
    return _validate(raw, source, path.parent, rule_ids, roots)


MAX_YAML_DEPTH = 32
"""Deeper nesting is refused: no configuration needs it, and PyYAML recurses per level."""


def _loader() -> Any:
    """PyYAML's safe loader without aliases and with bounded nesting: ``*name`` repeats a node
    without copying it, so a few hundred bytes of nested aliases expand to gigabytes for anyone
    who walks the value; thousands of ``[`` exhaust the stack."""
    import yaml

    class Bounded(yaml.SafeLoader):
        depth = 0

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

    return Bounded


def config_schema() -> dict[str, Any]:
    """The JSON Schema the configuration is validated against (package data)."""
    data = resources.files("handoff_audit").joinpath("schema", "config.schema.json")
    text = data.read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _validate(
    raw: Any, source: str, base: Path, rule_ids: Collection[str], roots: tuple[Path, ...]
) -> Config:
    if not isinstance(raw, dict):
        raise InputError(f"{source}: the configuration must be a mapping of keys to values")
    raw = dict(raw)
    if isinstance(raw.get("rules"), dict):
        # YAML 1.1 reads a bare `off` as false; that is what the user meant.
        raw["rules"] = {str(k): ("off" if v is False else v) for k, v in raw["rules"].items()}
    for key in raw:
        if key not in _ACCEPTS:
            guess = difflib.get_close_matches(str(key).replace("_", "-"), list(_ACCEPTS), n=1)
            hint = f" — did you mean {show(guess[0])}?" if guess else ""
            raise InputError(
                f"{source}: unknown key {show(key)}{hint}; accepted keys: {', '.join(_ACCEPTS)}"
            )
    # jsonschema only when a configuration file is there to validate (start-up)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    error = best_match(Draft202012Validator(config_schema()).iter_errors(raw))
    if error is not None:
        path = [str(part) for part in error.absolute_path]
        key = path[0] if path else "?"
        if key == "rules" and len(path) > 1:
            raise InputError(
                f"{source}: rules.{show(path[1])[1:-1]} is {show(error.instance)}; "
                "accepted severities: error, warning, note, off"
            )
        value = raw.get(key)
        raise InputError(
            f"{source}: {key} is {show(value)}; expected {_ACCEPTS.get(key, 'a valid value')}"
        )
    severities: dict[str, Severity | None] = {}
    for rule_id, level in raw.get("rules", {}).items():
        if rule_id not in rule_ids:
            raise InputError(
                f"{source}: rules: {unknown_name('rule id', str(rule_id), rule_ids, 'rules')}"
            )
        severities[rule_id] = None if level == "off" else Severity(level)
    agent_hook = _agent_hook(raw.get("agent-hook"), source, rule_ids)
    schema = raw.get("schema")
    if isinstance(schema, str):
        schema = _schema_source(schema, source, base, roots)
    defaults = Config()
    return Config(
        packets=tuple(raw.get("packets", defaults.packets)),
        block_files=tuple(raw.get("block-files", defaults.block_files)),
        protected_branches=(
            tuple(raw["protected-branches"])
            if "protected-branches" in raw
            else defaults.protected_branches
        ),
        max_commits_behind=raw.get("max-commits-behind", defaults.max_commits_behind),
        max_age_days=raw.get("max-age-days", defaults.max_age_days),
        keep_last=raw.get("keep-last", defaults.keep_last),
        max_lines=raw.get("max-lines", defaults.max_lines),
        max_file_bytes=raw.get("max-file-bytes", defaults.max_file_bytes),
        schema=schema,
        rules=MappingProxyType(severities),
        verify=raw.get("verify", defaults.verify),
        agent_hook=agent_hook,
        source=source,
    )


def _agent_hook(raw: Any, source: str, rule_ids: Collection[str]) -> AgentHook:
    """The validated ``agent-hook`` mapping (its shape is already checked by the schema)."""
    if raw is None:
        return AgentHook()
    events = tuple(raw.get("events", AgentHook().events))
    rules = raw.get("rules")
    if rules is not None:
        for rule_id in rules:
            if rule_id not in rule_ids:
                raise InputError(
                    f"{source}: agent-hook.rules: unknown rule id {show(rule_id)}; known rules: "
                    f"{', '.join(sorted(rule_ids))}"
                )
        rules = tuple(rules)
    return AgentHook(events=events, rules=rules, ignore=tuple(raw.get("ignore", ())))


def _schema_source(value: str, source: str, base: Path, roots: tuple[Path, ...]) -> str:
    if value.startswith("https://"):
        return value
    if "://" in value:
        raise InputError(
            f"{source}: schema {value!r} must be a path or an https:// URL (plain http is refused)"
        )
    path = (base / value).resolve()
    if not any(path.is_relative_to(root.resolve()) for root in roots):
        raise InputError(
            f"{source}: schema {value!r} leads outside the repository; give a path inside it "
            "or an https:// URL"
        )
    if not path.is_file():
        raise InputError(f"{source}: schema {value!r}: no such file (looked at {path})")
    return str(path)


def _display(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)
