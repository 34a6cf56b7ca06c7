"""`handoff-audit hook --install` / `--print`: put the hook into Claude Code's settings."""

from __future__ import annotations

import json
from pathlib import Path

import click

from handoff_audit.authoring.agent_settings import install, snippet
from handoff_audit.config import Config, load_config
from handoff_audit.errors import EXIT_OK, InputError
from handoff_audit.git import plumbing
from handoff_audit.rules import RULES_BY_ID


def install_command(*, print_only: bool) -> int:
    """Print the settings snippet, or merge it into ``.claude/settings.json``."""
    info = plumbing.repo_info(Path.cwd())
    config = load_config(info.toplevel, rule_ids=RULES_BY_ID) if info is not None else Config()
    events = config.agent_hook.events
    if print_only:
        click.echo(json.dumps(snippet(events), indent=2))
        return EXIT_OK
    if info is None:
        raise InputError(
            "hook --install: not inside a git repository; run it in the project, or use "
            "--print and put the snippet into .claude/settings.json yourself"
        )
    path, added = install(info.toplevel, events)
    if added:
        click.echo(f"{path}: added the handoff-audit hook for {', '.join(added)}", err=True)
    else:
        click.echo(f"{path}: the handoff-audit hook is already installed; unchanged", err=True)
    return EXIT_OK
