"""`--help` teaches the workflow: commands in the order of the work, an example for each, one
placeholder per kind of value, nothing cut short. The exact texts are snapshots
(tests/help/); when a change is intended: `python scripts/update_help.py`, then review."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from handoff_audit.cli.help import REFERENCE, WORK_ORDER
from handoff_audit.cli.main import cli
from script_loader import load_script

helps = load_script("update_help")
SNAPSHOTS = helps.snapshots()
COMMANDS = list(cli.commands)


@pytest.mark.parametrize("path", sorted(SNAPSHOTS), ids=lambda path: path.stem)
def test_help_matches_its_snapshot(path: Path) -> None:
    assert path.is_file(), f"{path.name}: run `python scripts/update_help.py`"
    assert path.read_text(encoding="utf-8") == SNAPSHOTS[path], (
        f"{path.name}: the help changed; if intended run `python scripts/update_help.py`"
    )


def test_commands_are_listed_in_the_order_of_the_work() -> None:
    text = helps.help_text(None)
    listed = re.findall(r"^  ([a-z]+)  ", text, flags=re.MULTILINE)
    expected = [name for name in (*WORK_ORDER, *REFERENCE) if name in cli.commands]
    assert listed == expected
    assert text.index("Commands:") < text.index("Reference:") < text.index("  rules ")


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_a_one_line_example(name: str) -> None:
    text = helps.help_text(name)
    assert re.search(rf"^  Examples?:\n    handoff-audit {name}\b", text, flags=re.MULTILINE)


@pytest.mark.parametrize("name", [None, *COMMANDS])
def test_no_help_text_is_cut_short(name: str | None) -> None:
    text = helps.help_text(name)
    assert "..." not in text.replace("[ARGS]...", "").replace("[PATHS]...", "")
    assert "(new: required)" not in text


def _choice(param: click.Option) -> bool:
    return isinstance(param.type, click.Choice)  # its values are the placeholder


def test_one_placeholder_per_kind_of_value() -> None:
    """An option spelled the same way shows the same placeholder in every command, and the
    kinds of value have their own: BRANCH, TOPIC, FILE, TEXT."""
    seen: dict[str, set[str]] = {}
    for command in cli.commands.values():
        ctx = click.Context(command)
        for param in command.params:
            if isinstance(param, click.Option) and not param.is_flag and not _choice(param):
                seen.setdefault(param.opts[-1], set()).add(param.make_metavar(ctx))
    assert {opt: marks for opt, marks in seen.items() if len(marks) > 1} == {}
    kinds = {
        "BRANCH": ("--branch", "--target-branch"),
        "TOPIC": ("--topic",),
        "FILE": ("--config", "--output", "--log", "--from-transcript", "--file"),
        "TEXT": ("--summary", "--next-action", "--title", "--failed", "--trap"),
    }
    for metavar, options in kinds.items():
        for option in options:
            assert seen[option] == {metavar}, option


def test_update_does_not_say_what_new_requires() -> None:
    assert "Required." in helps.help_text("new")
    assert "Required." not in helps.help_text("update")
