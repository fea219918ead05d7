"""Winning (docs/rules/universal_rule.md, section 10), the end of the turn (UR-TURN-7) and Wim
Star's ban on winning (UR-PLANET-8).

Seats 0 to 4 are Red, Blue, Green, Yellow and Purple; every position starts at the beginning
of Red's turn unless a test says otherwise, with empty hands, no planets and 3 credits each.
VP are counted the rulebook's way: 1 per basic planet, the printed VP of an upgraded side,
1 per full 5 credits, abilities, and 6 for the Universal Rule card.
"""

from __future__ import annotations

import pytest

from ludoverse.core.api import TERMINAL, IllegalAction
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.state import UniversalRuleState
from ludoverse.games.universal_rule.winning import vp

from .builders import attack, choose, commit, credits, fund, give, put, table

RED, BLUE, GREEN = 0, 1, 2
PLAIN = ("dravos", "solenne", "eremos", "tarsis", "velmora", "aurelis", "korrath", "tessaly",
         "myrrhon")
"""Basic sides worth 1 VP each whose texts do nothing on a plain Explore or Produce turn."""


def empire(s: UniversalRuleState, seat: int, count: int) -> None:
    """``count`` basic planets for ``seat``: ``count`` VP."""
    for planet in PLAIN[:count]:
        put(s, seat, planet)


def others_decline(s: UniversalRuleState) -> None:
    while s.phase == P.FOLLOW:
        s.apply(A.PASS)


def explore_turn(s: UniversalRuleState) -> None:
    """The active player explores (1 credit to the bank) and no one follows."""
    choose(s, "explore")
    others_decline(s)


def produce_turn(s: UniversalRuleState) -> None:
    """The active player produces and no one follows."""
    choose(s, "produce")
    others_decline(s)


def kinds(s: UniversalRuleState) -> list[str]:
    return [e.kind for e in s.events]


# UR-WIN-1, UR-WIN-4
def test_red_wins_only_once_the_turn_is_over() -> None:
    """Red, with the card and 8 planets (14 VP), produces 15 credits: 17 VP. The game goes on
    while Blue and Green decide on following, and Red wins when they have."""
    s = table()
    s.holder = RED
    empire(s, RED, 8)
    credits(s, 0, 3, 3)
    assert vp(s, RED) == 14
    choose(s, "produce")
    assert vp(s, RED) == 17
    assert not s.is_terminal() and s.current_player == BLUE
    s.apply(A.PASS)
    assert not s.is_terminal() and s.current_player == GREEN
    s.apply(A.PASS)
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None and out.winners == (RED,)


# UR-WIN-1
def test_a_player_over_the_target_on_another_players_turn_waits_for_their_own() -> None:
    """Blue, with the card and 8 planets (14 VP), follows Red's Produce and reaches 16 VP on
    Red's turn: play passes to Blue. Blue wins at the end of Blue's own turn."""
    s = table()
    s.holder = BLUE
    empire(s, BLUE, 8)
    credits(s, 3, 0, 3)
    choose(s, "produce")
    s.apply(A.FOLLOW)  # Blue: 15 credits of income, then 1 to Red
    s.apply(A.PASS)
    assert vp(s, BLUE) == 16
    assert not s.is_terminal()
    assert s.active == BLUE and s.phase == P.CHOOSE
    produce_turn(s)
    out = s.outcome()
    assert out is not None and out.winners == (BLUE,)


# UR-WIN-1
@pytest.mark.parametrize(("red_credits", "red_vp"), [(16, 15), (11, 14)])
def test_the_check_is_for_the_active_player_only(red_credits: int, red_vp: int) -> None:
    """Green has 19 VP (the card, 8 planets, 25 credits) throughout Red's turn. Red (three
    upgraded planets, 12 VP) ends the turn with 15 credits and wins, or with 10 credits and
    14 VP, and then no one wins: Green's VP are not checked on Red's turn. (No Sneak Attack
    Victory here: it would be offered on the card Red draws.)"""
    s = table(sneak_attack="off")
    s.holder = GREEN
    empire(s, GREEN, 8)
    for planet in ("wim_star", "kestrel_reach", "quysin"):  # 4 + 3 + (3 + 2)
        put(s, RED, planet, "upgraded")
    credits(s, red_credits, 3, 25)
    assert vp(s, GREEN) == 19
    explore_turn(s)
    assert vp(s, RED) == red_vp
    if red_vp == 15:
        out = s.outcome()
        assert out is not None and out.winners == (RED,)
    else:
        assert not s.is_terminal() and s.active == BLUE


# UR-WIN-1
def test_a_player_who_loses_the_target_before_their_turn_ends_does_not_win() -> None:
    """Blue has 15 VP from four upgraded planets when Red's Dravos downgrades Blue's Solenne
    (4 VP to 1). At the end of Blue's turn Blue has 12 VP: play goes on."""
    s = table(sneak_attack="off")
    put(s, RED, "dravos")
    for planet in ("solenne", "korrath", "wim_star", "tessaly"):
        put(s, BLUE, planet, "upgraded")
    assert vp(s, BLUE) == 15
    attack(s, "dravos", "solenne")
    for _ in range(3):
        commit(s)
    fund(s, 0)
    fund(s, 0)
    fund(s, 0, "defence")
    assert s.active == BLUE and vp(s, BLUE) == 12
    explore_turn(s)
    assert not s.is_terminal() and s.active == GREEN


# UR-WIN-2
@pytest.mark.parametrize(("players", "target"), [(3, 15), (4, 13), (5, 11)])
@pytest.mark.parametrize("short", [0, 1])
def test_the_target_is_15_13_or_11_vp_for_3_4_or_5_players(
        players: int, target: int, short: int) -> None:
    """Red holds the card (6) and ``target - 7`` planets, and ends an Explore with 5 credits
    (1 VP) or 4 (none): exactly the target wins, one VP less does not."""
    s = table(players)
    s.holder = RED
    empire(s, RED, target - 7)
    credits(s, 6 - short, *[3] * (players - 1))
    assert s.observation(RED)["target_vp"] == target
    explore_turn(s)
    assert vp(s, RED) == target - short
    assert s.is_terminal() is not bool(short)
    if not short:
        out = s.outcome()
        assert out is not None and out.winners == (RED,)
        assert out.scores[RED] == target


# UR-WIN-2, UR-OPT-3
@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize(("red_vp", "wins"), [(14, False), (15, True)])
def test_with_win_vp_flat_15_the_target_is_15_for_any_player_count(
        players: int, red_vp: int, wins: bool) -> None:
    s = table(players, win_vp="flat_15")
    s.holder = RED
    empire(s, RED, red_vp - 7)
    credits(s, 6, *[3] * (players - 1))
    assert s.observation(None)["target_vp"] == 15
    explore_turn(s)
    assert vp(s, RED) == red_vp
    assert s.is_terminal() is wins


# UR-WIN-3
def test_a_basic_planet_is_worth_1_vp_and_an_upgraded_side_its_printed_vp() -> None:
    """Basic Dravos 1, upgraded Solenne 4, upgraded Tessaly 3, upgraded Oruun 2."""
    s = table()
    credits(s, 0, 0, 0)
    put(s, RED, "dravos")
    assert vp(s, RED) == 1
    put(s, RED, "solenne", "upgraded")
    put(s, RED, "tessaly", "upgraded")
    put(s, RED, "oruun", "upgraded")
    assert vp(s, RED) == 1 + 4 + 3 + 2
    assert s.observation(BLUE)["players_view"][RED]["vp"] == 10


# UR-WIN-3
@pytest.mark.parametrize(("money", "points"), [(0, 0), (4, 0), (5, 1), (9, 1), (14, 2),
                                                (25, 5)])
def test_every_full_5_credits_is_worth_1_vp(money: int, points: int) -> None:
    s = table()
    credits(s, money, 0, 0)
    assert vp(s, RED) == points


# UR-WIN-3
def test_the_universal_rule_card_is_worth_6_vp_to_its_holder() -> None:
    s = table()
    credits(s, 0, 0, 0)
    put(s, RED, "dravos")
    s.holder = RED
    assert [vp(s, q) for q in (RED, BLUE, GREEN)] == [7, 0, 0]
    s.holder = BLUE
    assert [vp(s, q) for q in (RED, BLUE, GREEN)] == [1, 6, 0]


# UR-WIN-3
def test_planet_abilities_and_counters_add_vp() -> None:
    """Upgraded Quysin (3, +1 per other planet), upgraded Wim Star (4) with two 2-VP counters,
    basic Dravos (1): 3 + 2 + 4 + 4 + 1 = 14."""
    s = table()
    credits(s, 0, 0, 0)
    put(s, RED, "quysin", "upgraded")
    wim = put(s, RED, "wim_star", "upgraded")
    put(s, RED, "dravos")
    s.counters[wim] = 4
    assert vp(s, RED) == 14
    view = s.observation(GREEN)["players_view"][RED]
    assert view["vp"] == 14


# UR-WIN-3
def test_all_sources_add_up() -> None:
    """Upgraded Solenne 4, basic Dravos 1, 12 credits 2, the card 6: 13 VP."""
    s = table()
    credits(s, 12, 0, 0)
    put(s, RED, "solenne", "upgraded")
    put(s, RED, "dravos")
    s.holder = RED
    assert vp(s, RED) == 13
    assert [p["vp"] for p in s.observation(None)["players_view"]] == [13, 0, 0]


# UR-WIN-4
def test_a_win_ends_the_game_at_once() -> None:
    """Red wins at the end of Red's turn: no further turn, nothing more is legal."""
    s = table()
    s.holder = RED
    empire(s, RED, 8)
    credits(s, 6, 3, 3)
    explore_turn(s)
    assert s.is_terminal() and s.current_player == TERMINAL
    assert s.legal_actions() == []
    assert kinds(s)[-1] == "game_won"
    assert kinds(s).count("turn") == 1
    out = s.outcome()
    assert out is not None
    assert out.winners == (RED,) and out.reason == "VP target reached"
    assert out.ranking[RED] == 1
    assert s.observation(BLUE)["outcome"]["winners"] == [RED]
    with pytest.raises(IllegalAction):
        s.apply(A.CHOOSE + A.PRODUCE)


# UR-WIN-4, UR-PLANET-8
@pytest.mark.parametrize(("side", "wins"), [("basic", False), ("upgraded", True)])
def test_a_basic_wim_star_forbids_its_owner_to_win(side: str, wins: bool) -> None:
    """Red has the card, Wim Star and enough other planets for 15 VP or more. On its basic
    side Wim Star stops the win and Blue's turn begins; upgraded it does not."""
    s = table()
    s.holder = RED
    put(s, RED, "wim_star", side)
    empire(s, RED, 8)
    credits(s, 6, 3, 3)
    explore_turn(s)
    assert vp(s, RED) >= 15
    assert s.is_terminal() is wins
    if not wins:
        assert s.active == BLUE and s.phase == P.CHOOSE


# UR-WIN-5
def test_round_limit_ends_the_game_and_the_most_vp_wins() -> None:
    """round_limit=1: Red, Blue and Green each produce once. No one reaches 15; Blue (Dravos
    and Eremos, 2 VP) beats Green (Tarsis and 4 credits, 1 + 0) and Red (4 credits, 0)."""
    s = table(round_limit=1)
    credits(s, 0, 0, 0)
    put(s, BLUE, "dravos")
    put(s, BLUE, "eremos")
    put(s, GREEN, "tarsis")
    produce_turn(s)
    produce_turn(s)
    assert not s.is_terminal() and s.active == GREEN
    produce_turn(s)
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None
    assert out.reason == "round limit"
    assert out.winners == (BLUE,)
    assert out.scores == (0.0, 2.0, 1.0)
    assert s.observation(RED)["outcome"]["reason"] == "round limit"


# UR-WIN-5
def test_round_limit_shares_the_win_between_players_tied_on_vp() -> None:
    """round_limit=1: Blue (Dravos) and Green (Eremos) have 1 VP each, Red none."""
    s = table(round_limit=1)
    credits(s, 0, 0, 0)
    put(s, BLUE, "dravos")
    put(s, GREEN, "eremos")
    for _ in range(3):
        produce_turn(s)
    out = s.outcome()
    assert out is not None and out.reason == "round limit"
    assert out.winners == (BLUE, GREEN)


# UR-WIN-5
def test_round_limit_counts_whole_rounds() -> None:
    """round_limit=2: the game goes on into the second round and ends after Green's second
    turn."""
    s = table(round_limit=2)
    for _ in range(3):
        produce_turn(s)
    assert not s.is_terminal() and s.active == RED
    assert s.observation(None)["round"] == 2
    for _ in range(3):
        produce_turn(s)
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None and out.reason == "round limit"


# UR-WIN-5, UR-OPT-11
@pytest.mark.parametrize(("limit", "ends"), [(None, False), (0, False), (100, True),
                                             (101, False)])
def test_by_default_the_game_has_no_round_limit(limit: int | None, ends: bool) -> None:
    """Green plays the last turn of round 100: by default (no limit, the rulebook's reading),
    with round_limit=0 or with 101 Red's turn begins; with round_limit=100 the game ends."""
    opts = {} if limit is None else {"round_limit": limit}
    s = table(active=GREEN, **opts)
    s.turn = 3 * 100 - 1
    produce_turn(s)
    assert s.is_terminal() is ends
    if ends:
        out = s.outcome()
        assert out is not None and out.reason == "round limit"
    else:
        assert s.active == RED and s.phase == P.CHOOSE


# UR-WIN-5
def test_a_target_reached_on_the_last_turn_is_a_normal_win() -> None:
    s = table(active=GREEN, round_limit=1)
    s.turn = 2
    s.holder = GREEN
    empire(s, GREEN, 8)
    credits(s, 3, 3, 6)
    explore_turn(s)
    out = s.outcome()
    assert out is not None
    assert out.winners == (GREEN,) and out.reason == "VP target reached"


# UR-TURN-7
def test_the_next_player_clockwise_becomes_active() -> None:
    """Red, then Blue, then Green, then Red again."""
    s = table()
    seen = []
    for _ in range(4):
        seen.append(s.active)
        produce_turn(s)
    assert seen == [RED, BLUE, GREEN, RED]
    assert s.active == BLUE


# UR-TURN-7
def test_the_win_check_follows_the_idle_credits() -> None:
    """Red wins by producing; both others first decline and take their idle credit."""
    s = table()
    s.holder = RED
    empire(s, RED, 8)
    credits(s, 0, 3, 3)
    produce_turn(s)
    k = kinds(s)
    assert k.index("game_won") > max(i for i, x in enumerate(k) if x == "declined")
    assert s.credits[BLUE] == 4 and s.credits[GREEN] == 4


# UR-TURN-7
def test_the_win_check_follows_the_battle() -> None:
    """Red (9 VP) attacks Blue's Aurelis with upgraded Dravos and takes the card in the
    battle: 15 VP when the turn ends, so Red wins."""
    s = table()
    put(s, RED, "dravos", "upgraded")
    put(s, RED, "solenne", "upgraded")
    put(s, RED, "eremos")
    put(s, RED, "tarsis")
    put(s, BLUE, "aurelis")
    credits(s, 0, 3, 3)
    assert vp(s, RED) == 9
    attack(s, "dravos", "aurelis")
    for _ in range(3):
        commit(s)
    fund(s, 0)
    fund(s, 0)
    fund(s, 0, "attack")
    assert s.holder == RED
    out = s.outcome()
    assert out is not None and out.winners == (RED,)
    k = kinds(s)
    assert k.index("battle_revealed") < k.index("game_won")


# UR-TURN-7
def test_a_sneak_attack_attempt_comes_after_the_win_check_and_before_the_next_turn() -> None:
    """Red ends with 13 VP and Dravos (fleet 8) in hand: Red is offered a Sneak Attack Victory
    before Blue's turn. With 15 VP Red would simply have won."""
    s = table()
    s.holder = RED
    empire(s, RED, 6)
    give(s, RED, "korrath")
    credits(s, 6, 3, 3)
    explore_turn(s)
    assert vp(s, RED) == 13
    assert s.phase == P.SNEAK and s.active == RED and s.current_player == RED
    s.apply(A.PASS)
    assert s.active == BLUE and s.phase == P.CHOOSE
