"""Review 51-4: how the setup-only check reads the two sides of an agent settings file. A side
saved with a UTF-8 byte order mark reads as JSON (dropping the BOM is what `hook --install`
asks for), and a settings file that links to another file in the repository is read through
the link, as `hook --install` writes it."""

from __future__ import annotations

from collections.abc import Callable

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

_POLICY = '{\n  "permissions": {"allow": ["Bash(npm test)"]}\n}\n'


def test_dropping_a_bom_to_adopt_the_hook_is_no_work(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """The base side starts with a BOM; `--install` refuses it, the user saves it without one
    as told, installs and commits: the branch only adopts the tool and needs no handoff."""
    git_repo.write(".claude/settings.json", b"\xef\xbb\xbf" + _POLICY.encode())
    git_repo.write("README", "x\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "adopt-hook")
    refused = run_cli(["hook", "--install"], cwd=git_repo.root)
    assert refused.code == 2 and "without a BOM" in refused.err, refused.err
    git_repo.write(".claude/settings.json", _POLICY)
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    git_repo.commit("adopt handoff-audit hook")
    stopped = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stopped.code == 0, stopped.err
    assert "adopt-hook has no work of its own against main" in stopped.err
