"""ISMCTS ``prune``: searching only the moves a game's ``candidates`` names.

A game with a hundred legal swaps per decision spreads a few hundred iterations too thin; a
short list of sensible moves lets the search look deeper. These tests use Nim (from
``test_ismcts``) with a ``candidates`` list that leaves out one move.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from tests.bots.test_ismcts import NIM, NimGame, NimState, nim_rewards

from ludoverse.bots import make
from ludoverse.bots.base import SpecError
from ludoverse.bots.ismcts import ISMCTSBot


def take_two_or_three(state: NimState) -> list[int]:
    """Never consider taking one coin (action 0) while more are legal."""
    legal = state.legal_actions()
    return [a for a in legal if a != 0] or legal


class NimWithCandidates(NimGame):
    name = "test_nim_candidates"
    heuristics = SimpleNamespace(evaluate=lambda s, seat: 0.0, rewards=nim_rewards,
                                 candidates=take_two_or_three)


PRUNED = NimWithCandidates()


def test_prune_is_part_of_the_canonical_spec() -> None:
    assert make("ismcts:iters=10,prune=off").spec == "ismcts:iters=10,prune=off"
    assert make("ismcts:iters=10,prune=auto").spec == "ismcts:iters=10"


def test_a_bad_prune_value_is_refused() -> None:
    with pytest.raises(SpecError, match="prune must be 'auto', 'on' or 'off'"):
        make("ismcts:prune=maybe")


def test_prune_on_needs_a_game_with_candidates() -> None:
    with pytest.raises(SpecError, match="has no 'candidates' for prune=on"):
        make("ismcts:iters=10,prune=on", NIM)


@pytest.mark.parametrize("prune", ["auto", "on"])
def test_the_search_visits_only_candidate_moves(prune: str) -> None:
    state = PRUNED.new_game(options={"pile": 9})
    result = ISMCTSBot(iters=300, prune=prune, cutoff="0").search(state, 0, random.Random(1))
    assert set(result.visits) == {1, 2}
    assert result.action in (1, 2)


def test_prune_off_searches_every_legal_move() -> None:
    state = PRUNED.new_game(options={"pile": 9})
    result = ISMCTSBot(iters=300, prune="off", cutoff="0").search(state, 0, random.Random(1))
    assert set(result.visits) == {0, 1, 2}
    assert result.action == 0  # 9 coins: taking one leaves the opponent a multiple of 4
