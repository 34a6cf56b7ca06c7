"""The image is locked: requirements.lock pins every requirement of pyproject.toml with hashes
(checked offline by scripts/check_lock.py, a CI step), and the Dockerfile installs only from it,
on a base pinned by digest."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from script_loader import REPO, load_script

check_lock = load_script("check_lock")
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
LOCK = (REPO / "requirements.lock").read_text(encoding="utf-8")
DOCKERFILE = (REPO / "Dockerfile").read_text(encoding="utf-8")


def _with_dependencies(*extra: str) -> dict[str, object]:
    project = dict(PYPROJECT["project"])
    project["dependencies"] = [*project["dependencies"], *extra]
    return {**PYPROJECT, "project": project}


def test_the_checked_in_lock_is_current() -> None:
    assert check_lock.check(PYPROJECT, LOCK) == []
    assert check_lock.main([]) == 0


def test_a_new_runtime_requirement_makes_it_stale() -> None:
    problems = check_lock.check(_with_dependencies("tomlkit>=0.12"), LOCK)
    assert problems == ["tomlkit>=0.12 (dependencies) is not pinned in the lock"]


def test_a_raised_lower_bound_makes_it_stale() -> None:
    pinned = check_lock.read_lock(LOCK)[0]["click"]
    problems = check_lock.check(_with_dependencies(f"click>{pinned}"), LOCK)
    assert problems == [f"click>{pinned} (dependencies) does not accept the locked {pinned}"]


def test_a_requirement_for_another_platform_is_not_needed() -> None:
    assert check_lock.check(_with_dependencies("pywin32>=300; sys_platform == 'win32'"), LOCK) == []


def test_a_pin_without_hash_is_stale(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    unhashed = re.sub(r"(?m)^(pyyaml==\S+) \\\n(\s+--hash=\S+ \\\n)*\s+--hash=\S+\n", r"\1\n", LOCK)
    assert unhashed != LOCK
    lock = tmp_path / "requirements.lock"
    lock.write_text(unhashed, encoding="utf-8")
    assert check_lock.main(["--lock", str(lock)]) == 1
    err = capsys.readouterr().err
    assert "pyyaml==" in err and "has no --hash" in err and "pip-compile --generate-hashes" in err


def test_the_build_requirements_are_locked_too() -> None:
    build = {"build-system": {"requires": ["setuptools>=69", "wheel"]}}
    assert check_lock.check(build, LOCK) == []
    assert check_lock.check(build, "click==8.1.0 --hash=sha256:00\n") == [
        "setuptools>=69 (build-system.requires) is not pinned in the lock",
        "wheel (build-system.requires) is not pinned in the lock",
    ]


def test_unreadable_file_is_exit_2(tmp_path: Path) -> None:
    assert check_lock.main(["--lock", str(tmp_path / "missing.lock")]) == 2


def test_dockerfile_base_is_pinned_by_digest_and_overridable() -> None:
    match = re.search(r"^ARG BASE=(\S+)$", DOCKERFILE, re.MULTILINE)
    assert match is not None
    assert re.fullmatch(r"debian:bookworm-slim@sha256:[0-9a-f]{64}", match.group(1))
    assert re.search(r"^FROM \$\{BASE\}$", DOCKERFILE, re.MULTILINE)


def test_dockerfile_installs_only_what_the_lock_says() -> None:
    installs = re.findall(r"pip install[^&\n]*", DOCKERFILE.replace("\\\n", " "))
    assert len(installs) == 2
    locked, project = installs
    assert "--require-hashes" in locked and "-r /opt/handoff-audit/requirements.lock" in locked
    assert "--no-deps" in project and "--no-build-isolation" in project
    assert "!requirements.lock" in (REPO / ".dockerignore").read_text(encoding="utf-8")
