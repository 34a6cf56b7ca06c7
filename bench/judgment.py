"""How well `md-incomplete` agrees with a careful reader on real hand-written handoffs.

    python bench/judgment.py                                  # the vendored labelled files
    python bench/judgment.py /work/corpus --split tuning      # a folder with LABELS.json
    python bench/judgment.py FOLDER --split heldout --files   # plus one line per file
    python bench/judgment.py FOLDER --in-place                # each file where it was found

The folder holds the handoff files and LABELS.json: ``{"labels": [{"file": ..., "state": bool,
"next": bool, "decisions": bool, "ruled_out": bool, "pointers": bool, "verdict": "good" |
"weak" | "not a handoff"}, ...]}`` (a bare list works too). With ``--split``, only the files
named in the folder's SPLIT.json under that key are read. Every markdown file is copied into a
temporary folder as ``<n>/HANDOFF.md`` (JSON files as ``<n>/handoff.json``) and audited there
in one run of the real engine, with every rule. With ``--in-place``, a file whose place is known
(the ``path`` of the folder's CORPUS.json or MANIFEST.json) is copied as ``<n>/<its path>``
instead, and every file is named on the command line, as a user checking it where it lives would
(a file in an agent's command folder, which is not searched for, is then named). Printed:

- facet agreement: the share of (file, facet) pairs where the audit and the reader agree;
- precision and recall of "missing": of the facets the audit calls missing, how many the reader
  does; of those the reader calls missing, how many the audit names;
- good files with an error from the judging rules (`md-incomplete`, `placeholder`): CI would
  fail on a good handoff;
- weak or non-handoff files with no finding of the judging rules at all (`md-incomplete`,
  `placeholder`, `not-a-handoff`): nothing told them what to add;
- files labelled "not a handoff" that the audit told apart (`not-a-handoff` or `placeholder`);
  a file the audit calls `not-a-handoff` counts as missing every facet;
- for JSON files: how many got one `schema` finding and no more (a foreign shape, said once);
- the speed of reading the facets, in milliseconds per kilobyte.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
VENDORED = REPO / "tests" / "data" / "realworld-handoffs"
FACETS = ("state", "next", "decisions", "ruled_out", "pointers")
JUDGING_RULES = frozenset({"md-incomplete", "placeholder", "not-a-handoff"})
"""The rules that judge a hand-written handoff's content."""


@dataclass
class Labelled:
    """One labelled file: the reader's verdict and facets, and what the audit said."""

    name: str
    kind: str
    verdict: str
    facets: dict[str, bool]
    missing: set[str] = field(default_factory=set)
    errors: int = 0
    findings: int = 0
    schema_findings: int = 0
    told_apart: bool = False
    place: str | None = None
    """Where the file was found in its repository, when the folder's manifest says."""


def load_labels(folder: Path, split: str | None) -> list[Labelled]:
    """The labelled files of ``folder`` (only those of ``split`` when given)."""
    labels = folder / "LABELS.json"
    try:
        raw: Any = json.loads(labels.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) else error
        raise SystemExit(f"judgment: {labels}: cannot be read ({reason})") from None
    entries = raw.get("labels", raw.get("files", [])) if isinstance(raw, dict) else raw
    if isinstance(entries, dict):
        entries = [{"file": name, **value} for name, value in entries.items()]
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise SystemExit(f'judgment: {labels}: not {{"labels": [{{"file": …, …}}, …]}}')
    wanted: set[str] | None = None
    if split is not None:
        split_file = folder / "SPLIT.json"
        if not split_file.is_file():
            raise SystemExit(f"judgment: --split {split} needs {split_file}")
        wanted = set(json.loads(split_file.read_text(encoding="utf-8"))[split])
    found: list[Labelled] = []
    places = _places(folder)
    for entry in entries:
        name = str(entry.get("file") or entry.get("path") or "")
        if not name or (wanted is not None and name not in wanted):
            continue
        path = _file(folder, name)
        if path is None:
            continue
        kind = str(entry.get("kind") or ("json" if name.endswith(".json") else "md"))
        verdict = str(entry.get("verdict", "")).lower().replace("-", " ").replace("_", " ")
        facets = {f: bool(entry[f]) for f in FACETS if isinstance(entry.get(f), bool)}
        found.append(Labelled(name, kind, verdict, facets, place=places.get(name)))
    return found


def _places(folder: Path) -> dict[str, str]:
    """Each file's path in its repository, from the folder's CORPUS.json or MANIFEST.json."""
    places: dict[str, str] = {}
    for manifest in ("CORPUS.json", "MANIFEST.json"):
        if not (folder / manifest).is_file():
            continue
        raw: Any = json.loads((folder / manifest).read_text(encoding="utf-8"))
        rows = raw.get("files", []) if isinstance(raw, dict) else raw
        for row in rows:
            path = str(row.get("path") or "") if isinstance(row, dict) else ""
            if path and not path.startswith("/") and ".." not in path.split("/"):
                places.setdefault(str(row.get("file")), path)
    return places


def _file(folder: Path, name: str) -> Path | None:
    for candidate in (folder / name, folder / "files" / name):
        if candidate.is_file():
            return candidate
    return None


def audit(folder: Path, labelled: list[Labelled], *, in_place: bool = False) -> float:
    """Audit every labelled file in one run; fill in what it found. Returns ms per KB."""
    from handoff_audit.engine.audit import AuditRequest, run_audit
    from handoff_audit.markdown.completeness import missing_parts

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        where: dict[str, Labelled] = {}
        texts: list[str] = []
        targets: list[Path] = []
        for number, item in enumerate(labelled):
            source = _file(folder, item.name)
            assert source is not None
            name = "handoff.json" if item.kind == "json" else "HANDOFF.md"
            if in_place and item.place:
                name = item.place
            target = root / str(number) / name
            target.parent.mkdir(parents=True)
            shutil.copyfile(source, target)
            targets.append(target)
            where[f"{number}/{name}"] = item
            if item.kind != "json":
                texts.append(source.read_text(encoding="utf-8", errors="replace"))
        paths = tuple(targets) if in_place else (root,)
        report = run_audit(AuditRequest(root=root, paths=paths))
    for finding in report.findings:
        item = where.get(finding.path)
        if item is None:
            continue
        if finding.rule in JUDGING_RULES:
            item.findings += 1
            item.errors += finding.severity.value == "error"
            facet = _facet_of(finding) if finding.rule == "md-incomplete" else None
            if facet is not None:
                item.missing.add(facet)
            if finding.rule == "not-a-handoff":
                item.missing.update(FACETS)  # not a handoff: it carries none of them
            item.told_apart |= finding.rule in ("not-a-handoff", "placeholder")
        elif finding.rule == "schema":
            item.schema_findings += 1
    size_kb = sum(len(text.encode("utf-8")) for text in texts) / 1024
    best = float("inf")
    for _ in range(7):  # the fastest of 7 rounds of CPU time: the least disturbed by others
        start = time.process_time()
        for text in texts:
            missing_parts(text)
        best = min(best, time.process_time() - start)
    return best * 1000 / size_kb if size_kb else 0.0


_OLD_MESSAGES = {
    "no state": "state",
    "no next step": "next",
    "no decisions": "decisions",
    "decisions without reasons": "decisions",
    "nothing ruled out": "ruled_out",
    "ruled out or failed without reasons": "ruled_out",
    "no pointers": "pointers",
}


def _facet_of(finding: Any) -> str | None:
    """The finding's facet; from its message for versions before findings carried one."""
    facet: str | None = getattr(finding, "facet", None)
    if facet is None:
        facet = _OLD_MESSAGES.get(finding.message.split(":")[0].split(" or failed")[0])
    return facet


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} = {part / whole:.2f}" if whole else f"{part}/0 = n/a"


def figures(labelled: list[Labelled]) -> list[str]:
    """The printed figures, one per line."""
    markdown = [item for item in labelled if item.kind != "json"]
    pairs = agree = audit_missing = both_missing = reader_missing = 0
    for item in markdown:
        for facet, present in item.facets.items():
            said_missing = facet in item.missing
            pairs += 1
            agree += said_missing != present
            audit_missing += said_missing
            reader_missing += not present
            both_missing += said_missing and not present
    good = [item for item in markdown if item.verdict == "good"]
    weak = [item for item in markdown if item.verdict != "good"]
    others = [item for item in markdown if item.verdict == "not a handoff"]
    jsons = [item for item in labelled if item.kind == "json"]
    return [
        f"files: {len(labelled)} ({len(markdown)} markdown: {len(good)} good, {len(weak)} weak "
        f"or not a handoff; {len(jsons)} JSON)",
        f"facet agreement: {_share(agree, pairs)}",
        f"missing facets, precision: {_share(both_missing, audit_missing)}",
        f"missing facets, recall: {_share(both_missing, reader_missing)}",
        f"good files with an error: {_share(sum(1 for i in good if i.errors), len(good))}",
        f"weak or non-handoff files with no finding: "
        f"{_share(sum(1 for i in weak if not i.findings), len(weak))}",
        f"non-handoffs told apart (not-a-handoff or placeholder): "
        f"{_share(sum(1 for i in others if i.told_apart), len(others))}",
        f"JSON files with exactly one schema finding: "
        f"{_share(sum(1 for i in jsons if i.schema_findings == 1), len(jsons))}",
    ]


def per_file(labelled: list[Labelled]) -> list[str]:
    """One line per markdown file: verdict, the reader's missing facets, the audit's."""
    lines = []
    for item in labelled:
        if item.kind == "json":
            lines.append(f"  {item.name}: json, {item.schema_findings} schema finding(s)")
            continue
        reader = {f for f, present in item.facets.items() if not present}
        wrong = sorted(reader ^ item.missing)
        differs = f"  DIFF {wrong}" if wrong else ""
        apart = ", told apart" if item.told_apart else ""
        lines.append(
            f"  {item.name}: {item.verdict}; reader missing {sorted(reader)}; audit missing "
            f"{sorted(item.missing)} ({item.errors} error(s){apart}){differs}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=VENDORED)
    parser.add_argument("--split", choices=("tuning", "heldout"))
    parser.add_argument("--files", action="store_true", help="one line per file too")
    parser.add_argument(
        "--in-place", action="store_true", help="audit each file at its path in its repository"
    )
    args = parser.parse_args(argv)
    labelled = load_labels(args.folder, args.split)
    if not labelled:
        print(f"judgment: no labelled files in {args.folder}", file=sys.stderr)
        return 2
    speed = audit(args.folder, labelled, in_place=args.in_place)
    where = f"{args.folder}" + (f" (split {args.split})" if args.split else "")
    where += " (each file at its path)" if args.in_place else ""
    print(f"md-incomplete, placeholder and not-a-handoff against a careful reader: {where}")
    for line in figures(labelled):
        print(f"  {line}")
    print(f"  reading the facets: {speed:.3f} ms per KB")
    if args.files:
        print("\n".join(per_file(labelled)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
