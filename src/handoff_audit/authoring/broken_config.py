"""Whether a configuration that cannot be read is the branch's doing: the Stop hook holds a stop
on a configuration file, or the local schema file it names, that the branch changed (committed
against its default branch, or left uncommitted) and broke, which the agent can mend, and lets
the session go on one it did not touch, or that was broken the same way on the default branch."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from handoff_audit.config import (
    CONFIG_FILES,
    PYPROJECT,
    AgentHook,
    Config,
    config_from_text,
    parse_config_text,
    validate_config,
)
from handoff_audit.cwd_paths import from_cwd
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.git.tracked import is_tracked
from handoff_audit.git.workbench import base_commit, branch_changes
from handoff_audit.rules import RULES_BY_ID
from handoff_audit.schema_file import schema_problem, schema_text_problem

MAX_BASE_BYTES = 1 << 20
"""The most bytes of a default branch's configuration or schema file read."""
_CONFIG_NAMES = (*CONFIG_FILES, PYPROJECT)
"""The files `load_config` looks for at the root, in its order."""
_PLACE = re.compile(r"\b(line|column|char)( \d+)+", re.IGNORECASE)
"""A place in a file an error names: a line added above it moves it, not the error."""


@dataclass(frozen=True)
class BrokenConfig:
    """A configuration the branch broke: the file the error is in, from the top folder, and
    the hook's settings of the default branch's configuration (the defaults when it has none
    that reads)."""

    file: str
    config: str
    """The configuration file, from the top folder (``file`` too, unless the error is in the
    schema it names)."""
    hook: AgentHook
    gone: bool = False
    """Whether ``file`` is the schema the configuration names, which the branch deleted or
    renamed."""


def changed_config(root: Path, error: str) -> BrokenConfig | None:
    """The file the configuration ``error`` of the repository at ``root`` is in (the first of
    `CONFIG_FILES` and ``pyproject.toml`` there, as `load_config` takes it, or the local
    ``schema`` file it names), when the checked-out branch changed either against its default
    branch or left it uncommitted (a schema the default branch has that is gone here: deleted or
    renamed), and the default branch's configuration is not broken the
    same way; ``None`` when not, or git cannot say. Only asked when the configuration cannot
    be read: its git processes are not on the common path."""
    name = next((n for n in _CONFIG_NAMES if os.path.lexists(root / n)), None)
    if name is None:
        return None
    schema = _local_schema(root, name, _text(root / name))
    gone = schema is not None and not os.path.lexists(root / schema) and "no such file" in error
    problem = schema_problem(root / schema) if schema and not gone else None
    in_schema = schema is not None and problem is not None and problem in error
    file = schema if schema is not None and (in_schema or gone) else name
    try:
        texts = _base_texts(root, [name, file], _CONFIG_NAMES)
    except (plumbing.GitError, InputError, ValueError):
        return None
    if texts is None:
        return None
    # A schema the default branch has too that is gone here: the branch deleted or renamed it.
    gone = gone and texts[1] is not None
    if in_schema:
        named = _local_schema(root, name, texts[0]) == schema
        inherited = named and _same(_schema_error(texts[1]), problem)
    else:
        inherited = not gone and _same(_base_error(root, name, texts[0]), error)
    if inherited:
        return None
    return BrokenConfig(
        file if in_schema or gone else name, name, _base_hook(root, texts[2:]), gone
    )


def _same(base: str | None, error: str | None) -> bool:
    """Whether the default branch's error ``base`` is ``error``, wherever in the file each is."""
    if base is None or error is None:
        return False
    return _PLACE.sub(r"\1", base) == _PLACE.sub(r"\1", error)


def _base_texts(
    root: Path, files: list[str], also: tuple[str, ...] = ()
) -> list[str | None] | None:
    """The default branch's text of each of ``files``, then of each of ``also`` (``None`` where
    it has none, or there is no default branch), when the checked-out branch changed any of
    ``files`` (committed against the default branch, or left uncommitted); ``None`` when it
    changed none."""
    refs = plumbing.read_refs(root)
    marked = (r.branch for r in refs[0] if r.current and r.name.startswith("refs/heads/"))
    branch = next(marked, None)

    def status() -> dict[str, str]:
        return plumbing.status(root, files)

    # The defaults: the configuration that names the protected branches cannot be read.
    changed = (
        set(status()) if branch is None else branch_changes(root, Config(), branch, refs, status)[0]
    )
    if not changed.intersection(files):
        return None
    base = base_commit(root, Config(), refs) if branch is not None else None
    wanted = [*files, *also]
    names = [f"{base}~0:{file}" for file in wanted] if base else []
    blobs = plumbing.read_blobs(root, names, MAX_BASE_BYTES)
    return [_decoded(blobs.get(name)) for name in names] or [None for _ in wanted]


def _decoded(blob: bytes | None) -> str | None:
    return None if blob is None else blob.decode("utf-8", "replace")


def _text(path: Path) -> str | None:
    try:
        return path.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _local_schema(root: Path, name: str, text: str | None) -> str | None:
    """The local ``schema`` file the configuration ``text`` of file ``name`` names, from the
    top folder."""
    try:
        parsed = parse_config_text(text or "", name, from_cwd(root / name))
    except InputError:
        return None
    value = parsed[0].get("schema") if parsed and isinstance(parsed[0], dict) else None
    if not isinstance(value, str) or "://" in value:
        return None
    path, real = (root / value).resolve(), root.resolve()
    return path.relative_to(real).as_posix() if path.is_relative_to(real) else None


def _base_error(root: Path, name: str, text: str | None) -> str | None:
    """The error the default branch's ``text`` of configuration file ``name`` gives, if any."""
    if text is None:
        return None
    try:
        config_from_text(text, root / name, RULES_BY_ID, (root,), is_tracked)
    except InputError as error:
        return str(error)
    return None


def _schema_error(text: str | None) -> str | None:
    return None if text is None else schema_text_problem(text)


def _base_hook(root: Path, texts: list[str | None]) -> AgentHook:
    """The ``agent-hook`` settings of the default branch's configuration, found as `load_config`
    finds it in the work tree: the first of ``texts`` (the default branch's `_CONFIG_NAMES`)
    it has, when they read; else the defaults."""
    found = next(((n, t) for n, t in zip(_CONFIG_NAMES, texts, strict=True) if t is not None), None)
    if found is None:
        return AgentHook()
    name, text = found
    try:
        parsed = parse_config_text(text, name, from_cwd(root / name))
        raw: Any = parsed[0] if parsed else {}
        hook = raw.get("agent-hook") if isinstance(raw, dict) else None
        if not isinstance(hook, dict):
            return AgentHook()
        source = parsed[1] if parsed else name
        config = validate_config(
            {"agent-hook": hook}, source, root, RULES_BY_ID, (root,), is_tracked
        )
    except InputError:
        return AgentHook()
    return config.agent_hook
