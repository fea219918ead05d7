"""Bot specs: ``name:key=value,...`` strings that every tool accepts, and the bots they build."""

from __future__ import annotations

import random

import pytest

from ludoverse.bots import Bot, SpecError, make, parse_spec
from ludoverse.bots.greedy import GreedyBot
from ludoverse.bots.random_bot import RandomBot
from toygames.highcard import GAME


@pytest.mark.parametrize(
    ("spec", "parsed"),
    [
        ("random", ("random", {})),
        ("  Greedy ", ("greedy", {})),
        ("ismcts:iters=2000", ("ismcts", {"iters": "2000"})),
        ("ismcts:iters=2000, c = 0.7", ("ismcts", {"iters": "2000", "c": "0.7"})),
        ("ismcts:", ("ismcts", {})),
        ("x:expr=a=b", ("x", {"expr": "a=b"})),
    ],
)
def test_parse_spec(spec: str, parsed: tuple[str, dict[str, str]]) -> None:
    assert parse_spec(spec) == parsed


def test_parameters_must_be_key_value() -> None:
    with pytest.raises(SpecError, match="parameter 'fast' is not key=value"):
        parse_spec("greedy:fast")


def test_make_builds_each_bot() -> None:
    bot = make("random")
    assert isinstance(bot, RandomBot) and isinstance(bot, Bot) and bot.spec == "random"
    greedy = make("greedy:noise=0.5", GAME)
    assert isinstance(greedy, GreedyBot) and greedy.noise == 0.5
    assert greedy.spec == "greedy:noise=0.5"
    assert make("greedy").spec == "greedy"


def test_make_refuses_unknown_bots_and_parameters() -> None:
    with pytest.raises(SpecError, match=r"unknown bot .genius.; bots: .*greedy.*random"):
        make("genius")
    with pytest.raises(SpecError, match="bot spec 'random:depth=3'"):
        make("random:depth=3")


@pytest.mark.parametrize("spec", ["random", "greedy", "greedy:noise=1"])
def test_bots_pick_legal_moves_in_a_determinised_world(spec: str) -> None:
    """The framework hands bots ``determinize(seat)``; their choice must be legal in the truth."""
    state = GAME.new_game(3, seed=4)
    rng = random.Random(0)
    bot = make(spec, GAME)
    while not state.is_terminal():
        seat = state.current_player
        action = bot.choose(state.determinize(seat, rng), seat, rng)
        assert action in state.legal_actions()
        state.apply(action)
