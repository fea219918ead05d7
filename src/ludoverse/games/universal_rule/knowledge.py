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
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import attack, turn, winning
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule import planets as PL

if TYPE_CHECKING:
    from ludoverse.games.universal_rule.state import UniversalRuleState


DEALS = 30
"""Deals tried for one determinisation before a player's hand is kept as it is."""


def face_down(s: UniversalRuleState, q: int) -> bool:
    """``q`` has cards face down in a battle not yet revealed."""
    return bool(s.committed[q]) and s.phase in (P.COMMIT, P.FUNDS)


# What everyone can tell (whom to ask, and whether a lone move is visibly forced) -----------


def known_in_hand(s: UniversalRuleState, q: int) -> list[int]:
    """The cards of ``q``'s hand known to every seat (and a spectator)."""
    if face_down(s, q):
        return []
    return [c for c in s.hands[q] if s.revealed[c]]


def unseen(s: UniversalRuleState) -> list[int]:
    """Cards a spectator cannot place: not in play, not in the discard pile, not known in a
    hand (the deck, the removed planets, hands, face-down and given-up cards)."""
    R = s.R
    box = range(R.num_cards) if s.opts.edge_of_war else R.base
    public = set(s.discard)
    for q in range(s.n):
        public.update(known_in_hand(s, q))
    return [c for c in box if s.owner[c] < 0 and c not in public]


def may_hold(s: UniversalRuleState, q: int) -> list[int]:
    """Every card that ``q``'s hand could hold as far as a spectator can tell: the known
    ones, and any unseen card while some of the hand is unknown."""
    known = known_in_hand(s, q)
    if len(known) == len(s.hands[q]):
        return known
    return known + unseen(s)


def public_fleet_ceiling(s: UniversalRuleState, q: int) -> int:
    """The largest fleet ``q``'s hand could show in a Sneak Attack Victory, as far as a
    spectator can tell."""
    known = known_in_hand(s, q)
    hidden = len(s.hands[q]) - len(known)
    if not hidden:  # the whole hand is known: no unseen card to rank
        return winning.hand_fleet(s, known)
    R, opts = s.R, s.opts
    one_each = opts.sneak_unit == "card"  # each card's own hand_fleet, without a list apiece
    fleets = sorted((1 if one_each else PL.card_fleet(R, opts, c) for c in unseen(s)), reverse=True)
    return winning.hand_fleet(s, known) + sum(fleets[:hidden])


def colonize_options(s: UniversalRuleState, q: int, budget: int, cards: list[int]
                     ) -> set[tuple[int, int]]:
    return set(PL.colonize_choices(s, q, cards, budget))


def forced_is_public(s: UniversalRuleState) -> bool:
    """With one legal move: whether every seat can tell that the seat to move has only it.

    Most counts are public (hand sizes, credits, planets in play). Three depend on a hand: a
    Colonize (choosing it, picking the card, following it) and the start of a Sneak Attack
    Victory. There the move is played unasked only if no card the hand could hold, as far
    as a spectator can tell, would give a second choice.
    """
    if s.pending:  # a Thug's victim (2+ seats) or a discard (hand size): public counts
        return True
    ph = s.phase
    if ph == P.CHOOSE:  # only Produce: is Colonize visibly out of reach?
        p = s.active
        return not colonize_options(s, p, s.credits[p], may_hold(s, p))
    if ph == P.ACT and s.action == A.COLONIZE:
        p = s.active
        return len(colonize_options(s, p, s.credits[p], may_hold(s, p))) <= 1
    if ph == P.FOLLOW and s.action == A.COLONIZE:
        q = s.asked
        budget = s.credits[q] - s.cost
        return budget < 0 or not colonize_options(s, q, budget, may_hold(s, q))
    if ph == P.SNEAK and not s.shown[s.active]:  # can the hidden hand reach the target?
        p = s.active
        return len(known_in_hand(s, p)) == len(s.hands[p])
    return True


def determinize(s: UniversalRuleState, seat: int, rng: random.Random) -> UniversalRuleState:
    """UR-KNOW-6."""
    t = s.search_clone() if s.quiet else s.clone()
    t.edited()  # the hidden cards change, and with them the moves
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
    cards = sorted(where[i] for where, i in places)  # where they really lie must not matter
    for _ in range(DEALS):
        rng.shuffle(cards)
        for (where, i), c in zip(places, cards, strict=True):
            where[i] = c
        _place_given_up(s, t, seat, rng)
        if _consistent(t, seat):
            break
    else:  # rare: give the colonizing player, in turn, each unseen card it could colonize
        _deal_a_colonizable_hand(s, t, seat, places, cards, rng)
    t.removed.sort()
    for q in mixed:  # which of q's cards are face down is unknown
        both = sorted(t.hands[q] + t.committed[q])
        rng.shuffle(both)
        k = len(t.hands[q])
        t.hands[q], t.committed[q] = both[:k], both[k:]
    if s.phase == P.FUNDS:
        for q in range(s.n):
            if q == seat:
                continue
            if t.sides[q] >= 0 and q not in (t.active, t.owner[t.def_card]):
                t.sides[q] = rng.randrange(2)
            if t.funds[q] >= 0:
                t.funds[q] = rng.randint(0, min(t.credits[q], attack.fleet_capacity(t, q)))
    return t


def _deal_a_colonizable_hand(s: UniversalRuleState, t: UniversalRuleState, seat: int,
                             places: list[tuple[list[int], int]], cards: list[int],
                             rng: random.Random) -> None:
    """A deal in which the player who chose Colonize can colonize (UR-TURN-1), found from
    the unseen cards alone: each of them is tried in the player's hand, the others dealt at
    random. The real hand is such a deal, so one is always found."""
    hand = t.hands[s.active]
    slots = [(where, i) for where, i in places if where is hand]
    others = [(where, i) for where, i in places if where is not hand]
    for c in cards:
        rest = [x for x in cards if x != c]
        rng.shuffle(rest)
        deal = [c, *rest]
        for (where, i), x in zip(slots + others, deal, strict=True):
            where[i] = x
        _place_given_up(s, t, seat, rng)
        if _consistent(t, seat):
            return
    raise AssertionError("no deal lets the colonizing player colonize")  # pragma: no cover


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
    return bool(turn.colonizable(t, t.active, t.credits[t.active]))

