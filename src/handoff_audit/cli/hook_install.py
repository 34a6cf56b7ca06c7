"""`handoff-audit hook --install` / `--print`: put the hook into a coding agent's settings."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import click

from handoff_audit.authoring.agent_settings import AGENTS, install, snippet
from handoff_audit.cli.say import say_config_notes
from handoff_audit.config import Config, load_config
from handoff_audit.errors import EXIT_OK, InputError
from handoff_audit.git import plumbing
from handoff_audit.git.tracked import is_tracked
from handoff_audit.git_folder import bare_repository, bare_repository_problem
from handoff_audit.program import PROGRAM, executable, module_command, program
from handoff_audit.rules import RULES_BY_ID

LOCAL_CLAUDE_SETTINGS = ".claude/settings.local.json"
"""Claude Code's per-machine project settings, which it reads beside settings.json."""


def hook_command() -> tuple[str, str | None]:
    """The command the agent runs, and a note when it is not the plain ``handoff-audit hook``:
    when ``handoff-audit`` is not on PATH, the absolute path of the running executable, or,
    run as ``python -m handoff_audit`` with no console script, the interpreter's ``-m``."""
    if shutil.which(PROGRAM):
        return f"{PROGRAM} hook", None
    found = executable()
    if found is None and module_command() is None:
        return f"{PROGRAM} hook", f"{PROGRAM} is not on PATH: put it there for the hook to run"
    command = f"{program()} hook"
    return command, f"{PROGRAM} is not on PATH: the hook runs {command}"


def install_command(*, print_only: bool, agent: str = "claude") -> int:
    """Print the settings snippet, or merge it into the agent's settings file."""
    info = plumbing.repo_info(Path.cwd())
    config = (
        load_config(info.toplevel, rule_ids=RULES_BY_ID, tracked=is_tracked)
        if info is not None
        else Config()
    )
    say_config_notes(config.notes)  # its agent-hook.events are the ones installed
    events = config.agent_hook.events
    command, note = hook_command()
    if print_only:
        click.echo(json.dumps(snippet(events, command, agent), indent=2))
        if note:
            click.echo(note, err=True)
        return EXIT_OK
    if info is None and (bare := bare_repository(str(Path.cwd()))) is not None:
        # no work tree: no .claude/settings.json to write, and it is a git repository
        raise InputError(bare_repository_problem(bare, "hook --install"))
    if info is None:
        raise InputError(
            "hook --install: not inside a git repository; run it in the project, or use "
            f"--print and put the snippet into {AGENTS[agent].settings} yourself"
        )
    path, added = install(info.toplevel, events, command, agent)
    if added:
        click.echo(f"{path}: added the handoff-audit hook for {', '.join(added)}", err=True)
    else:
        click.echo(f"{path}: the handoff-audit hook is already installed; unchanged", err=True)
    if note:
        click.echo(note, err=True)
    if added and (executable() is not None or module_command() is not None):
        click.echo(machine_path_note(agent), err=True)
    return EXIT_OK


def machine_path_note(agent: str) -> str:
    """The warning for a settings file about to be committed with this machine's path in it."""
    relative = AGENTS[agent].settings
    local = (
        f", or move the hook into {LOCAL_CLAUDE_SETTINGS} (Claude Code's settings of this "
        "machine, not committed)"
        if agent == "claude"
        else ""
    )
    return (
        f"{relative}: that path is this machine's and fails on others; before committing "
        f"{relative}, put {PROGRAM} on PATH and make the command `{PROGRAM} hook`{local}"
    )
