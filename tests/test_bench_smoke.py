"""The benchmark still works: it builds its repository, runs both tools and reports real counts.

No timing is asserted here; the figures live in bench/README.md.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import measure  # noqa: E402
import synth  # noqa: E402


def test_benchmark_runs_at_n_100(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    done = subprocess.run(
        [
            *(sys.executable, str(BENCH / "run.py"), "--sizes", "100", "--startup-runs", "1"),
            *("--json", str(out), "--workdir", str(tmp_path / "work")),
            *("--svg", str(tmp_path / "curve.svg")),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "| 100 |" in done.stdout
    results = json.loads(out.read_text())
    (size,) = results["sizes"]
    assert size["n"] == 100
    assert size["audit_code"] in (0, 1)
    assert size["peer_calls"] == 1
    assert size["peer_failed_files"] >= 1  # the invalid-json packet at least
    assert size["audit_peak_mb"] > 0
    assert set(results["startup_median_s"]) == {
        "handoff-audit --version",
        "handoff-audit check (1 packet)",
        "handoff-audit hook (Stop, 1 packet)",
        "check-jsonschema --version",
    }
    assert any("git processes constant" in line for line in results["targets"])
    assert size["floor_wall"] > 0 and size["floor_ratio"] > 0
    # Every rule but history-unavailable (it needs a shallow clone) fires on the broken packets.
    from handoff_audit.rules import RULES_BY_ID

    assert set(size["findings_by_rule"]) == set(RULES_BY_ID) - {"history-unavailable"}
    assert size["packets_reported"] == 100
    curve = (tmp_path / "curve.svg").read_text()
    assert curve.startswith("<svg") and curve.count("<polyline") == 6  # 3 tools x (time, memory)


def test_synthetic_repository_holds_every_kind(tmp_path: Path) -> None:
    repo = synth.build(tmp_path / "repo", 40, commits=12)
    assert repo.mix.total == 40
    assert set(repo.broken_kinds) == set(synth.BROKEN_KINDS)
    assert all((repo.root / p).is_file() for p in repo.json_packets)
    markdown_only = list(repo.root.glob("spikes/*/HANDOFF.md"))
    assert len(markdown_only) == repo.mix.markdown_only
    incomplete = list(repo.root.glob("notes/*/HANDOFF.md"))
    hand_written = repo.broken_kinds["md-incomplete"] + repo.broken_kinds["not-a-handoff"]
    assert len(incomplete) == hand_written
    assert len(repo.json_packets) + len(markdown_only) + len(incomplete) == 40
    # 12 on main, the bulk of the packets, the work after them and the fresh ones
    assert repo.commits == 12 + 1 + synth.WORK_AFTER_PACKETS + 1
    statuses = subprocess.run(
        ["git", "status", "--porcelain"], cwd=repo.root, capture_output=True, text=True
    )
    assert statuses.stdout == ""


def test_twins_are_the_canonical_rendering_when_a_renderer_exists(tmp_path: Path) -> None:
    repo = synth.build(tmp_path / "repo", 21, commits=3)
    packet = next(p for p in repo.json_packets if p.startswith("services/"))
    data = json.loads((repo.root / packet).read_text())
    twin = (repo.root / packet).with_suffix(".md").read_text()
    try:
        from handoff_audit.markdown import render_packet
    except ImportError:
        assert not repo.canonical_twins
        assert twin == synth._plain_twin(data)
    else:
        assert repo.canonical_twins
        assert twin == render_packet(data)


def test_git_wrapper_counts_every_git_process(tmp_path: Path) -> None:
    counter = measure.GitCounter(tmp_path / "wrap")
    script = "git --version >/dev/null; git --version >/dev/null; git init -q x"
    done = measure.run(["sh", "-c", script], tmp_path, dict(os.environ), counter)
    assert done.code == 0
    assert done.git_processes == 3
    assert counter.calls() == ["--version", "--version", "init -q x"]


def test_peer_command_lines_fit_the_budget_and_keep_every_file() -> None:
    files = [f".handoff/area{i:02d}/task-{i}.json" for i in range(500)]
    fixed = ["check-jsonschema", "--schemafile", "schema.json"]
    lines = measure.chunks(fixed, files, budget=4096)
    assert len(lines) > 1
    assert [f for line in lines for f in line[len(fixed) :]] == files
    for line in lines:
        assert line[: len(fixed)] == fixed
        assert sum(len(a) + 9 for a in line) <= 4096
    assert measure.chunks(fixed, files, budget=10**9) == [[*fixed, *files]]


def test_big_markdown_times_each_shape_beside_prose() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "big_markdown.py"), "--sizes", "3000", "--shapes", "a=,N. x"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    rows = [line.split("|")[1:4] for line in done.stdout.splitlines()[2:]]
    assert [(shape.strip(), code.strip()) for shape, _, code in rows] == [
        ("`prose`", "0"),
        ("`a=`", "1"),
        ("`N. x`", "1"),
    ]


def test_every_bench_command_answers_help_without_a_traceback() -> None:
    """Each script of bench/ that runs as a command (floor.py too, which `run.py` starts)
    prints its usage for ``--help``, exit 0; none reads ``--help`` as a file name."""
    scripts = sorted(
        path for path in BENCH.glob("*.py") if 'if __name__ == "__main__"' in path.read_text()
    )
    assert BENCH / "floor.py" in scripts
    for script in scripts:
        done = subprocess.run(
            [sys.executable, str(script), "--help"],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
        assert done.returncode == 0, (script.name, done.stderr)
        assert "usage:" in done.stdout and "Traceback" not in done.stderr, script.name


def test_the_floor_names_a_list_it_cannot_read_in_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    done = subprocess.run(
        [sys.executable, str(BENCH / "floor.py"), str(missing)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == f"floor.py: {missing}: cannot read (No such file or directory)"


def test_series_bench_prints_a_row_per_size() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "series.py"), "--sizes", "5,10"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    rows = [line.split("|")[1:5] for line in done.stdout.splitlines()[2:]]
    assert [row[0].strip() for row in rows] == ["5", "10"]
    assert all(float(cell) < float("inf") for row in rows for cell in row[1:3])
