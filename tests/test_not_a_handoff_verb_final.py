"""A handoff guide written in Korean or Japanese is `not-a-handoff`, as its English twin is:
those languages put the verb last ("… 확인하세요", "… 記録してください"), so its orders are read at
the end of the line, and a checklist's bare verbal nouns ("`PROJECT_STATUS.md` 확인", check the
status file) under a "체크리스트" heading are orders too. Real Korean and Japanese handoffs, whose
notes end on the same nouns for work done, stay handoffs. Shapes of asomu/study-project's
first `docs/05-operations/HANDOFF.md` ("Session Handoff Guide") and its later handoffs."""

from __future__ import annotations

import pytest

from conftest import GitRepo
from test_brief_show import Run

KOREAN_CHECKLIST = """# Session Handoff Guide

## 세션 시작 체크리스트

1. `docs/ops/PROJECT_STATUS.md` 확인
2. `docs/ops/DECISION_LOG.md`의 최신 결정 확인
3. 현재 작업 범위가 PRD와 일치하는지 점검

## 세션 종료 체크리스트

1. 완료 항목을 `PROJECT_STATUS.md`에 반영
2. 변경된 결정이 있으면 `DECISION_LOG.md` 추가
3. 다음 세션의 첫 작업 1~3개를 `Next Actions`에 기록

## 핸드오프 형식

- Done:
- In Progress:
- Blocked:
- Next:
"""

KOREAN_POLITE = """# 세션 인수인계 가이드

## 세션을 시작할 때

- 먼저 `docs/ops/PROJECT_STATUS.md`를 읽으세요.
- `docs/ops/DECISION_LOG.md`에서 최신 결정을 확인하십시오.
- 작업 범위가 PRD와 맞는지 점검하세요.

## 세션을 마칠 때

- 완료한 항목을 `PROJECT_STATUS.md`에 반영하세요.
- 다음 세션의 첫 작업을 `Next Actions`에 기록하세요.
"""

JAPANESE = """# セッション引き継ぎガイド

## セッション開始時

- `docs/ops/PROJECT_STATUS.md` を読んでください。
- `docs/ops/DECISION_LOG.md` の最新の決定を確認してください。
- 作業範囲が PRD と一致しているか確認すること。

## セッション終了時

- 完了した項目を `PROJECT_STATUS.md` に反映してください。
- 次のセッションの最初の作業を `Next Actions` に記録すること。
"""

KOREAN_HANDOFF = """# HANDOFF

## 현재 상태

- 로그인 API 구현 완료, `src/auth/login.ts`
- 통합 테스트 12개 통과 확인
- `PROJECT_STATUS.md` 반영
- 배포 스크립트 점검

## 결정

- 세션 저장소는 Redis로 결정: 서버 여러 대에서 공유해야 하기 때문

## 다음 작업

1. 비밀번호 재설정 API 구현하세요
2. `DECISION_LOG.md`에 토큰 만료 정책 기록
"""

JAPANESE_HANDOFF = """# 引き継ぎ

## 現状

- ログイン API を実装した（`src/auth/login.ts`）
- 結合テスト 12 件が通ることを確認
- `PROJECT_STATUS.md` を更新

## 決定事項

- セッションは Redis に保存する。複数サーバーで共有するため。

## 次の作業

- パスワード再設定 API を実装してください。
- トークン有効期限の方針を `DECISION_LOG.md` に記録すること。
"""


def _check(git_repo: GitRepo, run_cli: Run, text: str, message: str) -> str:
    git_repo.write("docs/ops/HANDOFF.md", text)
    git_repo.commit(message)
    result = run_cli(["check"], cwd=git_repo.root)
    assert result.code == 0, result.out + result.err
    return result.out


@pytest.mark.parametrize(
    ("guide", "handoff"),
    [
        (KOREAN_CHECKLIST, KOREAN_HANDOFF),
        (KOREAN_POLITE, KOREAN_HANDOFF),
        (JAPANESE, JAPANESE_HANDOFF),
    ],
)
def test_a_guide_in_a_verb_final_language_is_no_handoff(
    git_repo: GitRepo, run_cli: Run, guide: str, handoff: str
) -> None:
    git_repo.write("a.txt", "a\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/x")
    out = _check(git_repo, run_cli, guide, "the team's handoff guide")
    assert "not-a-handoff (warning): this file is written as orders to its reader" in out, out
    assert "md-incomplete" not in out, out
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert shown.startswith("Warning: docs/ops/HANDOFF.md is not a handoff"), shown
    # the guide replaced by a real handoff in the same language, its notes ending on the same
    # verbal nouns and its next steps on the same commands: a handoff
    out = _check(git_repo, run_cli, handoff, "handoff")
    assert "not-a-handoff" not in out, out
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert shown.startswith("Next action: "), shown


KOREAN_HANDOFF_WITH_CHECKLIST = """# 세션 인수인계 (2026-12-04)

## 진행 상황
- 결제 API 연동 완료 (`src/pay.py`)
- 환불 로직 테스트 10/12 통과

## 세션 시작 체크리스트
- `docs/STATUS.md` 확인
- `git pull` 후 `pytest tests/test_pay.py` 실행
- 실패 테스트 목록 확인

## 다음 작업
- `src/pay.py:88` 부분 환불 계산을 수정하세요.
- 수정 후 `CHANGELOG.md`에 기록하세요.
- 통화 반올림은 Decimal을 유지하세요.

## 결정 사항
- Decimal 사용: float 반올림 오차 때문.

## 실패한 시도
- `money` 라이브러리: Python 3.12 미지원으로 제외.

## 참고
- `src/pay.py`, `tests/test_pay.py`
"""
"""A real Korean handoff (progress, next work, decisions, a failed attempt) with a session start
checklist among its sections: its checklist's bare verbal nouns ("`docs/STATUS.md` 확인") are
the session's routine, not orders that make the whole file a guide."""


@pytest.mark.parametrize("cut", ["", "## 다음 작업"], ids=["as-written", "without-next-steps"])
def test_a_handoff_with_a_session_checklist_stays_a_handoff(
    git_repo: GitRepo, run_cli: Run, cut: str
) -> None:
    git_repo.write("src/pay.py", "x\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat")
    git_repo.write("src/pay.py", "x\ny\n")
    git_repo.commit("work")
    text = KOREAN_HANDOFF_WITH_CHECKLIST
    if cut:  # without its next steps, its progress and decisions still make it a handoff
        start = text.index(cut)
        text = text[:start] + text[text.index("## 결정 사항") :]
    git_repo.write("HANDOFF.md", text)
    git_repo.commit("handoff")
    out = run_cli(["check"], cwd=git_repo.root).out
    assert "not-a-handoff" not in out, out
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert not shown.startswith("Warning: HANDOFF.md is not a handoff"), shown
