"""A branch named like a credential is never printed by `check` (every format, every rule that
names a branch: `branch-mismatch`, `multiple-active`, `packet-outdated`, `secret`, and the
packets of other branches that `--all-branches` reads) nor by `new`'s refusals, as the Stop
hook, `show` and `update` never print it; where a command would need the name, the branch is
renamed first. (The token is built from parts: this file holds none.)"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from conftest import GitRepo

TOKEN = "ghp_" + "R7x2Kq9Lm4Np" * 3
BRANCH = f"fix/{TOKEN}"
FIELDS = ["--summary", "Parser.", "--next-action", "Parse b in a.py.", "--verdict-pointer", "a.py"]
FORMATS = ("text", "json", "sarif", "github", "markdown")
RENAME = 'git branch -m "<a new name for the branch, not a credential>" && '


def _packets_of_the_token_branch(repo: GitRepo, run_cli: Callable[..., Any]) -> None:
    """On ``feat/x``: three active packets that an older version wrote on ``BRANCH`` (two of
    them of the same topic)."""
    repo.write("a.py", "a = 1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/x")
    repo.write("a.py", "a = 2\n")
    repo.commit("parser")
    for topic in ([], ["--topic", "two"]):
        assert run_cli(["new", *topic, *FIELDS], cwd=repo.root).code == 0
    for path in ("handoff.json", ".handoff/two.json", ".handoff/default.json"):
        data = json.loads((repo.root / path.replace("default", "two")).read_text("utf-8"))
        if path != ".handoff/two.json":
            data.pop("topic", None)
        repo.write(path, {**data, "branch": BRANCH})
        assert run_cli(["render", "--write", path], cwd=repo.root).code == 0
    repo.commit("packets")


def _checked(run_cli: Callable[..., Any], repo: GitRepo, *options: str) -> dict[str, str]:
    """What every format of `check` prints, stdout and stderr, by format."""
    said: dict[str, str] = {}
    for form in FORMATS:
        done = run_cli(["check", *options, "--format", form], cwd=repo.root)
        assert done.code == 1, (form, done.err)
        said[form] = done.out + done.err
    return said


def _rules(text: str) -> set[str]:
    return set(re.findall(r": ([a-z-]+)(?: \(\w+\))?: ", text))


def test_check_never_prints_a_credential_shaped_branch(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    _packets_of_the_token_branch(git_repo, run_cli)
    gone = _checked(run_cli, git_repo)
    git_repo.git("switch", "-q", "-c", BRANCH)
    data = json.loads((git_repo.root / "handoff.json").read_text("utf-8"))
    git_repo.write("handoff.json", {**data, "summary": "Parser, on its own branch."})
    assert run_cli(["render", "--write", "handoff.json"], cwd=git_repo.root).code == 0
    git_repo.commit("summary")
    git_repo.git("switch", "-q", "feat/x")
    other = _checked(run_cli, git_repo, "--all-branches")
    git_repo.git("switch", "-q", BRANCH)
    git_repo.write("a.py", "a = 3\n")
    git_repo.commit("more")
    own = _checked(run_cli, git_repo)
    for said in (gone, other, own):
        for form, text in said.items():
            assert TOKEN not in text, (form, text)
    assert {"branch-mismatch", "multiple-active", "secret"} <= _rules(gone["text"])
    assert "branch `fix/[redacted GitHub token]`" in gone["text"]
    assert "handoff-audit archive handoff.json" in other["text"]
    assert "`fix/[redacted GitHub token]:handoff.json`" in other["markdown"]
    assert "- **Branch:** `fix/[redacted GitHub token]`" in own["markdown"]
    report = json.loads(other["json"])
    assert {p["branch"] for p in report["packets"]} == {"fix/[redacted GitHub token]"}
    assert "fix/[redacted GitHub token]:handoff.json" in {p["path"] for p in report["packets"]}
    assert {"multiple-active", "packet-outdated", "secret"} <= _rules(own["text"])
    multiple = [line for line in own["text"].splitlines() if ": multiple-active: " in line]
    assert multiple and all(
        "claim branch `fix/[redacted GitHub token]`" in line
        and "handoff-audit supersede .handoff/default.json --by handoff.json" in line
        for line in multiple
    ), multiple
    updates = [c for c in re.findall(r"`([^`]+)`", own["text"]) if "handoff-audit update" in c]
    assert updates and all(c.startswith(RENAME) for c in updates), updates


def test_new_never_prints_the_credential_shaped_branch_of_the_packet_it_refuses(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    _packets_of_the_token_branch(git_repo, run_cli)
    git_repo.git("switch", "-q", "-c", "feat/y")
    refused = run_cli(["new", *FIELDS], cwd=git_repo.root)
    assert refused.code == 2 and TOKEN not in refused.out + refused.err, refused.err
    assert refused.err == (
        "handoff-audit: error: handoff.json is the active packet of branch 'fix/[redacted GitHub "
        "token]' topic 'default'; `new` will not overwrite an active packet: pick another --topic "
        "or --output, or finish it first (`handoff-audit archive handoff.json`)\n"
    )
    data = json.loads((git_repo.root / "handoff.json").read_text("utf-8"))
    git_repo.write("handoff.json", {**data, "status": "archived"})
    unsaved = run_cli(["new", *FIELDS], cwd=git_repo.root)
    assert unsaved.code == 2 and TOKEN not in unsaved.out + unsaved.err, unsaved.err
    assert unsaved.err.startswith(
        "handoff-audit: error: handoff.json is the archived packet of branch 'fix/[redacted "
        "GitHub token]' topic 'default', and git does not hold handoff.json"
    ), unsaved.err
    assert "commit it first" in unsaved.err and unsaved.err.count("\n") == 1
