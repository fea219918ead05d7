"""Play one whole game between bots (and optionally people) and keep its record."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoverse.bots.base import Bot, make
from ludoverse.core.api import Game, Outcome, State
from ludoverse.core.records import GameRecord, Recorder
from ludoverse.core.registry import load

Chooser = Callable[[State, int], int]
"""A seat controlled from outside (a person): gets the *true* state, must only use what
``state.observation(seat)`` shows."""


def bot_seed(seed: int, seat: int) -> int:
    """Bots' own randomness is separate from the game's, and fixed by the game seed."""
    return (seed * 1_000_003 + 7919 * (seat + 1)) & 0xFFFFFFFF


@dataclass
class PlayedGame:
    """A finished game with what a batch runner measures along the way."""

    record: GameRecord
    outcome: Outcome
    final: State
    decisions: int
    legal_total: int
    """Sum over decisions of the number of legal actions (branching = legal_total/decisions)."""


def play_game(
    game: Game | str,
    seats: Sequence[str | Bot | Chooser],
    seed: int = 0,
    options: Any = None,
    content: Any = None,
    budget: Any = None,
    max_decisions: int = 1_000_000,
) -> PlayedGame:
    """Play a game to the end; seat ``i`` is played by ``seats[i]``."""
    g = load(game) if isinstance(game, str) else game
    players: list[Bot | Chooser] = [
        make(s, g) if isinstance(s, str) else s for s in seats
    ]
    specs = [s if isinstance(s, str) else getattr(s, "spec", "custom") for s in seats]
    rec = Recorder(g, len(players), seed, options, content, seats=specs)
    rngs = [random.Random(bot_seed(seed, i)) for i in range(len(players))]
    state = rec.state
    decisions = legal_total = 0
    for _ in range(max_decisions):
        if state.is_terminal():
            break
        seat = state.current_player
        player = players[seat]
        legal_total += len(state.legal_actions())
        decisions += 1
        if isinstance(player, Bot):
            view = state.determinize(seat, rngs[seat])
            action = player.choose(view, seat, rngs[seat], budget)
        else:
            action = player(state, seat)
        rec.apply(action)
    else:
        raise RuntimeError(f"{g.name} game with seed {seed} exceeded {max_decisions} decisions")
    out = state.outcome()
    assert out is not None
    return PlayedGame(rec.record, out, state, decisions, legal_total)


def play(
    game: Game | str,
    seats: Sequence[str | Bot | Chooser],
    seed: int = 0,
    options: Any = None,
    content: Any = None,
    budget: Any = None,
    max_decisions: int = 1_000_000,
) -> tuple[GameRecord, Outcome]:
    """Play a game to the end; seat ``i`` is played by ``seats[i]``. Returns the record and
    the outcome (:func:`play_game` also gives the final state and decision counts)."""
    played = play_game(game, seats, seed, options, content, budget, max_decisions)
    return played.record, played.outcome
