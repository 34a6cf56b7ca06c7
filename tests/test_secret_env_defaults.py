"""An `.env` example in a handoff (0xrcinus/interop-token-aggregator's HANDOVER.md, the review
rev57-1): `POSTGRES_PASSWORD=dev` and `ADMIN_SECRET=change-this-in-production` are a local
default and a note to replace the value, no credential; `secret` passes over such values
(lower-case letters alone under 8 characters, a placeholder, a stand-in word alone) while a
real-looking value in the same place, short ones too (``hunter2``), is still reported."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result
from handoff_audit.credentials import find_secrets

Run = Callable[..., Result]

# Built from parts so that this file does not itself look like it leaks credentials.
_RANDOM = "Zx81kLqP" + "w0rd7TnQ" + "4mB9"
_SHORT = "Xk9#" + "q2z"

NO_SECRETS = [
    "POSTGRES_PASSWORD=dev",
    "ADMIN_SECRET=change-this-in-production",
    "JWT_SECRET=CHANGE_ME",
    "SESSION_SECRET=change-me-please",
    "DB_PASSWORD=password",
    "API_KEY=test",
    "REDIS_PASSWORD=local",
    "APP_SECRET=secret",
    "STRIPE_SECRET_KEY=your-stripe-secret-key",
    "ADMIN_TOKEN=<admin-token>",
    "DB_PASSWORD=${DB_PASSWORD}",
    "API_KEY=xxxxxxxxxxxx",
    "DB_PASSWORD = dev",
]

STILL_SECRETS = [
    "POSTGRES_PASSWORD=" + _RANDOM,
    "ADMIN_SECRET=9f2c4e7a" + "1b3d5c6e",
    "JWT_SECRET=" + _RANDOM[:8],  # 8 characters, mixed: a real password's length
    "DB_PASSWORD=hunter2x9",
    "DB_PASSWORD = " + _RANDOM,
    "DB_PASSWORD=" + _SHORT,  # 7 characters with digits, a symbol and capitals
    "PGPASSWORD=" + "S3cr" + "3t!",
    "DB_PASSWORD=" + "hun" + "ter2",
    "DB_PASSWORD = " + _SHORT,
]


@pytest.mark.parametrize("line", NO_SECRETS)
def test_a_local_default_or_a_placeholder_is_no_credential(line: str) -> None:
    assert find_secrets(line) == [], line


@pytest.mark.parametrize("line", STILL_SECRETS)
def test_a_real_looking_value_is_still_a_credential(line: str) -> None:
    assert [m.kind for m in find_secrets(line)] == ["credential assignment"], line


def _handover(env: list[str]) -> str:
    block = "\n".join(env)
    return (
        "# Token Aggregator MVP - Handover Note\n\n**Status**: Phase 9 Complete\n\n"
        "## Next Steps\n1. Add conflict detection in `src/conflicts.ts`.\n\n"
        "### Environment Variables\n**File**: `.env.local`\n"
        f"```env\nPOSTGRES_HOST=localhost\nPOSTGRES_PORT=5433\nPOSTGRES_USER=dev\n{block}\n```\n"
    )


def test_check_passes_over_the_env_example_and_reports_a_real_value(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("HANDOVER.md", _handover(NO_SECRETS[:2]))
    git_repo.commit("handover")
    clean: Result = run_cli(["check", "--select", "secret"], cwd=git_repo.root)
    assert clean.code == 0, clean.out
    git_repo.write("HANDOVER.md", _handover([*NO_SECRETS[:2], STILL_SECRETS[0]]))
    git_repo.commit("handover: the real password pasted")
    found: Result = run_cli(["check", "--select", "secret"], cwd=git_repo.root)
    assert found.code == 1, found.out
    [line] = [x for x in found.out.splitlines() if ": secret: " in x]
    assert line.startswith("HANDOVER.md:16:") and "credential assignment" in line, found.out
    assert _RANDOM not in found.out


def test_check_reports_a_short_real_password_in_a_handoff(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write(
        "HANDOFF.md",
        f"# Handoff\n\n## State\nTests pass.\nDB_PASSWORD={_SHORT}\n\n## Next step\nDeploy.\n",
    )
    git_repo.commit("handoff with a short password")
    found: Result = run_cli(["check", "--select", "secret", "HANDOFF.md"], cwd=git_repo.root)
    assert found.code == 1, found.out
    assert "HANDOFF.md:5:" in found.out and "credential assignment" in found.out, found.out
    assert _SHORT not in found.out
