"""Phase 3, Actions: Action Cards, Anomaly Effects, Wormholes and the Discovery exchange.

Players take their Actions phases one at a time in turn order (UM-ACT-1). In any order a
player may play up to two Action Cards (more when a card, Anomaly, draft option or Resource
card allows, UM-ACT-2), use each Anomaly Effect once, activate pairs of open
Wormholes and exchange Discovery for Solar Mass, until they end the phase; then played cards
are discarded and hands refilled to three, in turn order (UM-ACT-8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import effects as E
from ludoverse.games.ultramassive.effects import CARD_PLAYS, HAND_SIZE

if TYPE_CHECKING:
    from ludoverse.games.ultramassive.state import UltramassiveState

CARDS_PER_ROUND = 2


def begin_turn(s: UltramassiveState) -> None:
    """A player's Actions phase starts: Passives that wait for it fire. Extra card plays are
    kept: those gained in this round's Resource Draft (or from its solo Resource card) count
    now; the count starts again at 0 with each round (``flow._begin_round``)."""
    s.done = False
    s.plays[s.actor] = 0
    E.fire(s, s.actor, "actions_start")


def card_limit(s: UltramassiveState, p: int) -> int:
    return CARDS_PER_ROUND + s.mods[p][CARD_PLAYS] + s.extra_plays[p]


def legal(s: UltramassiveState) -> list[int]:
    p = s.actor
    out = []
    if s.plays[p] < card_limit(s, p):
        out += [A.PLAY + c for c in s.hands[p]]
    cooldown = s.cooldown[p]
    abilities = s.rules.abilities
    for a in (*s.owned[p], *(15 + c for c in s.cores_owned[p])):
        if abilities[a].effect and not cooldown[a]:
            out.append(A.USE + a)
    usable = [w for w in range(4) if s.worm_open[p][w]]
    out += [A.PAIR + k for k, (w1, w2) in enumerate(A.PAIRS) if w1 in usable and w2 in usable]
    if s.disc[p] > 0:
        out.append(A.EXCHANGE)
    out.append(A.END_ACTIONS)
    return sorted(out)


def apply(s: UltramassiveState, a: int) -> None:
    p = s.actor
    kind, i = A.split(a)
    if kind == "play_card":
        play_card(s, p, i)
    elif kind == "use_effect":
        s.cooldown[p][i] = True  # UM-ACT-5: once per round
        s.count(p, "anomaly_effects")
        s.log("use_effect", seat=p, anomaly=s.rules.abilities[i].name)
        E.push(s, s.rules.abilities[i].effect)
    elif kind == "activate_wormholes":
        w1, w2 = A.PAIRS[i]
        E.activate_pair(s, p, w1, w2)
    elif kind == "exchange":
        s.disc[p] -= 1  # UM-ACT-6
        s.sm[p] += 1
        s.log("exchange", seat=p)
    else:
        s.done = True
        s.cooldown[p] = [False] * 21
        s.log("end_actions", seat=p)


def play_card(s: UltramassiveState, p: int, card: int) -> None:
    """UM-ACT-3: Primary effects top to bottom, then the optional Empowered effects."""
    s.hands[p].remove(card)
    s.played[p].append(card)
    s.plays[p] += 1
    s.count(p, "cards_played")
    s.log("play", seat=p, card=s.rules.card_name[card], id=card)
    E.fire(s, p, "play_card", card_type=s.rules.card_type[card])
    s.stack.append(("empower", card))
    E.push(s, s.rules.primary[card])


def refill(s: UltramassiveState) -> None:
    """UM-ACT-8: played cards to the discard pile, hands back to three, in turn order."""
    for p in s.turn_order():
        s.discard.extend(s.played[p])
        s.played[p] = []
        want = 3 + s.mods[p][HAND_SIZE] - len(s.hands[p])
        if want > 0:
            E.draw(s, p, want)
