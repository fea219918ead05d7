"""Phase 3, Actions: Action Cards, Anomaly Effects, Wormholes and the Discovery exchange.

Players take their Actions phases one at a time in turn order (UM-ACT-1). In any order a
player may play up to two Action Cards (more when a card, Anomaly, draft option or Resource
card allows, UM-ACT-2), use each Anomaly Effect once, activate pairs of open
Wormholes and exchange Discovery for Solar Mass, until they end the phase; then played cards
are discarded and hands refilled to three, in turn order (UM-ACT-8).
"""

from __future__ import annotations

from itertools import product
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


PAIRS_OPEN = {is_open: tuple(A.PAIR + k for k, (w1, w2) in enumerate(A.PAIRS)
                             if is_open[w1] and is_open[w2])
              for is_open in product((False, True), repeat=4)}
"""The pairs of Wormholes that may be activated, by which of the four are open."""


def legal(s: UltramassiveState) -> list[int]:
    """Sorted: the action ranges come in this order (cards to play, Effects to use, pairs of
    open Wormholes, the exchange, the end), so only the cards and the Effects need sorting."""
    p = s.actor
    out = sorted([A.PLAY + c for c in s.hands[p]]) if s.plays[p] < card_limit(s, p) else []
    cooldown = s.cooldown[p]
    has_effect = s.rules.has_effect
    uses = [A.USE + a for a in s.owned[p] if has_effect[a] and not cooldown[a]]
    for c in s.cores_owned[p]:
        if has_effect[15 + c] and not cooldown[15 + c]:
            uses.append(A.USE + 15 + c)
    uses.sort()
    out += uses
    out += PAIRS_OPEN[tuple(s.worm_open[p])]
    if s.disc[p] > 0:
        out.append(A.EXCHANGE)
    out.append(A.END_ACTIONS)
    return out


def apply(s: UltramassiveState, a: int) -> None:
    p = s.actor
    if a < A.USE:  # the ranges in order: PLAY, USE, PAIR, EXCHANGE, END_ACTIONS
        play_card(s, p, a - A.PLAY)
    elif a < A.PAIR:
        i = a - A.USE
        s.cooldown[p][i] = True  # UM-ACT-5: once per round
        s.count(p, "anomaly_effects")
        s.log("use_effect", seat=p, anomaly=s.rules.abilities[i].name)
        E.push(s, s.rules.abilities[i].effect)
    elif a < A.EXCHANGE:
        w1, w2 = A.PAIRS[a - A.PAIR]
        E.activate_pair(s, p, w1, w2)
    elif a == A.EXCHANGE:
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
