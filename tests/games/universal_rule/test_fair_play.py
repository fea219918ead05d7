"""Fair play (docs/rules/universal_rule.md, UR-KNOW-7 to UR-KNOW-9): whom the game asks, which
moves it plays unasked, and how a move is labelled for each viewer never depend on cards that
viewer cannot see.

Seats 0 to 2 are Red, Blue and Green; Red is the active player. Forced moves are played
unasked (``auto_forced=True``) in every example. Two positions that differ only in a hidden
hand must look the same to the other seats until the hand's owner does something the rules
show.
"""

from __future__ import annotations

import json

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.state import UniversalRuleState

from .builders import attack, card, choose, colonize, commit, credits, give, new, put, table

RED, BLUE, GREEN = 0, 1, 2


def seen_by(s: UniversalRuleState, seat: int | None) -> str:
    """All ``seat`` can see: its observation and its log."""
    return json.dumps([s.observation(seat), [e.to_json() for e in s.events_for(seat)]])


def labels(s: UniversalRuleState, viewer: int | None) -> list[str]:
    return [s.action_label(a, viewer) for a in s.legal_actions()]


def only_produce(red_hand: str) -> UniversalRuleState:
    """Red has no credits and one card in hand: only Produce can be chosen if that card cannot
    be colonized for free."""
    s = table(auto_forced=True)
    credits(s, 0, 3, 3)
    give(s, RED, red_hand)
    return s


# UR-KNOW-7, UR-KNOW-9, UR-OPT-10
def test_red_is_asked_even_when_produce_is_the_only_action_their_hand_allows() -> None:
    """With Dravos (cost 4) Red can only Produce; with Nevenell (cost 0) Red could colonize.
    Blue and Green cannot tell which Red holds, so Red is asked in both cases (one button)."""
    dravos, nevenell = only_produce("dravos"), only_produce("nevenell")
    assert dravos.legal_actions() == [A.CHOOSE + A.PRODUCE]
    assert dravos.action_label(A.CHOOSE + A.PRODUCE, RED) == "Produce"
    assert A.CHOOSE + A.COLONIZE in nevenell.legal_actions()
    for viewer in (BLUE, GREEN, None):
        assert seen_by(dravos, viewer) == seen_by(nevenell, viewer)
    with pytest.raises(IllegalAction, match="no card in your hand can be put into play with "
                                            "your 0 credits"):
        dravos.apply(A.CHOOSE + A.COLONIZE)


# UR-KNOW-7, UR-OPT-10
def test_a_produce_everyone_can_see_is_forced_is_played_unasked() -> None:
    """The deck and the discard pile are empty and no one holds a card or a credit. Red
    produces 2; Blue and Green cannot follow and take the idle credit unasked. Blue's turn: no
    card and nothing to draw, so all can see that Produce is Blue's only action; it is played
    at once, and Green is asked whether to follow."""
    s = table(auto_forced=True)
    s.removed, s.deck = s.deck, []
    credits(s, 0, 0, 0)
    choose(s, "produce", 1)
    assert s.active == BLUE
    assert s.phase == P.FOLLOW and s.current_player == GREEN
    chosen = [e.data for e in s.events if e.kind == "action_chosen"]
    assert chosen == [{"seat": RED, "action": "produce", "follow_cost": 1},
                      {"seat": BLUE, "action": "produce", "follow_cost": 1}]
    assert s.credits == [2, 3, 1]


# UR-KNOW-7, UR-KNOW-9
def test_a_follower_with_no_affordable_card_is_still_asked() -> None:
    """Red colonizes Tarsis with follow cost 1. Blue holds Dravos (4 + 1 > 3 credits) and may
    only decline; had Blue held Oruun (1 + 1) Blue could follow. Green cannot tell the two
    apart: Blue is asked in both. Green has no card: all can see Green cannot follow, so
    Green's decline is played unasked."""
    worlds = {}
    for blue_card in ("dravos", "oruun"):
        s = table(auto_forced=True)
        give(s, RED, "tarsis")
        give(s, BLUE, blue_card)
        choose(s, "colonize", 1)
        s.apply(colonize(s, "tarsis"))
        assert s.phase == P.FOLLOW and s.current_player == BLUE
        worlds[blue_card] = s
    s = worlds["dravos"]
    assert labels(s, BLUE) == ["Do not follow (+1 credit)"]
    with pytest.raises(IllegalAction, match=r"Dravos \(basic side\)\) is not legal now: you "
                                            r"cannot colonize Dravos \(basic side\): it costs 4 "
                                            r"on top of the follow cost of 1 and you have 3"):
        s.apply(colonize(s, "dravos"))
    assert seen_by(s, GREEN) == seen_by(worlds["oruun"], GREEN)
    s.apply(A.PASS)
    assert s.active == BLUE and s.phase == P.CHOOSE  # Green declined unasked
    assert [e.data["seat"] for e in s.events if e.kind == "declined"] == [BLUE, GREEN]


# UR-KNOW-7
def test_the_one_card_red_can_colonize_is_still_chosen_by_red() -> None:
    """Red chose Colonize holding Tarsis and Dravos with 3 credits: only Tarsis fits, but the
    others cannot know it, so Red picks it (one button) rather than the game."""
    s = table(auto_forced=True)
    give(s, RED, "tarsis", "dravos")
    choose(s, "colonize", 1)
    assert s.phase == P.ACT and s.current_player == RED
    assert s.legal_actions() == [colonize(s, "tarsis")]


# UR-KNOW-7
def test_a_known_hand_makes_the_count_public() -> None:
    """Everyone saw Blue's only card, Dravos, in a Sneak Attack attempt: all can tell Blue
    cannot follow Red's Colonize, so Blue's decline is played unasked. Green's card is
    hidden, so Green is asked."""
    s = table(auto_forced=True)
    give(s, RED, "tarsis")
    (dravos,) = give(s, BLUE, "dravos")
    give(s, GREEN, "korrath")
    s.revealed[dravos] = True
    choose(s, "colonize", 1)
    s.apply(colonize(s, "tarsis"))
    assert s.current_player == GREEN


# UR-KNOW-8
def test_the_card_given_up_is_named_only_to_its_owner() -> None:
    s = new(auto_forced=True)
    a = A.GIVE_UP + s.hands[RED][0]
    assert s.action_label(a, RED) == f"Give up {s.name(s.hands[RED][0])} (keep the other two)"
    for viewer in (BLUE, GREEN, None):
        assert s.action_label(a, viewer) == "Give up a card (keep the other two)"


# UR-KNOW-8
def test_secret_battle_choices_are_labelled_for_the_others_as_what_they_show() -> None:
    """Red attacks Blue's Tarsis with Oruun. Red's card, side and credits read in full for
    Red; Blue, Green and a spectator read only that a secret choice is made."""
    s = table(auto_forced=True)
    put(s, RED, "oruun")
    put(s, RED, "eremos")
    put(s, BLUE, "tarsis")
    put(s, GREEN, "aurelis")
    give(s, RED, "dravos")
    credits(s, 5, 5, 5)
    attack(s, "oruun", "tarsis")
    assert s.phase == P.COMMIT and s.current_player == RED
    dravos = A.COMMIT + card(s, "dravos")
    assert s.action_label(dravos, RED) == "Commit Dravos face down"
    for viewer in (BLUE, GREEN, None):
        assert s.action_label(dravos, viewer) == "Commit a card face down"
        assert s.action_label(A.PASS, viewer) == "Commit no more cards"
    commit(s)  # Red; Blue and Green hold no card: all can see they pass
    assert s.phase == P.FUNDS and s.current_player == RED
    assert s.action_label(A.FUNDS + 3, RED) == "Commit 3 credits"
    assert s.action_label(A.FUNDS + 3, BLUE) == "Commit credits in secret"
    s.apply(A.FUNDS + 3)  # Blue has no other planet: 0 credits, played unasked
    assert s.current_player == GREEN
    side = [s.action_label(A.SIDE + k, v) for k in (0, 1) for v in (GREEN, RED, None)]
    assert side == ["Support the attack", "Choose a side in secret", "Choose a side in secret",
                    "Support the defence", "Choose a side in secret", "Choose a side in secret"]


# UR-KNOW-9
def test_a_refusal_never_says_where_another_players_card_is() -> None:
    """Blue, following Red's Colonize, asks for Green's Korrath: Blue learns only that it is
    not in Blue's hand."""
    s = table(auto_forced=True)
    give(s, RED, "tarsis")
    give(s, BLUE, "oruun")
    give(s, GREEN, "korrath")
    choose(s, "colonize", 1)
    s.apply(colonize(s, "tarsis"))
    assert s.current_player == BLUE
    with pytest.raises(IllegalAction) as refused:
        s.apply(colonize(s, "korrath"))
    assert str(refused.value).endswith("you cannot colonize Korrath (basic side): it is not in "
                                       "your hand")
    assert "seat 2" not in str(refused.value) and "Green" not in str(refused.value)
