"""One mapping from how a command ended to its exit code, shared by every console script.

Commands return their exit code; `run` turns what they raise into the codes README.md's
"Command line" lists: 0 ok, 1 findings at the failing level, 2 usage, configuration or input
error (one line on standard error), 3 an unexpected internal error (one line, no traceback).
"""

from __future__ import annotations

import atexit
import os
import sys
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


def exit_without_teardown(code: int) -> int:
    """End a console script's process with ``code`` once its output is out, without tearing
    the interpreter down (speed: freeing every object a 10,000-packet audit made costs 0.15 s
    for nothing; mypy ends the same way). The exit handlers still run (multiprocessing's,
    temporary folders'). Returns ``code`` only when the output could not be flushed (a closed
    pipe): the caller then exits the ordinary way, which reports it as before.

    For console scripts only: `main(argv)`, which tests and scripts call, never ends the process.
    """
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return code
    os._exit(code)


__all__ = ["exit_without_teardown", "run"]
