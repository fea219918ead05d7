"""Who may see what: hands, face-down cards, reveals, public play (docs/rules/ultia.md, section 9).

``visible_text(s, seat)`` is everything a seat can read (its observation and its events); a
hidden card must not appear in it, not even as a code inside an event.
"""

from __future__ import annotations

import json
import random

from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia import cards as C

from .helpers import (
    bid,
    codes,
    declare,
    discard,
    exploration_state,
    mask,
    new_round,
    pass_bid,
    play,
    visible_text,
)

DEAL = [
    "D1 D2 D3 S1 S2 S3 P1 P2 B1 B2",
    "D4 D5 D6 S4 S5 S6 P3 P4 B3 B4",
    "D7 D8 S7 S8 P5 P6 P7 B5 B6 B7",
]
VOID_IN_SCANNERS = [
    "S1 S2 S3 S4 S5 S6 S7 S8 P1 P2",
    "D5 D8 P3 P4 P5 P6 P7 P8 B1 B2",
    "D1 D2 D3 D4 D6 D7 B3 B4 B5 B6",
]


def shows(text: str, cards: str) -> list[str]:
    """Which of ``cards`` appear in ``text`` (as quoted card codes)."""
    return [c for c in cards.split() if f'"{c}"' in text]


# UL-KNOW-1
def test_a_hand_is_seen_only_by_its_owner() -> None:
    s = new_round(dealer=0, seed=4)
    for viewer in (0, 1, 2, None):
        text = visible_text(s, viewer)
        for owner in (0, 1, 2):
            hand = codes(s.hands[owner])
            if owner == viewer:
                assert shows(text, hand) == hand.split()
            else:
                assert shows(text, hand) == []
        assert s.observation(viewer)["hand_sizes"] == [12, 10, 10]


# UL-KNOW-2
def test_face_down_discards_are_hidden_from_everyone_but_the_discarder() -> None:
    s = new_round(dealer=0, seed=4)
    pair = " ".join(codes(s.hands[0]).split()[3:5])
    declare(s, "survey")
    discard(s, pair)
    assert s.observation(0)["my_face_down"] == pair.split()
    for viewer in (1, 2, None):
        assert shows(visible_text(s, viewer), pair) == []
        assert "my_face_down" not in s.observation(viewer)
        assert s.observation(viewer)["face_down"] == 2  # only how many
    public = [e for e in s.events_for(1) if e.kind == "discard"]
    assert [e.data for e in public] == [{"seat": 0}, {"seat": 0}]


# UL-KNOW-2
def test_a_face_down_discard_is_labelled_without_its_card_for_everyone_else() -> None:
    s = new_round(dealer=0, seed=4)
    declare(s, "survey")
    first, second = C.cards_of(s.hands[0])[:2]
    assert s.action_label(A.DISCARD + first, 0) == f"Discard {C.name(first)} face down"
    for viewer in (1, 2, None):
        assert s.action_label(A.DISCARD + first, viewer) == "Discard a card face down"
        assert s.action_label(A.DISCARD + second, viewer) == "Discard a card face down"


# UL-KNOW-3
def test_the_taker_sees_the_pair_and_the_discarder_knows_where_it_went() -> None:
    s = new_round(dealer=0, seed=4)
    pair = " ".join(codes(s.hands[0]).split()[3:5])
    bid(s, "survey", discards=pair)
    s.apply(A.TAKE)  # seat 1
    taken = [e for e in s.events if e.kind == "took_cards"]
    assert taken[-1].data["cards"] == pair.split() and taken[-1].visible_to == {1}
    assert shows(visible_text(s, 1), pair) == pair.split()
    assert s.observation(0)["known_elsewhere"] == {c: [1] for c in pair.split()}
    assert shows(visible_text(s, 2), pair) == []
    assert s.observation(2)["known_elsewhere"] == {}
    # Seat 1 discards two cards: seat 0 no longer knows whether its cards are among them.
    declare(s, "rich_vein")
    own = [c for c in codes(s.hands[1]).split() if c not in pair.split()]
    discard(s, f"{own[0]} {own[1]}")  # it keeps seat 0's two cards
    assert s.observation(0)["known_elsewhere"] == {c: [1, "face_down"] for c in pair.split()}


# UL-KNOW-4
def test_the_last_face_down_pair_stays_hidden_all_year() -> None:
    s = exploration_state(DEAL, main=0, trump="D")
    pair = codes(s.talon)
    assert pair == "P8 B8"
    while s.trick_no < 9 or len(s.trick) < 2:
        for viewer in (1, 2, None):
            view = s.observation(viewer)
            # "cannot_hold" lists whole suits a player has shown out of: it says nothing
            # about where the face-down cards are, so it may name them.
            view.pop("cannot_hold")
            assert shows(json.dumps(view), pair) == []
            assert shows(json.dumps([e.to_json() for e in s.events_for(viewer)]), pair) == []
        s.apply(min(s.legal_actions()))
    assert s.observation(0)["my_face_down"] == pair.split()  # the Main Surveyor put them there
    s.apply(min(s.legal_actions()))  # the last card: Reporting, then a new deal
    assert not [e for e in s.events if e.kind == "talon"]  # they counted for nobody: not shown


# UL-KNOW-5
def test_revealed_cards_stay_public_until_played() -> None:
    s = exploration_state(DEAL, plan_id="open_hand", main=0, trump="D")
    for viewer in (1, 2, None):
        assert s.observation(viewer)["revealed"][0] == DEAL[0].split()
        assert shows(visible_text(s, viewer), DEAL[0]) == DEAL[0].split()
    play(s, "S1", "S4", "S7")
    assert "S1" not in s.observation(1)["revealed"][0]
    assert len(s.observation(1)["revealed"][0]) == 9
    # A bot for seat 1 imagines the others' hands, but never moves a revealed card.
    for k in range(5):
        world = s.determinize(1, random.Random(k))
        assert world.hands[0] == s.hands[0]


# UL-KNOW-5, UL-KNOW-7
def test_after_showing_every_trump_no_other_trump_can_be_imagined_in_that_hand() -> None:
    s = exploration_state(DEAL, plan_id="open_trumps", main=1, trump="S")
    assert s.observation(None)["revealed"][1] == ["S4", "S5", "S6"]
    # Everyone saw all of seat 1's Scanners, so it holds no other one.
    assert set(s.observation(None)["cannot_hold"][1]) == {"S1", "S2", "S3", "S7", "S8"}
    for seat in (0, 2):
        for k in range(10):
            world = s.determinize(seat, random.Random(k))
            assert world.hands[1] & C.SUIT_MASK[1] == mask("S4 S5 S6")


# UL-KNOW-6
def test_bids_trump_plays_and_results_are_public() -> None:
    s = new_round(dealer=0, seed=4)
    bid(s, "declared", trump="S")
    s.apply(A.TAKE)
    declare(s, "silent")
    discard(s, " ".join(codes(s.hands[1]).split()[:2]))
    pass_bid(s)
    pass_bid(s)
    s.apply(min(s.legal_actions()))
    kinds = {e.kind for e in s.events_for(None)}
    assert {"declare", "bid_trump", "discard", "take", "pass", "plan_adopted",
            "play"} <= kinds
    view = s.observation(None)
    assert view["bidding"]["log"][:3] == [[0, "declare", "declared"], [1, "take"],
                                          [1, "declare", "silent"]]
    assert view["trick"] == [[(1 + i) % 3, C.code(c)] for i, c in enumerate(s.trick)]


# UL-KNOW-7
def test_showing_out_of_a_suit_is_public_and_determinisation_respects_it() -> None:
    s = exploration_state(VOID_IN_SCANNERS, main=0, trump="D")
    play(s, "S1", "P3")  # seat 1 cannot follow Scanners
    assert s.observation(None)["cannot_hold"][1] == [f"S{r}" for r in range(1, 9)]
    for k in range(10):
        world = s.determinize(2, random.Random(k))
        assert world.hands[1] & mask("S1 S2 S3 S4 S5 S6 S7 S8") == 0
        assert world.hands[2] == s.hands[2]  # your own hand is never resampled
        assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in s.hands]


# UL-KNOW-7, UL-OPT-4
def test_not_ruffing_under_must_ruff_shows_you_hold_no_trump() -> None:
    s = exploration_state(
        ["S1 S2", "P3 P4", "S3 D1"], main=0, trump="D", void_play="must_ruff"
    )
    play(s, "S1", "P3")
    assert set(s.observation(None)["cannot_hold"][1]) >= {f"D{r}" for r in range(1, 9)}


# UL-KNOW-7
def test_only_the_discarder_knows_the_face_down_pair_when_imagining_hands() -> None:
    s = exploration_state(DEAL, main=0, trump="D")
    assert all(s.determinize(0, random.Random(k)).talon == s.talon for k in range(5))
    sub_guesses = {s.determinize(1, random.Random(k)).talon for k in range(20)}
    assert len(sub_guesses) > 1
    assert all(g & s.hands[1] == 0 for g in sub_guesses)
