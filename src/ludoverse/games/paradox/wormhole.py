"""Phase 1, the Wormhole: the Research Hand and the draft, from the Chief Scientist's left.

Every player but the Chief Scientist takes one card from the Stable or Unstable section; the
Chief Scientist picks last, one card from the Research Hand or up to two from the Wormhole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K

if TYPE_CHECKING:
    from ludoverse.games.paradox.state import ParadoxState

HAND_SIZE = 4


def new_note() -> dict[str, Any]:
    """What one draw from the deck shows everyone, gathered for its single log entry: the
    Nebulas turned up and the cards of any reshuffle (PX-KNOW-7)."""
    return {"nebulas": [], "reshuffled": 0}


def draw_card(s: ParadoxState, note: dict[str, Any]) -> int:
    """The top card of the deck; an empty deck is rebuilt from the shuffled discard pile
    (PX-CLEAN-4), noted in ``note``. -1 when every card is elsewhere."""
    if not s.deck:
        if not s.discard:
            return -1
        s.deck = s.discard
        s.rng.shuffle(s.deck)
        s.deck_knower = [-1] * len(s.deck)
        s.discard = []
        note["reshuffled"] += len(s.deck)
    s.deck_knower.pop()
    return s.deck.pop()


def reveal(s: ParadoxState, note: dict[str, Any]) -> int:
    """Draw until a card that is not a Nebula: each Nebula goes on the Anomaly (PX-SETUP-11,
    PX-WORM-7, PX-CLEAN-3) and is noted in ``note`` for the draw's log entry."""
    while True:
        card = draw_card(s, note)
        if card < 0 or not K.is_nebula(card):
            return card
        s.nebulas.append(card)
        note["nebulas"].append(card)


def fill(s: ParadoxState) -> dict[str, Any]:
    """Fill both sections to four cards, the Stable section first. Returns the note of what
    the draw showed; the caller logs it in one entry with the new Wormhole (PX-KNOW-7)."""
    note = new_note()
    for section in (s.stable, s.unstable):
        for i in range(4):
            if section[i] < 0:
                section[i] = reveal(s, note)
    return note


def draw_hand(s: ParadoxState) -> None:
    """PX-WORM-1: the Chief Scientist's Research Hand of four (Nebulas replaced, decision 7).
    Everyone sees how many cards and which Nebulas came out, in one entry (PX-KNOW-7)."""
    note = new_note()
    s.hand = []
    while len(s.hand) < HAND_SIZE:
        card = reveal(s, note)
        if card < 0:
            break
        s.hand.append(card)
    s.hand_drawn = True
    s.log("research_hand", seat=s.cs, size=len(s.hand), **note)
    s.log("research_hand_cards", seat=s.cs, cards=list(s.hand), visible_to=s.cs)


def draftable(s: ParadoxState, card: int) -> bool:
    """A Nexus needs a free shield token for its Matrix space (PX-WORM-5)."""
    return card >= 0 and (not K.is_nexus(card) or s.shields_free() > 0)


def legal(s: ParadoxState) -> list[int]:
    shield_free = s.shields_free() > 0  # draftable's count, once for every card (PX-WORM-5)
    slots = [A.DRAFT + i for i, c in enumerate((*s.stable, *s.unstable))
             if c >= 0 and (shield_free or not K.is_nexus(c))]
    if s.picker != s.cs:
        return slots or [A.TAKE_NOTHING]
    if s.cs_taken:  # a second Wormhole card, or stop at one
        return [*slots, A.TAKE_NOTHING]
    if s.hand_drawn:  # PX-WORM-6: one card from the hand, or up to two from the Wormhole
        hand = [A.HAND + i for i, c in enumerate(s.hand)
                if c >= 0 and (shield_free or not K.is_nexus(c))]
        if s.n == 2:  # PX-WORM-8: a 2-player hand, once drawn, must be used
            return hand or [A.TAKE_NOTHING]
        return sorted([*slots, *hand, A.TAKE_NOTHING])
    if s.n == 2 and (s.deck or s.discard):
        return [*slots, A.DRAW_HAND, A.TAKE_NOTHING]
    return [*slots, A.TAKE_NOTHING]


def apply(s: ParadoxState, a: int) -> None:
    seat = s.picker
    if a == A.DRAW_HAND:
        draw_hand(s)
        return
    if a == A.TAKE_NOTHING:
        s.log("pass_pick", seat=seat)
        _done(s)
        return
    if a < A.HAND:
        k = a - A.DRAFT
        section, i = (s.stable, k) if k < 4 else (s.unstable, k - 4)
        card = section[i]
        section[i] = -1
        source = A.slot_name(k)
    else:
        card = s.hand.pop(a - A.HAND)
        source = "Research Hand"
    place(s, seat, card)
    s.log("draft", seat=seat, card=card, source=source)
    if seat == s.cs and a < A.HAND and s.cs_taken == 0:
        s.cs_taken = 1
        if any(draftable(s, c) for c in (*s.stable, *s.unstable)):
            return  # the Chief Scientist may take a second Wormhole card
    _done(s)


NEXUS_SPACE = {"past": K.PAST, "present": K.PRESENT, "future": K.FUTURE, "danger": K.DANGER}


def place(s: ParadoxState, seat: int, card: int) -> None:
    """PX-WORM-3, PX-WORM-4: the card goes on its starting mat space; a Nexus also puts a
    shield token on the Matrix space it shows."""
    from ludoverse.games.paradox.state import MatCard

    s.mats[seat].append(MatCard(card, K.start_space(card, NEXUS_SPACE[s.opts.nexus_start_space])))
    if K.is_nexus(card):
        s.locks[seat][s.content.nexus_cells[K.world_of(card)]] = card


def _done(s: ParadoxState) -> None:
    """The current picker is finished; hand the pick on, or start the Matrix phase."""
    from ludoverse.games.paradox import turns

    seat = s.picker
    if seat == s.cs:
        if s.hand:  # PX-WORM-7: the rest of the hand goes back on top, in drawn order
            for card in reversed(s.hand):
                s.deck.append(card)
                s.deck_knower.append(s.cs)
            s.log("hand_returned", seat=s.cs, cards=len(s.hand))
        s.hand = []
        s.hand_drawn = False
        s.cs_taken = 0
    turns.after_pick(s, seat)
