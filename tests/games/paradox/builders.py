"""Small position builders for the PARADOX rule tests of scoring, goals, scenarios, Alliances,
variants and options.

Positions are written the way a player reads the table:

- a disc is a colour letter and a symbol letter: ``R`` red, ``Y`` yellow, ``B`` blue,
  ``K`` black, ``W`` white; ``h`` Helix, ``s`` Star, ``r`` Ring (e.g. ``"Kh"``, a black Helix);
- a Matrix is five rows of five discs, top row first (``"Rh Ys Br Kh Ws"``);
- a Matrix space is named as the engine labels it, ``"r1c1"`` (row 1 is the top row);
- a card is named as the engine names it: ``"Alphoria Present"``, ``"Null Beta Nexus"``,
  ``"Flare 1"``, ``"Breakthrough 2"``, ``"Parallel Universe 1"``.

Builders only *place* things. Every disc and card is taken from where it lies (the bag, the
deck, the Wormhole, ...) so discs and cards stay conserved, and ``GAME.check_invariants``
keeps holding; the behaviour under test is then driven with ``s.apply``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox import matrix, scoring
from ludoverse.games.paradox.content import default_content
from ludoverse.games.paradox.game import GAME
from ludoverse.games.paradox.state import MatCard, ParadoxState
from ludoverse.games.paradox.wormhole import NEXUS_SPACE

COLOUR = {"R": G.RED, "Y": G.YELLOW, "B": G.BLUE, "K": G.BLACK, "W": G.WHITE}
SYMBOL = {"h": 0, "s": 1, "r": 2}
WORLD_NAMES = tuple(w.name for w in default_content().worlds)
CARDS = {K.name(c, WORLD_NAMES): c for c in range(K.NUM_CARDS)}
GOALS = {g.id: i for i, g in enumerate(default_content().research_goals)}


# Names -----------------------------------------------------------------------------------------

def disc(code: str) -> int:
    """``"Kh"`` -> the black Helix disc."""
    return G.disc(COLOUR[code[0]], SYMBOL[code[1]])


def discs(text: str) -> list[int]:
    return [disc(code) for code in text.split()]


def card(name: str) -> int:
    return CARDS[name]


def world(name: str) -> int:
    return WORLD_NAMES.index(name)


def space(name: str) -> int:
    """``"r2c3"`` -> the engine's space index (row 2, column 3 counted from 1)."""
    return (int(name[1]) - 1) * G.SIZE + int(name[3]) - 1


def line(name: str) -> int:
    """``"row 1"`` or ``"column 5"`` -> the index of that line in ``G.LINES``."""
    kind, n = name.split()
    return int(n) - 1 + (0 if kind == "row" else G.SIZE)


# A new game --------------------------------------------------------------------------------------

def new(players: int = 2, seed: int = 0, **options: Any) -> ParadoxState:
    """A new game; seat 0 is the first Chief Scientist unless the test says otherwise."""
    options.setdefault("first_chief_scientist", "seat0")
    return GAME.new_game(players, seed=seed, options=options)


def check(s: ParadoxState) -> None:
    GAME.check_invariants(s)


# Cards -----------------------------------------------------------------------------------------

def take(s: ParadoxState, c: int) -> int:
    """Take a card out of wherever it lies off the mats and score piles."""
    if c in s.deck:
        i = s.deck.index(c)
        del s.deck[i]
        del s.deck_knower[i]
        return c
    for section in (s.stable, s.unstable):
        if c in section:
            section[section.index(c)] = -1
            return c
    for pile in (s.hand, s.discard, s.gone, s.nebulas):
        if c in pile:
            pile.remove(c)
            return c
    raise AssertionError(f"{K.name(c, WORLD_NAMES)} is not free to take")


def on_top(s: ParadoxState, *names: str) -> None:
    """Put cards on top of the deck; the last name ends on top."""
    for name in names:
        s.deck.append(take(s, card(name)))
        s.deck_knower.append(-1)


def to_mat(s: ParadoxState, seat: int, name: str, space_: int | None = None) -> MatCard:
    """Put a card on a seat's mat (on its starting space unless told); a Nexus also locks its
    Matrix space with a Shield token, as when drafted."""
    c = take(s, card(name))
    if space_ is None:
        space_ = K.start_space(c, NEXUS_SPACE[s.opts.nexus_start_space])
    mc = MatCard(c, space_)
    s.mats[seat].append(mc)
    if K.is_nexus(c):
        s.locks[seat][s.content.nexus_cells[K.world_of(c)]] = c
    return mc


def to_wormhole(s: ParadoxState, slot: int, name: str) -> None:
    """Put a card in a Wormhole slot (0-3 Stable, 4-7 Unstable); the card there goes on the
    deck."""
    section, i = (s.stable, slot) if slot < 4 else (s.unstable, slot - 4)
    c = take(s, card(name))
    if section[i] >= 0:
        s.deck.append(section[i])
        s.deck_knower.append(-1)
    section[i] = c


def to_score(s: ParadoxState, seat: int, *names: str) -> None:
    for name in names:
        s.score[seat].append(take(s, card(name)))


def fracture(s: ParadoxState, *names: str) -> None:
    for name in names:
        w = world(name)
        s.fractured[w] = True
        s.world_shield[w] = -1


def shield(s: ParadoxState, seat: int, *names: str) -> None:
    for name in names:
        s.world_shield[world(name)] = seat


def set_goals(s: ParadoxState, *ids: str) -> None:
    """The Research Goals in slots 1, 2, 3, by content id."""
    s.goals = [GOALS[g] for g in ids]


def end(s: ParadoxState) -> None:
    """The end of the 12th turn: Fractured Worlds, then scoring."""
    s.turn = 12
    scoring.end_game(s)


# Discs -----------------------------------------------------------------------------------------

def grid(*rows: str) -> list[int]:
    assert len(rows) == G.SIZE
    out = [d for row in rows for d in discs(row)]
    assert len(out) == G.CELLS
    return out


def _supply(s: ParadoxState, wanted: list[int], into: list[int]) -> None:
    """Take ``wanted`` discs out of ``into`` (the pool). A disc the pool lacks is taken from
    another place (another Matrix, the Anomaly, a mat discard pile), which gets a spare disc
    of the same symbol from the pool in exchange (so call this before building the Matrix a
    test is about, not after)."""
    short = Counter(wanted) - Counter(into)
    places = [*s.matrices, s.anomaly, *s.mat_discard]
    for d, k in short.items():
        for _ in range(k):
            spare = Counter(into) - Counter(wanted)
            swap_in = next(x for x in spare if x % G.NUM_SYMBOLS == d % G.NUM_SYMBOLS)
            place = next((p for p in places if p is not into and d in p), None)
            assert place is not None, f"no disc {d} anywhere to take"
            place[place.index(d)] = swap_in
            into.remove(swap_in)
            into.append(d)
    for d in wanted:
        into.remove(d)


def set_matrix(s: ParadoxState, seat: int, *rows: str) -> None:
    """Give a seat this Matrix: its old discs go back into the bag, the new ones come out."""
    new_grid = grid(*rows)
    s.bag += [d for d in s.matrices[seat] if d >= 0]
    s.matrices[seat] = [G.EMPTY] * G.CELLS
    _supply(s, new_grid, s.bag)
    s.matrices[seat] = new_grid
    s.edited()  # a position edited by hand: its cached moves are stale


def set_anomaly(s: ParadoxState, text: str) -> None:
    """The Anomaly's Helix, Star and Ring discs, e.g. ``"Kh Ws Br"``."""
    s.bag += [d for d in s.anomaly if d >= 0]
    s.anomaly = [G.EMPTY] * G.NUM_SYMBOLS
    new_anomaly = discs(text)
    _supply(s, new_anomaly, s.bag)
    s.anomaly = new_anomaly
    s.edited()  # a position edited by hand: its cached moves are stale


def from_bag(s: ParadoxState, text: str) -> list[int]:
    """Discs taken out of the bag (to put on a card, say)."""
    wanted = discs(text)
    _supply(s, wanted, s.bag)
    return wanted


def rig_bag(s: ParadoxState, keep: list[int], park: int) -> None:
    """Leave only ``keep`` in the bag; every other disc waits on ``park``'s mat discard pile
    (it goes back into the bag at the end of that seat's Matrix phase)."""
    rest = list(s.bag)
    for d in keep:
        rest.remove(d)
    s.bag = list(keep)
    s.mat_discard[park] += rest


# The Matrix phase --------------------------------------------------------------------------------

def matrix_phase(s: ParadoxState, seat: int, turn: int | None = None) -> None:
    """Jump to ``seat``'s Matrix phase (of ``turn``); the seats after it in the turn's order
    follow. A Research Hand still held goes back on top of the deck."""
    for c in reversed(s.hand):
        s.deck.append(c)
        s.deck_knower.append(-1)
    s.hand = []
    s.hand_drawn = False
    s.cs_taken = 0
    if turn is not None:
        s.turn = turn
    order = [(s.cs + k) % s.n for k in range(1, s.n + 1)]
    s.matrix_queue = order[order.index(seat) + 1:]
    s.edited()  # a position edited by hand: its cached moves are stale
    matrix.begin(s, seat)


def swap(s: ParadoxState, a: str, b: str) -> None:
    i, j = sorted((space(a), space(b)))
    s.apply(A.SWAP + A.PAIR_INDEX[(i, j)])


def give(s: ParadoxState, where: str) -> None:
    """Allocate the next resource: to a card or World by name, or ``"alliance"``,
    ``"maelstrom"``, ``"lose"``."""
    special = {"alliance": A.ALLOC_ALLIANCE, "maelstrom": A.ALLOC_MAELSTROM,
               "lose": A.ALLOC_LOSE}
    if where in special:
        s.apply(special[where])
    elif where in WORLD_NAMES:
        s.apply(A.ALLOC_WORLD + world(where))
    else:
        s.apply(A.ALLOC_CARD + card(where))


def pending_colours(s: ParadoxState) -> list[str]:
    return [G.COLOURS[r // 3] if r < 100 else G.COLOURS[r - 100] for r in s.pending]


def mat_card(s: ParadoxState, seat: int, name: str) -> MatCard | None:
    c = card(name)
    return next((mc for mc in s.mats[seat] if mc.card == c), None)


def names(cards: list[int]) -> list[str]:
    return [K.name(c, WORLD_NAMES) for c in cards]


# Ready-made Matrices ----------------------------------------------------------------------------

def one_swap_strand(colour: str, length: int = 5) -> tuple[str, ...]:
    """A Matrix without a Strand in which swapping r5c3 with r4c3 (two Stars) makes a
    ``length``-Strand of ``colour`` in row 5, and nothing else. The other discs cycle through
    the four other colours, so no other line ever holds four of one colour."""
    others = [c for c in "RYBKW" if c != colour]
    sym = "hsr"
    rows = []
    for r in range(4):
        row = [others[(r + c) % 4] + sym[(r + 2 * c) % 3] for c in range(5)]
        rows.append(row)
    rows[3][2] = colour + "s"
    x = colour
    fifth = f"{x}h" if length == 5 else f"{others[0]}h"
    rows.append([f"{x}h", f"{x}s", f"{others[1]}s", f"{x}r", fifth])
    return tuple(" ".join(row) for row in rows)


def board(colour: str, **spaces: str) -> tuple[str, ...]:
    """A Matrix with no Strand of any shape (row, column, diagonal or box) in which the four
    colours other than ``colour`` are laid out so that no line or box repeats one; then the
    given spaces are overwritten, e.g. ``board("R", r5c1="Rh", r5c2="Rs")``."""
    others = [c for c in "RYBKW" if c != colour]
    rows = [[others[(r + 2 * c) % 4] + "hsr"[(r + c) % 3] for c in range(5)] for r in range(5)]
    for name, code in spaces.items():
        rows[int(name[1]) - 1][int(name[3]) - 1] = code
    return tuple(" ".join(row) for row in rows)


ROW_AND_DIAGONAL_FREE = board("R", r5c1="Rh", r5c2="Rs", r5c3="Ks", r5c4="Rr", r2c4="Rs")
"""Swapping r5c3 and r2c4 makes a red 4-Strand in row 5: a row, never a box or a diagonal."""


# Triggered Scenarios ---------------------------------------------------------------------------

def draw_purples(s: ParadoxState, seat: int, count: int, breakthrough: str,
                 park: bool = True) -> None:
    """In ``seat``'s Matrix phase, a Breakthrough wipes row 1 and the refill draws ``count``
    purple Trigger Discs: the bag is left holding just those (the wiped discs then come back
    from the mat's discard pile to finish the refill). Afterwards the other discs return to the
    bag and (with ``park``) the purple discs wait on the next seat's mat discard pile, out of
    later draws."""
    other = (seat + 1) % s.n
    for pile in s.mat_discard:  # purple discs parked earlier come back first
        s.bag += [d for d in pile if d == G.PURPLE]
        pile[:] = [d for d in pile if d != G.PURPLE]
    parked = len(s.mat_discard[other])
    to_mat(s, seat, breakthrough)
    rig_bag(s, [G.PURPLE] * count, park=other)
    s.apply(A.BT_WIPE + line("row 1"))
    s.bag += s.mat_discard[other][parked:]
    del s.mat_discard[other][parked:]
    if park:
        park_purples(s, other)


def park_purples(s: ParadoxState, park: int) -> None:
    """Move the purple discs in the bag to ``park``'s mat discard pile, so that no draw sets
    off a Triggered Scenario by chance."""
    k = s.bag.count(G.PURPLE)
    s.bag = [d for d in s.bag if d != G.PURPLE]
    s.mat_discard[park] += [G.PURPLE] * k


def set_maelstrom(s: ParadoxState, k: int, name: str) -> None:
    """Maelstrom card ``k`` (0-based, in content order) lies over the card ``name``."""
    s.maelstrom_deck.remove(k)
    s.maelstrom = k
    s.maelstrom_card = take(s, card(name))


def level_phase(level: int, rows: tuple[str, ...], mode: str = "replace",
                boxes: str = "one_strand") -> ParadoxState:
    """Seat 0's Matrix phase of a game with the Matrix scenario at ``level``."""
    s = new(2, triggered_scenario="matrix", matrix_scenario_mode=mode, overlapping_boxes=boxes,
            auto_forced=False)
    park_purples(s, 1)
    s.level = level
    s.level_stack = [(level - 1 + k) % 3 + 1 for k in range(3)]
    set_matrix(s, 0, *rows)
    matrix_phase(s, 0)
    return s
