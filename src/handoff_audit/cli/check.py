"""The `check` command: options -> configuration -> audit -> formatted report -> exit code."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import click

from handoff_audit import shell
from handoff_audit.action.base_gate import GatedConfig, changed_keys, gate_from_base
from handoff_audit.atomic import write_output
from handoff_audit.cli.output_guard import refuse_handoff_output
from handoff_audit.cli.say import say_config_notes
from handoff_audit.config import (
    Config,
    load_config,
    refuse_branch_exclusions,
    refuse_only_exclusions,
    refuse_unmatchable,
)
from handoff_audit.cwd_paths import from_cwd
from handoff_audit.engine.audit import AuditRequest, run_audit
from handoff_audit.engine.discovery import absolute, find_root
from handoff_audit.engine.ignored import (
    hidden_advice,
    ignored_beside,
    ignored_handoffs,
    kept_advice,
    notes_advice,
    owner_revision,
    owners_files,
)
from handoff_audit.engine.session_state import session_state_note
from handoff_audit.engine.stray_handoffs import gated_files, stray_note
from handoff_audit.errors import EXIT_FINDINGS, EXIT_OK, InputError
from handoff_audit.formats import FORMATS, FormatOptions
from handoff_audit.git.base_tip import shown_name, target_tip
from handoff_audit.git.plumbing import GitError, Refs, RepoInfo, read_refs, repo_info, resolve
from handoff_audit.git.tracked import is_tracked
from handoff_audit.git.workbench import branch_base
from handoff_audit.model.context import StagedChanges, Target
from handoff_audit.model.findings import FAIL_ON, Report
from handoff_audit.model.packet import in_series
from handoff_audit.rules import RULES_BY_ID


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """The `check` command's options, parsed."""

    paths: tuple[Path, ...]
    """Where to look for packets."""
    output_format: str = "text"
    """A key of `FORMATS`."""
    output: Path | None = None
    """Write the report here instead of standard output."""
    config_file: Path | None = None
    """An explicit configuration file."""
    branch: str | None = None
    """The branch checked."""
    target_branch: str | None = None
    """The merge target."""
    head: str | None = None
    """The commit checked."""
    all_branches: bool = False
    """Also read every other branch's packets."""
    fetch_history: bool = False
    """May fetch what a shallow clone lacks; without it the repository is never changed."""
    select: frozenset[str] | None = None
    """Only these rules."""
    ignore: frozenset[str] = frozenset()
    """Never these rules."""
    fail_on: str = "error"
    """``error``, ``warning`` or ``never``: the lowest severity that makes the exit code 1."""
    exit_zero: bool = False
    """Exit 0 even when findings reach ``fail_on``."""
    color: str = "auto"
    """``auto`` (a terminal without ``NO_COLOR``), ``always`` or ``never``."""
    quiet: bool = False
    """Findings only, no status line."""
    max_commits_behind: int | None = None
    """Overrides the configuration's ``max-commits-behind``."""
    protected_branches: tuple[str, ...] | None = None
    """Overrides the configuration's ``protected-branches``."""
    block_files: tuple[str, ...] | None = None
    """Overrides the configuration's ``block-files``."""
    jobs: int | None = None
    """Overrides the configuration's ``jobs`` (processes checking packets; 1 = no workers)."""
    staged: StagedChanges | None = None
    """The commit being made (`Target.staged`), for the pre-commit hook."""


def run_check(options: CheckOptions) -> int:
    """Audit, write the report, and return 0 (nothing at the failing level) or 1."""
    paths = tuple(absolute(path) for path in options.paths or (Path("."),))
    root = find_root(paths)
    if not options.paths and os.path.lexists(root / ".git"):
        # The rules are repository-wide (one active packet per branch, the merge gate): from
        # a subfolder, no PATHS still means the whole repository.
        paths = (root,)
    config = load_config(root, options.config_file, rule_ids=RULES_BY_ID, tracked=is_tracked)
    say_config_notes(config.notes)
    gated, known = _target_gate(root, config, options)
    request = AuditRequest(
        root=root,
        paths=paths,
        config=with_overrides(gated.config, options, root),
        judged_by=gated.own,
        target=Target(
            head=options.head,
            branch=options.branch,
            target_branch=options.target_branch,
            all_branches=options.all_branches,
            fetch_history=options.fetch_history,
            staged=options.staged,
            gate_exclusions=gated.exclusions,
            own_block_files=gated.own_block_files,
            gate_from_target=gated.from_base,
        ),
        select=options.select,
        ignore=options.ignore,
        known_git=known,
    )
    failing = None if options.exit_zero else FAIL_ON[options.fail_on]
    shown = _root_from_cwd(root)  # from outside: fixes name its files as findings do
    with shell.commands_from(shown):
        report = replace(run_audit(request), fail_level=failing)
    for line in report.warnings_said:
        click.echo(f"handoff-audit: warning: {line}", err=True)
    for line in report.notices_said:
        click.echo(f"handoff-audit: note: {line}", err=True)
    if options.output is not None:
        refuse_handoff_output(options.output, root, report, request.config)
    format_options = FormatOptions(
        color=options.output is None and use_color(sys.stdout, options.color),
        quiet=options.quiet,
        cwd=_cwd_from(root),
        root_shown=shown,
        scoped=bool(options.paths) and paths != (root,),
    )
    with shell.commands_from(shown):
        write_report(FORMATS[options.output_format](report, format_options), options.output)
    if not format_options.scoped:
        _say_unaudited(root, request.judged_by or request.config, report, options)
    return EXIT_FINDINGS if report.fails_at(report.fail_level) else EXIT_OK


def _say_unaudited(root: Path, scope: Config, report: Report, options: CheckOptions) -> None:
    """The notes on the handoff files the audit did not read: those git ignores, and those the
    globs of ``scope`` (the branch's own, which find files besides the gate's) do not find."""
    found = [p.path for p in report.packets]
    ignored = (
        ignored_beside(root, found, scope)
        if report.packets or report.findings
        else ignored_handoffs(root, scope)
    )
    _say_ignored_handoffs(root, scope, options.target_branch, ignored)
    if not (options.quiet and report.packets):
        blocked = gated_files(report.findings)
        _say_stray_handoffs(root, scope, found=bool(report.packets), gated=blocked)
    if not report.packets and not report.findings:
        said = session_state_note(root, lambda path: shell.quote_path(from_cwd(root / path)))
        if said is not None:
            click.echo(f"handoff-audit: note: {said}", err=True)


def _say_ignored_handoffs(
    root: Path, config: Config, target: str | None, ignored: list[str]
) -> None:
    """A warning on standard error for the handoff files git ignores (``ignored``: all of
    them when nothing was found, lest "No handoff packets found." pass a packet that no commit
    holds; else those beside the series' files found, a newer one the audit does not see). The
    owner's ``.gitignore`` lines are those of the branch's base (against ``target``), as the
    Stop hook reads them."""
    if not ignored:
        return
    revision = _owner_revision(root, config, target)
    kept, hidden = owners_files(root, ignored, config, revision)
    if hidden:
        said = hidden_advice(
            root, hidden, lambda path: shell.quote_path(from_cwd(root / path)), config
        )
        click.echo(f"handoff-audit: warning: {said}", err=True)
    series = [path for path in kept if in_series(path, config)]
    notes = [path for path in kept if path not in series]
    if series:  # the owner's choice: no advice to commit them
        said = kept_advice(
            root, series, lambda path: shell.quote_path(from_cwd(root / path)), revision
        )
        click.echo(f"handoff-audit: note: {said}", err=True)
    if notes:
        said = notes_advice(root, notes, lambda path: shell.quote_path(from_cwd(root / path)))
        click.echo(f"handoff-audit: note: {said}", err=True)


def _target_gate(
    root: Path, config: Config, options: CheckOptions
) -> tuple[GatedConfig, tuple[RepoInfo, Refs] | None]:
    """``config`` with the merge gate's settings (``packets``, ``series``, ``block-files``,
    ``protected-branches``, the gate rules' levels under ``rules``) as ``--target-branch``'s
    configuration has them, which the Action reads from the base commit on a pull request into
    it (`base_gate.gate_from_base`: what the branch's own ``block-files`` changes, its own
    ``packets`` and ``series``); a note on standard error names the settings read from the
    target when the branch's differ. ``config`` as it is without a target, on the target
    itself or for a commit being made. With it, the repository and its refs the target's tip
    was read from, which the audit takes as they are (`AuditRequest.known_git`) rather than
    ask git again."""
    unchanged = GatedConfig(config, None, from_base=False)
    target = options.target_branch
    if target is None or options.staged is not None:
        return unchanged, None
    try:
        known = _known_git(root)
        if known is None:
            return unchanged, None
        current = next((ref for ref in known[1][0] if ref.current), None)
        head = options.head or "HEAD"
        if options.head is None and current is not None:
            head_commit: str | None = current.commit
        else:  # a detached HEAD or a --head: git resolves it
            head_commit = (resolve(root, [head]).get(head) or (None,))[0]
    except (ValueError, GitError):
        return unchanged, None
    tip = target_tip(root, known[1][0], target)
    if tip is None or tip.commit == head_commit:  # on the target itself: nothing is merged
        return unchanged, known
    block_input = options.block_files is not None
    gated = gate_from_base(
        root, config, tip.commit, options.config_file, block_input=block_input, in_clone=True
    )
    given = {
        "block-files": block_input,
        "protected-branches": options.protected_branches is not None,
    }  # the command line's, which replace both configurations'
    changed = [key for key in changed_keys(config, gated.config) if not given.get(key)]
    if changed:
        said = _target_note(config, gated, (target, shown_name(tip)), changed)
        click.echo(f"handoff-audit: note: {said}", err=True)
    return gated, known


def _known_git(root: Path) -> tuple[RepoInfo, Refs] | None:
    """The repository at ``root`` and its refs; ``None`` outside git."""
    repo = repo_info(root)
    return None if repo is None else (repo, read_refs(root))


def _target_note(
    config: Config, gated: GatedConfig, names: tuple[str, str], changed: list[str]
) -> str:
    """The note naming the gate settings ``changed`` that ``check`` reads from the target
    (``names``: as typed, and the ref read, ``origin/main`` when there is no local ``main``)."""
    target, read = names
    mine = config.source or "this branch's defaults (no configuration)"
    theirs = f"{read}'s configuration"
    if gated.unread is not None:
        theirs += f" (which cannot be read: {gated.unread}; so the defaults)"
    note = (
        f"the merge gate reads {', '.join(f'`{key}`' for key in changed)} from {theirs}, not "
        f"from {mine}, as the Action does on a pull request into {target}: this branch's "
        f"change to {'them' if len(changed) > 1 else 'it'} takes effect once merged into {target}"
    )
    if gated.own is not None:
        note += (
            " (the rules other than the merge gate's still judge the files this branch's own "
            "`packets` and `series` find)"
        )
    return note


def _owner_revision(root: Path, config: Config, target: str | None) -> str:
    """`owner_revision` of the checked-out commit's base (`workbench.branch_base`, the Stop
    hook's): its merge base with ``target`` or the default branch; HEAD when git cannot say."""
    try:
        return owner_revision(branch_base(root, config, target)[2])
    except (InputError, GitError):
        return "HEAD"


def _say_stray_handoffs(root: Path, config: Config, *, found: bool, gated: frozenset[str]) -> None:
    """A note on standard error naming tracked files named as handoffs that the configuration
    does not look for (but those the merge gate blocked, ``gated``), beside the handoffs
    ``found`` or instead of any, and the line that would find them."""

    def show(path: str) -> str:
        return shell.quote_path(from_cwd(root / path))

    note = stray_note(root, config, show, found=found, blocked=gated)
    if note is not None:
        click.echo(f"handoff-audit: note: {note}", err=True)


def with_overrides(config: Config, options: CheckOptions, root: Path) -> Config:
    """The configuration with the keys the command line sets."""
    for pattern in options.block_files or ():
        refuse_unmatchable("--block-files", pattern, root, Path.cwd())
    refuse_only_exclusions("--block-files", options.block_files or ())
    refuse_branch_exclusions("--protected-branches", options.protected_branches or ())
    return config.overridden(
        max_commits_behind=options.max_commits_behind,
        protected_branches=options.protected_branches,
        block_files=options.block_files,
        jobs=options.jobs,
    )


def _cwd_from(root: Path) -> str:
    """The current folder relative to ``root`` (``""`` when it is the root or outside it)."""
    try:
        relative = Path.cwd().resolve().relative_to(root.resolve())
    except (ValueError, OSError):
        return ""
    return "" if relative == Path(".") else relative.as_posix()


def _root_from_cwd(root: Path) -> str:
    """``root`` as written from the current folder when that folder is outside it (``../B``,
    ``B``); ``""`` when the folder is the root or inside it."""
    try:
        cwd = Path.cwd().resolve()
        resolved = root.resolve()
    except OSError:
        return ""
    return "" if cwd.is_relative_to(resolved) else from_cwd(resolved)


def use_color(stream: object, when: str = "auto") -> bool:
    """``--color``: ``always`` and ``never`` decide; ``auto`` colours only on a terminal, never
    with ``NO_COLOR`` set, always with ``FORCE_COLOR``."""
    if when != "auto":
        return when == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def write_report(text: str, output: Path | None) -> None:
    """Write to ``output`` (a regular file replaced whole, never half-written; a FIFO or a
    device written into) or to standard output; a write that fails is exit 2 naming where.

    Text that cannot be encoded (a lone surrogate from a ``\\ud800`` escape in a packet) is
    written as its escape, which is still valid JSON and readable text.
    """
    data = text.encode("utf-8", "backslashreplace")
    if output is None:
        try:
            _to_stdout(data)
        except BrokenPipeError:
            raise  # the reader is gone (`| head`): `exit_codes.run` ends quietly, as before
        except OSError as error:
            raise InputError(
                f"standard output: cannot write the report ({error.strerror or error}); "
                "write it to a file with --output FILE"
            ) from None
        return
    try:
        write_output(output, data)
    except OSError as error:
        raise InputError(f"--output {output}: cannot write ({error.strerror or error})") from None


def _to_stdout(data: bytes) -> None:
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is not None:
        buffer.write(data)
        buffer.flush()
    else:  # a captured stream without bytes (tests)
        sys.stdout.write(data.decode("utf-8"))
