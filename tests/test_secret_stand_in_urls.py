"""Review 58-1, item 4: a URL whose every part is a stand-in word
(``postgresql://user:password@host:5432/dbname``) and a secret manager's reference
(``--set-secrets="OPENAI_API_KEY=openai-api-key:latest"``) hold no credential; a real-looking
password at such a host, a generated secret name and a password on a real host still do."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

REAL = "Kq8vLm2R" + "t5Wp"  # built from parts so that this file leaks nothing
NO_CREDENTIAL = [
    "DATABASE_URL=postgresql://user:" + "password@host:5432/dbname",
    "postgresql://user:" + "pass@hostname/db",
    "mysql://root:" + "secret@db-host:3306/app",
    'gcloud run deploy api --set-secrets="OPENAI_API_KEY=openai-api-key:latest"',
    "--set-secrets=DB_PASSWORD=db-password:3",
]
STILL_CREDENTIALS = [
    f"DATABASE_URL=postgresql://user:{REAL}@host:5432/dbname",
    "postgresql://user:" + "pass@db.prod.internal/db",
    f'--set-secrets="OPENAI_API_KEY={REAL}:latest"',
    f"X-Api-Key: {REAL}",
    # review 58-4: a password with a version-like tail is no secret manager's name
    "DB_PASSWORD=" + "mypassword123:latest",
    "MYSQL_PWD=" + "rootpass99:2",
    "API_KEY=" + "correct-horse-battery-staple:7",
    "PGPASSWORD=" + "staging2024:1 psql -h db.staging.internal",
]


def _check(git_repo: GitRepo, run_cli: Run, line: str) -> Result:
    git_repo.write("HANDOFF.md", f"# Handoff\n\n## Next step\n\nDeploy with {line}\n")
    git_repo.commit("handoff")
    return run_cli(["check", "--select", "secret"], cwd=git_repo.root)


@pytest.mark.parametrize("line", NO_CREDENTIAL, ids=range(len(NO_CREDENTIAL)))
def test_stand_in_urls_and_secret_references_pass(
    git_repo: GitRepo, run_cli: Run, line: str
) -> None:
    result = _check(git_repo, run_cli, line)
    assert result.code == 0, result.out
    assert "secret:" not in result.out


@pytest.mark.parametrize("line", STILL_CREDENTIALS, ids=range(len(STILL_CREDENTIALS)))
def test_credentials_beside_them_are_still_reported(
    git_repo: GitRepo, run_cli: Run, line: str
) -> None:
    result = _check(git_repo, run_cli, line)
    assert result.code == 1, result.out
    assert "HANDOFF.md:5:" in result.out and "secret: line 5 contains" in result.out
    assert REAL not in result.out + result.err
