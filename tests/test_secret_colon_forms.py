"""`secret`: a credential-named key written the way YAML, docker compose and JSON write it
(``POSTGRES_PASSWORD: ...``, ``"client_secret": "..."``) and the well-known password variables
(``PGPASSWORD=``, ``MYSQL_PWD=``) are reported by `check` and redacted by `show` under the value
test of the loose ``=`` form (review 49-5, defect 2), while data names, paths, code and
placeholders in the same spellings are not."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

# Built from parts so that this file does not itself look like it leaks credentials.
PG = "Hx7kq" + "2Lmn9"
GOOGLE = "GOCSPX-" + "7fQk2Lm9Zt4Xw"

FORMS = {
    "compose": f"      POSTGRES_PASSWORD: {PG}",
    "yaml-lower": f"  redis_password: {PG}",
    "yaml-quoted": f'db_password: "{PG}"',
    "json-member": f'`"client_secret": "{GOOGLE}"`',
    "json-token": f'the bot uses `"token": "{PG}"`.',
    "json-camel": f'{{"apiKey": "{PG}"}}',
    "json-tight": f'{{"clientSecret":"{PG}"}}',
    "pgpassword-export": f"Run psql with `export PGPASSWORD='{PG}'`.",
    "pgpassword-inline": f"PGPASSWORD={PG} psql -h db",
    "mysql-pwd": f"MYSQL_PWD={PG} mysql -u root",
}

HANDOVER = "# Handover\nStatus: tests pass.\nThe services use:\n{line}\n"


@pytest.mark.parametrize("line", FORMS.values(), ids=list(FORMS))
def test_a_colon_or_json_credential_is_reported_and_redacted(
    git_repo: GitRepo, run_cli: Run, line: str
) -> None:
    git_repo.write("HANDOVER.md", HANDOVER.format(line=line))
    git_repo.commit("handover")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=git_repo.root)
    assert [f["line"] for f in result.json()["findings"] if f["rule"] == "secret"] == [4]
    assert PG not in result.out and GOOGLE not in result.out
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.code == 0, shown.err
    assert "[redacted" in shown.out
    assert PG not in shown.out and GOOGLE not in shown.out


NOT_CREDENTIALS = [
    "sort_key: created_at2",
    '"primaryKey": "Zx81kLqPw0rd"',
    '"pageToken": "Zx81kLqPw0rd"',
    '"objectKey": "uploads/a1b2/file.png"',
    '"translationKey": "checkout.title2"',
    "token: ${{ secrets.GITHUB_TOKEN }}",
    '"public_key": "ed25519"',
    "ssh_key: ~/.ssh/id_ed25519",
    "api_key: see the docs",
    "PGPASSWORD=$PGPASS psql",
    "monkey: Qw3eR5tY7u",
]


def test_data_names_paths_and_placeholders_are_not_credentials(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Only the real credential among its look-alikes is reported and redacted."""
    lines = "\n".join([f"POSTGRES_PASSWORD: {PG}", *NOT_CREDENTIALS])
    git_repo.write("HANDOVER.md", HANDOVER.format(line=lines))
    git_repo.commit("handover")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=git_repo.root)
    assert [f["line"] for f in result.json()["findings"] if f["rule"] == "secret"] == [4]
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert shown.count("[redacted") == 1 and PG not in shown
    for line in NOT_CREDENTIALS:
        assert line in shown, line
