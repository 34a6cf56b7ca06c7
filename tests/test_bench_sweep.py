"""bench/sweep.py checks every repository of a folder with the real CLI and tallies the runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SWEEP = Path(__file__).resolve().parent.parent / "bench" / "sweep.py"


def _repo(root: Path, files: dict[str, str]) -> None:
    root.mkdir()
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "start"]):
        subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
            cwd=root,
            check=True,
        )


def test_sweep_tallies_exit_codes_packets_by_name_and_findings(tmp_path: Path) -> None:
    repos = tmp_path / "repos"
    repos.mkdir()
    _repo(repos / "plain", {"README.md": "# app\n"})
    _repo(repos / "noted", {"SESSION-HANDOFF.md": "# Next session\n\nWorked on it today.\n"})
    _repo(repos / "broken", {".handoff-audit.yml": "packets: [unclosed\n"})
    (repos / "not-a-repo").mkdir()
    tally = tmp_path / "tally.json"
    done = subprocess.run(
        [sys.executable, str(SWEEP), str(repos), "--json", str(tally)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 1, done.stderr  # the broken configuration is a failure to list
    assert done.stdout.splitlines()[0] == "repositories checked: 3"
    result = json.loads(tally.read_text(encoding="utf-8"))
    assert result["exits"] == {"0": 1, "1": 1, "2": 1}
    (failure,) = result["failures"]
    assert failure.startswith("broken: exit 2: ") and ".handoff-audit.yml" in failure
    assert result["packets"] == {"SESSION-HANDOFF.md": 1}
    # On its default branch the note is told to go, not to grow: no md-incomplete beside it.
    assert result["rules"] == {"handoff-in-merge": 1}
    assert "  SESSION-HANDOFF.md: 1" in done.stdout.splitlines()


def test_sweep_names_a_folder_that_is_not_there(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(SWEEP), str(tmp_path / "nowhere")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == f"sweep: {tmp_path / 'nowhere'}: not a folder"


def test_sweep_names_a_tally_file_it_cannot_write(tmp_path: Path) -> None:
    (tmp_path / "repos").mkdir()
    done = subprocess.run(
        [sys.executable, str(SWEEP), str(tmp_path / "repos"), "--json", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().startswith(f"sweep: {tmp_path}: cannot be written (")
