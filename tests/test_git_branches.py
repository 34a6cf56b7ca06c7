"""branch-mismatch, multiple-active (work tree and --all-branches), handoff-in-merge and
active-in-merge, on real repositories."""

from __future__ import annotations

from git_helpers import check, git, hits, packet


def _base(git_repo) -> str:  # type: ignore[no-untyped-def]
    git_repo.write("src/app.py", "start\n")
    return git_repo.commit("start")


def test_branch_mismatch_names_both_branches(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.git("checkout", "-q", "-b", "feat/v2")
    git_repo.write("handoff.json", packet(branch="feat/v1", lkg=lkg))
    git_repo.commit("handoff")
    [hit] = hits(check(run_cli, git_repo.root), "branch-mismatch")
    assert "`feat/v1`" in hit["message"] and "`feat/v2`" in hit["message"]
    assert hit["pointer"] == "/branch" and hit["line"] is not None
    assert not hits(check(run_cli, git_repo.root, "--branch", "feat/v1"), "branch-mismatch")


def test_packet_for_the_checked_branch_matches(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.write("handoff.json", packet(branch="main", lkg=lkg))
    git_repo.write(".handoff/old.json", packet(branch="gone", lkg=lkg, status="archived"))
    git_repo.commit("handoff")
    assert not hits(check(run_cli, git_repo.root), "branch-mismatch")


def test_detached_head_without_branch_says_once_it_cannot_tell(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.write("handoff.json", packet(branch="main", lkg=lkg))
    git_repo.write(".handoff/x.json", packet(branch="other", lkg=lkg, topic="x"))
    git_repo.commit("handoff")
    git_repo.git("checkout", "-q", "--detach")
    result = run_cli(
        ["check", "--format", "json", "--select", "branch-mismatch"], cwd=git_repo.root
    )
    assert result.code == 0, "a detached HEAD is not an error"
    report = result.json()
    assert report["branch"] is None
    [hit] = hits(report, "branch-mismatch")
    assert "cannot tell which branch" in hit["message"] and "--branch" in hit["message"]
    assert hit["severity"] == "warning"
    report = check(run_cli, git_repo.root, "--branch", "main")
    assert report["branch"] == "main"
    assert [h["path"] for h in hits(report, "branch-mismatch")] == [".handoff/x.json"]


def test_multiple_active_names_every_packet_and_marks_the_newest(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_repo.commit("first", date="2026-01-01T00:00:00Z")
    git_repo.write(".handoff/default.json", packet(lkg=lkg))
    git_repo.commit("second", date="2026-01-05T00:00:00Z")
    git_repo.write(".handoff/other.json", packet(lkg=lkg, topic="other"))
    git_repo.write(".handoff/done.json", packet(lkg=lkg, status="archived"))
    git_repo.commit("other topics")
    found = hits(check(run_cli, git_repo.root, "--ignore", "packet-age"), "multiple-active")
    assert sorted(h["path"] for h in found) == [".handoff/default.json", "handoff.json"]
    for hit in found:
        assert (
            "handoff.json" in hit["message"] and ".handoff/default.json (newest)" in hit["message"]
        )
        assert "supersede handoff.json --by .handoff/default.json" in hit["message"]
    keep = next(h for h in found if h["path"] == ".handoff/default.json")
    assert "this is the newest: keep it" in keep["message"]


def test_uncommitted_packet_is_the_newest(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.write(".handoff/a.json", packet(lkg=lkg))
    git_repo.commit("a")
    git_repo.write(".handoff/b.json", packet(lkg=lkg))
    found = hits(check(run_cli, git_repo.root), "multiple-active")
    keep = next(h for h in found if h["path"] == ".handoff/b.json")
    assert "this is the newest" in keep["message"]


def test_all_branches_catches_a_packet_on_another_branch(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write(".handoff/x.json", packet(branch="feat/x", lkg=lkg))
    git_repo.commit("x handoff")
    git_repo.git("checkout", "-q", "-b", "feat/x-spike", "main")
    git_repo.write(".handoff/spike.json", packet(branch="feat/x", lkg=lkg, summary="Spike."))
    git_repo.commit("spike handoff")
    git_repo.git("checkout", "-q", "feat/x")
    assert not hits(check(run_cli, git_repo.root), "multiple-active")
    report = check(run_cli, git_repo.root, "--all-branches")
    found = hits(report, "multiple-active")
    assert sorted(h["path"] for h in found) == [
        ".handoff/x.json",
        "feat/x-spike:.handoff/spike.json",
    ]
    assert "feat/x-spike:.handoff/spike.json" in [p["path"] for p in report["packets"]]
    # The spike's packet is not judged against this checkout's branch or history.
    assert not hits(report, "branch-mismatch") and not hits(report, "lkg-unknown")


def test_all_branches_reads_remote_tracking_branches(git_repo, tmp_path, run_cli) -> None:  # type: ignore[no-untyped-def]
    from git_helpers import git

    lkg = _base(git_repo)
    git_repo.git("checkout", "-q", "-b", "feat/y")
    git_repo.write(".handoff/y.json", packet(branch="feat/x", lkg=lkg))
    git_repo.commit("y")
    git_repo.git("checkout", "-q", "main")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", git_repo.root.as_uri(), str(clone))
    git(clone, "checkout", "-q", "-b", "feat/x")
    (clone / ".handoff").mkdir()
    (clone / ".handoff" / "x.json").write_text(__import__("json").dumps(packet("feat/x", lkg)))
    found = hits(check(run_cli, clone, "--all-branches"), "multiple-active")
    assert sorted(h["path"] for h in found) == [".handoff/x.json", "feat/y:.handoff/y.json"]


def test_all_branches_counts_an_inherited_identical_copy_once(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write(".handoff/x.json", packet(branch="feat/x", lkg=lkg))
    git_repo.commit("x handoff")
    git_repo.git("branch", "feat/x-copy")
    git_repo.git("branch", "feat/x-copy2")
    assert not hits(check(run_cli, git_repo.root, "--all-branches"), "multiple-active")
    git_repo.git("checkout", "-q", "main")
    assert not hits(check(run_cli, git_repo.root, "--all-branches"), "multiple-active")


def test_handoff_in_merge_into_protected_branch(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("HANDOFF.md", "# Handoff\n\nState: half done.\n")
    git_repo.write("docs/HANDOFF.md", "# Handoff\n")
    git_repo.write("handoff.json", packet(branch="feat", lkg=lkg, status="archived"))
    git_repo.commit("handoff")
    result = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert result.code == 1 and "blocked" in result.out.lower()
    report = check(run_cli, git_repo.root, "--target-branch", "main")
    assert sorted(h["path"] for h in hits(report, "handoff-in-merge")) == [
        "HANDOFF.md",
        "docs/HANDOFF.md",
    ]
    assert "git rm -- :/HANDOFF.md && git commit" in hits(report, "handoff-in-merge")[0]["message"]
    assert not hits(report, "active-in-merge")
    git_repo.git("branch", "develop", "main")
    assert not hits(check(run_cli, git_repo.root, "--target-branch", "develop"), "handoff-in-merge")
    assert not hits(check(run_cli, git_repo.root), "handoff-in-merge")


def test_a_downgraded_merge_gate_blocks_only_at_the_failing_level(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    git_repo.write(".handoff-audit.yml", "rules: {handoff-in-merge: note}\n")
    _base(git_repo)
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write(
        "HANDOFF.md", "# Handoff\n\n## State\nTests pass.\n\n## Next step\nFinish a.py.\n"
    )
    git_repo.commit("wip")
    gate = ["check", "--target-branch", "main", "--select", "handoff-in-merge"]
    noted = run_cli(gate, cwd=git_repo.root)
    assert noted.code == 0 and "handoff-in-merge (note)" in noted.out
    assert noted.out.endswith("1 note.\n"), noted.out
    markdown = run_cli([*gate, "--format", "markdown"], cwd=git_repo.root)
    assert "all clear" in markdown.out and "Merge blocked" not in markdown.out
    # The level merged into main first: the merge gate reads main's, as the Action does.
    git_repo.git("checkout", "-q", "main")
    git_repo.write(".handoff-audit.yml", "rules: {handoff-in-merge: warning}\n")
    git_repo.commit("warn")
    git_repo.git("checkout", "-q", "feat")
    git_repo.git("merge", "-q", "--no-edit", "main")
    warned = run_cli([*gate, "--fail-on", "warning"], cwd=git_repo.root)
    assert warned.code == 1 and warned.out.endswith("1 warning, 0 notes. Merge blocked.\n")
    markdown = run_cli([*gate, "--fail-on", "warning", "--format", "markdown"], cwd=git_repo.root)
    assert "**Merge blocked** into `main`: `handoff-in-merge`." in markdown.out
    excused = run_cli([*gate, "--fail-on", "warning", "--exit-zero"], cwd=git_repo.root)
    assert excused.code == 0 and "Merge blocked" not in excused.out


def test_handoff_md_already_on_a_protected_branch(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.write("HANDOFF.md", "# Handoff\n\nState: half done.\n")
    git_repo.write("handoff.json", packet(branch="main", lkg=lkg))
    git_repo.commit("a push to main that carries HANDOFF.md")
    report = check(run_cli, git_repo.root)
    [hit] = hits(report, "handoff-in-merge")
    assert hit["path"] == "HANDOFF.md" and hit["line"] is None  # the whole file, as in the text
    assert (
        "is on the protected branch main" in hit["message"]
        and "git rm -- :/HANDOFF.md" in hit["message"]
    )
    assert not hits(report, "active-in-merge"), "an active packet on its own branch is fine"
    assert report["branch"] == "main"
    git_repo.write(".handoff-audit.yml", "block-files: []\n")
    assert not hits(check(run_cli, git_repo.root), "handoff-in-merge")
    git_repo.write(".handoff-audit.yml", 'protected-branches: ["release/*"]\n')
    assert not hits(check(run_cli, git_repo.root), "handoff-in-merge")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write(".handoff-audit.yml", "{}\n")
    assert not hits(check(run_cli, git_repo.root), "handoff-in-merge")


def test_empty_protected_branches_in_the_configuration_is_refused_as_on_the_command_line(
    git_repo, run_cli
) -> None:  # type: ignore[no-untyped-def]
    _base(git_repo)
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("HANDOFF.md", "# Handoff\n\nState: half done.\n")
    git_repo.commit("note")
    merge = ["check", "--target-branch", "main"]
    assert run_cli([*merge, "--protected-branches", ""], cwd=git_repo.root).code == 2
    for config, text in [
        (".handoff-audit.yml", "protected-branches: []\n"),
        ("pyproject.toml", "[tool.handoff-audit]\nprotected-branches = []\n"),
    ]:
        git_repo.write(config, text)
        result = run_cli(merge, cwd=git_repo.root)
        assert result.code == 2, "an empty list would open the merge gate without a word"
        [line] = result.err.splitlines()
        assert line.startswith(f"handoff-audit: error: {config}")
        assert "protected-branches is []; expected a non-empty list" in line
        assert 'handoff-in-merge: "off"' in line
        (git_repo.root / config).unlink()
    assert hits(check(run_cli, git_repo.root, "--target-branch", "main"), "handoff-in-merge")


def test_unknown_target_branch_is_a_usage_error_with_a_suggestion(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("handoff.json", packet(branch="feat", lkg=lkg))
    git_repo.commit("handoff")
    result = run_cli(["check", "--target-branch", "mian"], cwd=git_repo.root)
    assert result.code == 2 and result.out == ""
    assert "--target-branch 'mian': no such local or remote-tracking branch" in result.err
    assert 'did you mean "main"?' in result.err and "--fetch-history" in result.err
    remote = run_cli(["check", "--target-branch", "origin/main"], cwd=git_repo.root)
    assert remote.code == 2 and 'did you mean "main"?' in remote.err
    assert run_cli(["check", "--target-branch", "main"], cwd=git_repo.root).code == 1


def test_a_target_branch_only_on_the_remote_is_fetched_with_fetch_history(
    git_repo, tmp_path, run_cli
) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("handoff.json", packet(branch="feat", lkg=lkg))
    git_repo.commit("handoff")
    git_repo.git("branch", "release")
    clone = tmp_path / "clone"
    git(
        tmp_path,
        "clone",
        "-q",
        "--single-branch",
        "--branch",
        "feat",
        git_repo.root.as_uri(),
        str(clone),
    )
    (clone / ".handoff-audit.yml").write_text('protected-branches: ["release"]\n')
    refused = run_cli(["check", "--target-branch", "release"], cwd=clone)
    assert refused.code == 2 and "--fetch-history" in refused.err
    assert "origin/release" not in git(clone, "branch", "-r")
    report = check(run_cli, clone, "--target-branch", "release", "--fetch-history")
    assert hits(report, "active-in-merge")
    assert "origin/release" in git(clone, "branch", "-r")
    gone = run_cli(["check", "--target-branch", "relase", "--fetch-history"], cwd=clone)
    assert gone.code == 2 and 'did you mean "release"?' in gone.err


def test_protected_branches_globs_from_the_configuration(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.write(".handoff-audit.yml", 'protected-branches: ["release/*"]\n')
    git_repo.write("handoff.json", packet(branch="main", lkg=lkg))
    git_repo.commit("handoff")
    git_repo.git("branch", "release/2.0")
    assert hits(check(run_cli, git_repo.root, "--target-branch", "release/2.0"), "active-in-merge")
    assert not hits(check(run_cli, git_repo.root, "--target-branch", "main"), "active-in-merge")


def test_active_in_merge_blocks_and_says_how_to_finish(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write(".handoff/refund.json", packet(branch="feat", lkg=lkg))
    git_repo.write(
        ".handoff/old.json", packet(branch="feat", lkg=lkg, topic="old", status="superseded")
    )
    git_repo.commit("handoff")
    git_repo.git("branch", "master", "main")
    git_repo.git("branch", "feat2", "main")
    report = check(run_cli, git_repo.root, "--target-branch", "main")
    [hit] = hits(report, "active-in-merge")
    assert hit["path"] == ".handoff/refund.json" and hit["pointer"] == "/status"
    assert "handoff-audit archive .handoff/refund.json" in hit["message"]
    assert not hits(report, "handoff-in-merge")
    assert not hits(check(run_cli, git_repo.root, "--target-branch", "feat2"), "active-in-merge")
    # Without `protected-branches`, the default branch is the first that exists of main,
    # master, ...: with main here, master is just another branch.
    assert not hits(check(run_cli, git_repo.root, "--target-branch", "master"), "active-in-merge")
    # The setting committed on master: the merge gate reads the target's, as the Action does.
    git_repo.git("checkout", "-q", "master")
    git_repo.write(".handoff-audit.yml", "protected-branches: [main, master]\n")
    git_repo.commit("protect master")
    git_repo.git("checkout", "-q", "feat")
    assert hits(check(run_cli, git_repo.root, "--target-branch", "master"), "active-in-merge")


def test_default_branch_counts_as_protected(git_repo) -> None:  # type: ignore[no-untyped-def]
    from handoff_audit.git.protected import is_protected
    from handoff_audit.model.context import Target

    target = Target(target_branch="trunk", default_branch="trunk")
    assert is_protected(target, ("main",))
    assert not is_protected(Target(target_branch="trunk"), ("main",))
    assert is_protected(Target(target_branch="trunk"), ("main", "trunk"))
    assert not is_protected(Target(), ("main",))


def test_all_branches_in_a_detached_checkout_does_not_meet_itself(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write(".handoff/x.json", packet(branch="feat/x", lkg=lkg))
    git_repo.commit("x handoff")
    git_repo.git("checkout", "-q", "--detach")
    report = check(run_cli, git_repo.root, "--all-branches", "--branch", "feat/x")
    assert not hits(report, "multiple-active") and len(report["packets"]) == 1
    report = check(run_cli, git_repo.root, "--all-branches")
    assert not hits(report, "multiple-active") and len(report["packets"]) == 1


def test_all_branches_skips_oversized_and_broken_packets(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _base(git_repo)
    git_repo.git("checkout", "-q", "-b", "big")
    git_repo.write(".handoff-audit.yml", "max-file-bytes: 2000\n")
    git_repo.write(".handoff/big.json", packet(branch="main", lkg=lkg, summary="x" * 5000))
    git_repo.write(".handoff/broken.json", '{"branch": "main", "status": "active",')
    git_repo.write(".handoff/list.json", "[1, 2]\n")
    git_repo.commit("big packet")
    git_repo.git("checkout", "-q", "main")
    git_repo.write(".handoff-audit.yml", "max-file-bytes: 2000\n")
    git_repo.write("handoff.json", packet(branch="main", lkg=lkg))
    report = check(run_cli, git_repo.root, "--all-branches")
    assert [p["path"] for p in report["packets"]] == ["handoff.json"]
    assert not hits(report, "multiple-active")
