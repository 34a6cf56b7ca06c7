"""A repository that keeps a working note on main on purpose (``HANDOVER.md`` at the root) gets
out of the merge gate: a ``!`` entry a pull request adds to ``block-files`` leaves out a file the
base commit already has as the pull request has it (the merge brings nothing in by it), and only
such a file; the Action, which reads the gate's settings from the base commit, and the local
``check --target-branch`` say the same."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from action_runner import BRANCH, Run, Runner
from conftest import Result

CliRun = Callable[..., Result]

KEPT = "# Handover\n\n## Status\nTests pass.\n\n## Next step\nAdd src/mul.py.\n"
CONFIG = 'block-files: ["**/HANDOVER.md", "!HANDOVER.md"]\n'
FIRST = "merge the configuration change first, in a pull request of its own that does not touch"


def _main_keeps_the_note(runner: Runner) -> None:
    """``HANDOVER.md`` committed on main, and the branch brought up to date with it."""
    repo = runner.repo
    repo.git("checkout", "-q", "main")
    repo.write("HANDOVER.md", KEPT)
    runner.base = repo.commit("the project's handover")
    repo.git("checkout", "-q", BRANCH)
    repo.git("merge", "-q", "--no-edit", "main")


def _pull_request(runner: Runner, note: str | None) -> None:
    """The pull request's commit: the ``!HANDOVER.md`` entry, ``HANDOVER.md`` written as
    ``note`` (``None``: left alone), and its packet handed over (deleted)."""
    repo = runner.repo
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write(".handoff-audit.yml", CONFIG)
    if note is not None:
        repo.write("HANDOVER.md", note)
    runner.head = repo.commit("config: keep HANDOVER.md")


def _both(runner: Runner, run_cli: CliRun) -> tuple[Run, Result]:
    """The Action on the pull request, and ``check --target-branch main`` in its work tree."""
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    local = run_cli(["check", "--target-branch", "main"], cwd=runner.repo.root)
    return done, local


def test_a_pull_request_leaving_out_the_note_main_keeps_as_it_is_passes(
    runner: Runner, run_cli: CliRun
) -> None:
    _main_keeps_the_note(runner)
    _pull_request(runner, None)
    done, local = _both(runner, run_cli)
    assert done.code == 0, done.out
    assert done.outputs["blocked"] == "false"
    assert "handoff-in-merge" not in done.out
    said = (
        "left out of the merge gate: HANDOVER.md (by `!HANDOVER.md`), by the `!` entries this "
        "branch adds to `block-files`: main already has each and this branch does not change it"
    )
    assert said in done.out
    assert "but for its `!` entries in `block-files` (!HANDOVER.md)" in done.out
    assert local.code == 0, (local.out, local.err)
    assert said in local.err
    assert "handoff-in-merge" not in local.out


def test_a_pull_request_changing_the_note_main_keeps_and_leaving_it_out_is_blocked(
    runner: Runner, run_cli: CliRun
) -> None:
    _main_keeps_the_note(runner)
    _pull_request(runner, KEPT + "\n## Since then\nAdded src/mul.py.\n")
    done, local = _both(runner, run_cli)
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    why = "while this branch changes HANDOVER.md (or it is a symbolic link or a submodule on one "
    why += "side): " + FIRST
    assert "handoff-in-merge::HANDOVER.md would be merged" in done.out
    assert why in done.out
    assert "left out of the merge gate" not in done.out
    assert local.code == 1, (local.out, local.err)
    assert why in local.out
    assert "Merge blocked" in local.out


def test_a_pull_request_adding_the_note_and_leaving_it_out_is_blocked(
    runner: Runner, run_cli: CliRun
) -> None:
    _pull_request(runner, KEPT)
    done, local = _both(runner, run_cli)
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    why = "while main does not have HANDOVER.md: " + FIRST
    assert "handoff-in-merge::HANDOVER.md would be merged" in done.out
    assert why in done.out
    assert local.code == 1, (local.out, local.err)
    assert why in local.out


def _through_a_link(runner: Runner, *, main_links: bool) -> None:
    """Review 58-5: a note read through a symbolic link whose blob (the path it names) is the
    same on both sides. ``main_links``: main keeps ``HANDOVER.md`` as a link to
    ``docs/status.md`` and the pull request rewrites that file; else main keeps a plain
    ``HANDOVER.md`` holding only the text ``docs/status.md`` and the pull request turns it into
    a link to a new note there."""
    repo = runner.repo
    repo.git("checkout", "-q", "main")
    if main_links:
        repo.write("docs/status.md", KEPT)
        (repo.root / "HANDOVER.md").symlink_to("docs/status.md")
    else:
        repo.write("HANDOVER.md", "docs/status.md")
    runner.base = repo.commit("the project's handover")
    repo.git("checkout", "-q", BRANCH)
    repo.git("merge", "-q", "--no-edit", "main")
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write(".handoff-audit.yml", CONFIG)
    if not main_links:
        (repo.root / "HANDOVER.md").unlink()
        (repo.root / "HANDOVER.md").symlink_to("docs/status.md")
    repo.write("docs/status.md", KEPT.replace("Tests pass.", "src/pay/fx.py fails on GBP."))
    runner.head = repo.commit("config: keep HANDOVER.md")


@pytest.mark.parametrize("main_links", [True, False], ids=["main-links", "branch-links"])
def test_a_note_read_through_a_link_is_never_kept_as_it_is(
    runner: Runner, run_cli: CliRun, main_links: bool
) -> None:
    _through_a_link(runner, main_links=main_links)
    done, local = _both(runner, run_cli)
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "left out of the merge gate" not in done.out
    assert local.code == 1, (local.out, local.err)


LATER = KEPT.replace("Tests pass.", "Tests pass; src/mul.py is reviewed.")


def _main_changes_the_note(runner: Runner, *, merge: bool = False) -> None:
    """Review 59: main rewrites its ``HANDOVER.md`` after the branch left it (``merge``: and
    the branch brings that in with `git merge main`)."""
    repo = runner.repo
    repo.git("checkout", "-q", "main")
    repo.write("HANDOVER.md", LATER)
    runner.base = repo.commit("the project's handover, updated")
    repo.git("checkout", "-q", BRANCH)
    if merge:
        repo.git("merge", "-q", "--no-edit", "main")


def test_a_configuration_only_pull_request_passes_when_main_changed_the_note_since(
    runner: Runner, run_cli: CliRun
) -> None:
    _main_keeps_the_note(runner)
    _main_changes_the_note(runner)
    _pull_request(runner, None)
    done, local = _both(runner, run_cli)
    assert done.code == 0, done.out
    assert done.outputs["blocked"] == "false"
    said = "left out of the merge gate: HANDOVER.md (by `!HANDOVER.md`)"
    assert said in done.out
    assert "or as it was when the branch left main" in done.out
    assert local.code == 0, (local.out, local.err)
    assert said in local.err


@pytest.mark.parametrize("merge", [False, True], ids=["both-change-it", "branch-reverts-main"])
def test_a_pull_request_changing_the_note_main_changed_too_is_blocked(
    runner: Runner, run_cli: CliRun, merge: bool
) -> None:
    """``both-change-it``: the branch and main each rewrite the note since the branch left;
    ``branch-reverts-main``: the branch merges main's rewrite, then puts the old text back."""
    _main_keeps_the_note(runner)
    _main_changes_the_note(runner, merge=merge)
    _pull_request(runner, KEPT if merge else KEPT + "\n## Since then\nAdded src/mul.py.\n")
    done, local = _both(runner, run_cli)
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "handoff-in-merge::HANDOVER.md would be merged" in done.out
    assert "while this branch changes HANDOVER.md" in done.out
    assert "left out of the merge gate" not in done.out
    assert local.code == 1, (local.out, local.err)
    assert "while this branch changes HANDOVER.md" in local.out


def test_with_the_block_files_input_the_notice_says_the_pull_requests_entries_are_not_used(
    runner: Runner,
) -> None:
    """Review 59: the Action's ``block-files`` input (``INPUT_BLOCK-FILES``, as action.yml
    passes it) replaces both configurations' list, so the pull request's ``!`` entry leaves
    nothing out: the notice said it did."""
    _main_keeps_the_note(runner)
    _pull_request(runner, None)
    done = runner.run(
        "pull_request", runner.pull_request(), comment="false", block_files="**/HANDOVER.md"
    )
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "handoff-in-merge::HANDOVER.md is already on the protected branch main" in done.out
    assert "already leave out" not in done.out
    assert "left out of the merge gate" not in done.out
    said = (
        ".handoff-audit.yml: its `block-files` is not used, nor the base commit's: the Action's "
        "`block-files` input sets the list the merge gate blocks, so the pull request's `!` "
        "entries leave nothing out"
    )
    assert said in done.out
    assert "the merge-gate settings (block-files)" not in done.out


NARROWER = 'block-files: ["**/HANDOFF.md"]\n'


@pytest.mark.parametrize("main_has_it", [True, False], ids=["main-keeps-it", "branch-adds-it"])
def test_a_pull_request_dropping_the_entry_is_blocked_by_both_saying_why(
    runner: Runner, run_cli: CliRun, main_has_it: bool
) -> None:
    """Review 59: a branch whose configuration drops ``**/HANDOVER.md`` from ``block-files``
    (instead of adding a ``!`` entry) passed ``check --target-branch main`` while the Action,
    reading main's settings, blocked it."""
    repo = runner.repo
    if main_has_it:
        _main_keeps_the_note(runner)
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write(".handoff-audit.yml", NARROWER)
    if not main_has_it:
        repo.write("HANDOVER.md", KEPT)
    runner.head = repo.commit("config: HANDOFF.md only")
    done, local = _both(runner, run_cli)
    why = "this branch's own `block-files` leaves HANDOVER.md out, but that change is not in force"
    assert done.code == 1, done.out
    said = "is already on the protected branch main" if main_has_it else "would be merged"
    assert f"handoff-in-merge::HANDOVER.md {said}" in done.out
    assert why in done.out
    assert local.code == 1, (local.out, local.err)
    assert why in local.out
    assert "the merge gate reads `block-files` from main's configuration, not from" in local.err
    if not main_has_it:
        assert "merge the configuration change first" in local.out
        return
    assert "only a `!` entry it adds is honoured" in local.out
    # The line the message names (main's entries and a `!` one) lets this pull request through.
    line = next(part for part in local.out.split("`") if part.startswith("block-files: ["))
    assert '"!HANDOVER.md"' in line and '"**/HANDOVER.md"' in line, line
    repo.write(".handoff-audit.yml", line + "\n")
    runner.head = repo.commit("config: keep HANDOVER.md")
    done, local = _both(runner, run_cli)
    assert done.code == 0, done.out
    assert local.code == 0, (local.out, local.err)


@pytest.mark.parametrize("main_had_it", [False, True], ids=["renamed", "main-had-both"])
def test_a_blocked_note_renamed_by_letter_case_only_is_still_blocked(
    runner: Runner, run_cli: CliRun, main_had_it: bool
) -> None:
    """Review 59: ``git mv HANDOVER.md handover.md`` passed the gate, ``handover.md`` being a
    name kept on purpose; on macOS and Windows it is the same file. A ``handover.md`` main
    already has (``main-had-both``: beside ``HANDOVER.md``, which the branch deletes) is not
    blocked."""
    repo = runner.repo
    if main_had_it:
        repo.git("checkout", "-q", "main")
        repo.write("handover.md", KEPT)
        repo.commit("the project's log")
        repo.git("checkout", "-q", BRANCH)
    _main_keeps_the_note(runner)
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    if main_had_it:
        repo.git("rm", "-q", "HANDOVER.md")
        repo.write("handover.md", KEPT + "\n## Since then\nAdded src/mul.py.\n")
    else:
        repo.git("mv", "HANDOVER.md", "handover.md")
    runner.head = repo.commit("handover.md")
    done, local = _both(runner, run_cli)
    why = (
        "it is HANDOVER.md renamed by letter case only, which on macOS and Windows is the same "
        "file, so the gate blocks it as it blocks HANDOVER.md"
    )
    if main_had_it:
        assert done.code == 0, done.out
        assert "handoff-in-merge" not in done.out
        assert local.code == 0, (local.out, local.err)
        return
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "handoff-in-merge::handover.md would be merged" in done.out
    assert why in done.out
    assert local.code == 1, (local.out, local.err)
    assert why in local.out


def _criss_cross(runner: Runner, *, main_first: str, branch_keeps: str) -> list[str]:
    """Review 59-j: main and the branch merge each other's work (two merge bases). Main writes
    ``main_first`` into ``HANDOVER.md`` in the commit the branch merges, then ``LATER`` after
    merging the branch's; the branch keeps ``branch_keeps`` in its merge and adds the ``!``
    entry. The merge bases, for the test to check there are two."""
    repo = runner.repo
    _main_keeps_the_note(runner)
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write("src/x.py", "x = 1\n")
    ours = repo.commit("the branch's work")
    repo.git("checkout", "-q", "main")
    repo.write("HANDOVER.md", main_first)
    repo.write("src/y.py", "y = 1\n")
    theirs = repo.commit("main's work")
    repo.git("merge", "-q", "--no-edit", ours)
    repo.write("HANDOVER.md", LATER)
    runner.base = repo.commit("the project's handover, updated")
    repo.git("checkout", "-q", BRANCH)
    repo.git("merge", "-q", "--no-commit", theirs)
    repo.write("HANDOVER.md", branch_keeps)
    repo.write(".handoff-audit.yml", CONFIG)
    repo.git("add", "-A")
    repo.git("commit", "-q", "--no-edit")
    runner.head = repo.head()
    return repo.git("merge-base", "--all", runner.base, runner.head).split()


NEWER = KEPT.replace("Tests pass.", "src/mul.py reviewed; release 2.1 waits on GBP rounding.")


def test_after_criss_cross_merges_a_note_equal_to_one_merge_base_only_is_the_branchs(
    runner: Runner, run_cli: CliRun
) -> None:
    """The branch's ``HANDOVER.md`` is as one merge base has it (its own side) and not as the
    other (main's rewrite): `git merge` writes the branch's copy over main's, so its ``!``
    entry leaves nothing out. It passed as unchanged, "the merge brings nothing in"."""
    assert len(_criss_cross(runner, main_first=NEWER, branch_keeps=KEPT)) == 2
    done, local = _both(runner, run_cli)
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "handoff-in-merge::HANDOVER.md would be merged" in done.out
    assert "while this branch changes HANDOVER.md" in done.out
    assert "left out of the merge gate" not in done.out
    assert local.code == 1, (local.out, local.err)
    assert "while this branch changes HANDOVER.md" in local.out
    assert "left out of the merge gate" not in local.err


def test_after_criss_cross_merges_a_note_equal_to_every_merge_base_is_left_out(
    runner: Runner, run_cli: CliRun
) -> None:
    """Both merge bases have ``HANDOVER.md`` as the branch does; main rewrote it after: the
    merge keeps main's, so the ``!`` entry is honoured, as with one merge base."""
    assert len(_criss_cross(runner, main_first=KEPT, branch_keeps=KEPT)) == 2
    done, local = _both(runner, run_cli)
    assert done.code == 0, done.out
    said = "left out of the merge gate: HANDOVER.md (by `!HANDOVER.md`)"
    assert said in done.out
    assert local.code == 0, (local.out, local.err)
    assert said in local.err


NOTE = "# Handoff\n\n## Status\nsrc/a.py half done, tests fail on GBP.\n\n## Next step\nFix it.\n"
OPENING = {
    "rule-off": ('rules:\n  handoff-in-merge: "off"\n', "rules.handoff-in-merge"),
    "elsewhere": ('protected-branches: ["release"]\n', "protected-branches"),
}


@pytest.mark.parametrize("name", sorted(OPENING))
def test_a_branch_opening_the_gate_in_its_own_configuration_is_blocked_by_both(
    runner: Runner, run_cli: CliRun, name: str
) -> None:
    """Review 59-j: ``check --target-branch main`` read only ``block-files`` from main, so a
    branch adding ``HANDOFF.md`` with its own ``rules: {handoff-in-merge: "off"}`` (or
    ``protected-branches: ["release"]``) passed locally while the Action, reading every gate
    setting from the base commit, blocked it. Once main has the rule off, both let it pass (in
    the Action a pull request's base stays protected whatever ``protected-branches`` says)."""
    config, key = OPENING[name]
    repo = runner.repo
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write("HANDOFF.md", NOTE)
    repo.write(".handoff-audit.yml", config)
    runner.head = repo.commit("wip")
    done, local = _both(runner, run_cli)
    assert done.code == 1, done.out
    assert "handoff-in-merge::HANDOFF.md would be merged" in done.out
    assert local.code == 1, (local.out, local.err)
    assert "HANDOFF.md: handoff-in-merge: HANDOFF.md would be merged" in local.out
    said = f"the merge gate reads `{key}` from main's configuration, not from .handoff-audit.yml"
    assert said in local.err
    if name != "rule-off":
        return
    repo.git("checkout", "-q", "main")
    repo.write(".handoff-audit.yml", config)
    runner.base = repo.commit("config")
    repo.git("checkout", "-q", BRANCH)
    repo.git("merge", "-q", "--no-edit", "main")
    runner.head = repo.head()
    done, local = _both(runner, run_cli)
    assert done.code == 0, done.out
    assert local.code == 0, (local.out, local.err)
    assert "handoff-in-merge" not in local.out
    assert "the merge gate reads" not in local.err


@pytest.mark.parametrize("way", ["delete", "keep"])
def test_a_note_main_keeps_unchanged_is_named_as_already_there(
    runner: Runner, run_cli: CliRun, way: str
) -> None:
    """Session 59: a pull request that leaves the note main keeps as it is was told the note
    "would be merged into the protected branch main", though main has that very file. The
    verdict stays (the pull request carries a blocked file); the words say it is already on
    main, and each way they give lets the pull request through, in the Action and locally."""
    _main_keeps_the_note(runner)
    repo = runner.repo
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write("src/mul.py", "def mul(a, b):\n    return a * b\n")
    runner.head = repo.commit("mul")
    done, local = _both(runner, run_cli)
    assert done.code == 1 and done.outputs["blocked"] == "true", done.out
    assert local.code == 1, (local.out, local.err)
    [message] = [line for line in local.out.splitlines() if "handoff-in-merge" in line]
    for said in (done.out, message):
        assert "would be merged" not in said, said
        assert (
            "HANDOVER.md is already on the protected branch main, and this pull request, which "
            "leaves it unchanged, still carries it"
        ) in said, said
    assert "delete it in this pull request (`git rm -- :/HANDOVER.md && git commit" in message
    assert "which deletes it from main once merged" in message
    if way == "delete":
        repo.git("rm", "-q", "--", "HANDOVER.md")
    else:  # the `!` entry the message gives, in this pull request
        line = next(part for part in message.split("`") if part.startswith("block-files: ["))
        repo.write(".handoff-audit.yml", line + "\n")
    runner.head = repo.commit(f"handoff: {way}")
    done, local = _both(runner, run_cli)
    assert done.code == 0 and done.outputs["blocked"] == "false", done.out
    assert local.code == 0, (local.out, local.err)
