"""What each player knows, and determinisation for search (UR-KNOW).

Hidden: the order of the deck, the other players' hands (except cards shown to everyone in a
battle or a Sneak Attack Victory attempt, or returned by a Cockroach), the card each player gave
up at set-up, the cards committed face down, the removed *Edge of War* planets, and the
credits and sides chosen in a funds step before the reveal. All else is on the table.

A shown card stays known while it is in its owner's hand, except while its owner has cards
face down in a battle: nobody can tell then whether it is one of them, until the reveal.

A determinisation deals every card the seat cannot name, anew, to the places such cards are
(one shuffled pool); keeps the card the seat gave up out of the removed planets, and in the
deck while no one has drawn since set-up; and redraws the other players' secret funds and
sides within their bounds. After the first draw it lets the given-up card be anywhere hidden,
though strictly it cannot be among an opponent's set-up cards: telling those apart from
drawn cards would need the whole history of hidden draws, and the error is one card.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoverse.core.rng import Rng
from ludoverse.games.universal_rule import phases as P

if TYPE_CHECKING:
    from ludoverse.games.universal_rule.state import UniversalRuleState


DEALS = 30
"""Deals tried for one determinisation before a player's hand is kept as it is."""


def face_down(s: UniversalRuleState, q: int) -> bool:
    """``q`` has cards face down in a battle not yet revealed."""
    return bool(s.committed[q]) and s.phase in (P.COMMIT, P.FUNDS)


def determinize(s: UniversalRuleState, seat: int, rng: random.Random) -> UniversalRuleState:
    """UR-KNOW-6."""
    t = s.search_clone() if s.quiet else s.clone()
    if not s.quiet:
        t.events = s.events_for(seat)
    t.rng = Rng(rng.getrandbits(64))
    revealed = s.revealed
    places: list[tuple[list[int], int]] = []  # (the list, index) of each unknown card
    mixed: list[int] = []  # seats whose shown cards may be face down
    for q in range(s.n):
        if q == seat:
            continue
        if face_down(s, q):
            mixed.append(q)
        for where in (t.hands[q], t.committed[q]):
            for i, c in enumerate(where):
                if not revealed[c]:
                    places.append((where, i))
        if t.gave_up[q] >= 0:
            places.append((t.gave_up, q))
    for where in (t.deck, t.removed):
        for i in range(len(where)):
            places.append((where, i))
    cards = [where[i] for where, i in places]
    for _ in range(DEALS):
        rng.shuffle(cards)
        for (where, i), c in zip(places, cards, strict=True):
            where[i] = c
        _place_given_up(s, t, seat, rng)
        if _consistent(t, seat):
            break
    else:  # keep the true hand of a colonizing player rather than deal an impossible one
        hand = t.hands[s.active]
        real = [c for c in s.hands[s.active] if not revealed[c]]
        rest = [c for c in cards if c not in real]
        rng.shuffle(rest)
        for (where, i), c in zip([x for x in places if x[0] is not hand], rest, strict=True):
            where[i] = c
        hand[:] = s.hands[s.active]
        _place_given_up(s, t, seat, rng)
    t.removed.sort()
    for q in mixed:  # which of q's cards are face down is unknown
        both = t.hands[q] + t.committed[q]
        rng.shuffle(both)
        k = len(t.hands[q])
        t.hands[q], t.committed[q] = both[:k], both[k:]
    if s.phase == P.FUNDS:
        from ludoverse.games.universal_rule.attack import fleet_capacity

        for q in range(s.n):
            if q == seat:
                continue
            if t.sides[q] >= 0 and q not in (t.active, t.owner[t.def_card]):
                t.sides[q] = rng.randrange(2)
            if t.funds[q] >= 0:
                t.funds[q] = rng.randint(0, min(t.credits[q], fleet_capacity(t, q)))
    return t


def _place_given_up(s: UniversalRuleState, t: UniversalRuleState, seat: int,
                    rng: random.Random) -> None:
    """The seat's given-up card went into the deck: never to the removed planets, and still
    in the deck until someone draws."""
    g = s.given_up[seat]
    if g < 0 or s.gave_up[seat] >= 0 or g in t.deck or not t.deck:
        return
    if s.draws and g not in t.removed:
        return
    j = rng.randrange(len(t.deck))
    for where in (t.removed, *t.hands, *t.committed):
        if g in where:
            where[where.index(g)] = t.deck[j]
            t.deck[j] = g
            return


def _consistent(t: UniversalRuleState, seat: int) -> bool:
    """A player who chose Colonize can colonize one of their cards (UR-TURN-1)."""
    if t.phase not in (P.COST, P.ACT) or t.action != 1 or t.pending or seat == t.active:
        return True
    from ludoverse.games.universal_rule.turn import colonizable

    return bool(colonizable(t, t.active, t.credits[t.active]))

