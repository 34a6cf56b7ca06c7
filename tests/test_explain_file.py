"""`explain md-incomplete --file` agrees with `check` on the same file: it reads it with the same
limit and words, in a real repository, through the real command."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]
HANDOFF = (
    "# Handoff: refunds\n\n## State\n\nEUR refunds round to cents; tests pass.\n\n"
    "## Next steps\n\n- Round GBP in src/refunds.py.\n\n## Log\n\n"
)


def _check_message(run_cli: Run, repo: GitRepo, rule: str) -> str:
    result = run_cli(["check", "--format", "json", "HANDOFF.md"], cwd=repo.root)
    assert result.code == 1, result.err
    messages = [f["message"] for f in result.json()["findings"] if f["rule"] == rule]
    assert len(messages) == 1, result.out
    return str(messages[0])


@pytest.mark.parametrize(
    ("config", "size"),
    [(None, 1024 * 1024 + 1), ("max-file-bytes: 4096\n", 5000)],
    ids=["default-limit", "configured-limit"],
)
def test_a_file_over_max_file_bytes_is_refused_as_check_refuses_it(
    git_repo: GitRepo, run_cli: Run, config: str | None, size: int
) -> None:
    if config is not None:
        git_repo.write(".handoff-audit.yml", config)
    log = "".join(f"- step {n}: rounded the refunds of batch {n}.\n" for n in range(size // 40))
    text = (HANDOFF + log)[:size]
    git_repo.write("HANDOFF.md", text)
    git_repo.commit("handoff")
    assert len(text.encode()) == size

    too_large = _check_message(run_cli, git_repo, "invalid-json")
    explained = run_cli(["explain", "md-incomplete", "--file", "HANDOFF.md"], cwd=git_repo.root)

    assert explained.code == 2
    assert explained.out == ""
    assert explained.err == f"handoff-audit: error: HANDOFF.md: {too_large}\n"
    assert "max-file-bytes" in too_large
