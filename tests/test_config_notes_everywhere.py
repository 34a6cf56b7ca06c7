"""Every command that reads the configuration names, once on standard error, a configuration file
it ignores beside the one it uses (`Config.notes`), in the same words as `check`; real
repositories with two configuration files, the real command line."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from authoring_support import NEW
from conftest import GitRepo, Result

Run = Callable[..., Result]


def yaml_ignored(up: str = "") -> str:
    """The warning for a .handoff-audit.yaml beside the .handoff-audit.yml used, its paths
    behind ``up`` (the repository root as seen from the current folder)."""
    used, other = f"{up}.handoff-audit.yml", f"{up}.handoff-audit.yaml"
    return (
        f"handoff-audit: warning: {used} and {other} both configure handoff-audit; {used} is used "
        f"(.handoff-audit.yml wins over .handoff-audit.yaml) and {other} ignored: move its keys "
        f"into {used} and delete {other}"
    )


@pytest.fixture
def repo(git_repo: GitRepo) -> GitRepo:
    """A work branch whose repository has both a .handoff-audit.yml and a .handoff-audit.yaml."""
    git_repo.write("src/app.py", "print('hi')\n")
    git_repo.write("src/README.md", "# App\n\nPrints hi.\n")
    git_repo.write(".handoff-audit.yml", "keep-last: 5\n")
    git_repo.write(".handoff-audit.yaml", "keep-last: 1\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/refunds")
    return git_repo


def with_packet(run_cli: Run, repo: GitRepo) -> None:
    """The branch's active packet, committed."""
    assert run_cli(NEW, cwd=repo.root).code == 0
    repo.commit("handoff")


def said_once(result: Result, line: str) -> None:
    """``line`` is on standard error exactly once, and no other line names a file ignored."""
    assert result.err.splitlines().count(line) == 1, result.err
    assert result.err.count("both configure") == 1, result.err
    assert "both configure" not in result.out


COMMANDS: dict[str, list[str]] = {
    "check": ["check"],
    "show": ["show"],
    "update": ["update", "--summary", "Keys stored and checked."],
    "render": ["render", "{up}handoff.json"],
    "render-check": ["render", "--check", "{up}handoff.json"],
    "supersede": ["supersede", "{up}handoff.json", "--by", "refunds-v2"],
    "supersede-branch-packet": ["supersede"],
    "archive": ["archive", "{up}handoff.json"],
    "archive-branch-packet": ["archive"],
    # a markdown-only file: a JSON packet's twin is refused (md-incomplete never judges it)
    "explain-file": ["explain", "md-incomplete", "--file", "{up}src/README.md"],
    "hook-install": ["hook", "--install"],
    "hook-print": ["hook", "--print"],
}
"""Commands run on a branch with a packet, ``{up}`` the root as seen from the current folder."""

FOLDERS = {"root": ("", ""), "subfolder": ("src", "../")}
"""Where a command runs, and the repository root as seen from there."""


@pytest.mark.parametrize(("folder", "up"), FOLDERS.values(), ids=FOLDERS.keys())
@pytest.mark.parametrize("argv", COMMANDS.values(), ids=COMMANDS.keys())
def test_a_command_that_reads_the_configuration_names_the_file_it_ignores(
    repo: GitRepo, run_cli: Run, argv: list[str], folder: str, up: str
) -> None:
    with_packet(run_cli, repo)
    result = run_cli([arg.format(up=up) for arg in argv], cwd=repo.root / folder)
    assert result.code in (0, 1), result.err
    said_once(result, yaml_ignored(up))


@pytest.mark.parametrize(("folder", "up"), FOLDERS.values(), ids=FOLDERS.keys())
def test_new_names_the_file_it_ignores_as_check_does(
    repo: GitRepo, run_cli: Run, folder: str, up: str
) -> None:
    result = run_cli(NEW, cwd=repo.root / folder)
    assert result.code == 0, result.err
    said_once(result, yaml_ignored(up))


def test_check_from_outside_the_repository_names_the_files_as_its_findings(
    repo: GitRepo, run_cli: Run
) -> None:
    repo.write("HANDOFF.md", "# Handoff\n\nTODO\n")
    repo.commit("handoff")
    result = run_cli(["check", "repo"], cwd=repo.root.parent)
    assert result.code == 1, result.err
    said_once(result, yaml_ignored("repo/"))
    assert result.out.startswith("repo/HANDOFF.md:")


def test_the_pyproject_table_ignored_is_named_from_a_subfolder(repo: GitRepo, run_cli: Run) -> None:
    (repo.root / ".handoff-audit.yaml").unlink()
    repo.write("pyproject.toml", "[tool.handoff-audit]\nkeep-last = 1\n")
    repo.commit("table")
    result = run_cli(NEW, cwd=repo.root / "src")
    assert result.code == 0, result.err
    said_once(
        result,
        "handoff-audit: warning: ../.handoff-audit.yml and [tool.handoff-audit] in "
        "../pyproject.toml both configure handoff-audit; ../.handoff-audit.yml is used (the "
        "dedicated file wins) and the table ignored: move its keys into the file and delete the "
        "table",
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["archive"],
        ["supersede"],
        ["render", "notes.json"],
        ["explain", "md-incomplete", "--file", "big.md"],
    ],
    ids=["archive-no-packet", "supersede-no-packet", "render-not-a-packet", "explain-too-large"],
)
def test_the_warning_comes_before_the_error_line(
    repo: GitRepo, run_cli: Run, argv: list[str]
) -> None:
    repo.write(".handoff-audit.yml", "max-file-bytes: 64\n")
    repo.write("notes.json", '{"title": "not a packet"}\n')
    repo.write("big.md", "# Handoff\n\n" + "Rounded the refunds of one batch.\n" * 10)
    repo.commit("no packet")
    result = run_cli(argv, cwd=repo.root)
    assert result.code == 2, result.err
    warning, error = result.err.splitlines()
    assert warning == yaml_ignored()
    assert error.startswith("handoff-audit: error: ")


def test_handoff_render_says_it_once_in_its_own_name(
    repo: GitRepo, run_cli: Run, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from handoff_audit.cli.precommit import main

    with_packet(run_cli, repo)
    (repo.root / "handoff.md").unlink()  # a twin to write; one with text of its own is kept
    monkeypatch.chdir(repo.root)
    capsys.readouterr()
    assert main(["handoff.json"]) == 1
    err = capsys.readouterr().err
    assert err.splitlines() == [yaml_ignored().replace("handoff-audit:", "handoff-render:", 1)]
