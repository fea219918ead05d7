"""Builders for the PARADOX rule tests: positions written as disc codes and card names.

A disc is written as a colour letter and a symbol letter: R red, Y yellow, B blue, K black,
W white; h Helix, s Star, r Ring (our names for the three printed symbols). ``"Rh"`` is a
red Helix, ``"--"`` an empty space. A Matrix is five such rows, top row first, so the last
string is the bottom row (row 5, where discs fall to)::

    set_matrix(s, 1,
               "Rh Bs Wr Yh Ks",
               "Yh Ks Rr Bh Ws",
               "Bh Ws Yr Kh Rs",
               "Kh Rs Br Wh Ys",
               "Wh Ys Kr Rh Bs")

Spaces are named as in the action labels: ``"r5c1"`` is row 5, column 1 (the bottom-left).
Cards are named as players name them: ``"Alphoria Present"``, ``"Null Beta Nexus"``.

Positions are built by moving discs and cards from where they are (the bag, the deck, the
Wormhole, another player's Matrix) to where the test wants them, so every disc and card is
still in exactly one place and ``GAME.check_invariants`` holds. Only the set-up of a position
touches the state directly; the behaviour under test is always played with ``s.apply``.

Unless told otherwise a test game has 3 players, seat 0 is the first Chief Scientist, and
forced moves are not played automatically (``auto_forced=False``), so every decision an
example describes is taken by the test itself.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ludoverse.core.rng import Rng
from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox import matrix
from ludoverse.games.paradox.game import GAME
from ludoverse.games.paradox.state import DRAFT, MATRIX, MatCard, ParadoxState

COLOUR_LETTERS = "RYBKW"
SYMBOL_LETTERS = "hsr"
EMPTY = "--"

NEUTRAL = (
    "Rh Bs Wr Yh Ks",
    "Yh Ks Rr Bh Ws",
    "Bh Ws Yr Kh Rs",
    "Kh Rs Br Wh Ys",
    "Wh Ys Kr Rh Bs",
)
"""A Matrix without a Strand in reach of one swap: every row and column holds all five
colours. Tests write their own Matrix by changing a few of these discs."""


# Discs and spaces --------------------------------------------------------------------------------


def disc(code: str) -> int:
    """``"Rh"`` -> the engine's disc int; ``"--"`` -> empty."""
    if code == EMPTY:
        return G.EMPTY
    assert len(code) == 2, f"a disc is a colour and a symbol letter, not {code!r}"
    return G.disc(COLOUR_LETTERS.index(code[0]), SYMBOL_LETTERS.index(code[1]))


def discs(codes: str) -> list[int]:
    return [disc(c) for c in codes.split()]


def code(d: int) -> str:
    if d == G.EMPTY:
        return EMPTY
    if d == G.PURPLE:
        return "Pp"
    return COLOUR_LETTERS[G.colour_of(d)] + SYMBOL_LETTERS[G.symbol_of(d)]


def codes(ds: list[int]) -> str:
    return " ".join(code(d) for d in ds)


def colours(ds: list[int]) -> list[str]:
    return [G.COLOURS[G.colour_of(d)] for d in ds]


def grid(*rows: str) -> list[int]:
    """Five rows of five disc codes, top row first."""
    assert len(rows) == G.SIZE, "a Matrix has five rows"
    out: list[int] = []
    for row in rows:
        cells = row.split()
        assert len(cells) == G.SIZE, f"a row has five spaces: {row!r}"
        out += [disc(c) for c in cells]
    return out


def rows_of(g: list[int]) -> list[str]:
    return [codes(g[r * G.SIZE:(r + 1) * G.SIZE]) for r in range(G.SIZE)]


def show(s: ParadoxState, seat: int) -> list[str]:
    """A seat's Matrix as five rows of disc codes (the notation of :func:`grid`)."""
    return rows_of(s.matrices[seat])


def space(name: str) -> int:
    """``"r5c1"`` -> the engine's space index (row 5 is the bottom row)."""
    row, column = name[1:].split("c")
    return G.cell(int(row) - 1, int(column) - 1)


# Cards and Worlds --------------------------------------------------------------------------------


def card(s: ParadoxState, name: str) -> int:
    """The card a player calls ``name`` (e.g. "Faridae Past", "Nebula 2")."""
    for c in range(K.NUM_CARDS):
        if s.card_name(c) == name:
            return c
    raise KeyError(name)


def world(s: ParadoxState, name: str) -> int:
    return [w.name for w in s.content.worlds].index(name)


def world_space(s: ParadoxState, name: str) -> int:
    """The Quake-track space holding a World's disc."""
    return s.world_at.index(world(s, name))


def names(s: ParadoxState, cards: list[int]) -> list[str]:
    return [s.card_name(c) if c >= 0 else "-" for c in cards]


def mat(s: ParadoxState, seat: int) -> dict[str, str]:
    """A seat's mat as {card name: space name}."""
    return {s.card_name(mc.card): K.SPACES[mc.space] for mc in s.mats[seat]}


def mat_card(s: ParadoxState, seat: int, name: str) -> MatCard:
    c = card(s, name)
    return next(mc for mc in s.mats[seat] if mc.card == c)


# New games and turns -----------------------------------------------------------------------------


def new_game(players: int = 3, seed: int = 0, content: Any = None, **options: Any
             ) -> ParadoxState:
    """A game in which seat 0 is the first Chief Scientist and nothing is played for a player
    (set ``first_chief_scientist`` or ``auto_forced`` to change that)."""
    options.setdefault("first_chief_scientist", "seat0")
    options.setdefault("auto_forced", False)
    return GAME.new_game(players=players, seed=seed, options=options, content=content)


def matrix_order(s: ParadoxState) -> list[int]:
    """Who plays a Matrix phase this turn, in order: from the Chief Scientist's left."""
    return [(s.cs + k) % s.n for k in range(1, s.n + 1)]


def matrix_phase(s: ParadoxState, seat: int) -> None:
    """Skip the rest of the draft (the Research Hand goes back on top of the deck, as the
    Chief Scientist would put it) and start ``seat``'s Matrix phase, with the players after
    it still to play theirs this turn. Build the Matrix first: the phase begins with the
    locked-board check (PX-LOCK-1)."""
    for c in reversed(s.hand):
        s.deck.append(c)
        s.deck_knower.append(s.cs)
    s.hand = []
    s.hand_drawn = False
    s.cs_taken = 0
    order = matrix_order(s)
    s.matrix_queue = order[order.index(seat) + 1:]
    s.edited()  # a position edited by hand: its cached moves are stale
    matrix.begin(s, seat)
    assert s.phase == MATRIX and s.current_player == seat


# Moving discs ------------------------------------------------------------------------------------


def take_disc(s: ParadoxState, d: int, keep: int, avoid: Counter[int] | None = None) -> None:
    """Take one disc ``d`` out of play for the test to place. It comes from the bag; if the bag
    has none, from another seat's Matrix (not ``keep``'s), whose space then gets a disc from
    the bag of a type the test does not still need (``avoid``)."""
    if d in s.bag:
        s.bag.remove(d)
        return
    avoid = avoid or Counter()
    for p in range(s.n):
        if p == keep:
            continue
        g = s.matrices[p]
        for c in range(G.CELLS):
            if g[c] == d and s.locks[p][c] < 0:
                spare = next(x for x in s.bag if x != G.PURPLE and x != d and not avoid[x])
                s.bag.remove(spare)
                g[c] = spare
                return
    raise AssertionError(f"no {code(d)} disc is free to build this position")


def set_matrix(s: ParadoxState, seat: int, *rows: str) -> None:
    """Replace ``seat``'s Matrix; its old discs go back into the bag (shield tokens stay)."""
    new = grid(*rows)
    g = s.matrices[seat]
    s.bag += [d for d in g if d >= 0]
    g[:] = [G.EMPTY] * G.CELLS
    need = Counter(d for d in new if d >= 0)
    for d in new:
        if d >= 0:
            need[d] -= 1
            take_disc(s, d, seat, need)
    g[:] = new
    s.edited()  # a position edited by hand: its cached moves are stale


def set_anomaly(s: ParadoxState, helix: str, star: str, ring: str) -> None:
    """Replace the three Anomaly discs (the old ones go back into the bag)."""
    s.bag += [d for d in s.anomaly if d >= 0]
    new = [disc(helix), disc(star), disc(ring)]
    for sym, d in enumerate(new):
        assert G.symbol_of(d) == sym, f"{code(d)} does not belong on the {G.SYMBOLS[sym]} space"
    s.anomaly = [G.EMPTY] * 3
    for d in new:
        take_disc(s, d, -1)
    s.anomaly = new
    s.edited()  # a position edited by hand: its cached moves are stale


class TopDraw(Rng):
    """A generator whose bag draws always take the last disc of the bag list (shuffles are
    unchanged), so a test can decide what the next draws are."""

    __slots__ = ()

    def below(self, n: int) -> int:
        return n - 1

    def copy(self) -> TopDraw:
        return TopDraw(state=self.state)


def stack_bag(s: ParadoxState, *codes_in_order: str, keep: int | None = None) -> None:
    """The next draws from the bag are these discs, in this order. A disc the bag lacks is
    fetched as :func:`take_disc` does, never from ``keep``'s Matrix (by default the player
    whose Matrix phase it is)."""
    keep = s.mover if keep is None else keep
    wanted = [disc(c) for c in codes_in_order]
    need = Counter(wanted)
    for d in wanted:
        need[d] -= 1
        take_disc(s, d, keep, need)
    s.bag += wanted[::-1]
    s.rng = TopDraw(state=s.rng.state)


# Moving cards ------------------------------------------------------------------------------------


def take_card(s: ParadoxState, c: int) -> None:
    """Take a card from the deck, the Wormhole, the Research Hand or the discard pile."""
    if c in s.deck:
        k = s.deck.index(c)
        del s.deck[k]
        del s.deck_knower[k]
    elif c in s.stable:
        s.stable[s.stable.index(c)] = -1
    elif c in s.unstable:
        s.unstable[s.unstable.index(c)] = -1
    elif c in s.hand:
        s.hand.remove(c)
    elif c in s.discard:
        s.discard.remove(c)
    elif c in s.nebulas:
        s.nebulas.remove(c)
    else:
        raise AssertionError(f"{s.card_name(c)} is not free to build this position")


def put_on_mat(s: ParadoxState, seat: int, name: str, space_name: str | None = None,
               placed: str = "") -> MatCard:
    """Put a card on ``seat``'s mat (by default on its starting space), with resource discs
    already on it (e.g. ``placed="Rh"``). A Nexus also locks its Matrix space."""
    from ludoverse.games.paradox.wormhole import NEXUS_SPACE

    c = card(s, name)
    take_card(s, c)
    if space_name is None:
        where = K.start_space(c, NEXUS_SPACE[s.opts.nexus_start_space])
    else:
        where = K.SPACES.index(space_name)
    mc = MatCard(c, where)
    for d in discs(placed):
        take_disc(s, d, -1)
        mc.discs.append(d)
    s.mats[seat].append(mc)
    if K.is_nexus(c):
        s.locks[seat][s.content.nexus_cells[K.world_of(c)]] = c
    return mc


def stack_deck(s: ParadoxState, *card_names: str) -> None:
    """Put these cards on top of the deck, the first named on the very top."""
    cs = [card(s, n) for n in card_names]
    for c in cs:
        take_card(s, c)
    for c in reversed(cs):
        s.deck.append(c)
        s.deck_knower.append(-1)


def set_wormhole(s: ParadoxState, stable: list[str], unstable: list[str]) -> None:
    """Deal these cards to the Wormhole (``"-"`` for an empty slot); the cards there before go
    to the bottom of the deck."""
    for c in (*s.stable, *s.unstable):
        if c >= 0:
            s.deck.insert(0, c)
            s.deck_knower.insert(0, -1)
    s.stable = [-1] * 4
    s.unstable = [-1] * 4
    for section, wanted in ((s.stable, stable), (s.unstable, unstable)):
        for i, name in enumerate(wanted):
            if name != "-":
                c = card(s, name)
                take_card(s, c)
                section[i] = c


def set_hand(s: ParadoxState, *card_names: str) -> None:
    """Replace the Chief Scientist's Research Hand (the old one goes back on the deck)."""
    for c in reversed(s.hand):
        s.deck.append(c)
        s.deck_knower.append(-1)
    s.hand = []
    for name in card_names:
        c = card(s, name)
        take_card(s, c)
        s.hand.append(c)


def to_nebula(s: ParadoxState, name: str) -> None:
    """Lay a Nebula on the Anomaly."""
    c = card(s, name)
    take_card(s, c)
    s.nebulas.append(c)
    s.edited()  # a position edited by hand: its cached moves are stale


# The Quake track ---------------------------------------------------------------------------------


def set_quake(s: ParadoxState, world_name: str, before: int = 0) -> None:
    """Stand the Quake ``before`` spaces before (anticlockwise of) a World."""
    s.quake = (world_space(s, world_name) - before) % s.content.quake_track.spaces


def world_ahead(s: ParadoxState, steps: int) -> str:
    """The World ``steps`` spaces clockwise of the Quake."""
    w = s.world_at[(s.quake + steps) % s.content.quake_track.spaces]
    return s.world_name(w) if w >= 0 else "-"


def fracture(s: ParadoxState, world_name: str) -> None:
    s.fractured[world(s, world_name)] = True


def shield(s: ParadoxState, world_name: str, seat: int = 0) -> None:
    s.world_shield[world(s, world_name)] = seat


def is_fractured(s: ParadoxState, world_name: str) -> bool:
    return s.fractured[world(s, world_name)]


def is_shielded(s: ParadoxState, world_name: str) -> bool:
    return s.world_shield[world(s, world_name)] >= 0


# Actions -----------------------------------------------------------------------------------------


def labels(s: ParadoxState) -> list[str]:
    return [s.action_label(a, s.current_player) for a in s.legal_actions()]


def action(s: ParadoxState, label: str) -> int:
    """The legal action with this label (the first, if several share it)."""
    for a in s.legal_actions():
        if s.action_label(a, s.current_player) == label:
            return a
    raise AssertionError(f"{label!r} is not legal now; legal: {labels(s)}")


def act(s: ParadoxState, *labels_in_order: str) -> None:
    """Apply legal actions by their labels, one after the other."""
    for label in labels_in_order:
        s.apply(action(s, label))


def swap_id(a: str, b: str) -> int:
    i, j = sorted((space(a), space(b)))
    return A.SWAP + A.PAIR_INDEX[(i, j)]


def swap(s: ParadoxState, a: str, b: str) -> None:
    s.apply(swap_id(a, b))


def swap_anomaly_id(a: str) -> int:
    return A.SWAP_ANOMALY + space(a)


def pending(s: ParadoxState) -> list[str]:
    """The colours of the resources still to allocate, in the order they are decided."""
    return list(s.observation(s.current_player)["pending_resources"])


def strands(s: ParadoxState, seat: int) -> list[str]:
    """The Strands lying on a seat's Matrix, e.g. ``"red 4-Strand in row 1"``."""
    found = G.strands(s.matrices[seat], matrix.shapes_in_play(s))
    return sorted(f"{G.COLOURS[c]} {shape.name}" for shape, c in found)


def finish_draft(s: ParadoxState) -> None:
    """Play the rest of the Wormhole phase plainly: every other player takes the first card
    of the Unstable section they may (else of the Stable one), the Chief Scientist nothing."""
    while s.phase == DRAFT:
        legal = s.legal_actions()
        if s.current_player == s.cs or legal == [A.TAKE_NOTHING]:
            s.apply(A.TAKE_NOTHING)
        else:
            unstable = [a for a in legal if A.DRAFT + 4 <= a < A.HAND]
            s.apply(min(unstable or legal))


def finish_matrix_phases(s: ParadoxState) -> None:
    """Every player still to play this turn ends their Matrix phase at once (so Cleanup
    follows, and the next turn's draft begins)."""
    turn = s.turn
    while s.turn == turn and s.phase == MATRIX:
        s.apply(A.END_PHASE)


def finish_turn(s: ParadoxState) -> None:
    """Play the rest of the turn plainly: every picker takes the first card they may (the Chief
    Scientist nothing), every resource is let go, every Matrix phase ends at once."""
    turn = s.turn
    while s.turn == turn and not s.is_terminal():
        legal = s.legal_actions()
        if s.phase == DRAFT:
            s.apply(A.TAKE_NOTHING if A.TAKE_NOTHING in legal else min(legal))
        elif A.END_PHASE in legal:
            s.apply(A.END_PHASE)
        elif A.ALLOC_LOSE in legal:
            s.apply(A.ALLOC_LOSE)
        else:
            s.apply(min(legal))


def check(s: ParadoxState) -> None:
    GAME.check_invariants(s)
