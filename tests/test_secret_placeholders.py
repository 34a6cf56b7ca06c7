"""Placeholders are not credentials (review 48-1, item 4): `your-key-here`, `your_token_here`,
`sk-...`, `xxxx` and an example URL password on localhost are passed over by `secret`, while a
random-looking value in the same place is still reported."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result
from handoff_audit.credentials import find_secrets

Run = Callable[..., Result]

# Built from parts so that this file does not itself look like it leaks credentials.
_RANDOM = "Q8vR2mZx7LpK" + "4nWt9YbC3dFh" + "6JsA1gUe5TiO0kNr"  # 40 characters

PLACEHOLDERS = [
    'export OPENAI_API_KEY="your-key-here"',
    'export SUPABASE_SERVICE_KEY="your-service-key"',
    'export GITHUB_TOKEN="your_token_here"',
    "export API_KEY=sk-...",
    "export API_KEY=sk-…",
    "export API_KEY=YOUR_API_KEY_HERE",
    "export API_KEY=my-api-key",
    "export API_KEY=example_key",
    "export API_KEY=placeholder",
    "export DB_PASSWORD=changeme",
    "export API_KEY=sk-xxxx",
    "export API_KEY=xxxxxxxxxxxx",
    "export API_KEY=****",
    "postgresql+asyncpg://user:" + "pass@localhost/db",
    "postgresql://user:" + "password@127.0.0.1:5432/db",
    "redis://:" + "secret@cache.example.com/0",
    "amqp://guest:" + "changeme@localhost//",
]

STILL_SECRETS = [
    "export API_KEY=" + _RANDOM,
    'export OPENAI_API_KEY="' + _RANDOM + '"',
    "export API_KEY=aB3dE-my-" + _RANDOM[:20],  # a placeholder word between random parts
    "export API_KEY=your" + _RANDOM[:12],  # "your" is no separate part
    "export API_KEY=" + _RANDOM[:20] + "...x",  # does not end with "..."
    "postgresql://user:" + "pass@db.prod.internal/db",  # a real host
    "postgresql://user:" + "Hunter2x@localhost/db",  # not an example password
    "postgresql://user:" + "pass@example.com.evil.io/db",
]


@pytest.mark.parametrize("line", PLACEHOLDERS)
def test_a_placeholder_is_no_credential(line: str) -> None:
    assert find_secrets(line) == [], line


@pytest.mark.parametrize("line", STILL_SECRETS)
def test_a_real_looking_value_is_still_a_credential(line: str) -> None:
    assert find_secrets(line), line


def _handoff(lines: list[str]) -> str:
    block = "\n".join(lines)
    return (
        "# Handoff\n\n## State\nExtraction works; tests pass on `scripts/extract.js`.\n\n"
        f"## Next step\nRun the extraction test on 5 articles:\n\n```bash\n{block}\n```\n"
    )


def test_check_passes_over_placeholders_and_reports_real_values(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("HANDOFF.md", _handoff(PLACEHOLDERS + STILL_SECRETS))
    git_repo.commit("handoff")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=git_repo.root)
    assert result.code == 1, result.err
    lines = sorted(f["line"] for f in result.json()["findings"] if f["rule"] == "secret")
    first = 10  # the code block opens on line 9
    assert lines == [first + len(PLACEHOLDERS) + i for i in range(len(STILL_SECRETS))]
    assert _RANDOM not in result.out


def test_the_review_repro_gets_no_secret_finding(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("HANDOFF.md", _handoff(PLACEHOLDERS[:4]))
    git_repo.commit("handoff")
    result = run_cli(["check", "--select", "secret"], cwd=git_repo.root)
    assert result.code == 0, result.out
