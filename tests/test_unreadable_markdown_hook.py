"""The Stop hook's fix for a hand-written handoff that cannot be read as text: a concrete
command, run as printed in a real repository, never `explain invalid-json` for a markdown file."""

from __future__ import annotations

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo
from test_unreadable_markdown import FIVE_MB, PNG

LATIN1 = b"# Handoff\n\nCaf\xe9 menu parsed in src/app.py.\n\n## Next step\n\nParse the prices.\n"


def _feature_branch(git_repo: GitRepo, content: bytes) -> None:
    git_repo.write("src/app.py", "start\n")
    git_repo.commit("start")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("src/app.py", "menu\n")
    git_repo.write("HANDOFF.md", content)
    git_repo.commit("handoff: notes")


def _fix_line(err: str) -> str:
    return next(line for line in err.splitlines() if line.startswith("  fix: "))[len("  fix: ") :]


def test_a_legacy_encoded_handoff_gets_a_conversion_that_keeps_the_file(
    git_repo: GitRepo,
) -> None:
    """Review 53-3: `fix: handoff-audit explain invalid-json`, `then edit HANDOFF.md:3`."""
    _feature_branch(git_repo, LATIN1)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    command = _fix_line(blocked.err)
    assert command == (
        "iconv -f CP1252 -t UTF-8 HANDOFF.md > HANDOFF.md.utf8 && mv -- HANDOFF.md.utf8 HANDOFF.md"
    )
    assert "explain invalid-json" not in blocked.err
    assert run_fix(git_repo.root, command).returncode == 0
    assert (git_repo.root / "HANDOFF.md").read_bytes() == LATIN1.decode("cp1252").encode()
    assert not (git_repo.root / "HANDOFF.md.utf8").exists()
    git_repo.commit("handoff: UTF-8")
    assert run_hook(stop_event(git_repo.root)).code == 0


def test_a_binary_handoff_gets_no_conversion(git_repo: GitRepo) -> None:
    _feature_branch(git_repo, PNG)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert "iconv" not in blocked.err


def test_a_handoff_over_the_limit_names_the_configuration_line_to_add(git_repo: GitRepo) -> None:
    _feature_branch(git_repo, FIVE_MB)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert _fix_line(blocked.err).startswith("trim HANDOFF.md to a short handoff")
    limit = -(-len(FIVE_MB) // 1024) * 1024
    assert f"add the line in .handoff-audit.yml: max-file-bytes: {limit}" in blocked.err
