"""`secret`: a credential assigned with Make's and Go's ``:=``, Make's ``?=`` and ``+=``, or
Ruby's, PHP's and Perl's ``=>`` is reported by `check` in every format and redacted by `show`
under the same value tests as ``=`` (review 50-5, defect 5), while code written with the same
operators (``x := compute()``, ``'password' => $request->password``) is not."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

# Built from parts so that this file does not itself look like it leaks credentials.
VALUE = "Xy7pQ" + "2mn9Lk4"
SHORT = "hunter" + "2xyz"

FORMS = {
    "make-colon": f"API_KEY := {VALUE}",
    "make-colon-tight": f"API_KEY:={VALUE}",
    "make-question": f"API_KEY ?= {VALUE}",
    "make-plus": f"API_KEY += {VALUE}",
    "upper-short-colon": f"DB_PASSWORD := {SHORT}",
    "upper-short-question": f"DB_PASSWORD?={SHORT}",
    "ruby-arrow": f"client_secret => {VALUE}",
    "php-arrow-quoted": f"'password' => '{VALUE}'",
    "ruby-symbol-arrow": f':api_token => "{VALUE}"',
    "go-short-declaration": f'apiKey := "{VALUE}"',
}

HANDOVER = "# Handover\nStatus: tests pass.\nThe Makefile sets:\n{line}\n"

FORMATS = ("text", "json", "sarif", "github", "markdown")


@pytest.mark.parametrize("line", FORMS.values(), ids=list(FORMS))
def test_an_assignment_operator_credential_is_reported_and_redacted(
    git_repo: GitRepo, run_cli: Run, line: str
) -> None:
    git_repo.write("HANDOVER.md", HANDOVER.format(line=line))
    git_repo.commit("handover")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=git_repo.root)
    assert [f["line"] for f in result.json()["findings"] if f["rule"] == "secret"] == [4]
    for form in FORMATS:
        shown = run_cli(["check", "--format", form, "--select", "secret"], cwd=git_repo.root)
        assert shown.code == 1, (form, shown.out, shown.err)
        assert VALUE not in shown.out + shown.err and SHORT not in shown.out + shown.err, form
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.code == 0, shown.err
    assert "[redacted" in shown.out
    assert VALUE not in shown.out and SHORT not in shown.out


NOT_CREDENTIALS = [
    "x := compute()",
    'token := os.Getenv("API_TOKEN")',
    "API_KEY := $(shell cat key.txt)",
    "API_KEY ?= $(API_KEY_PROD)",
    "SECRET_KEY := settings.SECRET_KEY",
    "'password' => $request->password",
    ":password => params[:password]",
    "password: => nil",
    "sort_key ?= Zx81kLqPw0rd",
    "DB_PASSWORD => unchanged in prod",
    "CFLAGS += -O2",
    "token += 1",
]


def test_code_with_the_same_operators_is_not_a_credential(git_repo: GitRepo, run_cli: Run) -> None:
    """Only the real credential among its look-alikes is reported and redacted."""
    lines = "\n".join([f"API_KEY := {VALUE}", *NOT_CREDENTIALS])
    git_repo.write("HANDOVER.md", HANDOVER.format(line=lines))
    git_repo.commit("handover")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=git_repo.root)
    assert [f["line"] for f in result.json()["findings"] if f["rule"] == "secret"] == [4]
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert shown.count("[redacted") == 1 and VALUE not in shown
    for line in NOT_CREDENTIALS:
        assert line in shown, line
