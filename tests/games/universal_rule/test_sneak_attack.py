"""The Sneak Attack Victory (docs/rules/universal_rule.md, section 11).

Seats 0 to 3 are Red, Blue, Green and Yellow. In most examples Red holds the Universal Rule
card (6 VP) and upgraded Solenne (4 VP, income 5) and Oruun (2 VP, income 3), has no credits,
and produces: 8 credits, so Red ends the turn with 13 VP, 2 short of the 15 needed with three
players. A card's fleet from hand is its basic military: Aurelis, Cheroa and Quysin 2, Tarsis
3, Velmora 4, Eremos 5, Korrath 6, Dravos 8.
"""

from __future__ import annotations

from typing import Any

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.state import UniversalRuleState
from ludoverse.games.universal_rule.winning import vp

from .builders import card, choose, give, names, put, table

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def thirteen(s: UniversalRuleState, seat: int, *hand: str) -> list[int]:
    """``seat`` will end a Produce turn with 13 VP, holding ``hand``."""
    s.holder = seat
    put(s, seat, "solenne", "upgraded")
    put(s, seat, "oruun", "upgraded")
    s.credits[seat] = 0
    return give(s, seat, *hand)


def produce_turn(s: UniversalRuleState) -> None:
    """The active player produces and no one follows."""
    choose(s, "produce")
    while s.phase == P.FOLLOW:
        s.apply(A.PASS)


def labels(s: UniversalRuleState) -> list[str]:
    return [s.action_label(a, s.current_player) for a in s.legal_actions()]


def reveal(s: UniversalRuleState, *planets: str) -> None:
    """The player asked reveals these cards, then stops."""
    for planet in planets:
        s.apply(A.REVEAL + card(s, planet))
    s.apply(A.PASS)


def sneak(s: UniversalRuleState, seat: int) -> dict[str, Any]:
    attempt: dict[str, Any] = s.observation(seat)["sneak_attack"]
    return attempt


def known(s: UniversalRuleState, viewer: int, owner: int) -> list[str]:
    return sorted(c["key"] for c in s.observation(viewer)["players_view"][owner]["known_hand"])


# UR-SNEAK-1, UR-KNOW-9
@pytest.mark.parametrize(("hand", "may_try"), [
    (("tarsis",), False),  # 3 // 2 = 1: 14 VP at best, but one card could be Dravos (+4)
    (("aurelis", "tarsis"), True),  # 5 // 2 = 2: 15 VP
    (("eremos",), True),
])
def test_offered_whenever_a_hand_of_that_size_could_reach_the_target(
        hand: tuple[str, ...], may_try: bool) -> None:
    """Red ends the turn with 13 VP. A hidden hand of one card could hold Dravos (8), so the
    others cannot tell whether Red can win: Red is always asked. With Tarsis alone Red may
    only decline, and an attempt is refused with the reason."""
    s = table(auto_forced=True)
    thirteen(s, RED, *hand)
    produce_turn(s)
    assert vp(s, RED) == 13
    assert s.phase == P.SNEAK and s.current_player == RED
    assert labels(s)[0] == "No Sneak Attack"
    if may_try:
        assert sorted(labels(s)[1:]) == sorted(f"Reveal {s.name(card(s, p))}" for p in hand)
        return
    assert labels(s) == ["No Sneak Attack"]
    with pytest.raises(IllegalAction, match=r"cannot win now: your whole hand's fleet is 3, "
                                            r"worth 1 VP, and you have 13 of the 15 VP needed"):
        s.apply(A.REVEAL + card(s, "tarsis"))
    s.apply(A.PASS)
    assert s.active == BLUE and s.phase == P.CHOOSE
    assert known(s, BLUE, RED) == []


# UR-SNEAK-1, UR-KNOW-7
def test_the_others_cannot_tell_a_hopeless_hand_from_a_winning_one() -> None:
    """Red holds Tarsis in one world and Dravos in the other: the others see the same prompt,
    the same log and the same observation until Red decides."""
    seen = []
    for planet in ("tarsis", "dravos"):
        s = table(auto_forced=True)
        thirteen(s, RED, planet)
        produce_turn(s)
        seen.append((s.observation(BLUE), [e.to_json() for e in s.events_for(GREEN)]))
    assert seen[0] == seen[1]


# UR-SNEAK-1
def test_not_offered_with_no_card_in_hand() -> None:
    s = table()
    thirteen(s, RED)
    produce_turn(s)
    assert s.active == BLUE and s.phase == P.CHOOSE


# UR-SNEAK-1
def test_not_offered_when_no_hand_of_that_size_could_reach_the_target() -> None:
    """Without the Universal Rule card Red ends with 7 VP: one card adds at most 4 (Dravos)."""
    s = table()
    thirteen(s, RED, "dravos")
    s.holder = -1
    produce_turn(s)
    assert vp(s, RED) == 7
    assert s.active == BLUE and s.phase == P.CHOOSE


# UR-SNEAK-1
def test_not_offered_when_the_known_hand_cannot_reach_the_target() -> None:
    """Everyone saw Red's Tarsis in an earlier attempt and Red holds nothing else: all can
    tell that 13 + 1 falls short, so Red is not asked."""
    s = table()
    (tarsis,) = thirteen(s, RED, "tarsis")
    s.revealed[tarsis] = True
    produce_turn(s)
    assert s.active == BLUE and s.phase == P.CHOOSE


# UR-SNEAK-1, UR-OPT-7
def test_not_offered_with_sneak_attack_off() -> None:
    s = table(sneak_attack="off")
    thirteen(s, RED, "dravos")
    produce_turn(s)
    assert s.active == BLUE and s.phase == P.CHOOSE
    assert not [e for e in s.events if e.kind.startswith("sneak")]


# UR-SNEAK-1
def test_offered_only_at_the_end_of_ones_own_turn() -> None:
    """Blue could reach 15 with Dravos, but Red's turn is ending: Blue is not asked."""
    s = table()
    thirteen(s, BLUE, "dravos")
    s.credits[BLUE] = 8
    produce_turn(s)
    assert s.active == BLUE and s.phase == P.CHOOSE


# UR-SNEAK-1
def test_declining_the_attempt_passes_the_turn() -> None:
    s = table()
    thirteen(s, RED, "dravos")
    produce_turn(s)
    assert s.phase == P.SNEAK
    s.apply(A.PASS)
    assert s.active == BLUE and s.phase == P.CHOOSE
    assert names(s, s.hands[RED]) == ["dravos"]
    assert known(s, BLUE, RED) == []


# UR-SNEAK-1
def test_at_most_one_attempt_per_turn() -> None:
    """Red reveals Tarsis only (14 VP) and falls short: the turn passes, with no second try."""
    s = table()
    thirteen(s, RED, "aurelis", "tarsis")
    produce_turn(s)
    reveal(s, "tarsis")
    s.apply(A.PASS)  # Blue
    s.apply(A.PASS)  # Green
    assert s.active == BLUE and s.phase == P.CHOOSE
    assert [e.kind for e in s.events].count("sneak_attack") == 1


# UR-SNEAK-2
def test_the_fleet_is_the_sum_of_the_revealed_cards() -> None:
    """Red reveals Tarsis (3), then Aurelis (2): a fleet of 5."""
    s = table()
    thirteen(s, RED, "aurelis", "tarsis")
    produce_turn(s)
    s.apply(A.REVEAL + card(s, "tarsis"))
    assert sneak(s, BLUE)["fleet"] == 3
    assert labels(s) == ["Stop revealing", "Reveal Aurelis"]
    s.apply(A.REVEAL + card(s, "aurelis"))
    assert sneak(s, BLUE)["fleet"] == 5
    assert labels(s) == ["Stop revealing"]


# UR-SNEAK-2
def test_the_trier_chooses_which_cards_to_reveal() -> None:
    """Red reveals Dravos only and keeps Tarsis hidden: the fleet is 8."""
    s = table()
    thirteen(s, RED, "dravos", "tarsis")
    produce_turn(s)
    reveal(s, "dravos")
    assert s.phase == P.COUNTER
    attempt = sneak(s, GREEN)
    assert attempt["seat"] == RED and attempt["fleet"] == 8
    assert [c["key"] for c in attempt["shown"][RED]] == ["dravos"]


# UR-SNEAK-3
def test_the_others_may_reveal_in_turn_order_from_the_trier() -> None:
    """Blue tries; Green answers first, then Red; then the attempt is judged."""
    s = table(active=BLUE)
    thirteen(s, BLUE, "eremos")
    produce_turn(s)
    reveal(s, "eremos")
    asked = []
    while s.phase == P.COUNTER:
        asked.append(s.current_player)
        s.apply(A.PASS)
    assert asked == [GREEN, RED]


# UR-SNEAK-3
def test_each_answering_player_sees_the_reveals_before_theirs() -> None:
    """Red reveals Tarsis and Aurelis; Blue reveals Cheroa and Quysin (4); Green sees both."""
    s = table()
    thirteen(s, RED, "aurelis", "tarsis")
    give(s, BLUE, "cheroa", "quysin")
    produce_turn(s)
    reveal(s, "tarsis", "aurelis")
    assert s.current_player == BLUE
    assert sorted(c["key"] for c in sneak(s, BLUE)["shown"][RED]) == ["aurelis", "tarsis"]
    assert sorted(labels(s)) == ["Reveal Cheroa", "Reveal Quysin", "Reveal no more"]
    reveal(s, "cheroa", "quysin")
    assert s.current_player == GREEN
    shown = sneak(s, GREEN)["shown"]
    assert sorted(c["key"] for c in shown[BLUE]) == ["cheroa", "quysin"]
    assert sorted(c["key"] for c in shown[RED]) == ["aurelis", "tarsis"]


# UR-SNEAK-4
def test_a_larger_fleet_stops_the_attempt_and_the_trier_discards_a_card_of_their_choice(
) -> None:
    """Red reveals a fleet of 5; Blue reveals Dravos (8). Green is not asked; Red discards
    Tarsis and keeps Aurelis; Blue's turn begins."""
    s = table()
    thirteen(s, RED, "aurelis", "tarsis")
    give(s, BLUE, "dravos")
    give(s, GREEN, "korrath")
    produce_turn(s)
    reveal(s, "tarsis", "aurelis")
    s.apply(A.REVEAL + card(s, "dravos"))
    assert s.current_player == RED and s.pending
    assert sorted(labels(s)) == ["Discard Aurelis", "Discard Tarsis"]
    s.apply(A.DISCARD + card(s, "tarsis"))
    assert names(s, s.hands[RED]) == ["aurelis"]
    assert s.discard == [card(s, "tarsis")]
    assert not s.is_terminal()
    assert s.active == BLUE and s.phase == P.CHOOSE
    assert names(s, s.hands[BLUE]) == ["dravos"]


# UR-SNEAK-4
def test_cards_revealed_by_one_player_add_up() -> None:
    """Green reveals Cheroa (2): not enough; then Velmora (4): 6 beats Red's 5."""
    s = table()
    thirteen(s, RED, "aurelis", "tarsis")
    give(s, GREEN, "cheroa", "velmora")
    produce_turn(s)
    reveal(s, "tarsis", "aurelis")
    s.apply(A.PASS)  # Blue
    s.apply(A.REVEAL + card(s, "cheroa"))
    assert s.phase == P.COUNTER and s.current_player == GREEN
    s.apply(A.REVEAL + card(s, "velmora"))
    assert s.current_player == RED and s.pending


# UR-SNEAK-4, UR-SNEAK-5
def test_an_equal_fleet_does_not_stop_the_attempt() -> None:
    """Blue reveals Eremos (5) against Red's 5: Red still wins with 13 + 2 = 15."""
    s = table()
    thirteen(s, RED, "aurelis", "tarsis")
    give(s, BLUE, "eremos")
    produce_turn(s)
    reveal(s, "tarsis", "aurelis")
    reveal(s, "eremos")
    s.apply(A.PASS)  # Green
    out = s.outcome()
    assert out is not None and out.winners == (RED,)


# UR-SNEAK-4, UR-SNEAK-5
def test_fleets_of_different_players_are_not_added_together() -> None:
    """Blue reveals Velmora (4) and Green Cheroa and Quysin (4): 8 together, but neither beats
    Red's 5 alone."""
    s = table()
    thirteen(s, RED, "aurelis", "tarsis")
    give(s, BLUE, "velmora")
    give(s, GREEN, "cheroa", "quysin")
    produce_turn(s)
    reveal(s, "tarsis", "aurelis")
    reveal(s, "velmora")
    reveal(s, "cheroa", "quysin")
    out = s.outcome()
    assert out is not None and out.winners == (RED,)


# UR-SNEAK-5
def test_half_the_fleet_rounded_down_brings_red_to_the_target() -> None:
    """13 VP + 5 // 2 = 15: Red wins by a Sneak Attack Victory."""
    s = table()
    thirteen(s, RED, "aurelis", "tarsis")
    produce_turn(s)
    reveal(s, "tarsis", "aurelis")
    s.apply(A.PASS)
    s.apply(A.PASS)
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None
    assert out.winners == (RED,) and out.reason == "Sneak Attack Victory"
    assert out.scores[RED] == 15


# UR-SNEAK-5
def test_the_bonus_is_rounded_down_and_counts_for_this_check_only() -> None:
    """Red reveals Tarsis only: 13 + 3 // 2 = 14, short of 15. Play goes on and Red has 13 VP
    again."""
    s = table()
    thirteen(s, RED, "aurelis", "tarsis")
    produce_turn(s)
    reveal(s, "tarsis")
    s.apply(A.PASS)
    s.apply(A.PASS)
    assert not s.is_terminal()
    assert s.active == BLUE and s.phase == P.CHOOSE
    assert vp(s, RED) == 13
    assert s.observation(BLUE)["players_view"][RED]["vp"] == 13


# UR-SNEAK-5, UR-OPT-3
@pytest.mark.parametrize(("win_vp", "reason"), [("by_players", "VP target reached"),
                                                ("flat_15", "Sneak Attack Victory")])
def test_the_target_is_that_of_the_win_vp_option(win_vp: str, reason: str) -> None:
    """Four players: 13 VP wins at once by default; with flat_15 Red needs the fleet."""
    s = table(4, win_vp=win_vp)
    thirteen(s, RED, "aurelis", "tarsis")
    produce_turn(s)
    if s.phase == P.SNEAK:
        reveal(s, "tarsis", "aurelis")
        for _ in range(3):
            s.apply(A.PASS)
    out = s.outcome()
    assert out is not None and out.winners == (RED,) and out.reason == reason


# UR-SNEAK-5, UR-PLANET-8
def test_a_basic_wim_star_still_forbids_the_win() -> None:
    """Red has the card, upgraded Solenne and basic Wim Star (12 VP after producing) and
    Dravos in hand (+4): no Sneak Attack Victory."""
    s = table()
    s.holder = RED
    put(s, RED, "solenne", "upgraded")
    put(s, RED, "wim_star")
    give(s, RED, "dravos")
    s.credits[RED] = 0
    produce_turn(s)
    assert vp(s, RED) == 12
    assert not s.is_terminal()
    assert s.active == BLUE and s.phase == P.CHOOSE


# UR-SNEAK-6
def test_revealed_cards_go_back_to_hand_and_are_known_to_all() -> None:
    """Red reveals Tarsis (3) but not Aurelis or Cheroa, Blue answers with Quysin (2); Red
    falls short (14 VP). Tarsis and Quysin are back in their owners' hands, known to everyone
    from then on; Red's other cards stay hidden."""
    s = table()
    thirteen(s, RED, "aurelis", "tarsis", "cheroa")
    give(s, BLUE, "quysin")
    produce_turn(s)
    reveal(s, "tarsis")
    reveal(s, "quysin")
    s.apply(A.PASS)  # Green
    assert names(s, s.hands[RED]) == ["aurelis", "cheroa", "tarsis"]
    assert names(s, s.hands[BLUE]) == ["quysin"]
    for viewer in (BLUE, GREEN):
        assert known(s, viewer, RED) == ["tarsis"]
    assert known(s, RED, BLUE) == ["quysin"]
    assert known(s, GREEN, BLUE) == ["quysin"]
    produce_turn(s)  # Blue's turn: still known
    assert known(s, GREEN, RED) == ["tarsis"]


# UR-SNEAK-6
def test_after_a_failed_attempt_the_revealed_cards_not_discarded_stay_known() -> None:
    s = table()
    thirteen(s, RED, "aurelis", "tarsis")
    give(s, BLUE, "dravos")
    produce_turn(s)
    reveal(s, "tarsis", "aurelis")
    s.apply(A.REVEAL + card(s, "dravos"))
    s.apply(A.DISCARD + card(s, "aurelis"))
    assert known(s, BLUE, RED) == ["tarsis"]
    assert known(s, GREEN, RED) == ["tarsis"]
    assert known(s, GREEN, BLUE) == ["dravos"]
    assert [c["key"] for c in s.observation(GREEN)["discard"]] == ["aurelis"]


# UR-SNEAK-2, UR-SNEAK-4, UR-SNEAK-5, UR-OPT-12
@pytest.mark.parametrize(("blue", "stopped"), [(("dravos",), False),
                                               (("aurelis", "tarsis", "velmora"), True)])
def test_with_sneak_unit_card_each_card_shown_is_one_unit(blue: tuple[str, ...],
                                                          stopped: bool) -> None:
    """sneak_unit=card: Red ends with 14 VP and shows Cheroa and Quysin, 2 units: +1 VP.
    Dravos alone is one unit whatever its fleet, so it cannot stop Red; three cards can."""
    s = table(sneak_unit="card")
    thirteen(s, RED, "cheroa", "quysin")
    s.credits[RED] = 2
    give(s, BLUE, *blue)
    produce_turn(s)
    assert vp(s, RED) == 14
    reveal(s, "cheroa", "quysin")
    assert sneak(s, BLUE)["fleet"] == 2
    for planet in blue:
        s.apply(A.REVEAL + card(s, planet))
    if stopped:
        assert s.pending and s.current_player == RED
        assert [e.kind for e in s.events][-1] == "sneak_attack_failed"
        return
    s.apply(A.PASS)  # Blue stops revealing
    s.apply(A.PASS)  # Green
    out = s.outcome()
    assert out is not None and out.winners == (RED,) and out.reason == "Sneak Attack Victory"
    assert out.scores[RED] == 15
