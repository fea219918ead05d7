"""Components and set-up (docs/rules/universal_rule.md, section 1).

Seats 0, 1 and 2 are Red, Blue and Green. A game from :func:`builders.new` stops at the
set-up choice: everyone has been dealt 3 Planet Cards and must give one up.
"""

from __future__ import annotations

import json

import pytest

import ludoverse
from ludoverse.core.api import IllegalAction
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.state import UniversalRuleState
from ludoverse.games.universal_rule.winning import vp

from .builders import choose, credits, new, put, table

RED, BLUE, GREEN = 0, 1, 2
GAME = ludoverse.load("universal_rule")


def give_up_first_cards(s: UniversalRuleState) -> list[int]:
    """Every player, in turn, gives up the lowest-numbered card of their hand."""
    given = []
    for _ in range(s.n):
        assert s.phase == P.KEEP
        c = min(s.hands[s.current_player])
        s.apply(A.GIVE_UP + c)
        given.append(c)
    return given


# UR-SETUP-1
@pytest.mark.parametrize("players", [3, 4, 5])
def test_three_to_five_players_sit_at_seats_0_to_n_minus_1(players: int) -> None:
    s = new(players)
    assert s.n == players
    assert len(s.hands) == len(s.credits) == len(s.planets) == players
    asked = []
    for _ in range(players):  # the set-up choice goes round clockwise: seat, then seat + 1
        asked.append(s.current_player)
        s.apply(A.GIVE_UP + min(s.hands[s.current_player]))
    assert asked == list(range(players))


# UR-SETUP-1
@pytest.mark.parametrize("players", [2, 6])
def test_two_or_six_players_cannot_play(players: int) -> None:
    with pytest.raises(ValueError, match=f"played by 3-5 players, not {players}"):
        GAME.new_game(players=players)


# UR-SETUP-1
def test_the_player_clockwise_of_the_last_seat_is_seat_0() -> None:
    """Green (seat 2) produces and Red (seat 0), clockwise of Green, is asked to follow."""
    s = table(active=GREEN)
    choose(s, "produce")
    assert s.current_player == RED
    s.apply(A.PASS)
    assert s.current_player == BLUE


# UR-SETUP-2
def test_seventeen_planets_and_the_six_vp_universal_rule_card() -> None:
    s = new()
    assert len(s.R.base) == 17
    every_card = sorted([*s.deck, *(c for hand in s.hands for c in hand)])
    assert every_card == list(range(17))
    assert s.content.universal_rule_vp == 6
    s.holder = BLUE
    assert vp(s, BLUE) == 6 and vp(s, RED) == 0


# UR-SETUP-2
def test_edge_of_war_adds_three_planets_but_still_plays_with_seventeen() -> None:
    s = new(edge_of_war=True)
    assert s.R.num_cards == 20
    assert len(s.removed) == 3
    assert len(s.deck) + sum(len(h) for h in s.hands) == 17


# UR-SETUP-2
def test_credits_are_only_counted_up_to_25() -> None:
    """Blue, with six planets (5 x 6 = 30) and 25 credits, takes the idle credit: the count
    stays at 25, the rulebook's coins for one player, and the credit goes back to the bank."""
    s = table()
    for planet in ("dravos", "solenne", "velmora", "tarsis", "eremos", "aurelis"):
        put(s, BLUE, planet)
    credits(s, 3, 25, 3)
    choose(s, "produce")
    s.apply(A.PASS)
    assert s.credits[BLUE] == 25
    assert [e.data["lost"] for e in s.events if e.kind == "declined"] == [1]


# UR-SETUP-3
def test_a_planet_in_play_counts_only_its_top_side() -> None:
    """Nevenell's basic side earns 3 and is worth 1 VP; turned upgraded it earns 1 and is worth
    2 VP: the other side is ignored."""
    s = table()
    put(s, RED, "nevenell", "upgraded")
    credits(s, 0, 3, 3)
    choose(s, "produce")
    assert s.credits[RED] == 1
    assert vp(s, RED) == 2
    t = table()
    put(t, RED, "nevenell", "basic")
    credits(t, 0, 3, 3)
    choose(t, "produce")
    assert t.credits[RED] == 3
    assert vp(t, RED) == 1


# UR-SETUP-3
def test_every_planet_card_has_two_sides_with_five_stats() -> None:
    s = new()
    for p in s.content.planets:
        for side in (p.basic, p.upgraded):
            assert {"cost", "income", "military", "vp"} <= set(type(side).model_fields)
            assert side.cost >= 0 and side.income >= 0 and side.military >= 0
        assert p.upgraded.cost > p.basic.cost


# UR-SETUP-4
def test_the_universal_rule_card_starts_in_the_centre() -> None:
    s = new()
    assert s.holder == -1
    obs = s.observation(RED)
    assert obs["universal_rule"] is None
    assert not any(p["holds_universal_rule"] for p in obs["players_view"])


# UR-SETUP-5
def test_each_player_is_dealt_three_and_must_give_one_up() -> None:
    s = new()
    assert [len(h) for h in s.hands] == [3, 3, 3]
    assert s.phase == P.KEEP and s.current_player == RED
    assert s.legal_actions() == sorted(A.GIVE_UP + c for c in s.hands[RED])
    labels = [s.action_label(a, RED) for a in s.legal_actions()]
    assert [x.startswith("Give up ") for x in labels] == [True] * 3


# UR-SETUP-5
def test_a_card_not_in_the_hand_cannot_be_given_up() -> None:
    s = new()
    other = s.hands[BLUE][0]
    with pytest.raises(IllegalAction, match=r"give up .* is not legal now"):
        s.apply(A.GIVE_UP + other)
    assert [len(h) for h in s.hands] == [3, 3, 3]


# UR-SETUP-5
def test_the_two_kept_cards_stay_in_hand_and_no_one_has_a_planet() -> None:
    s = new()
    dealt = [list(h) for h in s.hands]
    given = give_up_first_cards(s)
    for q in range(3):
        assert sorted(s.hands[q]) == sorted(c for c in dealt[q] if c != given[q])
    assert s.planets == [[], [], []]
    assert s.phase == P.CHOOSE and s.active == RED


# UR-SETUP-5
def test_the_given_up_card_is_secret() -> None:
    """Red gives up a card: Red's own view names it, Blue's and Green's views and logs only
    say that Red has chosen."""
    s = new()
    card = min(s.hands[RED])
    name = s.content.planets[card].name
    s.apply(A.GIVE_UP + card)
    assert s.observation(RED)["setup"]["gave_up"]["name"] == name
    assert s.observation(RED)["setup"]["chosen"] == [True, False, False]
    for q in (BLUE, GREEN):
        obs = s.observation(q)
        assert obs["setup"]["gave_up"] is None
        assert obs["setup"]["chosen"] == [True, False, False]
        assert "hand" not in obs["players_view"][RED]
        assert name not in json.dumps(obs)
        assert not [e for e in s.events_for(q) if e.kind == "gave_up"]
        assert [e.data["seat"] for e in s.events_for(q) if e.kind == "setup_choice_made"] == [RED]
        assert [e.data["seat"] for e in s.events_for(q) if e.kind == "dealt"] == [q]
    assert [e.data["card"] for e in s.events_for(RED) if e.kind == "gave_up"] == [card]
    assert name not in json.dumps(s.observation(None))


# UR-SETUP-5
def test_the_given_up_cards_stay_secret_once_the_deck_is_formed() -> None:
    s = new()
    given = give_up_first_cards(s)
    for q in range(3):
        obs = s.observation(q)
        for other in range(3):
            if other != q:
                assert s.content.planets[given[other]].name not in json.dumps(obs)


# UR-SETUP-6
@pytest.mark.parametrize(("players", "deck"), [(3, 11), (4, 9), (5, 7)])
def test_the_given_up_cards_are_shuffled_into_the_deck(players: int, deck: int) -> None:
    """17 cards less 2 kept by each player: 11 with 3 players, 9 with 4, 7 with 5."""
    s = new(players)
    assert len(s.deck) == 17 - 3 * players
    given = give_up_first_cards(s)
    assert len(s.deck) == deck
    assert set(given) <= set(s.deck)
    assert s.discard == []
    assert sorted([*s.deck, *(c for h in s.hands for c in h)]) == list(range(17))


# UR-SETUP-6
def test_the_deck_is_shuffled_after_the_give_ups() -> None:
    """Over a few games the given-up cards do not always sit on top of the deck."""
    on_top = 0
    for seed in range(10):
        s = new(seed=seed)
        given = give_up_first_cards(s)
        on_top += set(s.deck[-3:]) == set(given)
    assert on_top < 10


# UR-SETUP-7
@pytest.mark.parametrize("players", [3, 4, 5])
def test_everyone_starts_with_three_credits(players: int) -> None:
    s = new(players)
    assert s.credits == [3] * players
    give_up_first_cards(s)
    assert s.credits == [3] * players


# UR-SETUP-8
def test_the_first_player_is_drawn_at_random() -> None:
    firsts = {GAME.new_game(players=3, seed=seed).first for seed in range(30)}
    assert firsts == {0, 1, 2}


# UR-SETUP-8
def test_the_random_first_player_chooses_first_and_takes_the_first_turn() -> None:
    seed = next(k for k in range(50)
                if GAME.new_game(players=3, seed=k, options={"auto_forced": False}).first == 2)
    s = new(seed=seed, first_player="random")
    assert s.first == GREEN and s.current_player == GREEN
    asked = []
    for _ in range(3):
        asked.append(s.current_player)
        s.apply(A.GIVE_UP + min(s.hands[s.current_player]))
    assert asked == [GREEN, RED, BLUE]
    assert s.phase == P.CHOOSE and s.active == GREEN


# UR-SETUP-8
def test_seat0_can_be_asked_to_start() -> None:
    for seed in range(10):
        s = GAME.new_game(players=4, seed=seed, options={"first_player": "seat0"})
        assert s.first == 0 and s.current_player == 0
