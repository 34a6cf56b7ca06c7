"""The dated name `check` suggests for a file a series passed over carries today's date in UTC,
as the Stop hook dates a series' next file, never the machine's local date (a day apart
around midnight UTC). The real CLI in its own process, with its own time zone."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from conftest import GitRepo

LIVE = "# Session log\n\n## State\n\nParser done.\n\n## Next step\n\nWrite the lexer.\n"
ARCHIVE = "# Sessions 215-219\n\n## State\n\nArchived.\n\n## Next step\n\nNone.\n"


def _zone_on_another_day() -> tuple[str, str]:
    """A time zone whose date differs from UTC's now, and today's date in UTC."""
    now = datetime.now(UTC)
    # Etc/GMT-14 is UTC+14: already tomorrow from 10:00 UTC; Etc/GMT+12 still yesterday before
    # 12:00 UTC.
    zone = "Etc/GMT-14" if now.hour >= 12 else "Etc/GMT+12"
    local = now + timedelta(hours=14 if now.hour >= 12 else -12)
    assert local.date() != now.date()
    return zone, now.date().isoformat()


def test_the_suggested_date_is_today_in_utc(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.write("docs/sessions/s215-s219.md", ARCHIVE)
    repo.commit("rotate", date="2026-08-21T08:00:00Z")
    repo.write("docs/sessions/log.md", LIVE)
    repo.commit("session 230", date="2026-08-22T08:00:00Z")
    zone, today = _zone_on_another_day()
    done = subprocess.run(
        [sys.executable, "-m", "handoff_audit", "check"],
        cwd=repo.root,
        env={**os.environ, "TZ": zone},
        capture_output=True,
        text=True,
        check=False,
    )
    [line] = [text for text in done.stderr.splitlines() if "no number in its name" in text]
    assert f"(e.g. docs/sessions/{today}-log.md)" in line, line
