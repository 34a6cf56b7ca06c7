"""Could a learned calibration of the reading beat its hand-written rules on later rounds?

For each labelled file and facet, the features are what the reading already sees: whether the
audit found the facet, how many places counted and by which cue (``heading``, ``label``, each
content cue's name), the weak cues, and the file's shape (length, share of lines saying what
was done, of orders, ticked boxes, a real date, non-ASCII share, whether the audit told it apart
or raised an error). A logistic regression per facet (stochastic gradient descent with an
L2 penalty, no third-party package) learns the reader's answer from the ``--train`` folders; on
the ``--test`` folders it prints its agreement with the readers beside the rules' own.

    python bench/heldout/calibrate.py --train R37 … R52 --test R53 … R60

A model that cannot beat the rules on rounds it never saw says the rules already use what
these signals carry: the rest of the disagreement needs a reading of meaning they lack.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from judgment import FACETS, Labelled, audit, load_labels

EPOCHS = 20
"""Passes of stochastic gradient descent, the step shrinking each pass (10 passes scored within
4 pairs of 20 on rounds 61-65)."""
STEP = 0.5
PENALTY = 1e-3
"""L2 weight: small, the features are few and the pairs many."""

Features = dict[str, float]


def _features(folder: Path, item: Labelled) -> dict[str, Features]:
    """Per facet, the features of one audited file (see the module's docstring)."""
    from handoff_audit.markdown.facets import read
    from handoff_audit.markdown.prose import DATED, order, prose_lines, recorded

    text = (folder / item.name).read_text(encoding="utf-8", errors="replace")
    reading = read(text)
    prose = prose_lines(text)
    lines = max(len(prose), 1)
    shape = {
        "length": math.log1p(len(text)) / 10,  # logs, scaled near 1: plain descent needs no more
        "lines": math.log1p(lines) / 10,
        "done share": sum(1 for _, x in prose if recorded(x) and not order(x)) / lines,
        "order share": sum(1 for _, x in prose if order(x)) / lines,
        "ticked": min(text.count("[x]") + text.count("\u2705"), 20) / 20,
        "dated": float(DATED.search(text) is not None),
        "non-ascii": sum(1 for c in text if ord(c) > 127) / max(len(text), 1),
        "told apart": float(item.told_apart),
        "error": float(item.errors > 0),
    }
    out: dict[str, Features] = {}
    for facet in FACETS:
        found = reading.found.get(facet, [])
        features = dict(shape)
        features["found"] = float(facet not in item.missing)
        features["places"] = math.log1p(len(found))
        features["weak places"] = math.log1p(len(reading.weak.get(facet, [])))
        for how in {evidence.how for evidence in found}:
            features[f"by {how}"] = math.log1p(sum(1 for e in found if e.how == how))
        out[facet] = {f"{facet}: {name}": value for name, value in features.items()}
    return out


def _rows(folders: list[Path]) -> list[tuple[str, Features, bool, bool]]:
    """(facet, features, reader says present, rules say present) for every labelled pair."""
    rows = []
    for folder in folders:
        labelled = [item for item in load_labels(folder, None) if item.kind != "json"]
        audit(folder, labelled)
        for item in labelled:
            features = _features(folder, item)
            for facet, present in item.facets.items():
                rows.append((facet, features[facet], present, facet not in item.missing))
    return rows


def _train(rows: list[tuple[str, Features, bool, bool]]) -> dict[str, float]:
    """Weights of a logistic regression over ``rows`` (plus a bias per facet)."""
    weights: dict[str, float] = {}
    examples = [({**x, f"{facet}: bias": 1.0}, 1.0 if y else 0.0) for facet, x, y, _ in rows]
    shuffle = random.Random(0)  # a fixed order: the same figures on every run
    for epoch in range(EPOCHS):
        shuffle.shuffle(examples)
        step = STEP / (1 + epoch)
        for x, y in examples:
            error = _predict(weights, x) - y
            for name, value in x.items():
                old = weights.get(name, 0.0)
                weights[name] = old - step * (error * value + PENALTY * old)
    return weights


def _predict(weights: dict[str, float], x: Features) -> float:
    score = sum(weights.get(name, 0.0) * value for name, value in x.items())
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train", nargs="+", type=Path, required=True)
    parser.add_argument("--test", nargs="+", type=Path, required=True)
    args = parser.parse_args(argv)
    weights = _train(_rows(args.train))
    test = _rows(args.test)
    model = rules = 0
    for facet, x, present, found in test:
        model += (_predict(weights, {**x, f"{facet}: bias": 1.0}) >= 0.5) == present
        rules += found == present
    print(f"pairs tested: {len(test)} (trained on {len(args.train)} folders)")
    print(f"agreement, the rules: {rules}/{len(test)} = {rules / len(test):.3f}")
    print(f"agreement, the learned calibration: {model}/{len(test)} = {model / len(test):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
