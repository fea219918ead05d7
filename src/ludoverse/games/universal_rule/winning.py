"""VP, the win check at the end of a turn and the Sneak Attack Victory (UR-WIN, UR-SNEAK).

A game the rulebook would let run on has a safeguard: after ``round_limit`` rounds it ends and
the most VP wins (``docs/decisions/universal_rule-rule-options.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.core.api import Outcome
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import knowledge, turn
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule import planets as PL

if TYPE_CHECKING:
    from ludoverse.games.universal_rule.state import UniversalRuleState


def vp(s: UniversalRuleState, seat: int) -> int:
    """UR-WIN-3: planets, abilities and counters, 1 per 5 credits, the Universal Rule card."""
    R = s.R
    planets = s.planets[seat]
    total = s.credits[seat] // 5
    if s.holder == seat:
        total += R.ur_vp
    upgraded = sum(1 for c in planets if s.side[c] == PL.UPGRADED)
    for c in planets:
        k = 2 * c + s.side[c]
        total += R.vp[k] + s.counters[c]
        if R.kind[k] == PL.VICTOR:
            total += _victor(s, seat, k, len(planets), upgraded)
    return total


def _victor(s: UniversalRuleState, seat: int, k: int, planets: int, upgraded: int) -> int:
    R = s.R
    cond = PL.CONDITIONS[R.condition[k]]
    amount = R.amount[k]
    if cond == "most_upgraded":
        return amount if 2 * upgraded > planets else 0
    if cond == "deck_empty":
        return amount if not s.deck and not s.discard else 0
    if cond == "per_other_planet":
        return amount * (planets - 1)
    if cond == "per_credit_5":
        return amount * (s.credits[seat] // 5)
    if cond == "holds_universal_rule":
        return amount if s.holder == seat else 0
    return amount if planets >= R.n[k] else 0  # planets_at_least


def target(s: UniversalRuleState) -> int:
    return s.opts.target_vp(s.n)


def may_win(s: UniversalRuleState, seat: int) -> bool:
    """UR-PLANET-8: Wim Star's basic side forbids winning."""
    return not PL.has_kind(s, seat, PL.CANNOT_WIN)


def sneak_bonus(s: UniversalRuleState, fleet: int) -> int:
    """UR-SNEAK-5: half a VP per unit of fleet, rounded down."""
    return fleet // 2


def hand_fleet(s: UniversalRuleState, cards: list[int]) -> int:
    """UR-SNEAK-2, UR-OPT-12: the fleet ``cards`` show in a Sneak Attack Victory: their fleet
    values, or (``sneak_unit=card``) one unit per card."""
    if s.opts.sneak_unit == "card":
        return len(cards)
    return sum(PL.card_fleet(s.R, s.opts, c) for c in cards)


# The end of the turn (UR-TURN-7, UR-WIN-1, UR-WIN-4) -----------------------------------------


def end_of_turn(s: UniversalRuleState) -> None:
    p = s.active
    if s.sneak_tried:
        _next_turn(s)
        return
    if may_win(s, p):
        v = vp(s, p)
        if v >= target(s):
            _win(s, p, v, "VP target reached")
            return
        if sneak_offered(s, p, v):
            s.phase = P.SNEAK
            s.sneak_fleet = 0
            s.shown = [[] for _ in range(s.n)]
            return
    _next_turn(s)


def _next_turn(s: UniversalRuleState) -> None:
    s.turn += 1
    limit = s.opts.round_limit
    if limit and s.turn >= limit * s.n:
        _end_by_round_limit(s)
        return
    turn.start_turn(s, (s.active + 1) % s.n)


def _win(s: UniversalRuleState, seat: int, total: int, why: str) -> None:
    s.winner = seat
    s.end_reason = why
    s.final_vp = [vp(s, q) for q in range(s.n)]
    s.final_vp[seat] = total
    s.phase = P.OVER
    s.log("game_won", seat=seat, vp=total, reason=why)


def _end_by_round_limit(s: UniversalRuleState) -> None:
    s.final_vp = [vp(s, q) for q in range(s.n)]
    s.winner = -1
    s.end_reason = "round limit"
    s.phase = P.OVER
    s.log("round_limit", vp=list(s.final_vp))


def outcome(s: UniversalRuleState) -> Outcome:
    scores = tuple(float(v) for v in s.final_vp)
    if s.winner >= 0:
        winners: tuple[int, ...] = (s.winner,)
        trace: tuple[str, ...] = ()  # a win at the end of a turn needs no tie-breaker
    else:
        best = max(scores)
        winners = tuple(q for q in range(s.n) if scores[q] == best)
        trace = (f"no one reached {target(s)} VP in {s.opts.round_limit} rounds",
                 f"most VP ({best:g}): seat(s) {', '.join(map(str, winners))}")
    ranking = []
    for q in range(s.n):
        if q in winners:
            ranking.append(1)
        else:
            ranking.append(1 + len(winners) + sum(1 for r in range(s.n) if r not in winners
                                                  and scores[r] > scores[q]))
    return Outcome(scores, tuple(ranking), winners, s.end_reason, trace)


# The Sneak Attack Victory (UR-SNEAK, our design) ----------------------------------------------


def sneak_offered(s: UniversalRuleState, seat: int, current: int) -> bool:
    """UR-SNEAK-1: offered when a hand of that size could carry the player to the target, as
    far as everyone can tell (the known cards, and the strongest unseen cards for the rest).
    Whether the real hand can is the player's own secret: see :func:`sneak_reachable`."""
    opts = s.opts
    hand = len(s.hands[seat])
    if opts.sneak_attack != "designed" or not hand:
        return False
    # A cheap ceiling first: no hand of this size can show more than its size times the
    # largest fleet of any one card, and most turns end far below the target.
    most = hand * (1 if opts.sneak_unit == "card" else PL.top_card_fleet(s.R, opts))
    if current + sneak_bonus(s, most) < target(s):
        return False
    return current + sneak_bonus(s, knowledge.public_fleet_ceiling(s, seat)) >= target(s)


def sneak_reachable(s: UniversalRuleState, seat: int) -> bool:
    """UR-SNEAK-1: revealing the whole hand could win (else only declining is legal)."""
    return vp(s, seat) + sneak_bonus(s, hand_fleet(s, s.hands[seat])) >= target(s)


def legal(s: UniversalRuleState) -> list[int]:
    q = s.active if s.phase == P.SNEAK else s.asked
    shown = s.shown[q]
    if s.phase == P.SNEAK and not shown and not sneak_reachable(s, q):
        return [A.PASS]
    return [A.PASS, *sorted(A.REVEAL + c for c in s.hands[q] if c not in shown)]


def why_no_sneak(s: UniversalRuleState, a: int) -> str | None:
    """The mover's reason a reveal is refused at the start of a hopeless attempt (it names
    only their own hand's total)."""
    if s.phase != P.SNEAK or s.pending or s.shown[s.active] or not A.REVEAL <= a < A.NUM_ACTIONS:
        return None
    p = s.active
    if a - A.REVEAL not in s.hands[p] or sneak_reachable(s, p):
        return None
    fleet = hand_fleet(s, s.hands[p])
    return (f"a Sneak Attack Victory cannot win now: your whole hand's fleet is {fleet}, worth "
            f"{sneak_bonus(s, fleet)} VP, and you have {vp(s, p)} of the {target(s)} VP needed; "
            "you may only decline")


def play(s: UniversalRuleState, a: int) -> None:
    p = s.active
    if s.phase == P.SNEAK:
        if a != A.PASS:  # UR-SNEAK-2
            card = a - A.REVEAL
            s.shown[p].append(card)
            s.revealed[card] = True
            s.sneak_fleet = hand_fleet(s, s.shown[p])
            s.log("sneak_attack_reveal", seat=p, card=card, fleet=s.sneak_fleet)
            return
        s.sneak_tried = True
        if not s.shown[p]:  # no attempt
            s.phase = P.END
            return
        s.log("sneak_attack", seat=p, fleet=s.sneak_fleet, bonus=sneak_bonus(s, s.sneak_fleet),
              vp=vp(s, p), cards_shown=len(s.shown[p]))
        s.phase = P.COUNTER
        s.asked = (p + 1) % s.n
        return
    q = s.asked
    if a != A.PASS:  # UR-SNEAK-3
        card = a - A.REVEAL
        s.shown[q].append(card)
        s.revealed[card] = True
        fleet = hand_fleet(s, s.shown[q])
        s.log("sneak_attack_counter", seat=q, card=card, fleet=fleet)
        if fleet > s.sneak_fleet:  # UR-SNEAK-4
            s.log("sneak_attack_failed", seat=p, by=q)
            s.pending.append([P.SNEAK_DISCARD, p, -1])
            s.phase = P.END
        return
    s.asked = (q + 1) % s.n
    if s.asked != p:
        return
    total = vp(s, p) + sneak_bonus(s, s.sneak_fleet)  # UR-SNEAK-5
    if total >= target(s):
        _win(s, p, total, "Sneak Attack Victory")
    else:
        s.log("sneak_attack_short", seat=p, vp=total)
        s.phase = P.END
