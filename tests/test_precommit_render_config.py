"""`handoff-render --config FILE` (the pre-commit hook's entry point) renders with FILE, as
`handoff-audit render --config FILE --write` does, not with the repository's own configuration.
A missing or invalid FILE is exit 2 in one line, and no file is written. Real repositories, the
real console entry points."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from agent_support import feature_repo
from authoring_support import REFUNDS
from conftest import GitRepo, Result
from handoff_audit.cli.precommit import main as render_hook_main

Run = Callable[..., Result]


def _packet_without_twin(git_repo: GitRepo, run_cli: Run) -> Path:
    """A branch whose packet ``handoff.json`` (a few hundred bytes) is written by `new`,
    committed, and whose twin is then deleted, so that rendering writes it."""
    feature_repo(git_repo)
    made = run_cli(["new", *REFUNDS], cwd=git_repo.root)
    assert made.code == 0, made.err
    git_repo.commit("handoff")
    (git_repo.root / "handoff.md").unlink()
    return git_repo.root / "handoff.json"


def _render_hook(argv: list[str], capsys: pytest.CaptureFixture[str]) -> Result:
    capsys.readouterr()
    code = render_hook_main(argv)
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)


def test_the_config_file_limits_what_is_rendered(
    git_repo: GitRepo, run_cli: Run, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    packet = _packet_without_twin(git_repo, run_cli)
    before = packet.read_bytes()
    small = tmp_path / "small.yml"
    small.write_text("max-file-bytes: 100\n", encoding="utf-8")
    hooked = _render_hook(["--config", str(small), "handoff.json"], capsys)
    assert hooked.code == 2, hooked.out + hooked.err
    [line] = hooked.err.splitlines()
    assert line.startswith("handoff-render: error: handoff.json: the file is "), line
    assert "more than max-file-bytes (100 bytes)" in line
    assert not (git_repo.root / "handoff.md").exists()
    assert packet.read_bytes() == before
    rendered = run_cli(["render", "--config", str(small), "--write", "handoff.json"])
    assert rendered.code == 2
    assert rendered.err.replace("handoff-audit:", "handoff-render:", 1) == hooked.err


def test_the_config_file_wins_over_the_repositorys(
    git_repo: GitRepo, run_cli: Run, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _packet_without_twin(git_repo, run_cli)
    git_repo.write(".handoff-audit.yml", "max-file-bytes: 100\n")
    refused = _render_hook(["handoff.json"], capsys)
    assert refused.code == 2 and "max-file-bytes (100 bytes)" in refused.err
    roomy = tmp_path / "roomy.yml"
    roomy.write_text("max-file-bytes: 100000\n", encoding="utf-8")
    hooked = _render_hook(["--config", str(roomy), "handoff.json"], capsys)
    assert hooked.code == 1, hooked.err
    assert hooked.out == "handoff.json: wrote handoff.md; stage it and commit again\n"
    assert (git_repo.root / "handoff.md").is_file()


@pytest.mark.parametrize(
    ("config", "says"),
    [("missing.yml", "no such file"), ("bad.yml", "not valid YAML")],
)
def test_a_missing_or_invalid_config_file_is_one_line(
    git_repo: GitRepo,
    run_cli: Run,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    config: str,
    says: str,
) -> None:
    packet = _packet_without_twin(git_repo, run_cli)
    before = packet.read_bytes()
    (tmp_path / "bad.yml").write_text("max-file-bytes: [\n", encoding="utf-8")
    hooked = _render_hook(["--config", str(tmp_path / config), "handoff.json"], capsys)
    assert hooked.code == 2
    [line] = hooked.err.splitlines()
    assert line.startswith("handoff-render: error: ") and config in line and says in line
    assert packet.read_bytes() == before
    assert not (git_repo.root / "handoff.md").exists()
