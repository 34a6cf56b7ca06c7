"""The merge gate reads a file's name as a reader sees it: ``HANDOFF.md `` (a trailing space),
``HAND\u041eFF.md`` (a Cyrillic O) or ``handoff.json `` reads as a working note's or a packet's
name on GitHub, so it is blocked as one; a name in another script that looks like no Latin one
is not."""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Callable

import pytest

from action_runner import Runner
from action_support import packet_data
from conftest import GitRepo, Result
from handoff_audit.lookalike import seen_name

Run = Callable[..., Result]

NOTE = (
    "# Handoff\n\n## State\nTests pass in src/a.py but refunds fail on GBP.\n\n"
    "## Next step\nFinish src/a.py rounding.\n\n## Ruled out\nUsing floats.\n"
)

NOTE_NAMES = {
    "HANDOFF.md ": "HANDOFF.md\\u0020",
    "HANDOFF.md\u00a0": "HANDOFF.md\\u00a0",
    " HANDOFF.md": "\\u0020HANDOFF.md",
    "HAND\u041eFF.md": "HAND\\u041eFF.md",
    "HANDOFF.md.": "HANDOFF.md.",
    "\uff28ANDOFF.md": "\\uff28ANDOFF.md",
    "HANDOFF\u2024md": "HANDOFF\\u2024md",
    "HANDOFF.md\u0301": "HANDOFF.md\\u0301",
    "docs /SESSION_HANDOFF.md": "docs\\u0020/SESSION_HANDOFF.md",
    "HAND\u0555FF.md": "HAND\\u0555FF.md",
    "\u13bbANDOFF.md": "\\u13bbANDOFF.md",
    "HAND\u1d0fFF.md": "HAND\\u1d0fFF.md",
}


def _feature_branch(repo: GitRepo) -> None:
    repo.write("README.md", "hi\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")


def _check(repo: GitRepo, run_cli: Run) -> Result:
    done = run_cli(["check", "--target-branch", "main"], cwd=repo.root)
    assert done.code in (0, 1), done.out
    return done


@pytest.mark.parametrize("name", NOTE_NAMES)
def test_a_note_whose_name_reads_as_a_block_file_is_blocked(
    git_repo: GitRepo, run_cli: Run, name: str
) -> None:
    _feature_branch(git_repo)
    git_repo.write(name, NOTE)
    git_repo.commit("a note under a look-alike name")
    done = _check(git_repo, run_cli)
    assert done.code == 1, done.out
    seen = name.strip().rstrip(".").replace(" /", "/")
    for odd, plain in (
        *(("\u00a0", ""), ("\u041e", "O"), ("\uff28", "H"), ("\u2024", ".")),
        *(("\u0555", "O"), ("\u13bb", "H"), ("\u1d0f", "O")),
    ):
        seen = seen.replace(odd, plain)
    seen = seen.replace("\u0301", "")
    assert (
        f"{NOTE_NAMES[name]} (read as {seen}, a working note's name: its name holds characters "
        "that look like others, or spaces or dots a reader does not see at the ends of its parts) "
        "would be merged into the protected branch main"
    ) in done.out
    fix = done.out.split("(`", 1)[1].split(" && ", 1)[0]
    subprocess.run(["bash", "-c", fix], cwd=git_repo.root, check=True)
    assert not (git_repo.root / name).exists()


@pytest.mark.parametrize(
    "name",
    ["HAND\u200bOFF.md", "HANDOFF.md\t", "HANDOFF.md\r", "\u202eHANDOFF.md", "HANDOFF.md\u00a0"],
)
def test_the_look_alike_fix_runs_in_sh(git_repo: GitRepo, run_cli: Run, name: str) -> None:
    """The fix named the file as bash's ``$'HAND\\u200bOFF.md'``, which sh (dash: GitHub's
    ``run:`` steps on Ubuntu with ``shell: sh``, many users' shells) reads as a ``$`` and the
    escapes as they are: ``git rm`` named no file. Run by ``sh -c``, it removes that file
    alone."""
    _feature_branch(git_repo)
    git_repo.write(name, NOTE)
    git_repo.write("HANDOFF.md", NOTE)
    git_repo.commit("a note under a look-alike name beside the one it looks like")
    done = _check(git_repo, run_cli)
    [fix] = [
        line.split("(`", 1)[1].split(" && ", 1)[0]
        for line in done.out.splitlines()
        if line.startswith(repr(name)[1:-1]) or "(read as" in line or "(shown as" in line
    ]
    assert "$'" not in fix and fix.isprintable(), fix
    ran = subprocess.run(["sh", "-c", fix], cwd=git_repo.root, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    assert not (git_repo.root / name).exists()
    assert (git_repo.root / "HANDOFF.md").exists()
    assert git_repo.git("ls-files") == "HANDOFF.md\nREADME.md"


def test_a_name_in_another_script_is_not_blocked(git_repo: GitRepo, run_cli: Run) -> None:
    """Cyrillic and Japanese names that look like no Latin name keep their own letters."""
    _feature_branch(git_repo)
    for name in ("\u041f\u0415\u0420\u0415\u0414\u0410\u0427\u0410.md", "引き継ぎ.md", "notes .md"):
        git_repo.write(name, NOTE)
    git_repo.commit("notes in other languages")
    done = _check(git_repo, run_cli)
    assert done.code == 0, done.out
    assert "handoff-in-merge" not in done.out


@pytest.mark.parametrize("name", ["handoff.json ", ".handoff /refund.json", ".hand\u043eff/x.json"])
def test_an_active_packet_under_a_look_alike_name_is_blocked(
    git_repo: GitRepo, run_cli: Run, name: str
) -> None:
    _feature_branch(git_repo)
    git_repo.write(name, packet_data(branch="feat/x"))
    git_repo.commit("a packet under a look-alike name")
    done = _check(git_repo, run_cli)
    assert done.code == 1, done.out
    assert "a packet's name: its name holds characters that look like others" in done.out
    assert "the audit does not read it as a packet; remove it from the pull request" in done.out


def test_the_action_blocks_a_packet_whose_name_ends_in_a_space(runner: Runner) -> None:
    runner.repo.git("rm", "-q", "handoff.md")
    runner.repo.git("mv", "handoff.json", "handoff.json ")
    runner.head = runner.repo.commit("a packet under a look-alike name")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "handoff.json\\u0020 (read as handoff.json, a packet's name" in done.out


def test_the_action_blocks_a_note_with_a_cyrillic_letter(runner: Runner) -> None:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write("HAND\u041eFF.md", NOTE)
    runner.head = runner.repo.commit("a note under a look-alike name")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "HAND\\u041eFF.md (read as HANDOFF.md" in done.out


def test_a_long_name_of_spaces_and_dots_is_read_in_linear_time() -> None:
    """Trimming spaces and dots in turn copied the segment at each step: seconds for this."""
    start = time.perf_counter()
    assert seen_name("x" + " ." * 500_000) == "x"
    assert time.perf_counter() - start < 2.0


@pytest.mark.parametrize("end", ["\t", "\r", "\n", "\v", "\f"])
def test_a_note_whose_name_ends_in_a_tab_or_a_line_break_is_blocked(
    git_repo: GitRepo, run_cli: Run, end: str
) -> None:
    """Only a space, a dot or ``./`` made an ASCII name read as another: a trailing tab or
    carriage return passed the gate."""
    _feature_branch(git_repo)
    git_repo.write(f"HANDOFF.md{end}", NOTE)
    git_repo.commit("a note whose name ends in whitespace")
    done = _check(git_repo, run_cli)
    assert done.code == 1, done.out
    assert "(read as HANDOFF.md, a working note's name" in done.out
    assert seen_name(f"docs{end}/HANDOFF.md") == "docs/HANDOFF.md"


def test_a_look_alike_of_a_note_the_configuration_allows_is_not_blocked(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """With ``block-files: []`` a ``HANDOFF.md `` was blocked as a packet's name (``packets``
    lists ``HANDOFF.md``) while the real ``HANDOFF.md`` passed; a JSON packet's look-alike
    still is blocked."""
    git_repo.write(".handoff-audit.yml", "block-files: []\n")
    _feature_branch(git_repo)
    git_repo.write("HANDOFF.md ", NOTE)
    git_repo.write("HANDOFF.md", NOTE)
    git_repo.commit("notes the configuration allows")
    done = _check(git_repo, run_cli)
    assert "handoff-in-merge" not in done.out, done.out
    git_repo.write("handoff.json ", packet_data(branch="feat/x"))
    git_repo.commit("a packet under a look-alike name")
    done = _check(git_repo, run_cli)
    assert done.code == 1, done.out
    assert "handoff.json\\u0020 (read as handoff.json, a packet's name" in done.out
    assert "HANDOFF.md\\u0020" not in done.out


def test_a_note_in_a_folder_with_an_accent_is_named_as_it_is(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """``docs/español/HANDOFF.md`` is blocked under its own name: it was named as a look-alike
    (``docs/espa\\u00f1ol/HANDOFF.md (read as docs/espanol/HANDOFF.md …``), and a ``!`` entry
    naming it did not leave it out, as the gate judged the name without its accent."""
    _feature_branch(git_repo)
    git_repo.write("docs/español/HANDOFF.md", NOTE)
    git_repo.commit("a note in a folder with an accent")
    done = _check(git_repo, run_cli)
    assert done.code == 1, done.out
    assert (
        "handoff-in-merge: docs/español/HANDOFF.md would be merged into the protected branch main"
    ) in done.out
    assert "espanol" not in done.out and "\\u00f1" not in done.out
    git_repo.git("checkout", "-q", "main")
    git_repo.git("merge", "-q", "feat/x")
    on_main = run_cli(["check"], cwd=git_repo.root)
    assert "docs/español/HANDOFF.md is on the protected branch main" in on_main.out
    git_repo.write(
        ".handoff-audit.yml", 'block-files: ["**/HANDOFF.md", "!docs/español/HANDOFF.md"]\n'
    )
    git_repo.commit("keep it")
    assert "handoff-in-merge" not in run_cli(["check"], cwd=git_repo.root).out


def test_a_name_with_a_leading_space_the_configuration_spells_is_named_as_it_is(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """A folder `` notes`` that ``block-files`` names with its leading space is the configured
    name, not a look-alike of ``notes``: it was named ``\\u0020notes/HANDOFF.md (read as
    notes/HANDOFF.md …``. A leading space no glob spells (`` docs`` under ``**/``) still is."""
    # main's configuration: the merge gate reads main's `block-files`, as the Action does
    git_repo.write(".handoff-audit.yml", 'block-files: [" notes/HANDOFF.md", "**/HANDOFF.md"]\n')
    _feature_branch(git_repo)
    git_repo.write(" notes/HANDOFF.md", NOTE)
    git_repo.write(" docs/HANDOFF.md", NOTE)
    git_repo.commit("notes in folders with a leading space")
    done = _check(git_repo, run_cli)
    assert done.code == 1, done.out
    assert (
        "handoff-in-merge:  notes/HANDOFF.md would be merged into the protected branch main"
    ) in done.out
    assert "\\u0020notes" not in done.out and "read as notes/" not in done.out
    assert "\\u0020docs/HANDOFF.md (read as docs/HANDOFF.md" in done.out
    git_repo.git("checkout", "-q", "main")
    git_repo.git("merge", "-q", "feat/x")
    on_main = run_cli(["check"], cwd=git_repo.root)
    assert " notes/HANDOFF.md is on the protected branch main" in on_main.out
    assert "\\u0020notes" not in on_main.out


GITHUB_TOKEN = "ghp_" + "A1b2" * 9
AWS_KEY = "AKIA" + "IOSFODNN7EXAMPLE"


def _named_parts(out: str, form: str) -> list[str]:
    """The name and the name it reads as, in each look-alike finding of ``out``."""
    if form == "sarif":
        runs = json.loads(out)["runs"]
        texts = [result["message"]["text"] for run in runs for result in run["results"]]
    else:
        texts = out.splitlines()
    return [
        text.split(" would be merged")[0].rsplit("handoff-in-merge", 1)[-1]
        for text in texts
        if "(read as" in text
    ]


@pytest.mark.parametrize("form", ["text", "sarif", "github"])
def test_a_credential_in_a_look_alike_name_is_redacted_in_both_names(
    git_repo: GitRepo, run_cli: Run, form: str
) -> None:
    """The name and the name it reads as were redacted only where neither was a file's name as
    it is: ``ghp_… /HANDOFF.md`` beside ``ghp_…/HANDOFF.md`` printed the token as the name it
    reads as, ``AKIA…/HANDOFF.md.`` as its own name."""
    _feature_branch(git_repo)
    for name in (f"{GITHUB_TOKEN} /HANDOFF.md", f"{GITHUB_TOKEN}/HANDOFF.md"):
        git_repo.write(name, NOTE)
    git_repo.write(f"{AWS_KEY}/HANDOFF.md.", NOTE)
    git_repo.commit("notes in credential-shaped folders")
    done = run_cli(["check", "--target-branch", "main", "--format", form], cwd=git_repo.root)
    assert done.code == 1, done.out
    parts = _named_parts(done.out, form)
    assert len(parts) == 2, done.out
    for part in parts:
        assert GITHUB_TOKEN not in part and AWS_KEY not in part, part
        name, seen = part.split("(read as ")
        assert "[redacted " in name and seen.startswith("[redacted "), part


CONFUSABLE_NAMES = {
    "HANDO\u03dc\u03dc.md": "HANDO\\u03dc\\u03dc",  # Greek digamma
    "\ua4e7\ua4ee\ua4e0\ua4d3\ua4f3\ua4dd\ua4dd.md": "\\ua4e7\\ua4ee\\ua4e0",  # Lisu letters
    "HAND\u2c9eFF.md": "HAND\\u2c9eFF",  # Coptic O
    "HANDOFF\ua4f8md": "HANDOFF\\ua4f8",  # Lisu tone mya ti, drawn as a dot
    "SESSION_HANDOFF\u0660md": "SESSION_HANDOFF\\u0660",  # Arabic-Indic zero, a dot
    "NEXT_SESS\u16c1ON.md": "NEXT_SESS\\u16c1ON",  # a runic I
}


@pytest.mark.parametrize("name", CONFUSABLE_NAMES)
def test_a_note_under_letters_unicode_lists_as_confusable_is_blocked(
    git_repo: GitRepo, run_cli: Run, name: str
) -> None:
    """Letters outside the Cyrillic, Greek, Armenian and Cherokee ones first mapped (a Greek
    digamma, Lisu and Coptic letters, a Lisu tone dot) opened the gate for a working note."""
    _feature_branch(git_repo)
    git_repo.write(name, NOTE)
    git_repo.commit("a note under a look-alike name")
    done = _check(git_repo, run_cli)
    assert done.code == 1, done.out
    assert "handoff-in-merge" in done.out
    assert "a working note's name: its name holds characters that look like others" in done.out
    assert CONFUSABLE_NAMES[name] in done.out


def test_the_action_blocks_an_active_packet_in_a_folder_with_a_lisu_letter(
    runner: Runner,
) -> None:
    """``.h\\ua4eendoff/feat.json`` reads as ``.handoff/feat.json``: "No handoff packets
    found" and an open gate for an active packet."""
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    data = packet_data(branch="feat/refunds", last_known_good_commit=runner.repo.head())
    runner.repo.write(".h\ua4eendoff/feat.json", data)
    runner.head = runner.repo.commit("a packet in a look-alike folder")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert ".h\\ua4eendoff/feat.json (read as .hAndoff/feat.json, a packet's name" in done.out


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        (b"HANDOFF.md\x80", "HANDOFF.md\\x80"),
        (b"HAND\xe2\x80OFF.md", "HAND\\xe2\\x80OFF.md"),
        (b"HANDOFF\x80.md", "HANDOFF\\x80.md"),
    ],
)
def test_the_action_blocks_a_note_whose_name_holds_a_byte_that_is_no_utf8(
    runner: Runner, name: bytes, shown: str
) -> None:
    """GitHub shows ``HANDOFF.md\\x80`` as ``HANDOFF.md\\ufffd``: it passed the gate with no
    word (``HANDOFF\\x80.md`` got only the "not audited" notice)."""
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    (runner.repo.root / os.fsdecode(name)).write_text(NOTE, encoding="utf-8")
    runner.head = runner.repo.commit("a note under a name with a stray byte")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert f"{shown} (read as HANDOFF.md, a working note's name" in done.out
    assert "not audited" not in done.out
