"""The set-up choice, the turn and following (UR-SETUP-5/6, UR-TURN, UR-LIMIT-5).

A turn: the active player chooses an action, then a follow cost (not for an Attack), then what
the action needs (a card, a planet); each other player in turn order then follows or takes the
idle credit; the turn ends with the win check (``winning``). :func:`run` plays the steps that
need no one's choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import actions_in_detail as D
from ludoverse.games.universal_rule import attack, winning
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule import planets as PL

if TYPE_CHECKING:
    from ludoverse.games.universal_rule.state import UniversalRuleState


# Set-up: keep two of three (UR-SETUP-5, UR-SETUP-6) -----------------------------------------


def _give_up(s: UniversalRuleState, a: int) -> None:
    seat = s.asked
    card = a - A.GIVE_UP
    s.hands[seat].remove(card)
    s.gave_up[seat] = card
    s.given_up[seat] = card
    s.log("gave_up", seat=seat, card=card, visible_to=seat)
    s.log("setup_choice_made", seat=seat)
    s.asked = (seat + 1) % s.n
    if s.asked == s.first:  # everyone has chosen: the given-up cards join the deck
        s.deck.extend(s.gave_up)
        s.gave_up = [-1] * s.n
        s.rng.shuffle(s.deck)
        s.log("deck_formed", deck=len(s.deck))
        start_turn(s, s.first)


def start_turn(s: UniversalRuleState, seat: int) -> None:
    s.active = seat
    s.phase = P.CHOOSE
    s.action = -1
    s.cost = 0
    s.sneak_tried = False
    s.log("turn", seat=seat, turn=s.turn + 1)


# Choosing the action and the follow cost (UR-TURN-1, UR-TURN-2) -----------------------------


def choosable(s: UniversalRuleState) -> list[int]:
    """UR-TURN-1: the actions the active player can carry out now."""
    p = s.active
    out = []
    if s.credits[p] >= 1 and (s.deck or s.discard):
        out.append(A.EXPLORE)
    if PL.may_colonize_any(s, p, s.hands[p], s.credits[p]):
        out.append(A.COLONIZE)
    if upgradable(s, p, s.credits[p]):
        out.append(A.UPGRADE)
    out.append(A.PRODUCE)
    if (s.planets[p] and not PL.has_kind(s, p, PL.CANNOT_ATTACK)  # UR-ATTACK-1, UR-EXP-2
            and PL.attackable(s, p)):
        out.append(A.ATTACK)
    return out


def max_follow_cost(s: UniversalRuleState) -> int:
    """UR-TURN-2: 1 up to the active player's planet count (1 with none)."""
    return min(A.MAX_FOLLOW_COST, max(1, len(s.planets[s.active])))


def upgradable(s: UniversalRuleState, seat: int, budget: int) -> list[int]:
    return PL.upgrade_choices(s, seat, budget)


def colonizable(s: UniversalRuleState, seat: int, budget: int) -> list[int]:
    return [A.play(c, side) for c, side in PL.colonize_choices(s, seat, sorted(s.hands[seat]),
                                                                budget)]


def legal(s: UniversalRuleState) -> list[int]:
    ph = s.phase
    if ph == P.KEEP:
        return sorted(A.GIVE_UP + c for c in s.hands[s.asked])
    if ph == P.CHOOSE:
        return choosable(s)
    if ph == P.COST:
        return [A.follow_cost(k) for k in range(1, max_follow_cost(s) + 1)]
    if ph == P.ACT:
        p = s.active
        if s.action == A.COLONIZE:
            return colonizable(s, p, s.credits[p])
        if s.action == A.UPGRADE:
            return sorted(A.UPGRADE_PLANET + c for c in upgradable(s, p, s.credits[p]))
        return sorted(A.ATTACK_WITH + c for c in s.planets[p])
    return follow_legal(s)


def play(s: UniversalRuleState, a: int) -> None:
    ph = s.phase
    p = s.active
    if ph == P.KEEP:
        _give_up(s, a)
    elif ph == P.CHOOSE:
        s.action = a - A.CHOOSE
        if s.action == A.ATTACK:  # an Attack is never followed: no follow cost
            s.log("action_chosen", seat=p, action="attack")
            s.phase = P.ACT
        else:
            s.phase = P.COST
    elif ph == P.COST:
        s.cost = a - A.FOLLOW_COST + 1
        s.log("action_chosen", seat=p, action=A.ACTIONS[s.action], follow_cost=s.cost)
        if s.action == A.EXPLORE:
            D.explore(s, p)
            _begin_following(s)
        elif s.action == A.PRODUCE:
            D.produce(s, p)
            _begin_following(s)
        else:
            s.phase = P.ACT
    elif ph == P.ACT:
        if s.action == A.COLONIZE:
            k = a - A.PLAY
            D.colonize(s, p, k // 2, k % 2)
            _begin_following(s)
        elif s.action == A.UPGRADE:
            D.upgrade(s, p, a - A.UPGRADE_PLANET)
            _begin_following(s)
        else:
            s.atk_card = a - A.ATTACK_WITH
            s.phase = P.TARGET
    else:
        follow_play(s, a)


# Following (UR-TURN-4, UR-TURN-5) ------------------------------------------------------------


def _begin_following(s: UniversalRuleState) -> None:
    s.phase = P.FOLLOW
    s.asked = (s.active + 1) % s.n


def follow_legal(s: UniversalRuleState) -> list[int]:
    """Not following is always possible; following needs the follow cost and the action's own
    costs (UR-TURN-4)."""
    q = s.asked
    budget = s.credits[q] - s.cost
    out = [A.PASS]
    act = s.action
    if act == A.EXPLORE:
        if budget >= 1 and (s.deck or s.discard):
            out.append(A.FOLLOW)
    elif act == A.COLONIZE:
        if budget >= 0:
            out.extend(colonizable(s, q, budget))
    elif act == A.UPGRADE:
        if budget >= 0:
            out.extend(A.UPGRADE_PLANET + c for c in sorted(upgradable(s, q, budget)))
    elif min(s.cap(q), s.credits[q] + D.produce_gain(s, q, follower=True)) >= s.cost:
        out.append(A.FOLLOW)  # UR-PRODUCE-2: the follow cost is paid after the income
    out.sort()
    return out


def follow_play(s: UniversalRuleState, a: int) -> None:
    q = s.asked
    p = s.active
    if a == A.PASS:
        s.log("declined", seat=q, lost=s.gain(q, 1))  # UR-TURN-5: the idle credit
    else:
        s.log("followed", seat=q, action=A.ACTIONS[s.action])
        if s.action == A.PRODUCE:
            D.produce(s, q, follower=True)
            _pay_follow_cost(s, q, p)
        else:
            _pay_follow_cost(s, q, p)
            if s.action == A.EXPLORE:
                D.explore(s, q)
            elif s.action == A.COLONIZE:
                k = a - A.PLAY
                D.colonize(s, q, k // 2, k % 2)
            else:
                D.upgrade(s, q, a - A.UPGRADE_PLANET)
    s.asked = (q + 1) % s.n
    if s.asked == p:
        s.phase = P.END


def _pay_follow_cost(s: UniversalRuleState, q: int, p: int) -> None:
    s.credits[q] -= s.cost
    s.log("paid_follow_cost", seat=q, to=p, credits=s.cost, lost=s.gain(p, s.cost))


# Decisions that interrupt a step ---------------------------------------------------------------


def pending_legal(s: UniversalRuleState) -> list[int]:
    kind, seat, _ = s.pending[0]
    if kind == P.THUG:
        return [A.THUG_TARGET + q for q in range(s.n) if q != seat]
    return sorted(A.DISCARD + c for c in s.hands[seat])


def pending_play(s: UniversalRuleState, a: int) -> None:
    kind, seat, card = s.pending.pop(0)
    if kind == P.THUG:  # UR-PLANET-6
        victim = a - A.THUG_TARGET
        s.log("thug_target", seat=seat, planet=card, victim=victim)
        PL.collect(s, seat, victim, s.R.amount[2 * card + s.side[card]])
        return
    card = a - A.DISCARD
    s.hands[seat].remove(card)
    s.discard.append(card)
    s.revealed[card] = False
    s.log("discarded", seat=seat, card=card, why=P.PENDING[kind])


def check_hand(s: UniversalRuleState, seat: int) -> None:
    """UR-LIMIT-5: a player over the hand limit discards cards of their choice down to it
    (more than one if their limit fell since they last drew)."""
    for _ in range(len(s.hands[seat]) - PL.hand_limit(s, seat)):
        s.pending.append([P.HAND_DISCARD, seat, -1])


# Steps that need no choice ------------------------------------------------------------------


def run(s: UniversalRuleState) -> None:
    """Play on until someone must decide: free Explores, the battle's end, the end of the turn."""
    while not s.pending:
        ph = s.phase
        if ph == P.FREE_EXPLORE:
            if s.queue:
                D.explore(s, s.queue.pop(0), free=True)
            else:
                attack.finish(s)
        elif ph == P.END:
            winning.end_of_turn(s)
        else:
            return
