"""One mapping from how a command ended to its exit code, shared by every console script.

Commands return their exit code; `run` turns what they raise into the codes README.md's
"Command line" lists: 0 ok, 1 findings at the failing level, 2 usage, configuration or input
error (one line on standard error), 3 an unexpected internal error (one line, no traceback).
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from handoff_audit import controls
from handoff_audit.errors import EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, InputError


def run(command: click.Command, argv: Sequence[str] | None, prog: str) -> int:
    """Run ``command`` (click, not standalone) on ``argv`` and return its exit code."""
    try:
        result = command.main(
            args=list(argv) if argv is not None else None,
            prog_name=prog,
            standalone_mode=False,
        )
    except InputError as error:
        for note in error.notes:
            click.echo(note, err=True)
        click.echo(f"{prog}: error: {controls.one_line(str(error))}", err=True)
        return EXIT_USAGE
    except click.exceptions.Abort:
        click.echo(f"{prog}: aborted", err=True)
        return EXIT_USAGE
    except click.ClickException as error:
        error.show()
        return EXIT_USAGE
    except click.exceptions.Exit as done:
        return done.exit_code
    except BrokenPipeError:
        return EXIT_OK
    except Exception as error:
        click.echo(
            f"{prog}: internal error: {type(error).__name__}: {controls.one_line(str(error))}. "
            "This is a bug; please report it with the command you ran.",
            err=True,
        )
        return EXIT_INTERNAL
    return result if isinstance(result, int) else EXIT_OK


__all__ = ["run"]
