"""The held-out round kit (bench/heldout/) flags what would make a set not fresh, and keeps labels.

Each step runs as a script on a real round folder in a temporary directory.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

KIT = Path(__file__).resolve().parent.parent / "bench" / "heldout"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, check=False, timeout=120
    )


def write_round(folder: Path, files: dict[str, tuple[str, bytes]]) -> None:
    """A round folder: each file NAME -> (owner/repo, bytes), a manifest, an exclusion list."""
    manifest = []
    for name, (repo, data) in files.items():
        (folder / name).write_bytes(data)
        manifest.append(
            {
                "file": name,
                "repository": repo,
                "path": "HANDOFF.md",
                "commit": "0" * 40,
                "kind": "root-note",
                "sha256": hashlib.sha256(data).hexdigest(),
            }
        )
    (folder / "MANIFEST.json").write_text(json.dumps(manifest))
    excluded = {"owners": ["used-before"], "repos": ["used-before/app"]}
    (folder / "exclude.json").write_text(json.dumps(excluded))


def test_exclusions_name_every_earlier_owner_and_the_reserved_ones(tmp_path: Path) -> None:
    reserved = tmp_path / "reserved.txt"
    reserved.write_text("# reserved\nSomeOne/Kept-Aside\n")
    done = run(str(KIT / "exclusions.py"), str(reserved))
    assert done.returncode == 0, done.stderr
    excluded = json.loads(done.stdout)
    assert "someone/kept-aside" in excluded["repos"] and "someone" in excluded["owners"]
    # A repository from a round-24 manifest and one from the first vendored set.
    assert "ccisnedev/dojo" in excluded["repos"]
    assert "iandorsey00" in excluded["owners"]


def test_recheck_passes_a_fresh_round(tmp_path: Path) -> None:
    write_round(tmp_path, {"001-a.md": ("alice/notes", b"# one\n"), "101-b.md": ("bob/x", b"2\n")})
    done = run(str(KIT / "rounds.py"), "recheck", str(tmp_path))
    assert done.returncode == 0, done.stdout
    assert "2 files from 2 owners; 0 flagged" in done.stdout


def test_recheck_flags_a_used_owner_a_second_file_of_one_owner_and_changed_bytes(
    tmp_path: Path,
) -> None:
    write_round(
        tmp_path,
        {
            "001-a.md": ("Used-Before/other", b"# one\n"),
            "002-b.md": ("bob/x", b"# two\n"),
            "003-c.md": ("bob/y", b"# three\n"),
        },
    )
    (tmp_path / "002-b.md").write_bytes(b"# edited after collecting\n")
    done = run(str(KIT / "rounds.py"), "recheck", str(tmp_path))
    assert done.returncode == 1
    assert "001-a.md: used-before/other is excluded" in done.stdout
    assert "002-b.md: sha256 differs from the manifest" in done.stdout
    assert "003-c.md: owner bob also gave 002-b.md" in done.stdout


def label(name: str, verdict: str, **facets: bool) -> dict[str, object]:
    row: dict[str, object] = dict.fromkeys(("state", "next", "decisions", "ruled_out"), True)
    row |= {"pointers": True, "file": name, "verdict": verdict, **facets}
    return row


def test_disputes_and_consensus_keep_agreement_and_need_a_decision_for_each_dispute(
    tmp_path: Path,
) -> None:
    write_round(tmp_path, {"001-a.md": ("alice/n", b"a\n"), "002-b.md": ("bob/n", b"b\n")})
    first = [label("001-a.md", "good"), label("002-b.md", "weak", next=False)]
    second = [label("001-a.md", "good", ruled_out=False), label("002-b.md", "weak", next=False)]
    (tmp_path / "LABELS-R1.json").write_text(json.dumps({"labels": first}))
    (tmp_path / "LABELS-R2.json").write_text(json.dumps({"labels": second}))

    done = run(str(KIT / "rounds.py"), "disputes", str(tmp_path))
    assert "readers agree on 9/10 facets and 2/2 verdicts; 1 disputes" in done.stdout
    assert "## 001-a.md — ruled_out" in (tmp_path / "DISPUTES.md").read_text()

    undecided = run(str(KIT / "rounds.py"), "consensus", str(tmp_path))
    assert undecided.returncode == 1 and "001-a.md ruled_out" in undecided.stdout

    decision = {"file": "001-a.md", "item": "ruled_out", "value": False, "why": "a bug fixed"}
    (tmp_path / "DECISIONS.json").write_text(json.dumps({"decisions": [decision]}))
    done = run(str(KIT / "rounds.py"), "consensus", str(tmp_path))
    assert done.returncode == 0, done.stdout
    labels = {
        row["file"]: row for row in json.loads((tmp_path / "LABELS.json").read_text())["labels"]
    }
    assert labels["001-a.md"]["ruled_out"] is False and labels["001-a.md"]["next"] is True
    assert labels["002-b.md"]["next"] is False


def test_a_missing_or_broken_round_file_is_one_line_naming_it(tmp_path: Path) -> None:
    missing = run(str(KIT / "rounds.py"), "recheck", str(tmp_path))
    assert missing.returncode == 1
    assert (
        missing.stderr.strip()
        == f"rounds: {tmp_path / 'exclude.json'}: no such file; run the step that writes it first"
    )
    write_round(tmp_path, {"001-a.md": ("alice/n", b"a\n")})
    (tmp_path / "LABELS-R1.json").write_text('{"labels": [')
    (tmp_path / "LABELS-R2.json").write_text('{"labels": []}')
    broken = run(str(KIT / "rounds.py"), "consensus", str(tmp_path))
    assert broken.returncode == 1 and "Traceback" not in broken.stderr
    assert broken.stderr.startswith(f"rounds: {tmp_path / 'LABELS-R1.json'}:1:")
    (tmp_path / "LABELS-R1.json").write_text('{"labels": []}')
    unlabelled = run(str(KIT / "rounds.py"), "consensus", str(tmp_path))
    assert (
        unlabelled.stderr.strip()
        == "rounds: 001-a.md: not labelled by both readers (LABELS-R1/R2.json)"
    )


def test_corpus_flags_a_file_with_a_secret_like_string_and_refuses_to_vendor_it(
    tmp_path: Path,
) -> None:
    key = b"aws_access_key_id = AKIA" + b"Q" * 16 + b"\n"
    round_dir, out = tmp_path / "round", tmp_path / "out"
    round_dir.mkdir()
    write_round(round_dir, {"001-a.md": ("alice/n", b"plain\n"), "002-b.md": ("bob/n", key)})
    rows = json.loads((round_dir / "MANIFEST.json").read_text())
    for row, licence in zip(rows, ("MIT", "none"), strict=True):
        row["licence"], row["licence_holder"] = licence, "Alice"
    (round_dir / "MANIFEST.json").write_text(json.dumps(rows))
    (round_dir / "LABELS.json").write_text(json.dumps({"labels": []}))
    corpus = [str(KIT / "rounds.py"), "corpus", str(round_dir), "99", "abc1234", "--out", str(out)]

    misspelt = run(*corpus, "--vendor", "002-c.md")
    assert misspelt.returncode == 1
    assert (
        misspelt.stderr.strip() == "rounds: --vendor 002-c.md: not in MANIFEST.json; name its files"
    )

    refused = run(*corpus, "--vendor", "002-b.md")
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert "002-b.md: holds a secret-like string; name it only" in refused.stderr
    assert "AKIA" not in refused.stderr

    done = run(*corpus, "--vendor", "001-a.md")
    assert done.returncode == 0, done.stderr
    files = {row["file"]: row for row in json.loads((out / "CORPUS.json").read_text())["files"]}
    assert files["001-a.md"]["vendored"] == "yes" and not files["001-a.md"]["contains_secret_like"]
    assert files["002-b.md"]["contains_secret_like"] is True
    # Every named file carries its hash, so a rebuild can tell the same bytes came back.
    assert files["002-b.md"]["sha256"] == hashlib.sha256(key).hexdigest()
    assert files["002-b.md"]["why_not_vendored"] == "no licence; a secret-like string in it"
    assert (out / "001-a.md").read_bytes() == b"plain\n" and not (out / "002-b.md").exists()


def test_corpus_names_a_collected_file_that_is_missing_in_one_line(tmp_path: Path) -> None:
    write_round(tmp_path, {"001-a.md": ("alice/n", b"a\n")})
    (tmp_path / "001-a.md").unlink()
    (tmp_path / "LABELS.json").write_text(json.dumps({"labels": []}))
    done = run(
        str(KIT / "rounds.py"),
        "corpus",
        str(tmp_path),
        "99",
        "abc1234",
        "--out",
        str(tmp_path / "out"),
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"rounds: {tmp_path / '001-a.md'}: cannot be read (")


def test_calibrate_learns_from_one_labelled_folder_and_scores_the_rules_as_judgment_does() -> None:
    corpus = KIT.parent.parent / "tests" / "data" / "realworld-handoffs"
    judged = run(str(KIT.parent / "judgment.py"), str(corpus))
    calibrated = run(str(KIT / "calibrate.py"), "--train", str(corpus), "--test", str(corpus))
    assert calibrated.returncode == 0, calibrated.stderr
    agreement = next(
        line for line in judged.stdout.splitlines() if line.lstrip().startswith("facet agreement")
    )
    lines = calibrated.stdout.splitlines()
    said = agreement.split(": ", 1)[1].split(" = ")[0]
    assert lines[1].startswith(f"agreement, the rules: {said} = ")
    learned = lines[2].split(": ", 1)[1]
    right, pairs = (int(n) for n in learned.split(" = ")[0].split("/"))
    assert pairs == int(lines[0].split()[2]) > 0 and 0 < right <= pairs


def test_calibrate_names_a_folder_without_readable_labels_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "LABELS.json").write_text("{", encoding="utf-8")
    for folder in (tmp_path / "missing", tmp_path / "broken"):
        done = run(str(KIT / "calibrate.py"), "--train", str(folder), "--test", str(folder))
        assert done.returncode == 1 and "Traceback" not in done.stderr
        (line,) = done.stderr.strip().splitlines()
        assert line.startswith(f"judgment: {folder / 'LABELS.json'}: cannot be read (")
        assert line.endswith(")")


def test_perfacet_splits_judgments_agreement_facet_by_facet(tmp_path: Path) -> None:
    corpus = KIT.parent.parent / "tests" / "data" / "realworld-handoffs"
    judged = run(str(KIT.parent / "judgment.py"), str(corpus), "--files")
    measured = tmp_path / "MEASURED.txt"
    measured.write_text(judged.stdout, encoding="utf-8")
    done = run(str(KIT / "perfacet.py"), str(measured), str(measured))
    assert done.returncode == 0, done.stderr
    agreement = next(
        line for line in judged.stdout.splitlines() if line.lstrip().startswith("facet agreement")
    )
    right, pairs = (int(n) for n in agreement.split(": ", 1)[1].split(" = ")[0].split("/"))
    facets = done.stdout.splitlines()[1:]
    assert len(facets) == 5
    agreed = 0
    for line in facets:
        counts = [int(n) for n in re.findall(r"\d+", line.split(": ", 1)[1])]
        agree, files, both, only_reader, only_audit, guess, _ = counts
        assert files == 2 * pairs // 5  # the output was named twice: every file counts twice
        assert agree + only_reader + only_audit == files and both <= agree
        assert files // 2 <= guess <= files
        agreed += agree
    assert agreed == 2 * right


def test_perfacet_names_an_unreadable_output_in_one_line(tmp_path: Path) -> None:
    done = run(str(KIT / "perfacet.py"), str(tmp_path / "MEASURED.txt"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert (
        done.stderr.strip()
        == f"perfacet: {tmp_path / 'MEASURED.txt'}: cannot be read (No such file or directory)"
    )


def test_corpus_without_the_package_says_so_in_one_line(tmp_path: Path) -> None:
    write_round(tmp_path, {"001-a.md": ("alice/n", b"a\n")})
    (tmp_path / "LABELS.json").write_text(json.dumps({"labels": []}))
    out = tmp_path / "out"
    # -S leaves site-packages out, and with them the installed handoff_audit
    corpus = [str(KIT / "rounds.py"), "corpus", str(tmp_path), "99", "abc1234", "--out", str(out)]
    done = run("-S", *corpus)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("rounds: corpus scans every file with the audit's secret patterns (")
    assert line.endswith("(pip install -e .)") and not out.exists()


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def test_rebuild_takes_each_named_file_from_git_at_its_commit_and_names_what_is_missing(
    tmp_path: Path,
) -> None:
    repo = tmp_path / "mirrors" / "alice" / "notes"
    repo.mkdir(parents=True)
    git(repo, "init", "-q")
    (repo / "HANDOFF.md").write_text("# Handoff\n\nState: export works.\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "one")
    first = git(repo, "rev-parse", "HEAD")
    (repo / "HANDOFF.md").write_text("# Handoff\n\nrewritten later\n")
    git(repo, "commit", "-qam", "two")
    corpus_dir = tmp_path / "round99"
    corpus_dir.mkdir()
    (corpus_dir / "002-bob-kit-HANDOFF.md").write_bytes(b"# vendored\n")
    named = {"path": "HANDOFF.md", "commit": first, "split": "heldout", "licence": "none"}
    rows = [
        {"file": "001-alice-notes-HANDOFF.md", "repository": "alice/notes", "vendored": "no"},
        {"file": "002-bob-kit-HANDOFF.md", "repository": "bob/kit", "vendored": "yes"},
        {"file": "003-carol-gone-HANDOFF.md", "repository": "carol/gone", "vendored": "no"},
        {
            "file": "004-alice-notes-HANDOFF.md",
            "repository": "alice/notes",
            "vendored": "no",
            "sha256": "0" * 64,
        },
    ]
    (corpus_dir / "CORPUS.json").write_text(json.dumps({"files": [named | r for r in rows]}))
    (corpus_dir / "LABELS.json").write_text(json.dumps({"labels": [label("001", "good")]}))
    out = tmp_path / "rebuilt"
    rebuild = [str(KIT / "rounds.py"), "rebuild", str(corpus_dir), "--out", str(out)]

    done = run(*rebuild, "--mirrors", str(tmp_path / "mirrors"))

    assert done.returncode == 1, done.stderr
    assert (out / "001-alice-notes-HANDOFF.md").read_text() == "# Handoff\n\nState: export works.\n"
    assert (out / "002-bob-kit-HANDOFF.md").read_bytes() == b"# vendored\n"
    assert "2 of 4 files (1 vendored, 1 from git, 0 already there); 2 missing or changed" in (
        done.stdout
    )
    assert (
        f"003-carol-gone-HANDOFF.md: missing; fetch carol/gone {first[:12]}:HANDOFF.md into "
        in done.stdout
    )
    assert "004-alice-notes-HANDOFF.md: sha256 differs from CORPUS.json (git)" in done.stdout
    assert not (out / "004-alice-notes-HANDOFF.md").exists()
    assert json.loads((out / "LABELS.json").read_text())["labels"][0]["file"] == "001"

    # A file read by hand into the folder (as through the search index) is kept, not refetched.
    (out / "003-carol-gone-HANDOFF.md").write_text("# read by hand\n")
    again = run(*rebuild, "--mirrors", str(tmp_path / "mirrors"))
    assert "3 of 4 files (1 vendored, 1 from git, 1 already there); 1 missing" in again.stdout

    (corpus_dir / "002-bob-kit-HANDOFF.md").unlink()
    broken = run(*rebuild, "--mirrors", str(tmp_path / "mirrors"))
    assert broken.returncode == 1 and "Traceback" not in broken.stderr
    assert broken.stderr.strip().endswith(
        "002-bob-kit-HANDOFF.md: vendored but absent; restore it with git"
    )

    unnamed = run(*rebuild[:3], "--out", str(out))
    assert unnamed.returncode == 2 and "rebuild needs ROUND_CORPUS --mirrors DIR" in unnamed.stderr
