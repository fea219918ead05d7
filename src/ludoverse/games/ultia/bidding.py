"""Phase 1: Plan Declaration (bidding).

The dealer must declare a plan and discard 2 cards face down. Then, counter-clockwise, each
active bidder passes or takes up the 2 face-down cards, declares a strictly higher plan and
discards 2. The last plan stands and its declarer becomes the Main Surveyor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.core.api import IllegalAction
from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia import knowledge
from ludoverse.games.ultia.phases import BID_TRUMP, CHOOSE, DECLARE, DISCARD

if TYPE_CHECKING:
    from ludoverse.games.ultia.rules import UltiaState



def start(s: UltiaState) -> None:
    """The dealer opens the bidding and may not pass (UL-BID-1)."""
    s.phase = DECLARE
    s.bidder = s.dealer
    s.high_plan = -1
    s.high_bidder = -1
    s.high_trump = -1
    s.passes = 0
    s.out = 0
    s.discards_left = 0
    s.bid_log = []


def can_outbid(s: UltiaState, seat: int) -> bool:
    """Whether ``seat`` may take the face-down cards now (UL-BID-4, UL-BID-6, UL-BID-9,
    UL-BID-10)."""
    if s.high_plan + 1 >= len(s.plans.plan):
        return False  # nothing higher to declare
    if seat == s.high_bidder and not s.opts.self_overbid:
        return False
    return not (s.opts.pass_mode == "hard" and s.out >> seat & 1)


def legal(s: UltiaState) -> list[int]:
    ph = s.phase
    if ph == CHOOSE:
        return [A.PASS, A.TAKE] if can_outbid(s, s.bidder) else [A.PASS]
    if ph == DECLARE:
        return [A.DECLARE + i for i in range(s.high_plan + 1, len(s.plans.plan))]
    if ph == BID_TRUMP:
        return [A.TRUMP + t for t in range(C.NUM_SUITS)]
    d, sc, p, b = _DISCARD_IDS
    hand = s.hands[s.bidder]
    return [*d[hand & 255], *sc[hand >> 8 & 255], *p[hand >> 16 & 255], *b[hand >> 24 & 255]]


_DISCARD_IDS = C.id_tables(A.DISCARD)  # per suit, byte -> discard ids (as in trick play)


def apply(s: UltiaState, a: int) -> None:
    ph, seat = s.phase, s.bidder
    if ph == CHOOSE:
        if a == A.PASS:
            _pass(s, seat)
        elif a == A.TAKE:
            if not can_outbid(s, seat):
                raise IllegalAction(_why_no_take(s, seat), a)
            _take(s, seat)
        else:
            raise IllegalAction("it is your bid: pass, or take the face-down cards", a)
    elif ph == DECLARE:
        i = a - A.DECLARE
        if a == A.PASS:
            raise IllegalAction(_why_no_pass(s), a)
        if not 0 <= i < len(s.plans.plan):
            raise IllegalAction("declare one plan of the Exploration Plan List", a)
        if i <= s.high_plan:
            high = s.plans.plan[s.high_plan]
            raise IllegalAction(
                f"a new plan must be worth more than {high.name} ({high.progress}%)", a
            )
        _declare(s, seat, i)
    elif ph == BID_TRUMP:
        if not A.TRUMP <= a < A.TRUMP + C.NUM_SUITS:
            raise IllegalAction("name the trump suit for your plan", a)
        s.high_trump = a - A.TRUMP
        s.log("bid_trump", seat=seat, suit=C.SUIT_NAMES[s.high_trump])
        s.phase = DISCARD
    else:
        c = a - A.DISCARD
        if not 0 <= c < C.NUM_CARDS:
            raise IllegalAction("discard 2 cards face down", a)
        if not s.hands[seat] >> c & 1:
            raise IllegalAction(f"{C.name(c)} is not in your hand", a)
        _discard(s, seat, c)


def _why_no_pass(s: UltiaState) -> str:
    if s.high_plan < 0:
        return "the dealer may not pass: declare a plan of the Exploration Plan List"
    return "you took the face-down cards, so you must declare a higher plan"


def _why_no_take(s: UltiaState, seat: int) -> str:
    if s.high_plan + 1 >= len(s.plans.plan):
        return "no plan is worth more than the current one"
    if seat == s.high_bidder:
        return "you already hold the highest bid"
    return "you passed earlier: a hard pass takes you out of this bidding"


def _pass(s: UltiaState, seat: int) -> None:
    s.passes += 1
    if s.opts.pass_mode == "hard" and seat != s.high_bidder:
        s.out |= 1 << seat
    s.bid_log.append([seat, "pass"])
    s.log("pass", seat=seat)
    if _bidding_over(s):
        _finish(s)
    else:
        _next_bidder(s)


def _take(s: UltiaState, seat: int) -> None:
    """UL-BID-4, UL-BID-5: take up the face-down pair; a declaration must follow."""
    taken = s.talon
    s.hands[seat] |= taken
    s.talon = 0
    knowledge.on_take(s, seat, taken)
    s.bid_log.append([seat, "take"])
    s.log("take", seat=seat)
    s.log("took_cards", seat=seat, cards=C.codes_of(taken), visible_to=seat)
    s.phase = DECLARE


def _declare(s: UltiaState, seat: int, i: int) -> None:
    """UL-BID-2, UL-BID-6, UL-BID-12: a strictly higher plan; trump next if the plan fixes it."""
    plan = s.plans.plan[i]
    s.high_plan = i
    s.high_bidder = seat
    s.high_trump = -1
    s.bid_log.append([seat, "declare", plan.id])
    s.log("declare", seat=seat, plan=plan.id, progress=plan.progress)
    s.phase = BID_TRUMP if plan.trump == "bid" else DISCARD
    s.discards_left = 2


def _discard(s: UltiaState, seat: int, c: int) -> None:
    """UL-BID-2, UL-BID-7, UL-KNOW-2: one of the 2 face-down discards after a declaration."""
    s.hands[seat] &= ~(1 << c)
    s.talon |= 1 << c
    s.discards_left -= 1
    knowledge.on_discard(s, seat, c)
    s.log("discard", seat=seat)
    s.log("discard_card", seat=seat, card=C.code(c), visible_to=seat)
    if s.discards_left == 0:
        s.passes = 0
        _next_bidder(s)


def _next_bidder(s: UltiaState) -> None:
    """Counter-clockwise (to the right), skipping players out after a hard pass (UL-BID-3,
    UL-BID-9)."""
    n = s.n
    seat = s.bidder
    for _ in range(n):
        seat = (seat + 1) % n
        if not s.out >> seat & 1:
            break
    s.bidder = seat
    s.phase = CHOOSE


def _bidding_over(s: UltiaState) -> bool:
    """UL-BID-8, UL-OPT-6: the configured end condition; always over once nobody else can
    still bid.

    ``all_pass`` counts every pass of this bidding, not only those since the last bid: it
    ends as soon as each player other than the high bidder has passed at least once.
    """
    rule = s.opts.bidding_end
    everyone_else = ((1 << s.n) - 1) & ~(1 << s.high_bidder)
    if rule == "three_consecutive_passes" and s.passes >= 3:
        return True
    if rule == "two_passes" and s.passes >= 2:
        return True
    if rule == "all_pass":
        passed = 0
        for entry in s.bid_log:
            if entry[1] == "pass":
                passed |= 1 << entry[0]
        if passed & everyone_else == everyone_else:
            return True
    return s.opts.pass_mode == "hard" and (s.out & everyone_else) == everyone_else


def _finish(s: UltiaState) -> None:
    """UL-BID-11: the last plan is adopted and its declarer is the Main Surveyor."""
    from ludoverse.games.ultia import exploration

    s.main = s.high_bidder
    s.plan = s.high_plan
    plan = s.plans.plan[s.plan]
    s.log("plan_adopted", main=s.main, plan=plan.id, progress=plan.progress)
    exploration.start(s)
