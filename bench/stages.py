"""Where the CPU of one audit goes: its stages in the audit's process, and the per-packet parts.

    python bench/stages.py REPO --jobs 2      # stages of `handoff-audit check` on REPO
    python bench/stages.py REPO --parts       # the per-packet parts, one process, best of 3

REPO is a repository `synth.build` made (``bench/run.py --keep --workdir DIR`` keeps one). The
stages are timed with `time.process_time` around `run_audit`'s steps, in this process (the
audit's, which runs them one after another); the workers and git are the CPU of the children
(`os.times`), counted once they have ended. ``PYTHONPATH`` picks the source tree, as in
`cpu_ab.py`. Timing wraps functions: it adds a little to each stage, the same before and after.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

STARTED = time.process_time()
# What `handoff-audit check` imports, timed as the first stage.
from handoff_audit.cli import check as cli_check  # noqa: E402
from handoff_audit.cli import main as cli_main  # noqa: E402
from handoff_audit.engine import audit, discovery, workers  # noqa: E402
from handoff_audit.formats import json_report  # noqa: E402

IMPORTS = time.process_time() - STARTED

_CPU: dict[str, float] = {}


def _timed(owner: Any, name: str, label: str) -> None:
    original = getattr(owner, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            _CPU[label] = _CPU.get(label, 0.0) + time.process_time() - started

    setattr(owner, name, timed)


def stages(repo: Path, jobs: str) -> None:
    """Print the CPU seconds of each stage of one audit of ``repo``."""
    for owner, name, label in (
        (discovery, "discover_all", "discovery"),
        (discovery, "pair", "pairing"),
        (audit, "_start_git", "git started early"),
        (workers, "check_packets", "per-packet checks here"),
        (workers, "_take_in", "taking in the workers' packets"),
        (audit, "gather_history", "git's facts"),
        (audit.suppressions, "read", "inline suppressions"),
        (audit, "_decide", "findings"),
        (audit, "_packet_info", "packet entries"),
        (json_report, "render", "JSON report"),
        (cli_check, "write_report", "writing it"),
    ):
        _timed(owner, name, label)
    workers.SHARED_CHECKS = tuple(_shared(check) for check in workers.SHARED_CHECKS)
    os.chdir(repo)
    started = time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        cli_main.main(["check", "--format", "json", "--target-branch", "main", "--jobs", jobs])
    total = time.process_time() - started
    children = os.times()
    print(
        f"imports {IMPORTS:.3f} s, main() {total:.3f} s, this process {time.process_time():.3f} s"
    )
    print(f"children (workers, git) {children.children_user + children.children_system:.3f} s")
    for label, seconds in sorted(_CPU.items(), key=lambda item: -item[1]):
        print(f"  {label:32} {seconds:.3f}")
    loaded = sorted(m for m in ("jsonschema", "markdown_it") if m in sys.modules)
    print(f"this process imported: {', '.join(loaded) or 'neither jsonschema nor markdown_it'}")


def _shared(check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    label = "rule " + check.__module__.rsplit(".", 1)[-1]

    def timed(ctx: Any) -> list[Any]:
        started = time.process_time()
        hits = list(check(ctx))
        _CPU[label] = _CPU.get(label, 0.0) + time.process_time() - started
        return hits

    return timed


def parts(repo: Path) -> None:
    """Print the CPU seconds of each per-packet part over every packet of ``repo``."""
    # Only this mode needs them (the stage timing imports what the audit imports).
    from handoff_audit.config import Config
    from handoff_audit.credentials import find_secrets, json_may_hold_secret
    from handoff_audit.engine.loading import load_pairs
    from handoff_audit.jsonpos import parse
    from handoff_audit.markdown.fast_render import fast_render
    from handoff_audit.model.context import AuditContext, Target
    from handoff_audit.rules import content, twin
    from handoff_audit.schema.messages import bundled_accepts

    config = Config()
    found = discovery.discover_all(repo, (repo,), config)
    pairs = discovery.pair(found.names, found.lexists)
    packets, _ = load_pairs(repo, pairs, config)
    texts = [p.text for p in packets if p.data is not None and p.text is not None]
    twins = [p.markdown_text for p in packets if p.markdown_text is not None]
    datas = [p.data for p in packets if p.data is not None]
    ctx = AuditContext(root=repo, config=config, packets=packets, target=Target())

    def read() -> None:
        for each in pairs:
            for name in (each.path, each.markdown):
                if name is not None:
                    with open(name, "rb") as file:
                        file.read()

    def secrets() -> None:
        json_may_hold_secret.cache_clear()
        for text in texts:
            json_may_hold_secret(text)

    print(f"{len(pairs)} packets, {len(texts)} parsed, {len(twins)} markdown texts")
    for label, run in (
        ("load_pairs (read, parse, Packet)", lambda: load_pairs(repo, pairs, config)),
        ("open and read every file", read),
        ("jsonpos.parse", lambda: [parse(text) for text in texts]),
        ("schema yes/no (bundled_accepts)", lambda: [bundled_accepts(None, d) for d in datas]),
        ("secret scan of the JSON texts", secrets),
        ("secret scan of the twins", lambda: [find_secrets(text) for text in twins]),
        ("fast_render", lambda: [fast_render(d) for d in datas]),
        ("content.check", lambda: list(content.check(ctx))),
        ("twin.check", lambda: list(twin.check(ctx))),
    ):
        best = float("inf")
        for _ in range(3):
            started = time.process_time()
            run()
            best = min(best, time.process_time() - started)
        print(f"  {label:34} {best:.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("repo", type=Path, help="a repository synth.build made")
    parser.add_argument("--jobs", default="2", help="passed to the audit (default 2)")
    parser.add_argument("--parts", action="store_true", help="the per-packet parts instead")
    args = parser.parse_args(argv)
    repo = args.repo.resolve()
    if args.parts:
        parts(repo)
    else:
        stages(repo, args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
