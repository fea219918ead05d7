"""What each seat knows about hidden cards, and determinisation that respects it.

Hidden cards live in the other players' hands or among the face-down discards. Each seat
learns facts about them that a resampled world must keep:

* cards it discarded itself: it knows they are the face-down pair, and once someone takes
  them, that they went to that player (who may have discarded them again, and so on);
* suits a player has shown out of, and under the Japanese options, cards a player cannot
  hold because they did not ruff or did not beat the trick (public inference, ``excluded``);
* cards that were revealed and are still in hand.

Locations are bits: seat ``s`` is ``1 << s``; the face-down pair is ``TALON``.

Rules: UL-KNOW-2 and UL-KNOW-3 (face-down cards), UL-KNOW-5 (revealed cards), UL-KNOW-7
(public inferences and determinisation).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoverse.games.ultia import cards as C

if TYPE_CHECKING:
    from ludoverse.games.ultia.rules import UltiaState

TALON = 1 << 3


def on_discard(s: UltiaState, seat: int, c: int) -> None:
    """A card went face down: cards others knew to be with ``seat`` may now be there."""
    s.talon_owner = seat
    me = 1 << seat
    for p in range(s.n):
        known = s.known[p]
        if p == seat:
            for k, m in known.items():
                known[k] = m & ~TALON  # I know exactly what lies face down
        else:
            for k, m in known.items():
                if m & me:
                    known[k] = m | TALON


def on_take(s: UltiaState, seat: int, taken: int) -> None:
    """``seat`` takes the face-down cards; their discarder now knows where those went."""
    who = 1 << seat
    for p in range(s.n):
        known = s.known[p]
        if p == seat:
            for c in C.cards_of(taken):
                known.pop(c, None)
            for k, m in known.items():
                known[k] = m & ~TALON
        elif p == s.talon_owner:
            for c in C.cards_of(taken):
                known[c] = who
        else:
            for k, m in known.items():
                if m & TALON:
                    known[k] = (m & ~TALON) | who
    s.talon_owner = -1


def on_public(s: UltiaState, c: int) -> None:
    """A card was played face up: nobody needs to track it any more."""
    for known in s.known:
        if known:
            known.pop(c, None)


def on_play_inference(s: UltiaState, seat: int, c: int) -> None:
    """Record what ``seat``'s play proves it did not hold (everyone can deduce this)."""
    lead = s.trick[0] >> 3
    opts = s.opts
    suit = c >> 3
    if suit == lead and not opts.must_win:
        return  # following suit proves nothing unless the card had to beat the trick
    trump = s.trump
    excl = 0
    if suit == lead:
        cls = C.SUIT_MASK[lead]
        filtered = opts.must_win
    else:
        excl |= C.SUIT_MASK[lead]  # shown out of the lead suit
        if opts.void_play != "free" and trump >= 0:
            if suit != trump:
                excl |= C.SUIT_MASK[trump]  # did not ruff, so holds no trump
                cls, filtered = C.ALL_CARDS, opts.must_win
            else:
                cls = C.SUIT_MASK[trump]
                filtered = opts.must_win or opts.void_play == "must_ruff_overruff"
        else:
            cls, filtered = C.ALL_CARDS, opts.must_win
    beats = C.BEATS[trump + 1][s.best]
    if filtered and not (1 << c) & beats:
        excl |= cls & beats  # could not beat the trick with a card of that class
    if excl:
        s.excluded[seat] |= excl & ~(1 << c)


def determinize(s: UltiaState, seat: int, rng: random.Random) -> UltiaState:
    """A copy of ``s`` with every card ``seat`` cannot see dealt anew, consistently."""
    if s.quiet == 2:
        raise ValueError("a search copy that has played on no longer tracks what seats know")
    t = s.clone_with([e for e in s.events if e.visible(seat)])
    t.rng.state = rng.getrandbits(64)
    t.edited()
    for p in range(s.n):
        if p != seat:
            t.known[p] = {}
    _resample_cards(s, t, seat, rng)
    for p in t.rps_choices:
        if p != seat:
            t.rps_choices[p] = rng.randrange(3)  # secret throws not yet revealed
    return t


def _resample_cards(s: UltiaState, t: UltiaState, seat: int, rng: random.Random) -> None:
    n = s.n
    fixed = [s.revealed[p] for p in range(n)]
    locations: list[int] = [p for p in range(n) if p != seat]
    caps = [s.hands[p].bit_count() - fixed[p].bit_count() for p in locations]
    loc_bits = [1 << p for p in locations]
    talon_hidden = s.talon and s.talon_owner != seat
    if talon_hidden:
        locations.append(-1)
        caps.append(s.talon.bit_count())
        loc_bits.append(TALON)
    unknown = 0
    for p in locations:
        unknown |= s.talon if p == -1 else s.hands[p] & ~fixed[p]
    cards = C.card_list(unknown)
    if not cards:
        return
    all_bits = 0
    for b in loc_bits:
        all_bits |= b
    known = s.known[seat]
    if known:
        allowed = [known.get(c, all_bits) & all_bits for c in cards]
    else:
        allowed = [all_bits] * len(cards)
    # A seat's excluded cards may not be dealt to it: visit those cards only, by mask.
    index = {c: j for j, c in enumerate(cards)}
    for i, p in enumerate(locations):
        if p >= 0:
            ruled_out = s.excluded[p] & unknown
            if ruled_out:
                keep = ~loc_bits[i]
                for c in C.cards_of(ruled_out):
                    allowed[index[c]] &= keep
    assignment = _assign(cards, allowed, loc_bits, caps, rng)
    new = [0] * len(locations)
    for c, i in zip(cards, assignment, strict=True):
        new[i] |= 1 << c
    for i, p in enumerate(locations):
        if p == -1:
            t.talon = new[i]
        else:
            t.hands[p] = new[i] | fixed[p]


def _assign(
    cards: list[int], allowed: list[int], loc_bits: list[int], caps: list[int], rng: random.Random
) -> list[int]:
    """Give each card a location within its allowed set and the capacities, at random.

    Unconstrained cards are dealt like a shuffled deck. Otherwise cards are placed
    most-constrained first, each to an allowed location with probability in proportion to
    its free room (so the free cards at the end are dealt uniformly); a rare dead end is
    retried, and after a few tries :func:`_assign_checked` settles it exactly.
    """
    k = len(loc_bits)
    if all(m == allowed[0] for m in allowed) and allowed[0] == sum(loc_bits):
        order = list(range(len(cards)))
        rng.shuffle(order)
        out = [0] * len(cards)
        pos = 0
        for i, cap in enumerate(caps):
            for j in order[pos : pos + cap]:
                out[j] = i
            pos += cap
        return out
    idx = list(range(len(cards)))
    rng.shuffle(idx)
    idx.sort(key=[m.bit_count() for m in allowed].__getitem__)  # most constrained first
    for _ in range(_TRIES):
        left = list(caps)
        out = [0] * len(cards)
        for j in idx:
            m = allowed[j]
            room = 0
            for i in range(k):
                if m & loc_bits[i]:
                    room += left[i]
            if not room:
                break
            r = rng.randrange(room)
            for i in range(k):
                if m & loc_bits[i]:
                    r -= left[i]
                    if r < 0:
                        break
            left[i] -= 1
            out[j] = i
        else:
            return out
    return _assign_checked(cards, allowed, loc_bits, caps, rng)


_TRIES = 8


def _assign_checked(
    cards: list[int], allowed: list[int], loc_bits: list[int], caps: list[int], rng: random.Random
) -> list[int]:
    """Most-constrained first, checking Hall's condition (for every set of locations, the
    cards confined to it fit in it) before each placement, so it never dead-ends."""
    k = len(loc_bits)
    caps = list(caps)
    idx = list(range(len(cards)))
    rng.shuffle(idx)
    idx.sort(key=lambda j: allowed[j].bit_count())
    out = [0] * len(cards)
    remaining = [allowed[j] for j in idx]
    for pos, j in enumerate(idx):
        choices = [i for i in range(k) if allowed[j] & loc_bits[i] and caps[i] > 0]
        rng.shuffle(choices)
        for i in choices:
            caps[i] -= 1
            if _feasible(remaining[pos + 1 :], loc_bits, caps):
                out[j] = i
                break
            caps[i] += 1
        else:
            raise AssertionError("no consistent deal exists for this information set")
    return out


def _feasible(allowed: list[int], loc_bits: list[int], caps: list[int]) -> bool:
    k = len(loc_bits)
    for subset in range(1, 1 << k):
        bits = 0
        room = 0
        for i in range(k):
            if subset >> i & 1:
                bits |= loc_bits[i]
                room += caps[i]
        need = 0
        for m in allowed:
            if m & ~bits == 0:
                need += 1
        if need > room:
            return False
    return True
