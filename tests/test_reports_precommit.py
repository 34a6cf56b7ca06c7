"""The pre-commit hooks, run by pre-commit itself on a real repository that uses this one.

pre-commit clones the hook repository at a commit and pip-installs it into an environment of its
own. To test the working tree (not the last commit), the hook repository is a snapshot of this
repository's package files committed into a temporary git repository. The environment is built
once per test session (PRE_COMMIT_HOME in a session temporary folder): the first build installs
the package and its dependencies with pip, the rest reuse it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import GIT_ENV
from handoff_audit.markdown import render_packet

REPO = Path(__file__).resolve().parents[1]
SNAPSHOT = ("pyproject.toml", "README.md", "LICENSE", ".pre-commit-hooks.yaml", "src")


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", *args], cwd=cwd, env=base_env(), capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def base_env() -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("GITHUB_", "INPUT_", "GIT_", "PRE_COMMIT"))
    }
    return {**env, **GIT_ENV, "GIT_CONFIG_GLOBAL": os.environ["GIT_CONFIG_GLOBAL"]}


@pytest.fixture(scope="session")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A git repository holding this repository's package files, and the commit to use."""
    root = tmp_path_factory.mktemp("hook-repo")
    for name in SNAPSHOT:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(
                source,
                root / name,
                ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc"),
            )
        elif source.is_file():
            shutil.copy2(source, root / name)
    if not (root / "README.md").exists():
        (root / "README.md").write_text("# handoff-audit\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "snapshot")
    return root, git(root, "rev-parse", "HEAD")


Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture(scope="session")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture
def project(tmp_path: Path, hook_repo: tuple[Path, str]) -> Path:
    """A user's repository whose .pre-commit-config.yaml uses the hook repository."""
    root = tmp_path / "project"
    root.mkdir()
    hooks, rev = hook_repo
    (root / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hooks.as_uri()}\n    rev: {rev}\n"
        "    hooks:\n      - id: handoff-render\n      - id: handoff-audit\n",
        encoding="utf-8",
    )
    (root / "src").mkdir()
    (root / "src" / "app.py").write_text("print('hello')\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "feat/refunds")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "start")
    return root


@pytest.fixture
def pre_commit(pre_commit_home: Path) -> Run:
    def run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
        env = {**base_env(), "PRE_COMMIT_HOME": str(pre_commit_home), "NO_COLOR": "1"}
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", "run", "--color", "never", *args],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )

    return run


def packet(root: Path, **changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "title": "Refund endpoint",
        "branch": "feat/refunds",
        "last_known_good_commit": git(root, "rev-parse", "HEAD"),
        "status": "active",
        "summary": "Added POST /refunds with validation.",
        "changed_files": ["src/app.py"],
        "commands_run": [{"cmd": "pytest -q", "exit": 0}],
        "failed_attempts": [],
        "open_risks": [],
        "next_action": "Lock the ledger row in create_refund, then run the concurrency test.",
        "verdict_pointer": "src/app.py",
        "pointers": ["src/app.py"],
    }
    data.update(changes)
    return data


def write_packet(root: Path, data: dict[str, object], twin: str | None) -> None:
    (root / "handoff.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if twin is not None:
        (root / "handoff.md").write_text(twin, encoding="utf-8")


def test_render_hook_rewrites_a_stale_twin_and_fails_until_it_is_staged(
    project: Path, pre_commit: Run
) -> None:
    data = packet(project)
    # The twin of the packet before its next action changed: older than the packet, it holds
    # nothing a person wrote (text of their own is kept: test_handoff_render_keeps_text_...).
    write_packet(project, data, render_packet({**data, "next_action": "Write the refund."}))
    os.utime(project / "handoff.md", ns=(1_000_000_000, 1_000_000_000))
    git(project, "add", "handoff.json", "handoff.md")

    first = pre_commit(project, "handoff-render")
    assert first.returncode == 1, first.stdout + first.stderr
    assert "handoff-render" in first.stdout and "Failed" in first.stdout
    assert "handoff.json: wrote handoff.md; stage it" in first.stdout
    assert (project / "handoff.md").read_text(encoding="utf-8") == render_packet(data)
    assert git(project, "diff", "--name-only") == "handoff.md"

    git(project, "add", "handoff.md")
    second = pre_commit(project, "handoff-render")
    assert second.returncode == 0, second.stdout + second.stderr
    assert "Passed" in second.stdout


def test_audit_hook_fails_on_a_broken_staged_packet_and_passes_once_fixed(
    project: Path, pre_commit: Run
) -> None:
    broken = packet(project, next_action="TODO")
    write_packet(project, broken, render_packet(broken))
    git(project, "add", "handoff.json", "handoff.md")

    failed = pre_commit(project, "handoff-audit")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "placeholder" in failed.stdout
    assert "handoff.json" in failed.stdout

    fixed = packet(project)
    write_packet(project, fixed, render_packet(fixed))
    git(project, "add", "handoff.json", "handoff.md")
    passed = pre_commit(project)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "handoff-audit" in passed.stdout and "Failed" not in passed.stdout


def test_hooks_skip_commits_without_packets(project: Path, pre_commit: Run) -> None:
    (project / "src" / "app.py").write_text("print('bye')\n", encoding="utf-8")
    git(project, "add", "src/app.py")
    result = pre_commit(project)
    assert result.returncode == 0, result.stdout + result.stderr
    # handoff-audit always runs (a commit that only deletes a twin passes it no file), and
    # passes at once when the commit touches no handoff file.
    assert result.stdout.count("(no files to check)Skipped") == 1
    assert "handoff-render" in result.stdout and "Failed" not in result.stdout


def test_hooks_honour_the_packets_configuration(project: Path, pre_commit: Run) -> None:
    (project / ".handoff-audit.yml").write_text('packets: ["docs/handoffs/*.json"]\n')
    folder = project / "docs" / "handoffs"
    folder.mkdir(parents=True)
    broken = packet(project, next_action="TODO")
    (folder / "refund.json").write_text(json.dumps(broken, indent=2) + "\n", encoding="utf-8")
    (project / "package.json").write_text('{"name": "shop"}\n', encoding="utf-8")
    git(project, "add", "-A")

    result = pre_commit(project)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "wrote docs/handoffs/refund.md" in result.stdout
    assert (folder / "refund.md").read_text(encoding="utf-8") == render_packet(broken)
    assert "docs/handoffs/refund.json" in result.stdout and "placeholder" in result.stdout
    assert not (project / "package.md").exists(), "package.json is no packet here"


def test_audit_hook_sees_every_packet_of_the_repository(project: Path, pre_commit: Run) -> None:
    first = packet(project)
    write_packet(project, first, render_packet(first))
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "packet")
    second = packet(project, summary="A second session's version of the truth.")
    other = project / ".handoff"
    other.mkdir()
    (other / "default.json").write_text(json.dumps(second, indent=2) + "\n", encoding="utf-8")
    (other / "default.md").write_text(render_packet(second), encoding="utf-8")
    git(project, "add", "-A")

    result = pre_commit(project, "handoff-audit")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "multiple-active" in result.stdout
    assert "handoff.json" in result.stdout and ".handoff/default.json" in result.stdout


def test_audit_hook_skips_commits_whose_files_are_no_packets(
    project: Path, pre_commit: Run
) -> None:
    stale = packet(project, next_action="TODO")
    write_packet(project, stale, render_packet(stale))
    git(project, "add", "-A")
    git(project, "commit", "-q", "--no-verify", "-m", "an old broken packet")
    (project / "package.json").write_text('{"name": "shop"}\n', encoding="utf-8")
    git(project, "add", "package.json")
    result = pre_commit(project, "handoff-audit")
    assert result.returncode == 0, result.stdout + result.stderr


def test_handoff_render_exits_1_only_when_it_rewrote_a_twin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from handoff_audit.cli.precommit import main

    data = packet(_repo_with_commit(tmp_path))
    first, second = tmp_path / "handoff.json", tmp_path / ".handoff" / "search.json"
    second.parent.mkdir()
    for path in (first, second):
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    (tmp_path / ".handoff" / "search.md").write_text(render_packet(data), encoding="utf-8")

    assert main([str(first), str(second)]) == 1
    assert (tmp_path / "handoff.md").read_text(encoding="utf-8") == render_packet(data)
    out = capsys.readouterr().out
    assert "wrote" in out and "handoff.md" in out and "search.md" not in out
    assert main([str(first), str(second)]) == 0
    assert main([str(tmp_path / "README.md")]) == 0, "non-JSON files are not packets"


def test_handoff_render_keeps_text_a_person_wrote_in_the_twin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from handoff_audit.cli.precommit import main

    data = packet(_repo_with_commit(tmp_path))
    note = "The staging DB password rotates on Fridays; ask ops before the migration."
    twin = render_packet(data) + f"\n## Notes from Ann\n\n{note}\n"
    write_packet(tmp_path, data, twin)
    monkeypatch.chdir(tmp_path)

    assert main(["handoff.json"]) == 1
    assert (tmp_path / "handoff.md").read_text(encoding="utf-8") == twin
    err = capsys.readouterr().err
    assert "section 'Notes from Ann'" in err and "Traceback" not in err
    assert "`handoff-audit update handoff.json --trap 'Notes from Ann: " in err
    assert "handoff.md is left as it is" in err
    assert len(err.strip().splitlines()) == 1


def test_handoff_render_reports_an_unreadable_packet_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from handoff_audit.cli.precommit import main

    broken = tmp_path / "handoff.json"
    broken.write_text('{"branch": "x",}\n', encoding="utf-8")
    assert main([str(broken)]) == 2
    err = capsys.readouterr().err
    assert "handoff.json" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "handoff.md").exists()


def _repo_with_commit(root: Path) -> Path:
    git(root, "init", "-q", "-b", "feat/refunds")
    git(root, "commit", "-q", "--allow-empty", "-m", "start")
    return root


def test_the_hooks_manifest_is_valid_for_pre_commit() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pre_commit", "validate-manifest", ".pre-commit-hooks.yaml"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_audit_staged_passes_check_options_and_ignores_non_packets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from handoff_audit.cli.precommit import staged_main

    root = _repo_with_commit(tmp_path)
    monkeypatch.chdir(root)
    data = packet(root, pointers=["src/missing.py"])
    write_packet(root, data, render_packet(data))
    (root / "package.json").write_text("{}\n", encoding="utf-8")
    assert staged_main(["package.json"]) == 0
    assert capsys.readouterr().out == ""
    assert staged_main(["handoff.json"]) == 0, "a dangling pointer is a warning"
    assert "dangling-pointer" in capsys.readouterr().out
    assert staged_main(["--strict", "--select", "dangling-pointer", "handoff.md"]) == 1
    capsys.readouterr()
    assert staged_main(["--format", "json", "handoff.json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {f["rule"] for f in report["findings"]} == {"dangling-pointer"}


YAML_IGNORED = (
    "warning: .handoff-audit.yml and .handoff-audit.yaml both configure handoff-audit; "
    ".handoff-audit.yml is used"
)


def test_hooks_name_a_configuration_file_they_ignore(project: Path, pre_commit: Run) -> None:
    (project / ".handoff-audit.yml").write_text('packets: ["docs/handoffs/*.json"]\n')
    (project / ".handoff-audit.yaml").write_text('packets: ["handoff.json"]\n')
    folder = project / "docs" / "handoffs"
    folder.mkdir(parents=True)
    data = packet(project)
    (folder / "refund.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    git(project, "add", "-A")

    result = pre_commit(project, "--verbose")
    assert result.returncode == 1, result.stdout + result.stderr  # the twin was written
    assert "wrote docs/handoffs/refund.md" in result.stdout
    assert f"handoff-render: {YAML_IGNORED}" in result.stdout
    assert f"handoff-audit: {YAML_IGNORED}" in result.stdout


def test_the_hook_entry_points_name_a_configuration_file_they_ignore(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from handoff_audit.cli.precommit import main, staged_main

    root = _repo_with_commit(tmp_path)
    monkeypatch.chdir(root)
    (root / ".handoff-audit.yml").write_text("keep-last: 5\n")
    (root / "pyproject.toml").write_text('[tool.handoff-audit]\npackets = ["package.json"]\n')
    data = packet(root)
    write_packet(root, data, render_packet(data))
    (root / "package.json").write_text("{}\n", encoding="utf-8")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "packet")

    # No audit (package.json is a packet only in the table ignored): the hook says why.
    assert staged_main(["package.json"]) == 0
    nothing = capsys.readouterr()
    assert nothing.out == ""
    [line] = nothing.err.splitlines()
    assert line.startswith("handoff-audit: warning: .handoff-audit.yml and [tool.handoff-audit]")
    assert "the table ignored" in line
    # An audit: check says it, once.
    assert staged_main(["handoff.json"]) == 0
    assert capsys.readouterr().err.splitlines() == [line]
    # handoff-render, with nothing to rewrite.
    assert main(["handoff.json"]) == 0
    rendered = capsys.readouterr()
    assert rendered.out == ""
    assert rendered.err.splitlines() == [line.replace("handoff-audit:", "handoff-render:", 1)]
