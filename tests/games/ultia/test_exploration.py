"""Phase 2, Exploration: trump, reveals, and the tricks (docs/rules/ultia.md, sections 4-5).

Most examples use Drills (D) as trump. Hands shorter than ten cards are enough when an
example looks at a single trick.
"""

from __future__ import annotations

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia.phases import PLAY, REVEAL, TRUMP_CHOICE

from .helpers import exploration_state, finish_year, legal_cards, play, play_id, reveal, suit

# A full deal: every seat holds some of every suit; P8 and B8 lie face down.
DEAL = [
    "D1 D2 D3 S1 S2 S3 P1 P2 B1 B2",
    "D4 D5 D6 S4 S5 S6 P3 P4 B3 B4",
    "D7 D8 S7 S8 P5 P6 P7 B5 B6 B7",
]

# Seats 1 and 2 have no Scanners; seat 0 leads them.
VOID_IN_SCANNERS = [
    "S1 S2 S3 S4 S5 S6 S7 S8 P1 P2",
    "D5 D8 P3 P4 P5 P6 P7 P8 B1 B2",
    "D1 D2 D3 D4 D6 D7 B3 B4 B5 B6",
]


# Start of Exploration --------------------------------------------------------------------------


# UL-EXP-1
def test_the_main_surveyor_names_trump_when_the_plan_did_not() -> None:
    s = exploration_state(DEAL, plan_id="survey", main=1)
    assert (s.phase, s.current_player) == (TRUMP_CHOICE, 1)
    assert s.legal_actions() == [A.TRUMP + t for t in range(4)]
    s.apply(A.TRUMP + suit("P"))
    assert s.observation(2)["trump"] == "Probes"
    assert (s.phase, s.current_player) == (PLAY, 1)
    named = [e for e in s.events if e.kind == "trump"]
    assert named[-1].data == {"seat": 1, "suit": "Probes"} and named[-1].visible_to is None


# UL-EXP-1
def test_the_trump_suit_holds_for_the_whole_year() -> None:
    s = exploration_state(DEAL, plan_id="survey", main=0, trump="S")
    while s.trick_no < 9:
        s.apply(min(s.legal_actions()))
        assert s.observation(None)["trump"] == "Scanners"


# UL-EXP-2
def test_a_trump_fixed_while_bidding_is_not_named_again() -> None:
    s = exploration_state(DEAL, plan_id="declared", main=2, trump="B")
    assert (s.phase, s.current_player) == (PLAY, 2)
    assert s.observation(None)["trump"] == "Beacons"
    assert [e.data for e in s.events if e.kind == "trump"] == [{"seat": 2, "suit": "Beacons"}]


# UL-EXP-3
def test_a_no_trump_plan_has_no_trump_suit() -> None:
    s = exploration_state(["S2 P1", "S3 P2", "D8 P3"], plan_id="silent", main=0)
    assert s.phase == PLAY and s.observation(None)["trump"] is None
    play(s, "S2", "S3", "D8")  # seat 2 has no Scanners; its 8 of Drills cannot win
    assert s.trick_winners == [1]


# UL-EXP-4
def test_a_whole_hand_reveal_happens_before_the_first_card() -> None:
    s = exploration_state(DEAL, plan_id="open_hand", main=0, trump="D")
    assert s.phase == PLAY and s.trick == []
    assert s.observation(2)["revealed"][0] == DEAL[0].split()
    assert s.hands[0].bit_count() == 10  # shown, then kept in hand


# UL-EXP-4
def test_a_trump_reveal_shows_the_trumps_named_for_the_year() -> None:
    s = exploration_state(DEAL, plan_id="open_trumps", main=1, trump="S")
    assert s.observation(None)["revealed"] == [[], ["S4", "S5", "S6"], []]
    t = exploration_state(DEAL, plan_id="open_trumps", main=1, trump="B")
    assert t.observation(None)["revealed"] == [[], ["B3", "B4"], []]


# UL-EXP-4
def test_chosen_reveals_are_picked_one_card_at_a_time_before_play() -> None:
    s = exploration_state(DEAL, plan_id="scouted", main=0, trump="D")
    # Each Sub Surveyor shows 2 cards of their choice, Main's right-hand neighbour first.
    assert (s.phase, s.current_player) == (REVEAL, 1)
    assert len(s.legal_actions()) == 10
    reveal(s, "D4")
    assert (s.phase, s.current_player) == (REVEAL, 1)
    assert A.REVEAL + 3 not in s.legal_actions()  # D4 is already shown
    reveal(s, "B4")
    assert s.current_player == 2
    reveal(s, "S8", "P7")
    assert (s.phase, s.current_player, s.trick) == (PLAY, 0, [])
    assert s.observation(0)["revealed"] == [[], ["D4", "B4"], ["S8", "P7"]]
    assert [h.bit_count() for h in s.hands] == [10, 10, 10]
    with pytest.raises(IllegalAction):
        s.apply(A.REVEAL + 0)  # reveals are over; now it is time to play


# How to play a trick ---------------------------------------------------------------------------


# UL-PLAY-1, UL-SETUP-7
def test_the_main_surveyor_leads_and_play_goes_to_the_right() -> None:
    s = exploration_state(DEAL, main=1, trump="D")
    order = []
    for card in ("S4", "S7", "S1"):
        order.append(s.current_player)
        play(s, card)
    assert order == [1, 2, 0]
    assert len(s.trick_winners) == 1  # three cards make one trick


# UL-PLAY-2
def test_the_leader_may_play_any_card_trumps_included() -> None:
    s = exploration_state(DEAL, main=0, trump="D")
    assert legal_cards(s) == set(DEAL[0].split())


# UL-PLAY-3
def test_a_trump_lead_makes_trump_the_suit_to_follow() -> None:
    s = exploration_state(DEAL, main=1, trump="D")
    play(s, "D4")
    assert legal_cards(s) == {"D7", "D8"}


# UL-PLAY-4, UL-ACT-2
def test_you_must_follow_the_lead_suit_even_holding_trumps() -> None:
    s = exploration_state(DEAL, main=1, trump="D")
    play(s, "S4")
    assert legal_cards(s) == {"S7", "S8"}  # seat 2 also holds D7 D8, but must follow
    before = s.to_json()
    with pytest.raises(IllegalAction, match="you must follow suit: play Scanners"):
        s.apply(play_id("D8"))
    assert s.to_json() == before


# UL-PLAY-5
def test_a_player_who_cannot_follow_may_play_any_card() -> None:
    s = exploration_state(VOID_IN_SCANNERS, main=0, trump="D")
    play(s, "S1")
    assert legal_cards(s) == set(VOID_IN_SCANNERS[1].split())  # ruffing is not compulsory
    play(s, "P3")
    assert legal_cards(s) == set(VOID_IN_SCANNERS[2].split())


# UL-PLAY-6
def test_the_highest_trump_wins_even_the_lowest_trump_beats_the_lead_suit() -> None:
    s = exploration_state(["S4", "S8", "D1"], main=0, trump="D")
    play(s, "S4", "S8", "D1")
    assert s.trick_winners == [2]
    t = exploration_state(["S4", "D2", "D1"], main=0, trump="D")
    play(t, "S4", "D2", "D1")
    assert t.trick_winners == [1]


# UL-PLAY-6
def test_without_trumps_the_highest_card_of_the_lead_suit_wins() -> None:
    s = exploration_state(["S4", "S2", "P8"], main=0, trump="D")
    play(s, "S4", "S2", "P8")  # an 8 of another suit does not count
    assert s.trick_winners == [0]


# UL-PLAY-7
def test_the_winner_takes_the_cards_and_leads_the_next_trick() -> None:
    s = exploration_state(DEAL, main=0, trump="D")
    play(s, "S1", "S4", "S7")
    view = s.observation(None)
    assert view["won_cards"] == [[], [], ["S1", "S4", "S7"]]
    assert view["tricks_won"] == [0, 0, 1]
    assert (s.current_player, s.trick) == (2, [])
    assert view["trick_number"] == 2


# UL-PLAY-8
def test_a_year_has_ten_tricks_and_then_reporting() -> None:
    s = exploration_state(DEAL, main=0, trump="D")
    finish_year(s)
    tricks = [e.data["number"] for e in s.events if e.kind == "trick"]
    assert tricks == list(range(1, 11))
    report = [e for e in s.events if e.kind == "report"]
    assert len(report) == 1
    kinds = [e.kind for e in s.events]
    assert kinds.index("report") > kinds.index("trick") and s.round == 2


# Card-play options -----------------------------------------------------------------------------


# UL-OPT-4
def test_must_ruff_makes_a_void_player_trump_even_under_a_higher_trump() -> None:
    s = exploration_state(VOID_IN_SCANNERS, main=0, trump="D", void_play="must_ruff")
    play(s, "S1")
    assert legal_cards(s) == {"D5", "D8"}
    play(s, "D8")
    assert legal_cards(s) == {"D1", "D2", "D3", "D4", "D6", "D7"}  # all lower, still compulsory
    with pytest.raises(IllegalAction, match=r"must play Drills \(trump\)"):
        s.apply(play_id("B3"))


# UL-OPT-4
def test_must_ruff_overruff_makes_a_void_player_beat_a_trump_when_able() -> None:
    s = exploration_state(VOID_IN_SCANNERS, main=0, trump="D", void_play="must_ruff_overruff")
    play(s, "S1", "D5")
    assert legal_cards(s) == {"D6", "D7"}
    with pytest.raises(IllegalAction, match="must over-trump"):
        s.apply(play_id("D2"))
    t = exploration_state(VOID_IN_SCANNERS, main=0, trump="D", void_play="must_ruff_overruff")
    play(t, "S1", "D8")
    assert legal_cards(t) == {"D1", "D2", "D3", "D4", "D6", "D7"}  # cannot beat: any trump


# UL-OPT-4
def test_must_ruff_does_not_apply_to_a_player_without_trumps() -> None:
    s = exploration_state(["S1", "P3", "B4 B5"], main=0, trump="D", void_play="must_ruff_overruff")
    play(s, "S1", "P3")
    assert legal_cards(s) == {"B4", "B5"}


# UL-OPT-3
def test_must_win_makes_a_follower_beat_the_trick_when_able() -> None:
    s = exploration_state(["S4", "S2 S6 S7", "S1 S3"], main=0, trump="D", must_win=True)
    play(s, "S4")
    assert legal_cards(s) == {"S6", "S7"}
    with pytest.raises(IllegalAction, match="beat the trick with a higher Scanner"):
        s.apply(play_id("S2"))
    play(s, "S6")
    assert legal_cards(s) == {"S1", "S3"}  # cannot beat the 6: any Scanner


# UL-OPT-3
def test_must_win_alone_makes_a_void_player_trump_only_to_win() -> None:
    s = exploration_state(["S4", "D2 B1", "D1 D3 B2"], main=0, trump="D", must_win=True)
    play(s, "S4")
    assert legal_cards(s) == {"D2"}  # the trump wins the trick, so it must be played
    play(s, "D2")
    assert legal_cards(s) == {"D3"}  # over-trump, since it wins
    u = exploration_state(["S4", "D8 B1", "D1 B2"], main=0, trump="D", must_win=True)
    play(u, "S4", "D8")
    assert legal_cards(u) == {"D1", "B2"}  # nothing wins: free choice (no forced under-trump)


# UL-OPT-3, UL-OPT-4, UL-OPT-14
@pytest.mark.parametrize(
    ("hands", "played", "allowed"),
    [
        # 1. Follow suit if you can, beating the trick if you can.
        (["S4", "S2 S5 D8", "S1"], ["S4"], {"S5"}),
        (["S4", "S2 S3 D8", "S1"], ["S4"], {"S2", "S3"}),
        # 2. Otherwise trump if you can, over-trumping if you can.
        (["S4", "D5 B1", "D3 D7 B2"], ["S4", "D5"], {"D7"}),
        (["S4", "D5 B1", "D3 D4 B2"], ["S4", "D5"], {"D3", "D4"}),
        # 3. Otherwise any card.
        (["S4", "D5 B1", "P1 B2"], ["S4", "D5"], {"P1", "B2"}),
    ],
)
def test_the_japanese_preset_follow_then_ruff_then_win(
    hands: list[str], played: list[str], allowed: set[str]
) -> None:
    s = exploration_state(hands, main=0, trump="D", preset="japanese")
    play(s, *played)
    assert legal_cards(s) == allowed
