"""dangling-pointer on sparse and partial checkouts: a path exists when the commit checked has
it or the work tree has it, so the fork workflow's sparse checkout (only the handoff files)
gives the same findings as a full clone, with no extra git call."""

from __future__ import annotations

import subprocess
from pathlib import Path

import yaml

from conftest import GitRepo
from git_helpers import check, hits, packet
from handoff_audit.config import Config
from handoff_audit.git import plumbing
from handoff_audit.globs import matches_any
from script_loader import REPO

FORK_WORKFLOW = REPO / "examples" / "workflows" / "fork-pull-requests.yml"


def _fork_patterns() -> list[str]:
    """The sparse-checkout patterns of the fork example's checkout of the pull request."""
    [job] = yaml.safe_load(FORK_WORKFLOW.read_text(encoding="utf-8"))["jobs"].values()
    checkout = job["steps"][0]["with"]
    assert checkout["sparse-checkout-cone-mode"] is False
    patterns: list[str] = checkout["sparse-checkout"].split()
    return patterns


FORK_PATTERNS = _fork_patterns()


def _origin(root: Path, pointers: list[str]) -> str:
    repo = GitRepo(root)
    repo.write("src/refund.py", "x = 1\n")
    repo.write("src/gone.py", "x = 2\n")
    repo.write("reports/junit.xml", "<testsuite/>\n")
    repo.write("docs/design/notes.md", "# notes\n")
    lkg = repo.commit("work")
    repo.git("rm", "-q", "src/gone.py")
    repo.write(
        "handoff.json",
        packet(
            lkg=lkg,
            verdict_pointer="reports/junit.xml",
            pointers=pointers,
            changed_files=["src/refund.py", "src/gone.py"],
        ),
    )
    return repo.commit("handoff")


def _sparse_clone(origin: Path, target: Path) -> GitRepo:
    subprocess.run(
        ["git", "clone", "-q", "--no-checkout", f"file://{origin}", str(target)], check=True
    )
    clone = GitRepo.__new__(GitRepo)
    clone.root = target
    clone.git("sparse-checkout", "set", "--no-cone", *FORK_PATTERNS)
    clone.git("checkout", "-q", "main")
    return clone


def test_sparse_checkout_gives_no_dangling_pointer(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    pointers = ["src/refund.py:3", "docs/design/", "docs/design/notes.md#intro", "src/typo.py"]
    _origin(tmp_path / "origin", pointers)
    full = check(run_cli, tmp_path / "origin")
    clone = _sparse_clone(tmp_path / "origin", tmp_path / "sparse")
    assert not (clone.root / "src").exists()  # the checkout really left the code out
    assert (clone.root / "handoff.json").is_file()
    sparse = check(run_cli, clone.root)
    found = [(h["pointer"], h["path"]) for h in hits(sparse, "dangling-pointer")]
    assert found == [("/pointers/3", "handoff.json")]  # only the real typo
    assert found == [(h["pointer"], h["path"]) for h in hits(full, "dangling-pointer")]


def test_new_and_staged_files_count(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    _origin(tmp_path / "origin", ["src/new.py", "src/staged.py"])
    repo = GitRepo.__new__(GitRepo)
    repo.root = tmp_path / "origin"
    repo.write("src/new.py", "untracked\n")
    repo.write("src/staged.py", "staged\n")
    repo.git("add", "src/staged.py")
    assert not hits(check(run_cli, repo.root), "dangling-pointer")


def test_the_lookup_costs_no_git_call(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    # The tree lookup rides on the call that resolves the commits: a sparse clone costs as many
    # git processes as a full one, for 1 packet or 8.
    counts = []
    for n in (1, 8):
        origin = GitRepo(tmp_path / f"origin{n}")
        origin.write("src/a.py", "x\n")
        lkg = origin.commit("code")
        for i in range(n):
            data = packet(lkg=lkg, topic=f"t{i}", pointers=["src/a.py", f"src/missing{i}.py"])
            origin.write(f".handoff/t{i}.json", data)
        origin.commit("packets")
        clone = _sparse_clone(origin.root, tmp_path / f"sparse{n}")
        for root in (origin.root, clone.root):
            before = plumbing.spawn_count()
            report = check(run_cli, root)
            counts.append(plumbing.spawn_count() - before)
            found = sorted(h["pointer"] for h in hits(report, "dangling-pointer"))
            assert found == ["/pointers/1"] * n
    assert len(set(counts)) == 1, counts


def test_resolve_and_find_answers_files_and_folders(git_repo: GitRepo) -> None:
    git_repo.write("a/b c.txt", "x\n")
    head = git_repo.commit("x")
    asked = ["a", "a/b c.txt", "a/missing", "a/b", "../escape", "x\ny"]
    resolved, found = plumbing.resolve_and_find(git_repo.root, ["HEAD"], head, asked)
    assert resolved["HEAD"] is not None and resolved["HEAD"][0] == head
    assert found == {"a", "a/b c.txt"}


def _paths_of(glob: str) -> list[str]:
    """Paths ``glob`` matches: at the top, and two folders down."""
    return [glob.replace("**/", folders).replace("*", "x") for folders in ("", "a/b/")]


def test_the_fork_checkout_has_every_default_handoff_file(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    # Every default `packets`, `block-files` and `series` glob, read from the configuration's
    # defaults: a name added there and not to the example's list fails here.
    defaults = Config()
    named = [
        path for glob in (*defaults.packets, *defaults.block_files) for path in _paths_of(glob)
    ]
    dated = [path for glob in defaults.series for path in _paths_of(f"{glob}/2026-01-01-x.md")]
    assert all(matches_any(path, (*defaults.packets, *defaults.block_files)) for path in named)
    origin = GitRepo(tmp_path / "origin")
    origin.write("src/app.py", "x = 1\n")
    for path in (*named, *dated):
        origin.write(path, "# Handoff\n\n## Next\nRun pytest tests/test_api.py.\n")
    origin.commit("every default handoff name")
    clone = _sparse_clone(origin.root, tmp_path / "sparse")
    assert not (clone.root / "src").exists()  # only handoff files: no code is checked out
    assert [path for path in (*named, *dated) if not (clone.root / path).is_file()] == []
    full, sparse = check(run_cli, origin.root), check(run_cli, clone.root)
    assert (sparse["packets"], sparse["findings"]) == (full["packets"], full["findings"])
