"""A review judges a decision by what the seat could know at that moment, never by hindsight.

Three layers of evidence:

1. *Exact*: in a game whose ``determinize`` depends only on what the seat knows and the rng
   (ULTIA, and the Duel test game), a review of the same decision from two states the seat
   cannot tell apart, with the same review seed, gives identical moves, shares and verdicts,
   over many decision points, seats and seeds.
2. *Structural*, for every game: the review touches the true state only to ask who moves,
   what is legal and for ``determinize(seat, rng)`` with the review's own step seed; every
   position the search is handed is that determinised world.
3. *Canonical worlds*, for every game: ``determinize`` depends only on what the seat knows
   and the rng, so layer 1 holds for every game, not only the two checked in full.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import ludoverse
from ludoverse.bots.ismcts import ISMCTSBot
from ludoverse.core.api import State
from ludoverse.core.registry import load
from ludoverse.review import review_position, step_seed
from ludoverse.review.engine import decisions
from ludoverse.sim.play import play

BUDGET = "ismcts:iters=40"
SEEDS = range(3)


def indistinguishable(state: State, seat: int, salt: int) -> State:
    """Another true position ``seat`` cannot tell from ``state`` (hidden parts dealt anew)."""
    other = state.determinize(seat, random.Random(10_000 + salt))
    assert other.observation(seat) == state.observation(seat)
    assert [e.to_json() for e in other.events_for(seat)] == \
        [e.to_json() for e in state.events_for(seat)]
    return other


def ultia_points() -> list[tuple[int, State, int]]:
    """Decision points of every seat of a greedy ULTIA game, spread over the game."""
    record, _ = play("ultia", ["greedy"] * 3, seed=11)
    points = []
    for seat in range(3):
        found, _, _ = decisions(record, seat)
        points += found[seat::9][:3]
    return points


def test_ultia_review_depends_only_on_what_the_seat_knew() -> None:
    hidden_differs = 0
    verdicts = set()
    for i, (step, truth, played) in enumerate(ultia_points()):
        seat = truth.current_player
        other = indistinguishable(truth, seat, i)
        hidden_differs += other.to_json() != truth.to_json()
        for seed in SEEDS:
            a = review_position(truth, played, BUDGET, seed, step)
            b = review_position(other, played, BUDGET, seed, step)
            assert a == b, f"seat {seat}, step {step}, seed {seed}"
            verdicts.add(a.verdict)
    assert hidden_differs >= 6, "the second positions must really differ in hidden cards"
    assert len(verdicts) > 1, "the property must cover more than one verdict"


def test_duel_review_depends_only_on_what_the_seat_knew(duel: str) -> None:
    game = load(duel)
    seen_cards = set()
    for deal in range(8):
        truth = game.new_game(2, deal)
        other = indistinguishable(truth, 0, deal)
        seen_cards.add((truth.hands[1][0], other.hands[1][0]))
        for played in truth.legal_actions():
            for seed in SEEDS:
                a = review_position(truth, played, "ismcts:iters=60", seed, 0)
                assert a == review_position(other, played, "ismcts:iters=60", seed, 0)
    assert any(x != y for x, y in seen_cards)


class Sealed:
    """The true state behind a wall: only who moves, what is legal and ``determinize``
    (what any seat may ask) pass; everything else fails the test."""

    ALLOWED = frozenset({"current_player", "legal_actions", "game", "determinize"})

    def __init__(self, state: State) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "asked", [])

    def __getattr__(self, name: str) -> Any:
        if name not in self.ALLOWED:
            raise AssertionError(f"the review read {name!r} of the true state")
        self.asked.append(name)
        return getattr(object.__getattribute__(self, "_state"), name)


@pytest.mark.parametrize("game", ["ultia", "paradox", "ultramassive", "universal_rule",
                                  "multiuniversum"])
def test_the_search_sees_only_the_seat_s_determinised_world(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = ludoverse.load(game)
    record, _ = play(g, ["random"] * max(2, g.min_players), seed=4)
    searched: list[State] = []
    real_search = ISMCTSBot.search

    def spy(self: ISMCTSBot, state: State, *args: Any, **kw: Any) -> Any:
        searched.append(state)
        return real_search(self, state, *args, **kw)

    monkeypatch.setattr(ISMCTSBot, "search", spy)
    for seat in (0, 1):
        found, _, _ = decisions(record, seat)
        for step, truth, played in found[:: max(1, len(found) // 2)][:2]:
            searched.clear()
            sealed = Sealed(truth)
            m = review_position(sealed, played, "ismcts:iters=10", 7, step)  # type: ignore[arg-type]
            assert m == review_position(truth, played, "ismcts:iters=10", 7, step)
            assert "determinize" in sealed.asked
            world = truth.determinize(seat, random.Random(step_seed(7, step)))
            assert searched and all(s is not truth for s in searched)
            for s in searched:
                assert s.to_json() == world.to_json()
                assert s.observation(seat) == truth.observation(seat)


@pytest.mark.parametrize(
    "game", ["ultia", "paradox", "ultramassive", "universal_rule", "multiuniversum"])
def test_determinize_depends_only_on_what_the_seat_knows(game: str) -> None:
    """What exact information hiding needs from a game: two states a seat cannot tell apart,
    determinised with the same rng seed, give the same world (every pool of unseen cards is
    put in a fixed order before it is shuffled)."""
    g = ludoverse.load(game)
    for seed, players in ((2, max(2, g.min_players)), (3, g.max_players)):
        record, _ = play(g, ["random"] * players, seed=seed)
        for seat in range(players):
            found, _, _ = decisions(record, seat)
            for step, truth, _ in found[:: max(1, len(found) // 4)][:4]:
                other = indistinguishable(truth, seat, step)
                a = truth.determinize(seat, random.Random(step)).to_json()
                b = other.determinize(seat, random.Random(step)).to_json()
                assert a == b, f"{game}: {players} players, seat {seat}, step {step}"
