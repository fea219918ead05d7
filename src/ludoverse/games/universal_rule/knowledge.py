"""What each player knows, and determinisation for search (UR-KNOW).

Hidden: the order of the deck, the other players' hands (except cards shown to everyone in a
battle or a Sneak Attack Victory attempt, or returned by a Cockroach), the card each player gave
up at set-up, the cards committed face down, the removed *Edge of War* planets, and the
credits and sides chosen in a funds step before the reveal. All else is on the table.

A determinisation deals every card the seat cannot name, anew, to the places such cards are
(one shuffled pool), and redraws the other players' secret funds and sides within their
bounds. It does not track that a card the seat gave up went into the deck rather than into an
opponent's set-up hand: after the first reshuffle nobody could tell, and before it the error
is one card among many.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoverse.core.rng import Rng
from ludoverse.games.universal_rule import phases as P

if TYPE_CHECKING:
    from ludoverse.games.universal_rule.state import UniversalRuleState


def determinize(s: UniversalRuleState, seat: int, rng: random.Random) -> UniversalRuleState:
    """UR-KNOW-6."""
    t = s.search_clone() if s.quiet else s.clone()
    if not s.quiet:
        t.events = s.events_for(seat)
    t.rng = Rng(rng.getrandbits(64))
    revealed = s.revealed
    places: list[tuple[list[int], int]] = []  # (the list, index) of each unknown card
    for q in range(s.n):
        if q == seat:
            continue
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
    rng.shuffle(cards)
    for (where, i), c in zip(places, cards, strict=True):
        where[i] = c
    t.removed.sort()
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
