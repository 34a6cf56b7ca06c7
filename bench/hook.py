"""Measure `handoff-audit hook` (the coding agent's Stop hook) and the transcript reader.

    .venv/bin/python bench/hook.py                  # 21 runs per case, 10 and 100 MB transcripts
    .venv/bin/python bench/hook.py --runs 5 --transcript-mb 10,100 --json /tmp/hook.json

The hook runs at the end of every agent turn, so it must cost well under half a second on a
repository with one packet. Cases, each the real console script with a real event on standard
input, in a repository of 300 commits and 60 files on a feature branch:

- ``fresh``: the branch's packet is current (exit 0);
- ``fresh, config file``: the same with a ``.handoff-audit.yml`` (its validation imports
  jsonschema);
- ``missing``: the branch has commits and no packet (exit 2);
- ``stale``: work was committed after the packet (exit 2);
- ``SessionStart`` beside ``fresh`` and ``stale``: the same repository, the session-start event
  (exit 0, the brief on standard output), which must cost no more than the stop hook.

The transcript reader streams: its peak memory must not grow with the file. It reads generated
Claude Code transcripts of the given sizes (tool calls with long outputs and big writes), and the
peak resident memory of that process is reported next to its wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import GitCounter, clean_env

BRANCH = "feat/bench"


def git(root: Path, *args: str, env: dict[str, str]) -> str:
    done = subprocess.run(["git", *args], cwd=root, env=env, capture_output=True, check=True)
    return done.stdout.decode().strip()


def build_repo(root: Path, env: dict[str, str]) -> None:
    """``main`` with 300 commits over 60 files, ``feat/bench`` with 5 commits of its own."""
    root.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main", env=env)
    lines: list[str] = []
    for number in range(300):
        name = f"src/mod{number % 60:02d}.py"
        content = f"VALUE = {number}\n"
        lines += [
            "commit refs/heads/main",
            f"committer Bench <bench@example.com> {1_700_000_000 + number * 3600} +0000",
            "data 4",
            "work",
            f"M 100644 inline {name}",
            f"data {len(content)}",
            content.rstrip("\n"),
            "",
        ]
    subprocess.run(
        ["git", "fast-import", "--quiet"],
        cwd=root,
        env=env,
        input=("\n".join(lines) + "\n").encode(),
        check=True,
    )
    git(root, "checkout", "-q", "-f", "main", env=env)
    git(root, "checkout", "-q", "-b", BRANCH, env=env)
    for number in range(5):
        (root / "src" / "feature.py").write_text(f"STEP = {number}\n")
        git(root, "add", "-A", env=env)
        git(root, "commit", "-q", "-m", f"feature step {number}", env=env)


def packet(root: Path, env: dict[str, str]) -> dict[str, Any]:
    return {
        "schema_version": "1",
        "branch": BRANCH,
        "last_known_good_commit": git(root, "rev-parse", "HEAD", env=env),
        "status": "active",
        "summary": "Feature steps 0 to 4 done; the tests pass.",
        "changed_files": ["src/feature.py"],
        "commands_run": [{"cmd": "pytest -q", "exit": 0}],
        "failed_attempts": [],
        "open_risks": [],
        "next_action": "Wire the feature into src/mod00.py.",
        "verdict_pointer": "https://ci.example.com/run/1",
    }


def write_packet(root: Path, data: dict[str, Any]) -> None:
    from handoff_audit.markdown import render_packet

    (root / "handoff.json").write_text(json.dumps(data, indent=2) + "\n")
    (root / "handoff.md").write_text(render_packet(data))


def hook_runs(
    root: Path,
    env: dict[str, str],
    runs: int,
    counter: GitCounter,
    arguments: list[str] | None = None,
    name: str = "Stop",
) -> dict[str, Any]:
    """Run the hook on the event ``name`` (or ``arguments``) ``runs`` times; median and max
    wall, CPU, peak memory, git processes."""
    script = Path(sys.executable).parent / "handoff-audit"
    fields: dict[str, Any] = {"stop_hook_active": False}
    if name == "SessionStart":
        fields = {"source": "startup", "model": "bench"}
    event = json.dumps(
        {
            "session_id": "bench",
            "transcript_path": str(root.parent / "transcript.jsonl"),
            "cwd": str(root),
            "hook_event_name": name,
            **fields,
        }
    ).encode()
    walls, cpus, peaks, codes = [], [], [], set()
    counted = counter.env(env)
    argv = [str(script), *(arguments or ["hook"])]
    for _ in range(runs):
        counter.reset()
        with tempfile.TemporaryFile() as stdin, tempfile.TemporaryFile() as err:
            stdin.write(event)
            stdin.seek(0)
            started = time.perf_counter()
            proc = subprocess.Popen(
                argv,
                cwd=root,
                env=counted,
                stdin=stdin,
                stdout=subprocess.DEVNULL,
                stderr=err,
            )
            _, status, usage = os.wait4(proc.pid, 0)
            walls.append(time.perf_counter() - started)
        codes.add(os.waitstatus_to_exitcode(status))
        cpus.append(usage.ru_utime + usage.ru_stime)
        peaks.append(usage.ru_maxrss / 1024)
    return {
        "exit": sorted(codes),
        "median_s": statistics.median(walls),
        "max_s": max(walls),
        "median_cpu_s": statistics.median(cpus),
        "peak_mb": max(peaks),
        "git_processes": len(counter.calls()),
    }


def make_transcript(path: Path, megabytes: int) -> int:
    """A Claude Code transcript of about ``megabytes`` MB; returns its line count."""
    target = megabytes * 1024 * 1024
    written = lines = number = 0
    output = "collected 120 items\n" + "tests/test_x.py " + "." * 2000 + "\n"
    big = "x = 1\n" * 20_000  # a 120 kB file written in one call
    with path.open("w", encoding="utf-8") as out:
        while written < target:
            number += 1
            call = f"toolu_{number:024d}"
            if number % 10 == 0:
                use = {
                    "type": "tool_use",
                    "id": call,
                    "name": "Write",
                    "input": {"file_path": f"/repo/src/gen{number % 500}.py", "content": big},
                }
                result: dict[str, Any] = {
                    "type": "tool_result",
                    "tool_use_id": call,
                    "content": "File created successfully",
                }
            else:
                failed = number % 7 == 0
                use = {
                    "type": "tool_use",
                    "id": call,
                    "name": "Bash",
                    "input": {"command": f"pytest -q tests/test_{number % 300}.py"},
                }
                result = {
                    "type": "tool_result",
                    "tool_use_id": call,
                    "content": ("Exit code 1\nFAILED test - AssertionError\n" if failed else "")
                    + output,
                    **({"is_error": True} if failed else {}),
                }
            for entry in (
                {
                    "type": "assistant",
                    "cwd": "/repo",
                    "message": {"role": "assistant", "content": [use]},
                },
                {"type": "user", "cwd": "/repo", "message": {"role": "user", "content": [result]}},
            ):
                text = json.dumps(entry) + "\n"
                out.write(text)
                written += len(text)
                lines += 1
    return lines


def transcript_run(path: Path, env: dict[str, str]) -> dict[str, Any]:
    code = (
        "import sys; from pathlib import Path; "
        "from handoff_audit.authoring.transcript import read_transcript; "
        "t = read_transcript(Path(sys.argv[1]), Path('/repo'), 5); "
        "print(t.commands_seen, len(t.commands), len(t.edited_files), t.skipped_lines)"
    )
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(path)], env=env, stdout=subprocess.PIPE
    )
    assert proc.stdout is not None
    said = proc.stdout.read().decode().split()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"bench: reading {path} failed")
    seen, kept, files, skipped = (int(x) for x in said)
    return {
        "size_mb": round(path.stat().st_size / 1024 / 1024, 1),
        "wall_s": wall,
        "peak_mb": usage.ru_maxrss / 1024,
        "commands_seen": seen,
        "commands_kept": kept,
        "files": files,
        "skipped": skipped,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--transcript-mb", default="10,100")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    env = {
        **clean_env(),
        "GIT_AUTHOR_NAME": "Bench",
        "GIT_AUTHOR_EMAIL": "bench@example.com",
        "GIT_COMMITTER_NAME": "Bench",
        "GIT_COMMITTER_EMAIL": "bench@example.com",
    }
    results: dict[str, Any] = {"hook": {}, "transcripts": []}
    with tempfile.TemporaryDirectory(prefix="hook-bench-") as work:
        folder = Path(work)
        root = folder / "repo"
        build_repo(root, env)
        counter = GitCounter(folder / "gitlog")
        results["hook"]["--version (start-up alone)"] = hook_runs(
            root, env, args.runs, counter, ["--version"]
        )
        results["hook"]["missing"] = hook_runs(root, env, args.runs, counter)
        write_packet(root, packet(root, env))
        git(root, "add", "-A", env=env)
        git(root, "commit", "-q", "-m", "handoff", env=env)
        results["hook"]["fresh"] = hook_runs(root, env, args.runs, counter)
        results["hook"]["fresh, SessionStart"] = hook_runs(
            root, env, args.runs, counter, name="SessionStart"
        )
        (root / ".handoff-audit.yml").write_text("verify: pytest -q\nkeep-last: 5\n")
        data = packet(root, env)
        data["summary"] = "Feature steps 0 to 4 done; the tests pass; configured."
        write_packet(root, data)
        git(root, "add", "-A", env=env)
        git(root, "commit", "-q", "-m", "configuration and handoff", env=env)
        results["hook"]["fresh, config file"] = hook_runs(root, env, args.runs, counter)
        (root / "src" / "feature.py").write_text("STEP = 5\n")
        git(root, "commit", "-q", "-am", "more work", env=env)
        results["hook"]["stale"] = hook_runs(root, env, args.runs, counter)
        results["hook"]["stale, SessionStart"] = hook_runs(
            root, env, args.runs, counter, name="SessionStart"
        )
        for size in (int(s) for s in args.transcript_mb.split(",") if s):
            path = folder / f"transcript-{size}.jsonl"
            make_transcript(path, size)
            results["transcripts"].append(transcript_run(path, env))
            path.unlink()
    print(f"hook, {args.runs} runs each (a repository of 305 commits, one packet):\n")
    print("| case | exit | median s | max s | median CPU s | peak MiB | git processes |")
    print("|---|---|---|---|---|---|---|")
    for case, r in results["hook"].items():
        print(
            f"| {case} | {','.join(map(str, r['exit']))} | {r['median_s']:.3f} | "
            f"{r['max_s']:.3f} | {r['median_cpu_s']:.3f} | {r['peak_mb']:.1f} | "
            f"{r['git_processes']} |"
        )
    print("\ntranscript reader (generated Claude Code transcripts):\n")
    print("| size MB | wall s | peak MiB | commands seen | kept | files | skipped lines |")
    print("|---|---|---|---|---|---|---|")
    for r in results["transcripts"]:
        print(
            f"| {r['size_mb']} | {r['wall_s']:.2f} | {r['peak_mb']:.1f} | {r['commands_seen']} "
            f"| {r['commands_kept']} | {r['files']} | {r['skipped']} |"
        )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
