"""A credential in a working note only the merge gate reads (``.claude/commands/handoff.md``, a
note in an agent's command folder, none of the branch's packets) held no stop: the gate reported
its ``secret``, the Stop hook said nothing of it and let the session end once a packet was
written. The hook now reports it at its line, as it does in ``HANDOFF.md``, without its value.
Real repositories, the real hook, an agent doing what it prints."""

from __future__ import annotations

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo

NOTE = ".claude/commands/handoff.md"
KEY = "sk-proj-Zk3qW8xPq2LmN4vT7yR1aB5cD9eF0gH"
TEXT = (
    "# Handoff\n\n## State\nTests pass on the parser branch.\n"
    f"export OPENAI_API_KEY={KEY}\n\n## Next step\nWire the CLI flag.\n"
)


def _branch_with_note(repo: GitRepo) -> None:
    repo.write("src/a.py", "x = 1\n")
    repo.commit("init")
    repo.git("switch", "-qc", "feat/x")
    repo.write("src/a.py", "x = 2\n")
    repo.write(NOTE, TEXT)
    repo.commit("work and a note")


def _said_secret(err: str) -> None:
    assert f"- {NOTE}:5 secret: " in err, err
    assert f"remove the credential from {NOTE} at line 5, column 23 by hand" in err, err
    assert KEY not in err and KEY[:12] not in err


def test_a_credential_in_a_gated_note_holds_the_stop_until_removed(git_repo: GitRepo) -> None:
    _branch_with_note(git_repo)
    gate = run_fix(git_repo.root, "handoff-audit check --target-branch main")
    assert f"{NOTE}:5:23: secret:" in gate.stdout, gate.stdout

    first = run_hook(stop_event(git_repo.root))
    assert first.code == 2 and "no active handoff" in first.err, first.err
    _said_secret(first.err)
    fix = next(line[7:] for line in first.lines if line.startswith("  fix: ") and " new " in line)
    written = run_fix(git_repo.root, fix)
    assert written.returncode == 0, written.stderr
    git_repo.commit("handoff")

    # before, the session stopped here with the credential committed
    second = run_hook(stop_event(git_repo.root, active=True))
    assert second.code == 2, second.err
    _said_secret(second.err)
    assert "no active handoff" not in second.err

    # the fix's "by hand": the line goes, the note stays
    note = git_repo.root / NOTE
    note.write_text(TEXT.replace(f"export OPENAI_API_KEY={KEY}\n", ""), encoding="utf-8")
    git_repo.commit("remove the credential")
    let_go = run_hook(stop_event(git_repo.root))
    assert let_go.code == 0, let_go.err


def test_a_finished_branch_is_told_of_the_credential_beside_the_note_to_delete(
    git_repo: GitRepo,
) -> None:
    _branch_with_note(git_repo)
    for command in (
        'handoff-audit new --summary "<what this session did>" --next-action '
        '"<the first thing the next session should do>" --verdict-pointer '
        '"<path or URL of the test report>"',
        "git add -A && git commit -qm handoff && handoff-audit archive",
        "git add -A && git commit -qm archived",
    ):
        done = run_fix(git_repo.root, command)
        assert done.returncode == 0, done.stderr
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert f"{NOTE} is a working note, and the merge gate blocks it" in stop.err, stop.err
    _said_secret(stop.err)
    fix = next(line[7:] for line in stop.lines if line.startswith("  fix: git rm"))
    done = run_fix(git_repo.root, fix)
    assert done.returncode == 0, done.stderr
    let_go = run_hook(stop_event(git_repo.root))
    assert let_go.code == 0, let_go.err
