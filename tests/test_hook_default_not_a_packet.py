"""handoff.json is JSON but no packet (one wrong value, `"status": "done"`): `new` refuses to
overwrite it, so the Stop hook names the file's schema error and the repair, never `new`; the
repair, as printed, ends the loop. Real repositories, the real CLI and hook."""

from __future__ import annotations

from collections.abc import Callable

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]


def test_a_packet_with_a_wrong_status_gets_its_schema_error_not_new(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("a.py", "x = 1\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("a.py", "x = 2\n")
    git_repo.commit("work")
    made = run_cli(
        ["new", "--summary", "x is 2", "--next-action", "Make x 3.", "--verdict-pointer", "a.py"],
        cwd=git_repo.root,
    )
    assert made.code == 0, made.err
    packet = git_repo.root / "handoff.json"
    packet.write_text(packet.read_text().replace('"status": "active"', '"status": "done"'))
    git_repo.commit("handoff")
    hook = run_hook(stop_event(git_repo.root))
    assert hook.code == 2, hook.err
    assert "handoff.json:" in hook.err and 'status: "done" is not one of' in hook.err, hook.err
    assert "render --write handoff.json" in hook.err and " new " not in hook.err, hook.err
    # The repair as printed: the status set, the twin rendered, both committed.
    packet.write_text(packet.read_text().replace('"status": "done"', '"status": "active"'))
    rendered = run_cli(["render", "--write", "handoff.json"], cwd=git_repo.root)
    assert rendered.code == 0, rendered.err
    git_repo.commit("handoff: status repaired")
    assert run_hook(stop_event(git_repo.root)).code == 0
