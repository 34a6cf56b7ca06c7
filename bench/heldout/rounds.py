"""The bookkeeping of one held-out round of issue 20, from collected files to a manifest.

    python bench/heldout/rounds.py merge ROUND        # ROUND/a, ROUND/b, ... into ROUND
    python bench/heldout/rounds.py recheck ROUND      # exclusions, owners, bytes, duplicates
    python bench/heldout/rounds.py disputes ROUND     # the two readers' labels side by side
    python bench/heldout/rounds.py consensus ROUND    # agreed labels + ROUND/DECISIONS.json
    python bench/heldout/rounds.py corpus ROUND N FREEZE --vendor FILE... --figures TEXT
        # also flags each file holding a secret-like string, and refuses to vendor one
    python bench/heldout/rounds.py rebuild tests/data/realworld-handoffs-roundN \
        --mirrors DIR --out FOLDER    # the files again, from git snapshots, for judgment.py

The steps, the briefs and the guide are in bench/heldout/README.md. ROUND holds the collected
files, ``MANIFEST.json`` (the collectors'), ``exclude.json`` (``exclusions.py``), the readers'
``LABELS-R1.json`` and ``LABELS-R2.json`` and, after adjudication, ``DECISIONS.json``
(``{"decisions": [{"file", "item", "value", "why"}]}``, item a facet or ``verdict``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"
ITEMS = ("state", "next", "decisions", "ruled_out", "pointers", "verdict")
META = {"MANIFEST.json", "SAMPLING.md", "owners.txt"}


class RoundError(Exception):
    """A file of the round folder missing or unreadable: said in one line, never a traceback."""


def load(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RoundError(f"{path}: no such file; run the step that writes it first") from None
    except (OSError, UnicodeDecodeError) as error:
        raise RoundError(f"{path}: cannot be read ({error})") from None
    except json.JSONDecodeError as error:
        raise RoundError(
            f"{path}:{error.lineno}:{error.colno}: invalid JSON ({error.msg}); fix the file"
        ) from None


def save(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def labels(path: Path) -> dict[str, dict[str, Any]]:
    data = load(path)
    rows = data["labels"] if isinstance(data, dict) else data
    return {row["file"]: row for row in rows}


def merge(round_dir: Path) -> int:
    manifest: list[dict[str, Any]] = []
    for folder in sorted(round_dir.iterdir()):
        if not (folder / "MANIFEST.json").is_file():
            continue  # a collector's folder holds its MANIFEST.json
        part = folder.name
        manifest += load(folder / "MANIFEST.json")
        for meta in ("SAMPLING.md", "owners.txt"):
            if (folder / meta).exists():
                shutil.copy(
                    folder / meta,
                    round_dir / f"{Path(meta).stem}-{part.upper()}{Path(meta).suffix}",
                )
        for file in folder.iterdir():
            if file.name not in META:
                shutil.move(str(file), round_dir / file.name)
    save(round_dir / "MANIFEST.json", sorted(manifest, key=lambda row: row["file"]))
    print(f"{len(manifest)} files in {round_dir / 'MANIFEST.json'}")
    return 0


def earlier_hashes() -> dict[str, str]:
    """SHA-256 of every file kept under tests/data, to catch a copy of an earlier file."""
    return {
        hashlib.sha256(path.read_bytes()).hexdigest(): str(path.relative_to(DATA))
        for path in DATA.rglob("*.md")
    }


def recheck(round_dir: Path) -> int:
    exclude = load(round_dir / "exclude.json")
    owners_out, repos_out = set(exclude["owners"]), set(exclude["repos"])
    earlier = earlier_hashes()
    problems: list[str] = []
    seen_owners: dict[str, str] = {}
    seen_hashes: dict[str, str] = {}
    manifest = load(round_dir / "MANIFEST.json")
    for row in manifest:
        name, repo = row["file"], row["repository"].lower()
        owner = repo.split("/", 1)[0]
        path = round_dir / name
        if not path.is_file():
            problems.append(f"{name}: listed but absent")
            continue
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if row.get("sha256") not in (None, digest):
            problems.append(f"{name}: sha256 differs from the manifest")
        if owner in owners_out or repo in repos_out:
            problems.append(f"{name}: {repo} is excluded (used before or reserved)")
        if owner in seen_owners:
            problems.append(f"{name}: owner {owner} also gave {seen_owners[owner]}")
        if digest in earlier:
            problems.append(f"{name}: same bytes as tests/data/{earlier[digest]}")
        if digest in seen_hashes:
            problems.append(f"{name}: same bytes as {seen_hashes[digest]}")
        seen_owners[owner], seen_hashes[digest] = name, name
    listed = {row["file"] for row in manifest}
    for path in sorted(round_dir.iterdir()):
        if path.suffix == ".md" and path.name[:3].isdigit() and path.name not in listed:
            problems.append(f"{path.name}: on disk, not in the manifest")
    print(f"{len(manifest)} files from {len(seen_owners)} owners; {len(problems)} flagged")
    for problem in problems:
        print("  " + problem)
    return 1 if problems else 0


def disputes(round_dir: Path) -> int:
    first, second = labels(round_dir / "LABELS-R1.json"), labels(round_dir / "LABELS-R2.json")
    files = sorted(load_manifest_names(round_dir))
    rows, agreed = [], {"facets": 0, "verdicts": 0}
    for name in files:
        one, two = first.get(name), second.get(name)
        if one is None or two is None:
            print(f"{name}: labelled by {'neither' if one is two else 'one reader'}")
            return 1
        for item in ITEMS:
            if one[item] == two[item]:
                agreed["facets" if item != "verdict" else "verdicts"] += 1
                continue
            rows.append(
                f"## {name} — {item}\n\n- reader 1: **{one[item]}** — "
                f"{(one.get('evidence') or {}).get(item, one.get('note', ''))}\n- reader 2: "
                f"**{two[item]}** — {(two.get('evidence') or {}).get(item, two.get('note', ''))}\n"
                f"- notes: 1: {one.get('note', '')} / 2: {two.get('note', '')}\n"
            )
    (round_dir / "DISPUTES.md").write_text(
        f"# Disputes ({len(rows)})\n\n" + "\n".join(rows), encoding="utf-8"
    )
    n = len(files)
    print(
        f"readers agree on {agreed['facets']}/{5 * n} facets and {agreed['verdicts']}/{n} "
        f"verdicts; {len(rows)} disputes in {round_dir / 'DISPUTES.md'}"
    )
    return 0


def load_manifest_names(round_dir: Path) -> list[str]:
    return [row["file"] for row in load(round_dir / "MANIFEST.json")]


def consensus(round_dir: Path) -> int:
    first, second = labels(round_dir / "LABELS-R1.json"), labels(round_dir / "LABELS-R2.json")
    decided: dict[tuple[str, str], Any] = {}
    if (round_dir / "DECISIONS.json").exists():
        for row in load(round_dir / "DECISIONS.json")["decisions"]:
            decided[(row["file"], row["item"])] = row["value"]
    out, open_items = [], []
    for name in sorted(load_manifest_names(round_dir)):
        one, two = first.get(name), second.get(name)
        if one is None or two is None:
            raise RoundError(f"{name}: not labelled by both readers (LABELS-R1/R2.json)")
        row: dict[str, Any] = {"file": name}
        for item in ITEMS:
            if one[item] == two[item]:
                row[item] = one[item]
            elif (name, item) in decided:
                row[item] = decided[(name, item)]
            else:
                open_items.append(f"{name} {item}")
        if row.get("verdict") == "not a handoff":
            row.update(dict.fromkeys(ITEMS[:5], False))
        row["evidence"] = one.get("evidence", {})
        row["note"] = one.get("note", "")
        out.append(row)
    if open_items:
        print("undecided: " + ", ".join(open_items))
        return 1
    save(round_dir / "LABELS.json", {"about": "consensus labels", "labels": out})
    print(f"{len(out)} labels in {round_dir / 'LABELS.json'}")
    return 0


PERMISSIVE = ("MIT", "BSD-2-Clause", "BSD-3-Clause")


def why_not_vendored(licence: str, how_read: str, secret_like: bool) -> str:
    """Why a named file is not copied here, from the collector's licence note."""
    if licence.startswith(("unknown", "not checked")):
        why = "licence not found at the commit"
    elif licence.startswith("none"):
        why = "no licence"
    elif licence.startswith(PERMISSIVE) and how_read.startswith("read_file"):
        why = "read through the search index (bytes not checked against git)"
    elif licence.startswith(PERMISSIVE):
        why = "permissive licence naming someone not shown to be the owner"
    else:
        why = "a licence other than MIT or BSD"
    return f"{why}; a secret-like string in it" if secret_like else why


def corpus(
    round_dir: Path, number: int, freeze: str, vendor: list[str], figures: str, out: Path | None
) -> int:
    try:  # only this step needs the package
        from handoff_audit.credentials import find_secrets
    except ImportError as error:
        raise RoundError(
            f"corpus scans every file with the audit's secret patterns ({error}); "
            "run it with the Python where handoff-audit is installed (pip install -e .)"
        ) from None

    out = out or DATA / f"realworld-handoffs-round{number}"
    out.mkdir(exist_ok=True)
    split = f"heldout (round {number}: collected after the rules froze at {freeze}, measured once)"
    rows, sources, holders = [], [], []
    manifest = load(round_dir / "MANIFEST.json")
    if unknown := sorted(set(vendor) - {entry["file"] for entry in manifest}):
        raise RoundError(f"--vendor {', '.join(unknown)}: not in MANIFEST.json; name its files")
    for entry in manifest:
        name = entry["file"]
        kept = name in vendor
        # The collectors never read a file, so only a scan here can say it holds a credential.
        try:
            text = (round_dir / name).read_bytes().decode("utf-8", errors="replace")
        except OSError as error:
            raise RoundError(
                f"{round_dir / name}: cannot be read ({error.strerror}); MANIFEST.json names it, "
                "so put the collected file back or drop its entry"
            ) from None
        secret_like = bool(entry.get("contains_secret_like")) or bool(find_secrets(text))
        if kept and secret_like:
            raise RoundError(f"{name}: holds a secret-like string; name it only, never vendor it")
        row = {
            "file": name,
            "repository": entry["repository"],
            "path": entry["path"],
            "commit": entry["commit"],
            "kind": entry["kind"],
            "split": split,
            "licence": entry.get("licence", "none"),
            "contains_secret_like": secret_like,
            "how_read": entry.get("how_read", "git show COMMIT:PATH of a fetched snapshot"),
            "sha256": hashlib.sha256((round_dir / name).read_bytes()).hexdigest(),
            "vendored": "yes" if kept else "no",
        }
        if kept:
            row["licence_source"] = "LICENSE at the commit"
            shutil.copy(round_dir / name, out / name)
            data = (out / name).read_bytes()
            sources.append(
                {
                    "file": name,
                    "repo": entry["repository"],
                    "path": entry["path"],
                    "commit": entry["commit"],
                    "license": entry["licence"],
                    "license_source": "LICENSE at the commit",
                    "sha256": hashlib.sha256(data).hexdigest(),
                }
            )
            holders.append(f"{name[:3]} {entry['repository']}: {entry['licence_holder']}")
        else:
            row["why_not_vendored"] = entry.get("why_not_vendored") or why_not_vendored(
                entry.get("licence", "none"), entry.get("how_read", ""), secret_like
            )
        rows.append(row)
    about = (
        f"Round-{number} held-out set of issue 20: {len(rows)} real markdown files, none used "
        f"before, collected after the rules froze at {freeze} and labelled blind by two readers "
        f"with a third deciding their disputes. {figures} Only files under a permissive licence "
        "at the commit, without secret-like strings and byte-identical to `git show "
        f"COMMIT:PATH` are vendored here ({len(sources)} of {len(rows)}); the others are named "
        "so the figures can be rebuilt: `python bench/heldout/rounds.py rebuild THIS_FOLDER "
        "--mirrors DIR --out FOLDER` writes each from `git show COMMIT:PATH` with its sha256 "
        "checked, then run `python bench/judgment.py FOLDER`."
    )
    save(out / "CORPUS.json", {"about": about, "files": rows})
    consensus_labels = load(round_dir / "LABELS.json")
    consensus_labels["about"] = (
        f"heldout{number} consensus labels: the two blind readers' labels where they agree, the "
        "adjudicator's decision on the disputed items"
    )
    from handoff_audit.credentials import redact_data

    # a reader's quoted evidence may hold a file's credential-like string (a local database
    # URL with its password): the copy here never does
    save(out / "LABELS.json", redact_data(consensus_labels))
    save(
        out / "SPLIT.json",
        {
            "about": f"All {len(rows)} files are the round-{number} held-out set, collected "
            f"after the rules froze at {freeze} and measured once.",
            "heldout": [row["file"] for row in rows],
        },
    )
    save(out / "SOURCES.json", sources)
    if holders:
        (out / "NOTICE").write_text(
            "Real handoff files from public GitHub repositories, each copied unchanged from the "
            "repository,\npath and commit named in SOURCES.json and used under that "
            "repository's licence at that commit.\nCopyright remains with the authors of those "
            f"repositories.\n\nMIT License ({'; '.join(holders)}):\n"
            "Permission is hereby granted, free of charge, to any person obtaining a copy of "
            "this software and\nassociated documentation files, to deal in them without "
            "restriction, subject to the condition\nthat the copyright notice and this "
            "permission notice are included in all copies or substantial\nportions. THE "
            'SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND.\nFull text: '
            "https://opensource.org/license/mit\n",
            encoding="utf-8",
        )
    print(f"{out}: {len(rows)} named, {len(sources)} vendored")
    return 0


def snapshot(mirrors: Path, repository: str) -> Path | None:
    """The git directory of ``repository`` under ``mirrors``, as fetched or cloned."""
    owner, _, name = repository.partition("/")
    for candidate in (
        mirrors / f"{owner}+{name}" / "repo",
        mirrors / f"{owner}+{name}",
        mirrors / owner / name / ".git",
        mirrors / owner / name,
    ):
        if (candidate / "objects").is_dir() or (candidate / "HEAD").is_file():
            return candidate
    return None


def git_show(git_dir: Path, commit: str, path: str) -> bytes | None:
    """The file's bytes at ``commit``, or ``None`` when the snapshot lacks them."""
    try:
        done = subprocess.run(
            ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
            capture_output=True,
            check=False,
            timeout=60,
        )
    except OSError as error:  # no git to run: every file would fail alike
        raise RoundError(f"rebuild needs git ({error.strerror})") from None
    except subprocess.TimeoutExpired:
        return None
    return done.stdout if done.returncode == 0 else None


def rebuild(corpus_dir: Path, mirrors: Path, out: Path) -> int:
    """Write a named round's files back into ``out`` with its labels, for bench/judgment.py.

    Each file comes from the round's folder when vendored, else from ``git show COMMIT:PATH`` of
    its repository's snapshot under ``mirrors``; a file already in ``out`` (read by hand, as a
    collector did through the search index) is kept. The manifest's sha256, where it has one,
    must match. Exit 1 names every file still missing and where to get it.
    """
    rows = load(corpus_dir / "CORPUS.json")["files"]
    consensus_labels = load(corpus_dir / "LABELS.json")
    if out.resolve() == corpus_dir.resolve():
        raise RoundError(f"--out {out}: is the round's own folder; name another")
    out.mkdir(parents=True, exist_ok=True)
    counts = {"vendored": 0, "git": 0, "kept": 0}
    problems: list[str] = []
    for row in rows:
        name, target = row["file"], out / row["file"]
        data: bytes | None = None
        if row["vendored"] == "yes":
            if not (corpus_dir / name).is_file():
                raise RoundError(f"{corpus_dir / name}: vendored but absent; restore it with git")
            data, how = (corpus_dir / name).read_bytes(), "vendored"
        elif (git_dir := snapshot(mirrors, row["repository"])) is not None:
            data, how = git_show(git_dir, row["commit"], row["path"]), "git"
        if data is None and target.is_file():
            data, how = target.read_bytes(), "kept"
        if data is None:
            where = f"{row['repository']} {row['commit'][:12]}:{row['path']}"
            problems.append(f"{name}: missing; fetch {where} into {mirrors}")
            continue
        if row.get("sha256") not in (None, hashlib.sha256(data).hexdigest()):
            problems.append(f"{name}: sha256 differs from CORPUS.json ({how})")
            continue
        if how != "kept":
            target.write_bytes(data)
        counts[how] += 1
    save(out / "LABELS.json", consensus_labels)
    shutil.copy(corpus_dir / "CORPUS.json", out / "CORPUS.json")
    done = sum(counts.values())
    print(
        f"{out}: {done} of {len(rows)} files ({counts['vendored']} vendored, {counts['git']} "
        f"from git, {counts['kept']} already there); {len(problems)} missing or changed"
    )
    for problem in problems:
        print("  " + problem)
    return 1 if problems else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "step", choices=("merge", "recheck", "disputes", "consensus", "corpus", "rebuild")
    )
    parser.add_argument("round_dir", type=Path)
    parser.add_argument("number", type=int, nargs="?")
    parser.add_argument("freeze", nargs="?")
    parser.add_argument("--vendor", nargs="*", default=[])
    parser.add_argument("--figures", default="")
    parser.add_argument(
        "--out",
        type=Path,
        help="corpus: default tests/data/realworld-handoffs-roundN; rebuild: the folder to fill",
    )
    parser.add_argument(
        "--mirrors",
        type=Path,
        help="rebuild: folder of git snapshots (OWNER+NAME/repo, OWNER/NAME)",
    )
    args = parser.parse_args(argv)
    if args.step == "rebuild":
        if args.mirrors is None or args.out is None:
            parser.error("rebuild needs ROUND_CORPUS --mirrors DIR --out FOLDER")
        return rebuild(args.round_dir, args.mirrors, args.out)
    if args.step == "corpus":
        if args.number is None or args.freeze is None:
            parser.error("corpus needs ROUND N FREEZE")
        return corpus(args.round_dir, args.number, args.freeze, args.vendor, args.figures, args.out)
    step = {"merge": merge, "recheck": recheck, "disputes": disputes, "consensus": consensus}
    return step[args.step](args.round_dir)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except RoundError as error:
        sys.exit(f"rounds: {error}")
    except KeyError as error:
        sys.exit(
            f"rounds: an entry of MANIFEST.json, CORPUS.json, LABELS-R*.json or DECISIONS.json "
            f"lacks the field {error}; each file's fields are in bench/heldout/README.md"
        )
