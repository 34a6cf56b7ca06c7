"""Working notes of a monorepo, one per package (``packages/a/NEXT_SESSION.md``,
``packages/b/NEXT_SESSION.md``): the Stop hook's finishes move each into a series under a name
of its own, never one that is there or that the other's fix offers; an agent that runs only
what the hook prints gets to a stop it lets go."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo, Result

_MOVED = re.compile(r"move it into a series: `([^`]+)`")
_DESTINATION = re.compile(r"git mv -- (\S+) (\S+) ")
_FINISHED = "or, when the work is finished: "


def _note(package: str, step: str) -> str:
    return (
        f"# Next session — package {package}\n\n## State\nf_{package} works; tests pass.\n\n"
        f"## Next step\n{step}\n\n## Decisions\n- Keep f_{package} pure because it is hot.\n\n"
        f"## Ruled out\n- Caching: inputs never repeat.\n\n## Pointers\n"
        f"- packages/{package}/src/mod_{package}.py:1\n"
    )


def _monorepo(repo: GitRepo) -> None:
    """Two packages on main; a branch that writes both notes, then works on both packages."""
    for package in "ab":
        repo.write(
            f"packages/{package}/src/mod_{package}.py", f"def f_{package}(x):\n    return x\n"
        )
    repo.commit("monorepo")
    repo.git("switch", "-q", "-c", "feat/validate")
    for package in "ab":
        repo.write(
            f"packages/{package}/NEXT_SESSION.md",
            _note(package, f"Reject negative inputs in f_{package}."),
        )
    repo.commit("handoff")
    for package in "ab":
        repo.write(
            f"packages/{package}/src/mod_{package}.py", f"def f_{package}(x):\n    return -x\n"
        )
    repo.commit("negate in a and b")


def test_two_packages_notes_move_to_names_of_their_own(git_repo: GitRepo) -> None:
    _monorepo(git_repo)
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    moves = _MOVED.findall(stop.err)
    assert len(moves) == 2, stop.err
    found = [_DESTINATION.search(move) for move in moves]
    destinations = [match.group(2) for match in found if match is not None]
    assert len(set(destinations)) == 2, destinations
    assert [d.rpartition("/")[2].split("-", 3)[3] for d in destinations] == [
        "a-next-session.md",
        "b-next-session.md",
    ], destinations
    for move in moves:  # in the order printed, as an agent runs them
        done = run_fix(git_repo.root, move)
        assert done.returncode == 0, done.stderr
    for destination in destinations:
        assert (git_repo.root / destination).is_file(), destination
    # Moved unchanged, a note is as old as its words (`pure_rename`): the work after them
    # outdates the series' current file until the finish is written into it.
    outdated = run_hook(stop_event(git_repo.root))
    assert outdated.code == 2, outdated.err
    assert re.search(
        rf"- ({'|'.join(map(re.escape, destinations))}) handoff-outdated", outdated.err
    )
    _finish(git_repo, outdated.lines)
    let_go = run_hook(stop_event(git_repo.root))
    assert let_go.code == 0, let_go.err


def _finish(repo: GitRepo, said: list[str]) -> None:
    """The hook's "when the work is finished" fix for an outdated series file, run and committed."""
    line = next(line for line in said if _FINISHED in line)
    command = re.sub(r'"<what the commits since [^"]*>"', "'Both packages negate.'", line)
    assert run_fix(repo.root, command.split(_FINISHED, 1)[1]).returncode == 0
    repo.commit("handoff: done")


def test_a_move_never_offers_a_file_that_is_there(git_repo: GitRepo) -> None:
    """Following only the hook, one finish per stop, a bounded number of rounds."""
    _monorepo(git_repo)
    offered: list[str] = []
    for _ in range(4):
        stop = run_hook(stop_event(git_repo.root))
        move = _MOVED.search(stop.err)
        if stop.code == 0 or move is None:
            break
        target = _DESTINATION.search(move.group(1))
        assert target is not None and not (git_repo.root / target.group(2)).exists(), move
        offered.append(target.group(2))
        done = run_fix(git_repo.root, move.group(1))
        assert done.returncode == 0, done.stderr
    else:
        raise AssertionError(f"the hook still blocks after {offered}")
    assert len(offered) == 2 and len(set(offered)) == 2, offered
    # then the moved notes' words, older than the work: no further move, the finish
    assert stop.code == 2 and "handoff-outdated: the work moved on" in stop.err, stop.err
    _finish(git_repo, stop.lines)
    assert run_hook(stop_event(git_repo.root)).code == 0


_KEPT = (
    'block-files: ["**/HANDOFF.md", "**/NEXT_SESSION.md", "!packages/a/NEXT_SESSION.md", '
    '"!packages/b/NEXT_SESSION.md"]\n'
)
_PLACEHOLDER = re.compile(r'"<[^">]*>"')


def _kept_notes(repo: GitRepo) -> None:
    """Both packages' notes kept on main on purpose (`!` entries); a branch whose one commit
    changes package b's code only."""
    repo.write(".handoff-audit.yml", _KEPT)
    for package in "ab":
        repo.write(
            f"packages/{package}/src/mod_{package}.py", f"def f_{package}(x):\n    return x\n"
        )
        step = f"Reject negative ints in f_{package} (packages/{package}/src/mod_{package}.py)."
        repo.write(f"packages/{package}/NEXT_SESSION.md", _note(package, step))
    repo.commit("monorepo")
    repo.git("switch", "-q", "-c", "feat/neg")
    repo.write("packages/b/src/mod_b.py", "def f_b(x):\n    return abs(x)\n")
    repo.commit("b only")


def test_a_package_note_is_outdated_only_by_its_own_folder(git_repo: GitRepo) -> None:
    _kept_notes(git_repo)
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert "packages/b/NEXT_SESSION.md handoff-outdated" in stop.err
    assert "packages/a/NEXT_SESSION.md" not in stop.err  # b's commit is none of a's work
    assert "git rm" not in stop.err and "if the work is done" not in stop.err  # kept on purpose
    assert "keeps it on purpose" in stop.err


def test_a_root_note_still_covers_every_package(git_repo: GitRepo) -> None:
    _kept_notes(git_repo)
    git_repo.write(
        "HANDOFF.md",
        _note("a", "Release packages a and b to PyPI with `make release` (Makefile:3)."),
    )
    git_repo.commit("root note")
    git_repo.write("packages/a/src/mod_a.py", "def f_a(x):\n    return abs(x)\n")
    git_repo.commit("a too")
    stop = run_hook(stop_event(git_repo.root))
    assert "HANDOFF.md handoff-outdated" in stop.err, stop.err
    assert "packages/a/NEXT_SESSION.md handoff-outdated" in stop.err, stop.err


def test_following_the_hook_on_a_package_note_ends_the_session(git_repo: GitRepo) -> None:
    _kept_notes(git_repo)
    for _ in range(3):
        stop = run_hook(stop_event(git_repo.root))
        if stop.code == 0:
            break
        [command] = [line.removeprefix("  fix: ") for line in stop.lines if "  fix: " in line]
        filled = _PLACEHOLDER.sub("'f_b rejects negative ints now; tests pass.'", command)
        assert run_fix(git_repo.root, filled).returncode == 0, filled
        git_repo.commit("handoff: b")
    else:
        raise AssertionError(stop.err)
    assert (git_repo.root / "packages/a/NEXT_SESSION.md").is_file()


def test_session_start_hands_over_every_package_note(git_repo: GitRepo) -> None:
    _kept_notes(git_repo)
    start = run_hook(stop_event(git_repo.root, event="SessionStart"))
    assert start.code == 0, start.err
    told = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    assert "Reject negative ints in f_a (packages/a/src/mod_a.py)." in told, told
    assert "Reject negative ints in f_b (packages/b/src/mod_b.py)." in told, told


def test_two_notes_of_other_names_in_two_folders_both_cover_the_work(git_repo: GitRepo) -> None:
    """``docs/HANDOFF.md`` beside ``.claude/SESSION_NOTES.md`` are two notes of one project, not
    one per package: a commit to ``src/`` outdates both."""
    git_repo.write("src/app.py", "def run():\n    return 1\n")
    git_repo.commit("app")
    git_repo.git("switch", "-q", "-c", "feat/run")
    git_repo.write("docs/HANDOFF.md", _note("a", "Make run() return 2 (src/app.py:2)."))
    git_repo.write(".claude/SESSION_NOTES.md", _note("b", "Add a test for run()."))
    git_repo.commit("notes")
    git_repo.write("src/app.py", "def run():\n    return 2\n")
    git_repo.commit("run returns 2")
    stop = run_hook(stop_event(git_repo.root))
    assert "docs/HANDOFF.md handoff-outdated" in stop.err, stop.err
    assert ".claude/SESSION_NOTES.md handoff-outdated" in stop.err, stop.err


def test_notes_of_one_name_in_folders_of_notes_alone_cover_the_project(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """Review 58: spikes/spike1/HANDOFF.md beside spikes/spike2/HANDOFF.md, folders that hold
    no code, were taken for package notes, so work in src/ no longer outdated either. A note
    speaks for its own folder only when that folder holds work of its own."""
    git_repo.write("src/app.py", "def run():\n    return 1\n")
    git_repo.write("packages/a/src/mod_a.py", "def f_a(x):\n    return x\n")
    for folder in ("spikes/spike1", "spikes/spike2", "packages/a", "packages/b"):
        git_repo.write(f"{folder}/HANDOFF.md", _note("a", f"Try the idea in {folder}."))
    git_repo.write("packages/b/src/mod_b.py", "def f_b(x):\n    return x\n")
    git_repo.commit("notes")
    git_repo.write("src/app.py", "def run():\n    return 2\n")
    git_repo.commit("work in src")
    checked = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()["findings"]
    outdated = {f["path"] for f in checked if f["rule"] == "handoff-outdated"}
    assert outdated == {"spikes/spike1/HANDOFF.md", "spikes/spike2/HANDOFF.md"}, checked


def test_show_counts_only_the_work_in_the_note_s_own_package(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """Review 58: `check` and the Stop hook count only package b's commit against package b's
    note, but `show` on package a's note listed it as a commit "which the handoff may not
    describe"; the brief's freshness takes the same scoping."""
    _kept_notes(git_repo)
    git_repo.write("packages/a/NEXT_SESSION.md", _note("a", "Reject negative ints in f_a."))
    written = git_repo.commit("a's note")
    git_repo.write("packages/b/src/mod_b.py", "def f_b(x):\n    return max(x, 0)\n")
    git_repo.commit("b again")
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert "(packages/a/NEXT_SESSION.md, a hand-written handoff" in shown, shown
    assert f"- current: nothing was committed since its last change ({written[:7]}, " in shown
    assert "mod_b.py" not in shown.split("Freshness")[1], shown
    git_repo.write("packages/a/src/mod_a.py", "def f_a(x):\n    return abs(x)\n")
    later = git_repo.commit("a's work")
    freshness = run_cli(["show"], cwd=git_repo.root).out.split("Freshness")[1]
    assert ": 1 commit, which the handoff may not describe:" in freshness, freshness
    assert f"  - {later[:7]} a's work" in freshness and "mod_b.py" not in freshness, freshness
    checked = run_cli(["check"], cwd=git_repo.root).out
    assert "packages/a/NEXT_SESSION.md: handoff-outdated" in checked, checked
    assert "1 later commit" in " ".join(checked.split()), checked


def _api_done(repo: GitRepo, with_api_note: bool) -> None:
    """packages/web's note, and packages/api's when ``with_api_note``, written on a branch that
    works only in packages/api; then the api note deleted as the merge gate says."""
    for package in ("api", "web"):
        repo.write(f"packages/{package}/src/mod.py", "x = 1\n")
    repo.commit("monorepo")
    repo.git("switch", "-q", "-c", "mono")
    for package in ("api", "web") if with_api_note else ("web",):
        repo.write(f"packages/{package}/HANDOFF.md", _note(package, f"Continue {package}."))
    repo.commit("notes")
    repo.write("packages/api/src/mod.py", "x = 2\n")
    repo.commit("api: x=2")
    if with_api_note:
        repo.git("rm", "-q", "--", ":/packages/api/HANDOFF.md")
        repo.commit("handoff: done")


def test_a_package_note_stays_scoped_after_its_namesake_is_deleted(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """Review 59: once the agent deleted packages/api/HANDOFF.md as the gate says, api's commit
    outdated packages/web/HANDOFF.md (the Stop hook blocked for it); a namesake the branch
    deleted still makes the web note speak for its own folder only."""
    _api_done(git_repo, with_api_note=True)
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 0, stop.err
    checked = run_cli(["check"], cwd=git_repo.root).out
    assert "handoff-outdated" not in checked, checked
    freshness = run_cli(["show"], cwd=git_repo.root).out.split("Freshness")[1]
    assert "- current: nothing was committed since its last change" in freshness, freshness
    git_repo.git("rm", "-q", "--", ":/packages/web/HANDOFF.md")
    git_repo.commit("handoff: done")
    assert run_cli(["check", "--target-branch", "main"], cwd=git_repo.root).code == 0
    assert run_hook(stop_event(git_repo.root)).code == 0


def test_a_lone_package_note_with_no_namesake_covers_every_package(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """A note that never had a namesake in another package covers the whole project."""
    _api_done(git_repo, with_api_note=False)
    checked = run_cli(["check"], cwd=git_repo.root).out
    assert "packages/web/HANDOFF.md: handoff-outdated" in checked, checked
    assert run_hook(stop_event(git_repo.root)).code == 2
