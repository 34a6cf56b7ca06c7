"""`--jobs`: the per-packet work in worker processes gives the sequential report, byte for byte.

Each case runs the real console script twice, ``--jobs 1`` (this process alone) and ``--jobs 2``
(this process and one forked worker, whatever the number of packets: an explicit ``jobs`` is
obeyed), and compares the ``--format json`` outputs.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import GitRepo
from core_packets import packet, write_packet
from handoff_audit.config import Config, load_config
from handoff_audit.engine.audit import PARALLEL_FROM, AuditRequest, jobs_for
from handoff_audit.engine.workers import MIN_CHUNK, available_cores, next_chunk
from handoff_audit.errors import InputError
from handoff_audit.git.tracked import is_tracked
from handoff_audit.rules import RULES_BY_ID

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO / "bench"
DEMO = REPO / "examples" / "git-demo" / "make-demo.py"
TOOL = str(Path(sys.executable).parent / "handoff-audit")
WORKERS_ENV = {**os.environ, "PYTHON_CPU_COUNT": "4"}
"""`--jobs` is capped at the cores: four, so that the workers these tests need are forked on
a runner with fewer."""


def _check(cwd: Path, jobs: int, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [TOOL, "check", "--format", "json", "--jobs", str(jobs), *args],
        cwd=cwd,
        env=WORKERS_ENV,
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


def test_real_handoffs_under_their_own_names_give_the_same_report(tmp_path: Path) -> None:
    """Every vendored real handoff at the path it had in its repository (NEXT_SESSION.md,
    docs/handoffs/..., handoff.json, CONTINUE.md, ...), one folder per source, in one git
    repository: the default globs find them by name, series and templates included."""
    repo = GitRepo(tmp_path / "real")
    placed = 0
    for sources in sorted((REPO / "tests" / "data").glob("realworld-handoffs*/SOURCES.json")):
        for number, source in enumerate(json.loads(sources.read_text(encoding="utf-8"))):
            where = f"{sources.parent.name}/{number:03d}/{source['path']}"
            repo.write(where, (sources.parent / source["file"]).read_bytes())
            placed += 1
    repo.commit("real handoffs", date="2026-01-01T00:00:00Z")
    report = same_report_both_ways(repo.root, "--target-branch", "main")
    packets = report["packets"]
    assert placed > 60
    assert len(packets) > 40  # type: ignore[arg-type]
    names = {p["path"].rsplit("/", 1)[1] for p in packets}  # type: ignore[attr-defined]
    assert {"NEXT_SESSION.md", "SESSION_HANDOFF.md", "handoff.json", "CONTINUE.md"} <= names
    rules = {f["rule"] for f in report["findings"]}  # type: ignore[attr-defined]
    assert "md-incomplete" in rules


def test_a_series_repository_gives_the_same_report(tmp_path: Path) -> None:
    """Series in three folders, dated by name and (undated) by their last commit, beside an
    index, a template and single handoffs: the current file of each, with its history."""
    repo = GitRepo(tmp_path / "series")
    weak = "# Handoff\n\nDid some work.\n"
    for folder in ("docs/handoffs", ".claude/handoffs", "team/docs/sessions"):
        for day in range(1, 25):
            repo.write(f"{folder}/2025-11-{day:02d}-work.md", f"{weak}Day {day}.\n")
        repo.write(f"{folder}/README.md", "# Handoffs\n\nOne file per session.\n")
        repo.write(f"{folder}/TEMPLATE.md", "# Handoff\n\n## Next\n\n<next step>\n")
    repo.commit("dated series", date="2026-01-01T00:00:00Z")
    for letter, day in zip("xyz", (3, 1, 2), strict=True):  # no number: by the last commit
        repo.write(f"notes/handoffs/session-{letter}.md", f"{weak}Undated {letter}.\n")
        repo.commit(f"undated {letter}", date=f"2026-01-{day:02d}T00:00:00Z")
    for name in ("NEXT_SESSION.md", "HANDOVER.md", "handoff.md"):
        repo.write(f"app/{name.split('.')[0].lower()}/{name}", weak)
    repo.commit("single handoffs", date="2026-01-04T00:00:00Z")
    report = same_report_both_ways(repo.root, "--target-branch", "main")
    by_path = {p["path"]: p for p in report["packets"]}  # type: ignore[attr-defined]
    assert by_path["docs/handoffs/2025-11-24-work.md"]["history"][0] == (
        "docs/handoffs/2025-11-23-work.md"
    )
    assert len(by_path["team/docs/sessions/2025-11-24-work.md"]["history"]) == 23
    # z was committed last (on top of y, on top of x), whatever the commits' clocks say.
    assert by_path["notes/handoffs/session-z.md"]["history"] == [
        "notes/handoffs/session-y.md",
        "notes/handoffs/session-x.md",
    ]
    assert "app/next_session/NEXT_SESSION.md" in by_path


def test_explicit_jobs_are_obeyed_and_the_default_is_sequential_for_few_packets(
    tmp_path: Path,
) -> None:
    def request(jobs: int | None) -> AuditRequest:
        return AuditRequest(root=tmp_path, paths=(tmp_path,), config=Config(jobs=jobs))

    cores = available_cores()
    assert jobs_for(request(2), 3) == min(2, cores)
    assert jobs_for(request(4), 3) == min(3, cores)
    assert jobs_for(request(1), 100_000) == 1
    assert jobs_for(request(None), PARALLEL_FROM - 1) == 1
    assert jobs_for(request(None), PARALLEL_FROM) >= 1


def test_jobs_is_a_configuration_key(tmp_path: Path) -> None:
    (tmp_path / ".handoff-audit.yml").write_text("jobs: 3\n")
    assert load_config(tmp_path, rule_ids=RULES_BY_ID, tracked=is_tracked).jobs == 3
    (tmp_path / ".handoff-audit.yml").write_text("jobs: 0\n")
    with pytest.raises(InputError, match="jobs"):
        load_config(tmp_path, rule_ids=RULES_BY_ID, tracked=is_tracked)


def test_jobs_zero_is_a_usage_error(tmp_path: Path) -> None:
    done = _check(tmp_path, 0)
    assert done.returncode == 2
    assert b"--jobs" in done.stderr


def _workers_of(pid: int) -> list[int]:
    """The forked workers of ``pid``: its children running the same command line (git's are not)."""
    own = Path(f"/proc/{pid}/cmdline").read_bytes()
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    found = []
    for child in children:
        try:
            if Path(f"/proc/{child}/cmdline").read_bytes() == own:
                found.append(int(child))
        except OSError:  # ended while looked at
            continue
    return found


@pytest.fixture(scope="module")
def repo_2000(tmp_path_factory: pytest.TempPathFactory) -> Path:
    sys.path.insert(0, str(BENCH))
    import synth

    return synth.build(tmp_path_factory.mktemp("big") / "repo", 2000, commits=5).root


def _kill_workers_when(audit: subprocess.Popen[bytes], ready: Callable[[list[int]], bool]) -> bool:
    """SIGKILL the audit's workers once ``ready(workers)``; False if the audit ended first."""
    for _ in range(4000):
        if audit.poll() is not None:
            return False
        workers = _workers_of(audit.pid)
        if workers and ready(workers):
            for worker in workers:
                os.kill(worker, signal.SIGKILL)
            return True
        time.sleep(0.005)
    return False


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:  # ended while looked at
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_worker_killed_mid_audit_ends_the_audit_with_one_line(repo_2000: Path) -> None:
    """A worker that dies (the out-of-memory killer) must not leave the audit waiting for ever."""
    audit = subprocess.Popen(
        [TOOL, "check", "--format", "json", "--jobs", "3"],  # this process and two workers
        cwd=repo_2000,
        env=WORKERS_ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    # Both: a worker killed before it took a chunk loses no work.
    killed = _kill_workers_when(audit, lambda workers: len(workers) == 2)
    assert killed, "the audit ended before its workers could be seen"
    _, stderr = audit.communicate(timeout=60)
    assert audit.returncode == 3
    lines = stderr.decode().strip().splitlines()
    assert len(lines) == 1 and "--jobs 1" in lines[0], lines


def test_a_worker_killed_while_it_works_never_leaves_the_audit_waiting(repo_2000: Path) -> None:
    """Killed after some work, perhaps half-way through sending a chunk's result: the audit
    ends with the one line (or, if the worker had sent everything, with its report)."""
    audit = subprocess.Popen(
        [TOOL, "check", "--format", "json", "--jobs", "2"],
        cwd=repo_2000,
        env=WORKERS_ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    killed = _kill_workers_when(audit, lambda workers: _cpu_seconds(workers[0]) >= 0.3)
    out, stderr = audit.communicate(timeout=60)
    lines = stderr.decode().strip().splitlines()
    if killed and audit.returncode == 3:
        assert len(lines) == 1 and "--jobs 1" in lines[0], lines
    else:
        assert audit.returncode == 1, lines
        assert len(json.loads(out)["packets"]) == 2000


@pytest.mark.parametrize("count", [2, 49, 51, 600, 10_001])
@pytest.mark.parametrize("jobs", [2, 3, 8])
def test_the_chunks_cover_every_packet_once_and_shrink_towards_the_end(
    count: int, jobs: int
) -> None:
    chunks = []
    start = 0
    while start < count:
        chunks.append(next_chunk(start, count, jobs))
        start = chunks[-1][1]
    assert [c[0] for c in chunks] == [0, *(c[1] for c in chunks[:-1])]
    assert chunks[-1][1] == count
    sizes = [stop - begin for begin, stop in chunks]
    assert all(size > 0 for size in sizes)
    assert sizes[:-1] == sorted(sizes[:-1], reverse=True)
    assert sizes[-1] <= MIN_CHUNK


def test_uncommitted_packets_read_by_the_early_git_status_give_the_same_report(
    tmp_path: Path,
) -> None:
    """With workers, git's `status` starts before the packets are read (`facts.start_early`)
    and looks at every JSON packet no glob covers: a packet changed in the work tree is fresh
    and a committed one is judged, named on the command line or found, as without workers."""
    repo = GitRepo(tmp_path / "repo")
    repo.write("src/app.py", "print('v1')\n")
    base = repo.commit("start", date="2025-01-01T00:00:00Z")
    folders = ("svc/a", "svc/b", "svc/c")
    for folder in folders:
        write_packet(
            repo.root / folder,
            packet(branch="main", topic=folder.replace("/", "-"), last_known_good_commit=base),
        )
    write_packet(
        repo.root / "notes",
        packet(branch="main", topic="named", last_known_good_commit=base),
        name="named.json",
    )
    repo.commit("packets", date="2025-01-02T00:00:00Z")
    repo.write("src/app.py", "print('v2')\n")
    repo.commit("work goes on", date="2025-01-03T00:00:00Z")
    args = ("--target-branch", "main", ".", "notes/named.json")
    assert _outdated(same_report_both_ways(repo.root, *args)) == {
        "svc/a/handoff.json",
        "svc/b/handoff.json",
        "svc/c/handoff.json",
        "notes/named.json",
    }
    for changed in (repo.root / "svc/b/handoff.json", repo.root / "notes/named.json"):
        changed.write_text(changed.read_text().replace('"summary": "', '"summary": "Later. '))
    report = same_report_both_ways(repo.root, *args)
    assert _outdated(report) == {"svc/a/handoff.json", "svc/c/handoff.json"}
    assert "invalid-json" not in {f["rule"] for f in report["findings"]}  # type: ignore[attr-defined, index]


def _outdated(report: dict[str, Any]) -> set[str]:
    return {f["path"] for f in report["findings"] if f["rule"] in ("packet-outdated", "packet-age")}


@pytest.mark.parametrize("jobs", [3, 4])
def test_workers_forked_while_discovering_give_the_same_report(tmp_path: Path, jobs: int) -> None:
    """Workers are forked once discovery has seen ``--jobs`` JSON packet files: ``--jobs 3``
    forks two of them while discovering three packets with twins and a markdown-only handoff;
    ``--jobs 4`` forks its three workers after discovery (four packets)."""
    repo = GitRepo(tmp_path / "repo")
    for number in range(3):
        write_packet(repo.root / f"team{number}", packet(topic=f"Work {number}"))
    repo.write("notes/HANDOFF.md", "# Handoff\n\nDid some work.\n")
    repo.commit("three packets and a handoff")
    one, many = _check(repo.root, 1), _check(repo.root, jobs)
    assert (many.returncode, many.stderr, many.stdout) == (one.returncode, one.stderr, one.stdout)
    assert len(json.loads(one.stdout)["packets"]) == 4
