"""Game records: the tuple that fixes a game, written and read back, and replayed exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ludoverse.core.records import (
    FORMAT,
    GameRecord,
    Recorder,
    RecordError,
    replay,
    replay_iter,
    start,
)
from toygames import use_game
from toygames.highcard import DRAW, GAME


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """A finished random game of High Card, recorded."""
    use_game(monkeypatch, GAME)
    rec = Recorder(GAME, 3, seed=5, options={"preset": "short"}, seats=["random"] * 3)
    rng = random.Random(1)
    while not rec.state.is_terminal():
        rec.apply(rng.choice(rec.state.legal_actions()))
    return rec


def test_the_record_holds_the_whole_tuple(recorder: Recorder) -> None:
    r = recorder.record
    assert (r.format, r.game, r.version, r.players, r.seed) == (FORMAT, GAME.name, "1", 3, 5)
    assert r.options == {"rounds": 1, "draw": True}
    assert r.content is None and r.seats == ["random"] * 3
    assert len(r.labels) == len(r.actions) > 0
    assert all(lbl in ("draw a card", *(f"bid {c}" for c in range(1, 13))) for lbl in r.labels)
    out = recorder.state.outcome()
    assert out is not None and r.outcome == out.to_json()


def test_replay_reproduces_every_state(recorder: Recorder) -> None:
    states = [json.dumps(s.to_json()) for _, s in replay_iter(recorder.record)]
    assert len(states) == len(recorder.record.actions) + 1
    assert states[-1] == json.dumps(recorder.state.to_json())
    assert replay(recorder.record).to_json() == recorder.state.to_json()
    moves = [a for a, _ in replay_iter(recorder.record)]
    assert moves == [None, *recorder.record.actions]


def test_write_then_read(recorder: Recorder, tmp_path: Path) -> None:
    path = recorder.record.write(tmp_path / "sub" / "game.json")
    assert path.exists()
    back = GameRecord.read(path)
    assert back == recorder.record
    assert replay(back).to_json() == recorder.state.to_json()


def test_unreadable_records_say_why(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="record not found"):
        GameRecord.read(tmp_path / "none.json")
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(RecordError, match="is not a JSON game record"):
        GameRecord.read(tmp_path / "bad.json")
    (tmp_path / "odd.json").write_text(json.dumps({"game": "toy_highcard"}))
    with pytest.raises(RecordError, match="is not a valid game record"):
        GameRecord.read(tmp_path / "odd.json")


def test_a_record_of_another_rules_version_is_refused(recorder: Recorder) -> None:
    old = recorder.record.model_copy(update={"version": "0"})
    with pytest.raises(RecordError, match="made with toy_highcard rules version 0"):
        start(old)


def test_an_illegal_action_in_a_record_is_reported(recorder: Recorder) -> None:
    actions = list(recorder.record.actions)
    bad = next(a for a in range(DRAW + 1) if a not in start(recorder.record).legal_actions())
    broken = recorder.record.model_copy(update={"actions": [bad, *actions[1:]]})
    with pytest.raises(RecordError, match=rf"action 0 \({bad}\) is illegal on replay: "):
        replay(broken)


def test_content_is_recorded_when_given(monkeypatch: pytest.MonkeyPatch) -> None:
    use_game(monkeypatch, GAME)
    rec = Recorder(GAME, 2, seed=1, content={"note": "house deck"})
    assert rec.record.content == {"note": "house deck"}
    assert start(rec.record).to_json() == rec.state.to_json()


def test_an_unfinished_game_has_no_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    use_game(monkeypatch, GAME)
    rec = Recorder(GAME, 2, seed=1)
    rec.apply(rec.state.legal_actions()[0])
    assert rec.record.outcome is None and len(rec.record.actions) == 1
    assert replay(rec.record).to_json() == rec.state.to_json()
