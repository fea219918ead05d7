"""What each player knows, and determinisation for search (UM-KNOW).

Hidden in ULTRAMASSIVE: the other players' hands, the Core Anomalies they drew but have not
discovered, the order of the Action deck, of the solo Resource deck and of the Draft token
bag. Boards, tracks, Anomalies, the discard pile and every card played or discarded lie face
up.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoverse.core.rng import Rng

if TYPE_CHECKING:
    from ludoverse.games.ultramassive.state import UltramassiveState


def determinize(s: UltramassiveState, seat: int, rng: random.Random) -> UltramassiveState:
    """UM-KNOW-4: a state ``seat`` cannot tell from the real one: the unseen Action Cards
    (deck and other hands) dealt anew, the other players' hidden Core Anomalies drawn again
    from those they have not shown, the decks reshuffled and the future re-seeded."""
    t = s.search_clone() if s.quiet else s.clone()
    t.edited()  # the hidden cards change, and with them the moves
    t.events = [] if s.quiet else s.events_for(seat)
    t.rng = Rng(rng.getrandbits(64))
    others = [p for p in range(s.n) if p != seat]
    pool = list(t.deck)
    for p in others:
        pool += t.hands[p]
    pool.sort()  # where the unseen cards really lie must not steer the deal
    rng.shuffle(pool)
    for p in others:
        k = len(t.hands[p])
        t.hands[p], pool = pool[:k], pool[k:]
    t.deck = pool
    for p in others:
        shown = t.cores_owned[p]
        unseen = [c for c in range(6) if c not in shown]
        rng.shuffle(unseen)
        hidden = len(t.cores_drawn[p]) - len(shown)
        t.cores_drawn[p] = sorted([*shown, *unseen[:hidden]])
    t.resource_deck.sort()
    rng.shuffle(t.resource_deck)
    t.token_bag.sort()
    rng.shuffle(t.token_bag)
    return t
