"""Two writers at once: a run that read the packet before another one wrote it refuses to write
(exit 2, one line) rather than throw the other's change away. Real processes: the first
`update --verify` is held inside its verify command until the second writer is done."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from authoring_support import NEW, on_feature_branch, packet_json

SCRIPT = Path(sys.executable).parent / "handoff-audit"


def _held_verify(started: Path, go: Path) -> str:
    """A verify command that says it started, then waits (at most 20 s) for ``go``."""
    return (
        f"touch {started}; for i in $(seq 400); do [ -e {go} ] && exit 0; sleep 0.05; done; exit 1"
    )


def _wait_for(path: Path, process: subprocess.Popen[str]) -> None:
    for _ in range(400):
        if path.exists() or process.poll() is not None:
            break
        subprocess.run(["sleep", "0.05"], check=True)
    assert path.exists(), process.communicate()


def _race(root: Path, tmp_path: Path, slow: list[str], meanwhile: list[str]) -> tuple[int, str]:
    """Run ``slow`` (a writer given ``--verify``) held inside its verify command while
    ``meanwhile`` runs to success; then let it go on. Its exit code and standard error."""
    started, go = tmp_path / "started", tmp_path / "go"
    first = subprocess.Popen(
        [str(SCRIPT), *slow, "--verify", _held_verify(started, go)],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _wait_for(started, first)
        second = subprocess.run(
            [str(SCRIPT), *meanwhile], cwd=root, capture_output=True, text=True, check=False
        )
        assert second.returncode == 0, second.stderr
        go.touch()
        _, err = first.communicate(timeout=60)
    finally:
        go.touch()
        if first.poll() is None:
            first.kill()
            first.wait()
    return first.returncode, err


@pytest.mark.parametrize(
    ("meanwhile", "field", "value"),
    [
        (["update", "--next-action", "Review the refund limits."], "next_action", None),
        (["archive"], "status", "archived"),
    ],
    ids=["update", "archive"],
)
def test_a_slow_verify_does_not_throw_away_a_concurrent_write(
    git_repo: Any, run_cli: Any, tmp_path: Path, meanwhile: list[str], field: str, value: Any
) -> None:
    repo = on_feature_branch(git_repo)
    assert run_cli(NEW, cwd=repo.root).code == 0
    repo.commit("handoff")
    code, err = _race(repo.root, tmp_path, ["update"], meanwhile)
    assert code == 2, err
    [line] = [text for text in err.splitlines() if text.startswith("handoff-audit: error:")]
    assert "handoff.json: the packet changed since this run read it" in line
    assert "run the command again" in line
    # the other run's change is what the packet holds: nothing of it was written over
    assert packet_json(repo)[field] == (value if value is not None else meanwhile[-1])


def test_a_slow_new_does_not_overwrite_the_packet_another_new_wrote(
    git_repo: Any, run_cli: Any, tmp_path: Path
) -> None:
    repo = on_feature_branch(git_repo)
    code, err = _race(repo.root, tmp_path, list(NEW), [*NEW, "--title", "The other session"])
    assert code == 2, err
    assert "handoff.json: the packet changed since this run read it" in err
    assert packet_json(repo)["title"] == "The other session"
