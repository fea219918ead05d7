"""ULTIA knowledge for bots: how likely is the adopted plan to succeed, and what is that worth?

The greedy bot tries each legal action and keeps the one whose resulting state scores best
here. Everything reduces to one number, the estimated probability ``P`` that the Main
Surveyor completes the plan: the Main Surveyor wants it high, the Sub Surveyors low, and a
bidder compares the plan's expected worth as Main Surveyor with its worth as a Sub Surveyor.

The estimates are deliberately simple (card power tables and a logistic curve); they are
calibrated against simulated play in docs/balance/ultia.md.
"""

from __future__ import annotations

import math
from typing import Any

from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia.content import Plan
from ludoverse.games.ultia.exploration import BEATS, playable
from ludoverse.games.ultia.phases import (
    BID_TRUMP,
    CHOOSE,
    DECLARE,
    DISCARD,
    OVER,
    PLAY,
    RPS,
    TRUMP_CHOICE,
)

# Chance that a card takes a trick by itself, by rank (index 0 = rank 1).
TRUMP_POWER = (0.30, 0.34, 0.40, 0.48, 0.58, 0.70, 0.84, 0.97)
SIDE_POWER = (0.0, 0.0, 0.01, 0.02, 0.05, 0.12, 0.35, 0.80)
# Chance that a card is forced to take a trick in a no-trick plan.
DANGER = (0.0, 0.01, 0.03, 0.07, 0.14, 0.25, 0.42, 0.65)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def expected_tricks(hand: int, trump: int) -> float:
    """Tricks a 10-card hand should take as Main Surveyor with ``trump``."""
    total = 0.0
    trumps = hand & C.SUIT_MASK[trump] if trump >= 0 else 0
    n_trumps = trumps.bit_count()
    for c in C.cards_of(hand):
        r = C.rank_of(c) - 1
        if trumps >> c & 1:
            total += TRUMP_POWER[r] + 0.04 * max(0, n_trumps - 3)
        else:
            length = (hand & C.SUIT_MASK[C.suit_of(c)]).bit_count()
            p = SIDE_POWER[r]
            if r == 6 and hand >> (c + 1) & 1:
                p = 0.6  # 7 backed by the 8
            if length >= 5:
                p *= 0.7  # long side suits get ruffed
            total += p
    if trump >= 0:
        # Short side suits let long trumps ruff.
        voids = sum(1 for s in range(C.NUM_SUITS) if s != trump and not hand & C.SUIT_MASK[s])
        total += min(voids * 0.8, max(0, n_trumps - 3) * 0.6)
    return total


def _danger(hand: int) -> float:
    return sum(DANGER[C.rank_of(c) - 1] for c in C.cards_of(hand))


def plan_chance(plan: Plan, hand: int, trump: int, won: int = 0, tricks: int = 0,
                done: int = 0, trick_winners: tuple[int, ...] = (), main_wins: float = 0.0,
                is_main: tuple[bool, ...] = ()) -> float:
    """Probability estimate that the Main Surveyor meets every condition of ``plan``.

    ``hand`` is what they still hold, ``won``/``tricks`` what they have taken in ``done``
    completed tricks, ``main_wins`` the chance they take the trick in progress.
    """
    c = plan.conditions
    left = 10 - done - (1 if main_wins else 0)
    # Fitted on greedy play (docs/balance/ultia.md): tricks ~ 0.09 per trick left + 1.08 x power.
    future = 0.09 * left + 1.08 * expected_tricks(hand, trump) if left > 0 else 0.0
    est = tricks + main_wins + future + (0.3 if left > 0 else 0.0)
    p = 1.0
    if c.tricks_min is not None:
        p *= _sigmoid((est - c.tricks_min + 0.5) / 0.57)
    if c.tricks_max is not None:
        if tricks > c.tricks_max:
            return 0.0
        p *= math.exp(-2.6 * max(0.0, _danger(hand) + main_wins - c.tricks_max))
    if c.high_cards is not None:
        high = C.rank_at_least_mask(c.high_cards.rank_min)
        have = (won & high).bit_count()
        mine = (hand & high).bit_count()
        per_trick = 3 * high.bit_count() / C.NUM_CARDS
        guess = have + 0.5 * mine + (future + main_wins) * per_trick * 0.7
        p *= _sigmoid((guess - c.high_cards.count + 0.5) / 0.8)
    if c.points_min is not None:
        guess = C.points(won) + (future + main_wins) * 14.0 + 0.2 * C.points(hand)
        p *= _sigmoid((guess - c.points_min) / 7.0)
    if c.trumps_won_min is not None and trump >= 0:
        tm = C.SUIT_MASK[trump]
        held = (hand & tm).bit_count()
        guess = (won & tm).bit_count() + 0.85 * held + 0.45 * (future + main_wins)
        p *= _sigmoid((guess - c.trumps_won_min + 0.5) / 0.7)
    for t in c.win_tricks:
        if t <= done:
            if not is_main[t - 1]:
                return 0.0
        elif t == done + 1 and main_wins:
            p *= main_wins
        else:
            top = sum(1 for x in C.cards_of(hand) if C.rank_of(x) == 8 or x // 8 == trump)
            p *= min(0.95, 0.6 + 0.06 * top)
    if c.last_trick_card is not None:
        if trump < 0:
            return 0.0
        needed = C.card(trump, c.last_trick_card.rank)
        if not hand >> needed & 1:
            return 0.0
        n_trumps = (hand & C.SUIT_MASK[trump]).bit_count()
        p *= _sigmoid((n_trumps + 0.15 * est - 3.6) / 0.8)
    return p * REVEAL_FACTOR.get(_reveal_kind(plan), 1.0) if done == 0 else p


# Showing cards before play helps the side that sees them (fitted by simulation).
REVEAL_FACTOR: dict[tuple[str, str] | None, float] = {
    ("main", "hand"): 0.55, ("main", "trumps"): 0.8, ("subs", "choose"): 1.05}


def _reveal_kind(plan: Plan) -> tuple[str, str] | None:
    return (plan.reveal.who, plan.reveal.cards) if plan.reveal else None


def best_trump(plan: Plan, hand: int) -> tuple[int, float]:
    """The trump suit a bidder would name for ``plan`` and its chance (hand may hold 12)."""
    if plan.trump == "none":
        return -1, plan_chance(plan, keep_ten(hand, -1, low=plan.conditions.tricks_max == 0), -1)
    return max(((t, plan_chance(plan, keep_ten(hand, t), t)) for t in range(C.NUM_SUITS)),
               key=lambda x: x[1])


def keep_ten(hand: int, trump: int, low: bool = False) -> int:
    """The 10 cards worth keeping: drop the weakest non-trumps (the highest cards if ``low``)."""
    extra = hand.bit_count() - 10
    if extra <= 0:
        return hand
    cards = sorted(C.cards_of(hand), key=lambda c: (C.suit_of(c) == trump, C.rank_of(c)))
    if low:
        cards.sort(key=lambda c: -C.rank_of(c))
    for c in cards[:extra]:
        hand &= ~(1 << c)
    return hand


def main_value(p: float, progress: int) -> float:
    """Expected progress lead over the others for a Main Surveyor with success chance ``p``."""
    return progress * (1.5 * p - 0.5)


def sub_value(p: float, progress: int) -> float:
    return progress * (0.25 - 0.75 * p)


def evaluate(state: Any, seat: int) -> float:
    s = state
    if s.phase == OVER:
        return 1000.0 if seat in s.winners else -1000.0
    if s.phase == RPS:
        return 0.0
    if s.phase <= DISCARD:
        return _evaluate_bidding(s, seat)
    plan = s.plans.plan[s.plan]
    p = _chance_in_play(s, plan)
    value = plan.progress * 2 ** s.overwork.bit_count()
    return main_value(p, value) if seat == s.main else sub_value(p, value)


def _evaluate_bidding(s: Any, seat: int) -> float:
    plans = s.plans.plan
    hand = s.hands[seat]
    if s.phase == DECLARE and s.bidder == seat:
        # About to declare: the best plan still open to me.
        return max(_bid_value(plans[i], hand) for i in range(s.high_plan + 1, len(plans)))
    plan = plans[s.high_plan]
    if s.high_bidder == seat:
        if s.high_trump >= 0:
            p = plan_chance(plan, keep_ten(hand, s.high_trump), s.high_trump)
        else:
            p = best_trump(plan, hand)[1]
        return main_value(p, plan.progress)
    holder = s.hands[s.high_bidder]
    trump = s.high_trump if s.high_trump >= 0 else best_trump(plan, holder)[0]
    p = plan_chance(plan, keep_ten(holder, trump), trump)
    return sub_value(p, plan.progress)


def _bid_value(plan: Plan, hand: int) -> float:
    _, p = best_trump(plan, hand)
    return main_value(p, plan.progress)


def _chance_in_play(s: Any, plan: Plan) -> float:
    if s.phase == TRUMP_CHOICE:
        return best_trump(plan, s.hands[s.main])[1]
    main = s.main
    main_wins = 0.0
    if s.phase == PLAY and s.trick:
        main_wins = _hold_chance(s, main)
    done = s.trick_no
    return plan_chance(
        plan, s.hands[main], s.trump, s.won[main], s.tricks[main], done,
        main_wins=main_wins, is_main=tuple(w == main for w in s.trick_winners),
    )


def _hold_chance(s: Any, main: int) -> float:
    """Chance the Main Surveyor's side takes the trick in progress (from this sampled world)."""
    winning_main = s.best_seat == main
    beats = BEATS[s.trump + 1][s.best]
    to_play = [(s.leader + k) % s.n for k in range(len(s.trick), s.n)]
    if winning_main:
        threats = [p for p in to_play if playable(s, p) & beats]
        return 0.35 if threats else 1.0
    if main in to_play:
        return 0.7 if playable(s, main) & beats else 0.0
    return 0.0


# Search support: checkpoints, win chances and a playout policy ------------------------------

WIN_TEMPERATURE = 30.0
"""Progress lead (in %) worth a factor e in win odds: P(win) is a softmax of progress / 30,
the best fit over 1,974 year starts of 400 greedy games
(``ludoverse analyze ultia win_temperature -n 400``; docs/bots.md)."""


def stage(state: Any) -> int:
    """A year is the natural checkpoint: between years nothing is in hand or in play."""
    return state.round


def rewards(state: Any) -> list[float]:
    """Each seat's chance to win the game from here, for search that stops a playout early."""
    s = state
    n = s.n
    if s.phase == OVER:
        return [1.0 / len(s.winners) if p in s.winners else 0.0 for p in range(n)]
    if s.phase == RPS:
        return [1.0 / len(s.rps_seats) if p in s.rps_seats else 0.0 for p in range(n)]
    progress = [v / 2 for v in s.progress]
    if s.phase <= DISCARD:
        if s.high_plan < 0:
            return standing_shares(progress, s.opts.win_compare)
        plan = s.plans.plan[s.high_plan]
        main = s.high_bidder
        if s.high_trump >= 0:
            p = plan_chance(plan, keep_ten(s.hands[main], s.high_trump), s.high_trump)
        else:
            p = best_trump(plan, s.hands[main])[1]
        value = float(plan.progress)
    else:
        plan = s.plans.plan[s.plan]
        main = s.main
        p = _chance_in_play(s, plan)
        value = float(plan.progress * 2 ** s.overwork.bit_count())
    success = list(progress)
    success[main] += value
    failure = [v if q == main else v + value / 2 for q, v in enumerate(progress)]
    win = standing_shares(success, s.opts.win_compare)
    lose = standing_shares(failure, s.opts.win_compare)
    return [p * a + (1 - p) * b for a, b in zip(win, lose, strict=True)]


def standing_shares(progress: list[float], win_compare: str = "reach") -> list[float]:
    """Win chances between years: past the goal the leader has won, else a softmax."""
    top = max(progress)
    if top > 100 or (top == 100 and win_compare != "exceed"):
        leaders = [v == top for v in progress]
        k = sum(leaders)
        return [1.0 / k if lead else 0.0 for lead in leaders]
    weights = [math.exp((v - top) / WIN_TEMPERATURE) for v in progress]
    total = sum(weights)
    return [w / total for w in weights]


ROLLOUT_NOISE = 0.1
"""Share of playout moves made at random, so that playouts do not all look alike."""

_LOW_FIRST = tuple(C.RANK_MASK[1:])


def rollout_action(state: Any, rng: Any) -> int:
    """A cheap, sensible move for playouts: ordinary trick-play sense, no bidding ambition.

    In playouts nobody takes the face-down cards; a forced declaration is the cheapest plan;
    trump is the longest suit; discards are the lowest side cards. In trick play every seat
    plays for tricks in a trick-taking plan (the Main Surveyor to make it, the Sub Surveyors to
    stop it) and against tricks in a no-trick plan (which the Sub Surveyors break by ducking).
    """
    s = state
    ph = s.phase
    if ph == PLAY:
        seat = (s.leader + len(s.trick)) % s.n
        mask = s.playable_cache  # left by the forced check after the last move, if any
        if mask < 0:
            mask = playable(s, seat)
        if rng.random() < ROLLOUT_NOISE:
            cards = C.cards_of(mask)
            return A.PLAY + cards[rng.randrange(len(cards))]
        return A.PLAY + _card_for(s, seat, mask)
    if ph == CHOOSE:
        return A.PASS
    if ph == DECLARE:
        return A.DECLARE + s.high_plan + 1
    if ph in (BID_TRUMP, TRUMP_CHOICE):
        seat = s.bidder if ph == BID_TRUMP else s.main
        return A.TRUMP + _longest_suit(s.hands[seat])
    if ph == DISCARD:
        hand = s.hands[s.bidder]
        trump = s.high_trump
        side = hand & ~C.SUIT_MASK[trump] if trump >= 0 else hand
        return A.DISCARD + _lowest(side or hand)
    legal = s.legal_actions()
    return legal[rng.randrange(len(legal))]


def _card_for(s: Any, seat: int, mask: int) -> int:
    plan = s.plans.plan[s.plan]
    wants_tricks = plan.conditions.tricks_max is None
    if not s.trick:
        return _highest(mask) if wants_tricks else _lowest(mask)
    beats = mask & BEATS[s.trump + 1][s.best]
    if wants_tricks:
        partner_wins = seat != s.main and s.best_seat != s.main
        if beats and not partner_wins:
            return _lowest(beats)
        return _lowest(mask)
    safe = mask & ~beats
    return _highest(safe) if safe else _lowest(mask)


def _lowest(mask: int) -> int:
    for rank_mask in _LOW_FIRST:
        m = mask & rank_mask
        if m:
            return (m & -m).bit_length() - 1
    raise ValueError("no card to choose from")


def _highest(mask: int) -> int:
    for rank_mask in reversed(_LOW_FIRST):
        m = mask & rank_mask
        if m:
            return (m & -m).bit_length() - 1
    raise ValueError("no card to choose from")


def _longest_suit(hand: int) -> int:
    return max(range(C.NUM_SUITS), key=lambda t: (hand & C.SUIT_MASK[t]).bit_count())
