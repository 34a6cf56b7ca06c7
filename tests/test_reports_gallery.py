"""The examples gallery: golden `check --format json` output, one broken example per rule, SARIF.

When a change in the output is intended: `python scripts/update_gallery.py`, then review the diff.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft4Validator

from handoff_audit.rules import ALL_RULES
from script_loader import REPO, load_script

SARIF_SCHEMA = REPO / "tests" / "data" / "sarif-schema-2.1.0.json"


gallery = load_script("update_gallery")
docs = load_script("gen_rule_docs")
EXAMPLES = gallery.examples()
GOOD = [e for e in EXAMPLES if e.parent.name == "good"]
BROKEN = [e for e in EXAMPLES if e.parent.name == "broken"]


def name(example: Path) -> str:
    return f"{example.parent.name}/{example.name}"


def golden(example: Path) -> Any:
    return json.loads((example / gallery.GOLDEN).read_text(encoding="utf-8"))


@pytest.mark.parametrize("example", EXAMPLES, ids=name)
def test_the_tool_still_prints_the_golden_output(example: Path) -> None:
    expected = (example / gallery.GOLDEN).read_text(encoding="utf-8")
    actual = gallery.run_example(example).out
    assert actual == expected, (
        f"{name(example)}: output changed; if intended run `python scripts/update_gallery.py`"
    )


@pytest.mark.parametrize("example", EXAMPLES, ids=name)
def test_golden_output_is_portable(example: Path) -> None:
    report = golden(example)
    assert report["head"] is None, "the gallery is audited outside git"
    for item in [*report["packets"], *report["findings"]]:
        assert not Path(item["path"]).is_absolute()
        assert ".." not in Path(item["path"]).parts


@pytest.mark.parametrize("example", GOOD, ids=name)
def test_good_examples_have_no_finding_but_the_missing_history(example: Path) -> None:
    report = golden(example)
    assert report["packets"], "a good example has a packet"
    assert [f for f in report["findings"] if f["rule"] != "history-unavailable"] == []


@pytest.mark.parametrize("example", BROKEN, ids=name)
def test_each_broken_example_breaks_its_own_rule(example: Path) -> None:
    rules = {finding["rule"] for finding in golden(example)["findings"]}
    assert example.name in rules


def test_every_rule_has_a_broken_example_or_needs_git() -> None:
    shown = {example.name for example in BROKEN}
    assert shown <= {rule.id for rule in ALL_RULES}
    missing = {rule.id for rule in ALL_RULES} - shown - docs.NEEDS_GIT
    assert not missing, f"no examples/gallery/broken/<rule>/ for {sorted(missing)}"


def test_the_gallery_has_the_styles_it_promises() -> None:
    names = {example.name for example in GOOD}
    assert {
        "json-packet",
        "topic-packets",
        "handwritten-done-decisions",
        "handwritten-state-ruled-out",
    } <= names
    assert (REPO / "examples/gallery/good/json-packet/handoff.md").is_file()


@pytest.fixture(scope="module")
def sarif_validator() -> Draft4Validator:
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    return Draft4Validator(schema, format_checker=Draft4Validator.FORMAT_CHECKER)


@pytest.mark.parametrize("example", EXAMPLES, ids=name)
def test_sarif_for_the_example_is_valid(example: Path, sarif_validator: Draft4Validator) -> None:
    log = json.loads(gallery.run_example(example, "sarif").out)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in sarif_validator.iter_errors(log)]
    assert not errors, errors
    results = log["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == [f["rule"] for f in golden(example)["findings"]]


def test_update_rewrites_only_what_changed(tmp_path: Path) -> None:
    source = REPO / "examples/gallery/broken/placeholder"
    copy = tmp_path / "gallery" / "broken" / "placeholder"
    copy.mkdir(parents=True)
    for file in ("handoff.json", "handoff.md"):
        (copy / file).write_text((source / file).read_text(encoding="utf-8"), encoding="utf-8")
    assert gallery.stale(tmp_path / "gallery") == [copy]
    assert gallery.update(tmp_path / "gallery") == [copy]
    assert gallery.stale(tmp_path / "gallery") == []
    assert gallery.update(tmp_path / "gallery") == []
    (copy / gallery.GOLDEN).write_text("{}\n", encoding="utf-8")
    assert gallery.stale(tmp_path / "gallery") == [copy]


def test_a_command_file_must_be_a_json_check(tmp_path: Path) -> None:
    (tmp_path / "command").write_text("handoff-audit render handoff.json\n", encoding="utf-8")
    with pytest.raises(ValueError, match="must be one"):
        gallery.command(tmp_path)
    (tmp_path / "command").write_text(
        "handoff-audit check --format json --target-branch main\n", encoding="utf-8"
    )
    assert gallery.command(tmp_path, "sarif") == [
        "check",
        "--format",
        "sarif",
        "--target-branch",
        "main",
    ]


@pytest.mark.parametrize("example", BROKEN, ids=name)
def test_the_rule_page_quotes_what_check_really_prints(example: Path) -> None:
    """docs/rules/<id>.md says what `check` prints on the example: a real run in text format,
    "Merge blocked." and all, not a text rebuilt from the JSON report."""
    page = (REPO / "docs" / "rules" / f"{example.name}.md").read_text(encoding="utf-8")
    [quoted] = re.findall(r"prints:\n\n```text\n(.*?)\n```", page, flags=re.DOTALL)
    assert quoted == gallery.run_example(example, "text").out.rstrip()
