"""Old sessions' notes of one numbered pattern (``SESSION_4_HANDOFF.md`` … ``SESSION_9_HANDOFF.md``
at the root) are a series' history, never live notes: `check`'s note on files named as handoffs
offers no ``extend-packets`` line that would judge each as the live handoff, but the move into a
series folder (root files cannot be a series) after which the newest is current and the older
ones history. Real repositories, the real CLI."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from conftest import GitRepo

LIVE = (
    "# Session handoff\n\n## State\nThe scoring API in `src/api.py` answers.\n\n"
    "## Next step\nAdd the cache to `src/api.py`.\n"
)


def _old(n: int) -> str:
    return (
        f"# Session {n} handoff\n\n## State\nSession {n} wired `src/api.py`.\n\n"
        f"## Next step\nStart session {n + 1} with the tests of `src/api.py`.\n"
    )


def test_a_numbered_run_at_the_root_is_offered_as_a_series(
    tmp_path: Path,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.write("src/api.py", "a = 1\n")
    repo.write("SESSION_HANDOFF.md", LIVE)
    for n in (4, 5, 6, 8, 9):
        repo.write(f"SESSION_{n}_HANDOFF.md", _old(n))
    repo.write("backend/HANDOFF_SESSION_2.md", _old(2))
    repo.write("backend/API.md", "# API\n\nThe scoring endpoints.\n")
    repo.commit("sessions")

    note = run_cli(["check"], cwd=repo.root).err
    assert "SESSION_4_HANDOFF.md … SESSION_9_HANDOFF.md are one numbered run" in note, note
    assert 'extend-packets: ["backend/HANDOFF_SESSION_2.md"]' in note, note
    assert "to audit the other, set" in note, note
    assert not re.search(r"extend-packets: \[[^]]*SESSION_\d_HANDOFF", note), note
    move = re.search(r"`(mkdir -p docs/sessions && git mv -- [^`]*)`", note)
    assert move is not None, note

    subprocess.run(["sh", "-c", move[1]], cwd=repo.root, check=True)  # as the note prints it
    repo.commit("sessions into a series")
    report = run_cli(["check", "--format", "json"], cwd=repo.root).json()
    packets = {p["path"]: p.get("history", []) for p in report["packets"]}
    assert set(packets) == {"SESSION_HANDOFF.md", "docs/sessions/SESSION_9_HANDOFF.md"}, packets
    assert len(packets["docs/sessions/SESSION_9_HANDOFF.md"]) == 4, packets
    judged = {f["path"] for f in report["findings"]}
    assert not any(re.search(r"SESSION_[4-8]_HANDOFF", path) for path in judged), judged


def test_a_run_beside_other_documents_is_moved_into_its_own_series(
    tmp_path: Path,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.write("SESSION_STATE.md", LIVE)
    repo.write("docs/generated/launch_report.md", "# Launch report\n\nOn track.\n")
    for n in (8, 10, 16):
        repo.write(f"docs/generated/session_{n}_continuation.md", _old(n))
    repo.commit("notes")
    note = run_cli(["check"], cwd=repo.root).err
    assert "mkdir -p docs/generated/handoffs && git mv -- " in note, note
    assert "extend-packets" not in note, note
