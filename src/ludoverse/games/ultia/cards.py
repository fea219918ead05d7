"""The 32 Planet Cards: 4 suits (the original's "Tools") x ranks 1-8, as bit positions.

A card is an int ``suit * 8 + rank - 1``; a set of cards (a hand, a trick pile) is an int
bitmask. Following suit, finding trumps and counting high cards are then single ``&``s,
which is what makes random play and search fast.
"""

from __future__ import annotations

NUM_SUITS = 4
NUM_RANKS = 8
NUM_CARDS = 32
ALL_CARDS = (1 << NUM_CARDS) - 1

# The suit names are not public (facts: unknown #4); these survey tools are ours.
SUIT_NAMES = ("Drills", "Scanners", "Probes", "Beacons")
SUIT_SINGULAR = ("Drill", "Scanner", "Probe", "Beacon")
SUIT_LETTERS = "DSPB"
SUIT_COLOURS = ("red", "cyan", "green", "yellow")

SUIT_MASK = tuple(0xFF << (8 * s) for s in range(NUM_SUITS))


def card(suit: int, rank: int) -> int:
    return suit * NUM_RANKS + rank - 1


def suit_of(c: int) -> int:
    return c >> 3


def rank_of(c: int) -> int:
    return (c & 7) + 1


def bit(c: int) -> int:
    return 1 << c


def _byte_table(suit: int, offset: int = 0) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(offset + suit * NUM_RANKS + i for i in range(NUM_RANKS) if byte >> i & 1)
        for byte in range(256)
    )


def id_tables(offset: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per suit, byte -> ``offset + card`` for each card: action ids of a mask by 4 lookups."""
    return tuple(_byte_table(s, offset) for s in range(NUM_SUITS))


# One suit is one byte of a mask, so four table lookups list any set of cards.
_D, _S, _P, _B = id_tables(0)


def cards_of(mask: int) -> tuple[int, ...]:
    """Cards of a mask in ascending order (by suit, then rank)."""
    return _D[mask & 255] + _S[mask >> 8 & 255] + _P[mask >> 16 & 255] + _B[mask >> 24 & 255]


def card_list(mask: int) -> list[int]:
    return list(cards_of(mask))


def count(mask: int) -> int:
    return mask.bit_count()


def rank_at_least_mask(rank: int) -> int:
    """All cards of rank >= ``rank`` in every suit."""
    return _RANK_AT_LEAST[rank]


_RANK_AT_LEAST = (0, *(sum(((0xFF << (r - 1)) & 0xFF) << (8 * s) for s in range(NUM_SUITS))
                      for r in range(1, NUM_RANKS + 1)))


RANK_MASK = (
    0,
    *(sum(1 << card(s, r) for s in range(NUM_SUITS)) for r in range(1, NUM_RANKS + 1)),
)
"""``RANK_MASK[r]``: the four cards of rank ``r`` (index 0 unused)."""


def higher_in_suit(c: int) -> int:
    """Cards of the same suit with a higher rank."""
    s = suit_of(c)
    return SUIT_MASK[s] & ~((1 << (c + 1)) - 1)


def _beats_table() -> tuple[tuple[int, ...], ...]:
    """``BEATS[trump + 1][best]``: cards that would beat ``best`` as the trick's current winner.

    The current winner is either a trump or a card of the lead suit, so this needs no lead.
    """
    table = []
    for trump in range(-1, NUM_SUITS):
        row = []
        for best in range(NUM_CARDS):
            higher = higher_in_suit(best)
            if trump >= 0 and suit_of(best) != trump:
                higher |= SUIT_MASK[trump]
            row.append(higher)
        table.append(tuple(row))
    return tuple(table)


BEATS = _beats_table()


CODES = tuple(f"{SUIT_LETTERS[c >> 3]}{(c & 7) + 1}" for c in range(NUM_CARDS))

# Per suit, byte -> the codes of its cards, so the event log lists a hand by 4 lookups.
_CODE_BYTES = tuple(tuple(tuple(CODES[c] for c in byte) for byte in table)
                    for table in id_tables(0))


def codes_of(mask: int) -> list[str]:
    """``[code(c) for c in cards_of(mask)]``, by table."""
    d, s, p, b = _CODE_BYTES
    return [*d[mask & 255], *s[mask >> 8 & 255], *p[mask >> 16 & 255], *b[mask >> 24 & 255]]


def code(c: int) -> str:
    """Short notation, e.g. ``"P7"`` for the 7 of Probes; round-trips with :func:`parse`."""
    return CODES[c]


def name(c: int) -> str:
    return f"{SUIT_SINGULAR[suit_of(c)]} {rank_of(c)}"


def parse(text: str) -> int:
    t = text.strip().upper()
    if len(t) != 2 or t[0] not in SUIT_LETTERS or t[1] not in "12345678":
        raise ValueError(f"{text!r} is not a card (suit letter {SUIT_LETTERS} then rank 1-8)")
    return card(SUIT_LETTERS.index(t[0]), int(t[1]))


def points(mask: int) -> int:
    """Sum of ranks (the card-value plans' measure)."""
    return (_BYTE_POINTS[mask & 255] + _BYTE_POINTS[mask >> 8 & 255]
            + _BYTE_POINTS[mask >> 16 & 255] + _BYTE_POINTS[mask >> 24 & 255])


# byte of one suit -> the sum of its ranks (every suit's byte reads the same)
_BYTE_POINTS = tuple(sum(i + 1 for i in range(NUM_RANKS) if byte >> i & 1) for byte in range(256))
