"""Universal Rule knowledge for bots: what a position is worth, and a cheap policy for every
decision.

A player's worth is measured in VP: their VP now, with credits counted smoothly (a credit is a
fifth of a VP and buys planets), plus what their planets will earn and defend and what their
hand can become. ``evaluate`` first plays the current turn to its end with :func:`policy`, so
a choice is valued by what it leads to: an Attack by the battle it starts (the others commit
by the same policy), a follow cost by who then follows.

The policy (also the rollout policy of search, and the greedy bot's answer where one-ply
comparison cannot see the point, such as secret funds):

- set the follow cost to the most allowed: others either pay it or do without the action;
- follow when the action is worth more than the cost and the idle credit;
- attack when the attacking side's reachable total beats the defender's likely total, and
  more so for the Universal Rule card; commit the credits needed, cards only when credits
  fall short;
- support the defence against the leader, or the side the viewer gains from; a supporter of
  the defence commits 1 credit (a free Explore if the attack fails);
- try a Sneak Attack Victory whenever the hand can win it, and stop one with a larger fleet.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule import planets as PL
from ludoverse.games.universal_rule.attack import ATTACKING, DEFENDING, fleet_capacity
from ludoverse.games.universal_rule.state import UniversalRuleState
from ludoverse.games.universal_rule.turn import colonizable, upgradable
from ludoverse.games.universal_rule.winning import hand_fleet, target, vp

CREDIT = 0.2
INCOME = 0.45
HAND_CARD = 0.6
MILITARY = 0.04
CANNOT_WIN = 2.0
SNEAK = 0.5
WIN = 100.0
WIN_TEMPERATURE = 2.0
"""VP lead that makes a player about e times likelier to win (search rewards)."""
SETTLE_LIMIT = 80


def card_value(s: UniversalRuleState, c: int) -> float:
    """A card in hand, in VP: what its basic side brings for its cost, and its fleet."""
    R = s.R
    k = 2 * c
    return (R.vp[k] + INCOME * 3 * R.income[k] - CREDIT * R.cost[k]
            + 0.05 * PL.card_fleet(R, s.opts, c))


def worth(s: UniversalRuleState, p: int) -> float:
    """Projected VP of seat ``p``."""
    if s.phase == P.OVER:
        if s.winner == p:
            return WIN
        return float(s.final_vp[p]) - (WIN if s.winner >= 0 else 0.0)
    credits = s.credits[p]
    v = vp(s, p) - credits // 5 + CREDIT * min(credits, s.cap(p))
    v += INCOME * PL.income(s, p)
    R = s.R
    for c in s.planets[p]:
        v += MILITARY * R.military[2 * c + s.side[c]]
    hand = s.hands[p]
    v += sum(HAND_CARD + 0.1 * card_value(s, c) for c in hand)
    v += SNEAK * hand_fleet(s, hand) / 2  # the Sneak Attack a hand threatens (or deters)
    v += sum(0.5 * HAND_CARD for c in s.committed[p])
    if PL.has_kind(s, p, PL.CANNOT_WIN):
        v -= CANNOT_WIN
    return v


def evaluate(state: UniversalRuleState, seat: int) -> float:
    s = settle(state)
    if s.phase == P.OVER:
        return worth(s, seat)
    mine = worth(s, seat)
    others = [worth(s, q) for q in range(s.n) if q != seat]
    return mine - 0.6 * max(others) - 0.2 * sum(others) / len(others)


def settle(state: UniversalRuleState) -> UniversalRuleState:
    """The current turn played to its end by :func:`policy` (the state itself when the turn
    has not started: a follow-up decision of a new turn is the next player's own)."""
    if state.phase in (P.OVER, P.KEEP) or (state.phase == P.CHOOSE and not state.pending):
        return state
    t = state.search_clone()
    turn = t.turn
    rng = random.Random(turn)
    for _ in range(SETTLE_LIMIT):
        if t.phase == P.OVER or t.turn != turn:
            break
        t.apply(policy(t, rng))
    return t


def rewards(state: UniversalRuleState) -> Sequence[float]:
    """Each seat's share of the win: a softmax of projected VP."""
    s = state
    out = s.outcome()
    if out is not None:
        share = 1.0 / len(out.winners)
        return [share if p in out.winners else 0.0 for p in range(s.n)]
    values = [worth(s, p) for p in range(s.n)]
    top = max(values)
    weights = [math.exp((v - top) / WIN_TEMPERATURE) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def stage(state: UniversalRuleState) -> int:
    """A round: a playout sees every other player's next turn (and Sneak Attack) once."""
    return state.turn // state.n


def rollout_action(state: UniversalRuleState, rng: random.Random) -> int:
    return policy(state, rng)


def choose(state: UniversalRuleState, seat: int, rng: random.Random) -> int | None:
    """The greedy bot's move where comparing one-ply results says nothing: every decision of a
    battle and a Sneak Attack, hidden choices, discards and the follow cost."""
    if state.pending or state.phase not in (P.CHOOSE, P.ACT, P.TARGET, P.FOLLOW):
        return policy(state, rng)
    return None


# The policy -----------------------------------------------------------------------------------


def policy(s: UniversalRuleState, rng: random.Random) -> int:
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if s.pending:
        kind, seat, _ = s.pending[0]
        if kind == P.THUG:
            return max(legal, key=lambda a: (_thug_take(s, a - A.THUG_TARGET, seat), a))
        return min(legal, key=lambda a: (card_value(s, a - A.DISCARD), a))
    ph = s.phase
    if ph == P.KEEP:
        return min(legal, key=lambda a: (card_value(s, a - A.GIVE_UP), a))
    if ph == P.CHOOSE:
        return _choose_action(s, legal, rng)
    if ph == P.COST:
        return legal[-1]
    if ph == P.ACT:
        return _act(s, legal)
    if ph == P.TARGET:
        strongest = _strongest_card(s, s.active)
        return max(legal, key=lambda a: (_attack_edge(s, s.atk_card, a - A.ATTACK_TARGET,
                                                      strongest), a))
    if ph == P.FOLLOW:
        return _follow(s, legal)
    if ph == P.INSTIGATE:
        return _instigate(s, legal)
    if ph == P.COMMIT:
        return _commit(s, legal)
    if ph == P.FUNDS:
        return _funds(s, legal)
    if ph == P.SNEAK:
        return _sneak(s, legal)
    return _counter(s, legal)


def _thug_take(s: UniversalRuleState, victim: int, owner: int) -> float:
    R = s.R
    per = max(R.amount[2 * c + s.side[c]] for c in s.planets[owner]
              if R.kind[2 * c + s.side[c]] == PL.THUG) if s.planets[owner] else 1
    return min(s.credits[victim], per * len(s.planets[victim])) + 0.01 * vp(s, victim)


def _gain_of_colonize(s: UniversalRuleState, seat: int, a: int) -> float:
    c, side = divmod(a - A.PLAY, 2)
    k = 2 * c + side
    R = s.R
    return (R.vp[k] + INCOME * 2 * R.income[k] - CREDIT * PL.colonize_cost(s, seat, c, side)
            - 0.1 * card_value(s, c))


def _gain_of_upgrade(s: UniversalRuleState, seat: int, c: int) -> float:
    R = s.R
    return (R.vp[2 * c + 1] - R.vp[2 * c] + INCOME * 2 * (R.income[2 * c + 1] - R.income[2 * c])
            - CREDIT * PL.upgrade_cost(s, seat, c))


def _best_attack(s: UniversalRuleState) -> float:
    p = s.active
    best = -math.inf
    targets = PL.attackable(s, p)  # read once: the same for every attacking planet
    strongest = _strongest_card(s, p)
    for atk in s.planets[p]:
        for d in targets:
            best = max(best, _attack_edge(s, atk, d, strongest))
    return best


def _strongest_card(s: UniversalRuleState, p: int) -> int:
    """The largest fleet of one card in ``p``'s hand (0 with none)."""
    return max((PL.card_fleet(s.R, s.opts, c) for c in s.hands[p]), default=0)


def _attack_edge(s: UniversalRuleState, atk: int, d: int, strongest: int | None = None
                 ) -> float:
    """How far the attacker's reachable total beats the defender's likely one, and what a
    win brings (a destroyed or downgraded planet, the Universal Rule card). ``strongest``:
    :func:`_strongest_card` of the attacker, if the caller has it already."""
    p = s.active
    owner = s.owner[d]
    mine = PL.battle_military(s, atk) + min(s.credits[p], _capacity(s, p, atk, d))
    mine += _strongest_card(s, p) if strongest is None else strongest
    theirs = PL.battle_military(s, d) + min(s.credits[owner], _capacity(s, owner, atk, d))
    theirs += 2 * len(s.hands[owner])
    margin = mine - theirs
    if margin <= 0:
        return margin - 5
    prize = (s.R.ur_vp if s.holder != p else 0) + s.R.vp[2 * d + s.side[d]]
    return margin + prize


def _capacity(s: UniversalRuleState, q: int, atk: int, d: int) -> int:
    return sum(PL.planet_fleet(s, c) for c in s.planets[q] if c != atk and c != d)


def _choose_action(s: UniversalRuleState, legal: list[int], rng: random.Random) -> int:
    p = s.active
    scores: dict[int, float] = {A.PRODUCE: INCOME * 2 * max(1, PL.income(s, p)) * CREDIT * 3}
    if A.COLONIZE in legal:
        best = max(_gain_of_colonize(s, p, a) for a in _colonize_options(s, p))
        scores[A.COLONIZE] = best + 0.5
    if A.UPGRADE in legal:
        scores[A.UPGRADE] = max(_gain_of_upgrade(s, p, c)
                                for c in upgradable(s, p, s.credits[p])) + 0.3
    if A.EXPLORE in legal:
        scores[A.EXPLORE] = 0.9 if len(s.hands[p]) < PL.hand_limit(s, p) else -1.0
        if not s.hands[p]:
            scores[A.EXPLORE] += 1.0
    if A.ATTACK in legal:
        scores[A.ATTACK] = _best_attack(s) * 0.5
    choice = max(scores, key=lambda k: (scores[k] + rng.random() * 0.3, k))
    return A.CHOOSE + choice


def _colonize_options(s: UniversalRuleState, seat: int) -> list[int]:
    return colonizable(s, seat, s.credits[seat])


def _act(s: UniversalRuleState, legal: list[int]) -> int:
    p = s.active
    if s.action == A.COLONIZE:
        return max(legal, key=lambda a: (_gain_of_colonize(s, p, a), a))
    if s.action == A.UPGRADE:
        return max(legal, key=lambda a: (_gain_of_upgrade(s, p, a - A.UPGRADE_PLANET), a))
    targets = PL.attackable(s, p)
    strongest = _strongest_card(s, p)
    best = max(legal, key=lambda a: (max((_attack_edge(s, a - A.ATTACK_WITH, d, strongest)
                                          for d in targets), default=-99), a))
    return best


def _follow(s: UniversalRuleState, legal: list[int]) -> int:
    q = s.asked
    cost = s.cost * CREDIT + CREDIT  # the follow cost and the idle credit given up
    best, best_gain = A.PASS, 0.0
    for a in legal:
        if a == A.PASS:
            continue
        if s.action == A.EXPLORE:
            gain = (HAND_CARD if len(s.hands[q]) < PL.hand_limit(s, q) else 0.1) - CREDIT
        elif s.action == A.PRODUCE:
            gain = CREDIT * PL.income(s, q)
        elif s.action == A.COLONIZE:
            gain = _gain_of_colonize(s, q, a) + 0.3
        else:
            gain = _gain_of_upgrade(s, q, a - A.UPGRADE_PLANET)
        gain -= cost
        if gain > best_gain:
            best, best_gain = a, gain
    return best


def _leader(s: UniversalRuleState) -> int:
    return max(range(s.n), key=lambda q: (vp(s, q), -q))


def _instigate(s: UniversalRuleState, legal: list[int]) -> int:
    q = s.asked
    if s.owner[s.def_card] != q:
        return A.PASS
    lead = _leader(s)
    options = [a for a in legal if a != A.PASS and s.owner[a - A.RETARGET] != q]
    prefer = [a for a in options if s.owner[a - A.RETARGET] == lead] or options
    return prefer[0] if prefer else A.PASS


def _battle_side(s: UniversalRuleState, q: int) -> int:
    """The side ``q`` supports: against whoever is ahead of them of the two."""
    if s.sides[q] >= 0:
        return s.sides[q]
    attacker, defender = s.active, s.owner[s.def_card]
    return DEFENDING if vp(s, attacker) + 3 >= vp(s, defender) else ATTACKING


def _need(s: UniversalRuleState, q: int) -> int:
    """Credits ``q`` expects their side needs to win, beyond the planets and known cards."""
    attack = PL.battle_military(s, s.atk_card)
    defence = PL.battle_military(s, s.def_card)
    fleet = [PL.card_fleet(s.R, s.opts, c) for c in s.committed[q]]
    side = _battle_side(s, q)
    opposing = s.owner[s.def_card] if side == ATTACKING else s.active
    guess = min(s.credits[opposing], fleet_capacity(s, opposing)) * 0.7 + 2 * sum(
        len(s.committed[r]) for r in range(s.n) if r != q)
    if side == ATTACKING:
        return max(0, int(defence + guess - attack - sum(fleet)) + 1)
    return max(0, int(attack + guess - defence - sum(fleet)))


def _commit(s: UniversalRuleState, legal: list[int]) -> int:
    q = s.asked
    if q not in (s.active, s.owner[s.def_card]) or len(legal) == 1:
        return A.PASS
    short = _need(s, q) - min(s.credits[q], fleet_capacity(s, q))
    if short <= 0:
        return A.PASS
    cards = sorted(legal[1:], key=lambda a: -PL.card_fleet(s.R, s.opts, a - A.COMMIT))
    return cards[0] if short <= 8 else A.PASS


def _funds(s: UniversalRuleState, legal: list[int]) -> int:
    q = s.asked
    if legal[0] < A.FUNDS:
        return A.SIDE + _battle_side(s, q)
    top = legal[-1] - A.FUNDS
    if q in (s.active, s.owner[s.def_card]):
        need = _need(s, q)
        return A.FUNDS + (need if need <= top else 0)
    if s.sides[q] == DEFENDING:
        return A.FUNDS + min(1, top)
    return A.FUNDS


def _sneak(s: UniversalRuleState, legal: list[int]) -> int:
    p = s.active
    need = 2 * (target(s) - vp(s, p))
    if hand_fleet(s, s.shown[p]) >= need and s.shown[p]:
        reveals = [a for a in legal if a != A.PASS]
        return reveals[0] if reveals else A.PASS  # show all: a larger fleet is harder to beat
    reveals = [a for a in legal if a != A.PASS]
    if not reveals:
        return A.PASS
    return max(reveals, key=lambda a: (PL.card_fleet(s.R, s.opts, a - A.REVEAL), a))


def _counter(s: UniversalRuleState, legal: list[int]) -> int:
    q = s.asked
    reveals = [a for a in legal if a != A.PASS]
    if not reveals:
        return A.PASS
    if hand_fleet(s, [*s.shown[q], *(a - A.REVEAL for a in reveals)]) <= s.sneak_fleet:
        return A.PASS
    return max(reveals, key=lambda a: (PL.card_fleet(s.R, s.opts, a - A.REVEAL), a))


# Search ---------------------------------------------------------------------------------------

MAX_TARGETS = 3
MAX_OPTIONS = 2
"""Cards searched when colonizing or upgrading (the best two by the policy's measure)."""


def candidates(s: UniversalRuleState) -> list[int]:
    """The moves worth searching: every action, card and follow; but in a battle a few
    amounts of credits (none, one, what the policy would commit, two more, all) and only the
    strongest card to commit or reveal, the most promising targets, and the lowest and
    highest follow costs. Without this, 26 amounts at every seat spread the search thin."""
    legal = s.legal_actions()
    if len(legal) <= 3 or s.pending:
        return legal
    ph = s.phase
    rng = random.Random(0)
    if ph == P.FUNDS and legal[0] >= A.FUNDS:
        picked = policy(s, rng)
        keep = {legal[0], legal[min(1, len(legal) - 1)], picked, min(picked + 2, legal[-1]),
                legal[-1]}
        return sorted(keep)
    if ph in (P.COMMIT, P.SNEAK, P.COUNTER):
        base = A.COMMIT if ph == P.COMMIT else A.REVEAL
        strongest = max(legal[1:], key=lambda a: (PL.card_fleet(s.R, s.opts, a - base), a))
        return sorted({A.PASS, policy(s, rng), strongest})
    if ph == P.COST:
        return [legal[-1]]
    if ph == P.TARGET:
        strongest = _strongest_card(s, s.active)
        ranked = sorted(legal, key=lambda a: -_attack_edge(s, s.atk_card, a - A.ATTACK_TARGET,
                                                           strongest))
        return sorted(ranked[:MAX_TARGETS])
    if ph == P.ACT and s.action != A.ATTACK:
        p = s.active
        gain = ((lambda a: _gain_of_colonize(s, p, a)) if s.action == A.COLONIZE
                else (lambda a: _gain_of_upgrade(s, p, a - A.UPGRADE_PLANET)))
        return sorted(sorted(legal, key=lambda a: (-gain(a), a))[:MAX_OPTIONS])
    if ph == P.FOLLOW and s.action in (A.COLONIZE, A.UPGRADE):
        q = s.asked
        gain = ((lambda a: _gain_of_colonize(s, q, a)) if s.action == A.COLONIZE
                else (lambda a: _gain_of_upgrade(s, q, a - A.UPGRADE_PLANET)))
        best = sorted(legal[1:], key=lambda a: (-gain(a), a))[:MAX_OPTIONS]
        return sorted({A.PASS, *best})
    return legal
