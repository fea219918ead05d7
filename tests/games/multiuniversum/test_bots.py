"""The Multiuniversum bots' game knowledge (``games/multiuniversum/heuristics.py``): the
policy makes the obvious choices, every bot answers every decision legally in every variant
at 1 to 5 players, search runs on a small budget and repeats itself, and greedy play beats
random play."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.games.multiuniversum.builders import (
    GAME,
    at,
    card,
    cards_with,
    give,
    new,
    portal,
    sealed,
    stack,
    table,
    tools,
)

from ludoverse.bots import make
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import heuristics as H
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.scoring import best_bonus, bonus
from ludoverse.sim.play import play_game

# The policy -----------------------------------------------------------------------------------


def test_the_policy_seals_when_it_can() -> None:
    s = table(2)
    stack(s, 1, "tidal_gate")
    at(s, 0, 1)
    tools(s, 0, *cards_with(s, "move", 1, "blue")[:1])
    sealer = cards_with(s, "seal", 1)[0]
    give(s, 0, sealer, *cards_with(s, "search", 1)[:2])
    assert H.policy(s, random.Random(0)) == A.PLAY + card(s, sealer)


def test_the_policy_prepares_the_missing_tool_then_seals() -> None:
    """Tidal Gate needs one blue tool; the hand holds a blue card and a Seal card for
    transformer 1: prepare the tool, then seal, in one turn."""
    s = table(2)
    stack(s, 1, "tidal_gate")
    at(s, 0, 1)
    blue = next(c for c in cards_with(s, "search", 1, "blue"))
    sealer = next(c for c in cards_with(s, "seal", 1) if not c.startswith("blue"))
    give(s, 0, blue, sealer)
    assert H.policy(s, random.Random(0)) == A.PREPARE + card(s, blue)
    s.apply(A.PREPARE + card(s, blue))
    assert H.policy(s, random.Random(0)) == A.PLAY + card(s, sealer)


def test_the_policy_moves_to_the_portal_it_can_seal() -> None:
    s = table(2)
    stack(s, 3, "tidal_gate")
    at(s, 0, 1)
    tool = cards_with(s, "search", 2, "blue")[0]
    tools(s, 0, tool)
    mover = next(c for c in cards_with(s, "move", 1)
                 if c != tool and c not in cards_with(s, "seal", 3))
    sealer = next(c for c in cards_with(s, "seal", 3)
                  if c != tool and c not in cards_with(s, "move", 1))
    give(s, 0, mover, sealer)
    assert H.policy(s, random.Random(0)) == A.PLAY + card(s, mover)
    s.apply(A.PLAY + card(s, mover))
    assert s.phase == P.MOVE
    assert H.policy(s, random.Random(0)) == A.MOVE + 2


def test_worth_counts_a_sealed_portal_more_than_one_that_could_be_sealed() -> None:
    s = table(2)
    stack(s, 1, "tidal_gate")
    at(s, 0, 1)
    tools(s, 0, cards_with(s, "move", 1, "blue")[0])
    ready = H.worth(s, 0)
    s.tools[0] = []
    sealed(s, 0, "tidal_gate")
    assert H.worth(s, 0) > ready + 1


def test_rewards_share_the_win() -> None:
    s = table(4)
    sealed(s, 2, "tidal_gate", "ember_door")
    r = H.rewards(s)
    assert sum(r) == pytest.approx(1.0)
    assert max(range(4), key=lambda q: r[q]) == 2


def test_sets_are_formed_for_the_best_bonus() -> None:
    """Under player_choice the policy forms the sets scoring.best_bonus finds."""
    s = new(2, set_assignment="player_choice", auto_forced=True)
    names = [p.id for p in s.content.portals]
    s.sealed[0] = [portal(s, n) for n in names[:7]]
    s.sealed[1] = [portal(s, n) for n in names[7:9]]
    for st in s.stacks:
        for q in s.sealed[0] + s.sealed[1]:
            if q in st:
                st.remove(q)
    from ludoverse.games.multiuniversum.turn import game_over

    game_over(s, "end")
    assert s.phase == P.SETS
    rng = random.Random(0)
    while s.phase == P.SETS:
        s.apply(H.policy(s, rng))
    icons = s.T.icon
    for lab in range(2):
        assert bonus(s, lab) == best_bonus([icons[q] for q in s.sealed[lab]])


# Every decision, every variant ----------------------------------------------------------------

VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (1, {}), (2, {}), (3, {}), (4, {}), (5, {}),
    (1, {"variant": "deadly_portals"}), (2, {"variant": "basic_scoring"}),
    (5, {"variant": "short_game"}), (2, {"set_assignment": "player_choice"}),
    (3, {"end_mode": "one_more_each", "recycle_mode": "free_anytime",
         "portal_visibility": "all_face_up", "stack_composition": "random_4",
         "played_card_timing": "start_of_turn", "move_range": "adjacent",
         "set_assignment": "player_choice", "round_limit": 20}),
    (4, {"end_mode": "immediate", "set_assignment": "player_choice"}),
]


def _check_game(players: int, options: dict[str, Any], seed: int,
                phases: set[str]) -> None:
    """Greedy in seat 0 and the policy elsewhere; every choice (and every search candidate
    and reward) is checked against the true state."""
    s = GAME.new_game(players=players, seed=seed, options={**options, "auto_forced": False})
    greedy = make("greedy", GAME)
    rng = random.Random(seed)
    last_stage = H.stage(s)
    while not s.is_terminal():
        seat = s.current_player
        legal = s.legal_actions()
        phases.add(P.PHASES[s.phase])
        view = s.determinize(seat, rng)
        cands = H.candidates(view)
        assert cands and set(cands) <= set(legal)
        r = H.rewards(view)
        assert len(r) == players and all(0.0 <= x <= 1.0 for x in r)
        a = greedy.choose(view, seat, rng) if seat == 0 else H.rollout_action(view, rng)
        assert a in legal, (P.PHASES[s.phase], s.action_label(a, s.current_player))
        s.apply(a)
        assert H.stage(s) >= last_stage
        last_stage = H.stage(s)
    assert s.outcome() is not None


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_bots_answer_every_decision_legally(players: int, options: dict[str, Any]) -> None:
    phases: set[str] = set()
    _check_game(players, options, seed=players, phases=phases)
    assert "turn" in phases


def test_the_games_reach_every_decision() -> None:
    phases: set[str] = set()
    for seed in range(6):
        _check_game(2, {"set_assignment": "player_choice"}, seed, phases)
    assert phases == set(P.PHASES) - {"over"}


# Search ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 5])
def test_ismcts_plays_a_game_on_a_small_budget(players: int) -> None:
    played = play_game(GAME, ["ismcts:iters=20"] + ["greedy"] * (players - 1), seed=3)
    assert played.outcome is not None


def test_same_seed_same_game() -> None:
    seats = ["ismcts:iters=15", "greedy", "random"]
    a = play_game(GAME, seats, seed=5)
    b = play_game(GAME, seats, seed=5)
    assert a.record.actions == b.record.actions
    assert a.outcome.scores == b.outcome.scores


def test_greedy_beats_random() -> None:
    """Over 20 two-player games (each deal from both seats) greedy wins at least 17; a fair
    coin does that with chance 0.0013."""
    wins = 0.0
    for game in range(20):
        k = game % 2
        seats = ["random", "random"]
        seats[k] = "greedy"
        out = play_game(GAME, seats, seed=game // 2).outcome
        wins += k in out.winners
    assert wins >= 17
