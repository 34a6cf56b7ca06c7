"""The version comes from the git tag: a wheel built from a clean checkout of a tagged commit,
installed in an empty virtual environment without the network, says the tag's version.

The repository's tracked files are committed into a temporary git repository and tagged; the
wheel is built offline (--no-build-isolation, with the test environment's setuptools-scm) and
installed with its dependencies from wheels repacked from this environment (tests/wheelhouse.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from release_support import tagged_clone, tracked_copy
from script_loader import REPO, load_script
from wheelhouse import wheelhouse

TAG = "v7.3.1"
check_dist = load_script("check_dist")


def build_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SETUPTOOLS_SCM")}
    env["PIP_NO_INDEX"] = "1"  # no network, whatever the user's pip configuration says
    return env


def build_wheel(source: Path, out: Path, env: dict[str, str]) -> Path:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--wheel-dir",
            str(out),
            str(source),
        ],
        env=env,
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("handoff_audit-*.whl")
    return wheel


@pytest.fixture(scope="module")
def tagged_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("release")
    clean = tagged_clone(root, TAG)
    subprocess.run(  # the sdist too, through the same PEP 517 backend `python -m build` calls
        [sys.executable, "-c", "import sys; from setuptools import build_meta as b; "
         "b.build_sdist(sys.argv[1])", str(root / "dist")],
        cwd=clean, env=build_env(), check=True, capture_output=True,
    )  # fmt: skip
    return build_wheel(clean, root / "dist", build_env())


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return wheelhouse("handoff-audit", tmp_path_factory.mktemp("wheelhouse"))


def test_the_wheel_of_a_tagged_commit_has_the_tags_version(tagged_wheel: Path) -> None:
    assert tagged_wheel.name.startswith(f"handoff_audit-{TAG[1:]}-")
    with zipfile.ZipFile(tagged_wheel) as wheel:
        generated = wheel.read("handoff_audit/_version.py").decode()
    assert f"__version__ = version = '{TAG[1:]}'" in generated


def test_installed_from_the_wheel_offline_version_equals_the_tag(
    tagged_wheel: Path, house: Path, tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    install = subprocess.run(
        [
            str(venv / "bin" / "pip"),
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-index",
            "--find-links",
            str(house),
            str(tagged_wheel),
        ],
        env=build_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert install.returncode == 0, install.stderr
    version = subprocess.run(
        [str(venv / "bin" / "handoff-audit"), "--version"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert (version.returncode, version.stdout) == (0, f"handoff-audit, version {TAG[1:]}\n")
    # The README's first command, run by the installed package: exit 1 on purpose (examples/).
    first = subprocess.run(
        [str(venv / "bin" / "handoff-audit"), "check", "examples/"],
        capture_output=True,
        text=True,
        check=False,
        cwd=REPO,
    )
    assert first.returncode == 1 and "examples/secret/" in first.stdout, first.stderr


def test_a_tree_without_git_builds_the_version_it_is_given(tmp_path: Path) -> None:
    """The image's build: no .git in the context, the version passed in (Dockerfile VERSION)."""
    source = tracked_copy(tmp_path / "context")
    (source / "src" / "handoff_audit" / "_version.py").unlink(missing_ok=True)
    env = {**build_env(), "SETUPTOOLS_SCM_PRETEND_VERSION": "4.5.6"}
    assert build_wheel(source, tmp_path / "dist", env).name.startswith("handoff_audit-4.5.6-")
    fallback = build_wheel(source, tmp_path / "fallback", build_env())
    assert fallback.name.startswith("handoff_audit-0.0.0-")


def test_the_release_check_passes_the_tagged_build_and_writes_the_schemas(
    tagged_wheel: Path, house: Path, tmp_path: Path
) -> None:
    """scripts/check_dist.py, as the release workflow runs it before publishing."""
    dist, offline = tagged_wheel.parent, ["--no-index", "--find-links", str(house)]
    out = tmp_path / "schemas"
    assert check_dist.main(["--version", TAG, str(dist), "--schemas", str(out), *offline]) == 0
    for schema in ("handoff", "config"):
        source = REPO / "src" / "handoff_audit" / "schema" / f"{schema}.schema.json"
        served = json.loads(source.read_text(encoding="utf-8"))["$id"].rsplit("/", 1)[-1]
        assert (out / served).read_bytes() == source.read_bytes()
    assert sorted(p.name for p in out.iterdir()) == [
        "config-v1.schema.json",
        "handoff-v1.schema.json",
    ]


def test_the_release_check_refuses_a_build_of_another_version(
    tagged_wheel: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check_dist.main(["--version", "v7.3.2", str(tagged_wheel.parent)]) == 1
    assert "no handoff_audit-7.3.2-py3-none-any.whl" in capsys.readouterr().err
