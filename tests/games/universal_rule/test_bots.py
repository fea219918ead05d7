"""The Universal Rule bots' game knowledge: the cheap policy makes the obvious choices, the
evaluation prefers what wins, and greedy play beats random play."""

from __future__ import annotations

import random

import pytest
from tests.games.universal_rule.builders import card, choose, give, put, table

import ludoverse
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import heuristics as H
from ludoverse.games.universal_rule import phases as P
from ludoverse.sim import play

GAME = ludoverse.load("universal_rule")


def test_the_follow_cost_is_set_as_high_as_allowed() -> None:
    s = table(3)
    for planet in ("lyzin", "cheroa", "quysin"):
        put(s, 0, planet)
    s.apply(A.CHOOSE + A.PRODUCE)
    assert s.phase == P.COST
    assert H.policy(s, random.Random(0)) == A.follow_cost(3)


def test_the_card_given_up_at_set_up_is_the_least_useful() -> None:
    s = table(3)
    s.phase = P.KEEP
    s.asked = 0
    give(s, 0, "dravos", "aurelis", "nevenell")
    # Nevenell costs nothing and earns 3: the one to keep; Dravos costs 4 and earns 1.
    assert H.policy(s, random.Random(0)) == A.GIVE_UP + card(s, "dravos")


def test_a_larger_fleet_stops_a_sneak_attack() -> None:
    """Red reveals a fleet of 6; Blue holds Dravos (fleet 8) and shows it."""
    s = table(3)
    give(s, 0, "wim_star")
    give(s, 1, "dravos", "cheroa")
    s.phase, s.asked, s.sneak_fleet = P.COUNTER, 1, 6
    s.shown = [[card(s, "wim_star")], [], []]
    s.edited()
    assert H.policy(s, random.Random(0)) == A.REVEAL + card(s, "dravos")
    s.asked = 2  # Green has no cards to show
    s.edited()
    assert H.policy(s, random.Random(0)) == A.PASS


def test_holding_the_universal_rule_card_is_worth_more() -> None:
    s = table(3)
    put(s, 0, "lyzin")
    put(s, 1, "cheroa")
    before = H.evaluate(s, 0)
    s.holder = 0
    assert H.evaluate(s, 0) > before + 3


def test_rewards_share_the_win() -> None:
    s = table(4)
    put(s, 2, "solenne", "upgraded")
    r = H.rewards(s)
    assert sum(r) == pytest.approx(1.0)
    assert max(range(4), key=lambda q: r[q]) == 2


def test_a_follower_takes_a_good_colonize_and_declines_a_dear_one() -> None:
    s = table(3)
    put(s, 0, "lyzin")
    put(s, 0, "cheroa")
    give(s, 0, "quysin")
    give(s, 1, "nevenell")
    s.credits = [5, 5, 5]
    choose(s, "colonize", 1)
    s.apply(A.play(card(s, "quysin"), 0))
    assert s.phase == P.FOLLOW and s.asked == 1
    assert H.policy(s, random.Random(0)) == A.play(card(s, "nevenell"), 0)


def test_greedy_beats_random() -> None:
    """Over 12 seeded 3-player games the greedy seat wins at least 8 (a random seat's fair
    share is 4)."""
    wins = 0
    for seed in range(12):
        k = seed % 3
        seats = ["random", "random", "random"]
        seats[k] = "greedy"
        result = play(GAME, seats=seats, seed=seed)
        outcome = result[1] if isinstance(result, tuple) else result.outcome
        wins += k in outcome.winners
    assert wins >= 8
