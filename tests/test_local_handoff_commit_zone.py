"""A series kept out of git (sbx's `.claude/handoffs/`): a file dated the day the branch began,
in UTC, is the branch's, whatever time zone its first commit was made in. The day was read in
the committer's zone (`%cs`), a day ahead east of UTC in the morning, so the file the hook had
asked for, named by its UTC day, was taken for an earlier session's. Real git, the real gate."""

from __future__ import annotations

from pathlib import Path

from conftest import GitRepo
from handoff_audit.authoring.agent_gate import judge

FOLDER = ".claude/handoffs"
HANDOFF = (
    "# Export help\n\nState: the export help is drafted in `README.md`; the tests pass.\n\n"
    '## Next step\nWrite the protocol table under "Usage" in `README.md`.\n'
)


def test_the_branch_s_day_is_its_first_commit_s_utc_day(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.write("README.md", "# sbx\n")
    repo.write(".gitignore", f"{FOLDER}/*.md\n!{FOLDER}/README.md\n")
    repo.write(f"{FOLDER}/README.md", "# Handoffs\n")
    repo.write(f"{FOLDER}/2026-02-20-old.md", "# old\n")
    repo.commit("main", date="2026-02-20T08:00:00Z")
    repo.git("switch", "-qc", "try")
    repo.write("README.md", "# sbx\n\nExport help.\n")
    # 09:00 on 2 March in Auckland is 20:00 on 1 March in UTC
    repo.commit("work", date="2026-03-02T09:00:00+13:00")
    written = f"{FOLDER}/2026-03-01-export-help.md"
    repo.write(written, HANDOFF)
    gate = judge(repo.root)
    assert [p.path for p in gate.packets] == [written], gate
    assert gate.problems == [], gate.problems
