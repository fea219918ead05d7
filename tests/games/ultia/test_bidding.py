"""Phase 1, Plan Declaration (docs/rules/ultia.md, section 3).

In these examples seat 0 deals unless said otherwise, so seat 1 bids next, then seat 2.
"""

from __future__ import annotations

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia.phases import BID_TRUMP, CHOOSE, DECLARE, DISCARD, PLAY

from .helpers import bid, codes, declare, declare_id, discard, new_round, pass_bid


def declarable(s) -> list[str]:
    return [s.plans.plan[a - A.DECLARE].id for a in s.legal_actions() if A.DECLARE <= a < A.TRUMP]


# UL-BID-1, UL-ACT-2
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_dealer_opens_and_may_not_pass(dealer: int) -> None:
    s = new_round(dealer=dealer)
    assert s.current_player == dealer
    assert A.PASS not in s.legal_actions()
    assert A.TAKE not in s.legal_actions()
    assert declarable(s) == [p.id for p in s.plans.plan]  # any plan of the list
    before = s.to_json()
    with pytest.raises(IllegalAction, match="dealer may not pass"):
        s.apply(A.PASS)
    assert s.to_json() == before


# UL-BID-2
def test_a_declaration_is_a_plan_then_two_cards_face_down() -> None:
    s = new_round(dealer=0)
    declare(s, "survey")
    assert s.phase == DISCARD and s.current_player == 0
    hand = codes(s.hands[0]).split()
    assert len(hand) == 12
    discard(s, hand[0])
    assert s.phase == DISCARD and s.current_player == 0  # one card at a time
    discard(s, hand[5])
    assert s.hands[0].bit_count() == 10  # the dealer is down to 10
    assert codes(s.talon) == f"{hand[0]} {hand[5]}"
    assert s.observation(None)["face_down"] == 2


# UL-BID-3, UL-SETUP-7
def test_after_a_bid_or_a_pass_the_turn_goes_to_the_right() -> None:
    s = new_round(dealer=1)
    bid(s, "survey")
    assert (s.phase, s.current_player) == (CHOOSE, 2)
    pass_bid(s)
    assert (s.phase, s.current_player) == (CHOOSE, 0)
    bid(s, "rich_vein")
    assert (s.phase, s.current_player) == (CHOOSE, 1)


# UL-BID-4
def test_the_active_bidder_passes_or_takes_the_face_down_pair() -> None:
    s = new_round(dealer=0)
    bid(s, "survey")
    assert s.current_player == 1
    assert s.legal_actions() == [A.PASS, A.TAKE]


# UL-BID-4, UL-BID-7
def test_taking_puts_the_previous_bidders_discards_into_your_hand() -> None:
    s = new_round(dealer=0)
    dealer_hand = codes(s.hands[0]).split()
    bid(s, "survey", discards=f"{dealer_hand[0]} {dealer_hand[1]}")
    seat1_before = s.hands[1]
    s.apply(A.TAKE)
    taken = s.hands[1] & ~seat1_before
    assert codes(taken) == f"{dealer_hand[0]} {dealer_hand[1]}"
    assert s.hands[1].bit_count() == 12 and s.talon == 0


# UL-BID-5
def test_after_taking_you_must_declare_you_cannot_pass() -> None:
    s = new_round(dealer=0)
    bid(s, "survey")
    s.apply(A.TAKE)
    assert s.phase == DECLARE
    assert A.PASS not in s.legal_actions()
    with pytest.raises(IllegalAction, match="took the face-down cards"):
        s.apply(A.PASS)


# UL-BID-6
def test_only_a_strictly_more_difficult_plan_may_be_declared() -> None:
    s = new_round(dealer=0)
    bid(s, "rich_vein")  # 20%
    s.apply(A.TAKE)
    assert "rich_vein" not in declarable(s) and "survey" not in declarable(s)
    assert declarable(s)[0] == "declared"  # the next plan up, 30%
    before = s.to_json()
    with pytest.raises(IllegalAction, match=r"worth more than Rich Vein \(20%\)"):
        s.apply(declare_id(s, "rich_vein"))
    assert s.to_json() == before


# UL-BID-6
def test_nobody_may_take_when_no_plan_is_more_difficult() -> None:
    s = new_round(dealer=0, auto_forced=False)
    bid(s, "sweep")  # the top of the list
    assert s.legal_actions() == [A.PASS]
    with pytest.raises(IllegalAction, match="no plan is worth more"):
        s.apply(A.TAKE)


# UL-BID-7
def test_each_new_bid_leaves_two_new_cards_for_the_next_bidder() -> None:
    s = new_round(dealer=0)
    bid(s, "survey")
    seat1 = codes(s.hands[1]).split()
    s.apply(A.TAKE)
    declare(s, "rich_vein")
    discard(s, f"{seat1[2]} {seat1[3]}")
    assert codes(s.talon) == f"{seat1[2]} {seat1[3]}"
    seat2_before = s.hands[2]
    s.apply(A.TAKE)
    assert codes(s.hands[2] & ~seat2_before) == f"{seat1[2]} {seat1[3]}"


# UL-BID-8
def test_three_passes_in_a_row_end_the_bidding() -> None:
    s = new_round(dealer=0, auto_forced=False)
    bid(s, "survey")
    pass_bid(s)  # seat 1
    pass_bid(s)  # seat 2
    assert (s.phase, s.current_player) == (CHOOSE, 0)  # the turn comes back to the dealer
    pass_bid(s)  # seat 0: the third pass in a row
    assert s.main == 0
    assert [entry[1] for entry in s.bid_log] == ["declare", "pass", "pass", "pass"]


# UL-BID-8
def test_a_new_bid_starts_the_count_of_passes_again() -> None:
    s = new_round(dealer=0, auto_forced=False)
    bid(s, "survey")
    pass_bid(s)  # seat 1
    bid(s, "rich_vein")  # seat 2
    pass_bid(s)  # seat 0
    pass_bid(s)  # seat 1
    assert s.main == -1 and s.current_player == 2
    pass_bid(s)  # seat 2: third pass in a row
    assert (s.main, s.observation(None)["plan"]) == (2, "rich_vein")


# UL-BID-9
def test_a_player_who_passed_may_bid_again_later() -> None:
    s = new_round(dealer=0)
    bid(s, "survey")
    pass_bid(s)  # seat 1 passes ...
    bid(s, "rich_vein")  # seat 2
    pass_bid(s)  # seat 0
    assert s.current_player == 1
    assert A.TAKE in s.legal_actions()  # ... and may come back in
    bid(s, "declared", trump="P")
    pass_bid(s)
    pass_bid(s)
    assert (s.main, s.observation(None)["plan"]) == (1, "declared")


# UL-BID-10, UL-OPT-7
def test_the_high_bidder_may_not_raise_their_own_bid() -> None:
    s = new_round(dealer=0, auto_forced=False)
    bid(s, "survey")
    pass_bid(s)
    pass_bid(s)
    assert s.legal_actions() == [A.PASS]
    before = s.to_json()
    with pytest.raises(IllegalAction, match="already hold the highest bid"):
        s.apply(A.TAKE)
    assert s.to_json() == before


# UL-BID-10, UL-OPT-7
def test_with_self_overbid_the_high_bidder_may_take_back_their_pair_and_raise() -> None:
    s = new_round(dealer=0, self_overbid=True)
    hand = codes(s.hands[0]).split()
    bid(s, "survey", discards=f"{hand[0]} {hand[1]}")
    pass_bid(s)
    pass_bid(s)
    assert s.current_player == 0 and s.legal_actions() == [A.PASS, A.TAKE]
    s.apply(A.TAKE)
    assert s.hands[0].bit_count() == 12 and f"{hand[0]}" in codes(s.hands[0])
    declare(s, "rich_vein")
    discard(s, f"{hand[0]} {hand[1]}")
    pass_bid(s)
    pass_bid(s)
    pass_bid(s)
    assert (s.main, s.observation(None)["plan"]) == (0, "rich_vein")


# UL-BID-11
def test_the_last_plan_is_adopted_and_its_declarer_is_main_surveyor() -> None:
    s = new_round(dealer=2)
    bid(s, "survey")  # seat 2
    bid(s, "rich_vein")  # seat 0
    pass_bid(s)  # seat 1
    pass_bid(s)  # seat 2 (seat 0's own turn is a forced pass)
    view = s.observation(None)
    assert (view["main_surveyor"], view["plan"]) == (0, "rich_vein")
    adopted = [e for e in s.events if e.kind == "plan_adopted"]
    assert adopted[-1].data == {"main": 0, "plan": "rich_vein", "progress": 20}
    assert all(h.bit_count() == 10 for h in s.hands)
    assert s.talon.bit_count() == 2


# UL-BID-12
def test_a_plan_that_fixes_trump_names_it_as_part_of_the_bid() -> None:
    s = new_round(dealer=0)
    declare(s, "declared")
    assert s.phase == BID_TRUMP and s.current_player == 0
    assert s.legal_actions() == [A.TRUMP + t for t in range(4)]
    s.apply(A.TRUMP + 1)  # Scanners
    assert s.phase == DISCARD
    assert s.observation(2)["bidding"]["trump"] == "Scanners"  # everyone hears it
    bid_events = [e for e in s.events if e.kind == "bid_trump"]
    assert bid_events[-1].visible_to is None
    discard(s, " ".join(codes(s.hands[0]).split()[:2]))
    pass_bid(s)
    pass_bid(s)
    # Nobody names trump again at the start of Exploration: play begins at once.
    assert (s.phase, s.current_player, s.observation(None)["trump"]) == (PLAY, 0, "Scanners")


# UL-BID-12
def test_a_higher_bid_replaces_the_trump_named_with_a_lower_one() -> None:
    s = new_round(dealer=0)
    bid(s, "declared", trump="B")
    bid(s, "silent")  # seat 1: a no-trump plan
    assert s.observation(None)["bidding"]["trump"] is None
    pass_bid(s)
    pass_bid(s)
    assert s.observation(None)["trump"] is None


# UL-OPT-5
def test_with_hard_passes_a_player_who_passed_is_out_of_the_bidding() -> None:
    s = new_round(dealer=0, pass_mode="hard", auto_forced=False)
    bid(s, "survey")
    pass_bid(s)  # seat 1 is out
    bid(s, "rich_vein")  # seat 2
    assert s.current_player == 0
    bid(s, "declared", trump="D")  # seat 0 outbids ...
    assert s.current_player == 2  # ... and seat 1 is skipped
    assert s.observation(None)["bidding"]["out"] == [1]
    pass_bid(s)  # seat 2: now everyone but seat 0 is out
    assert s.main == 0


# UL-OPT-5
def test_hard_and_soft_passes_differ_when_the_bidding_comes_round_again() -> None:
    for mode, next_bidder in (("soft", 1), ("hard", None)):
        s = new_round(dealer=0, pass_mode=mode)
        bid(s, "survey")
        pass_bid(s)  # seat 1
        bid(s, "rich_vein")  # seat 2
        pass_bid(s)  # seat 0
        if next_bidder is None:
            assert s.main == 2  # both rivals are out: bidding is over
        else:
            assert s.main == -1 and s.current_player == next_bidder


# UL-OPT-6
def test_bidding_end_two_passes_stops_before_the_high_bidder_is_asked_again() -> None:
    s = new_round(dealer=0, bidding_end="two_passes", self_overbid=True)
    bid(s, "survey")
    pass_bid(s)
    pass_bid(s)
    assert s.main == 0  # seat 0 never got the chance to raise its own bid
    t = new_round(dealer=0, self_overbid=True)  # the rulebook's three passes
    bid(t, "survey")
    pass_bid(t)
    pass_bid(t)
    assert t.main == -1 and t.legal_actions() == [A.PASS, A.TAKE]


# UL-OPT-6
def test_bidding_end_all_pass_counts_every_pass_of_the_bidding() -> None:
    # Seat 1 passed before seat 2's bid; once seat 0 passes too, everyone but the high
    # bidder has passed, and the bidding ends (with two_passes, seat 1 would bid again).
    s = new_round(dealer=0, bidding_end="all_pass")
    bid(s, "survey")
    pass_bid(s)  # seat 1
    bid(s, "rich_vein")  # seat 2
    pass_bid(s)  # seat 0
    assert s.main == 2
    t = new_round(dealer=0, bidding_end="two_passes")
    bid(t, "survey")
    pass_bid(t)
    bid(t, "rich_vein")
    pass_bid(t)
    assert t.main == -1 and t.current_player == 1


# UL-OPT-6
def test_bidding_end_all_pass_still_lets_a_passed_player_back_in_before_the_end() -> None:
    s = new_round(dealer=0, bidding_end="all_pass")
    bid(s, "survey")
    pass_bid(s)  # seat 1 has passed
    bid(s, "rich_vein")  # seat 2
    bid(s, "declared", trump="S")  # seat 0 outbids: seat 2 has not passed yet
    assert s.current_player == 1 and A.TAKE in s.legal_actions()
