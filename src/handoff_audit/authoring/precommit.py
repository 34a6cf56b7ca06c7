"""`handoff-render PACKET...`: the pre-commit hook that re-renders out-of-date markdown twins.

pre-commit passes every staged packet at once. Each twin is written by the same code as
`handoff-audit render --write`; the hook exits 1 when it changed a file, so the commit stops and
the user stages the new twin (pre-commit would also notice the modified file, but a plain
`handoff-render` run in a script must fail the same way).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from handoff_audit.errors import EXIT_FINDINGS, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, InputError


def twin_path(packet: Path) -> Path:
    """The markdown twin of a JSON packet: same folder, same stem, ``.md``."""
    return packet.with_suffix(".md")


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def render_twins(packets: Sequence[Path]) -> int:
    """Re-render each packet's twin; 1 if one changed, 2 if a packet could not be rendered."""
    from handoff_audit.authoring.commands import render_command

    code = EXIT_OK
    for packet in packets:
        if packet.suffix != ".json":
            continue
        twin = twin_path(packet)
        before = _read(twin)
        try:
            result = render_command(packet, write=True, check=False)
        except InputError as error:
            click.echo(f"handoff-render: error: {error}", err=True)
            code = max(code, EXIT_USAGE)
            continue
        if result not in (EXIT_OK, EXIT_FINDINGS):
            code = max(code, result)
        if _read(twin) != before:
            click.echo(f"handoff-render: rewrote {twin.as_posix()}; stage it and commit again")
            code = max(code, EXIT_FINDINGS)
    return code


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("packets", nargs=-1, type=click.Path(path_type=Path))
def _command(packets: tuple[Path, ...]) -> None:
    """Re-render the markdown twin of each PACKET (handoff JSON files) that is out of date.

    Exits 1 when a twin was rewritten, so a pre-commit hook stops the commit.
    """
    raise SystemExit(render_twins(packets))


def main(argv: Sequence[str] | None = None) -> int:
    """Console entry point of ``handoff-render``."""
    try:
        _command.main(args=list(argv) if argv is not None else None, standalone_mode=False)
    except SystemExit as done:
        return int(done.code or 0)
    except click.ClickException as error:
        error.show()
        return EXIT_USAGE
    except Exception as error:
        click.echo(f"handoff-render: internal error: {type(error).__name__}: {error}", err=True)
        return EXIT_INTERNAL
    return EXIT_OK


__all__ = ["main", "render_twins", "twin_path"]
