"""A packet file in any folder or topic (``svc/handoff.json``, ``.handoff/billing.json``) that is
JSON but no packet (``"status": "done"``): the Stop hook names its schema error and the repair,
never `new` (which would write a second packet at the top and leave this one failing `check`),
and it does not let the session end while that file is broken, even once the branch has a packet
of its own (review 49-11, defect 2). Real repositories, the real CLI and hook."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]


def _broken_packet(git_repo: GitRepo, run_cli: Run, topic: str | None) -> str:
    """A feature branch whose one packet, in svc/ or a .handoff/ topic, has ``"status":
    "done"``; its path."""
    git_repo.write("svc/app.py", "x = 1\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("svc/app.py", "x = 2\n")
    git_repo.commit("work")
    where = ["--topic", topic] if topic else ["--output", "svc/handoff.json"]
    made = run_cli(
        [
            *("new", "--summary", "x is 2", "--next-action", "Make x 3."),
            *("--verdict-pointer", "svc/app.py", *where),
        ],
        cwd=git_repo.root,
    )
    assert made.code == 0, made.err
    path = f".handoff/{topic}.json" if topic else "svc/handoff.json"
    packet = git_repo.root / path
    packet.write_text(packet.read_text().replace('"status": "active"', '"status": "done"'))
    git_repo.commit("handoff")
    assert run_cli(["check"], cwd=git_repo.root).code == 1
    return path


@pytest.mark.parametrize("topic", [None, "billing"])
def test_a_broken_packet_outside_the_top_gets_its_schema_error_not_new(
    git_repo: GitRepo, run_cli: Run, topic: str | None
) -> None:
    path = _broken_packet(git_repo, run_cli, topic)
    hook = run_hook(stop_event(git_repo.root))
    assert hook.code == 2, hook.err
    assert f"{path}:" in hook.err and 'status: "done" is not one of' in hook.err, hook.err
    assert f"render --write {path}" in hook.err and " new " not in hook.err, hook.err
    # The repair as printed: the status set, the twin rendered, both committed.
    packet = git_repo.root / path
    packet.write_text(packet.read_text().replace('"status": "done"', '"status": "active"'))
    rendered = run_cli(["render", "--write", path], cwd=git_repo.root)
    assert rendered.code == 0, rendered.err
    git_repo.commit("handoff: status repaired")
    assert run_cli(["check"], cwd=git_repo.root).code == 0
    assert run_hook(stop_event(git_repo.root)).code == 0


def test_a_new_packet_beside_a_broken_one_does_not_end_the_session(
    git_repo: GitRepo, run_cli: Run
) -> None:
    path = _broken_packet(git_repo, run_cli, None)
    made = run_cli(
        ["new", "--summary", "x is 2", "--next-action", "Make x 3.", "--verdict-pointer", "svc"],
        cwd=git_repo.root,
    )
    assert made.code == 0, made.err
    git_repo.commit("handoff 2")
    assert run_cli(["check"], cwd=git_repo.root).code == 1
    hook = run_hook(stop_event(git_repo.root))
    assert hook.code == 2, hook.err
    assert f"{path}:" in hook.err and f"render --write {path}" in hook.err, hook.err
