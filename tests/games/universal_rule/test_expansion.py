"""The *Edge of War* expansion (docs/rules/universal_rule.md, section 13): Roza System,
Wovis and Vianov, shuffled in with the base planets before 3 random planets are removed.

Seats 0, 1, 2 and 3 are Red, Blue, Green and Yellow. The set-up test plays real
``edge_of_war`` games; the ability tests put the expansion planets on a built table of an
``edge_of_war`` game (every position starts at the beginning of Red's turn unless a test
says otherwise, with empty hands, no planets and 3 credits each).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.content import default_content
from ludoverse.games.universal_rule.state import UniversalRuleState

from .builders import (
    attack,
    card,
    choose,
    colonize,
    commit,
    credits,
    fund,
    give,
    new,
    put,
    table,
)

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3
EDGE = ("roza_system", "wovis", "vianov")


def edge_table(players: int = 3, active: int = RED) -> UniversalRuleState:
    """A built table of an ``edge_of_war`` game: any of the 20 planets can be put out."""
    return table(players, active, edge_of_war=True)


def battle(s: UniversalRuleState, funds: dict[int, int] | None = None,
           support: dict[int, str] | None = None) -> None:
    """After the declaration: no one commits cards, each seat commits ``funds[seat]`` credits
    (none if absent) and each supporter backs ``support[seat]`` (the defence if absent)."""
    funds = funds or {}
    support = support or {}
    for _ in range(s.n):
        commit(s)
    for _ in range(s.n):
        q = s.asked
        fund(s, funds.get(q, 0), None if s.sides[q] >= 0 else support.get(q, "defence"))


def revealed(s: UniversalRuleState) -> dict[str, Any]:
    """The log entry of the last battle's reveal."""
    return next(e.data for e in reversed(s.events) if e.kind == "battle_revealed")


def declare(s: UniversalRuleState, attacking: str) -> list[int]:
    """Red chooses Attack with ``attacking``: the planets Red may name as defending planet."""
    choose(s, "attack")
    s.apply(A.ATTACK_WITH + card(s, attacking))
    return sorted(a - A.ATTACK_TARGET for a in s.legal_actions())


# UR-EXP-1
@pytest.mark.parametrize("players", [3, 4, 5])
def test_edge_of_war_shuffles_in_three_planets_and_removes_three_unseen(players: int) -> None:
    """All 20 planets are shuffled; 3 are set aside and 17 are dealt or form the deck. The
    players see only how many were removed."""
    edge = {card_id for card_id, p in enumerate(default_content().planets)
            if p.expansion == "edge_of_war"}
    removed: set[int] = set()
    for seed in range(30):
        s = new(players, seed, edge_of_war=True)
        in_play = s.deck + [c for hand in s.hands for c in hand]
        assert len(s.removed) == 3
        assert len(in_play) == 17
        assert sorted(in_play + s.removed) == list(range(20))
        for seat in range(players):
            assert s.observation(seat)["removed"] == 3
        removed.update(s.removed)
    assert removed & edge, "an Edge of War planet can be removed"
    assert removed - edge, "a base planet can be removed"


# UR-EXP-1
def test_edge_of_war_planets_can_stay_in_the_game() -> None:
    in_game: set[str] = set()
    for seed in range(30):
        s = new(3, seed, edge_of_war=True)
        dealt = [c for hand in s.hands for c in hand]
        in_game.update(s.content.planets[c].id for c in s.deck + dealt)
    assert set(EDGE) <= in_game


# UR-EXP-1
def test_the_removed_planets_stay_out_for_the_whole_game() -> None:
    """A whole edge_of_war game played at random never brings a removed planet back."""
    s = new(3, 7, edge_of_war=True, auto_forced=True)
    removed = list(s.removed)
    rng = random.Random(7)
    for _ in range(3000):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
        assert s.removed == removed
        assert all(s.owner[c] == -1 for c in removed)
        assert not set(removed) & {*s.deck, *s.discard, *(c for h in s.hands for c in h)}
    assert s.turn > 10


# UR-EXP-1
def test_the_base_game_plays_the_17_base_planets_only() -> None:
    s = new(3, 0)
    in_play = s.deck + [c for hand in s.hands for c in hand]
    assert s.removed == []
    assert sorted(s.content.planets[c].expansion for c in in_play) == ["base"] * 17


# UR-EXP-2
@pytest.mark.parametrize(("side", "may_attack"), [("basic", False), ("upgraded", True)])
def test_roza_basic_owner_cannot_choose_attack(side: str, may_attack: bool) -> None:
    s = edge_table()
    put(s, RED, "roza_system", side)
    put(s, RED, "dravos")
    put(s, BLUE, "aurelis")
    assert (A.CHOOSE + A.ATTACK in s.legal_actions()) is may_attack
    assert A.CHOOSE + A.PRODUCE in s.legal_actions()


# UR-EXP-2
def test_roza_basic_can_be_attacked() -> None:
    """Blue's Dravos (8) attacks Red's basic Roza System (2) and destroys it."""
    s = edge_table(active=BLUE)
    roza = put(s, RED, "roza_system")
    put(s, BLUE, "dravos")
    attack(s, "dravos", "roza_system")
    battle(s)
    assert roza in s.discard


# UR-EXP-2
def test_roza_basic_owner_may_support_either_side() -> None:
    """Blue attacks Red; Green, on a basic Roza System and Korrath, backs the attack with 2
    credits."""
    s = edge_table(active=BLUE)
    put(s, RED, "aurelis")
    put(s, BLUE, "eremos")
    put(s, GREEN, "roza_system")
    put(s, GREEN, "korrath")
    attack(s, "eremos", "aurelis")
    for _ in range(3):
        commit(s)
    fund(s, 0)
    assert s.asked == GREEN
    assert s.legal_actions() == [A.SIDE + 0, A.SIDE + 1]
    fund(s, 2, "attack")
    fund(s, 0)
    assert revealed(s)["sides"][GREEN] == "attack"
    assert revealed(s)["credits"][GREEN] == 2
    assert revealed(s)["attack"] == 5 + 2


# UR-EXP-3
@pytest.mark.parametrize("side", ["basic", "upgraded"])
def test_roza_upgraded_shields_its_owners_other_planets(side: str) -> None:
    """Blue has Roza System and Aurelis, Green has Eremos. Against an upgraded Roza, Red may
    name Roza System itself or Green's planet, never Aurelis."""
    s = edge_table()
    put(s, RED, "dravos")
    roza = put(s, BLUE, "roza_system", side)
    aurelis = put(s, BLUE, "aurelis")
    eremos = put(s, GREEN, "eremos")
    targets = declare(s, "dravos")
    if side == "upgraded":
        assert targets == sorted([roza, eremos])
    else:
        assert targets == sorted([roza, aurelis, eremos])


# UR-EXP-3
def test_roza_upgraded_owner_with_only_shielded_planets_offers_just_roza() -> None:
    """Blue's Roza System is Red's only possible target: Attack is still open."""
    s = edge_table()
    put(s, RED, "dravos")
    roza = put(s, BLUE, "roza_system", "upgraded")
    put(s, BLUE, "aurelis")
    put(s, BLUE, "eremos")
    assert declare(s, "dravos") == [roza]


# UR-EXP-4
@pytest.mark.parametrize("seat", [RED, BLUE])
def test_wovis_basic_restart_downgrades_its_owners_other_upgraded_planets(seat: int) -> None:
    """Colonizing Wovis basic side up, leading (Red) or following (Blue), turns its owner's
    upgraded planets to their basic side; basic ones and other players' planets stay."""
    s = edge_table()
    aurelis = put(s, seat, "aurelis", "upgraded")
    dravos = put(s, seat, "dravos", "upgraded")
    eremos = put(s, seat, "eremos")
    other = put(s, GREEN, "korrath", "upgraded")
    give(s, seat, "wovis")
    if seat == BLUE:
        give(s, RED, "tarsis")
    credits(s, 3, 3, 3)
    choose(s, "colonize", 1)
    s.apply(colonize(s, "tarsis" if seat == BLUE else "wovis"))
    if seat == BLUE:
        s.apply(colonize(s, "wovis"))
    assert (s.side[aurelis], s.side[dravos], s.side[eremos]) == (0, 0, 0)
    assert s.side[card(s, "wovis")] == 0
    assert s.side[other] == 1


# UR-EXP-4
def test_wovis_colonized_upgraded_restarts_nothing() -> None:
    s = edge_table()
    aurelis = put(s, RED, "aurelis", "upgraded")
    put(s, RED, "eremos")
    give(s, RED, "wovis")
    credits(s, 7, 3, 3)
    choose(s, "colonize", 1)
    s.apply(colonize(s, "wovis", "upgraded"))
    assert s.side[aurelis] == 1


def instigator_table(wovis_credits: int = 4) -> UniversalRuleState:
    """Four players: Red (Dravos, Korrath) attacks Blue's Aurelis; Blue also has Eremos,
    Green has an upgraded Wovis, Yellow has Tarsis."""
    s = edge_table(4)
    put(s, RED, "dravos")
    put(s, RED, "korrath")
    put(s, BLUE, "aurelis")
    put(s, BLUE, "eremos")
    put(s, GREEN, "wovis", "upgraded")
    put(s, YELLOW, "tarsis")
    credits(s, 3, 3, wovis_credits, 3)
    attack(s, "dravos", "aurelis")
    return s


# UR-EXP-5
def test_wovis_upgraded_may_pay_the_attacker_four_to_choose_a_new_defending_planet() -> None:
    """Green may re-target to any planet but Aurelis (the current one) and Red's own; Green
    pays Red 4 and sends the attack against Yellow's Tarsis, which Red destroys."""
    s = instigator_table()
    assert s.phase == P.INSTIGATE and s.current_player == GREEN
    options = {name: card(s, name) for name in ("eremos", "wovis", "tarsis")}
    assert s.legal_actions() == [A.PASS, *sorted(A.RETARGET + c for c in options.values())]
    s.apply(A.RETARGET + options["tarsis"])
    assert s.credits == [3 + 4, 3, 0, 3]
    battle(s)
    assert revealed(s)["defender"] == YELLOW
    assert revealed(s)["defending"] == options["tarsis"]
    assert options["tarsis"] in s.discard
    assert s.planets[BLUE] == [card(s, "aurelis"), options["eremos"]]


# UR-EXP-5
def test_wovis_owner_may_let_the_attack_go_on() -> None:
    s = instigator_table()
    s.apply(A.PASS)
    assert s.phase == P.COMMIT
    assert s.def_card == card(s, "aurelis")
    assert s.credits == [3, 3, 4, 3]


# UR-EXP-5
def test_wovis_instigator_is_not_offered_with_fewer_than_four_credits() -> None:
    s = instigator_table(wovis_credits=3)
    assert s.phase == P.COMMIT
    assert s.current_player == RED


# UR-EXP-5
def test_wovis_instigator_is_not_used_on_its_owners_own_attack() -> None:
    s = edge_table(4, active=GREEN)
    put(s, GREEN, "wovis", "upgraded")
    put(s, GREEN, "dravos")
    put(s, BLUE, "aurelis")
    put(s, BLUE, "eremos")
    credits(s, 3, 3, 9, 3)
    attack(s, "dravos", "aurelis")
    assert s.phase == P.COMMIT


# UR-EXP-5
def test_wovis_instigator_needs_another_planet_to_send_the_attack_to() -> None:
    """Red attacks Green's Wovis, the only planet Red could attack: nothing to re-target to."""
    s = edge_table()
    put(s, RED, "dravos")
    put(s, GREEN, "wovis", "upgraded")
    credits(s, 3, 3, 9)
    attack(s, "dravos", "wovis")
    assert s.phase == P.COMMIT


# UR-EXP-5, UR-EXP-3
def test_wovis_cannot_re_target_to_a_planet_a_flagbearer_shields() -> None:
    s = edge_table(4)
    put(s, RED, "dravos")
    put(s, BLUE, "aurelis")
    put(s, GREEN, "wovis", "upgraded")
    roza = put(s, YELLOW, "roza_system", "upgraded")
    put(s, YELLOW, "tarsis")
    credits(s, 3, 3, 4, 3)
    attack(s, "dravos", "aurelis")
    assert s.legal_actions() == [A.PASS, *sorted(A.RETARGET + c
                                                 for c in (card(s, "wovis"), roza))]


# UR-EXP-6
def test_vianov_is_a_designed_edge_of_war_planet_called_eater_of_worlds() -> None:
    vianov = next(p for p in default_content().planets if p.name == "Vianov")
    assert vianov.expansion == "edge_of_war"
    assert vianov.provenance == "reconstructed"
    assert vianov.upgraded.ability is not None
    assert (vianov.upgraded.ability.kind, vianov.upgraded.ability.name) == (
        "eater_of_worlds", "Eater of Worlds")


# UR-EXP-6
def test_vianov_basic_counts_one_more_when_engaged() -> None:
    """Red's basic Vianov (5 + 1) beats Blue's Dezzerek (5), which a 5 alone would tie."""
    s = edge_table()
    put(s, RED, "vianov")
    dezzerek = put(s, BLUE, "dezzerek")
    attack(s, "vianov", "dezzerek")
    battle(s)
    assert (revealed(s)["attack"], revealed(s)["defence"]) == (6, 5)
    assert dezzerek in s.discard


# UR-EXP-6
@pytest.mark.parametrize(("target", "side", "gain"), [
    ("basic", "attack", 3), ("upgraded", "attack", 0), ("basic", "defence", 0)])
def test_vianov_upgraded_feeds_the_winning_side_on_a_destroyed_planet(
        target: str, side: str, gain: int) -> None:
    """Red's Dravos (8) beats Blue's Aurelis (2 or 4); Green owns an upgraded Vianov. Green
    gains 3 only when Aurelis is destroyed (basic) and Green backed the attack."""
    s = edge_table()
    put(s, RED, "dravos")
    put(s, BLUE, "aurelis", target)
    put(s, GREEN, "vianov", "upgraded")
    put(s, GREEN, "eremos")
    attack(s, "dravos", "aurelis")
    battle(s, support={GREEN: side})
    assert revealed(s)["success"]
    assert s.credits[GREEN] == 3 + gain


# UR-EXP-6
def test_vianov_upgraded_feeds_the_attacker_too() -> None:
    s = edge_table()
    put(s, RED, "dravos")
    put(s, RED, "vianov", "upgraded")
    put(s, BLUE, "aurelis")
    attack(s, "dravos", "aurelis")
    battle(s)
    assert s.credits[RED] == 3 + 3
