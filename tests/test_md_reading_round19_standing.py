"""Issue 20, round 19: a standing document in Japanese, Chinese or Korean is told apart.

Past tense is read from English words, so prose in another language was never called
standing. Prose mostly in kana, Han or Hangul is read instead for those languages' words for
work done, in progress or passed (完了, 済, 完成, 已, 进行中, 완료, 진행 중, 통과, 했습니다):
with none of them, and no date, status, commit or heading on the state or the next step, it
is a manual or class notes, not a session's record. A file in those languages that records
work, or a terse English file, keeps being judged as a handoff.

Examples written for these tests.
"""

from __future__ import annotations

from handoff_audit.markdown.standing import standing

CHINESE_CLASS_NOTES = """\
# 渲染模块说明

## Terrain 类

`Terrain` 负责生成地形网格，高度图从 `assets/height.png` 读取。
每个区块的大小由 `chunkSize` 决定，默认是 64。

## 材质参数

- `baseColor`：地面的基础颜色，受光照影响。
- `roughness`：粗糙度，数值越大反光越弱。
- `normalStrength`：法线贴图的强度，建议不要超过 2。

## 常见问题

如果地形出现裂缝，请检查相邻区块的 LOD 等级是否一致。
阴影闪烁时，可以适当调大 `shadowBias`。
"""

JAPANESE_MANUAL = """\
# 在庫管理ツール 運用マニュアル

## 環境構築

Python 3.11 と PostgreSQL 15 を用意し、`pip install -r requirements.txt` を実行する。
接続先は `.env` の `DATABASE_URL` に書く。

## デプロイ手順

- `make build` でコンテナを作る。
- `make deploy` で本番サーバーに反映する。

## トラブルシューティング

取り込みが止まる場合は、CSV の文字コードが UTF-8 であるかを確認する。
ログは `logs/import.log` に出力される。
"""

KOREAN_RECORD = """\
# 결제 모듈 정리

## 변경 사항

- 환불 API의 응답 형식을 새 스키마에 맞게 수정했습니다.
- 부분 환불 시 금액 검증 로직을 추가했습니다.

## 확인 결과

- 단위 테스트 전체 통과
- 스테이징 환경에서 결제와 환불 흐름 확인

## 참고

관련 설정은 `config/payment.yaml` 에 있습니다.
"""

CHINESE_RECORD = """\
# 推荐服务

## 模块

- 召回层已完成，接口是 `/api/recall`。
- 排序层进行中，特征还缺用户画像。

## 配置

模型文件放在 `models/` 目录下，启动前需要设置 `MODEL_PATH`。
缓存使用 Redis，默认端口 6379，过期时间是十分钟。
"""

TERSE_ENGLISH_NOTES = """\
# Checkout page

- cart total: `cart.ts`
- tax rules: `tax/rules.json`
- coupons: `promo/apply.ts`
- payment form: Stripe Elements
- receipts: `mail/receipt.html`
"""


def test_chinese_class_notes_are_a_standing_document() -> None:
    found = standing(CHINESE_CLASS_NOTES)
    assert found
    assert any("Terrain" in line for _, line in found)


def test_a_japanese_manual_is_a_standing_document() -> None:
    assert standing(JAPANESE_MANUAL)


def test_a_word_for_done_keeps_the_file_a_handoff() -> None:
    assert standing(JAPANESE_MANUAL.replace("反映する。", "反映済み。")) == []
    assert standing(CHINESE_CLASS_NOTES.replace("默认是 64。", "默认是 64，已完成。")) == []


def test_korean_or_chinese_records_of_work_are_judged_as_handoffs() -> None:
    assert standing(KOREAN_RECORD) == []
    assert standing(CHINESE_RECORD) == []


def test_a_heading_on_the_next_step_keeps_a_chinese_file_a_handoff() -> None:
    assert standing(CHINESE_CLASS_NOTES + "\n## 下一步\n\n把草地材质接进来。\n") == []


def test_terse_english_is_still_not_read_as_standing() -> None:
    assert standing(TERSE_ENGLISH_NOTES) == []
