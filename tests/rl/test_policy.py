"""Saved policies as bots (``policy:PATH``): what they play, and every file they refuse."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from ludoverse.bots.base import SpecError, make, parse_spec
from ludoverse.rl.policy import (
    PolicyError,
    load_policy,
    policy_meta,
    save_policy,
)
from ludoverse.sim.play import play
from toygames import use_game
from toygames.duel import CARDS
from toygames.duel import GAME as DUEL


def highest_card_policy(path: Path) -> Path:
    """One hidden layer that copies the hand; the action logits rise with the card."""
    meta = policy_meta(DUEL, 2, None, note="made by hand")
    meta["activation"] = "relu"
    size = meta["observation_size"]
    w = np.zeros((CARDS, size), np.float32)
    w[np.arange(CARDS), np.arange(CARDS)] = 1.0  # the hand field comes first
    head = np.diag(np.arange(1, CARDS + 1, dtype=np.float32))
    return save_policy(path, meta, [(w, np.zeros(CARDS, np.float32))],
                       (head, np.zeros(CARDS, np.float32)))


def test_a_policy_bot_plays_what_its_network_rates_highest(tmp_path: Path) -> None:
    path = highest_card_policy(tmp_path / "duel.npz")
    bot = make(f"policy:{path}", DUEL)
    state = DUEL.new_game(2, 0, {"hand": [3, 8]})
    import random

    assert bot.choose(state, 0, random.Random(0)) == 7  # the 8
    assert bot.spec == f"policy:{path}"


def test_a_policy_seat_plays_whole_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_game(monkeypatch, DUEL)
    path = highest_card_policy(tmp_path / "duel.npz")
    record, outcome = play("toy_duel", [f"policy:{path}", "random"], seed=2,
                           options={"hand": [2, 9]})
    assert record.actions[0] == 8 and 0 in outcome.winners


def test_sampling_follows_the_networks_odds(tmp_path: Path) -> None:
    import random

    path = highest_card_policy(tmp_path / "duel.npz")
    bot = make(f"policy:path={path},mode=sample", DUEL)
    state = DUEL.new_game(2, 0, {"hand": [9, 10]})
    picks = [bot.choose(state, 0, random.Random(k)) for k in range(200)]
    assert 0.55 < picks.count(9) / 200 < 0.9  # e^10 : e^9 gives the 10 about 73 %


def test_a_policy_path_may_be_bare_or_named() -> None:
    assert parse_spec("policy:models/a.npz") == ("policy", {"path": "models/a.npz"})
    assert parse_spec("policy:models/a.npz,mode=sample") == (
        "policy", {"path": "models/a.npz", "mode": "sample"})
    assert parse_spec("policy:path=a.npz") == ("policy", {"path": "a.npz"})
    with pytest.raises(SpecError, match="not key=value"):
        parse_spec("ismcts:iters")


def test_a_policy_for_another_game_is_refused(tmp_path: Path) -> None:
    import ludoverse

    path = highest_card_policy(tmp_path / "duel.npz")
    with pytest.raises(SpecError, match="plays toy_duel, not ultia"):
        make(f"policy:{path}", ludoverse.load("ultia"))


def _rewrite(src: Path, dst: Path, **changes: object) -> Path:
    with np.load(src, allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files}
    for k, v in changes.items():
        if v is None:
            arrays.pop(k)
        else:
            arrays[k] = v  # type: ignore[assignment]
    np.savez(dst, **arrays)
    return dst


@pytest.mark.parametrize("change, message", [
    ({"meta": np.array("{}")}, "is not a ludoverse-policy file"),
    ({"meta": np.array("not json")}, "no readable header"),
    ({"meta": None}, "no readable header"),
    ({"layer_0_bias": None}, "lacks its weight or bias"),
    ({"layer_0_weight": np.zeros((10, 3), np.float32)}, "has shape"),
    ({"action_bias": np.full(CARDS, np.nan, np.float32)}, "NaN or infinite"),
    ({"action_weight": np.zeros((4, CARDS), np.float32),
      "action_bias": np.zeros(4, np.float32)}, "the action layer has 4 outputs"),
    ({"layer_0_weight": np.zeros((10, 43), np.int64)}, "not made of floats"),
])
def test_broken_policy_files_are_refused_with_the_reason(tmp_path: Path, change: dict,
                                                        message: str) -> None:
    good = highest_card_policy(tmp_path / "good.npz")
    bad = _rewrite(good, tmp_path / "bad.npz", **change)
    with pytest.raises(PolicyError, match=message):
        load_policy(bad)


def test_a_policy_file_cannot_run_code(tmp_path: Path) -> None:
    bad = tmp_path / "pickle.npz"
    np.savez(bad, meta=np.array([{"format": "x"}], dtype=object))
    with pytest.raises(PolicyError, match=r"not a policy file|no readable header"):
        load_policy(bad)


def test_other_files_and_missing_files_are_refused(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    text = tmp_path / "notes.npz"
    text.write_text("hello")
    with pytest.raises(PolicyError, match="not a policy file"):
        load_policy(text)
    with pytest.raises(PolicyError, match="cannot read policy file"):
        load_policy(tmp_path / "missing.npz")
    good = highest_card_policy(tmp_path / "good.npz")
    monkeypatch.setattr("ludoverse.rl.policy.MAX_BYTES", 100)
    with pytest.raises(PolicyError, match="at most 100 are read"):
        load_policy(good)
    with pytest.raises(SpecError, match="cannot read policy file"):
        make(f"policy:{tmp_path / 'missing.npz'}", DUEL)


def test_a_newer_format_is_refused_by_name(tmp_path: Path) -> None:
    good = highest_card_policy(tmp_path / "good.npz")
    with np.load(good) as data:
        meta = json.loads(str(data["meta"][()]))
    meta["version"] = 99
    bad = _rewrite(good, tmp_path / "new.npz", meta=np.array(json.dumps(meta)))
    with pytest.raises(PolicyError, match="format version 99"):
        load_policy(bad)


def test_a_policy_scales_its_observations_as_it_was_trained(tmp_path: Path) -> None:
    import random

    meta = policy_meta(DUEL, 2, None)
    meta["activation"] = "relu"
    size = meta["observation_size"]
    w = np.zeros((CARDS, size), np.float32)
    w[np.arange(CARDS), np.arange(CARDS)] = 1.0
    # the scaling turns the hand's 1s into (1 - 0.5) / std: the 3 weighs most, the 10 least
    std = np.ones(size, np.float32)
    std[:CARDS] = np.arange(1, CARDS + 1)
    head = np.eye(CARDS, dtype=np.float32)
    path = save_policy(tmp_path / "scaled.npz", meta, [(w, np.zeros(CARDS, np.float32))],
                       (head, np.zeros(CARDS, np.float32)),
                       (np.full(size, 0.5, np.float32), std, 5.0))
    bot = make(f"policy:{path}", DUEL)
    assert bot.choose(DUEL.new_game(2, 0, {"hand": [3, 10]}), 0, random.Random(0)) == 2
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    for key, value, message in [
            ("obs_std", np.zeros(size, np.float32), "NaN, infinite or zero"),
            ("obs_mean", np.zeros(3, np.float32), "not two vectors"),
            ("meta", np.array(str(arrays["meta"][()]).replace('"obs_clip": 5.0', '"obs_clip": 0')),
             "'obs_clip'")]:
        bad = dict(arrays, **{key: value})
        np.savez(tmp_path / "bad.npz", **bad)
        with pytest.raises(PolicyError, match=message):
            load_policy(tmp_path / "bad.npz")


def test_the_shipped_ultia_agent_still_fits_ultias_observation() -> None:
    """``examples/ultia-ppo.npz`` (docs/rl.md) is played by its spec; when ULTIA's layout
    changes, retrain it: python examples/train_maskable_ppo.py --out examples/ultia-ppo.npz"""
    import random

    import ludoverse

    path = Path(__file__).resolve().parents[2] / "examples" / "ultia-ppo.npz"
    _, outcome = play("ultia", [f"policy:{path}", "random", "random"], seed=0)
    assert outcome.winners
    state = ludoverse.load("ultia").new_game(3, 0)
    bot = make(f"policy:{path}", ludoverse.load("ultia"))
    assert bot.choose(state, state.current_player, random.Random(0)) in state.legal_actions()
