"""A merge conflict in the handoff files: the real hook, `check` and the printed fixes, in real
repositories with a real add/add conflict on ``handoff.json`` and ``handoff.md``."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from agent_support import run_fix, run_hook, stop_event, the_command
from conftest import GitRepo
from git_helpers import packet
from handoff_audit.markdown import render_packet

MARKERS = ("<<<<<<<", "=======", ">>>>>>>")


def _branch_with_packet(repo: GitRepo, branch: str, name: str) -> None:
    repo.git("switch", "-q", "-c", branch, "main")
    repo.write(f"{name}.py", f"{name} = 1\n")
    head = repo.commit(name)
    data = packet(branch, head, summary=f"{name} added", changed_files=[f"{name}.py"])
    data["next_action"] = f"Extend {name}.py."
    repo.write("handoff.json", data)
    repo.write("handoff.md", render_packet(data))
    repo.commit("handoff")


def conflicted(repo: GitRepo, link: tuple[str, str] | None = None) -> GitRepo:
    """feat/x with its active packet takes in a main that holds feat/y's archived packet:
    `git merge main` stops on an add/add conflict in both handoff files. ``link``: a symbolic
    link (name, where it points) feat/y commits beside its packet."""
    repo.write("a.py", "a = 1\n")
    repo.commit("init")
    _branch_with_packet(repo, "feat/x", "x")
    _branch_with_packet(repo, "feat/y", "y")
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    data["status"] = "archived"
    repo.write("handoff.json", data)
    repo.write("handoff.md", render_packet(data))
    if link is not None:
        (repo.root / link[0]).parent.mkdir(parents=True, exist_ok=True)
        (repo.root / link[0]).symlink_to(link[1])
    repo.commit("handoff: done")
    repo.git("switch", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "feat/y", "-m", "merge y")
    repo.git("switch", "-q", "feat/x")
    merged = subprocess.run(
        ["git", "merge", "-q", "main", "-m", "merge main"], cwd=repo.root, capture_output=True
    )
    assert merged.returncode != 0
    assert "AA handoff.json" in repo.git("status", "--porcelain")
    return repo


def test_an_unmerged_packet_is_resolved_first_never_committed_with_its_markers(
    git_repo: GitRepo,
) -> None:
    repo = conflicted(git_repo)
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    assert "merge conflict in handoff.json, handoff.md" in run.err
    fixes = [line for line in run.lines if line.startswith("  fix: ")]
    # No fix adds a conflicted file before it is resolved, none copies a marker as a trap.
    first = the_command(run.err, "fix: ")
    # feat/y's archived packet, the other side, is saved first (see the test below).
    assert "&& git checkout HEAD -- handoff.json && handoff-audit render --write" in first
    assert not any("git add -- handoff.json handoff.md y.py" in line for line in fixes)
    assert "--trap" not in run.err
    done = run_fix(repo.root, first)
    assert done.returncode == 0, done.stderr
    for name in ("handoff.json", "handoff.md"):
        assert not any(m in (repo.root / name).read_text(encoding="utf-8") for m in MARKERS)
    kept = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert (kept["branch"], kept["status"]) == ("feat/x", "active")
    assert "U" not in "".join(line[:2] for line in repo.git("status", "--porcelain").splitlines())
    again = run_hook(stop_event(repo.root))
    assert "merge conflict" not in again.err
    assert "--trap" not in again.err


def test_committed_markers_are_named_a_merge_conflict_and_never_become_traps(
    git_repo: GitRepo,
) -> None:
    repo = conflicted(git_repo)
    repo.commit("merge main")  # the markers committed, as `git add` lets them be
    check = subprocess.run(
        ["handoff-audit", "check", "handoff.json"], cwd=repo.root, capture_output=True, text=True
    )
    assert check.returncode == 1
    assert "handoff.json:3:1: invalid-json: not valid JSON: a merge conflict at line 3" in (
        check.stdout
    )
    assert (
        '`(cd "$(git rev-parse --show-toplevel)" && git checkout HEAD -- handoff.json && '
        "handoff-audit render --write handoff.json" in check.stdout
    )
    for _ in range(3):
        run = run_hook(stop_event(repo.root))
        assert "--trap" not in run.err and "<<<<<<< HEAD" not in run.err, run.err
        if run.code == 0:
            break
        done = run_fix(repo.root, the_command(run.err, "fix: "))
        assert done.returncode == 0, done.stderr
        if "merge conflict at line" in run.err and "md-mismatch" in run.err:
            assert the_command(run.err, "fix: ") == "handoff-audit render --write handoff.json"
        repo.commit("handoff: resolve")
    assert run.code == 0, run.err
    kept = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert (kept["branch"], kept["status"]) == ("feat/x", "active")
    assert "traps" not in kept
    assert "<<<<<<<" not in (repo.root / "handoff.md").read_text(encoding="utf-8")


def test_the_printed_conflict_fix_runs_from_a_subfolder(git_repo: GitRepo) -> None:
    """Review 48-5, item 6: `git checkout --ours -- handoff.json` read the path from the
    current folder, so the fix `check` printed failed anywhere but the top folder; it now runs
    from the top folder."""
    repo = conflicted(git_repo)
    sub = repo.root / "src" / "deep"
    sub.mkdir(parents=True)
    check = subprocess.run(
        ["handoff-audit", "check", "-q"], cwd=sub, capture_output=True, text=True, check=False
    )
    line = next(x for x in check.stdout.splitlines() if "git checkout HEAD" in x)
    command = line.split("run `", 1)[1].split("`", 1)[0]
    done = run_fix(sub, command)
    assert done.returncode == 0, (command, done.stderr)
    kept = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert (kept["branch"], kept["status"]) == ("feat/x", "active")
    assert not any(m in (repo.root / "handoff.md").read_text(encoding="utf-8") for m in MARKERS)


def test_the_printed_conflict_fix_runs_from_a_sibling_folder(git_repo: GitRepo) -> None:
    """`check ../repo` from a sibling repository: `git rev-parse --show-toplevel` there is that
    repository's, so the fix changes into the audited one by the path check was given."""
    repo = conflicted(git_repo)
    other = GitRepo(repo.root.parent / "other")
    other.write("o.txt", "o\n")
    other.commit("init")
    check = subprocess.run(
        ["handoff-audit", "check", "-q", "../repo"], cwd=other.root, capture_output=True, text=True
    )
    line = next(x for x in check.stdout.splitlines() if "git checkout HEAD" in x)
    command = line.split("run `", 1)[1].split("`", 1)[0]
    done = run_fix(other.root, command)
    assert done.returncode == 0, (command, done.stderr)
    kept = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert (kept["branch"], kept["status"]) == ("feat/x", "active")
    assert not any(m in (repo.root / "handoff.md").read_text(encoding="utf-8") for m in MARKERS)
    assert other.git("status", "--porcelain") == ""


def test_a_hand_written_handoff_with_markers_gets_a_finding_naming_the_conflict(
    git_repo: GitRepo,
) -> None:
    git_repo.write("a.py", "a = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/h")
    git_repo.write(
        "HANDOFF.md",
        "# Handoff\n\n<<<<<<< HEAD\n## State\nDone.\n=======\n## State\nOther.\n>>>>>>> main\n",
    )
    git_repo.commit("handoff")
    check = subprocess.run(
        ["handoff-audit", "check", "HANDOFF.md"], cwd=git_repo.root, capture_output=True, text=True
    )
    assert "HANDOFF.md:3: md-incomplete: a merge conflict at line 3" in check.stdout
    assert check.returncode == 1


def _stash_pop_conflict(repo: GitRepo) -> dict[str, object]:
    """main holds its packet; an edit of it is stashed, main commits another edit, and `git
    stash pop` stops on a conflict in both handoff files (no MERGE_HEAD: no merge goes on)."""
    repo.write("a.py", "a = 1\n")
    head = repo.commit("init")
    data = packet("main", head, summary="a added", changed_files=["a.py"])
    for action, message in [(None, "handoff"), ("Stashed.", None), ("Upstream.", "upstream")]:
        if action:
            data["next_action"] = action
        repo.write("handoff.json", data)
        repo.write("handoff.md", render_packet(data))
        if message:
            repo.commit(message)
        else:
            repo.git("stash", "-q")
    popped = subprocess.run(["git", "stash", "pop"], cwd=repo.root, capture_output=True)
    assert popped.returncode != 0
    assert "UU handoff.json" in repo.git("status", "--porcelain")
    assert not (repo.root / ".git/MERGE_HEAD").exists()
    return data


def test_a_stash_pop_conflict_on_a_protected_branch_blocks_and_its_fix_works(
    git_repo: GitRepo,
) -> None:
    """A `git stash pop` stopped on a conflict in main's handoff files: the hook said "main is
    a protected branch: it needs no packet" and let the markers stay; it now names the conflict
    and prints a command that resolves it, with no merge to go on with."""
    upstream = _stash_pop_conflict(git_repo)
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2, run.err
    assert "merge conflict in handoff.json, handoff.md" in run.err
    assert "git stash list" in run.err and "commit" not in run.lines[-1]
    assert "a `git stash pop` that stopped on it kept its entry" in run.err
    first = the_command(run.err, "fix: ")
    assert first.startswith("git checkout HEAD -- handoff.json && handoff-audit render --write")
    done = run_fix(git_repo.root, first)
    assert done.returncode == 0, done.stderr
    for name in ("handoff.json", "handoff.md"):
        assert not any(m in (git_repo.root / name).read_text(encoding="utf-8") for m in MARKERS)
    kept = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert kept["next_action"] == upstream["next_action"] == "Upstream."
    assert "Stashed." in git_repo.git("stash", "show", "-p")  # the pop kept its entry
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 0, again.err
    assert "protected branch" in again.err


def test_an_apply_3way_conflict_is_not_blamed_on_an_unrelated_stash_entry(
    git_repo: GitRepo,
) -> None:
    """A `git apply --3way` conflict with an old, unrelated stash entry kept: the hook said a
    `git stash pop` left it and kept its entry, which an agent could drop, losing that work.
    Now it says no stash entry holds the conflict's other side, and to leave the stash alone."""
    git_repo.write("f.txt", "a\n")
    git_repo.write("s.txt", "s\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat")
    git_repo.write("s.txt", "unrelated wip\n")
    git_repo.git("stash", "-q")
    git_repo.write("f.txt", "b\n")
    patch = git_repo.root.parent / "p.diff"
    patch.write_text(git_repo.git("diff") + "\n", encoding="utf-8")
    git_repo.git("checkout", "-q", "f.txt")
    git_repo.write("f.txt", "c\n")
    git_repo.commit("w")
    applied = subprocess.run(
        ["git", "apply", "--3way", str(patch)], cwd=git_repo.root, capture_output=True
    )
    assert applied.returncode != 0
    assert "UU f.txt" in git_repo.git("status", "--porcelain")
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2, run.err
    assert "merge conflict in f.txt" in run.err
    assert "stash pop` that stopped on it" not in run.err
    assert "no `git stash pop` left it" in run.err and "leave the stash alone" in run.err
    assert "unrelated wip" in git_repo.git("stash", "show", "-p")


def test_a_stash_pop_conflict_on_a_feature_branch_gets_fixes_that_run_in_order(
    git_repo: GitRepo,
) -> None:
    """A `git stash pop` on a feature branch stopped on the packet and left a.py staged: the
    packet's fix ended in "then commit" (of "what the merge brings", with no merge going on),
    which took a.py, so the next fix's `git add -- a.py && git commit` had nothing to commit.
    Now the packet's fix commits nothing; the last fix's one commit takes everything."""
    git_repo.write("a.py", "a = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/s")
    git_repo.write("a.py", "a = 2\n")
    head = git_repo.commit("work")
    data = packet("feat/s", head, summary="a is 2", changed_files=["a.py"])
    for action, message in [(None, "handoff"), ("Stashed.", None), ("Upstream.", "upstream")]:
        if action:
            data["next_action"] = action
        git_repo.write("handoff.json", data)
        git_repo.write("handoff.md", render_packet(data))
        if message:
            git_repo.commit(message)
        else:
            git_repo.write("a.py", "a = 5\n")
            git_repo.git("stash", "-q")
    popped = subprocess.run(["git", "stash", "pop"], cwd=git_repo.root, capture_output=True)
    assert popped.returncode != 0
    assert "M  a.py" in git_repo.git("status", "--porcelain")
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2, run.err
    assert "merge brings" not in run.err and "no merge is in progress" in run.err, run.err
    commands = []
    for line in run.lines:  # each fix, and any command the line after it says to run then
        if line.startswith("  fix: "):
            commands.append(line.removeprefix("  fix: "))
        elif "then commit: " in line:
            commands.append(line.split("then commit: ", 1)[1])
    assert commands[-1].startswith("git add -- a.py && git commit -m"), commands
    for command in commands:
        done = run_fix(git_repo.root, command.replace('"<what the change does>"', "'a is 5'"))
        assert done.returncode == 0, (command, done.stdout, done.stderr)
    assert git_repo.git("status", "--porcelain") == ""
    assert git_repo.git("show", "HEAD:a.py").strip() == "a = 5"
    kept = json.loads(git_repo.git("show", "HEAD:handoff.json"))
    assert kept["next_action"] == "Upstream."


def test_a_stash_pop_conflict_on_a_branch_without_a_packet_commits_before_new(
    git_repo: GitRepo,
) -> None:
    """A `git stash pop` on a branch with no packet stopped on a.py and staged n.py: the commit
    of the pop's files was printed after `handoff-audit new`, which refuses a dirty work tree
    (exit 2). Now the commit comes first, and every printed fix, run in order, works."""
    git_repo.write("a.py", "x\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat")
    git_repo.write("a.py", "x\nf\n")
    git_repo.write("n.py", "n\n")
    git_repo.git("add", "n.py")
    git_repo.git("stash", "-q")
    git_repo.write("a.py", "x\ng\n")
    git_repo.commit("feat a")
    popped = subprocess.run(["git", "stash", "pop"], cwd=git_repo.root, capture_output=True)
    assert popped.returncode != 0
    for _ in range(3):
        run = run_hook(stop_event(git_repo.root))
        if run.code == 0:
            break
        assert run.code == 2, run.err
        for line in run.lines:
            if not line.startswith("  fix: "):
                continue
            command = line.removeprefix("  fix: ")
            if command.startswith("resolve a.py by hand"):
                git_repo.write("a.py", "x\nf\ng\n")
                command = command.split("then: ", 1)[1]
            done = run_fix(git_repo.root, command)
            assert done.returncode == 0, (command, run.err, done.stdout, done.stderr)
    assert run.code == 0, run.err
    assert git_repo.git("status", "--porcelain") == ""
    assert git_repo.git("show", "HEAD:a.py") == "x\nf\ng"
    assert json.loads(git_repo.git("show", "HEAD:handoff.json"))["branch"] == "feat"


def test_a_stash_pop_conflict_in_the_packet_alone_prints_no_commit_of_nothing(
    git_repo: GitRepo, run_cli: Any
) -> None:
    """Review 50-13: an uncommitted `update --summary` stashed, `update --next-action` committed,
    then `git stash pop` stopped on handoff.json and staged the merged handoff.md. The hook
    printed the packet's fix and then `git add -- handoff.md && git commit`, which failed with
    nothing to commit: the first fix renders handoff.md anew from HEAD's packet. Now the twin
    goes with its packet's conflict, and every printed fix, run in order, works."""
    git_repo.write("src/a.py", "A = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/x")
    git_repo.write("src/a.py", "A = 2\n")
    git_repo.commit("work")
    new = ["new", "--summary", "A is 2.", "--next-action", "Make A 3 in src/a.py."]
    assert run_cli([*new, "--verdict-pointer", "https://ci.example/1"], git_repo.root).code == 0
    git_repo.commit("handoff")
    assert run_cli(["update", "--summary", "A is 2; 3 next."], git_repo.root).code == 0
    git_repo.git("stash", "-q")
    assert run_cli(["update", "--next-action", "Make A 4 in src/a.py."], git_repo.root).code == 0
    git_repo.commit("handoff: next")
    popped = subprocess.run(["git", "stash", "pop"], cwd=git_repo.root, capture_output=True)
    assert popped.returncode != 0
    assert git_repo.git("status", "--porcelain").splitlines() == [
        "UU handoff.json",
        "M  handoff.md",
    ]
    src = git_repo.root / "src"
    run = run_hook(stop_event(src))
    assert run.code == 2, run.err
    commands = [line.removeprefix("  fix: ") for line in run.lines if line.startswith("  fix: ")]
    assert len(commands) == 1, run.err
    assert "nothing is left to commit" in run.err and "commit" not in run.lines[-1], run.err
    for command in commands:
        done = run_fix(src, command)
        assert done.returncode == 0, (command, done.stdout, done.stderr)
    assert git_repo.git("status", "--porcelain") == ""
    assert run_hook(stop_event(src)).code == 0


def test_keeping_this_branch_s_packet_keeps_the_other_agent_s_archived_one(
    git_repo: GitRepo,
) -> None:
    """The other side of the conflict is feat/y's archived packet: the fix saves it in a file of
    its own before it keeps feat/x's; the agent follows the hook until it lets it stop."""
    repo = conflicted(git_repo)
    run = run_hook(stop_event(repo.root))
    first = the_command(run.err, "fix: ")
    assert "git show :3:handoff.json > .handoff/feat-y.json" in first, first
    for _ in range(4):
        for command in [line.removeprefix("  fix: ") for line in run.lines if "  fix: " in line]:
            done = run_fix(repo.root, command.replace('"<', "'").replace('>"', "'"))
            assert done.returncode == 0, (command, done.stderr)
        run = run_hook(stop_event(repo.root))
        if run.code == 0:
            break
    else:
        raise AssertionError(run.err)
    kept = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert (kept["branch"], kept["status"]) == ("feat/x", "active")
    saved = json.loads(repo.git("show", "HEAD:.handoff/feat-y.json"))
    assert (saved["branch"], saved["status"]) == ("feat/y", "archived")
    assert "y added" in repo.git("show", "HEAD:.handoff/feat-y.md")
    checked = subprocess.run(
        ["handoff-audit", "check"], cwd=repo.root, capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stdout


def _follow_hook(repo: GitRepo) -> None:
    """Runs every command the hook prints until it lets the session stop."""
    for _ in range(4):
        run = run_hook(stop_event(repo.root))
        if run.code == 0:
            return
        for command in [line.removeprefix("  fix: ") for line in run.lines if "  fix: " in line]:
            done = run_fix(repo.root, command.replace('"<', "'").replace('>"', "'"))
            assert done.returncode == 0, (command, done.stderr)
    raise AssertionError(run.err)


def test_saving_the_archived_packet_never_writes_through_a_link_the_other_side_committed(
    git_repo: GitRepo,
) -> None:
    """feat/y also committed `.handoff/feat-y.json` as a link to a file outside the repository
    that does not exist: the save takes another name, and nothing is written outside."""
    outside = git_repo.root.parent / "outside"
    outside.mkdir()
    repo = conflicted(git_repo, (".handoff/feat-y.json", "../../outside/pwned.json"))
    first = the_command(run_hook(stop_event(repo.root)).err, "fix: ")
    assert "> .handoff/feat-y-2.json" in first, first
    _follow_hook(repo)
    assert list(outside.iterdir()) == []
    saved = json.loads(repo.git("show", "HEAD:.handoff/feat-y-2.json"))
    assert (saved["branch"], saved["status"]) == ("feat/y", "archived")


def test_saving_the_archived_packet_never_writes_into_a_linked_handoff_folder(
    git_repo: GitRepo,
) -> None:
    """feat/y committed `.handoff` itself as a link to a folder outside the repository: the
    save keeps the packet in git's own folder and says so, nothing is written outside."""
    outside = git_repo.root.parent / "outside"
    outside.mkdir()
    repo = conflicted(git_repo, (".handoff", "../outside"))
    run = run_hook(stop_event(repo.root))
    assert ".handoff is a symbolic link" in run.err, run.err
    _follow_hook(repo)
    assert list(outside.iterdir()) == []
    kept = repo.root / ".git/handoff-audit/saved/feat-y.json"
    assert json.loads(kept.read_text(encoding="utf-8"))["branch"] == "feat/y"
