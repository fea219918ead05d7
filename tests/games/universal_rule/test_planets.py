"""Planet abilities (docs/rules/universal_rule.md, section 12, and the ability kinds of
``content.AbilityKind``).

Seats 0, 1 and 2 are Red, Blue and Green; every position starts at the beginning of Red's
turn unless a test says otherwise, with empty hands, no planets and 3 credits each. Planets
are placed without costs or abilities; the abilities under test are then set off by playing.
"""

from __future__ import annotations

from typing import Any

import pytest

from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.content import default_content
from ludoverse.games.universal_rule.state import UniversalRuleState
from ludoverse.games.universal_rule.turn import start_turn
from ludoverse.games.universal_rule.winning import vp

from .builders import (
    attack,
    card,
    choose,
    colonize,
    commit,
    credits,
    fund,
    give,
    put,
    table,
    upgrade,
)

RED, BLUE, GREEN = 0, 1, 2


def decline(s: UniversalRuleState) -> None:
    """Every player still to decide on following passes (and takes the idle credit)."""
    while s.phase == P.FOLLOW and not s.pending:
        s.apply(A.PASS)


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


# UR-PLANET-1
@pytest.mark.parametrize(("where", "blue"), [("hand", 3), ("basic", 4), ("upgraded", 3)])
def test_only_the_side_in_play_has_its_text(where: str, blue: int) -> None:
    """Quysin glommers only basic side up in play: in Blue's hand or upgraded (Settling
    Victor) it pays nothing when Red colonizes."""
    s = table()
    put(s, BLUE, "dravos")
    if where == "hand":
        give(s, BLUE, "quysin")
    else:
        put(s, BLUE, "quysin", where)
    give(s, RED, "aurelis")
    choose(s, "colonize")
    s.apply(colonize(s, "aurelis"))
    assert s.credits[BLUE] == blue


# UR-PLANET-2, UR-PLANET-10
def test_quysin_pays_when_an_opponent_colonizes_leading_or_following() -> None:
    """Red colonizes Aurelis and Green follows with Eremos: Blue's Quysin pays Blue 1 for
    each, and Blue, passing, also takes the idle credit."""
    s = table()
    put(s, BLUE, "quysin")
    put(s, BLUE, "dravos")
    give(s, RED, "aurelis")
    give(s, GREEN, "eremos")
    choose(s, "colonize", 1)
    s.apply(colonize(s, "aurelis"))
    assert s.credits == [0, 4, 3]
    s.apply(A.PASS)
    s.apply(colonize(s, "eremos"))
    assert s.credits == [1, 6, 0]


# UR-PLANET-2, UR-PLANET-10
def test_quysin_never_pays_its_owner_while_they_are_the_active_player() -> None:
    """Blue colonizes on Blue's turn and both others follow: Blue gets the follow costs
    only, never a glommer credit."""
    s = table(active=BLUE)
    put(s, BLUE, "quysin")
    put(s, BLUE, "dravos")
    give(s, BLUE, "aurelis")
    give(s, GREEN, "eremos")
    give(s, RED, "tarsis")
    choose(s, "colonize", 1)
    s.apply(colonize(s, "aurelis"))
    s.apply(colonize(s, "eremos"))
    s.apply(colonize(s, "tarsis"))
    assert s.credits[BLUE] == 0 + 1 + 1
    assert not [e for e in s.events if e.kind == "glommer"]


# UR-PLANET-2, UR-PLANET-11
def test_cheroa_pays_when_an_opponent_explores_leading_or_following() -> None:
    """Red explores and Green follows: Blue's Cheroa pays Blue 1 for each."""
    s = table()
    put(s, BLUE, "cheroa")
    put(s, BLUE, "dravos")
    choose(s, "explore", 1)
    assert s.credits == [2, 4, 3]
    s.apply(A.PASS)
    s.apply(A.FOLLOW)
    assert s.credits == [3, 6, 1]


# UR-PLANET-2, UR-PLANET-11
def test_cheroa_pays_nothing_when_its_owner_explores() -> None:
    """Blue explores on Blue's turn and Green follows: Blue gets Green's follow cost and no
    glommer credit."""
    s = table(active=BLUE)
    put(s, BLUE, "cheroa")
    put(s, BLUE, "dravos")
    choose(s, "explore", 1)
    assert s.credits[BLUE] == 2
    s.apply(A.FOLLOW)
    assert s.credits[BLUE] == 2 + 1
    assert not [e for e in s.events if e.kind == "glommer"]


# UR-PLANET-11
@pytest.mark.parametrize(("deck", "discard", "bonus"), [
    (False, False, 2), (True, False, 0), (False, True, 0)])
def test_cheroa_upgraded_scores_while_deck_and_discard_pile_are_empty(
        deck: bool, discard: bool, bonus: int) -> None:
    """Exploring Victor: +2 VP only while both the deck and the discard pile are empty."""
    s = table()
    put(s, RED, "cheroa", "upgraded")
    credits(s, 0, 0, 0)
    s.removed.extend(s.deck)
    s.deck = []
    if deck:
        s.deck.append(s.removed.pop())
    if discard:
        s.discard.append(s.removed.pop())
    assert vp(s, RED) == 2 + bonus


# UR-PLANET-3
@pytest.mark.parametrize("seat", [RED, BLUE])
def test_colonizing_another_planet_destroys_a_basic_nevenell(seat: int) -> None:
    """The Starting Planet goes to the discard pile when its owner colonizes, leading (Red)
    or following (Blue)."""
    s = table()
    nevenell = put(s, seat, "nevenell")
    give(s, RED, "aurelis")
    if seat == BLUE:
        give(s, BLUE, "eremos")
    choose(s, "colonize", 1)
    s.apply(colonize(s, "aurelis"))
    if seat == BLUE:
        s.apply(colonize(s, "eremos"))
    assert s.planets[seat] == [card(s, "aurelis" if seat == RED else "eremos")]
    assert s.discard == [nevenell]


# UR-PLANET-3
def test_an_upgraded_nevenell_survives_colonizing() -> None:
    s = table()
    nevenell = put(s, RED, "nevenell", "upgraded")
    give(s, RED, "aurelis")
    choose(s, "colonize", 1)
    s.apply(colonize(s, "aurelis"))
    assert s.planets[RED] == [nevenell, card(s, "aurelis")]
    assert s.discard == []


# UR-PLANET-4, UR-PLANET-1
@pytest.mark.parametrize(("nevenell", "returned"), [("upgraded", True), ("basic", False)])
def test_cockroach_returns_a_destroyed_planet_to_its_owners_hand(
        nevenell: str, returned: bool) -> None:
    """Red's Dravos (8) destroys Blue's basic Aurelis (2). With an upgraded Nevenell Aurelis
    goes back to Blue's hand; a basic Nevenell has no Cockroach and Aurelis is discarded."""
    s = table()
    put(s, RED, "dravos")
    aurelis = put(s, BLUE, "aurelis")
    put(s, BLUE, "nevenell", nevenell)
    attack(s, "dravos", "aurelis")
    battle(s)
    assert aurelis not in s.planets[BLUE]
    assert s.planets[BLUE] == [card(s, "nevenell")]
    assert (aurelis in s.hands[BLUE]) is returned
    assert (aurelis in s.discard) is not returned


# UR-PLANET-4, UR-LIMIT-6
def test_cockroach_with_a_full_hand_sends_the_planet_to_the_discard_pile() -> None:
    s = table()
    put(s, RED, "dravos")
    aurelis = put(s, BLUE, "aurelis")
    put(s, BLUE, "nevenell", "upgraded")
    hand = give(s, BLUE, "eremos", "tarsis", "velmora")
    attack(s, "dravos", "aurelis")
    battle(s)
    assert s.hands[BLUE] == hand
    assert aurelis in s.discard


# UR-PLANET-5, UR-PLANET-1
@pytest.mark.parametrize("side", ["basic", "upgraded"])
def test_dezzerek_exclusive_bars_a_side_costing_the_same_as_a_planet_in_play(side: str) -> None:
    """Red holds Dezzerek (4) and Aurelis (3) with 10 credits. Exclusive bars Dravos's basic
    side (4) and Korrath's (3) but not Dravos upgraded (9) or Eremos (2); upgraded Dezzerek
    (6, Upgrade Victor) bars nothing."""
    s = table()
    put(s, RED, "dezzerek", side)
    put(s, RED, "aurelis")
    give(s, RED, "dravos", "korrath", "eremos")
    credits(s, 10, 3, 3)
    choose(s, "colonize", 1)
    legal = set(s.legal_actions())
    barred = side == "basic"
    assert (colonize(s, "dravos") in legal) is not barred
    assert (colonize(s, "korrath") in legal) is not barred
    assert colonize(s, "dravos", "upgraded") in legal
    assert colonize(s, "eremos") in legal
    assert colonize(s, "eremos", "upgraded") in legal


# UR-PLANET-5
def test_dezzerek_exclusive_binds_only_its_owner() -> None:
    """Red's Dezzerek (4) does not stop Blue from following with Dravos (4)."""
    s = table()
    put(s, RED, "dezzerek")
    give(s, RED, "eremos")
    give(s, BLUE, "dravos")
    credits(s, 3, 5, 3)
    choose(s, "colonize", 1)
    s.apply(colonize(s, "eremos"))
    s.apply(colonize(s, "dravos"))
    assert s.planets[BLUE] == [card(s, "dravos")]


# UR-PLANET-5
def test_dezzerek_exclusive_leaves_planets_already_in_play_alone() -> None:
    """Red, holding Dravos (4), may still colonize Dezzerek (4); both stay in play."""
    s = table()
    dravos = put(s, RED, "dravos")
    give(s, RED, "dezzerek")
    credits(s, 4, 3, 3)
    choose(s, "colonize", 1)
    s.apply(colonize(s, "dezzerek"))
    assert s.planets[RED] == [dravos, card(s, "dezzerek")]


# UR-PLANET-5
@pytest.mark.parametrize(("others", "expected"), [
    ((("aurelis", "upgraded"), ("lyzin", "upgraded"), ("dravos", "basic")), 2 + 2 + 2 + 1 + 2),
    ((("aurelis", "upgraded"), ("dravos", "basic")), 2 + 2 + 1 + 2),
    ((("aurelis", "upgraded"), ("dravos", "basic"), ("eremos", "basic")), 2 + 2 + 1 + 1),
    ((("dravos", "basic"),), 2 + 1),
], ids=["3 of 4", "2 of 3", "2 of 4", "1 of 2"])
def test_dezzerek_upgrade_victor_needs_more_than_half_upgraded(
        others: tuple[tuple[str, str], ...], expected: int) -> None:
    s = table()
    credits(s, 0, 0, 0)
    put(s, RED, "dezzerek", "upgraded")
    for planet, side in others:
        put(s, RED, planet, side)
    assert vp(s, RED) == expected


# UR-PLANET-6, UR-COLONIZE-4
@pytest.mark.parametrize(("green", "paid"), [(3, 2), (1, 1), (0, 0)])
def test_lyzin_minor_thug_makes_the_chosen_opponent_pay_per_planet(green: int, paid: int) -> None:
    """Red colonizes Lyzin and picks Green, who has 2 planets: Green pays 2, or all they
    have if that is less."""
    s = table()
    give(s, RED, "lyzin")
    put(s, BLUE, "aurelis")
    put(s, GREEN, "dravos")
    put(s, GREEN, "eremos")
    credits(s, 3, 3, green)
    choose(s, "colonize", 1)
    s.apply(colonize(s, "lyzin"))
    assert s.current_player == RED
    assert s.legal_actions() == [A.THUG_TARGET + BLUE, A.THUG_TARGET + GREEN]
    s.apply(A.THUG_TARGET + GREEN)
    assert s.credits == [1 + paid, 3, green - paid]


# UR-PLANET-6
def test_lyzin_minor_thug_payment_above_the_owners_limit_is_lost() -> None:
    """Red (limit 5 with Lyzin alone) has 3 after paying for Lyzin; Green pays 4 for 4
    planets: Red keeps 5 and the other 2 go to the bank, yet Green still loses all 4."""
    s = table()
    give(s, RED, "lyzin")
    for planet in ("dravos", "eremos", "tarsis", "velmora"):
        put(s, GREEN, planet)
    credits(s, 5, 3, 5)
    choose(s, "colonize", 1)
    s.apply(colonize(s, "lyzin"))
    s.apply(A.THUG_TARGET + GREEN)
    assert s.credits == [5, 3, 1]


# UR-PLANET-7
def test_lyzin_major_thug_on_colonizing_the_upgraded_side() -> None:
    """Red colonizes Lyzin upgraded: Blue (1 planet) pays 1 and Green (2 planets, 1 credit)
    pays the 1 they have; no one is chosen."""
    s = table()
    put(s, RED, "aurelis")
    put(s, RED, "eremos")
    give(s, RED, "lyzin")
    put(s, BLUE, "dravos")
    put(s, GREEN, "korrath")
    put(s, GREEN, "tarsis")
    credits(s, 6, 3, 1)
    choose(s, "colonize", 1)
    s.apply(colonize(s, "lyzin", "upgraded"))
    assert not s.pending
    assert s.credits == [2, 2, 0]


# UR-PLANET-7
def test_lyzin_major_thug_on_upgrading() -> None:
    """Red upgrades Lyzin (4): Blue (2 planets) pays 2 and Green (1 planet) pays 1."""
    s = table()
    put(s, RED, "lyzin")
    put(s, RED, "aurelis")
    put(s, BLUE, "dravos")
    put(s, BLUE, "eremos")
    put(s, GREEN, "korrath")
    credits(s, 4, 3, 3)
    choose(s, "upgrade", 1)
    s.apply(upgrade(s, "lyzin"))
    assert not s.pending
    assert s.credits == [3, 1, 2]


# UR-PLANET-8, UR-WIN-4
@pytest.mark.parametrize(("seat", "side", "wins"), [
    (RED, "basic", False), (RED, "upgraded", True), (BLUE, "basic", True)])
def test_wim_star_basic_side_stops_its_owner_winning(seat: int, side: str, wins: bool) -> None:
    """Red holds the Universal Rule card and 11 VP of upgraded planets (17 VP, 15 needed)
    and produces. Red wins at the end of the turn unless Red's own Wim Star is basic."""
    s = table()
    s.holder = RED
    for planet in ("solenne", "dravos", "korrath"):
        put(s, RED, planet, "upgraded")
    put(s, seat, "wim_star", side)
    credits(s, 0, 0, 0)
    choose(s, "produce", 1)
    decline(s)
    assert vp(s, RED) >= 15
    assert s.is_terminal() is wins
    if wins:
        assert s.outcome().winners == (RED,)
    else:
        assert s.active == BLUE


# UR-PLANET-9
def test_wim_star_upgraded_gains_a_counter_for_each_attack_even_a_failed_one() -> None:
    """Red's Wim Star (8) twice attacks Blue's upgraded Dravos (10) and fails twice."""
    s = table()
    wim = put(s, RED, "wim_star", "upgraded")
    put(s, BLUE, "dravos", "upgraded")
    credits(s, 0, 0, 0)
    attack(s, "wim_star", "dravos")
    assert s.counters[wim] == 2
    battle(s)
    assert s.side[card(s, "dravos")] == 1
    assert vp(s, RED) == 4 + 2
    start_turn(s, RED)
    attack(s, "wim_star", "dravos")
    battle(s)
    assert s.counters[wim] == 4
    assert vp(s, RED) == 4 + 4


# UR-PLANET-9
def test_wim_star_counters_survive_a_downgrade_but_none_are_added_on_the_basic_side() -> None:
    """Blue's upgraded Dravos (10) downgrades Red's Wim Star (8) carrying 4 VP of counters;
    then Red attacks with the basic Wim Star and gains no counter."""
    s = table(active=BLUE)
    wim = put(s, RED, "wim_star", "upgraded")
    s.counters[wim] = 4
    put(s, BLUE, "dravos", "upgraded")
    credits(s, 0, 0, 0)
    attack(s, "dravos", "wim_star")
    battle(s)
    assert s.side[wim] == 0
    assert s.counters[wim] == 4
    assert vp(s, RED) == 1 + 4
    start_turn(s, RED)
    attack(s, "wim_star", "dravos")
    battle(s)
    assert s.counters[wim] == 4


# UR-PLANET-9
@pytest.mark.parametrize("cockroach", [False, True])
def test_wim_star_counters_are_lost_when_it_is_destroyed(cockroach: bool) -> None:
    """Blue's Dravos destroys Red's basic Wim Star with 4 VP of counters: the counters are
    gone, whether Wim Star goes to the discard pile or back to hand by a Cockroach."""
    s = table(active=BLUE)
    wim = put(s, RED, "wim_star")
    s.counters[wim] = 4
    if cockroach:
        put(s, RED, "nevenell", "upgraded")
    put(s, BLUE, "dravos", "upgraded")
    credits(s, 0, 0, 0)
    attack(s, "dravos", "wim_star")
    battle(s)
    assert wim not in s.planets[RED]
    assert (wim in s.hands[RED]) is cockroach
    assert s.counters[wim] == 0
    assert vp(s, RED) == (2 if cockroach else 0)


# UR-PLANET-10
@pytest.mark.parametrize(("others", "expected"), [(0, 3), (1, 3 + 1 + 1), (3, 3 + 3 + 3)])
def test_quysin_settling_victor_adds_a_vp_per_other_planet(others: int, expected: int) -> None:
    s = table()
    credits(s, 0, 0, 0)
    put(s, RED, "quysin", "upgraded")
    for planet in ("dravos", "eremos", "tarsis")[:others]:
        put(s, RED, planet)
    assert vp(s, RED) == expected


# UR-PLANET-12
def test_no_side_costs_five_and_the_cheapest_upgraded_sides_cost_six() -> None:
    planets = default_content().planets
    assert len(planets) == 20
    assert all(5 not in (p.basic.cost, p.upgraded.cost) for p in planets)
    assert min(p.upgraded.cost for p in planets) == 6


# UR-PLANET-12
def test_with_one_planet_no_upgraded_side_is_within_reach() -> None:
    """Red, with one planet and the most credits allowed (5), may colonize only basic sides,
    even of the cheapest upgraded planets (6)."""
    s = table()
    put(s, RED, "aurelis")
    give(s, RED, "nevenell", "dezzerek", "lyzin")
    credits(s, 5, 3, 3)
    assert s.cap(RED) == 5
    choose(s, "colonize", 1)
    assert sorted(s.legal_actions()) == sorted(
        colonize(s, p) for p in ("nevenell", "dezzerek", "lyzin"))


# UR-COLONIZE-4
def test_colonizing_sets_off_the_new_planets_and_the_reacting_abilities() -> None:
    """Red, on a basic Nevenell, colonizes Lyzin: Nevenell is destroyed, Blue's Quysin pays
    Blue, and Red picks Lyzin's victim (Green pays 1 for Aurelis)."""
    s = table()
    nevenell = put(s, RED, "nevenell")
    give(s, RED, "lyzin")
    put(s, BLUE, "quysin")
    put(s, GREEN, "aurelis")
    choose(s, "colonize", 1)
    s.apply(colonize(s, "lyzin"))
    assert s.discard == [nevenell]
    assert s.credits[BLUE] == 4
    assert s.current_player == RED and s.pending
    s.apply(A.THUG_TARGET + GREEN)
    assert s.credits == [1 + 1, 4, 2]


# Designed ability kinds (content.AbilityKind) ---------------------------------------------


# UR-PLANET-2
def test_tessaly_basic_is_an_upgrade_glommer() -> None:
    s = table()
    put(s, RED, "aurelis")
    put(s, BLUE, "tessaly")
    credits(s, 3, 0, 0)
    choose(s, "upgrade", 1)
    s.apply(upgrade(s, "aurelis"))
    assert s.credits == [0, 1, 0]


# UR-PLANET-2
def test_oruun_basic_is_a_produce_glommer() -> None:
    s = table()
    put(s, RED, "aurelis")
    put(s, BLUE, "oruun")
    credits(s, 0, 0, 0)
    choose(s, "produce", 1)
    assert s.credits == [3, 1, 0]


# UR-PLANET-2
def test_kestrel_reach_basic_is_an_attack_glommer_paying_two() -> None:
    """Red declares an attack on Green: Blue's Kestrel Reach pays Blue 2; no one else gains."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "kestrel_reach")
    put(s, GREEN, "aurelis")
    credits(s, 0, 0, 0)
    attack(s, "dravos", "aurelis")
    assert s.credits == [0, 2, 0]


# UR-COLONIZE-1, UR-PLANET-1
@pytest.mark.parametrize(("tessaly", "legal"), [("upgraded", True), ("basic", False)])
def test_tessaly_upgraded_makes_colonizing_two_cheaper(tessaly: str, legal: bool) -> None:
    """With 2 credits Red can colonize Dravos (4) only through Orbital Docks."""
    s = table()
    put(s, RED, "tessaly", tessaly)
    give(s, RED, "dravos")
    credits(s, 2, 3, 3)
    assert (A.CHOOSE + A.COLONIZE in s.legal_actions()) is legal
    if legal:
        choose(s, "colonize", 1)
        s.apply(colonize(s, "dravos"))
        assert s.credits[RED] == 0


# UR-UPGRADE-1
@pytest.mark.parametrize(("planet", "paid"), [("dravos", 5 - 2), ("dezzerek", 0)])
def test_oruun_upgraded_makes_upgrading_two_cheaper_never_below_zero(
        planet: str, paid: int) -> None:
    """Refit Yards: Dravos (4 -> 9) costs 3 to upgrade, Dezzerek (4 -> 6) nothing."""
    s = table()
    put(s, RED, "oruun", "upgraded")
    put(s, RED, planet)
    credits(s, 3, 3, 3)
    choose(s, "upgrade", 1)
    s.apply(upgrade(s, planet))
    assert s.credits[RED] == 3 - paid
    assert s.side[card(s, planet)] == 1


# UR-PRODUCE-1, UR-PLANET-1
@pytest.mark.parametrize(("side", "gain"), [("upgraded", 4 + 1), ("basic", 3)])
def test_aurelis_upgraded_adds_one_to_its_owners_produce(side: str, gain: int) -> None:
    s = table()
    put(s, RED, "aurelis", side)
    credits(s, 0, 0, 0)
    choose(s, "produce", 1)
    assert s.credits[RED] == gain


# UR-BATTLE-1
def test_kestrel_reach_upgraded_counts_two_more_when_engaged() -> None:
    """Gunline: Red's Kestrel Reach (8 + 2) beats Blue's upgraded Wim Star (8), which an 8
    alone would only tie."""
    s = table()
    put(s, RED, "kestrel_reach", "upgraded")
    wim = put(s, BLUE, "wim_star", "upgraded")
    attack(s, "kestrel_reach", "wim_star")
    battle(s)
    assert (revealed(s)["attack"], revealed(s)["defence"]) == (10, 8)
    assert s.side[wim] == 0


# UR-BATTLE-1, UR-BATTLE-2
def test_korrath_basic_counts_one_more_when_defending() -> None:
    """Bulwark: Red's Wim Star (6) plus 1 credit only ties Blue's Korrath (6 + 1)."""
    s = table()
    put(s, RED, "wim_star")
    put(s, RED, "eremos")
    korrath = put(s, BLUE, "korrath")
    attack(s, "wim_star", "korrath")
    battle(s, funds={RED: 1})
    assert (revealed(s)["attack"], revealed(s)["defence"]) == (7, 7)
    assert s.planets[BLUE] == [korrath]


# UR-LIMIT-5
@pytest.mark.parametrize(("planet", "side", "hand", "discard"), [
    ("myrrhon", "basic", 3, False), ("myrrhon", "upgraded", 4, False),
    ("aurelis", "basic", 3, True)])
def test_myrrhon_raises_the_hand_limit(planet: str, side: str, hand: int, discard: bool) -> None:
    """Red explores holding ``hand`` cards: Myrrhon keeps the new card within the limit (4
    basic, 5 upgraded); without it Red must discard down to 3."""
    s = table()
    put(s, RED, planet, side)
    give(s, RED, *("eremos", "tarsis", "velmora", "solenne")[:hand])
    choose(s, "explore", 1)
    assert len(s.hands[RED]) == hand + 1
    assert bool(s.pending) is discard


# UR-WIN-3
@pytest.mark.parametrize(("holder", "expected"), [(RED, 2 + 6 + 2), (BLUE, 2), (-1, 2)])
def test_eremos_upgraded_scores_while_holding_the_universal_rule_card(
        holder: int, expected: int) -> None:
    s = table()
    credits(s, 0, 0, 0)
    put(s, RED, "eremos", "upgraded")
    s.holder = holder
    assert vp(s, RED) == expected


# UR-WIN-3
@pytest.mark.parametrize(("money", "expected"), [(4, 2), (5, 2 + 1 + 1), (14, 2 + 2 + 2)])
def test_tarsis_upgraded_scores_per_five_credits(money: int, expected: int) -> None:
    s = table()
    put(s, RED, "tarsis", "upgraded")
    credits(s, money, 0, 0)
    assert vp(s, RED) == expected


# UR-WIN-3
@pytest.mark.parametrize(("others", "expected"), [(2, 3 + 2), (3, 3 + 3 + 2)])
def test_velmora_upgraded_scores_with_four_planets(others: int, expected: int) -> None:
    s = table()
    credits(s, 0, 0, 0)
    put(s, RED, "velmora", "upgraded")
    for planet in ("dravos", "eremos", "tarsis")[:others]:
        put(s, RED, planet)
    assert vp(s, RED) == expected
