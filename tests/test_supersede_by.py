"""`supersede --by`: ``superseded_by`` is the path or topic of the successor. A value that names
an existing file, or ends in .json/.md (or a slash), names the successor's packet, found as
PACKET is (the current folder first, then the repository root), and is stored from the
repository root with ``/``; it must be a JSON packet other than the one superseded. Anything
else is a topic of the schema's form, slashes included, kept as given (its packet may not exist
yet).
Real repositories, the real CLI, from the root and from a subfolder."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from agent_support import feature_repo, run_fix
from authoring_support import REFUNDS
from conftest import GitRepo, Result
from git_helpers import check, dump, hits

Run = Callable[..., Result]


def _with_packets(git_repo: GitRepo, run_cli: Run) -> GitRepo:
    """A branch with its packet ``handoff.json`` and a second one, ``.handoff/v2.json`` (topic
    v2), both written by `new` and committed, and a subfolder ``src``."""
    feature_repo(git_repo)
    for where in ([], ["--topic", "v2"]):
        made = run_cli(["new", *where, *REFUNDS], cwd=git_repo.root)
        assert made.code == 0, made.err
    git_repo.commit("handoff: two topics")
    return git_repo


def _superseded_by(git_repo: GitRepo, packet: str = "handoff.json") -> object:
    data = json.loads((git_repo.root / packet).read_text(encoding="utf-8"))
    assert data["status"] == "superseded"
    return data.get("superseded_by")


@pytest.mark.parametrize("value", ["nowhere/x.json", "v3.json", "notes.md", "src/", "docs/"])
def test_a_path_that_names_no_file_is_refused(git_repo: GitRepo, run_cli: Run, value: str) -> None:
    _with_packets(git_repo, run_cli)
    before = {name: (git_repo.root / name).read_bytes() for name in ("handoff.json", "handoff.md")}
    refused = run_cli(["supersede", "--by", value], cwd=git_repo.root)
    assert refused.code == 2, refused.err
    [line] = refused.err.splitlines()
    assert line.startswith(f"handoff-audit: error: supersede --by {value}: "), line
    assert "from the current folder or the repository root" in line
    assert "its topic" in line and "Traceback" not in refused.err
    after = {name: (git_repo.root / name).read_bytes() for name in ("handoff.json", "handoff.md")}
    assert after == before


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("handoff.json", "is the packet being superseded, not its successor"),
        ("./handoff.json", "is the packet being superseded, not its successor"),
        ("handoff.md", "is the twin of the packet being superseded, not its successor"),
        (".", "is a folder"),
        (".handoff", "is a folder"),
        ("src/sub", "is a folder"),
        ("README.md", "is not a JSON packet"),
        ("src/refunds.py", "is not a JSON packet"),
        ("refunds.py", "is not a JSON packet"),
        ("package.json", 'is not a handoff packet (no "branch"'),
        ("broken.json", "not valid JSON"),
        (".handoff/v2.md", "is a markdown twin; give its packet: --by .handoff/v2.json"),
        ("Bad Topic", "not a topic"),
        ("-v3", "not a topic"),
        ("Auth/V2", "not a topic"),
    ],
)
def test_what_cannot_be_a_successor_is_refused(
    git_repo: GitRepo, run_cli: Run, value: str, says: str
) -> None:
    _with_packets(git_repo, run_cli)
    git_repo.write("package.json", {"name": "shop"})
    git_repo.write("broken.json", "{")
    git_repo.write("refunds.py", "x = 1\n")
    git_repo.write("src/sub/keep.py", "x = 1\n")
    before = {name: (git_repo.root / name).read_bytes() for name in ("handoff.json", "handoff.md")}
    refused = run_cli(["supersede", "handoff.json", "--by", value], cwd=git_repo.root)
    assert refused.code == 2, refused.err
    [line] = refused.err.splitlines()
    assert line.startswith("handoff-audit: error: supersede --by "), line
    assert says in line and "Traceback" not in refused.err
    after = {name: (git_repo.root / name).read_bytes() for name in ("handoff.json", "handoff.md")}
    assert after == before


def test_a_topic_is_kept_and_its_packet_may_come_later(git_repo: GitRepo, run_cli: Run) -> None:
    _with_packets(git_repo, run_cli)
    done = run_cli(["supersede", "--by", "refunds-v3"], cwd=git_repo.root)
    assert done.code == 0, done.err
    assert _superseded_by(git_repo) == "refunds-v3"
    git_repo.commit("handoff: superseded")
    # Starting over on the same topic, as `new`'s refusal advises: supersede, commit, new.
    again = run_cli(["new", *REFUNDS], cwd=git_repo.root)
    assert again.code == 0, again.err


def test_a_topic_with_a_slash_is_a_topic_whose_packet_comes_next(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _with_packets(git_repo, run_cli)
    done = run_cli(["supersede", "--topic", "v2", "--by", "auth/v2"], cwd=git_repo.root)
    assert done.code == 0, done.err
    assert _superseded_by(git_repo, ".handoff/v2.json") == "auth/v2"
    assert "- **Superseded by:** auth/v2" in (git_repo.root / ".handoff/v2.md").read_text()
    git_repo.commit("handoff: v2 superseded by auth/v2")
    made = run_cli(["new", "--topic", "auth/v2", *REFUNDS], cwd=git_repo.root)
    assert made.code == 0, made.err
    assert json.loads((git_repo.root / ".handoff/auth/v2.json").read_text())["topic"] == "auth/v2"
    git_repo.commit("handoff: auth/v2")
    audited = run_cli(["check"], cwd=git_repo.root)
    assert audited.code == 0, audited.out + audited.err


@pytest.mark.parametrize(
    ("packet", "by"),
    [
        ("../handoff.json", "../.handoff/v2.json"),  # both from the current folder
        ("handoff.json", ".handoff/v2.json"),  # both from the repository root
        ("handoff.json", "../.handoff/./v2.json"),
    ],
    ids=["from the current folder", "from the root", "not normalised"],
)
def test_a_path_from_a_subfolder_is_stored_from_the_root(
    git_repo: GitRepo, run_cli: Run, packet: str, by: str
) -> None:
    _with_packets(git_repo, run_cli)
    done = run_cli(["supersede", packet, "--by", by], cwd=git_repo.root / "src")
    assert done.code == 0, done.err
    assert done.err.rstrip().endswith("superseded by .handoff/v2.json"), done.err
    assert _superseded_by(git_repo) == ".handoff/v2.json"
    assert "- **Superseded by:** .handoff/v2.json" in (git_repo.root / "handoff.md").read_text()


def test_the_current_folder_wins_over_the_root(git_repo: GitRepo, run_cli: Run) -> None:
    _with_packets(git_repo, run_cli)
    successor = (git_repo.root / ".handoff" / "v2.json").read_text()
    git_repo.write("src/next.json", successor)
    git_repo.write("next.json", successor)
    done = run_cli(["supersede", "../handoff.json", "--by", "next.json"], cwd=git_repo.root / "src")
    assert done.code == 0, done.err
    assert _superseded_by(git_repo) == "src/next.json"


def test_a_file_outside_the_repository_is_refused(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    _with_packets(git_repo, run_cli)
    outside = tmp_path / "elsewhere" / "next.json"
    outside.parent.mkdir()
    outside.write_text("{}\n")
    refused = run_cli(["supersede", "--by", str(outside)], cwd=git_repo.root)
    assert refused.code == 2
    assert "outside the repository" in refused.err and str(outside) in refused.err
    assert json.loads((git_repo.root / "handoff.json").read_text())["status"] == "active"


def test_a_bad_packet_is_named_before_the_successor(git_repo: GitRepo, run_cli: Run) -> None:
    _with_packets(git_repo, run_cli)
    git_repo.write("package.json", {"name": "shop"})
    refused = run_cli(["supersede", "package.json", "--by", "nowhere/x.json"], cwd=git_repo.root)
    assert refused.code == 2 and "not a handoff packet" in refused.err


def test_the_printed_multiple_active_command_runs_from_a_subfolder(
    git_repo: GitRepo, run_cli: Run
) -> None:
    feature_repo(git_repo)
    made = run_cli(["new", *REFUNDS], cwd=git_repo.root)
    assert made.code == 0, made.err
    git_repo.commit("handoff", "2026-01-01T00:00:00Z")
    data = json.loads((git_repo.root / "handoff.json").read_text())
    git_repo.write(".handoff/default.json", dump(data))
    git_repo.write(".handoff/default.md", (git_repo.root / "handoff.md").read_text())
    git_repo.commit("a second handoff", "2026-01-02T00:00:00Z")
    found = hits(check(run_cli, git_repo.root), "multiple-active")
    [command] = re.findall(r"\((handoff-audit supersede [^)]+)\)", found[0]["message"])
    assert command == "handoff-audit supersede handoff.json --by .handoff/default.json"
    done = run_fix(git_repo.root / "src", command)
    assert done.returncode == 0, done.stderr
    assert _superseded_by(git_repo) == ".handoff/default.json"
    assert hits(check(run_cli, git_repo.root), "multiple-active") == []


@pytest.mark.parametrize(
    ("finish", "says"),
    [
        (["supersede", ".handoff/v2.json", "--by", "v3"], "the successor is superseded (by v3)"),
        (["archive", ".handoff/v2.json"], "the successor is archived (its work is finished)"),
    ],
    ids=["superseded", "archived"],
)
def test_a_successor_that_is_not_active_is_refused(
    git_repo: GitRepo, run_cli: Run, finish: list[str], says: str
) -> None:
    _with_packets(git_repo, run_cli)
    finished = run_cli(finish, cwd=git_repo.root)
    assert finished.code == 0, finished.err
    before = {name: (git_repo.root / name).read_bytes() for name in ("handoff.json", "handoff.md")}
    refused = run_cli(["supersede", "--by", ".handoff/v2.json"], cwd=git_repo.root)
    assert refused.code == 2, refused.err
    [line] = refused.err.splitlines()
    assert line.startswith("handoff-audit: error: supersede --by .handoff/v2.json: "), line
    assert says in line and "not active" in line and "handoff-audit new" in line
    after = {name: (git_repo.root / name).read_bytes() for name in ("handoff.json", "handoff.md")}
    assert after == before


def test_superseding_back_and_forth_is_refused(git_repo: GitRepo, run_cli: Run) -> None:
    _with_packets(git_repo, run_cli)
    done = run_cli(["supersede", "--by", ".handoff/v2.json"], cwd=git_repo.root)
    assert done.code == 0, done.err
    loop = run_cli(["supersede", ".handoff/v2.json", "--by", "handoff.json"], cwd=git_repo.root)
    assert loop.code == 2, loop.err
    assert "the successor is superseded (by .handoff/v2.json), not active" in loop.err
    v2 = json.loads((git_repo.root / ".handoff/v2.json").read_text(encoding="utf-8"))
    assert v2["status"] == "active"


def _hand_superseded(git_repo: GitRepo, run_cli: Run, path: str, by: str | None) -> None:
    """``path`` marked superseded (by ``by``) by hand, as `supersede` no longer writes it, and
    its twin rendered again."""
    data = json.loads((git_repo.root / path).read_text(encoding="utf-8"))
    data["status"] = "superseded"
    if by is not None:
        data["superseded_by"] = by
    git_repo.write(path, dump(data))
    rendered = run_cli(["render", "--write", path], cwd=git_repo.root)
    assert rendered.code == 0, rendered.err


@pytest.mark.parametrize(
    ("v2_by", "says"),
    [
        ("handoff.json", "the chain loops (`handoff.json` → `.handoff/v2.json` → `handoff.json`)"),
        (None, "the chain ends in a superseded packet that names no successor"),
    ],
    ids=["a loop", "a dead end"],
)
def test_check_reports_a_chain_that_hands_the_work_to_no_packet(
    git_repo: GitRepo, run_cli: Run, v2_by: str | None, says: str
) -> None:
    _with_packets(git_repo, run_cli)
    _hand_superseded(git_repo, run_cli, "handoff.json", ".handoff/v2.json")
    _hand_superseded(git_repo, run_cli, ".handoff/v2.json", v2_by)
    git_repo.commit("handoff: superseded")
    found = [h for h in hits(check(run_cli, git_repo.root), "dangling-pointer")]
    mine = [h for h in found if h["path"] == "handoff.json"]
    assert len(mine) == 1, found
    assert mine[0]["pointer"] == "/superseded_by"
    assert "superseded_by names `.handoff/v2.json`" in mine[0]["message"]
    assert says in mine[0]["message"]
    assert "handoff-audit supersede handoff.json --by ACTIVE.json" in mine[0]["message"]
    assert len(found) == (2 if v2_by else 1)


@pytest.mark.parametrize("finish", [["archive", ".handoff/v2.json"], None])
def test_a_chain_to_an_active_or_archived_packet_is_fine(
    git_repo: GitRepo, run_cli: Run, finish: list[str] | None
) -> None:
    _with_packets(git_repo, run_cli)
    done = run_cli(["supersede", "--by", ".handoff/v2.json"], cwd=git_repo.root)
    assert done.code == 0, done.err
    if finish is not None:
        finished = run_cli(finish, cwd=git_repo.root)
        assert finished.code == 0, finished.err
    git_repo.commit("handoff: handed over")
    assert hits(check(run_cli, git_repo.root), "dangling-pointer") == []
