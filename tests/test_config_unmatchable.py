"""A configuration that can never take effect is said so: a path glob that no path matches
(absolute, with a ``..`` part, with backslashes) is exit 2 with the glob meant, where the file
it named dropped out of the audit (or out of ``block-files``) without a word; a pyproject table
that is nearly ``[tool.handoff-audit]`` gets a warning, where it was ignored in silence."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

HANDOFF = "# H\n\n## Next step\n\nx\n"


@pytest.fixture
def repo(git_repo: GitRepo) -> GitRepo:
    git_repo.write("a", "a\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat")
    git_repo.write("SESSION_HANDOFF.md", HANDOFF)
    git_repo.write("docs/handoffs/2025-11-23-auth.md", HANDOFF)
    git_repo.commit("work")
    return git_repo


def audited(run_cli: Run, repo: GitRepo) -> list[str]:
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    assert result.code in (0, 1), result.err
    return sorted(packet["path"] for packet in result.json()["packets"])


@pytest.mark.parametrize(
    ("setting", "entry", "meant"),
    [
        ("packets", "{root}/SESSION_HANDOFF.md", "SESSION_HANDOFF.md"),
        ("packets", "/abs/path/SESSION_HANDOFF.md", "abs/path/SESSION_HANDOFF.md"),
        ("packets", "../repo/SESSION_HANDOFF.md", "SESSION_HANDOFF.md"),
        ("packets", "../other/SESSION_HANDOFF.md", "**/SESSION_HANDOFF.md"),
        ("packets", "../other/docs/*.md", "other/docs/*.md"),
        ("packets", "docs\\handoffs\\*.md", "docs/handoffs/*.md"),
        ("packets", "/docs/handoffs/*.md", "docs/handoffs/*.md"),
        ("packets", "C:\\docs\\handoffs\\*.md", "docs/handoffs/*.md"),
        ("block-files", "/SESSION_HANDOFF.md", "SESSION_HANDOFF.md"),
        ("block-files", "/notes/HANDOFF.md", "notes/HANDOFF.md"),
        ("agent-hook.ignore", "/docs/**", "docs/**"),
        ("series", "docs\\handoffs", "docs/handoffs"),
        ("agent-hook.ignore", "docs/../*.md", "*.md"),
    ],
)
def test_a_glob_that_matches_no_path_is_exit_2_with_the_glob_meant(
    run_cli: Run, repo: GitRepo, setting: str, entry: str, meant: str
) -> None:
    entry = entry.replace("{root}", repo.root.resolve().as_posix())
    *parent, key = setting.split(".")

    def configure(glob: str) -> None:
        value = f"{key}: [{glob!r}]".replace("\\\\", "\\")  # YAML single quotes: no escapes
        repo.write(".handoff-audit.yml", f"{parent[0]}: {{{value}}}\n" if parent else value + "\n")

    configure(entry)
    result = run_cli(["check"], cwd=repo.root)
    assert result.code == 2, result.err
    assert result.out == "" and result.err.count("\n") == 1, result.err
    assert result.err.startswith(f"handoff-audit: error: .handoff-audit.yml: {setting}: the glob ")
    assert json.dumps(entry) in result.err
    assert "matches no file" in result.err
    assert result.err.rstrip().endswith(f'write "{meant}"')
    configure(meant)  # the glob the message gives is taken
    assert run_cli(["check"], cwd=repo.root).code in (0, 1)


def test_a_block_files_flag_that_matches_no_path_is_exit_2(run_cli: Run, repo: GitRepo) -> None:
    result = run_cli(["check", "--block-files", "**/x.md,/SESSION_HANDOFF.md"], cwd=repo.root)
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err == (
        'handoff-audit: error: --block-files: the glob "/SESSION_HANDOFF.md" is an absolute path, '
        "which matches no file (globs match paths from the repository root, with /); write "
        '"SESSION_HANDOFF.md"\n'
    )
    meant = ["check", "--block-files", "SESSION_HANDOFF.md", "--target-branch", "main"]
    blocked = run_cli([*meant, "--format", "json"], cwd=repo.root)
    assert blocked.code == 1
    assert "handoff-in-merge" in [f["rule"] for f in blocked.json()["findings"]]


@pytest.mark.parametrize(
    ("setting", "entry"),
    [
        ("packets", "/**"),
        ("packets", "/*/**"),
        ("block-files", "../**"),
        ("agent-hook.ignore", "docs/../../*"),
    ],
)
def test_no_glob_made_only_of_wildcards_is_suggested(
    run_cli: Run, repo: GitRepo, setting: str, entry: str
) -> None:
    *parent, key = setting.split(".")
    value = f"{key}: [{entry!r}]"
    repo.write(".handoff-audit.yml", f"{parent[0]}: {{{value}}}\n" if parent else value + "\n")
    result = run_cli(["check"], cwd=repo.root)
    assert result.code == 2 and result.err.count("\n") == 1, result.err
    assert result.err.rstrip().endswith(
        'from the repository root, with /); name a folder or file, e.g. "docs/**"'
    )
    assert "write" not in result.err


def test_the_globs_given_in_the_message_find_the_files(run_cli: Run, repo: GitRepo) -> None:
    repo.write(".handoff-audit.yml", 'packets: ["**/SESSION_HANDOFF.md", "docs/handoffs/*.md"]\n')
    assert audited(run_cli, repo) == ["SESSION_HANDOFF.md", "docs/handoffs/2025-11-23-auth.md"]


def test_a_backslash_in_a_set_matches_a_file_name_that_holds_one(
    run_cli: Run, repo: GitRepo
) -> None:
    repo.write("odd\\name/SESSION_HANDOFF.md", HANDOFF)  # one folder, named with a backslash
    repo.commit("odd")
    repo.write(".handoff-audit.yml", "packets: ['odd[\\]name/*.md']\n")
    found = audited(run_cli, repo)
    assert "odd\\name/SESSION_HANDOFF.md" in found and "SESSION_HANDOFF.md" not in found


def test_branch_globs_are_not_read_as_paths(run_cli: Run, repo: GitRepo) -> None:
    repo.write(".handoff-audit.yml", "protected-branches: ['main', 'release/*']\n")
    assert run_cli(["check"], cwd=repo.root).code in (0, 1)


@pytest.mark.parametrize(
    "table",
    [
        "[tool.handoff_audit]",
        "[tool.handoff.audit]",
        "[tool.HandoffAudit]",
        "[tool.handof-audit]",
        "[handoff-audit]",
    ],
)
def test_a_pyproject_table_nearly_ours_is_a_warning(
    run_cli: Run, repo: GitRepo, table: str
) -> None:
    without = run_cli(["check"], cwd=repo.root).code
    repo.write("pyproject.toml", f'{table}\npackets = ["docs/handoffs/*.md"]\n')
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    shown = table.replace('"', "")
    assert result.err == (
        f"handoff-audit: warning: pyproject.toml: the table {shown} is not read — did you mean "
        "[tool.handoff-audit]? Rename it to have its keys used\n"
    )
    assert result.code == without  # a warning: the exit status is the audit's
    assert "SESSION_HANDOFF.md" in [p["path"] for p in result.json()["packets"]]  # defaults
    named = run_cli(["check", "--config", "pyproject.toml"], cwd=repo.root)
    assert "did you mean [tool.handoff-audit]?" in named.err


@pytest.mark.parametrize(
    "pyproject",
    [
        '[tool.handoff-audit]\npackets = ["docs/handoffs/*.md"]\n',
        "[tool.handoff]\nx = 1\n",
        "[tool.ruff]\nline-length = 100\n",
        '[project]\nname = "handoff-audit"\n',
    ],
)
def test_other_tables_are_no_warning(run_cli: Run, repo: GitRepo, pyproject: str) -> None:
    repo.write("pyproject.toml", pyproject)
    result = run_cli(["check"], cwd=repo.root)
    assert result.err == ""
