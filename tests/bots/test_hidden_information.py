"""Bots never see hidden information (DESIGN: "Bots never see the true state").

The check: take a real position, make a second "true" position whose hidden parts (the other
hands, the face-down pair, the future deals) are scrambled but which looks exactly the same
to the seat to move, and show that every bot's choices, over many seeds, are the same in
both. A bot that peeked at the hidden parts would choose differently; the control test shows
such a bot is caught when it is handed the truth.
"""

from __future__ import annotations

import random

import pytest

import ludoverse
from ludoverse.bots import make
from ludoverse.core.api import State
from ludoverse.core.records import replay_iter
from ludoverse.sim.play import play

GAME = ludoverse.load("ultia")
SEEDS = range(8)
BOTS = [
    "random",
    "greedy",
    "ismcts:iters=40",
    "ismcts:iters=80,rollout=heuristic,cutoff=stage",
]


def positions(count: int = 14) -> list[State]:
    """Decision points with a real choice, from greedy games, spread over every phase."""
    bot = make("greedy", GAME)
    found: list[State] = []
    phases: set[str] = set()
    for game in range(6):
        state = GAME.new_game(seed=100 + game)
        rng = random.Random(game)
        while not state.is_terminal():
            seat = state.current_player
            phase = state.observation(seat)["phase"]
            if len(state.legal_actions()) > 1 and (phase not in phases or rng.random() < 0.04):
                phases.add(phase)
                found.append(state.clone())
            state.apply(bot.choose(state.determinize(seat, rng), seat, rng))
    assert {"bidding", "declare_plan", "discard", "name_trump", "trick"} <= phases
    return found[: max(count, len(phases))]


POSITIONS = positions()


def scrambled(state: State, seat: int, salt: int) -> State:
    """Another true position that ``seat`` cannot tell apart from ``state``."""
    other = state.determinize(seat, random.Random(10_000 + salt))
    assert other.observation(seat) == state.observation(seat)
    return other


def differs_in_hidden_parts(a: State, b: State, seat: int) -> bool:
    hidden = [p for p in range(3) if p != seat]
    return any(a.hands[p] != b.hands[p] for p in hidden) or a.talon != b.talon


def framework_choice(bot_spec: str, state: State, seat: int, seed: int) -> int:
    """What the framework does for a bot's turn: hand it ``determinize(seat)``, never ``state``."""
    bot = make(bot_spec, GAME)
    rng = random.Random(seed)
    return bot.choose(state.determinize(seat, rng), seat, rng)


@pytest.mark.parametrize("bot_spec", BOTS)
def test_choices_depend_only_on_the_observation(bot_spec: str) -> None:
    scrambled_somewhere = False
    varied = False
    for i, truth in enumerate(POSITIONS):
        seat = truth.current_player
        other = scrambled(truth, seat, i)
        scrambled_somewhere |= differs_in_hidden_parts(truth, other, seat)
        a = [framework_choice(bot_spec, truth, seat, s) for s in SEEDS]
        b = [framework_choice(bot_spec, other, seat, s) for s in SEEDS]
        phase = truth.observation(seat)["phase"]
        assert a == b, f"{bot_spec} chose differently at position {i} ({phase})"
        varied |= len(set(a)) > 1
    assert scrambled_somewhere, "the scrambled positions must really differ in hidden cards"
    if bot_spec == "random":
        assert varied  # the seeds matter, so equal lists are not equal by accident


class PeekingBot:
    """A cheat: plays the card matching the number of high cards held by the next seat."""

    spec = "peek"

    def choose(self, state: State, seat: int, rng: random.Random, budget: object = None) -> int:
        legal = state.legal_actions()
        nxt = state.hands[(seat + 1) % 3]
        return legal[(nxt >> 5).bit_count() * 7 % len(legal)]


def test_a_peeking_bot_is_caught_when_handed_the_truth() -> None:
    """Control: the test above would catch a bot that reads hidden cards, if the framework
    handed it the true state; through ``determinize`` even the cheat sees only a sample."""
    cheat = PeekingBot()
    caught = 0
    for i, truth in enumerate(POSITIONS):
        seat = truth.current_player
        other = scrambled(truth, seat, i)
        rng = random.Random(0)
        if cheat.choose(truth, seat, rng) != cheat.choose(other, seat, rng):
            caught += 1
        a = cheat.choose(truth.determinize(seat, random.Random(5)), seat, rng)
        b = cheat.choose(other.determinize(seat, random.Random(5)), seat, rng)
        assert a == b
    assert caught >= 2


def test_play_hands_bots_a_determinised_world() -> None:
    """In a real game the bot's view of the other hands is a sample, not the truth."""
    seen: list[tuple[int, list[int]]] = []

    class Spy:
        spec = "spy"

        def choose(self, state: State, seat: int, rng: random.Random, budget: object = None) -> int:
            seen.append((seat, list(state.hands)))
            return rng.choice(state.legal_actions())

    record, _ = play(GAME, [Spy(), "greedy", "greedy"], seed=7)
    truth_at_spy_turns = [
        list(s.hands)
        for _, s in replay_iter(record)
        if not s.is_terminal() and s.current_player == 0
    ]
    assert len(truth_at_spy_turns) == len(seen)
    mismatched = 0
    for (seat, view), truth in zip(seen, truth_at_spy_turns, strict=True):
        assert view[seat] == truth[seat]  # its own hand is its own
        mismatched += view != truth
    assert mismatched > len(seen) // 2
