"""What each player knows, and determinisation for search (PX-KNOW).

Hidden in PARADOX: the order of the deck (except the Research Hand cards a Chief Scientist put
back, which that player knows), the Research Hand while it is held, the order of the
Maelstrom deck, the other players' Secret Objectives, and the future draws from the bag.
Everything else lies face up or can be counted.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoverse.core.rng import Rng

if TYPE_CHECKING:
    from ludoverse.games.paradox.state import ParadoxState


def hidden_cards(s: ParadoxState, seat: int) -> list[int]:
    """Deck positions ``seat`` cannot name, as indexes into the deck; the hand as -1 - i."""
    out = [i for i, k in enumerate(s.deck_knower) if k != seat]
    if s.hand and seat != s.cs:
        out += [-1 - i for i in range(len(s.hand))]
    return out


def determinize(s: ParadoxState, seat: int, rng: random.Random) -> ParadoxState:
    """PX-KNOW-6: a state ``seat`` cannot tell from the real one; hidden cards are dealt anew,
    the other Secret Objectives redrawn, and the bag's future draws re-seeded."""
    t = s.clone()
    t.events = s.events_for(seat)
    t.rng = Rng(rng.getrandbits(64))
    slots = hidden_cards(s, seat)
    cards = [t.deck[i] if i >= 0 else t.hand[-1 - i] for i in slots]
    rng.shuffle(cards)
    for i, card in zip(slots, cards, strict=True):
        if i >= 0:
            t.deck[i] = card
        else:
            t.hand[-1 - i] = card
    rng.shuffle(t.maelstrom_deck)
    others = [p for p in range(s.n) if p != seat and s.secret[p] >= 0]
    if others:
        goals = s.content.research_goals
        pool = [g for g in range(len(goals)) if g not in s.goals and goals[g].kind != "secret"
                and g != s.secret[seat]]
        rng.shuffle(pool)
        for k, p in enumerate(others):
            t.secret[p] = pool[k % len(pool)]
    return t
