"""`--jobs`: the per-packet work in worker processes gives the sequential report, byte for byte.

Each case runs the real console script twice, ``--jobs 1`` (this process alone) and ``--jobs 2``
(two forked workers, whatever the number of packets: an explicit ``jobs`` is obeyed), and
compares the ``--format json`` outputs.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from handoff_audit.config import Config, load_config
from handoff_audit.engine.audit import PARALLEL_FROM, AuditRequest, jobs_for
from handoff_audit.errors import InputError
from handoff_audit.rules import RULES_BY_ID

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO / "bench"
DEMO = REPO / "examples" / "git-demo" / "make-demo.py"
TOOL = str(Path(sys.executable).parent / "handoff-audit")


def _check(cwd: Path, jobs: int, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [TOOL, "check", "--format", "json", "--jobs", str(jobs), *args],
        cwd=cwd,
        capture_output=True,
        check=False,
        timeout=300,
    )


def same_report_both_ways(cwd: Path, *args: str) -> dict[str, object]:
    """Audit ``cwd`` with ``--jobs 1`` and ``--jobs 2``; assert the same exit code, the same
    standard error and the same JSON bytes; return the report."""
    one, two = _check(cwd, 1, *args), _check(cwd, 2, *args)
    assert one.returncode in (0, 1), one.stderr.decode()
    assert (two.returncode, two.stderr) == (one.returncode, one.stderr)
    assert two.stdout == one.stdout
    report: dict[str, object] = json.loads(one.stdout)
    return report


@pytest.fixture(scope="module")
def bench_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    sys.path.insert(0, str(BENCH))
    import synth

    return synth.build(tmp_path_factory.mktemp("bench") / "repo", 600, commits=30).root


def test_a_bench_repository_gives_the_same_report(bench_repo: Path) -> None:
    report = same_report_both_ways(bench_repo, "--target-branch", "main")
    assert len(report["packets"]) == 600  # type: ignore[arg-type]
    rules = {f["rule"] for f in report["findings"]}  # type: ignore[attr-defined]
    assert {"schema", "secret", "md-mismatch", "md-missing", "invalid-json", "lkg-behind"} <= rules


def test_every_branch_gives_the_same_report(bench_repo: Path) -> None:
    report = same_report_both_ways(bench_repo, "--target-branch", "main", "--all-branches")
    assert any(":" in p["path"] for p in report["packets"])  # type: ignore[attr-defined]


def test_the_git_demo_gives_the_same_report(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(DEMO), "--keep", str(tmp_path / "demo")],
        capture_output=True,
        check=True,
        timeout=300,
    )
    demo = tmp_path / "demo" / "demo"
    report = same_report_both_ways(demo, "--target-branch", "main", "--all-branches")
    assert report["findings"]


@pytest.mark.parametrize(
    "folder",
    [
        "examples/gallery",
        "examples",
        "tests/data/realworld-handoffs",
        "tests/data/realworld-handoffs-more",
    ],
)
def test_the_examples_and_real_handoffs_give_the_same_report(folder: str, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(REPO / folder, copy)
    # The vendored handoffs keep their own names: name them, as a user would.
    named = [] if folder.startswith("examples") else sorted(p.name for p in copy.glob("*.*"))
    report = same_report_both_ways(copy, *named)
    assert len(report["packets"]) > 2  # type: ignore[arg-type]
    assert report["findings"]


def test_explicit_jobs_are_obeyed_and_the_default_is_sequential_for_few_packets(
    tmp_path: Path,
) -> None:
    def request(jobs: int | None) -> AuditRequest:
        return AuditRequest(root=tmp_path, paths=(tmp_path,), config=Config(jobs=jobs))

    assert jobs_for(request(2), 3) == 2
    assert jobs_for(request(4), 3) == 3
    assert jobs_for(request(1), 100_000) == 1
    assert jobs_for(request(None), PARALLEL_FROM - 1) == 1
    assert jobs_for(request(None), PARALLEL_FROM) >= 1


def test_jobs_is_a_configuration_key(tmp_path: Path) -> None:
    (tmp_path / ".handoff-audit.yml").write_text("jobs: 3\n")
    assert load_config(tmp_path, rule_ids=RULES_BY_ID).jobs == 3
    (tmp_path / ".handoff-audit.yml").write_text("jobs: 0\n")
    with pytest.raises(InputError, match="jobs"):
        load_config(tmp_path, rule_ids=RULES_BY_ID)


def test_jobs_zero_is_a_usage_error(tmp_path: Path) -> None:
    done = _check(tmp_path, 0)
    assert done.returncode == 2
    assert b"--jobs" in done.stderr
