#!/usr/bin/env python3
"""Write the `secret` rule's provider patterns from a gitleaks ``config/gitleaks.toml``.

The rules kept are gitleaks' provider-specific ones: every rule with a regex except
``generic-api-key`` (its allow-lists and stop-words are tuned for gitleaks' own scans) and the
file-name-only rules. Entropy thresholds are dropped (handoff-audit reports high-confidence
token formats only, no entropy guessing); each rule's keywords, secret group and allow-lists
that do not depend on a file path are kept. The output is
``src/handoff_audit/data/gitleaks/rules.json``; the licence goes beside it.

Usage (from a clone of github.com/gitleaks/gitleaks):
    git show v8.30.1:config/gitleaks.toml > /tmp/gitleaks.toml
    python scripts/vendor_gitleaks.py /tmp/gitleaks.toml --version v8.30.1 --commit SHA
"""

from __future__ import annotations

import argparse
import json
import tomllib
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "src/handoff_audit/data/gitleaks/rules.json"
SKIPPED = frozenset({"generic-api-key"})


def _allowlists(rule: dict[str, Any]) -> list[dict[str, Any]]:
    kept = []
    for allow in rule.get("allowlists", []):
        if "paths" in allow or "commits" in allow:
            continue
        entry = {
            "target": allow.get("regexTarget", "secret"),
            "regexes": allow.get("regexes", []),
            "stopwords": allow.get("stopwords", []),
        }
        if entry["regexes"] or entry["stopwords"]:
            kept.append(entry)
    return kept


def convert(config: dict[str, Any], version: str, commit: str) -> dict[str, Any]:
    """The JSON document handoff-audit loads, from a parsed gitleaks.toml."""
    rules = [
        {
            "id": rule["id"],
            "regex": rule["regex"],
            "keywords": [word.lower() for word in rule.get("keywords", [])],
            "secret_group": rule.get("secretGroup", 0),
            "allowlists": _allowlists(rule),
        }
        for rule in config["rules"]
        if "regex" in rule and rule["id"] not in SKIPPED
    ]
    return {
        "source": {
            "project": "https://github.com/gitleaks/gitleaks",
            "path": "config/gitleaks.toml",
            "version": version,
            "commit": commit,
            "licence": "MIT (LICENSE beside this file)",
        },
        "rules": rules,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("toml", type=Path)
    parser.add_argument("--version", required=True)
    parser.add_argument("--commit", required=True)
    args = parser.parse_args()
    config = tomllib.loads(args.toml.read_text(encoding="utf-8"))
    document = convert(config, args.version, args.commit)
    OUT.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(document['rules'])} rules")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
