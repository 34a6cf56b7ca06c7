"""`--all-branches` with a protected target lists the block files of the commit checked and the
packets of other branches in one git call; each side still sees only its own files."""

from __future__ import annotations

from git_helpers import check, hits, packet
from handoff_audit.git import plumbing


def test_block_files_and_branch_packets_keep_to_their_own_globs(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("src/app.py", "start\n")
    lkg = git_repo.commit("start")
    git_repo.write(".handoff-audit.yml", "block-files: ['**/NOTES.md', '**/plan.json']\n")
    git_repo.commit("config")
    # Another branch carries a file that only the block-files globs match: not a packet.
    git_repo.git("checkout", "-q", "-b", "spike")
    git_repo.write("plan.json", packet(branch="feat/x", lkg=lkg))
    git_repo.commit("spike plan")
    git_repo.git("checkout", "-q", "-b", "feat/x", "main")
    git_repo.write("handoff.json", packet(branch="feat/x", lkg=lkg, status="archived"))
    git_repo.write("docs/NOTES.md", "# notes\n")
    git_repo.commit("work")

    before = plumbing.spawn_count()
    report = check(run_cli, git_repo.root, "--all-branches", "--target-branch", "main")
    spawned = plumbing.spawn_count() - before

    blocked = hits(report, "handoff-in-merge")
    # Only the block-files glob's match, not the packet files listed in the same call.
    assert [h["path"] for h in blocked] == ["docs/NOTES.md"]
    assert not any(p["path"].endswith("plan.json") for p in report["packets"])
    assert not hits(report, "multiple-active")
    assert spawned <= 10
