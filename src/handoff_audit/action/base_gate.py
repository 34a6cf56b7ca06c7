"""The merge gate's settings on a pull request: read from the base commit, not the pull request.

A pull request's own ``.handoff-audit.yml`` is content the pull request controls: read from its
head, ``rules: {handoff-in-merge: "off"}`` or ``block-files: []`` added by the same pull request
that adds ``HANDOFF.md`` would open the gate it is checked by. So on a pull request (and a merge
queue entry) the keys that decide the gate come from the configuration as it is on the base
commit, read with one ``git cat-file --batch``; the other keys (judgement tuning) stay the pull
request's.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from handoff_audit.config import (
    CONFIG_FILES,
    MAX_CONFIG_BYTES,
    PYPROJECT,
    Config,
    KeyPath,
    parse_config_text,
    validate_config,
)
from handoff_audit.errors import InputError
from handoff_audit.git import commit_files, submodule_files
from handoff_audit.git.tracked import is_tracked
from handoff_audit.model.gate_exclusions import own_exclusions
from handoff_audit.rules import ALL_RULES, RULES_BY_ID

GATE_KEYS = (
    "packets",
    "extend-packets",
    "block-files",
    "series",
    "extend-series",
    "protected-branches",
)
"""Keys that decide what the gate finds and where it applies: which files are handoffs
(``packets``, ``series`` and what extends them), which are blocked (``block-files``) and into
which branches."""

GATE_RULES = tuple(rule.id for rule in ALL_RULES if rule.blocks_merge)
"""The rules whose level under ``rules:`` opens or closes the gate."""


@dataclass(frozen=True, slots=True)
class GatedConfig:
    """The configuration with the gate's settings from the base commit."""

    config: Config
    notice: str | None
    """One line when the pull request's gate settings differ from the base commit's."""
    base_read: bool = True
    """False when the base commit was not in the clone and could not be fetched: the gate's
    settings are the defaults, not the base's."""
    own: Config | None = None
    """The pull request's own configuration when its ``packets`` or ``series`` differ from the
    gate's: they decide which files the other rules judge (`AuditRequest.judged_by`)."""
    exclusions: tuple[str, ...] = ()
    """The ``!`` entries the pull request's ``block-files`` adds over the base's: they leave out
    of the gate only a regular file the base already has and the pull request does not change
    (`Target.gate_exclusions`)."""
    own_block_files: tuple[str, ...] | None = None
    """The pull request's ``block-files`` when it differs from the base's, which the gate uses
    (`Target.own_block_files`)."""
    unread: str | None = None
    """Why the base commit's configuration could not be read (its gate settings are the
    defaults)."""
    from_base: bool = True
    """False when the gate's settings are ``config``'s own (the ``explicit`` file is the
    workflow's; `check` on the target itself or without one)."""


def gate_from_base(
    root: Path,
    config: Config,
    base: str,
    explicit: Path | None,
    *,
    block_input: bool = False,
    in_clone: bool = False,
) -> GatedConfig:
    """``config`` (read from the pull request's work tree, or ``explicit``, the ``config``
    input, its path as given: no link of the work tree followed) with the gate's settings as
    the base commit ``base`` has them: from the same file there (``explicit``) or from the
    configuration found there as ``load_config`` finds it; the defaults when the base has none,
    or one that cannot be read (the notice says why: a fix in the pull request takes effect
    only once merged). An ``explicit`` file that is no file of the repository (a separate
    checkout the workflow made, an untracked file) is trusted as it is; one the pull request
    tracks and the base commit lacks is an `InputError` (the pull request's content: fail
    closed). ``block_input``: the Action's ``block-files`` input replaces both configurations'
    list, so no ``!`` entry of the pull request's is honoured, and the notice says so;
    ``in_clone``: ``base`` is known to be in the clone (`check` resolved it), not asked again."""
    names = _candidates(root, explicit, base)
    if names is None:
        return GatedConfig(config, None, from_base=False)
    missing = None if in_clone else _missing_base(root, base)
    gated = _read_gate(root, config, base, (explicit, names, missing), block_input)
    ours, theirs = config.block_files, gated.config.block_files
    if block_input or ours == theirs:
        return gated
    return replace(gated, exclusions=own_exclusions(ours, theirs), own_block_files=ours)


def _read_gate(
    root: Path,
    config: Config,
    base: str,
    asked: tuple[Path | None, tuple[str, ...], str | None],
    block_input: bool,
) -> GatedConfig:
    """`gate_from_base` for ``asked``: the ``explicit`` file, the files ``names`` of the base
    commit to read, and the notice when the base commit is missing."""
    explicit, names, missing = asked
    base_config = Config()
    if missing is not None:
        merged = _with_gate_of(config, base_config)
        return GatedConfig(merged, missing, base_read=False, own=_own(config, merged))
    what = "configuration" if explicit is None else names[0]
    where = f"the base commit {base[:12]} (no {what} there: the defaults)"
    try:
        found = _first_present(root, base, names, explicit=explicit is not None)
        if found is None and explicit is not None:
            raise _pull_requests_file(names[0], base)
        if found is not None:
            path, data, source = found
            read = _gate_config(root, path, data, source, explicit=explicit is not None)
            if read is not None:  # else a pyproject.toml without the table: the defaults
                base_config, where = read, source
    except _PullRequestsFile as error:
        raise InputError(str(error)) from None
    except InputError as error:
        notice = (
            f"{error}; the merge gate uses the defaults for this pull request: a fix in a "
            "pull request takes effect once merged"
        )
        merged = _with_gate_of(config, base_config)
        return GatedConfig(merged, notice, own=_own(config, merged), unread=str(error))
    merged = _with_gate_of(config, base_config)
    own = _own(config, merged)
    return GatedConfig(merged, _notice(config, merged, where, own, block_input), own=own)


def _notice(
    config: Config, merged: Config, where: str, own: Config | None, block_input: bool
) -> str | None:
    """The notice naming the gate settings the pull request's ``config`` changes over
    ``merged`` (the base's, read from ``where``); ``block_input``: the Action's ``block-files``
    input replaces both lists, so the pull request's is not used, nor its ``!`` entries."""
    changed = changed_keys(config, merged)
    source = config.source or "this pull request"
    notices = []
    if block_input and "block-files" in changed:
        changed.remove("block-files")
        notices.append(
            f"{source}: its `block-files` is not used, nor the base commit's: the Action's "
            "`block-files` input sets the list the merge gate blocks, so the pull request's `!` "
            "entries leave nothing out; to leave a file out, add its `!` entry to the input in "
            "the workflow"
        )
    if changed:
        notice = (
            f"{source}: the merge-gate settings ({', '.join(changed)}) were read from {where}, "
            "not from the pull request, which changes them; they take effect once merged"
        )
        exclusions = own_exclusions(config.block_files, merged.block_files)
        if exclusions and not block_input:
            notice += (
                f", but for its `!` entries in `block-files` ({', '.join(exclusions)}), which "
                "already leave out a regular file the base commit has and the pull request does "
                "not change"
            )
        if own is not None:
            notice += (
                " (the rules other than the merge gate's already judge the files the pull "
                "request's own `packets` and `series` find)"
            )
        notices.insert(0, notice)
    return "; ".join(notices) or None


class _PullRequestsFile(InputError):
    """The ``config`` input's file is the pull request's: the run stops (fail closed)."""


def _pull_requests_file(name: str, base: str) -> _PullRequestsFile:
    """The ``config`` input names ``name``, a file the pull request's checkout tracks and the
    base commit does not have: the content in the workspace is the pull request's (or a file
    an earlier step wrote there, which the checkout or the pull request can replace), so the
    gate's settings are nobody's to trust; the defaults would silently drop the workflow's."""
    return _PullRequestsFile(
        f"input config: {name!r} is tracked by the pull request but not by the base commit "
        f"{base[:12]}, so its content is the pull request's and the merge gate cannot be "
        "judged; write the configuration outside the repository or to a path git does not "
        "track (or merge the file into the base branch first)"
    )


def _own(config: Config, gate: Config) -> Config | None:
    """``config``, the pull request's, when its ``packets`` or ``series`` differ from ``gate``'s:
    the files it audits are the ones the rules other than the gate's judge."""
    if (config.packets, config.series) == (gate.packets, gate.series):
        return None
    return config


def _gate_config(
    root: Path, name: str, data: bytes, source: str, *, explicit: bool
) -> Config | None:
    """The gate's settings in the base commit's file ``name`` (content ``data``); ``None`` for a
    ``pyproject.toml`` without the table; `InputError` when they cannot be read. A key set twice
    that the gate does not read does not matter here."""
    if len(data) > MAX_CONFIG_BYTES:
        raise InputError(f"{source}: larger than {MAX_CONFIG_BYTES} bytes; not a configuration")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"{source}: cannot be read ({error})") from None
    parsed = parse_config_text(text, name, source, explicit=explicit, duplicate_matters=_is_read)
    if parsed is None:
        return None
    raw, source = parsed
    return validate_config(
        _gate_part(raw), source, (root / name).parent, RULES_BY_ID, (root,), is_tracked
    )


def _is_read(path: KeyPath) -> bool:
    """Whether the gate reads the key at ``path`` (or what is under it)."""
    top, *rest = path
    if top == "rules":
        return not rest or rest[0] in GATE_RULES
    return top in GATE_KEYS


def _candidates(root: Path, explicit: Path | None, base: str) -> tuple[str, ...] | None:
    """The files to read at the base commit, relative to ``root``; ``None`` when ``explicit``
    is the workflow's own file: outside the repository, in a separate checkout inside it (a
    folder with a ``.git`` folder of its own), or a file git does not track. ``explicit`` is
    the input's path as given, never followed through a link of the pull request's tree: the
    base commit is asked for that name, and a link or a file the pull request carries there
    changes nothing. A file inside a submodule (of the checkout or of ``base``) is the
    pull request's too: the superproject tracks only the submodule's commit. A relative
    ``explicit`` is taken from the working directory, as ``load_config`` reads it."""
    if explicit is None:
        return (*CONFIG_FILES, PYPROJECT)
    explicit = Path(os.path.abspath(explicit))  # no link followed
    if not explicit.is_relative_to(root):
        return None
    relative = explicit.relative_to(root)
    name, parts = relative.as_posix(), relative.parts
    if any(root.joinpath(*parts[:n]).is_symlink() for n in range(1, len(parts) + 1)):
        return (name,)  # a link in the pull request's tree: the base's file of that name
    if submodule_files.submodule_of(root, base, name) is not None:
        return (name,)
    if any((root.joinpath(*parts[:n]) / ".git").is_dir() for n in range(1, len(parts))):
        return None  # a separate checkout the workflow made (a submodule has a `.git` file)
    return (name,) if commit_files.is_tracked(root, name) else None


def _missing_base(root: Path, base: str) -> str | None:
    """The notice when the base commit is not in the clone and cannot be fetched (a shallow
    checkout whose remote git cannot reach): the audit still runs, the gate with the
    defaults."""
    if commit_files.have_commit(root, base):
        return None
    return (
        f"the pull request's base commit {base[:12]} is not in the clone and could not be "
        "fetched, so its merge-gate settings could not be read: the merge gate uses the "
        "defaults for this pull request; check out with `fetch-depth: 0` (actions/checkout)"
    )


def _first_present(
    root: Path, base: str, names: tuple[str, ...], *, explicit: bool
) -> tuple[str, bytes, str] | None:
    """The first of ``names`` the base commit has: the path read (a link's target), its content
    and where it was read; `InputError` for a link leading out of the repository. An
    ``explicit`` file inside a submodule is read at the submodule commit the base records, and
    is `_PullRequestsFile` when it cannot be."""
    if explicit and (inside := submodule_files.submodule_of(root, base, names[0])) is not None:
        data = submodule_files.read_in_submodule(root, inside)
        if data is None or inside.commit is None:
            raise _in_submodule(names[0], inside, base)
        source = f"{names[0]} at the submodule commit {inside.commit[:12]} of the base commit"
        return names[0], data, f"{source} {base[:12]}"
    found = commit_files.read_at(root, base, names)
    for name in names:
        if name in found:
            path, data = found[name]
            link = f" (a link to {path})" if path != name else ""
            return path, data, f"{name}{link} at the base commit {base[:12]}"
    return None


def _in_submodule(name: str, inside: submodule_files.InSubmodule, base: str) -> _PullRequestsFile:
    """The ``config`` input's file is in a submodule whose base commit cannot be read."""
    why = (
        f"the base commit {base[:12]} records no submodule there"
        if inside.commit is None
        else f"its commit {inside.commit[:12]} the base records is not checked out in the "
        f"workspace or has no {inside.rest}"
    )
    return _PullRequestsFile(
        f"input config: {name!r} is inside the submodule {inside.folder}, whose content the "
        f"pull request decides (the repository tracks only its commit), and {why}, so the merge "
        "gate cannot be judged; check out submodules with their history (actions/checkout "
        "`submodules: true`, `fetch-depth: 0`) or write the configuration outside the submodule"
    )


def _gate_part(raw: Any) -> Any:
    """The gate's keys of the raw configuration (the rest is not validated here: it is not
    used); anything not a mapping as it is, for the validation to refuse."""
    if not isinstance(raw, Mapping):
        return raw
    part = {key: raw[key] for key in GATE_KEYS if key in raw}
    rules = raw.get("rules")
    if isinstance(rules, Mapping):
        part["rules"] = {key: value for key, value in rules.items() if key in GATE_RULES}
    return part


def _with_gate_of(config: Config, base: Config) -> Config:
    rules = {key: value for key, value in config.rules.items() if key not in GATE_RULES}
    rules.update((key, value) for key, value in base.rules.items() if key in GATE_RULES)
    return replace(
        config,
        packets=base.packets,
        extend_packets=base.extend_packets,
        block_files=base.block_files,
        series=base.series,
        extend_series=base.extend_series,
        protected_branches=base.protected_branches,
        rules=MappingProxyType(rules),
    )


def changed_keys(config: Config, gate: Config) -> list[str]:
    """The gate's settings (``rules.<id>`` for a rule's level) ``config`` has otherwise than
    ``gate``."""
    ours, theirs = _gate(config), _gate(gate)
    return [key for key in ours if ours[key] != theirs[key]]


def _gate(config: Config) -> dict[str, Any]:
    """The gate's settings by the names the configuration gives them."""
    return {
        "packets": config.packets,
        "extend-packets": config.extend_packets,
        "block-files": config.block_files,
        "series": config.series,
        "extend-series": config.extend_series,
        "protected-branches": config.protected_branches,
        **{f"rules.{rid}": config.rules.get(rid, "default") for rid in GATE_RULES},
    }
