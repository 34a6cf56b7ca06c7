"""The pre-commit hooks' entry points: `handoff-render` and `handoff-audit-staged`.

pre-commit hands each hook the staged files its ``files`` pattern lets through; both hooks
narrow them with the repository's own ``packets`` configuration, so a project that keeps its
packets elsewhere (``docs/handoffs/*.json``) is served, and a staged ``package.json`` is not
taken for a packet.

`handoff-render` re-renders each staged packet's twin with the same code as `handoff-audit render
--write`; it exits 1 when it changed a file, so the commit stops and the user stages the new twin.
`handoff-audit-staged` audits the whole repository whenever a staged file is a packet (or a
packet's twin): `multiple-active` and the other rules that compare packets need all of them,
not only the staged ones, and the commit then passes exactly when `handoff-audit check` does.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import click

from handoff_audit import controls
from handoff_audit.errors import EXIT_FINDINGS, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, InputError


def twin_path(packet: Path) -> Path:
    """The markdown twin of a JSON packet: same folder, same stem, ``.md``."""
    return packet.with_suffix(".md")


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _configured_packets(
    files: Sequence[Path], config_file: Path | None, twins: bool
) -> tuple[Path | None, list[Path]]:
    """The repository's top folder and those of ``files`` the ``packets`` configuration
    matches (with ``twins``, also the markdown twins of matched JSON packets)."""
    from handoff_audit.config import load_config
    from handoff_audit.git import plumbing
    from handoff_audit.globs import matches_any

    # pre-commit runs at the top folder with relative names; a script may pass any paths.
    folders = [os.path.dirname(os.path.abspath(f)) for f in files]
    common = Path(os.path.commonpath(folders)) if folders else Path.cwd()
    while not common.is_dir() and common != common.parent:
        common = common.parent
    try:
        info = plumbing.repo_info(common)
    except plumbing.UnsafeRepository as error:
        raise InputError(error.advice(common)) from None
    if info is None:
        return None, [f for f in files if f.suffix == ".json"]
    root = info.toplevel
    config = load_config(root, config_file)
    kept = []
    for file in files:
        try:
            relative = Path(os.path.abspath(file)).relative_to(root).as_posix()
        except ValueError:
            continue
        twin_of_packet = twins and relative.endswith(".md")
        if matches_any(relative, config.packets) or (
            twin_of_packet and matches_any(f"{relative[:-3]}.json", config.packets)
        ):
            kept.append(file)
    return root, kept


def render_twins(packets: Sequence[Path], config_file: Path | None = None) -> int:
    """Re-render the twin of each of ``packets`` the configuration counts as a packet; 1 if one
    changed, 2 if a packet could not be rendered."""
    from handoff_audit.authoring.commands import render_command

    code = EXIT_OK
    _, packets = _configured_packets(packets, config_file, twins=False)
    for packet in packets:
        if packet.suffix != ".json":
            continue
        twin = twin_path(packet)
        before = _read(twin)
        try:
            result = render_command(packet, write=True, check=False)
        except InputError as error:
            click.echo(f"handoff-render: error: {controls.one_line(str(error))}", err=True)
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
@click.option("--config", "config_file", type=click.Path(path_type=Path), help="Config file.")
def _command(packets: tuple[Path, ...], config_file: Path | None) -> None:
    """Re-render the markdown twin of each PACKET (handoff JSON files that the `packets`
    configuration matches) that is out of date.

    Exits 1 when a twin was rewritten, so a pre-commit hook stops the commit.
    """
    raise SystemExit(render_twins(packets, config_file))


_CHECK_VALUE_OPTIONS = frozenset(
    {"--config", "--format", "--output", "--branch", "--target-branch", "--head"}
    | {"--select", "--ignore", "--fail-on", "--color"}
)
"""`check` options that take a value, so that the value is not taken for a staged file."""


def audit_staged(argv: Sequence[str]) -> int:
    """``handoff-audit-staged [CHECK-OPTION]... FILE...``: when a FILE is a packet (or a
    packet's twin), audit the whole repository as `handoff-audit check` does; else exit 0."""
    from handoff_audit.cli.main import main as handoff_audit

    options: list[str] = []
    files: list[Path] = []
    config_file: Path | None = None
    args = iter(argv)
    for arg in args:
        if arg in _CHECK_VALUE_OPTIONS:
            value = next(args, "")
            options += [arg, value]
            if arg == "--config":
                config_file = Path(value)
        elif arg.startswith("-"):
            options.append(arg)
        else:
            files.append(Path(arg))
    try:
        root, packets = _configured_packets(files, config_file, twins=True)
    except InputError as error:
        click.echo(f"handoff-audit-staged: error: {controls.one_line(str(error))}", err=True)
        return EXIT_USAGE
    if not packets or root is None:
        return EXIT_OK
    return handoff_audit(["check", *options, str(root)])


def _entry(name: str, run: Callable[[], int]) -> int:
    try:
        return run()
    except SystemExit as done:
        return int(done.code or 0)
    except click.ClickException as error:
        error.show()
        return EXIT_USAGE
    except Exception as error:
        message = controls.one_line(str(error))
        click.echo(f"{name}: internal error: {type(error).__name__}: {message}", err=True)
        return EXIT_INTERNAL


def main(argv: Sequence[str] | None = None) -> int:
    """Console entry point of ``handoff-render``."""

    def run() -> int:
        _command.main(args=list(argv) if argv is not None else None, standalone_mode=False)
        return EXIT_OK

    return _entry("handoff-render", run)


def staged_main(argv: Sequence[str] | None = None) -> int:
    """Console entry point of ``handoff-audit-staged`` (the ``handoff-audit`` pre-commit hook)."""
    args = list(argv) if argv is not None else sys.argv[1:]
    return _entry("handoff-audit-staged", lambda: audit_staged(args))


__all__ = ["audit_staged", "main", "render_twins", "staged_main", "twin_path"]
