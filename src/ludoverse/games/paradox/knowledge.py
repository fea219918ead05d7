"""What each player knows, and determinisation for search (PX-KNOW).

Hidden in PARADOX: the order of the deck (except the Research Hand cards a Chief Scientist put
back, which that player knows), the Research Hand while it is held, the other players' score
piles (face down: their owners may look, the others see how many cards; unless
``score_piles=face_up``), which Deck Scenario cards Mad Scientist left in the box, the order
of the Maelstrom deck, the other players' Secret Objectives, and the future draws from the
bag. Everything else lies face up or can be counted.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ludoverse.core.rng import Rng
from ludoverse.games.paradox import cards as K

if TYPE_CHECKING:
    from ludoverse.games.paradox.state import ParadoxState

RETRIES = 20


def hidden_cards(s: ParadoxState, seat: int) -> list[int]:
    """Deck positions ``seat`` cannot name, as indexes into the deck; the hand as -1 - i."""
    out = [i for i, k in enumerate(s.deck_knower) if k != seat]
    if s.hand and seat != s.cs:
        out += [-1 - i for i in range(len(s.hand))]
    return out


def piles_hidden(s: ParadoxState) -> bool:
    """PX-KNOW-10: score piles lie face down until the end of the game reveals them."""
    from ludoverse.games.paradox.state import END_DISCARD

    return s.opts.score_piles == "face_down" and s.phase < END_DISCARD


def pile_shown(s: ParadoxState, owner: int, seat: int | None) -> bool:
    """Whether ``seat`` sees the cards of ``owner``'s score pile (everyone sees its size)."""
    return seat == owner or not piles_hidden(s)


def unused_box_cards(s: ParadoxState) -> int:
    """How many Deck Scenario cards Mad Scientist left in the box, unseen (PX-VAR-4): they
    are the first entries of ``gone``. Other Deck Scenarios leave out publicly known cards."""
    if s.opts.deck_scenario != "mad_scientist":
        return 0
    o = s.opts
    total = o.breakthrough_cards + o.flare_cards + o.parallel_universe_cards
    return total - min(5, total)


def _scorable(card: int) -> bool:
    return not (K.is_nebula(card) or K.is_breakthrough(card))


def _scenario(card: int) -> bool:
    return K.is_breakthrough(card) or K.is_flare(card) or K.is_parallel(card)


def _not_nebula(card: int) -> bool:
    return not K.is_nebula(card)


def _always(card: int) -> bool:
    return True


def _deal(places: list[tuple[int, Callable[[int], bool]]], cards: list[int],
          rng: random.Random) -> list[list[int]] | None:
    """Deal ``cards`` at random: for each place, in order, ``size`` cards it can hold; the
    rest, shuffled, go to the last place (which holds anything). None when a place finds too
    few (the caller tries again). Taking the first fitting cards of a shuffled list gives
    each place a uniform choice among them."""
    left = sorted(cards)  # where the cards really lie must not steer the deal
    rng.shuffle(left)
    out = []
    for size, accepts in places[:-1]:
        took: list[int] = []
        rest: list[int] = []
        for card in left:
            (took if len(took) < size and accepts(card) else rest).append(card)
        if len(took) < size:
            return None
        out.append(took)
        left = rest
    out.append(left)
    return out


def _deal_unseen(s: ParadoxState, t: ParadoxState, seat: int, rng: random.Random) -> None:
    """Deal every card ``seat`` cannot see anew over the places it cannot see into: the
    unknown deck positions, the Research Hand, the other face-down score piles and the box of
    unused Mad Scientist cards. Each place gets only cards it can hold: the box Deck Scenario
    cards, a pile no Nebula or Breakthrough, a hand no Nebula (PX-WORM-7)."""
    deck = hidden_cards(s, seat)
    hand = [-1 - i for i in deck if i < 0]
    deck = [i for i in deck if i >= 0]
    piles = ([(p, i) for p in range(s.n) if p != seat for i in range(len(s.score[p]))]
             if piles_hidden(s) else [])
    box = unused_box_cards(s)
    if not piles and not box and not hand:  # only the deck's order: any shuffle will do
        cards = sorted(s.deck[i] for i in deck)  # the true order must not matter
        rng.shuffle(cards)
        for i, card in zip(deck, cards, strict=True):
            t.deck[i] = card
        return
    was_box = s.gone[:box]
    was_piles = [s.score[p][i] for p, i in piles]
    was_hand = [s.hand[i] for i in hand]
    cards = [*was_box, *was_piles, *was_hand, *(s.deck[i] for i in deck)]
    places: list[tuple[int, Callable[[int], bool]]] = [
        (box, _scenario), (len(piles), _scorable), (len(hand), _not_nebula),
              (len(deck), _always)]
    for _ in range(RETRIES):
        dealt = _deal(places, cards, rng)
        if dealt is not None:
            break
    else:  # a deal the greedy order cannot find: keep the truth (never seen so far)
        dealt = [was_box, was_piles, was_hand, [s.deck[i] for i in deck]]
    t.gone[:box] = dealt[0]
    for (p, i), card, was in zip(piles, dealt[1], was_piles, strict=True):
        t.score[p][i] = card
        if K.is_flare(card):  # a Flare dealt into a pile: spendable unless it was new
            t.flare_turn[card] = s.flare_turn.get(was, 0)
    for i, card in zip(hand, dealt[2], strict=True):
        t.hand[i] = card
    for i, card in zip(deck, dealt[3], strict=True):
        t.deck[i] = card


def determinize(s: ParadoxState, seat: int, rng: random.Random) -> ParadoxState:
    """PX-KNOW-6: a state ``seat`` cannot tell from the real one; hidden cards are dealt anew,
    the other Secret Objectives redrawn, and the bag's future draws re-seeded."""
    t = s.clone()
    t.edited()  # the hidden cards change, and with them the moves
    t.events = s.events_for(seat)
    t.rng = Rng(rng.getrandbits(64))
    _deal_unseen(s, t, seat, rng)
    t.maelstrom_deck.sort()
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
