"""Verdicts: thresholds, a known blunder, a known best move, and a pruned-away played move.

Duel (``tests/toygames/duel.py``) has one decision whose values are exact: with the cards 1
and 10 in hand, the 10 wins every deal (win share 1) and the 1 loses every deal (share 0).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoverse.bots.ismcts import ISMCTSBot
from ludoverse.core.api import State
from ludoverse.core.records import GameRecord, Recorder
from ludoverse.core.registry import load
from ludoverse.core.rng import Rng
from ludoverse.review import (
    DEFAULT_THRESHOLDS,
    VERDICTS,
    ReviewError,
    Thresholds,
    review,
    review_bot,
    review_position,
)
from toygames.duel import DuelGame, DuelState

BUDGET = "ismcts:iters=200"


def duel_record(game: str, card: int, hand: tuple[int, int] = (1, 10), seed: int = 3) -> GameRecord:
    """A finished Duel in which seat 0 held ``hand`` and played ``card``."""
    rec = Recorder(load(game), 2, seed, {"hand": list(hand)})
    rec.apply(card - 1)
    rec.apply(rec.state.legal_actions()[0])
    assert rec.state.is_terminal()
    return rec.record


@pytest.mark.parametrize(
    ("loss", "verdict"),
    [(0.0, "best"), (0.02, "best"), (0.021, "good"), (0.05, "good"), (0.07, "inaccuracy"),
     (0.10, "inaccuracy"), (0.15, "mistake"), (0.20, "mistake"), (0.2001, "blunder"),
     (1.0, "blunder")],
)
def test_thresholds_map_a_loss_to_a_verdict(loss: float, verdict: str) -> None:
    assert DEFAULT_THRESHOLDS.verdict(loss) == verdict


def test_a_move_found_best_is_best_whatever_the_figure() -> None:
    assert DEFAULT_THRESHOLDS.verdict(0.5, chosen=True) == "best"


def test_thresholds_must_rise() -> None:
    with pytest.raises(ValueError, match="rise"):
        Thresholds(best=0.1, good=0.05)
    assert set(Thresholds().to_json()) == {"best", "good", "inaccuracy", "mistake"}
    assert VERDICTS == ("best", "good", "inaccuracy", "mistake", "blunder")


def test_a_move_that_always_loses_is_a_blunder(duel: str) -> None:
    r = review(duel_record(duel, 1), 0, BUDGET)
    (m,) = r.moves
    assert (m.played, m.best) == ("play 1", "play 10")
    assert m.best_share == pytest.approx(1.0) and m.played_share == pytest.approx(0.0)
    assert m.verdict == "blunder" and m.flagged
    assert r.counts()["blunder"] == 1 and r.average_loss() == pytest.approx(1.0)


def test_the_winning_move_is_best(duel: str) -> None:
    r = review(duel_record(duel, 10), 0, BUDGET)
    (m,) = r.moves
    assert m.played == m.best == "play 10"
    assert m.played_share == m.best_share == pytest.approx(1.0)
    assert m.verdict == "best" and m.loss == 0.0 and not m.flagged


def test_a_lone_move_is_not_reviewed(duel: str) -> None:
    """Seat 1 had one card: nothing to decide, so nothing to judge (counted as forced)."""
    r = review(duel_record(duel, 10), 1, BUDGET)
    assert r.moves == [] and r.forced == 1 and r.finished


def test_a_close_call_is_judged_by_the_share_it_gave_away(duel: str) -> None:
    """Holding 6 and 10: the 10 always wins; the 6 beats 5 of the 8 unseen cards (1-5 of
    1-5, 7-9), so it gives away 3/8 of a win."""
    r = review(duel_record(duel, 6, (6, 10)), 0, "ismcts:iters=600")
    (m,) = r.moves
    assert m.best == "play 10"
    assert m.played_share == pytest.approx(5 / 8, abs=0.08)
    assert m.loss == pytest.approx(3 / 8, abs=0.08)
    assert m.verdict == "blunder"


def test_the_played_move_is_compared_with_the_strongest_other_move(duel: str) -> None:
    """Holding 1, 5 and 10 and playing the 1: sequential halving must pick the 10 (not the
    5) as the rival, so the loss is the whole win."""
    rec = Recorder(load(duel), 2, 4, {"hand": [1, 5, 10]})
    rec.apply(0)
    rec.apply(rec.state.legal_actions()[0])
    for seed in range(3):
        (m,) = review(rec.record, 0, BUDGET, seed).moves
        assert m.best == "play 10" and m.moves == 3
        assert m.loss == pytest.approx(1.0) and m.verdict == "blunder"


class OnlyTheHighCard:
    """Heuristics whose candidate list leaves out every card but the highest."""

    def evaluate(self, state: State, seat: int) -> float:
        return 0.0

    def candidates(self, state: Any) -> list[int]:
        return [max(state.legal_actions())]


class PrunedDuel(DuelGame):
    name = "toy_duel_pruned"
    heuristics = OnlyTheHighCard()


def test_the_played_move_is_valued_even_when_the_search_would_prune_it() -> None:
    """With prune=auto ISMCTS tries only the game's candidates; the review adds the played
    move to what it searches, so it still gets a value (and the verdict it deserves)."""
    game = PrunedDuel()
    state = DuelState(game, game.make_options({"hand": [1, 10]}), Rng(5))
    bot = review_bot(BUDGET, game)
    assert bot.considered(state) == [9]
    m = review_position(state, 0, bot, seed=1)
    assert not m.considered and m.moves == 2
    assert m.verdict == "blunder" and m.played_share == pytest.approx(0.0)
    m = review_position(state, 9, bot, seed=1)
    assert m.considered and m.verdict == "best"


def test_root_moves_must_be_legal_moves_of_the_seat_to_move(duel: str) -> None:
    state = load(duel).new_game(2, 0, {"hand": [1, 10]})
    bot = ISMCTSBot(iters=10)
    with pytest.raises(ValueError, match="root_moves"):
        bot.search(state, 0, random.Random(0), root_moves=[4])
    with pytest.raises(ValueError, match="root_moves"):
        bot.search(state, 1, random.Random(0), root_moves=[0])
    res = bot.search(state, 0, random.Random(0), root_moves=[0])
    assert set(res.visits) == {0} and res.visits[0] == 10


@pytest.mark.parametrize(
    ("spec", "message"),
    [("greedy", "no win-share estimates"), ("random", "no win-share estimates"),
     ("ismcts:iters=0", "iters must be at least 1"), ("robot", "unknown bot 'robot'"),
     ("ismcts:iters", "not key=value")],
)
def test_bad_bot_specs_are_refused(duel: str, spec: str, message: str) -> None:
    with pytest.raises(ReviewError, match=message):
        review(duel_record(duel, 10), 0, spec)


def test_seat_out_of_range(duel: str) -> None:
    for seat in (-1, 2):
        with pytest.raises(ReviewError, match="not in this 2-player game"):
            review(duel_record(duel, 10), seat, BUDGET)
