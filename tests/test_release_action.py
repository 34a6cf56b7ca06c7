"""The action a release publishes (scripts/release_action.py): the source action.yml with
``runs.image`` pointing at the image on GitHub's container registry, checked with GitHub's
action schema (check-jsonschema's vendor.github-actions) and zizmor, offline."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from script_loader import REPO, load_script

release_action = load_script("release_action")
DIGEST = "sha256:" + "0123456789abcdef" * 4
BIN = Path(sys.executable).parent


def _write(tmp_path: Path, *args: str) -> Path:
    folder = tmp_path / "released"
    folder.mkdir(exist_ok=True)
    target = folder / "action.yml"  # zizmor knows an action by its file name
    assert release_action.main([*args, "--output", str(target)]) == 0
    return target


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def test_released_action_runs_the_published_image_by_digest(tmp_path: Path) -> None:
    target = _write(tmp_path, "--version", "v1.4.2", "--repository", "Octo-Org/handoff-audit",
                    "--digest", DIGEST)  # fmt: skip
    released, source = _load(target), _load(REPO / "action.yml")
    assert released["runs"] == {
        "using": "docker",
        "image": f"docker://ghcr.io/octo-org/handoff-audit@{DIGEST}",
    }
    assert source["runs"] == {"using": "docker", "image": "Dockerfile"}  # every other ref builds
    del released["runs"], source["runs"]
    assert released == source  # same inputs, outputs, descriptions
    assert "handoff-audit 1.4.2" in target.read_text(encoding="utf-8")


def test_without_digest_the_version_tag(tmp_path: Path) -> None:
    target = _write(tmp_path, "--version", "2.0.0", "--repository", "octo-org/handoff-audit")
    assert _load(target)["runs"]["image"] == "docker://ghcr.io/octo-org/handoff-audit:2.0.0"


def _schema(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.github-actions", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )


def _zizmor(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "zizmor"), "--offline", "--persona=pedantic", "--no-progress", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_released_action_passes_the_schema_and_zizmor(tmp_path: Path) -> None:
    target = _write(tmp_path, "--version", "1.0.0", "--repository", "octo-org/handoff-audit",
                    "--digest", DIGEST)  # fmt: skip
    schema = _schema(target)
    assert schema.returncode == 0, schema.stdout + schema.stderr
    zizmor = _zizmor(target)
    assert zizmor.returncode == 0, zizmor.stdout + zizmor.stderr


def test_checks_would_catch_a_broken_release(tmp_path: Path) -> None:
    # The same checks fail on what they must fail on: a tag-only image (zizmor's
    # unpinned-images) and an action without runs.using (the schema).
    target = _write(tmp_path, "--version", "1.0.0", "--repository", "octo-org/handoff-audit")
    assert "unpinned-images" in _zizmor(target).stdout
    target.write_text(target.read_text(encoding="utf-8").replace("  using: docker\n", ""))
    assert _schema(target).returncode != 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--version", "latest", "--repository", "o/r"], "--version 'latest'"),
        (["--version", "1.2", "--repository", "o/r"], "--version '1.2'"),
        (["--version", "1.2.3", "--repository", "o"], "--repository 'o'"),
        (["--version", "1.2.3", "--repository", "o/r", "--digest", "sha256:zz"], "--digest"),
    ],
)
def test_bad_arguments_are_one_line_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert release_action.main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("release_action: ") and message in err and err.count("\n") == 1


def test_a_source_that_does_not_build_from_the_dockerfile_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "action.yml"
    source.write_text("runs:\n  using: docker\n  image: docker://alpine\n", encoding="utf-8")
    args = ["--version", "1.0.0", "--repository", "o/r", "--source", str(source)]
    assert release_action.main(args) == 2
