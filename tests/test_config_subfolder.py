"""In a monorepo a package's own configuration is not read: run from its folder, a command says
so once on standard error and names the root's file, and a message telling the user to set a
key names the root's file from the current folder; real repositories, the real command line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]

VERIFY_NEW = [
    "new",
    "--verify",
    "--summary",
    "s",
    "--next-action",
    "Test packages/api/a.py.",
    "--verdict-pointer",
    "a.py",
]


def monorepo(git_repo: GitRepo, package: dict[str, str], root: dict[str, str]) -> GitRepo:
    """A work branch of a repository with ``packages/api`` holding the files ``package``."""
    git_repo.write("packages/api/a.py", "print('hi')\n")
    for name, text in {**root, **{f"packages/api/{k}": v for k, v in package.items()}}.items():
        git_repo.write(name, text)
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/api")
    return git_repo


def test_a_package_configuration_is_named_unread_and_the_key_advice_names_the_root_file(
    git_repo: GitRepo, run_cli: Run
) -> None:
    repo = monorepo(git_repo, {".handoff-audit.yml": 'verify: "false"\n'}, {})
    result = run_cli(VERIFY_NEW, cwd=repo.root / "packages" / "api")
    assert result.code == 2, result.err
    warning = (
        "handoff-audit: warning: .handoff-audit.yml is not read: handoff-audit reads its "
        "configuration only at the repository root; set its keys in ../../.handoff-audit.yml "
        "instead"
    )
    assert result.err.splitlines().count(warning) == 1, result.err
    assert 'set it, in ../../.handoff-audit.yml: verify: "pytest -q"' in result.err
    assert "is not read" not in result.out


def test_a_package_pyproject_table_is_named_unread_beside_the_root_table_in_use(
    git_repo: GitRepo, run_cli: Run
) -> None:
    table = "[tool.handoff-audit]\nkeep-last: 5\n".replace(":", " =")
    repo = monorepo(git_repo, {"pyproject.toml": table}, {"pyproject.toml": table})
    result = run_cli(["check"], cwd=repo.root / "packages" / "api")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "handoff-audit: warning: [tool.handoff-audit] in pyproject.toml is not read: "
        "handoff-audit reads its configuration only at the repository root; set its keys under "
        "[tool.handoff-audit] in ../../pyproject.toml instead"
    ]


def test_only_a_folder_below_the_root_with_a_configuration_of_its_own_is_named(
    git_repo: GitRepo, run_cli: Run
) -> None:
    plain = {"pyproject.toml": "[project]\nname = 'api'\n"}
    repo = monorepo(git_repo, plain, {".handoff-audit.yml": "keep-last: 5\n"})
    assert run_cli(["check"], cwd=repo.root / "packages" / "api").err == ""
    repo.write("packages/api/.handoff-audit.yml", "keep-last: 1\n")
    assert run_cli(["check"], cwd=repo.root).err == ""
    repo.write("packages/api/src/b.py", "print('b')\n")
    deeper = run_cli(["check"], cwd=repo.root / "packages" / "api" / "src")
    assert "warning: ../.handoff-audit.yml is not read" in deeper.err
    assert "set its keys in ../../../.handoff-audit.yml instead" in deeper.err


def test_the_stop_hook_names_a_package_configuration_from_the_agent_folder(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    repo = monorepo(git_repo, {".handoff-audit.yml": "keep-last: 5\n"}, {})
    repo.write("packages/api/a.py", "print('changed')\n")
    repo.commit("work")
    # the hook's own folder is elsewhere: the agent's folder is the event's cwd
    blocked = run_hook(stop_event(repo.root / "packages" / "api"), cwd=tmp_path)
    assert blocked.code == 2, blocked.err
    assert (
        blocked.lines.count(
            "handoff-audit: warning: .handoff-audit.yml is not read: handoff-audit reads its "
            "configuration only at the repository root; set its keys in ../../.handoff-audit.yml "
            "instead"
        )
        == 1
    ), blocked.err


def test_a_configuration_under_a_name_not_read_is_named_so(git_repo: GitRepo, run_cli: Run) -> None:
    # `.handoff-audit.toml` held a block-files that never applied, and nothing said so.
    git_repo.write(".handoff-audit.toml", 'block-files = ["**/NOTES.md"]\n')
    git_repo.write("NOTES.md", "# Notes\n")
    git_repo.commit("config under a name not read")
    result = run_cli(["check"], cwd=git_repo.root)
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "handoff-audit: warning: .handoff-audit.toml is not read: handoff-audit reads "
        ".handoff-audit.yml, .handoff-audit.yaml or [tool.handoff-audit] in pyproject.toml at "
        "the repository root; write its keys in one of those (YAML, or TOML under the table)"
    ]
    git_repo.git("mv", ".handoff-audit.toml", ".handoff-audit.yml")
    git_repo.write(".handoff-audit.yml", 'block-files: ["**/NOTES.md"]\n')
    git_repo.commit("renamed")
    assert "is not read" not in run_cli(["check"], cwd=git_repo.root).err
