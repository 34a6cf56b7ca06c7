"""A URL password is an example only when the whole userinfo is `user:word` (review 48-5,
item 7): a real password hidden before `:pass@localhost` (the userinfo holding `@`) is
reported, through `check`, and never echoed; the plain examples still pass."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

REAL = "Kq8vLm2R" + "t5Wp"  # built from parts so that this file leaks nothing
HIDDEN = [
    f"postgresql://admin:{REAL}@db.prod.internal:pass@localhost/db",
    f"postgresql://admin:{REAL}@db.prod.internal:changeme@127.0.0.1:5432/db",
    "postgresql://admin:RealPassword@db.prod.internal-my@localhost/db",
    f"redis://:{REAL}@cache:secret@cache.example.com/0",
]
EXAMPLES = [
    "postgresql://user:" + "pass@localhost/db",
    "postgresql://user:" + "pass@localhost:5432/db",
    "redis://:" + "secret@cache.example.com/0",
]


def _handoff(url: str) -> str:
    return f"# Handoff\n\n## Next step\n\nRun the migration against {url}.\n"


@pytest.mark.parametrize("url", HIDDEN, ids=range(len(HIDDEN)))
def test_a_password_hidden_before_an_example_one_is_reported(
    git_repo: GitRepo, run_cli: Run, url: str
) -> None:
    git_repo.write("HANDOFF.md", _handoff(url))
    git_repo.commit("handoff")
    result = run_cli(["check", "--select", "secret"], cwd=git_repo.root)
    assert result.code == 1, result.out
    column = url.index("://") + 3 + url[url.index("://") + 3 :].index(":") + 2
    where = f"HANDOFF.md:5:{len('Run the migration against ') + column}"
    assert f"{where}: secret: line 5 contains what looks like a password in a URL" in result.out
    assert REAL not in result.out + result.err and "RealPassword" not in result.out


@pytest.mark.parametrize("url", EXAMPLES)
def test_an_example_password_on_an_example_host_passes(
    git_repo: GitRepo, run_cli: Run, url: str
) -> None:
    git_repo.write("HANDOFF.md", _handoff(url))
    git_repo.commit("handoff")
    result = run_cli(["check", "--select", "secret"], cwd=git_repo.root)
    assert result.code == 0, result.out
