"""The five row actions of an action card (MU-ACTION): Search, Transformer ability, Move,
Seal Portal and Recycle, and the choices they need."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.multiuniversum import abilities, turn
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P

if TYPE_CHECKING:
    from ludoverse.games.multiuniversum.state import MultiuniversumState as S

SEARCH_DRAWS = 2


def offered(s: S, action: int) -> bool:
    """MU-TURN-4: whether the active player may play a card for ``action`` where they stand."""
    if action == P.SEARCH or action == P.RECYCLE_ACTION:
        return bool(s.discard) if action == P.RECYCLE_ACTION else bool(s.deck or s.discard)
    if action == P.MOVE_ACTION:
        return True
    if action == P.SEAL_ACTION:
        return can_seal(s, s.active)
    return abilities.offered(s, s.T.ability[s.pos[s.active]])


def can_seal(s: S, lab: int) -> bool:
    """MU-ACTION-5: a face-up portal where ``lab``'s scientist stands, and every tool it needs."""
    portal = s.face_up(s.pos[lab])
    if portal < 0:
        return False
    need = s.T.need[portal]
    have = [0] * A.TRANSFORMERS
    kinds = s.T.tool
    for c in s.tools[lab]:
        have[kinds[c]] += 1
    return all(h >= k for h, k in zip(have, need, strict=True))


def start(s: S, action: int) -> None:
    p = s.active
    if action == P.SEARCH:  # MU-ACTION-2
        for _ in range(SEARCH_DRAWS):
            if s.draw(p) < 0:
                break
    elif action == P.ABILITY:  # MU-ACTION-3
        abilities.start(s, s.T.ability[s.pos[p]])
    elif action == P.MOVE_ACTION:  # MU-ACTION-4
        s.phase = P.MOVE
    elif action == P.SEAL_ACTION:
        begin_seal(s)
    else:  # MU-ACTION-8
        s.phase = P.RECYCLE


def begin_seal(s: S) -> None:
    """MU-ACTION-5, MU-ACTION-6: tools of a kind the lab holds exactly as many of as needed are
    spent at once; where it holds more, the player picks them one at a time."""
    p = s.active
    portal = s.face_up(s.pos[p])
    kinds = s.T.tool
    need = list(s.T.need[portal])
    tools = s.tools[p]
    for k in range(A.TRANSFORMERS):
        if need[k] and sum(1 for c in tools if kinds[c] == k) == need[k]:
            for c in [c for c in tools if kinds[c] == k]:
                spend(s, c)
            need[k] = 0
    s.seal_portal = portal
    s.need = need
    if any(need):
        s.phase = P.SEAL
    else:
        seal(s, p, portal)


def spend(s: S, card: int) -> None:
    s.tools[s.active].remove(card)
    s.discard.append(card)
    s.log("tool_spent", seat=s.active, card=card)


def seal(s: S, lab: int, portal: int) -> None:
    """MU-ACTION-7: the portal goes to the lab; the next one is turned up."""
    t = s.pos[lab]
    s.stacks[t].pop()
    s.sealed[lab].append(portal)
    s.seal_portal = -1
    s.need = []
    s.phase = P.TURN
    top = s.face_up(t)
    if top >= 0:
        s.pknow[top] = P.PUBLIC
    s.log("sealed", seat=lab, portal=portal, transformer=t + 1, face_up=top,
          **({"virtual": True} if lab >= s.n else {}))  # the solo game's virtual scientist
    if top < 0:
        turn.check_trigger(s)


def legal(s: S) -> list[int]:
    p = s.active
    ph = s.phase
    if ph == P.MOVE:
        here = s.pos[p]
        if s.opts.move_range == "adjacent":  # MU-OPT-6
            return sorted(A.MOVE + t for t in ((here - 1) % A.TRANSFORMERS,
                                               (here + 1) % A.TRANSFORMERS))
        return [A.MOVE + t for t in range(A.TRANSFORMERS) if t != here]
    if ph == P.RECYCLE:
        return [A.RECYCLE + c for c in sorted(s.discard)]
    kinds = s.T.tool
    return [A.SPEND + c for c in sorted(s.tools[p]) if s.need[kinds[c]]]


def play(s: S, a: int) -> None:
    p = s.active
    ph = s.phase
    if ph == P.MOVE:
        s.pos[p] = t = a - A.MOVE
        s.phase = P.TURN
        s.log("moved", seat=p, transformer=t + 1)
    elif ph == P.RECYCLE:
        c = a - A.RECYCLE
        s.discard.remove(c)
        s.hands[p].append(c)
        s.revealed[c] = True  # MU-KNOW-1: everyone saw which card it was
        s.phase = P.TURN
        s.log("recycled", seat=p, card=c)
    else:
        c = a - A.SPEND
        spend(s, c)
        s.need[s.T.tool[c]] -= 1
        if not any(s.need):
            seal(s, p, s.seal_portal)
