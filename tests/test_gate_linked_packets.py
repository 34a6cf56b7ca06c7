"""A tracked symbolic link where the ``packets`` globs look (``.handoff`` -> ``notes``, or
``.handoff/feat`` -> ``../notes/feat`` below the wildcard of ``.handoff/**/*.json``) puts the
packets it leads to where agents look once merged; the audit does not read packets through a
link, so the merge gate blocks it."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

from action_runner import Runner
from action_support import packet_data
from conftest import GitRepo, Result
from handoff_audit import shell
from handoff_audit.git import plumbing

Run = Callable[..., Result]


def test_a_link_as_the_packets_folder_blocks_the_merge(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("notes/refund.json", packet_data(branch="feat/x"))
    os.symlink("notes", git_repo.root / ".handoff")
    git_repo.commit("an active packet behind a linked .handoff folder")
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=git_repo.root)
    assert done.code == 1, done.out
    [finding] = [f for f in done.json()["findings"] if f["rule"] == "active-in-merge"]
    assert finding["path"] == ".handoff"
    assert finding["message"].startswith(
        ".handoff is a symbolic link where the `packets` globs look for packets, and it would be "
        "merged into the protected branch main: the audit does not read packets through a link"
    )
    assert "replace the link by the folder it leads to" in finding["message"]
    assert "(`git rm -- :/.handoff`)" in finding["message"]
    git_repo.git("rm", "-q", "--", ":/.handoff")
    git_repo.commit("no link")
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=git_repo.root)
    assert done.code == 0, done.out


def test_a_link_elsewhere_does_not_block(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("notes/refund.json", packet_data(branch="feat/x"))
    os.symlink("notes", git_repo.root / "latest")
    git_repo.commit("a link no packets glob looks through")
    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 0, done.out


def test_the_action_blocks_a_linked_packets_folder(runner: Runner) -> None:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write("notes/refund.json", packet_data(branch="feat/refunds"))
    os.symlink("notes", runner.repo.root / ".handoff")
    runner.head = runner.repo.commit("an active packet behind a linked .handoff folder")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert ".handoff is a symbolic link where the `packets` globs look for packets" in done.out
    # the job summary's advice says what the link is, as the finding does
    assert "cannot be read" not in done.summary
    assert (
        "- `active-in-merge`: `.handoff` is a symbolic link the branch adds where the `packets` "
        "globs look, leading to packets (each finding says where): the audit does not read "
        "packets through a link, so those were not judged; replace it by the folder it leads "
        "to (a real folder holding the packets), or remove it: `git rm -- :/.handoff && git "
        'commit -m "handoff: no link"`.'
    ) in done.summary


def test_the_action_blocks_a_link_below_the_packets_wildcard(runner: Runner) -> None:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write("notes/feat/refund.json", packet_data(branch="feat/refunds"))
    (runner.repo.root / ".handoff").mkdir()
    os.symlink("../notes/feat", runner.repo.root / ".handoff/feat")
    runner.head = runner.repo.commit("an active packet behind a link in .handoff")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert (
        ".handoff/feat is a symbolic link to the folder notes/feat, through which the `packets` "
        "globs find .handoff/feat/refund.json"
    ) in done.out


def _feature_branch(repo: GitRepo) -> None:
    repo.write("README.md", "hi\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")


def _active_in_merge(repo: GitRepo, run_cli: Run) -> list[str]:
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=repo.root)
    assert done.code in (0, 1), done.out
    return [f["path"] for f in done.json()["findings"] if f["rule"] == "active-in-merge"]


def test_links_below_a_wildcard_or_that_are_packets_do_not_block(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """A link to a file leads no glob elsewhere: an image linked under ``docs/**``, a README
    linked into ``.handoff`` or a packet linked to another (which the audit reads as a file)
    do not block; a link that is a literal folder before a glob's first wildcard does."""
    # main's configuration: the merge gate reads main's `packets`, as the Action does
    packets = '["docs/**/handoff.json", ".handoff/*.json", "docs2/**/handoff.json"]'
    git_repo.write(".handoff-audit.yml", f"packets: {packets}\n")
    _feature_branch(git_repo)
    git_repo.write("assets/logo.png", "png\n")
    (git_repo.root / "docs/img").mkdir(parents=True)
    os.symlink("../../assets/logo.png", git_repo.root / "docs/img/logo.png")
    (git_repo.root / ".handoff").mkdir()
    os.symlink("../README.md", git_repo.root / ".handoff/README.md")
    git_repo.write(".handoff/gbp.json", packet_data(branch="feat/x", status="archived"))
    os.symlink("gbp.json", git_repo.root / ".handoff/current.json")
    git_repo.commit("links that lead no glob elsewhere")
    assert _active_in_merge(git_repo, run_cli) == []
    os.symlink("assets", git_repo.root / "docs2")
    git_repo.commit("a link as the literal folder of a glob")
    assert _active_in_merge(git_repo, run_cli) == ["docs2"]


def test_a_link_the_target_already_has_does_not_block(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.write("notes/README.md", "# n\n")
    os.symlink("notes", git_repo.root / ".handoff")
    git_repo.commit("base with a linked .handoff")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("README.md", "hi again\n")
    git_repo.commit("a change elsewhere")
    assert _active_in_merge(git_repo, run_cli) == []
    (git_repo.root / ".handoff").unlink()
    os.symlink("README.md", git_repo.root / ".handoff")
    git_repo.commit("the link changed")
    assert _active_in_merge(git_repo, run_cli) == [".handoff"]


def test_a_link_below_a_wildcard_to_a_folder_of_packets_blocks(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """``.handoff/feat`` -> ``../notes/feat`` for ``.handoff/**/*.json``: the glob goes through
    the link to ``notes/feat/handoff.json``, which no glob finds where it is, so the gate never
    judged it; only a link that was the literal folder ``.handoff`` itself blocked."""
    git_repo.write(".handoff-audit.yml", 'packets: [".handoff/**/*.json"]\n')  # main's
    _feature_branch(git_repo)
    git_repo.write("notes/feat/handoff.json", packet_data(branch="feat/x"))
    (git_repo.root / ".handoff").mkdir()
    os.symlink("../notes/feat", git_repo.root / ".handoff/feat")
    git_repo.commit("an active packet behind a link below the glob's wildcard")
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=git_repo.root)
    assert done.code == 1, done.out
    [finding] = [f for f in done.json()["findings"] if f["path"] == ".handoff/feat"]
    assert finding["rule"] == "active-in-merge"
    assert finding["message"] == (
        ".handoff/feat is a symbolic link to the folder notes/feat, through which the `packets` "
        "globs find .handoff/feat/handoff.json, and it would be merged into the protected branch "
        "main: the audit does not read files through a link, so they were never audited; remove "
        "the link (`git rm -- :/.handoff/feat`) and commit the files themselves where the globs "
        "look, or leave them out of the pull request, before merging"
    )
    git_repo.git("rm", "-q", "--", ":/.handoff/feat")
    (git_repo.root / ".handoff").mkdir(exist_ok=True)
    git_repo.git("mv", "notes/feat", ".handoff/feat")
    git_repo.commit("the packets themselves where the globs look")
    assert _active_in_merge(git_repo, run_cli) == [".handoff/feat/handoff.json"]


def test_links_below_a_wildcard_hiding_a_note_a_series_or_default_packets_block(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """The default ``.handoff/**/*.json`` through ``.handoff/feat``, a series folder that is a
    link, and ``block-files`` through a link (then `handoff-in-merge`); a link to a folder whose
    files the globs find where they are too, or find none of, or outside the repository, hides
    nothing."""
    # main's configuration: the merge gate reads main's `block-files`, as the Action does
    git_repo.write(
        ".handoff-audit.yml", 'block-files: ["docs/**/HANDOFF.md"]\nseries: ["docs/handoffs"]\n'
    )
    _feature_branch(git_repo)
    git_repo.write("notes/feat/refund.json", packet_data(branch="feat/x"))
    git_repo.write("journal/2026-03-02.md", "# Handoff\n\n## Next step\nShip it.\n")
    git_repo.write("scratch/HANDOFF.md", "# Handoff\n\n## Next step\nShip it.\n")
    git_repo.write("assets/logo.png", "png\n")
    git_repo.write("kept/handoff.json", packet_data(branch="feat/x", status="archived"))
    (git_repo.root / ".handoff").mkdir()
    (git_repo.root / "docs").mkdir()
    os.symlink("../notes/feat", git_repo.root / ".handoff/feat")
    os.symlink("../journal", git_repo.root / "docs/handoffs")
    os.symlink("../scratch", git_repo.root / "docs/current")
    os.symlink("../assets", git_repo.root / "docs/img")
    os.symlink("../kept", git_repo.root / "docs/kept")
    os.symlink("/srv/notes", git_repo.root / ".handoff/elsewhere")
    git_repo.commit("links below the globs' wildcards")
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=git_repo.root)
    assert done.code == 1, done.out
    linked = {
        f["path"]: (f["rule"], f["message"].split(", and it would")[0])
        for f in done.json()["findings"]
        if "is a symbolic link to the folder" in f["message"]
    }
    assert linked == {
        ".handoff/feat": (
            "active-in-merge",
            ".handoff/feat is a symbolic link to the folder notes/feat, through which the "
            "`packets` globs find .handoff/feat/refund.json",
        ),
        "docs/current": (
            "handoff-in-merge",
            "docs/current is a symbolic link to the folder scratch, through which the "
            "`block-files` globs find docs/current/HANDOFF.md",
        ),
        "docs/handoffs": (
            "active-in-merge",
            "docs/handoffs is a symbolic link to the folder journal, through which the "
            "`series` globs find docs/handoffs/2026-03-02.md",
        ),
    }
    for link in linked:
        ran = subprocess.run(
            ["sh", "-c", f"git rm -q -- {shell.from_top(link)}"], cwd=git_repo.root, check=False
        )
        assert ran.returncode == 0
    git_repo.commit("no links")
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=git_repo.root)
    assert not [f for f in done.json()["findings"] if "symbolic link" in f["message"]]


def test_a_link_the_target_removed_after_the_branch_left_does_not_block(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """A branch behind ``main`` still has the links ``main`` removed since their merge base: the
    merge keeps ``main``'s removal, so the branch is not blamed for them. A link it changes
    itself still blocks."""
    git_repo.write("README.md", "hi\n")
    git_repo.write("journal/2026-11-01-a.md", "# Handoff\n\n## Next step\nShip it.\n")
    git_repo.write("notes/refund.json", packet_data(branch="feat/x"))
    (git_repo.root / "docs").mkdir()
    os.symlink("../journal", git_repo.root / "docs/handoffs")
    os.symlink("notes", git_repo.root / ".handoff")
    git_repo.commit("links on main")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.git("checkout", "-q", "main")
    git_repo.git("rm", "-q", "docs/handoffs", ".handoff")
    git_repo.commit("main drops the links")
    git_repo.git("checkout", "-q", "feat/x")
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("unrelated work")
    assert _active_in_merge(git_repo, run_cli) == []
    git_repo.write("journal2/2026-11-02-b.md", "# Handoff\n\n## Next step\nShip it.\n")
    for link, target in (("docs/handoffs", "../journal2"), (".handoff", "journal")):
        (git_repo.root / link).unlink()
        os.symlink(target, git_repo.root / link)
    git_repo.commit("the branch re-points the links")
    assert _active_in_merge(git_repo, run_cli) == [".handoff", "docs/handoffs"]


def test_after_criss_cross_merges_a_link_the_target_removed_does_not_block(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """``main`` and the branch merged each other's early work, so they have two merge bases
    (``git diff --merge-base`` refuses them), and ``main`` then removed a link both bases have:
    the merge keeps the removal, so the branch is not blamed, as with one merge base. A link
    that differs from both bases is the branch's and blocks."""
    git_repo.write("README.md", "hi\n")
    git_repo.write("journal/2026-11-01-a.md", "# Handoff\n\n## Next step\nShip it.\n")
    (git_repo.root / "docs").mkdir()
    os.symlink("../journal", git_repo.root / "docs/handoffs")
    git_repo.commit("a link on main")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("f1.txt", "f\n")
    git_repo.commit("f1")
    git_repo.git("checkout", "-q", "main")
    git_repo.write("m1.txt", "m\n")
    git_repo.commit("m1")
    git_repo.git("merge", "-q", "--no-edit", "feat/x")
    git_repo.git("checkout", "-q", "feat/x")
    git_repo.git("merge", "-q", "--no-edit", "main~1")
    git_repo.git("checkout", "-q", "main")
    git_repo.git("rm", "-q", "docs/handoffs")
    git_repo.commit("main drops the link")
    git_repo.git("checkout", "-q", "feat/x")
    assert len(git_repo.git("merge-base", "--all", "main", "HEAD").split()) == 2
    assert _active_in_merge(git_repo, run_cli) == []
    git_repo.write("journal2/2026-11-02-b.md", "# Handoff\n\n## Next step\nShip it.\n")
    (git_repo.root / "docs/handoffs").unlink()
    os.symlink("../journal2", git_repo.root / "docs/handoffs")
    git_repo.commit("the branch re-points the link")
    assert _active_in_merge(git_repo, run_cli) == ["docs/handoffs"]


_SHALLOW = ("git", "clone", "-q", "--depth", "1", "--no-single-branch", "--branch", "feat/x")


def test_a_shallow_clone_without_the_merge_base_compares_with_the_target(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    """Without the merge base (a depth-1 clone of a branch behind ``main``), the links that
    differ from ``main``'s are the branch's: the link it added still blocks."""
    _feature_branch(git_repo)
    git_repo.write("notes/feat/refund.json", packet_data(branch="feat/x"))
    (git_repo.root / ".handoff").mkdir()
    os.symlink("../notes/feat", git_repo.root / ".handoff/feat")
    git_repo.commit("an active packet behind a link below the wildcard")
    git_repo.git("checkout", "-q", "main")
    git_repo.write("CHANGES.md", "later\n")
    git_repo.commit("main moves on")
    clone = tmp_path / "clone"
    subprocess.run(
        [*_SHALLOW, f"file://{git_repo.root}", str(clone)],
        check=True,
    )
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=clone)
    assert done.code == 1, done.out
    found = [f["path"] for f in done.json()["findings"] if f["rule"] == "active-in-merge"]
    assert found == [".handoff/feat"]


def test_packets_through_a_link_are_judged_as_at_their_path(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """An archived packet found through ``.handoff/archive`` -> ``../old`` is no active
    packet, as it would not be at that path; an active one, one that cannot be read, or one in
    a shape of its own (under ``.handoff/`` no file is another tool's) is, and the packets are
    read in the one ``cat-file`` the gate makes anyway (no more git processes for more of
    them)."""
    _feature_branch(git_repo)
    git_repo.write("old/refund.json", packet_data(branch="feat/x", status="archived"))
    (git_repo.root / ".handoff").mkdir()
    os.symlink("../old", git_repo.root / ".handoff/archive")
    git_repo.commit("finished packets behind a link")
    assert _active_in_merge(git_repo, run_cli) == []
    git_repo.write("old/fx.json", packet_data(branch="feat/x"))
    git_repo.write("old/broken.json", '{"status": "archived"\n')
    git_repo.write("old/tool.json", {"status": "in_progress", "steps": [], "owner": "bot"})
    git_repo.commit("an active packet and a broken one behind it")
    start = plumbing.spawn_count()
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=git_repo.root)
    spawned = plumbing.spawn_count() - start
    [finding] = [f for f in done.json()["findings"] if f["rule"] == "active-in-merge"]
    assert finding["path"] == ".handoff/archive"
    assert "the `packets` globs find .handoff/archive/broken.json and 2 more," in finding["message"]
    for i in range(5):
        git_repo.write(f"old/more{i}.json", packet_data(branch="feat/x"))
    git_repo.commit("more active packets behind it")
    start = plumbing.spawn_count()
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=git_repo.root)
    assert plumbing.spawn_count() - start == spawned
    [finding] = [f for f in done.json()["findings"] if f["rule"] == "active-in-merge"]
    assert "find .handoff/archive/broken.json and 7 more," in finding["message"]


def test_a_link_to_a_link_to_a_folder_of_packets_blocks(git_repo: GitRepo, run_cli: Run) -> None:
    """``.handoff/feat`` -> ``../hop`` -> ``notes/feat``, and ``.handoff/deep`` -> ``../via/feat``
    where ``via`` -> ``notes``: the globs find the packets through the links the link leads to,
    so they block, named by the folder at the end. A loop of links, or a chain that leaves the
    repository, hides nothing."""
    _feature_branch(git_repo)
    git_repo.write("notes/feat/refund.json", packet_data(branch="feat/x"))
    os.symlink("notes/feat", git_repo.root / "hop")
    os.symlink("notes", git_repo.root / "via")
    (git_repo.root / ".handoff").mkdir()
    os.symlink("../hop", git_repo.root / ".handoff/feat")
    os.symlink("../via/feat", git_repo.root / ".handoff/deep")
    os.symlink("loop2", git_repo.root / "loop1")
    os.symlink("loop1", git_repo.root / "loop2")
    os.symlink("../loop1", git_repo.root / ".handoff/loop")
    os.symlink("/srv", git_repo.root / "out")
    os.symlink("../out/notes", git_repo.root / ".handoff/out")
    git_repo.commit("active packets behind links to links")
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=git_repo.root)
    assert done.code == 1, done.out
    linked = {
        f["path"]: f["message"].split(", and it would")[0]
        for f in done.json()["findings"]
        if f["rule"] == "active-in-merge"
    }
    assert linked == {
        ".handoff/deep": ".handoff/deep is a symbolic link to the folder notes/feat, through "
        "which the `packets` globs find .handoff/deep/refund.json",
        ".handoff/feat": ".handoff/feat is a symbolic link to the folder notes/feat, through "
        "which the `packets` globs find .handoff/feat/refund.json",
    }


def test_a_long_chain_of_links_is_followed_within_bounds(git_repo: GitRepo, run_cli: Run) -> None:
    """Eight links after the branch's own one still lead to the folder; a ninth is past the
    bound and leads nowhere."""
    _feature_branch(git_repo)
    git_repo.write("notes/refund.json", packet_data(branch="feat/x"))
    os.symlink("notes", git_repo.root / "hop0")
    for i in range(1, 9):
        os.symlink(f"hop{i - 1}", git_repo.root / f"hop{i}")
    (git_repo.root / ".handoff").mkdir()
    os.symlink("../hop7", git_repo.root / ".handoff/feat")
    git_repo.commit("a packet eight links away")
    assert _active_in_merge(git_repo, run_cli) == [".handoff/feat"]
    (git_repo.root / ".handoff/feat").unlink()
    os.symlink("../hop8", git_repo.root / ".handoff/feat")
    git_repo.commit("a packet nine links away")
    assert _active_in_merge(git_repo, run_cli) == []


def test_a_link_the_target_added_too_does_not_block(git_repo: GitRepo, run_cli: Run) -> None:
    """The branch and ``main`` both added ``.handoff/feat`` -> ``../notes/feat`` since they
    parted (a cherry-pick): the merge brings no link ``main`` lacks, so it is not the branch's.
    One ``main`` added to another folder is still the branch's."""
    git_repo.write("README.md", "hi\n")
    git_repo.write("notes/feat/refund.json", packet_data(branch="feat/x"))
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    (git_repo.root / ".handoff").mkdir()
    os.symlink("../notes/feat", git_repo.root / ".handoff/feat")
    git_repo.commit("the link on the branch")
    git_repo.git("checkout", "-q", "main")
    git_repo.write("CHANGES.md", "main moves on\n")
    git_repo.commit("main moves on")
    git_repo.git("cherry-pick", "feat/x")
    git_repo.git("checkout", "-q", "feat/x")
    assert _active_in_merge(git_repo, run_cli) == []
    git_repo.git("checkout", "-q", "main")
    (git_repo.root / ".handoff/feat").unlink()
    os.symlink("../notes", git_repo.root / ".handoff/feat")
    git_repo.commit("main's link leads elsewhere")
    git_repo.git("checkout", "-q", "feat/x")
    assert _active_in_merge(git_repo, run_cli) == [".handoff/feat"]


def _main_with_links(repo: GitRepo) -> None:
    """``main`` with ``.handoff/feat`` -> ``../notes/feat``, ``docs/handoffs`` -> ``../journal``
    and ``docs/current`` -> ``../scratch``, then the branch ``feat/x``."""
    repo.write("README.md", "hi\n")
    repo.write("notes/feat/old.json", packet_data(branch="feat/old"))  # main's own, not judged
    repo.write("journal/2026-11-01-a.md", "# Handoff\n\n## Next step\nShip it.\n")
    repo.write("scratch/README.md", "# Scratch\n")
    (repo.root / ".handoff").mkdir()
    (repo.root / "docs").mkdir()
    os.symlink("../notes/feat", repo.root / ".handoff/feat")
    os.symlink("../journal", repo.root / "docs/handoffs")
    os.symlink("../scratch", repo.root / "docs/current")
    repo.write(".handoff-audit.yml", 'block-files: ["docs/**/HANDOFF.md"]\n')
    repo.commit("links on main")
    repo.git("checkout", "-q", "-b", "feat/x")


def _linked(repo: GitRepo, run_cli: Run) -> dict[str, tuple[str, str]]:
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=repo.root)
    assert done.code in (0, 1), done.out
    return {
        f["path"]: (f["rule"], f["message"])
        for f in done.json()["findings"]
        if "symbolic link" in f["message"]
    }


def test_a_packet_the_branch_adds_behind_a_link_main_has_blocks(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """``main`` has ``.handoff/feat`` -> ``../notes/feat``; the branch adds an active packet at
    ``notes/feat/refund.json``, which the merge puts where agents look
    (``.handoff/feat/refund.json``): the gate judges it there, as it does when the branch adds
    the link. Finished, it passes (its markdown twin is no packet); ``main``'s own files behind
    the link are not the branch's."""
    _main_with_links(git_repo)
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("work elsewhere")
    assert _linked(git_repo, run_cli) == {}
    git_repo.write("notes/feat/refund.json", packet_data(branch="feat/x"))
    rendered = run_cli(["render", "--write", ".handoff/feat/refund.json"], cwd=git_repo.root)
    assert rendered.code == 0 and (git_repo.root / "notes/feat/refund.md").is_file(), rendered.out
    git_repo.commit("an active packet and its twin behind main's link")
    assert _linked(git_repo, run_cli) == {
        ".handoff/feat": (
            "active-in-merge",
            ".handoff/feat is a symbolic link the protected branch main has, to the folder "
            "notes/feat, where this branch adds or changes a file that the `packets` globs find "
            "through it, .handoff/feat/refund.json: once merged it is where agents look, and the "
            "audit does not read files through a link, so it was never audited; finish the work "
            "of each packet and mark it done (`handoff-audit archive .handoff/feat/refund.json`), "
            "or leave it out of the pull request, before merging",
        )
    }
    # the verdict's own advice leaves main's link alone: no `git rm` of it
    shown = run_cli(["check", "--target-branch", "main", "--format", "markdown"], cwd=git_repo.root)
    assert "- `active-in-merge`: for `.handoff/feat`, do as the finding says." in shown.out
    assert "git rm" not in shown.out.split("**Merge blocked**")[1].split("Checked branch")[0]
    done = run_cli(["archive", ".handoff/feat/refund.json"], cwd=git_repo.root)
    assert done.code == 0, done.out
    git_repo.commit("refunds done")
    assert _linked(git_repo, run_cli) == {}


def test_a_note_behind_a_link_main_has_blocks_a_series_file_does_not(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """A working note the branch adds behind ``main``'s ``docs/current`` -> ``../scratch`` is
    ``docs/current/HANDOFF.md`` once merged: blocked, with the command that deletes it. A series'
    file added behind ``main``'s ``docs/handoffs`` -> ``../journal`` is a record the merge may
    bring. A link of ``main``'s that the branch removes is none the merge keeps."""
    _main_with_links(git_repo)
    git_repo.write("journal/2026-11-02-b.md", "# Handoff\n\n## Next step\nShip it.\n")
    git_repo.commit("a series' next file behind main's link")
    assert _linked(git_repo, run_cli) == {}
    git_repo.write("scratch/HANDOFF.md", "# Handoff\n\n## Next step\nShip it.\n")
    git_repo.commit("a working note behind main's link")
    linked = _linked(git_repo, run_cli)
    assert list(linked) == ["docs/current"]
    rule, message = linked["docs/current"]
    assert rule == "handoff-in-merge"
    assert "the `block-files` globs find through it, docs/current/HANDOFF.md:" in message
    command = re.search(r"delete each working note \(`([^`]+)`\)", message)
    assert command is not None and command[1] == "git rm -- :/scratch/HANDOFF.md", message
    subprocess.run(["sh", "-c", command[1] + " >/dev/null"], cwd=git_repo.root, check=True)
    git_repo.commit("no note")
    assert _linked(git_repo, run_cli) == {}
    git_repo.git("rm", "-q", "docs/current")
    git_repo.write("scratch/HANDOFF.md", "# Handoff\n\n## Next step\nShip it.\n")
    git_repo.commit("the branch removes main's link, so the merge does too")
    assert _linked(git_repo, run_cli) == {}


def test_a_packet_behind_a_link_both_sides_added_blocks(git_repo: GitRepo, run_cli: Run) -> None:
    """The branch added ``.handoff/feat`` -> ``../notes/feat``, ``main`` cherry-picked it, then
    the branch put an active packet behind it: the link is no longer the branch's, the packet
    is, at ``.handoff/feat/refund.json`` once merged, judged in as many git processes however
    many packets there are."""
    _feature_branch(git_repo)
    git_repo.write("notes/feat/README.md", "keep\n")
    (git_repo.root / ".handoff").mkdir()
    os.symlink("../notes/feat", git_repo.root / ".handoff/feat")
    git_repo.commit("the link")
    git_repo.git("checkout", "-q", "main")
    git_repo.git("cherry-pick", "feat/x")
    git_repo.git("checkout", "-q", "feat/x")
    git_repo.write("notes/feat/refund.json", packet_data(branch="feat/x"))
    for i in range(5):
        git_repo.write(f"notes/feat/more{i}.json", packet_data(branch="feat/x"))
    git_repo.commit("active packets behind the link")
    start = plumbing.spawn_count()
    assert list(_linked(git_repo, run_cli)) == [".handoff/feat"]
    spawned = plumbing.spawn_count() - start
    git_repo.write("notes/feat/last.json", packet_data(branch="feat/x"))
    git_repo.commit("one more")
    start = plumbing.spawn_count()
    [(_, message)] = _linked(git_repo, run_cli).values()
    assert plumbing.spawn_count() - start == spawned
    assert "find through it, .handoff/feat/last.json and 6 more:" in message, message
