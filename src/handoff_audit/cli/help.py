"""`handoff-audit --help`: the commands in the order of the work, then the reference ones.

A new user reads the list top to bottom as what to do: start a packet, keep it current, look
at it, check it, render its twin, retire it, then wire the checks into an agent and into CI.
"""

from __future__ import annotations

import click

WORK_ORDER = (
    "new",
    "update",
    "show",
    "check",
    "render",
    "archive",
    "supersede",
    "hook",
    "ci",
)
"""The commands of the work, in the order a session meets them (absent ones are skipped)."""

REFERENCE = ("rules", "explain", "schema")
"""The commands that print reference material, listed after the work."""


def example(*lines: str) -> str:
    """A command's epilog: its example command lines, kept as written (click's ``\\b``)."""
    heading = "Example:" if len(lines) == 1 else "Examples:"
    return "\b\n" + heading + "\n" + "\n".join(f"  {line}" for line in lines) + "\n"


class WorkOrderGroup(click.Group):
    """A group that lists its commands in `WORK_ORDER`, then `REFERENCE`, then any other."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        known = [*WORK_ORDER, *REFERENCE]
        present = [name for name in known if name in self.commands]
        return present + sorted(set(self.commands) - set(known))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        width = formatter.width or 80
        limit = width - 6 - max(len(name) for name in names)
        for title, group in (
            ("Commands", [n for n in names if n not in REFERENCE]),
            ("Reference", [n for n in names if n in REFERENCE]),
        ):
            rows = []
            for name in group:
                command = self.get_command(ctx, name)
                if command is not None and not command.hidden:
                    rows.append((name, command.get_short_help_str(limit)))
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)
