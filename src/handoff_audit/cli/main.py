"""The command line: parse options, call one function, map the result to an exit code.

Each command only turns its options into a request object and hands it to the module that does
the work; nothing here decides what is wrong with a packet.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click

from handoff_audit import __version__
from handoff_audit.cli.exit_codes import exit_without_teardown, run
from handoff_audit.cli.help import WorkOrderGroup, example
from handoff_audit.cli.markdown_argument import from_root, refuse_markdown
from handoff_audit.cli.packet_options import PacketCommand, packet_options
from handoff_audit.cli.say import say
from handoff_audit.errors import EXIT_FINDINGS, EXIT_OK, InputError
from handoff_audit.formats import FORMATS

AGENT_NAMES = ("claude", "codex")
"""`hook --agent`'s choices, the default first: the names of `agents.AGENTS`, in its order (a test
checks), written out so that only `hook` loads the agents (start-up)."""


def _split(values: tuple[str, ...]) -> list[str]:
    """Repeatable options that also take comma-separated lists: ``--x a,b --x c``."""
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def _globs(
    option: str, values: tuple[str, ...], example: str, rules: str
) -> tuple[str, ...] | None:
    """Parse a repeatable glob option; ``None`` when not given. Given with no glob (an unset CI
    variable: ``--block-files ""``) is exit 2: an empty list would turn the merge gate off."""
    if not values:
        return None
    globs = _split(values)
    if not globs:
        raise InputError(
            f"{option}: give one or more globs, e.g. {option} {example}; to turn the check "
            f"off, --ignore {rules}"
        )
    return tuple(globs)


def _rule_ids(option: str, values: tuple[str, ...]) -> frozenset[str] | None:
    """Parse ``--select``/``--ignore``: repeatable, comma lists, accumulating; ``None`` when
    not given. An unknown id is exit 2 with the closest known one."""
    if not values:
        return None
    # start-up: imported only when this command runs
    from handoff_audit.rules import RULES_BY_ID
    from handoff_audit.suggest import unknown_name

    ids = _split(values)
    if not ids:
        raise InputError(f"{option}: give one or more rule ids, e.g. {option} placeholder,schema")
    for rule_id in ids:
        if rule_id not in RULES_BY_ID:
            raise InputError(f"{option}: {unknown_name('rule id', rule_id, RULES_BY_ID, 'rules')}")
    return frozenset(ids)


_CHECK_EXAMPLES = example(
    "handoff-audit check                          # every packet of the repository",
    "handoff-audit check --format json -o r.json  # the JSON report, written to a file",
    "handoff-audit check --target-branch main     # as a pull request into main would be",
    "handoff-audit check --select lkg-behind,lkg-unknown --fail-on warning",
)


@click.group(
    cls=WorkOrderGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog="Exit codes: 0 ok, 1 findings at the failing level, 2 usage, configuration or "
    "input error, 3 internal error.",
)
@click.version_option(__version__, "-V", "--version", prog_name="handoff-audit")
def cli() -> None:
    """Audit session handoff packets (handoff.json, handoff.md, HANDOFF.md)."""


@cli.command(
    short_help="Audit the packets under PATHS (default: the whole repository).",
    epilog=_CHECK_EXAMPLES,
)
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path), metavar="[PATHS]...")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(sorted(FORMATS)),
    default="text",
    show_default=True,
    help="Output format.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(),
    metavar="FILE",
    help="Write the report to FILE; - is standard output, as without -o.",
)
@click.option(
    "--config",
    "config_file",
    type=click.Path(path_type=Path),
    metavar="FILE",
    help="Configuration file (default: .handoff-audit.yml or pyproject.toml at the root).",
)
@click.option(
    "--branch", metavar="BRANCH", help="Branch checked (default: the checked-out branch)."
)
@click.option(
    "--target-branch",
    metavar="BRANCH",
    help="Branch a pull request or merge queue entry merges into; must exist here "
    "(local or remote-tracking). The merge gate's settings are read from its configuration, "
    "as in CI.",
)
@click.option("--head", metavar="REV", help="Commit checked (default: HEAD).")
@click.option("--all-branches", is_flag=True, help="Also read packets on every other branch.")
@click.option(
    "--fetch-history",
    is_flag=True,
    help="Let check fetch what it lacks from the remote: the history a shallow clone hides "
    "(git fetch --deepen), an absent --target-branch, and the remote's default branch when "
    "the clone has none (git clone --single-branch). Without it, check never changes the "
    "repository.",
)
@click.option(
    "--select",
    multiple=True,
    metavar="RULE[,RULE]",
    help="Only these rules. Repeatable; accumulates.",
)
@click.option(
    "--ignore",
    multiple=True,
    metavar="RULE[,RULE]",
    help="Never these rules. Repeatable; accumulates.",
)
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "never"]),
    default=None,
    help="Lowest severity that makes the exit code 1.  [default: error]",
)
@click.option("--strict", is_flag=True, help="Warnings fail too (same as --fail-on warning).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when findings fail the check.")
@click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour the text output; auto: on a terminal and without NO_COLOR.",
)
@click.option("-q", "--quiet", is_flag=True, help="Findings only, no status line (text format).")
@click.option(
    "--max-commits-behind",
    type=click.IntRange(min=0),
    metavar="N",
    help="Override the configuration's max-commits-behind.",
)
@click.option(
    "--protected-branches",
    multiple=True,
    metavar="GLOB[,GLOB]",
    help="Override the configuration's protected-branches. Repeatable.",
)
@click.option(
    "--block-files",
    multiple=True,
    metavar="GLOB[,GLOB]",
    help="Override the configuration's block-files. Repeatable.",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    metavar="N",
    help="Processes reading and checking packets, this one and N-1 workers; 1 = no workers. "
    "Never more than the cores available or the packets: a worker beyond them only costs its "
    "start-up.  [default: the configuration's jobs, else the cores available]",
)
def check(
    paths: tuple[Path, ...],
    output_format: str,
    output: str | None,
    config_file: Path | None,
    branch: str | None,
    target_branch: str | None,
    head: str | None,
    all_branches: bool,
    fetch_history: bool,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    fail_on: str | None,
    strict: bool,
    exit_zero: bool,
    color: str,
    quiet: bool,
    max_commits_behind: int | None,
    protected_branches: tuple[str, ...],
    block_files: tuple[str, ...],
    jobs: int | None,
) -> int:
    """Audit the packets under PATHS (default: the whole repository, from any folder in it)."""
    # start-up: imported only when this command runs
    from handoff_audit.cli.check import CheckOptions, run_check
    from handoff_audit.model.context import StagedChanges

    if strict and fail_on not in (None, "warning"):
        raise InputError(f"--strict means --fail-on warning; it cannot go with --fail-on {fail_on}")
    options = CheckOptions(
        paths=paths,
        output_format=output_format,
        output=None if output in (None, "-") else Path(output),
        config_file=config_file,
        branch=branch,
        target_branch=target_branch,
        head=head,
        all_branches=all_branches,
        fetch_history=fetch_history,
        select=_rule_ids("--select", select),
        ignore=_rule_ids("--ignore", ignore) or frozenset(),
        fail_on="warning" if strict else fail_on or "error",
        exit_zero=exit_zero,
        color=color,
        quiet=quiet,
        max_commits_behind=max_commits_behind,
        protected_branches=_globs(
            "--protected-branches",
            protected_branches,
            "'release/*'",
            "handoff-in-merge,active-in-merge",
        ),
        block_files=_globs("--block-files", block_files, "'**/HANDOFF.md'", "handoff-in-merge"),
        jobs=jobs,
        # the commit being made, when the pre-commit hook runs this command (`cli.precommit`)
        staged=click.get_current_context().find_object(StagedChanges),
    )
    return run_check(options)


@cli.command(
    short_help="Print or write the markdown twin of a JSON packet.",
    epilog=example("handoff-audit render .handoff/refunds.json --write"),
)
@click.argument("packet", type=click.Path(path_type=Path))
@click.option("--write", is_flag=True, help="Write the markdown twin next to the packet.")
@click.option(
    "--check", "check_only", is_flag=True, help="Exit 1 with a diff if the twin is stale."
)
@click.option(
    "--config",
    "config_file",
    type=click.Path(path_type=Path),
    metavar="FILE",
    help="Configuration file (default: .handoff-audit.yml or pyproject.toml).",
)
def render(packet: Path, write: bool, check_only: bool, config_file: Path | None) -> int:
    """Print the canonical markdown of PACKET (a handoff JSON file, not its .md twin).

    A JSON file that is not a packet (its status not active, superseded or archived, or
    without the fields `handoff-audit schema` requires) is refused (exit 2).
    """
    # start-up: imported only when this command runs
    from handoff_audit.authoring.commands import render_command

    if write and check_only:
        raise InputError("render: --write and --check cannot be combined; pick one")
    packet = from_root(packet, "render")
    refuse_markdown(packet, "render")
    return say(render_command(packet, write=write, check=check_only, config_file=config_file))


@cli.command(
    cls=PacketCommand,
    short_help="Start this branch's packet and its markdown twin.",
    epilog=example(
        'handoff-audit new --summary "Added POST /refunds" --next-action "Handle partial '
        'refunds" --verdict-pointer reports/pytest.txt --verify "pytest -q"'
    ),
)
@click.option(
    "--topic",
    metavar="TOPIC",
    help="Topic; the packet is .handoff/TOPIC.json (without --topic: handoff.json, topic default).",
)
@click.option(
    "--output",
    type=click.Path(path_type=Path),
    metavar="FILE",
    help="Packet path (default by topic); not one whose twin's name `block-files` blocks "
    "(HANDOFF.json: its HANDOFF.md).",
)
@packet_options(new=True)
def new(**kwargs: object) -> int:
    """Start the packet of this branch and topic, and its markdown twin.

    Needs --summary, --next-action and --verdict-pointer. Refuses (exit 2) a dirty workbench
    (unless --allow-dirty), a placeholder, a path the `packets` globs do not match, a branch
    and topic that already have an active packet (use `update`), and any file it may not
    replace. Without --verify, last_known_good_commit is HEAD, taken on trust.
    """
    # start-up: imported only when this command runs
    from handoff_audit.authoring.lifecycle import PacketOptions, new_command

    return say(new_command(PacketOptions(**kwargs)))  # type: ignore[arg-type]


@cli.command(
    cls=PacketCommand,
    short_help="Refresh a packet (fields, commands run) and its twin.",
    epilog=example('handoff-audit update --next-action "Review the refund limits" --verify'),
)
@click.argument("packet", required=False, type=click.Path(path_type=Path))
@click.option("--topic", metavar="TOPIC", help="Which packet of this branch (default: default).")
@click.option(
    "--resolve-risk",
    "resolve_risks",
    multiple=True,
    metavar="TEXT",
    help="Remove the open risk TEXT names (its text, or a part only it has). Repeatable.",
)
@packet_options(new=False)
def update(packet: Path | None, **kwargs: object) -> int:
    """Refresh PACKET (default: the active packet of this branch and topic).

    A single-valued option replaces its field; a repeatable one appends (exact duplicates
    skipped); --log and --verify entries are appended to commands_run, then the log is trimmed
    to its last `keep-last` entries (passing or not) plus every earlier failure; everything
    else is kept, and the twin is re-rendered. Without --verify, last_known_good_commit stays
    as it was. Without --summary, a summary an earlier commit wrote is kept, and a note on
    standard error names that session's date and commit.
    --resolve-risk removes a risk; a passing --verify removes the risk a failing run of the
    same command added. A failing --verify still writes the packet (with the failure as an
    open risk) and exits 1.
    A packet whose branch no longer exists (renamed with git branch -m) is re-pointed with
    PACKET --branch BRANCH, everything else kept; when the work moved on after it, only with
    --summary (or --next-action) too.
    """
    # start-up: imported only when this command runs
    from handoff_audit.authoring.lifecycle import PacketOptions, update_command

    if packet is not None:
        packet = from_root(packet, "update")
        refuse_markdown(packet, "update")
    return say(update_command(packet, PacketOptions(**kwargs)))  # type: ignore[arg-type]


_FORCE_HELP = "Finish it though commits after its last change are not in it (packet-outdated)."


@cli.command(
    short_help="Mark a packet superseded by another one.",
    epilog=example("handoff-audit supersede .handoff/refunds.json --by refunds-v2"),
)
@click.argument("packet", required=False, type=click.Path(path_type=Path))
@click.option(
    "--by",
    "successor",
    metavar="FILE|TOPIC",
    help="Successor: an existing packet file or a name ending in .json, else a topic (auth/v2).",
)
@click.option(
    "--topic",
    metavar="TOPIC",
    help="Without PACKET: which packet of this branch (default: default).",
)
@click.option("--force", is_flag=True, help=_FORCE_HELP)
def supersede(
    packet: Path | None, successor: str | None, topic: str | None, force: bool = False
) -> int:
    """Mark PACKET (default: the active packet of this branch and topic) superseded and
    re-render its twin; refuses a JSON file that is not a packet.

    --by FILE (a value naming an existing file, or ending in .json or .md) must name the
    successor's JSON packet, active and not PACKET itself, from the current folder or the
    repository root; it is stored from the repository root. Any other value is a topic (lower-case
    letters, digits, '.', '_', '-', '/', e.g. auth/v2), kept as given: its packet may come
    later (`new --topic auth/v2`).
    """
    return _set_status(packet, topic, "superseded", successor, force)


def _set_status(
    packet: Path | None, topic: str | None, status: str, by: str | None, force: bool
) -> int:
    """`supersede` and `archive`: PACKET, else the branch's active packet of ``topic``."""
    # start-up: imported only when this command runs
    from handoff_audit.authoring.commands import set_status_command
    from handoff_audit.authoring.lifecycle import active_packet_path
    from handoff_audit.cli.successor import successor_value

    command = "archive" if status == "archived" else "supersede"
    if packet is not None:
        packet = from_root(packet, command)
        refuse_markdown(packet, command)
    chosen = packet if packet is not None else active_packet_path(topic, command)
    return say(
        set_status_command(chosen, status, by, lambda by: successor_value(by, chosen), force=force)
    )


@cli.command(
    short_help="Mark a packet archived: its work is finished.",
    epilog=example("handoff-audit archive .handoff/refunds.json"),
)
@click.argument("packet", required=False, type=click.Path(path_type=Path))
@click.option(
    "--topic",
    metavar="TOPIC",
    help="Without PACKET: which packet of this branch (default: default).",
)
@click.option("--force", is_flag=True, help=_FORCE_HELP)
def archive(packet: Path | None, topic: str | None, force: bool = False) -> int:
    """Mark PACKET (default: the active packet of this branch and topic) archived, its work
    finished, and re-render its twin; refused when commits after the packet's last change
    touch other files (packet-outdated): update it with what they did first, or --force.

    The archived packet stays in git's history; the next branch's `new` may replace it.
    """
    return _set_status(packet, topic, "archived", None, force)


@cli.command(
    short_help="Print the resume brief: next action first, freshness from git.",
    epilog=example("handoff-audit show --max-chars 2000"),
)
@click.argument("packet", required=False, type=click.Path(path_type=Path))
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "markdown", "json"]),
    default="text",
    show_default=True,
    help="Output format.",
)
@click.option(
    "--max-chars",
    type=click.IntRange(min=0),
    default=6000,
    show_default=True,
    help="Budget: the lowest sections are cut first, never the next action or the freshness "
    "(0: no limit).",
)
def show(packet: Path | None, output_format: str, max_chars: int) -> int:
    """Print the resume brief of this branch's handoff: next action first, then traps, failed
    attempts and ruled out, risks, decisions, summary, pointers, last commands, and its
    freshness from git. When commits with work came after the handoff's last change, a
    "Stale: …" line before the next action says so.

    The branch's handoff is its active packet, else its newest finished (archived or
    superseded) packet, else a hand-written handoff in its tree; PACKET names one instead.
    Exit 1 when the branch has no handoff (with --format json, nothing on standard output,
    one line on standard error). On a detached HEAD (CI, `git checkout --detach`): exit 1, and
    each active packet in the tree by path and branch, with `git switch BRANCH` when that
    branch exists here, or that there is none. In a rebase stopped midway: exit 1, the branch
    being rebased, its conflicted files and `git rebase --continue` (or `--abort`). A bisect,
    a cherry-pick or revert sequence or a `git am` left midway is named first, with the command
    that finishes it, and no `git switch` is printed.
    """
    # start-up: imported only when this command runs
    from handoff_audit.cli.show import show_command

    chosen = None if packet is None else from_root(packet, "show")
    return show_command(chosen, output_format, max_chars)


@cli.command(
    short_help="Print the bundled packet schema (JSON Schema draft 2020-12).",
    epilog=example("handoff-audit schema > handoff-v1.schema.json"),
)
def schema() -> int:
    """Print the bundled packet schema (JSON Schema draft 2020-12)."""
    # start-up: imported only when this command runs
    from handoff_audit.schema import schema_text

    click.echo(schema_text(), nl=False)
    return EXIT_OK


@cli.command(
    short_help="Print the rule table: id, default severity, when it fires.",
    epilog=example("handoff-audit rules --format json"),
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: a table; json: a list of {id, severity, blocks_merge, summary}.",
)
def rules(output_format: str) -> int:
    """Print the rule table: id, default severity, when it fires."""
    # start-up: imported only when this command runs
    from handoff_audit.rules import ALL_RULES

    if output_format == "json":
        import json  # start-up: only the json table needs it

        table = [
            {
                "id": rule.id,
                "severity": rule.default.value,
                "blocks_merge": rule.blocks_merge,
                "summary": rule.summary,
            }
            for rule in ALL_RULES
        ]
        click.echo(json.dumps(table, indent=2))
        return EXIT_OK
    width = max(len(rule.id) for rule in ALL_RULES)
    for rule in ALL_RULES:
        click.echo(f"{rule.id:<{width}}  {rule.default.value:<7}  {rule.summary}")
    return EXIT_OK


@cli.command(
    short_help="Print a rule's documentation, with a finding it prints.",
    epilog=example("handoff-audit explain md-incomplete --file HANDOFF.md"),
)
@click.argument("rule_id", metavar="RULE")
@click.option(
    "--file",
    "file",
    type=click.Path(path_type=Path),
    metavar="FILE",
    help="md-incomplete only: show where each facet was found in this markdown file.",
)
def explain(rule_id: str, file: Path | None) -> int:
    """Print RULE's documentation, with a finding it really prints, or how md-incomplete reads
    one file (--file)."""
    # start-up: imported only when this command runs
    from handoff_audit.rules import RULES_BY_ID
    from handoff_audit.rules.explain import explain_text
    from handoff_audit.suggest import unknown_name

    rule = RULES_BY_ID.get(rule_id)
    if rule is None:
        raise InputError(f"explain: {unknown_name('rule id', rule_id, RULES_BY_ID, 'rules')}")
    if file is not None:
        # start-up: imported only when --file is given
        from handoff_audit.cli.explain_file import explain_file

        click.echo(explain_file(rule.id, from_root(file, "explain")), nl=False)
        return EXIT_OK
    click.echo(explain_text(rule))
    return EXIT_OK


@cli.command(
    short_help="A coding agent's hook: no stop without a current handoff.",
    epilog=example("handoff-audit hook --install   # into .claude/settings.json"),
)
@click.option(
    "--install",
    is_flag=True,
    help="Merge the hook into the agent's project settings (.claude/settings.json, or "
    ".codex/hooks.json with --agent codex) at the repository top.",
)
@click.option(
    "--print", "print_only", is_flag=True, help="Print the settings snippet instead of writing it."
)
@click.option(
    "--agent",
    type=click.Choice(AGENT_NAMES),
    default=AGENT_NAMES[0],
    show_default=True,
    help="Which agent: whose settings --install and --print write, whose answers the hook gives.",
)
def hook(install: bool, print_only: bool, agent: str) -> int:
    """A coding agent's hook (Claude Code and Codex: Stop, SubagentStop, SessionStart).

    PreCompact is not installed by default: blocking it would hold up a session whose context
    is full. List it in the configuration's agent-hook.events and --install adds it too.

    Reads the hook event as JSON on standard input. On a stop event, exit 2 with the reasons on
    standard error blocks the stop while the branch's packet is missing, invalid or older than
    the work; exit 0 lets the session end (also whenever the hook cannot judge). On SessionStart,
    exit 0 and the branch's brief (`show`) as the session's additional context on standard
    output, with the warnings `show` gives (or why the handoff cannot be shown: empty, not
    UTF-8, too large); nothing when the branch has no handoff; on a detached HEAD, that it is
    detached and the active packets there with `git switch BRANCH` when that branch exists
    here, or that there is none; a git operation left midway (a rebase, a `git bisect`, a
    stopped `git am`, a cherry-pick or revert sequence between steps) first, with the command
    that finishes it, and then no `git switch`. A stop event in a rebase, merge, cherry-pick or
    revert stopped midway (on any branch), with files in a merge conflict, or with one of those
    operations left midway, is blocked until the conflicts are resolved (never committed as
    they are) and the operation is done.
    """
    if install or print_only:
        # start-up: imported only when this command runs
        from handoff_audit.cli.hook_install import install_command

        return install_command(print_only=print_only, agent=agent)
    # start-up: imported only when this command runs
    from handoff_audit.agents import BY_NAME
    from handoff_audit.cli.hook import run_hook

    return run_hook(sys.stdin.buffer, sys.stderr, sys.stdout, BY_NAME[agent])


@cli.command(
    short_help="The GitHub Action's entry point.",
    epilog=example("handoff-audit ci   # in the action's image, which sets INPUT_* and GITHUB_*"),
)
def ci() -> int:
    """The GitHub Action's entry point: read the runner's environment and do what it asks.

    Without GITHUB_WORKSPACE (not on a runner) it stops with exit 2: use `check` there."""
    # start-up: imported only when this command runs
    from handoff_audit.action.ci import run_ci

    return run_ci()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit code (0, 1, 2 or 3)."""
    return run(cli, argv, "handoff-audit")


def console() -> int:
    """The ``handoff-audit`` console script: `main` on the process's arguments, then the exit
    (`exit_without_teardown`)."""
    return exit_without_teardown(main())


__all__ = ["EXIT_FINDINGS", "cli", "console", "main"]
