"""Build a synthetic repository of handoff packets with `git fast-import`.

The repository looks like a monorepo that has used handoff packets for a while: ordinary work on
`main`, then a feature branch `feat/bench` that carries N packets with their markdown twins under
many topics, most of them archived, some active, some stale, some broken in each way the rules
know about; a few other branches carry an active packet each.

Everything is written by two `git fast-import` runs (one per phase, because the packets name
commits of the first phase), so 10,000 packets take seconds. The generator is deterministic for a
given N, commit count and seed.
"""

from __future__ import annotations

import json
import os
import random
import string
import subprocess
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BRANCH = "feat/bench"
"""The branch checked out, and the branch of the active packets."""
TARGET = "main"
"""The protected branch the checked-out branch merges into."""
OTHER_BRANCHES = 4
"""Branches besides main and feat/bench, each with one active packet of its own."""
SOURCE_FILES = 60
"""Ordinary source files that work commits touch."""
WORK_AFTER_PACKETS = 5
"""Ordinary commits between the bulk of the packets and the active ones."""
SPIKE_COMMITS = 3
"""Commits of feat/spike, off main and never merged into the branch checked: every other
lkg-unknown packet records them, as if copied from that branch (`git.foreign_commits`)."""
DAY = 86_400

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Bench",
    "GIT_AUTHOR_EMAIL": "bench@example.com",
    "GIT_COMMITTER_NAME": "Bench",
    "GIT_COMMITTER_EMAIL": "bench@example.com",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "TZ": "UTC",
}

BROKEN_KINDS = (
    "schema",
    "invalid-json",
    "placeholder",
    "md-mismatch",
    "md-missing",
    "lkg-unknown",
    "secret",
    "log-untrimmed",
    "too-long",
    "dangling-pointer",
    "multiple-active",
    "branch-mismatch",
    "md-incomplete",
    "not-a-handoff",
    "invalid-suppression",
)
"""The ways a broken packet is broken, cycled through in order."""


def _load_renderer() -> tuple[Callable[[Mapping[str, Any]], str], bool]:
    """The canonical twin renderer when the package has one, else a plain stand-in."""
    try:
        from handoff_audit.markdown import render_packet
    except ImportError:
        return _plain_twin, False
    return render_packet, True


def _plain_twin(data: Mapping[str, Any]) -> str:
    lines = [f"# Handoff: {data.get('title') or data.get('topic', 'default')}", ""]
    for key, value in data.items():
        lines += [f"## {key}", "", json.dumps(value, ensure_ascii=False), ""]
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Mix:
    """How many packets of each kind a synthetic repository holds."""

    archived: int
    """Archived packets (the bulk, as in a repository that has used packets for long)."""
    superseded: int
    """Superseded packets, each naming a successor."""
    active: int
    """Fresh active packets for the checked-out branch, one per topic."""
    stale: int
    """Active packets whose last known good commit and content fell behind the work."""
    broken: int
    """Packets broken in one of `BROKEN_KINDS` each, in turn."""
    markdown_only: int
    """Hand-written HANDOFF.md files with no JSON twin."""

    @property
    def total(self) -> int:
        """Every packet, JSON and markdown-only."""
        return (
            self.archived
            + self.superseded
            + self.active
            + self.stale
            + self.broken
            + self.markdown_only
        )

    @classmethod
    def for_size(cls, n: int) -> Mix:
        """Split ``n`` packets: ~85% archived, 4% superseded, 3% active, 3% stale, 4% broken."""
        superseded = max(1, n * 4 // 100)
        active = max(2, n * 3 // 100)
        stale = max(1, n * 3 // 100)
        broken = max(len(BROKEN_KINDS), n * 4 // 100)
        markdown_only = max(1, n // 100)
        archived = n - superseded - active - stale - broken - markdown_only
        if archived < 1:
            raise ValueError(f"a synthetic repository needs at least {n - archived + 1} packets")
        return cls(archived, superseded, active, stale, broken, markdown_only)


@dataclass(frozen=True, slots=True)
class Synthetic:
    """A built repository and what it holds."""

    root: Path
    """The work tree, checked out on `BRANCH`."""
    mix: Mix
    """How many packets of each kind it holds."""
    json_packets: tuple[str, ...]
    """Every JSON packet file, relative to ``root`` (what check-jsonschema is given)."""
    commits: int
    """Commits reachable from the checked-out branch."""
    canonical_twins: bool
    """True when twins came from ``handoff_audit.markdown.render_packet``."""
    build_seconds: float
    """Wall time to build it."""
    broken_kinds: dict[str, int] = field(default_factory=dict)
    """How many broken packets of each kind."""


class _Stream:
    """A `git fast-import` stream being written."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.mark = 0

    def commit(
        self,
        ref: str,
        when: int,
        message: str,
        parent: str | None,
        files: Iterable[tuple[str, str]],
    ) -> int:
        self.mark += 1
        msg = message.encode()
        head = (
            f"commit {ref}\nmark :{self.mark}\n"
            f"author Bench <bench@example.com> {when} +0000\n"
            f"committer Bench <bench@example.com> {when} +0000\n"
            f"data {len(msg)}\n"
        ).encode()
        self.parts += [head, msg, b"\n"]
        if parent is not None:
            self.parts.append(f"from {parent}\n".encode())
        for path, text in files:
            blob = text.encode()
            self.parts.append(f"M 100644 inline {path}\ndata {len(blob)}\n".encode())
            self.parts += [blob, b"\n"]
        self.parts.append(b"\n")
        return self.mark

    def run(self, root: Path, marks: Path | None = None) -> dict[int, str]:
        args = ["git", "fast-import", "--quiet", "--done"]
        if marks is not None:
            args.append(f"--export-marks={marks}")
        self.parts.append(b"done\n")
        subprocess.run(args, cwd=root, input=b"".join(self.parts), check=True, env=_env())
        if marks is None:
            return {}
        out = {}
        for line in marks.read_text().splitlines():
            mark, sha = line.split()
            out[int(mark[1:])] = sha
        return out


def _env() -> dict[str, str]:
    return {**os.environ, **GIT_ENV}


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, check=True, env=_env()
    )
    return done.stdout.strip()


class _Packets:
    """Generates packet content; all randomness comes from one seeded generator."""

    def __init__(
        self,
        rng: random.Random,
        history: list[str],
        render: Callable[..., str],
        spike: list[str] | None = None,
    ):
        self.rng = rng
        self.history = history
        self.spike = spike or []
        """The commits of feat/spike, which the branch checked does not have."""
        self.turns = 0
        self.render = render
        self.sources = [f"src/pkg{i % 6}/module_{i:03d}.py" for i in range(SOURCE_FILES)]

    def take_turn(self) -> bool:
        """True every other time: which lkg-unknown packet is copied from feat/spike."""
        self.turns += 1
        return self.turns % 2 == 1

    def data(self, index: int, topic: str, status: str, branch: str, lkg: str) -> dict[str, Any]:
        rng = self.rng
        changed = rng.sample(self.sources, rng.randint(1, 4))
        commands: list[dict[str, Any]] = [
            {"cmd": "ruff check .", "exit": 0},
            {"cmd": f"pytest -q tests/test_{index % 50:02d}.py", "exit": 1, "note": "flaky"},
            {"cmd": "pytest -q", "exit": 0},
        ]
        data: dict[str, Any] = {
            "schema_version": "1",
            "topic": topic,
            "title": f"Task {index}: {rng.choice(_TASKS)}",
            "branch": branch,
            "last_known_good_commit": lkg,
            "status": status,
            "summary": f"Worked on {rng.choice(_TASKS)} in {changed[0]}; "
            f"the tests pass except the flaky test_{index % 50:02d}.",
            "changed_files": changed,
            "commands_run": commands,
            "failed_attempts": [
                {"what": "caching the parsed config", "why": "stale values across reloads"}
            ],
            "open_risks": [{"what": "retry storm under load", "severity": "medium"}],
            "next_action": f"Run pytest -q tests/test_{index % 50:02d}.py and fix the flake.",
            "verdict_pointer": f"reports/verdict-{index % 10}.txt",
            "decisions": [{"decision": "keep the sync API", "why": "callers are sync"}],
            "ruled_out": [{"what": "a thread pool", "why": "the GIL makes it no faster"}],
            "traps": ["the fixture order matters"],
            "pointers": [f"{changed[0]}:{rng.randint(1, 80)}", "docs/architecture.md"],
        }
        if status == "superseded":
            data["superseded_by"] = f"{topic}-next"
        return data

    def secret(self) -> str:
        """A fake AWS access key id, built at run time so no scanner flags this source."""
        alphabet = string.ascii_uppercase + string.digits
        return "AKIA" + "".join(self.rng.choice(alphabet) for _ in range(16))


_TASKS = (
    "refund flow",
    "rate limiter",
    "billing export",
    "search index",
    "login throttling",
    "report scheduler",
    "cache eviction",
    "webhook retries",
)


def _dump(data: Mapping[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _markdown_only(index: int) -> str:
    return (
        f"# Handoff: spike {index}\n\n"
        "## State\n\nThe spike works on the happy path; errors are not handled.\n\n"
        "## Next action\n\nHandle the timeout in `src/pkg0/module_000.py` and add a test.\n\n"
        "## Decisions\n\n- Use the stdlib client, because the team knows it.\n\n"
        "## Ruled out\n\n- aiohttp: the service is sync.\n\n"
        "## Pointers\n\n- src/pkg0/module_000.py:12\n"
    )


def _break(
    kind: str, data: dict[str, Any], gen: _Packets, active_topic: str
) -> tuple[str | None, str | None]:
    """Break ``data`` (in place) so that rule ``kind`` fires: (the file's text when it is not
    ``data`` as JSON, the twin's text or ``None`` for no twin)."""
    rng, render = gen.rng, gen.render
    if kind == "schema":
        data["open_risks"] = [{"what": "data loss", "severity": "urgent"}]
        del data["next_action"]
    elif kind == "invalid-json":
        return _dump(data)[:-40], None
    elif kind == "placeholder":
        data["next_action"] = "TODO"
    elif kind == "md-mismatch":
        return None, render({**data, "summary": "Something else entirely happened."})
    elif kind == "md-missing":
        return None, None
    elif kind == "lkg-unknown" and gen.spike and gen.take_turn():
        # Copied from feat/spike: its last known good commit and a --verify run are that
        # branch's commits, off the history checked (lkg-unknown, "copied from another branch?").
        data["last_known_good_commit"] = gen.spike[-1]
        note = f"--verify at {gen.spike[0][:12]} on 2026-01-01T00:00Z: passed"
        data["commands_run"] = [
            *data["commands_run"],
            {"cmd": "pytest -q", "exit": 0, "note": note},
        ]
    elif kind == "lkg-unknown":
        data["last_known_good_commit"] = "".join(rng.choice("0123456789abcdef") for _ in "x" * 40)
    elif kind == "secret":
        data["traps"] = [f"the staging key {gen.secret()} is in the fixture"]
    elif kind == "log-untrimmed":
        data["commands_run"] = [{"cmd": f"pytest -q -k case{k}", "exit": 0} for k in range(12)]
    elif kind == "too-long":
        data["traps"] = [f"trap number {k} is worth knowing" for k in range(260)]
    elif kind == "dangling-pointer":
        data["pointers"] = ["src/gone/removed.py:3"]
        data["verdict_pointer"] = "reports/missing.txt"
    elif kind == "multiple-active":
        data["topic"] = active_topic
    elif kind == "branch-mismatch":
        data["branch"] = "feat/somewhere-else"
    elif kind == "invalid-suppression":
        data["x-handoff-audit"] = {"ignore": {"dangling-pointer": ""}}
    return None, render(data)


def _incomplete_markdown(index: int) -> str:
    """A hand-written handoff with a state and nothing else: no next step, decisions, pointers."""
    return f"# Handoff: notes {index}\n\nWorked on the exporter; it is mostly done.\n"


def _instructions(index: int) -> str:
    """A file of instructions about writing a handoff, where a handoff is expected."""
    return (
        f"# Handoff {index}\n\nBefore ending a session, write a handoff for the next one.\n\n"
        "Create or update a HANDOFF.md with the goal, the state and the next step.\n\n"
        "The handoff should include the commands you ran.\n"
    )


def build(root: Path, n: int, commits: int = 200, seed: int = 7) -> Synthetic:
    """Build the repository for ``n`` packets and ``commits`` ordinary work commits in ``root``."""
    started = time.perf_counter()
    render, canonical = _load_renderer()
    rng = random.Random(seed * 1_000_003 + n)
    mix = Mix.for_size(n)
    root.mkdir(parents=True)
    _git(root, "init", "-q", "-b", TARGET)
    now = int(time.time())

    # Phase 1: ordinary work on main, 90 to 21 days ago.
    stream = _Stream()
    sources = [f"src/pkg{i % 6}/module_{i:03d}.py" for i in range(SOURCE_FILES)]
    base_files = [(p, f"def f():\n    return {i}\n") for i, p in enumerate(sources)]
    base_files += [(f"reports/verdict-{i}.txt", "42 passed\n") for i in range(10)]
    base_files += [("docs/architecture.md", "# Architecture\n"), ("README.md", "# bench\n")]
    start, end = now - 90 * DAY, now - 21 * DAY
    step = (end - start) // max(1, commits)
    parent: str | None = None
    for i in range(commits):
        files = base_files if i == 0 else []
        files = files + [
            (p, f"def f():\n    return {i}\n") for p in rng.sample(sources, rng.randint(1, 3))
        ]
        mark = stream.commit(f"refs/heads/{TARGET}", start + i * step, f"work {i}", parent, files)
        parent = f":{mark}"
    spike_parent = f":{max(1, commits // 2)}"
    for k in range(SPIKE_COMMITS):
        files = [("spike/try.py", f"x = {k}\n")]
        when = start + (commits // 2) * step + (k + 1) * 60
        mark = stream.commit("refs/heads/feat/spike", when, f"spike {k}", spike_parent, files)
        spike_parent = f":{mark}"
    shas = stream.run(root, root / ".git" / "bench-marks")
    history = [shas[i + 1] for i in range(commits)]
    spike = [shas[commits + k + 1] for k in range(SPIKE_COMMITS)]
    tip = history[-1]

    # Phase 2: the feature branch with the packets.
    gen = _Packets(rng, history, render, spike)
    stream = _Stream()
    bulk: list[tuple[str, str]] = []
    fresh: list[tuple[str, str]] = []
    json_paths: list[str] = []
    index = 0

    def place(i: int) -> tuple[str, str]:
        """Topic and JSON path: mostly .handoff/AREA/NAME.json, some service/handoff.json."""
        area = f"area{i % 97:02d}"
        if i % 10 == 0:
            return f"{area}/svc{i}", f"services/{area}/svc{i}/handoff.json"
        return f"{area}/task-{i}", f".handoff/{area}/task-{i}.json"

    def add(
        target: list[tuple[str, str]], path: str, data: Mapping[str, Any], twin: str | None
    ) -> None:
        target.append((path, _dump(data)))
        json_paths.append(path)
        if twin is not None:
            target.append((path[: -len(".json")] + ".md", twin))

    old = history[: max(1, len(history) - 40)]
    for _ in range(mix.archived):
        topic, path = place(index)
        data = gen.data(index, topic, "archived", f"feat/t{index % 300}", rng.choice(old))
        add(bulk, path, data, render(data))
        index += 1
    for _ in range(mix.superseded):
        topic, path = place(index)
        data = gen.data(index, topic, "superseded", f"feat/t{index % 300}", rng.choice(old))
        add(bulk, path, data, render(data))
        index += 1
    stale_topics: list[str] = []
    for _ in range(mix.stale):
        topic, path = place(index)
        stale_topics.append(topic)
        data = gen.data(index, topic, "active", BRANCH, history[0])
        add(bulk, path, data, render(data))
        index += 1
    kinds: dict[str, int] = {}
    for b in range(mix.broken):
        kind = BROKEN_KINDS[b % len(BROKEN_KINDS)]
        kinds[kind] = kinds.get(kind, 0) + 1
        topic, path = place(index)
        # The git-aware rules judge active packets only: break those on the checked branch.
        active = {"multiple-active", "branch-mismatch", "lkg-unknown", "dangling-pointer"}
        status = "active" if kind in active else "archived"
        if kind in ("md-incomplete", "not-a-handoff"):
            text = _incomplete_markdown(b) if kind == "md-incomplete" else _instructions(b)
            bulk.append((f"notes/broken{b}/HANDOFF.md", text))
            index += 1
            continue
        data = gen.data(index, topic, status, BRANCH if status == "active" else "feat/x", tip)
        text, twin = _break(kind, data, gen, stale_topics[0])
        if text is None:
            add(bulk, path, data, twin)
        else:
            bulk.append((path, text))
            json_paths.append(path)
        index += 1
    for _ in range(mix.active):
        topic, path = place(index)
        data = gen.data(index, topic, "active", BRANCH, tip)
        add(fresh, path, data, render(data))
        index += 1
    for m in range(mix.markdown_only):
        fresh.append((f"spikes/spike{m}/HANDOFF.md", _markdown_only(m)))

    packets_at = now - 20 * DAY
    mark = stream.commit(f"refs/heads/{BRANCH}", packets_at, "handoff packets", tip, bulk)
    parent = f":{mark}"
    for w in range(WORK_AFTER_PACKETS):
        files = [(p, f"def f():\n    return -{w}\n") for p in rng.sample(sources, 2)]
        when = packets_at + (w + 1) * 3 * DAY
        mark = stream.commit(f"refs/heads/{BRANCH}", when, f"more work {w}", parent, files)
        parent = f":{mark}"
    stream.commit(f"refs/heads/{BRANCH}", now - 3600, "fresh handoffs", parent, fresh)
    for k in range(OTHER_BRANCHES):
        name = f"feat/other-{k}"
        data = gen.data(index, f"other/{k}", "active", name, tip)
        files = [
            (f".handoff/other-{k}.json", _dump(data)),
            (f".handoff/other-{k}.md", render(data)),
        ]
        stream.commit(f"refs/heads/{name}", now - (k + 2) * DAY, f"handoff {name}", tip, files)
        index += 1
    stream.run(root)
    _git(root, "symbolic-ref", "HEAD", f"refs/heads/{BRANCH}")
    _git(root, "reset", "-q", "--hard")
    total_commits = int(_git(root, "rev-list", "--count", "HEAD"))
    return Synthetic(
        root=root,
        mix=mix,
        json_packets=tuple(sorted(json_paths)),
        commits=total_commits,
        canonical_twins=canonical,
        build_seconds=time.perf_counter() - started,
        broken_kinds=kinds,
    )


def build_one(root: Path) -> Path:
    """A repository with one valid, fresh, active packet and its twin (for startup timing)."""
    render, _ = _load_renderer()
    root.mkdir(parents=True)
    _git(root, "init", "-q", "-b", BRANCH)
    (root / "README.md").write_text("# one\n")
    _git(root, "add", "README.md")
    _git(root, "commit", "-q", "-m", "start")
    gen = _Packets(random.Random(1), [], render)
    data = gen.data(0, "default", "active", BRANCH, _git(root, "rev-parse", "HEAD"))
    data["changed_files"] = ["README.md"]
    data["pointers"] = ["README.md:1"]
    data["verdict_pointer"] = "README.md"
    (root / "handoff.json").write_text(_dump(data))
    (root / "handoff.md").write_text(render(data))
    _git(root, "add", "handoff.json", "handoff.md")
    _git(root, "commit", "-q", "-m", "handoff")
    return root
