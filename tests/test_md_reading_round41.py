"""Rounds 40 to 43 of the reading (tuned on them):

- a rule with its reason in another language ("不要让网页直接连数据库，因为密码会暴露",
  "Nunca subas el .env porque …") is a decision, as "never X because Y" is in English;
- a next step whose head phrase ends on a verification noun, as Korean and Japanese put it
  ("실제 게임 전체 플레이 검증", "本番環境での動作確認"), that runs something and records its
  output, or that only reviews finished work ("Review T-0026, then archive it") is a check, and
  "Ready for npm packaging" is a state: neither is a step; a command's words in a code span
  (`pnpm db:migrate`) name no work beside the check;
- a choice with the end it serves ("so that …", "para evitar …", "避免 …", "damit …") is a
  decision, where a bare "because" may be a diagnosis and still needs a second cue;
- Turkish and Vietnamese headings ("Sonraki adımlar", "Mevcut durum", "Các bước trước mắt",
  "Đã làm xong") name their facets,
  and "the next step is …" said in Korean, Japanese, Chinese, Spanish, French, German,
  Portuguese, Italian or Russian ("다음 단계는 …", "下一步是 …"), or "the thing to prioritize
  next", names a next step;
- a "Starting Prompt" or "Kickoff prompt" section is a handoff's next step, so a file titled a
  handoff with one is no manual; and a "## Your Task" heading does not make a prompt of a file
  with sections on what was done, decided or ruled out;
- a heading over what was left alone on purpose ("Files Intentionally NOT Touched", "Deliberately
  not changed") names a scope, as the guide says, not a dead end.

Examples written for these tests (not copied from any labelled file), each beside a near miss
that must keep its reading.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.facets import read
from handoff_audit.markdown.prompts import instructions
from handoff_audit.markdown.standing import standing

STATE = "# Handoff\n\n## State\nThe export works; `src/export.ts` is done and tested.\n\n"

TURKISH = (
    "# Fatura modülü\n\n"
    "## Mevcut durum\n"
    "Fatura dışa aktarımı çalışıyor; `src/invoice.ts` testleri geçiyor.\n\n"
    "## Alınan kararlar\n"
    "- PDF üretimi sunucuda yapılıyor, çünkü istemci fontları eksik — tarayıcıda bozuluyordu.\n\n"
    "## Sonraki adımlar\n"
    "1. `src/invoice.ts` içine KDV oranı alanını ekle.\n"
    "2. `tests/invoice.test.ts` için iade senaryosunu yaz.\n"
)
PROMPT_HANDOFF = (
    "# Handoff: port the race-chart animation into the scrolly framework\n\n"
    "## {heading}\n\n"
    "> Port `drawLine` and `rewind` from `references/race-chart.js` into "
    "`src/scrolly/layout-shared.js`, then wire the year slider.\n"
    "> The generic tweener cannot follow a curve.\n\n"
    "## Relevant Files\n\n"
    "- `src/scrolly/tween.js` — the generic tweener.\n"
    "- `src/scrolly/layouts/race.js` — the race layout.\n\n"
    "## Key Context\n\n"
    "The overlay is crossfaded per state, not per frame.\n\n"
    "## Styling\n\n"
    "Labels use the house serif at 12 px.\n"
)
PROMPT_SHAPED = (
    "# Handoff: recommend VS Code options\n\n"
    "## Context\n- Repo: `~/.dotfiles`, VS Code config in `nix/home/programs/vscode.nix`.\n\n"
    "{record}"
    "## Your Task\n\n"
    "Review the `userSettings` block in `nix/home/programs/vscode.nix` and add the missing "
    "options.\n"
)
RECORD = (
    "## Completed\n- [x] Added Pretendard as the font fallback.\n\n"
    "## Failed Approaches (Do Not Repeat)\n"
    "- Tried editing `settings.json` directly: it is a read-only store link.\n\n"
)


def _said(section: str, text: str, facet: str) -> bool:
    """Whether a handoff with a state reads ``facet`` from ``text`` under ``## section``."""
    return read(f"{STATE}## {section}\n\n{text}\n").has(facet)


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("- 不要让网页直接连接数据库，因为那样密码会被写进网页。", True),
        ("- 必须先跑迁移，否则旧表会被锁住。", True),
        ("- 本番DBには絶対に直接書き込まないこと。監査ログが残らないため。", True),
        ("- 운영 DB에 직접 쓰기 금지 — 감사 로그가 남지 않기 때문에.", True),
        ("- Nunca subas el `.env` al repositorio porque contiene la clave del servidor.", True),
        ("- Ne jamais lancer la migration en prod parce que le verrou bloque les écritures.", True),
        ("- Niemals direkt auf `main` pushen, weil die CI sonst übersprungen wird.", True),
        ("- Никогда не запускай миграцию вручную, потому что она блокирует таблицу.", True),
        (
            "- `tabs/search.js` darf NICHT verändert werden — es ist die Referenz für alle Tabs.",
            True,
        ),
        ("- 必须先跑迁移。", False),  # a rule with no reason
        ("- 因为网络问题，今天没有部署。", False),  # a reason with no rule
        ("- Siempre hay que revisar el log.", False),  # no reason
        ("- Der Server läuft immer noch, da fehlt nur der Cron-Job.", False),  # "da": no "because"
    ],
)
def test_a_rule_with_its_reason_in_another_language_is_a_decision(
    rule: str, expected: bool
) -> None:
    assert _said("Notes", rule, "decisions") is expected, rule


@pytest.mark.parametrize(
    ("step", "check"),
    [
        ("1. **실제 게임 전체 플레이 검증** — 배포 사이트에서 새로고침 후 차례 전환 확인", True),
        ("1. 本番環境での動作確認", True),
        ("1. ログイン画面の検証：管理者と一般ユーザーで入る", True),
        (
            "- Run `pnpm db:up && pnpm db:migrate` in a Docker clone, then the loader twice, and "
            "record the observed output in a new handoff.",
            True,
        ),
        ("- Run the importer on the sample folder and note the results.", True),
        ("- Review T-0026, then archive it if accepted.", True),
        ("- Obtain an independent read-only review of the complete diff.", True),
        ("Ready for npm packaging and distribution.", True),
        ("1. 결제 모듈 구현 — `src/pay.ts`에 환불 API 추가", False),  # work, not a check
        (
            "1. 결제 화면 확인 후 `src/refund.ts`에 환불 API 구현",
            False,
        ),  # the check is not the head
        (
            "- Run `pnpm db:migrate`, then add the `orders.status` column and record the output.",
            False,
        ),
        ("- Run the importer and fix the three rows it rejects.", False),
        ("- Review the failing parser cases and fix the two in `src/parse.ts`.", False),
        ("- Ready the npm package: add `files` to `package.json` and publish 0.2.0.", False),
    ],
)
def test_a_next_step_that_only_checks_finished_work_is_no_step(step: str, check: bool) -> None:
    assert _said("Next", step, "next") is not check, step


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("- Dependabot groups minor updates so that the PR list stays short.", True),
        ("- Grupos agrupados para evitar spam de PRs.", True),
        ("- 先显式 reset 一次再上传，避免服务端的 epoch pinning。", True),
        ("- Der Cache liegt im Speicher, damit der Start schnell bleibt.", True),
        ("- The export is slow because the cache is cold.", False),  # a diagnosis, not a choice
        ("- Otherwise: send the reminder e-mail.", False),  # a branch of a flow
        ("- Grupos agrupados por equipo.", False),  # a choice with no end named
    ],
)
def test_a_choice_with_the_end_it_serves_is_a_decision(line: str, expected: bool) -> None:
    assert _said("Notes", line, "decisions") is expected, line


@pytest.mark.parametrize(
    ("heading", "facet"),
    [
        ("## Sonraki adımlar", "next"),
        ("## Adımlar", "next"),
        ("## Yapılacaklar", "next"),
        ("## Mevcut durum", "state"),
        ("## Alınan kararlar", "decisions"),
        ("## İlgili dosyalar", "pointers"),
        ("## 4. Các bước trước mắt (theo thứ tự ưu tiên)", "next"),
        ("## 2. Đã làm xong", "state"),
        ("## Lý do", "decisions"),
        ("## Đã thử", "ruled_out"),
        ("## 下一可执行步", "next"),
        ("## 下一个任务", "next"),
    ],
)
def test_turkish_and_vietnamese_headings_name_their_facet(heading: str, facet: str) -> None:
    assert heading_facet(heading.lstrip("# ")) == facet


def test_a_turkish_handoff_is_read_through_its_headings() -> None:
    reading = read(TURKISH)
    assert all(reading.has(facet) for facet in ("state", "next", "pointers"))


@pytest.mark.parametrize("heading", ["Starting Prompt", "Kickoff prompt", "Resume prompt"])
def test_a_handoff_whose_next_step_is_its_starting_prompt_is_no_manual(heading: str) -> None:
    text = PROMPT_HANDOFF.format(heading=heading)
    assert standing(text) == []
    assert read(text).has("next")


def test_the_same_file_under_a_reference_heading_is_still_a_manual() -> None:
    assert standing(PROMPT_HANDOFF.format(heading="Background"))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "다음 단계는 새 PC에서 `improveResearch` 기능을 실행해 논문 생성까지 확인하는 것이다.",
            True,
        ),
        ("次のステップは `src/export.ts` に CSV 出力を追加することです。", True),
        ("下一步是把 `src/export.ts` 的导出接到 `/api/export`。", True),
        ("El siguiente paso es conectar `src/export.ts` con `/api/export`.", True),
        ("La prochaine étape est de brancher `src/export.ts` sur `/api/export`.", True),
        ("Der nächste Schritt ist, `src/export.ts` an `/api/export` anzuschließen.", True),
        ("Следующий шаг — подключить `src/export.ts` к `/api/export`.", True),
        ("No tests cover `scoring.py`; the single most valuable thing to prioritize next.", True),
        ("다음 단계에서 쓸 설정은 `config.ts`에 있다.", False),  # where a later step's settings are
        ("La étape de build prend deux minutes.", False),
        ("What to do next depends on the review.", False),
    ],
)
def test_the_next_step_said_in_another_language_is_a_next_step(line: str, expected: bool) -> None:
    assert _said("Notes", line, "next") is expected, line


def test_a_handoff_that_ends_on_a_task_for_its_reader_is_no_prompt() -> None:
    assert instructions(PROMPT_SHAPED.format(record=RECORD)) == []


def test_a_prompt_with_no_record_of_work_is_still_a_prompt() -> None:
    assert instructions(PROMPT_SHAPED.format(record=""))


@pytest.mark.parametrize(
    "heading",
    ["Files Intentionally NOT Touched", "Deliberately not changed", "Сознательно не делали"],
)
def test_a_heading_over_what_was_left_alone_on_purpose_names_a_scope_not_a_dead_end(
    heading: str,
) -> None:
    text = (
        f"{STATE}## {heading}\n\n- `src/legacy/` — to prevent merge conflicts with the parallel "
        "agents.\n\n## Next\n\n- Wire `src/export.ts` to `/api/export`.\n"
    )
    assert heading_facet(heading) == "ideas"
    assert not read(text).has("ruled_out")
