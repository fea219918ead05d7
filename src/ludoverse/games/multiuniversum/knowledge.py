"""What each player knows, and determinisation for search (MU-KNOW).

Hidden: the order of the deck, the other players' hands (except cards taken by Recycle, which
everyone saw), face-down portals a seat has not seen in their place, and the portals the
Short Game removed. Each portal carries a knowledge mask, ``pknow``: the seats that know it
is where it is (all bits set: everyone). A stack's top is always public; ability 1 leaves
the rest of its stack known to its arranger only; ability 4's moves are public.

A determinisation redeals what the seat cannot know: the deck together with the cards the
other players drew from it, as one shuffled pool (every rebuilt deck is made of the public
discard pile, so everyone knows which cards it got); the other players' cards drawn from
earlier decks as a second pool (recycled cards stay put); and the portals it cannot place. With
``stack_composition=tiered`` every stack was dealt 1 basic, 2 medium and 1 advanced portal and
each change since is public, so the seat knows which tiers each stack's unseen places hold
(with a Short Game removal counted as a place of its stack); the redeal keeps those tiers
per stack and shuffles which place holds which.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoverse.core.rng import Rng
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P

if TYPE_CHECKING:
    from ludoverse.games.multiuniversum.state import MultiuniversumState


def knows(s: MultiuniversumState, seat: int, portal: int) -> bool:
    """Whether ``seat`` knows ``portal`` is where it lies in its stack."""
    k = s.pknow[portal]
    return k == P.PUBLIC or bool(k >> seat & 1)


def determinize(s: MultiuniversumState, seat: int, rng: random.Random) -> MultiuniversumState:
    """MU-KNOW-6."""
    t = s.search_clone() if s.quiet else s.clone()
    t.edited()  # the hidden cards change, and with them the moves
    if not s.quiet:
        t.events = s.events_for(seat)
    t.rng = Rng(rng.getrandbits(64))
    # Cards: the deck and the cards the others drew from it are one pool; cards they drew
    # from earlier decks another (everyone saw each deck built from the public pile)
    revealed, gen = s.revealed, s.drawn_gen
    current: list[tuple[list[int], int]] = [(t.deck, i) for i in range(len(t.deck))]
    older: list[tuple[list[int], int]] = []
    for q in range(s.n):
        if q != seat:
            hand = t.hands[q]
            for i, c in enumerate(hand):
                if not revealed[c]:
                    (current if gen[c] == s.gen else older).append((hand, i))
    moved: dict[int, int] = {}
    for places in (current, older):
        cards = sorted(where[i] for where, i in places)  # the true order must not matter
        rng.shuffle(cards)
        for (where, i), c in zip(places, cards, strict=True):
            moved[where[i]] = c
            where[i] = c
    for old, new in moved.items():
        t.drawn_gen[new] = s.drawn_gen[old]
    if t.kept:  # ability 2 under way: the cards kept so far, as redealt
        t.kept = [moved.get(c, c) for c in t.kept]
    _portals(s, t, seat, rng)
    return t


def _portals(s: MultiuniversumState, t: MultiuniversumState, seat: int,
             rng: random.Random) -> None:
    known = [knows(s, seat, q) for q in range(A.PORTALS)]  # asked once per portal
    slots: list[list[tuple[list[int], int]]] = [[] for _ in range(A.TRANSFORMERS)]
    for st_no, stack in enumerate(t.stacks):
        for i, q in enumerate(stack):
            if not known[q]:
                slots[st_no].append((stack, i))
    for i, st_no in enumerate(s.removed_from):
        slots[st_no].append((t.removed, i))
    if not any(slots):
        return
    before = [where[i] for group in slots for where, i in group]
    if s.opts.stack_composition != "tiered":
        flat = [x for group in slots for x in group]
        portals = sorted(where[i] for where, i in flat)
        rng.shuffle(portals)
        for (where, i), q in zip(flat, portals, strict=True):
            where[i] = q
    else:
        tier = s.T.tier
        pools: list[list[int]] = [[], [], []]
        for group in slots:
            for where, i in group:
                pools[tier[where[i]]].append(where[i])
        for pool in pools:
            pool.sort()
            rng.shuffle(pool)
        for group in slots:
            tiers = sorted(tier[where[i]] for where, i in group)
            rng.shuffle(tiers)
            for (where, i), k in zip(group, tiers, strict=True):
                where[i] = pools[k].pop()
    after = [where[i] for group in slots for where, i in group]
    if t.order:  # ability 1 under way: the portals placed so far, as resampled
        moved = dict(zip(before, after, strict=True))
        t.order = [moved.get(q, q) for q in t.order]
    for q in range(A.PORTALS):  # knowledge masks follow the portals to their new places
        if not known[q]:
            t.pknow[q] = 0
    for stack in t.stacks:
        for q in stack:
            if known[q]:
                t.pknow[q] = s.pknow[q]
