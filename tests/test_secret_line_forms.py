"""`secret`: one table of handoff lines, each a credential (`check` reports it on its line, in
every format, and never prints its value; `show` redacts it) or a look-alike (`check` is silent
and `show` keeps it as written), whatever form the assignment takes:

- any letter case, spaces or tabs around ``=``, the value bare or quoted (review 49-1, defect 1);
- YAML, docker compose and JSON keys, and the well-known password variables ``PGPASSWORD=`` and
  ``MYSQL_PWD=`` (review 49-5, defect 2);
- the loose ``=`` form only when the value looks like a credential, not a path, dotted code, a
  key-type or data name, or prose (review 49-5, defect 3);
- Make's and Go's ``:=``, Make's ``?=`` and ``+=``, Ruby's, PHP's and Perl's ``=>`` (review 50-5,
  defect 5), while a rename to a versioned camel-case name after ``=>`` is code (review 51-4,
  defect 3);
- lower case with spaces, an environment variable's name with spaces, a value followed by prose,
  while class and type names are not passwords (review 50, fix a; review 50-7).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

# Built from parts so that this file does not itself look like it leaks credentials.
VALUE = "Xy7pQ" + "2mn9Lk4"
SHORT = "hunter" + "2xyz"
PG = "Hx7kq" + "2Lmn9"
GOOGLE = "GOCSPX-" + "7fQk2Lm9Zt4Xw"
AWS = "9dKq2vLx8Zp3Rt7Wm4Yn6Bc1" + "Hj5Fg0Sd2Ae8Ku3"
AWS_EXAMPLE = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYzzEXAMPLEKEY9"
DB = "Zx81kLq" + "Pw0rd"
MIXED = "Pass" + "word1"
WORD = "hunter" + "gate"  # 8 characters or more: a shorter value is no credential
PROSE = "s3cr3t" + "value"
LEET = "MyPa" + "ssw0rd"
CAPITALISED = ("Correct" + "Horse9", "MyRedis" + "Pass2", "MySecret" + "Key2024")
"""Shaped like class names, but a password's, a key's, not a token's: credentials."""
VALUES = (MIXED, WORD, PROSE, LEET, *CAPITALISED)
"""The values of the ``spaced-`` credentials."""

CASES: dict[str, tuple[str, str | None]] = {
    # id: (line, the credential's value when `check` reports the line; None when it does not);
    # a line stands once, under the first review that named it
    # -- any case, spaces around `=` (review 49-1) --
    "spaces": (f"AWS_SECRET_ACCESS_KEY = {AWS}", AWS),
    "aws-credentials": (f"aws_secret_access_key = {AWS}", AWS),
    "lower-case": (f"db_password = {DB}", DB),
    "mixed-case": (f"Api_Key={DB}", DB),
    "double-quoted": (f'aws_secret_access_key = "{AWS}"', AWS),
    "single-quoted": (f"app_secret = '{DB}'", DB),
    "tab": (f"github_token\t=\t{DB}", DB),
    "forms-0": ("the password = the one in 1Password", None),
    "forms-1": ('API_KEY = os.getenv("API_KEY")', None),
    "forms-2": ("api_key = config.api_key", None),
    "forms-3": ("db_password = $DB_PASSWORD", None),
    "forms-4": ("db_password = ${DB_PASSWORD}", None),
    "forms-5": ("aws_secret_access_key = <your-secret-key>", None),
    "forms-6": ("secret_key = your-secret-key-here", None),
    "forms-7": ("password = ********", None),
    "forms-8": ("sort_key = lambda row: row[0]", None),
    "forms-9": ("primary_key = 42", None),
    "forms-10": ("DB_PASSWORD = DB_PASSWORD_PROD2", None),
    # -- YAML, compose, JSON, password variables (review 49-5, defect 2) --
    "compose": (f"      POSTGRES_PASSWORD: {PG}", PG),
    "yaml-lower": (f"  redis_password: {PG}", PG),
    "yaml-quoted": (f'db_password: "{PG}"', PG),
    "json-member": (f'`"client_secret": "{GOOGLE}"`', GOOGLE),
    "json-token": (f'the bot uses `"token": "{PG}"`.', PG),
    "json-camel": (f'{{"apiKey": "{PG}"}}', PG),
    "json-tight": (f'{{"clientSecret":"{PG}"}}', PG),
    "pgpassword-export": (f"Run psql with `export PGPASSWORD='{PG}'`.", PG),
    "pgpassword-inline": (f"PGPASSWORD={PG} psql -h db", PG),
    "mysql-pwd": (f"MYSQL_PWD={PG} mysql -u root", PG),
    "colon-0": ("sort_key: created_at2", None),
    "colon-1": ('"primaryKey": "Zx81kLqPw0rd"', None),
    "colon-2": ('"pageToken": "Zx81kLqPw0rd"', None),
    "colon-3": ('"objectKey": "uploads/a1b2/file.png"', None),
    "colon-4": ('"translationKey": "checkout.title2"', None),
    "colon-5": ("token: ${{ secrets.GITHUB_TOKEN }}", None),
    "colon-6": ('"public_key": "ed25519"', None),
    "colon-7": ("ssh_key: ~/.ssh/id_ed25519", None),
    "colon-8": ("api_key: see the docs", None),
    "colon-9": ("PGPASSWORD=$PGPASS psql", None),
    "colon-10": ("monkey: Qw3eR5tY7u", None),
    # -- the loose `=` form reports a credential-like value only (review 49-5, defect 3) --
    "value-aws": (f"aws_secret_access_key = {AWS_EXAMPLE}", AWS_EXAMPLE),
    "value-bang": (f"deploy_token = '{DB}!'", f"{DB}!"),
    "value-0": ("private_key = ~/.ssh/id_ed25519", None),
    "value-1": ("ssh_key = ~/.ssh/id_ed25519", None),
    "value-2": ("api_key = config/keys2.json", None),
    "value-3": ("db_password = /run/secrets/db_password2.txt", None),
    "value-4": ("Set token = sha256sum of the release tarball, then tag v2.", None),
    "value-5": ("sort_key = created_at2", None),
    "value-6": ("partition_key = tenant1", None),
    "value-7": ("public_key = ed25519", None),
    "value-8": ("sign_key = HMAC-SHA256", None),
    "value-9": ("rsa_key = 4096bits", None),
    "value-10": ("primary_key = id2", None),
    "value-11": ("foreign_key = orders.user_id2", None),
    "value-12": ("api_key = settings.API_KEY2", None),
    "value-13": ("secret = vault.read2", None),
    "value-14": ("idempotency_key = req-42", None),
    "value-15": ("page_token = abc123", None),
    # -- :=, ?=, +=, => (review 50-5, defect 5) --
    "make-colon": (f"API_KEY := {VALUE}", VALUE),
    "make-colon-tight": (f"API_KEY:={VALUE}", VALUE),
    "make-question": (f"API_KEY ?= {VALUE}", VALUE),
    "make-plus": (f"API_KEY += {VALUE}", VALUE),
    "upper-short-colon": (f"DB_PASSWORD := {SHORT}", SHORT),
    "upper-short-question": (f"DB_PASSWORD?={SHORT}", SHORT),
    "ruby-arrow": (f"client_secret => {VALUE}", VALUE),
    "php-arrow-quoted": (f"'password' => '{VALUE}'", VALUE),
    "ruby-symbol-arrow": (f':api_token => "{VALUE}"', VALUE),
    "go-short-declaration": (f'apiKey := "{VALUE}"', VALUE),
    "operator-0": ("x := compute()", None),
    "operator-1": ('token := os.Getenv("API_TOKEN")', None),
    "operator-2": ("API_KEY := $(shell cat key.txt)", None),
    "operator-3": ("API_KEY ?= $(API_KEY_PROD)", None),
    "operator-4": ("SECRET_KEY := settings.SECRET_KEY", None),
    "operator-5": ("'password' => $request->password", None),
    "operator-6": (":password => params[:password]", None),
    "operator-7": ("password: => nil", None),
    "operator-8": ("sort_key ?= Zx81kLqPw0rd", None),
    "operator-9": ("DB_PASSWORD => unchanged in prod", None),
    "operator-10": ("CFLAGS += -O2", None),
    "operator-11": ("token += 1", None),
    # -- a rename after => is no credential: a versioned camel-case name (review 51-4, defect 3) --
    "rename-0": ("Field rename: client_secret => clientSecretV2 (the v2 API).", None),
    "rename-1": ("CLIENT_SECRET => ClientSecretV2, then redeploy", None),
    "rename-2": ("api_token => apiTokenV3 in the new client", None),
    # -- what the loose test let through (review 50, fix a) and type names (review 50-7) --
    "spaced-0": (f"db_password = {MIXED}", MIXED),
    "spaced-1": (f"db_password = {LEET}", LEET),
    "spaced-2": (f"DB_PASSWORD = {CAPITALISED[0]}", CAPITALISED[0]),
    "spaced-3": (f"REDIS_PASSWORD = {CAPITALISED[1]}", CAPITALISED[1]),
    "spaced-4": (f"aws_secret_access_key = {CAPITALISED[2]}", CAPITALISED[2]),
    "spaced-5": (f"DB_PASSWORD = {WORD}", WORD),
    "spaced-6": (f"DB_PASSWORD\t=\t'{WORD}'", WORD),
    "spaced-7": (f"export API_TOKEN={PROSE} then run make", PROSE),
    "spaced-8": (f"set DB_PASSWORD={WORD}2 then restart", WORD),
    "spaced-9": (f"export API_TOKEN = {PROSE} then run make", PROSE),
    "spaced-10": (f"set DB_PASSWORD = {WORD}2 then restart", WORD),
    "spaced-11": (f"api_token = {PROSE} then run make", PROSE),
    "spaced-12": (f"DB_PASSWORD={WORD}", WORD),
    "spaced-13": (f"Password: {WORD}22x", WORD),
    "look-alike-0": ('password = request.form["password"]', None),
    "look-alike-1": ("password = getpass()", None),
    "look-alike-2": ('token = os.environ["TOKEN"]', None),
    "look-alike-3": ("api_key = settings.API_KEY", None),
    "look-alike-4": ("password = None", None),
    "look-alike-5": ('password = ""', None),
    "look-alike-6": ('secret = "<your secret>"', None),
    "look-alike-7": ("DB_PASSWORD = ${{ secrets.DB_PASSWORD }}", None),
    "look-alike-8": ("password = $DB_PASSWORD", None),
    "look-alike-9": ("token = token.strip()", None),
    "look-alike-10": ("password_length = 12", None),
    "look-alike-11": ("passwordless = true", None),
    "look-alike-12": ("token_count = 4096", None),
    "look-alike-13": ("reset the password = done", None),
    "look-alike-14": ("DB_PASSWORD = the one in 1Password", None),
    "look-alike-15": ("DB_PASSWORD = unchanged in prod", None),
    "look-alike-16": ("API_KEY = settings.API_KEY", None),
    "look-alike-17": ("TOKEN = token.strip()", None),
    "look-alike-18": ("API_KEY = api_key", None),
    "look-alike-19": ("MAX_TOKEN = 4096", None),
    "look-alike-20": ("SECRET_KEY = None", None),
    "look-alike-21": ("CancellationToken = default", None),
    "look-alike-22": ("refresh_token = RefreshTokenV2", None),
    "look-alike-23": ("RATE_LIMIT_TOKEN = TokenBucket2", None),
    "look-alike-24": ("auth_token = BearerToken", None),
}

REPORTED = {name: case for name, case in CASES.items() if case[1] is not None}
SILENT = [line for line, secret in CASES.values() if secret is None]


def lines(prefix: str, *, reported: bool) -> list[str]:
    """The lines of the cases whose id starts with ``prefix`` and that `check` reports (or, with
    ``reported=False``, does not), in the table's order."""
    return [
        line
        for name, (line, secret) in CASES.items()
        if name.startswith(prefix) and (secret is not None) == reported
    ]


HANDOVER = "# Handover\nStatus: tests pass.\nNext: run `bin/deploy` with:\n{lines}\n"
FORMATS = ("text", "json", "sarif", "github", "markdown")


def _reported_lines(run_cli: Run, repo: GitRepo, text: str) -> list[int]:
    """Commit ``text`` as HANDOVER.md; the lines `check` reports `secret` on."""
    repo.write("HANDOVER.md", text)
    repo.commit("handover")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=repo.root)
    return [f["line"] for f in result.json()["findings"] if f["rule"] == "secret"]


def _never_printed(run_cli: Run, repo: GitRepo, secrets: list[str]) -> str:
    """No output format of `check`, and not `show`, prints any of ``secrets``; what `show` says."""
    for form in FORMATS:
        shown = run_cli(["check", "--format", form, "--select", "secret"], cwd=repo.root)
        assert shown.code == 1, (form, shown.out, shown.err)
        said = shown.out
        if form == "sarif":  # the rule's help text quotes `Zx81kLqPw0rd` as an example value
            said = json.dumps(json.loads(shown.out)["runs"][0]["results"])
        assert not any(secret in said + shown.err for secret in secrets), form
    shown = run_cli(["show", "HANDOVER.md"], cwd=repo.root)
    assert shown.code == 0, shown.err
    assert "[redacted" in shown.out
    assert not any(secret in shown.out + shown.err for secret in secrets)
    return shown.out


@pytest.mark.parametrize(("line", "secret"), CASES.values(), ids=list(CASES))
def test_a_line_is_reported_and_redacted_only_when_it_holds_a_credential(
    git_repo: GitRepo, run_cli: Run, line: str, secret: str | None
) -> None:
    found = _reported_lines(run_cli, git_repo, HANDOVER.format(lines=line))
    if secret is None:
        assert found == []
        assert line in run_cli(["show", "HANDOVER.md"], cwd=git_repo.root).out
    else:
        assert found == [4]
        _never_printed(run_cli, git_repo, [secret])


def test_every_credential_in_one_handoff_is_reported_on_its_line(
    git_repo: GitRepo, run_cli: Run
) -> None:
    credentials = [line for line, _ in REPORTED.values()]
    found = _reported_lines(run_cli, git_repo, HANDOVER.format(lines="\n".join(credentials)))
    assert found == list(range(4, 4 + len(credentials)))
    secrets = [secret for _, secret in REPORTED.values() if secret is not None]
    shown = _never_printed(run_cli, git_repo, secrets)
    assert shown.count("[redacted") == len(credentials)


def test_look_alikes_beside_a_credential_stay_as_written(git_repo: GitRepo, run_cli: Run) -> None:
    """Only the real credential among all the look-alikes is reported and redacted."""
    text = HANDOVER.format(lines="\n".join([f"DB_PASSWORD = {WORD}", *SILENT]))
    assert _reported_lines(run_cli, git_repo, text) == [4]
    shown = run_cli(["show", "HANDOVER.md"], cwd=git_repo.root).out
    assert shown.count("[redacted") == 1 and WORD not in shown
    for line in SILENT:
        assert line in shown, line
