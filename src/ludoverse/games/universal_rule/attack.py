"""The Attack: declaration, the fleet step, the funds step, the reveal and the battle's result
(UR-ATTACK, UR-BATTLE, UR-EXP-5).

Declared: the attacking planet (chosen in ``turn``) and the defending planet; a Wovis owner
may then pay to re-target. Fleet step: from the attacker in turn order, each player commits
cards face down, one at a time, until they pass. Funds step: each player, in turn order but
unseen by the others, picks a side (non-engaged players) and an amount. Reveal and result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule import planets as PL

if TYPE_CHECKING:
    from ludoverse.games.universal_rule.state import UniversalRuleState

ATTACKING, DEFENDING = 0, 1


def legal(s: UniversalRuleState) -> list[int]:
    ph = s.phase
    if ph == P.TARGET:
        return [A.ATTACK_TARGET + c for c in PL.attackable(s, s.active)]
    if ph == P.INSTIGATE:
        return [A.PASS] + [A.RETARGET + c for c in retargets(s)]
    if ph == P.COMMIT:
        return [A.PASS, *sorted(A.COMMIT + c for c in s.hands[s.asked])]
    q = s.asked
    if s.sides[q] < 0:
        return [A.SIDE + ATTACKING, A.SIDE + DEFENDING]
    top = min(s.credits[q], fleet_capacity(s, q), A.MAX_FUNDS)
    return list(range(A.FUNDS, A.FUNDS + top + 1))


def play(s: UniversalRuleState, a: int) -> None:
    ph = s.phase
    if ph == P.TARGET:
        s.def_card = a - A.ATTACK_TARGET
        _declare(s)
    elif ph == P.INSTIGATE:
        _instigate(s, a)
    elif ph == P.COMMIT:
        _commit(s, a)
    elif a < A.FUNDS:
        s.sides[s.asked] = a - A.SIDE
        s.log("side_chosen", seat=s.asked, side=("attack", "defence")[a - A.SIDE],
              visible_to=s.asked)
    else:
        _fund(s, a - A.FUNDS)


# Declaration (UR-ATTACK-2, UR-PLANET-9, UR-EXP-5) --------------------------------------------


def _declare(s: UniversalRuleState) -> None:
    p = s.active
    s.log("attack_declared", seat=p, attacking=s.atk_card, defending=s.def_card,
          defender=s.owner[s.def_card])
    R = s.R
    for c in s.planets[p]:  # Wim Star's counters: each attack, win or lose
        k = 2 * c + s.side[c]
        if R.kind[k] == PL.ATTACK_COUNTER:
            s.counters[c] += R.amount[k]
            s.log("attack_counter", seat=p, card=c, vp=R.amount[k])
    PL.glom(s, p, A.ATTACK)
    s.queue = [q for q in ((p + i) % s.n for i in range(1, s.n))
               if PL.has_kind(s, q, PL.INSTIGATOR)]
    _next_instigator(s)


def _instigator_price(s: UniversalRuleState, q: int) -> int:
    return PL.kind_total(s, q, PL.INSTIGATOR)


def retargets(s: UniversalRuleState) -> list[int]:
    """UR-EXP-5: another planet the attacker could attack, not the current one."""
    return [c for c in PL.attackable(s, s.active) if c != s.def_card]


def _next_instigator(s: UniversalRuleState) -> None:
    while s.queue:
        q = s.queue[0]
        if s.credits[q] >= _instigator_price(s, q) and retargets(s):
            s.phase = P.INSTIGATE
            s.asked = q
            return
        s.queue.pop(0)
    _start_fleet_step(s)


def _instigate(s: UniversalRuleState, a: int) -> None:
    q = s.queue.pop(0)
    if a != A.PASS:
        price = _instigator_price(s, q)
        s.credits[q] -= price
        s.def_card = a - A.RETARGET
        lost = s.gain(s.active, price)
        s.log("instigated", seat=q, credits=price, defending=s.def_card,
              defender=s.owner[s.def_card], lost=lost)
    _next_instigator(s)


# The fleet step (UR-ATTACK-4) ------------------------------------------------------------------


def _start_fleet_step(s: UniversalRuleState) -> None:
    s.phase = P.COMMIT
    s.asked = s.active


def _commit(s: UniversalRuleState, a: int) -> None:
    q = s.asked
    if a == A.PASS:
        s.asked = (q + 1) % s.n
        if s.asked == s.active:
            _start_funds_step(s)
        return
    card = a - A.COMMIT
    s.hands[q].remove(card)
    s.committed[q].append(card)
    s.log("committed_card", seat=q, card=card, visible_to=q)
    s.log("committed_face_down", seat=q, cards=len(s.committed[q]))


# The funds step (UR-ATTACK-5 to UR-ATTACK-7) ---------------------------------------------------


def _start_funds_step(s: UniversalRuleState) -> None:
    s.phase = P.FUNDS
    s.asked = s.active
    s.sides[s.active] = ATTACKING
    s.sides[s.owner[s.def_card]] = DEFENDING


def fleet_capacity(s: UniversalRuleState, q: int) -> int:
    """UR-ATTACK-5: the fleet on ``q``'s planets that are not engaged."""
    return sum(PL.planet_fleet(s, c) for c in s.planets[q]
               if c != s.atk_card and c != s.def_card)


def _fund(s: UniversalRuleState, amount: int) -> None:
    q = s.asked
    s.funds[q] = amount
    s.log("credits_committed", seat=q, credits=amount, visible_to=q)
    s.log("funds_chosen", seat=q)
    s.asked = (q + 1) % s.n
    if s.asked == s.active:
        _resolve(s)


# Reveal and result (UR-ATTACK-8, UR-BATTLE-1 to UR-BATTLE-6) -----------------------------------


def totals(s: UniversalRuleState) -> tuple[int, int, list[int]]:
    """The attack and defence totals, and each attacking-side player's share for the Universal
    Rule card (UR-BATTLE-4)."""
    R, opts = s.R, s.opts
    attack = PL.battle_military(s, s.atk_card)
    defence = PL.battle_military(s, s.def_card)
    share = [0] * s.n
    for q in range(s.n):
        fleet = sum(PL.card_fleet(R, opts, c) for c in s.committed[q])
        amount = s.funds[q] + fleet
        if s.sides[q] == ATTACKING:
            attack += amount
            share[q] = s.funds[q] if opts.edge_award_measure == "coins_only" else amount
        else:
            defence += amount
    if opts.edge_award_measure == "sum_values":
        share[s.active] += PL.battle_military(s, s.atk_card)
    return attack, defence, share


def _resolve(s: UniversalRuleState) -> None:
    p = s.active
    defender = s.owner[s.def_card]
    attack, defence, share = totals(s)
    for q in range(s.n):  # the committed credits leave their owners at the reveal
        s.credits[q] -= s.funds[q]
    success = attack > defence  # UR-BATTLE-2: the defender wins ties
    s.log("battle_revealed", attacker=p, defender=defender, attacking=s.atk_card,
          defending=s.def_card, sides=["attack" if x == ATTACKING else "defence"
                                       for x in s.sides],
          credits=list(s.funds), cards=[list(c) for c in s.committed],
          attack=attack, defence=defence, success=success)
    for q in range(s.n):
        for c in s.committed[q]:
            s.revealed[c] = True
    s.queue = []
    if success:
        _success(s, share)
    else:
        if s.holder == p:  # UR-BATTLE-6
            s.holder = -1
            s.log("universal_rule_card", holder=-1, why="failed_attack")
        s.queue = [q for q in ((p + i) % s.n for i in range(1, s.n))  # UR-BATTLE-5
                   if q != defender and s.sides[q] == DEFENDING
                   and (s.funds[q] > 0 or s.committed[q])]
    s.phase = P.FREE_EXPLORE


def _success(s: UniversalRuleState, share: list[int]) -> None:
    card = s.def_card
    if s.side[card] == PL.UPGRADED:  # UR-BATTLE-3
        PL.downgrade(s, card, "battle")
    elif PL.destroy(s, card, "battle"):
        for q in range(s.n):  # Vianov: the winners feed on a destroyed world
            if s.sides[q] == ATTACKING:
                gain = PL.kind_total(s, q, PL.EATER_OF_WORLDS)
                if gain:
                    s.log("eater_of_worlds", seat=q, credits=gain, lost=s.gain(q, gain))
    best = max(share[q] for q in range(s.n) if s.sides[q] == ATTACKING)  # UR-BATTLE-4
    top = [q for q in range(s.n) if s.sides[q] == ATTACKING and share[q] == best]
    if len(top) == 1 and s.holder != top[0]:
        s.holder = top[0]
        s.log("universal_rule_card", holder=top[0], why="successful_attack")
    elif len(top) > 1:
        s.log("universal_rule_card_stays", holder=s.holder, tied=top)


def finish(s: UniversalRuleState) -> None:
    """UR-BATTLE-7: committed cards to the discard pile; the turn goes on to its end."""
    for q in range(s.n):
        s.discard.extend(s.committed[q])
        for c in s.committed[q]:
            s.revealed[c] = False
    if s.opts.attack_idle_credit:  # UR-OPT-1
        for q in range(s.n):
            if q != s.active:
                s.log("idle_credit", seat=q, lost=s.gain(q, 1))
    s._reset_battle()
    s.phase = P.END
