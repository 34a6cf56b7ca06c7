"""Working notes of a monorepo, one per package (``packages/a/NEXT_SESSION.md``,
``packages/b/NEXT_SESSION.md``): the Stop hook's finishes move each into a series under a name
of its own, never one that is there or that the other's fix offers; an agent that runs only
what the hook prints gets to a stop it lets go."""

from __future__ import annotations

import re

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo

_MOVED = re.compile(r"move it into a series: `([^`]+)`")
_DESTINATION = re.compile(r"git mv -- (\S+) (\S+) ")


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
        repo.write(f"packages/{package}/NEXT_SESSION.md", _note(package, "Validate inputs."))
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
    let_go = run_hook(stop_event(git_repo.root))
    assert let_go.code == 0, let_go.err


def test_a_move_never_offers_a_file_that_is_there(git_repo: GitRepo) -> None:
    """Following only the hook, one finish per stop, a bounded number of rounds."""
    _monorepo(git_repo)
    offered: list[str] = []
    for _ in range(4):
        stop = run_hook(stop_event(git_repo.root))
        if stop.code == 0:
            break
        move = _MOVED.search(stop.err)
        assert move is not None, stop.err
        target = _DESTINATION.search(move.group(1))
        assert target is not None and not (git_repo.root / target.group(2)).exists(), move
        offered.append(target.group(2))
        done = run_fix(git_repo.root, move.group(1))
        assert done.returncode == 0, done.stderr
    else:
        raise AssertionError(f"the hook still blocks after {offered}")
    assert len(offered) == 2 and len(set(offered)) == 2, offered
