"""Hidden information (docs/rules/universal_rule.md, section 14), the secret set-up choice
(UR-SETUP-5), the secret steps of an Attack (UR-ATTACK-4, UR-ATTACK-7) and cards shown in a
Sneak Attack Victory attempt (UR-SNEAK-6).

Seats 0 to 3 are Red, Blue, Green and Yellow. What a seat may see is read from its
observation and from the log entries visible to it, both serialized to JSON text: a card is
"shown" when its content id (``"key": "dravos"``) is in that text, or when a log entry names
its card number.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ludoverse.core.api import Event
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.attack import fleet_capacity
from ludoverse.games.universal_rule.state import UniversalRuleState

from .builders import attack, card, choose, commit, credits, fund, give, new, on_top, put, table

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3
SEEDS = range(12)


def observation_text(s: UniversalRuleState, seat: int | None) -> str:
    return json.dumps(s.observation(seat))


def events_text(s: UniversalRuleState, seat: int | None) -> str:
    return json.dumps([e.to_json() for e in s.events_for(seat)])


def card_numbers(events: list[Event]) -> set[int]:
    """Every card number a list of log entries names."""
    out: set[int] = set()

    def add(x: Any) -> None:
        if isinstance(x, bool):
            return
        if isinstance(x, int):
            out.add(x)
        elif isinstance(x, list):
            for y in x:
                add(y)

    for e in events:
        if e.kind == "committed_face_down":  # "cards" is a count here
            continue
        for field in ("card", "cards", "attacking", "defending", "planet"):
            if field in e.data:
                add(e.data[field])
    return out


def shown_to(s: UniversalRuleState, seat: int | None, c: int) -> bool:
    """Does anything ``seat`` can see name card ``c``?"""
    planet = s.content.planets[c]
    text = observation_text(s, seat)
    return (f'"key": "{planet.id}"' in text or f'"name": "{planet.name}"' in text
            or c in card_numbers(s.events_for(seat)))


def keys(cards: list[dict[str, Any]]) -> list[str]:
    return sorted(c["key"] for c in cards)


# UR-SETUP-5, UR-KNOW-1, UR-KNOW-2
def test_each_set_up_hand_is_seen_only_by_its_player() -> None:
    s = new(3)
    assert s.phase == P.KEEP
    for me in (RED, BLUE, GREEN):
        assert len(s.observation(me)["players_view"][me]["hand"]) == 3
        for other in (RED, BLUE, GREEN):
            for c in s.hands[other]:
                assert shown_to(s, me, c) is (me == other)
                assert not shown_to(s, None, c)
            assert s.observation(me)["players_view"][other]["hand_size"] == 3


# UR-SETUP-5, UR-KNOW-2
def test_the_card_given_up_is_known_only_to_the_player_who_gave_it_up() -> None:
    """Red gives up a card: Blue and Green learn only that Red has chosen, then and after the
    deck is formed."""
    s = new(3)
    given = s.hands[RED][0]
    s.apply(A.GIVE_UP + given)
    assert s.observation(RED)["setup"]["gave_up"]["id"] == given
    assert s.observation(BLUE)["setup"] == {"chosen": [True, False, False], "gave_up": None}
    for seat in (BLUE, GREEN, None):
        assert not shown_to(s, seat, given)
    s.apply(A.GIVE_UP + s.hands[BLUE][0])
    assert s.observation(GREEN)["setup"]["chosen"] == [True, True, False]
    s.apply(A.GIVE_UP + s.hands[GREEN][0])
    assert s.phase == P.CHOOSE
    assert given in s.deck
    for seat in (BLUE, GREEN, None):
        assert not shown_to(s, seat, given)


# UR-SETUP-5, UR-KNOW-2
def test_no_set_up_choice_is_shown_before_all_have_chosen() -> None:
    """Red and Blue have chosen; Green, still choosing, sees neither card nor who kept what."""
    s = new(3)
    red, blue = s.hands[RED][0], s.hands[BLUE][1]
    s.apply(A.GIVE_UP + red)
    s.apply(A.GIVE_UP + blue)
    assert s.current_player == GREEN
    for c in (red, blue):
        assert not shown_to(s, GREEN, c)
    assert [p["hand_size"] for p in s.observation(GREEN)["players_view"]] == [2, 2, 3]
    kinds = [e.kind for e in s.events_for(GREEN)]
    assert "gave_up" not in kinds and kinds.count("setup_choice_made") == 2


# UR-KNOW-1
def test_a_hand_is_hidden_and_its_size_public() -> None:
    s = table()
    give(s, RED, "dravos", "solenne")
    give(s, BLUE, "eremos")
    assert keys(s.observation(RED)["players_view"][RED]["hand"]) == ["dravos", "solenne"]
    for seat in (BLUE, GREEN, None):
        view = s.observation(seat)["players_view"][RED]
        assert "hand" not in view and view["known_hand"] == []
        assert view["hand_size"] == 2
        assert not shown_to(s, seat, card(s, "dravos"))
        assert not shown_to(s, seat, card(s, "solenne"))
    assert not shown_to(s, RED, card(s, "eremos"))


# UR-KNOW-1
def test_a_card_drawn_is_seen_only_by_the_player_who_draws_it() -> None:
    s = table()
    on_top(s, "dravos")
    choose(s, "explore")
    assert shown_to(s, RED, card(s, "dravos"))
    for seat in (BLUE, GREEN, None):
        assert not shown_to(s, seat, card(s, "dravos"))
        assert s.observation(seat)["players_view"][RED]["hand_size"] == 1


def battle_table() -> UniversalRuleState:
    """Four players. Red's Eremos attacks Blue's Solenne; Red also has Dravos (fleet 8), Green
    Tarsis (3) and Yellow Velmora (4) in play. Red holds Korrath, Green Aurelis."""
    s = table(4)
    put(s, RED, "eremos")
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    put(s, GREEN, "tarsis")
    put(s, YELLOW, "velmora")
    give(s, RED, "korrath")
    give(s, GREEN, "aurelis", "cheroa")
    give(s, YELLOW, "quysin")
    credits(s, 5, 5, 5, 5)
    attack(s, "eremos", "solenne")
    return s


# UR-KNOW-3, UR-ATTACK-4
def test_committed_cards_stay_face_down_and_only_their_number_is_public() -> None:
    """Red commits Korrath, Green Aurelis: the others see one card each went face down, and
    which only at the reveal."""
    s = battle_table()
    commit(s, "korrath")
    commit(s)
    assert s.current_player == GREEN
    assert s.observation(GREEN)["battle"]["cards_committed"] == [1, 0, 0, 0]
    commit(s, "aurelis")
    commit(s)
    korrath, aurelis = card(s, "korrath"), card(s, "aurelis")
    for seat in (BLUE, YELLOW, None):
        assert s.observation(seat)["battle"]["cards_committed"] == [1, 0, 1, 0]
        assert not shown_to(s, seat, korrath) and not shown_to(s, seat, aurelis)
    assert not shown_to(s, GREEN, korrath) and not shown_to(s, RED, aurelis)
    assert keys(s.observation(RED)["battle"]["my_cards"]) == ["korrath"]
    assert s.observation(GREEN)["players_view"][GREEN]["hand_size"] == 1
    fund(s, 0)
    fund(s, 0)
    fund(s, 0, "attack")
    fund(s, 0, "defence")
    for seat in (RED, BLUE, GREEN, YELLOW, None):
        assert korrath in card_numbers(s.events_for(seat))
        assert aurelis in card_numbers(s.events_for(seat))


# UR-KNOW-3, UR-ATTACK-7
def test_funds_and_sides_stay_secret_until_the_reveal() -> None:
    """Red commits 4 credits, Blue 0, Green backs the defence with 3. Yellow, choosing last,
    sees only that they have chosen; the reveal then shows all."""
    s = battle_table()
    for _ in range(4):
        commit(s)
    fund(s, 4)
    fund(s, 0)
    fund(s, 3, "defence")
    assert s.current_player == YELLOW
    battle = s.observation(YELLOW)["battle"]
    assert set(battle) == {"attacker", "defender", "attacking_planet", "defending_planet",
                           "cards_committed", "funds_chosen", "my_cards", "my_credits",
                           "my_side", "my_fleet_capacity"}
    assert battle["funds_chosen"] == [True, True, True, False]
    assert battle["my_credits"] is None and battle["my_side"] is None
    assert [p["credits"] for p in s.observation(YELLOW)["players_view"]] == [5, 5, 5, 5]
    for seat in (YELLOW, None):
        assert not {"credits_committed", "side_chosen"} & {e.kind for e in s.events_for(seat)}
    assert "my_side" not in s.observation(None)["battle"]
    theirs = [e.data for e in s.events_for(GREEN)
              if e.kind in ("credits_committed", "side_chosen")]
    assert theirs == [{"seat": GREEN, "side": "defence"}, {"seat": GREEN, "credits": 3}]
    fund(s, 0, "attack")
    reveal = [e.data for e in s.events_for(YELLOW) if e.kind == "battle_revealed"]
    assert reveal[0]["credits"] == [4, 0, 3, 0]
    assert reveal[0]["sides"] == ["attack", "defence", "defence", "attack"]


# UR-KNOW-4
def test_the_deck_is_only_a_number() -> None:
    s = table()
    for seat in (RED, BLUE, GREEN, None):
        assert s.observation(seat)["deck"] == 17
        for c in s.deck:
            assert not shown_to(s, seat, c)


# UR-KNOW-4
def test_no_one_knows_which_edge_of_war_planets_were_removed() -> None:
    s = new(3, seed=5, edge_of_war=True)
    assert len(s.removed) == 3
    for seat in (RED, BLUE, GREEN, None):
        assert s.observation(seat)["removed"] == 3
        for c in s.removed:
            assert not shown_to(s, seat, c)
            assert f'"{s.content.planets[c].id}"' not in events_text(s, seat)


# UR-KNOW-5
def test_the_table_is_public() -> None:
    """Planets with both sides, credits, the card's holder, Wim Star counters, the discard pile
    and the follow cost are seen by every seat."""
    s = table()
    put(s, RED, "solenne", "upgraded")
    put(s, RED, "eremos")
    wim = put(s, GREEN, "wim_star", "upgraded")
    s.counters[wim] = 4
    s.discard = [card(s, "dravos")]
    s.holder = GREEN
    credits(s, 4, 7, 2)
    choose(s, "produce", 2)  # Red: 4 + 6, at the limit of 10
    for seat in (BLUE, GREEN, None):
        obs = s.observation(seat)
        solenne = obs["players_view"][RED]["planets"][0]
        assert solenne["key"] == "solenne" and solenne["side"] == "upgraded"
        assert solenne["basic"]["cost"] == 4 and solenne["basic"]["military"] == 4
        assert solenne["upgraded"]["cost"] == 12 and solenne["upgraded"]["vp"] == 4
        assert [p["credits"] for p in obs["players_view"]] == [10, 7, 2]
        assert obs["universal_rule"] == GREEN
        assert obs["players_view"][GREEN]["holds_universal_rule"] is True
        assert obs["players_view"][GREEN]["planets"][0]["counters"] == 4
        assert keys(obs["discard"]) == ["dravos"]
        assert obs["follow_cost"] == 2 and obs["action"] == "produce"


# UR-KNOW-5, UR-ATTACK-8
def test_cards_revealed_in_a_battle_are_public() -> None:
    s = battle_table()
    commit(s, "korrath")
    commit(s)
    commit(s, "aurelis")
    commit(s)
    fund(s, 0)
    fund(s, 0)
    fund(s, 0, "defence")
    fund(s, 0, "attack")
    for seat in (BLUE, YELLOW, None):
        reveal = next(e.data for e in s.events_for(seat) if e.kind == "battle_revealed")
        assert reveal["cards"] == [[card(s, "korrath")], [], [card(s, "aurelis")], []]
        discard = keys(s.observation(seat)["discard"])
        assert "aurelis" in discard and "korrath" in discard


def sneak_table() -> UniversalRuleState:
    """Red (the card, upgraded Solenne and Oruun) ends a Produce turn with 13 VP holding Tarsis,
    Aurelis and Cheroa, and reveals Tarsis; Blue answers with Quysin; the attempt falls
    short. Blue holds Quysin and Dravos, Green Velmora."""
    s = table()
    s.holder = RED
    put(s, RED, "solenne", "upgraded")
    put(s, RED, "oruun", "upgraded")
    credits(s, 0, 3, 3)
    give(s, RED, "tarsis", "aurelis", "cheroa")
    give(s, BLUE, "quysin", "dravos")
    give(s, GREEN, "velmora")
    choose(s, "produce")
    s.apply(A.PASS)
    s.apply(A.PASS)
    assert s.phase == P.SNEAK
    s.apply(A.REVEAL + card(s, "tarsis"))
    s.apply(A.PASS)
    s.apply(A.REVEAL + card(s, "quysin"))
    s.apply(A.PASS)
    s.apply(A.PASS)
    assert s.active == BLUE and s.phase == P.CHOOSE
    return s


# UR-SNEAK-6, UR-KNOW-5
def test_cards_shown_in_a_sneak_attack_attempt_stay_known_in_hand() -> None:
    s = sneak_table()
    for seat in (BLUE, GREEN, None):
        assert keys(s.observation(seat)["players_view"][RED]["known_hand"]) == ["tarsis"]
        assert not shown_to(s, seat, card(s, "aurelis"))
        assert not shown_to(s, seat, card(s, "cheroa"))
    for seat in (RED, GREEN):
        assert keys(s.observation(seat)["players_view"][BLUE]["known_hand"]) == ["quysin"]
        assert not shown_to(s, seat, card(s, "dravos"))


# UR-SNEAK-6, UR-KNOW-6
def test_determinize_keeps_cards_shown_in_a_sneak_attack_attempt() -> None:
    s = sneak_table()
    tarsis, quysin = card(s, "tarsis"), card(s, "quysin")
    hands = set()
    for k in SEEDS:
        t = s.determinize(GREEN, random.Random(k))
        assert tarsis in t.hands[RED] and quysin in t.hands[BLUE]
        assert t.observation(GREEN) == s.observation(GREEN)
        hands.add(tuple(sorted(t.hands[RED])))
    assert len(hands) > 1


def mid_game() -> UniversalRuleState:
    """Red's turn with hands, planets, a discard pile and a deck."""
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "solenne", "upgraded")
    put(s, GREEN, "tarsis")
    give(s, RED, "dravos", "korrath")
    give(s, BLUE, "aurelis", "cheroa")
    give(s, GREEN, "velmora", "quysin", "oruun")
    s.discard = [card(s, "myrrhon")]
    s.deck.remove(card(s, "myrrhon"))
    s.holder = BLUE
    return s


def positions() -> dict[str, UniversalRuleState]:
    """Positions of every kind of secret, for determinizing."""
    out = {"set_up": new(3, seed=3)}
    s = new(3, seed=3)
    s.apply(A.GIVE_UP + s.hands[RED][0])
    out["set_up_one_chosen"] = s
    out["mid_game"] = mid_game()
    s = mid_game()
    attack(s, "eremos", "solenne")
    commit(s, "dravos")
    commit(s, "aurelis")
    out["fleet_step"] = s
    s = battle_table()
    commit(s, "korrath")
    commit(s)
    commit(s, "aurelis")
    commit(s, "quysin")
    fund(s, 3)
    fund(s, 0)
    fund(s, 2, "attack")
    out["funds_step"] = s
    out["after_sneak_attack"] = sneak_table()
    out["edge_of_war"] = new(3, seed=5, edge_of_war=True)
    return out


# UR-KNOW-6
@pytest.mark.parametrize("where", ["set_up", "set_up_one_chosen", "mid_game", "fleet_step",
                                   "funds_step", "after_sneak_attack", "edge_of_war"])
def test_determinize_never_changes_what_the_seat_knows(where: str) -> None:
    s = positions()[where]
    before = json.dumps(s.to_json(), sort_keys=True)
    for seat in range(s.n):
        for k in SEEDS:
            t = s.determinize(seat, random.Random(k))
            assert t.observation(seat) == s.observation(seat)
            assert [e.to_json() for e in t.events_for(seat)] == [
                e.to_json() for e in s.events_for(seat)]
            if s.current_player == seat:
                assert t.legal_actions() == s.legal_actions()
    assert json.dumps(s.to_json(), sort_keys=True) == before


# UR-KNOW-6
def test_determinize_redeals_the_other_hands_and_the_deck() -> None:
    """From Red's seat: Blue's and Green's hands vary with the seed, keep their sizes, and
    together with the deck hold the same cards; Red's own hand never changes."""
    s = mid_game()
    unknown = sorted(s.hands[BLUE] + s.hands[GREEN] + s.deck)
    blue_hands, decks = set(), set()
    for k in SEEDS:
        t = s.determinize(RED, random.Random(k))
        assert t.hands[RED] == s.hands[RED]
        assert [len(h) for h in t.hands] == [len(h) for h in s.hands]
        assert sorted(t.hands[BLUE] + t.hands[GREEN] + t.deck) == unknown
        assert t.discard == s.discard and t.planets == s.planets
        blue_hands.add(tuple(sorted(t.hands[BLUE])))
        decks.add(tuple(t.deck))
    assert len(blue_hands) > 1 and len(decks) > 1


# UR-KNOW-6
def test_determinize_redeals_face_down_cards_but_not_the_seats_own() -> None:
    """In the fleet step Red committed Dravos and Blue Aurelis: from Red's seat Blue's card
    varies, Red's stays."""
    s = positions()["fleet_step"]
    seen = set()
    for k in SEEDS:
        t = s.determinize(RED, random.Random(k))
        assert t.committed[RED] == [card(s, "dravos")]
        assert len(t.committed[BLUE]) == 1
        seen.add(t.committed[BLUE][0])
    assert len(seen) > 1


# UR-KNOW-6
def test_determinize_redraws_secret_funds_and_sides_within_bounds() -> None:
    """Funds step, seen by Yellow (still to choose): Red's 3 credits and Green's side and 2
    credits are redrawn within their limits; Red attacks and Blue defends in every draw."""
    s = positions()["funds_step"]
    assert s.current_player == YELLOW
    funds, sides = set(), set()
    for k in SEEDS:
        t = s.determinize(YELLOW, random.Random(k))
        assert t.sides[RED] == 0 and t.sides[BLUE] == 1 and t.sides[YELLOW] == -1
        assert t.funds[YELLOW] == -1
        for q in (RED, BLUE, GREEN):
            assert 0 <= t.funds[q] <= min(t.credits[q], fleet_capacity(t, q))
        funds.add((t.funds[RED], t.funds[GREEN]))
        sides.add(t.sides[GREEN])
    assert len(funds) > 1 and sides == {0, 1}
    t = s.determinize(GREEN, random.Random(0))
    assert t.funds[GREEN] == 2 and t.sides[GREEN] == 0


# UR-KNOW-6
def test_determinize_redeals_the_removed_edge_of_war_planets() -> None:
    s = new(3, seed=5, edge_of_war=True)
    removed = {tuple(s.determinize(RED, random.Random(k)).removed) for k in SEEDS}
    assert len(removed) > 1


# UR-KNOW-6, UR-KNOW-2
def test_determinize_redeals_another_players_given_up_card() -> None:
    s = new(3, seed=3)
    mine = s.hands[RED][0]
    s.apply(A.GIVE_UP + mine)
    s.apply(A.GIVE_UP + s.hands[BLUE][0])
    assert s.determinize(RED, random.Random(0)).gave_up[RED] == mine
    given = {s.determinize(GREEN, random.Random(k)).gave_up[BLUE] for k in SEEDS}
    assert len(given) > 1


# UR-SNEAK-6, UR-KNOW-5
def test_a_shown_card_is_known_again_once_the_reveal_shows_it_was_not_committed() -> None:
    """Tarsis was shown in Red's attempt. Two turns later Red attacks Blue's Eremos and commits
    one card face down: while it lies face down, no one knows whether it is Tarsis. The
    reveal shows Aurelis, so Tarsis is still known to be in Red's hand."""
    s = sneak_table()
    put(s, BLUE, "eremos")
    for _ in range(2):  # Blue's and Green's turns
        choose(s, "produce")
        s.apply(A.PASS)
        s.apply(A.PASS)
    assert s.active == RED
    attack(s, "solenne", "eremos")
    commit(s, "aurelis")
    assert keys(s.observation(GREEN)["players_view"][RED]["known_hand"]) == []
    commit(s)
    commit(s)
    fund(s, 0)
    fund(s, 0)
    fund(s, 0, "defence")
    assert card(s, "tarsis") in s.hands[RED]
    for seat in (BLUE, GREEN):
        assert keys(s.observation(seat)["players_view"][RED]["known_hand"]) == ["tarsis"]


# UR-KNOW-6, UR-KNOW-2
def test_determinize_keeps_the_seats_given_up_card_in_the_deck() -> None:
    """Right after set-up Red knows the card it gave up lies in the deck, not in Blue's or
    Green's hand."""
    s = new(3, seed=0)
    mine = s.hands[RED][0]
    s.apply(A.GIVE_UP + mine)
    s.apply(A.GIVE_UP + s.hands[BLUE][0])
    s.apply(A.GIVE_UP + s.hands[GREEN][0])
    assert s.phase == P.CHOOSE and mine in s.deck
    for k in SEEDS:
        t = s.determinize(RED, random.Random(k))
        assert mine in t.deck


def hidden_from(s: UniversalRuleState, seat: int) -> set[int]:
    """The cards ``seat`` may not name now: the deck, the removed planets, and the other
    players' unrevealed hand cards, face-down cards and given-up cards."""
    out = set(s.deck) | set(s.removed)
    for q in range(s.n):
        if q != seat:
            out |= {c for c in s.hands[q] + s.committed[q] if not s.revealed[c]}
            if s.gave_up[q] >= 0:
                out.add(s.gave_up[q])
    return out


# UR-KNOW-1, UR-KNOW-2, UR-KNOW-3, UR-KNOW-4, UR-KNOW-6
@pytest.mark.parametrize("players", [3, 4, 5])
def test_in_random_games_no_seat_ever_sees_a_hidden_card(players: int) -> None:
    """Random play in the base game and with the expansion: at every step no seat's
    observation or new log entries name a card hidden from it, and determinizing for a seat
    leaves its observation as it was."""
    kinds: set[str] = set()
    for game in range(2):
        s = new(players, seed=100 * players + game, edge_of_war=bool(game % 2))
        rng = random.Random(game)
        for step in range(300):
            if s.is_terminal():
                break
            start = len(s.events)
            s.apply(rng.choice(s.legal_actions()))
            kinds.update(e.kind for e in s.events[start:])
            for seat in range(players):
                hidden = hidden_from(s, seat)
                text = observation_text(s, seat)
                for c in hidden:
                    assert f'"key": "{s.content.planets[c].id}"' not in text
                fresh = [e for e in s.events[start:] if e.visible(seat)
                         and not (e.kind == "gave_up" and e.data["seat"] == seat)]
                assert not card_numbers(fresh) & hidden
                if step % 25 == 0:
                    t = s.determinize(seat, random.Random(step))
                    assert t.observation(seat) == s.observation(seat)
    assert {"committed_face_down", "battle_revealed", "drew"} <= kinds


# UR-KNOW-6, UR-TURN-1
def test_a_player_who_chose_colonize_is_always_dealt_a_planet_they_can_colonize() -> None:
    """Red (2 credits) announced Colonize: Blue knows Red holds a planet costing 2 or less, so
    no world determinised for Blue may deal Red only dear cards."""
    s = table()
    give(s, RED, "cheroa", "dravos", "solenne")
    credits(s, 2, 3, 3)
    s.apply(A.CHOOSE + A.COLONIZE)
    assert s.phase == P.COST
    for k in range(40):
        t = s.determinize(BLUE, random.Random(k))
        assert any(t.R.cost[2 * c] <= 2 for c in t.hands[RED]), k
        assert t.legal_actions() == s.legal_actions()
