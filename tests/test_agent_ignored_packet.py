"""A packet that `.gitignore` hides: the agent hook, `new`, `update`, `archive` and `check` say
so and how to undo it, and an agent following only what they print gets out of the loop."""

from __future__ import annotations

from pathlib import Path

from agent_support import ANSWERS, feature_repo, run_fix, run_hook, stop_event
from conftest import GitRepo

NEW = (
    'handoff-audit new --summary "Added refunds" --next-action "Round GBP refunds" '
    "--verdict-pointer src/refunds.py"
)


def _ignored_packet(repo: GitRepo) -> GitRepo:
    """The reviewer's state: a packet written, then put in .gitignore and that committed."""
    feature_repo(repo)
    assert run_fix(repo.root, NEW).returncode == 0
    repo.write(".gitignore", "handoff.json\nhandoff.md\n")
    repo.git("add", "--", ".gitignore")
    repo.git("commit", "-qm", "ignore scratch")
    return repo


def test_uncommitted_packet_files_are_never_offered_to_gitignore(git_repo: GitRepo) -> None:
    feature_repo(git_repo)
    assert run_fix(git_repo.root, NEW).returncode == 0
    hook = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert hook.code == 2
    assert "uncommitted changes in handoff.json, handoff.md" in hook.err
    assert ".gitignore" not in hook.err


def test_every_command_names_the_ignored_packet(git_repo: GitRepo) -> None:
    root = _ignored_packet(git_repo).root
    said = "handoff.json, handoff.md are ignored by git"
    for command in (NEW, 'handoff-audit update --summary "More"', "handoff-audit check"):
        done = run_fix(root, command)
        assert said in done.stderr, (command, done.stderr)
    archived = run_fix(root, "handoff-audit archive handoff.json")
    assert archived.returncode == 0 and said in archived.stderr


def test_an_agent_following_the_printed_text_is_let_go(git_repo: GitRepo) -> None:
    root = _ignored_packet(git_repo).root
    seen: list[str] = []
    for _round in range(4):
        hook = run_hook(stop_event(root), cwd=root)
        if hook.code == 0:
            break
        assert hook.err not in seen, hook.err
        seen.append(hook.err)
        fix = next(line for line in hook.lines if line.startswith("  fix: "))
        done = run_fix(root, fix.removeprefix("  fix: "))
        assert done.returncode in (0, 1), done.stderr
        # `git check-ignore -v` prints "SOURCE:LINE:PATTERN<TAB>PATH"; the printed text says to
        # delete those lines, and the agent does.
        hits = [hit.split(":", 2)[:2] for hit in done.stdout.splitlines()]
        for source, line in sorted(hits, key=lambda hit: -int(hit[1])):
            lines = Path(root, source).read_text().splitlines(keepends=True)
            del lines[int(line) - 1]
            Path(root, source).write_text("".join(lines))
        run_fix(root, f"git add -A && git commit -qm {ANSWERS['<what the change does>']!r}")
    assert hook.code == 0, hook.err
    assert "handoff.json" in git_repo.git("ls-files")
