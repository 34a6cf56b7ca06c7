"""What the `secret` rule costs in an audit: CPU seconds of its work on a built repository.

    python bench/run.py --sizes 10000 --no-peer --no-startup --workdir /tmp/b --keep
    python bench/secret_cost.py /tmp/b/repo-10000

Loads the packets as ``check`` does, then times (CPU, best of ``--repeat``) what the rule
and the engine's redaction do per packet: the one-scan test of the file
(`json_may_hold_secret`), the rule's walk over every string, and the markdown scan; then the
whole audit (the real CLI, as ``run.py`` runs it) under the same load, and prints the share.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import measure
import synth

from handoff_audit.config import load_config
from handoff_audit.credentials import json_may_hold_secret
from handoff_audit.engine.discovery import discover
from handoff_audit.engine.loading import load_packets
from handoff_audit.git.tracked import is_tracked
from handoff_audit.rules import RULES_BY_ID
from handoff_audit.rules.secret_rule import packet_secret_hits as _secret_hits


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    root = args.repo.resolve()
    config = load_config(root, rule_ids=RULES_BY_ID, tracked=is_tracked)
    packets, _ = load_packets(root, discover(root, (root,), config), config)
    best = float("inf")
    hits = 0
    for _ in range(args.repeat):
        json_may_hold_secret.cache_clear()
        start = time.process_time()
        hits = 0
        for packet in packets:
            if packet.text is not None:
                json_may_hold_secret(packet.text)
            hits += sum(1 for _ in _secret_hits(packet))
        best = min(best, time.process_time() - start)
    tool = str(Path(sys.executable).parent / "handoff-audit")
    audit = min(
        measure.run(
            [tool, "check", "--format", "json", "--target-branch", synth.TARGET],
            root,
            measure.clean_env(),
        ).cpu
        for _ in range(args.repeat)
    )
    print(
        f"{len(packets)} packets, {hits} secret findings: the secret work {best:.2f} CPU s, "
        f"the audit {audit:.2f} CPU s (best of {args.repeat} each): {100 * best / audit:.1f}%"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
