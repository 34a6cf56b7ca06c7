"""The markdown report (`check --format markdown`, the job summary) is cut to its 1 MiB: what it
leaves out it names, with how many findings."""

from __future__ import annotations

from collections.abc import Callable

from action_support import packet_data
from conftest import GitRepo, Result
from handoff_audit.markdown import render_packet


def _repository(git_repo: GitRepo, packets: dict[str, dict[str, object]]) -> None:
    git_repo.write("README.md", "hi\n")
    base = git_repo.commit("base")
    git_repo.git("switch", "-q", "-c", "feat/x")
    for path, fields in packets.items():
        data = packet_data(branch="feat/x", last_known_good_commit=base, **fields)
        git_repo.write(f"{path}.json", data)
        git_repo.write(f"{path}.md", render_packet(data))
    git_repo.commit("handoff")


def test_the_cut_markdown_report_says_how_many_findings_it_left_out(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    missing = [f"src/missing_{i:05d}_{'a' * 100}.py" for i in range(5000)]
    _repository(git_repo, {"handoff": {"changed_files": missing}})
    every = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    total = len(every.json()["findings"])
    done = run_cli(["check", "--format", "markdown", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.err
    assert len(done.out.encode("utf-8")) <= 1024 * 1024
    assert 0 < done.out.count("| `dangling-pointer` |") < 5000 <= total
    listed = sum(line.startswith(("| ❌ |", "| ⚠️ |", "| ℹ️ |")) for line in done.out.splitlines())
    note = done.out.rstrip("\n").rsplit("\n", 2)[-1]
    assert note.startswith("> Too long to show here; left out: ")
    assert f". {total - listed} findings are not listed here. Run `handoff-audit check" in note
