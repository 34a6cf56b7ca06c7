"""The tests' own isolation from the machine: what they write stays in their temporary folders."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from conftest import GitRepo


def test_git_config_global_writes_an_empty_file_of_the_session_not_dev_null(
    git_repo: GitRepo,
) -> None:
    config = Path(os.environ["GIT_CONFIG_GLOBAL"])
    assert config != Path(os.devnull)
    assert config.is_file()
    assert config.read_bytes() == b""
    git_repo.git("config", "--global", "user.name", "Someone Else")
    assert "Someone Else" in config.read_text(encoding="utf-8")
    if os.name == "posix":
        assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
