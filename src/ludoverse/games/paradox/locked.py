"""Locked boards: the exact fewest actions to make a Strand, and the setup study.

A player whose Matrix cannot make a Strand in 3 or fewer actions may rebuild it (PX-LOCK-1);
the engine decides this exactly with :func:`actions_to_strand`, not by trying moves. The same
formula, vectorised over numpy arrays, measures how often a setup deals a locked board
(PX-LOCK-2, :func:`study`).

Why a formula is exact
----------------------
A swap exchanges two discs of the same symbol, so the symbol in every Matrix space never
changes; only colours move, each within its *symbol class*: the unshielded Matrix spaces of
that symbol plus the Anomaly slot of that symbol (when the Anomaly may be used). A swap is a
transposition inside one class, so the multiset of colours in each class never changes.

Fix a Strand shape ``L`` and a colour ``c``. Call a space of ``L`` *wrong* if its disc is not
colour ``c``; let ``w`` be their number.

* **Lower bound.** A swap changes the discs of exactly two places. If both are in ``L`` it
  exchanges two colours already in ``L``: the number of ``c`` discs in ``L`` is unchanged. If
  one is in ``L`` it changes one space of ``L``. So a swap lowers ``w`` by at most 1, and
  ``L`` cannot be all ``c`` after fewer than ``w`` swaps.
* **Feasibility.** A shielded space never changes, so a wrong shielded space in ``L`` (or an
  empty one, which holds no disc to swap) rules ``(L, c)`` out. Otherwise, since each class
  keeps its colours, ``L`` can only ever be all ``c`` if for every symbol ``s`` the class of
  ``s`` holds at least as many ``c`` discs as ``L`` has unshielded spaces of symbol ``s``:
  ``need(L, s) <= avail(c, s)``, where ``avail`` counts the ``c``-coloured symbol-``s`` discs
  on unshielded Matrix spaces (inside ``L`` or not) plus the Anomaly slot ``s`` if usable and
  ``c``-coloured. Subtracting the ``c`` discs already in ``L`` from both sides, this is the
  brief's "wrong spaces of symbol ``s`` <= ``c`` discs of symbol ``s`` outside ``L``".
  Shielded ``c`` discs are in no class, so they are never a supply.
* **Upper bound.** When feasible, pair each wrong space with its own ``c`` disc of the same
  symbol outside ``L`` (there are enough, by the inequality) and swap each pair: ``w``
  swaps, each fixing one space and touching no other space of ``L``.

So without any resolution in between, the fewest swaps that leave ``L`` all ``c`` is ``w``
when feasible and impossible otherwise. Resolutions do not break this: we ask for the *first*
Strand. Any sequence whose first Strand appears at swap ``k`` has applied ``k`` plain swaps
to the starting board, leaving some ``(L, c)`` complete, so ``k >= w(L, c)`` with ``(L, c)``
feasible. Conversely, playing the ``w`` swaps of the best feasible ``(L, c)`` makes a Strand
at swap ``w`` or earlier. A Strand already on the board (from a refill or the setup draw)
waits and costs one action to resolve, and every other Strand costs at least one swap, hence

    actions = max(1, min over feasible (L, c) of w(L, c)),   or NO_STRAND if none is feasible.

``tests/games/paradox/test_locked_board.py`` checks this against a breadth-first search over
real swap sequences.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ludoverse.games.paradox.grid import (
    ALL_CELLS,
    BITS,
    CELLS,
    DISC_TYPES,
    FILL_ORDER,
    LEVEL_SHAPES,
    NUM_COLOURS,
    NUM_SYMBOLS,
    Shape,
)

if TYPE_CHECKING:  # numpy is an optional extra, imported only by the study functions
    import numpy as np

NO_STRAND = 1_000_000
"""`actions_to_strand` for a board that can never make a Strand by swaps alone."""

SETS_AT_SETUP = {2: 4, 3: 5, 4: 7}
"""Sets of Energy Discs in the bag before the Matrices are drawn."""
SETS_ADDED = 2
"""Sets added after every Matrix is drawn, before the Anomaly is drawn."""
WORMHOLE_CARDS = 8
HAND_CARDS = 4
"""With 3 or 4 players the turn-1 Research Hand is drawn before any Matrix phase, and a Nebula
in it goes onto the Anomaly too."""
TIMELINE_CARDS = 45
NEXUS_CARDS = 15
NEBULA_CARDS = 3
CHUNK_GAMES = 50_000
"""Games sampled at once by the study: bounds memory (about 150 MB peak with 4 players)."""
NUMPY_MISSING = "the locked-board study needs numpy: pip install 'ludoverse[analysis]'"


def actions_to_strand(grid: Sequence[int], anomaly: Sequence[int] | None, shielded: int,
                      shapes: Sequence[Shape]) -> int:
    """Fewest actions to make a Strand of one of ``shapes`` (see the module docstring).

    ``grid`` holds 25 discs (``-1`` = empty, and anything that is not a disc 0..14 counts as
    an unswappable space of no colour); ``anomaly`` the Anomaly's discs, or ``None`` when it
    may not be used (a Nebula covers it); ``shielded`` a mask of spaces under Shield tokens.
    Returns ``NO_STRAND`` when no number of swaps can make one.
    """
    best = min(strand_distances(grid, anomaly, shielded, shapes))
    return best if best == NO_STRAND else max(1, best)


def strand_distances(grid: Sequence[int], anomaly: Sequence[int] | None, shielded: int,
                     shapes: Sequence[Shape]) -> list[int]:
    """For each colour, the fewest swaps that complete a Strand of that colour (0: one is
    already on the board), or ``NO_STRAND``: the formula of the module docstring, per colour.
    Bots use it to see how close a Matrix is to the colours they need."""
    colour_mask, symbol_mask, avail, holes = _census(grid, anomaly, shielded)
    best = [NO_STRAND] * NUM_COLOURS
    for shape in shapes:
        m = shape.mask
        if m & holes:
            continue
        size = len(shape.cells)
        need = [(m & sm).bit_count() for sm in symbol_mask]
        for c in range(NUM_COLOURS):
            wrong = size - (m & colour_mask[c]).bit_count()
            if wrong >= best[c] or m & shielded & ~colour_mask[c]:
                continue
            a = avail[c]
            if need[0] <= a[0] and need[1] <= a[1] and need[2] <= a[2]:
                best[c] = wrong
    return best


def _census(grid: Sequence[int], anomaly: Sequence[int] | None, shielded: int
            ) -> tuple[list[int], list[int], list[list[int]], int]:
    """What the formula counts: the mask of each colour, the mask of each symbol on unshielded
    spaces, ``avail[colour][symbol]`` (unshielded discs plus the usable Anomaly's) and the
    mask of spaces holding no disc."""
    free = ALL_CELLS & ~shielded
    by_type = [0] * DISC_TYPES  # the spaces of each disc type, then counted in C
    holes = 0
    for d, bit in zip(grid, BITS, strict=True):
        if 0 <= d < DISC_TYPES:
            by_type[d] |= bit
        else:
            holes |= bit
    colour_mask = [by_type[k] | by_type[k + 1] | by_type[k + 2]
                   for k in range(0, DISC_TYPES, NUM_SYMBOLS)]
    free_type = [m & free for m in by_type]
    symbol_mask = [free_type[s] | free_type[s + 3] | free_type[s + 6] | free_type[s + 9]
                   | free_type[s + 12] for s in range(NUM_SYMBOLS)]
    avail = [[m.bit_count() for m in free_type[k:k + NUM_SYMBOLS]]
             for k in range(0, DISC_TYPES, NUM_SYMBOLS)]
    if anomaly is not None:
        for d in anomaly:
            if 0 <= d < DISC_TYPES:
                avail[d // NUM_SYMBOLS][d % NUM_SYMBOLS] += 1
    return colour_mask, symbol_mask, avail, holes


def is_locked(grid: Sequence[int], anomaly: Sequence[int] | None, shielded: int,
              shapes: Sequence[Shape], max_actions: int = 3) -> bool:
    """True when no Strand can be made in ``max_actions`` or fewer actions (PX-LOCK-1).

    The same formula as :func:`actions_to_strand`, but it stops at the first shape and colour
    within reach: most Matrices have one, and every Matrix phase asks (PX-LOCK-1)."""
    if max_actions < 1:  # every Strand costs at least one action
        return True
    if max_actions >= NO_STRAND:
        return False
    colour_mask, symbol_mask, avail, holes = _census(grid, anomaly, shielded)
    for shape in shapes:
        m = shape.mask
        if m & holes:
            continue
        size = len(shape.cells)
        need = None
        for c in range(NUM_COLOURS):
            mine = m & colour_mask[c]
            if size - mine.bit_count() > max_actions or m & shielded & ~mine:
                continue
            if need is None:
                need = [(m & sm).bit_count() for sm in symbol_mask]
            a = avail[c]
            if need[0] <= a[0] and need[1] <= a[1] and need[2] <= a[2]:
                return False
    return True


# ---------------------------------------------------------------------------------------------
# Vectorised version and the setup study (numpy, optional)


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:  # pragma: no cover - numpy is in the dev extra
        raise ImportError(NUMPY_MISSING) from None
    return numpy


def batch_actions_to_strand(grids: np.ndarray, anomaly: np.ndarray | None,
                            usable: np.ndarray | None, shapes: Sequence[Shape],
                            shielded: np.ndarray | None = None) -> np.ndarray:
    """:func:`actions_to_strand` for B boards at once.

    ``grids`` is ``(B, 25)`` discs; ``anomaly`` ``(B, 3)`` discs or ``None`` (never usable);
    ``usable`` ``(B,)`` bool, whether board ``b`` may use its Anomaly (``None`` = all may);
    ``shielded`` ``(B, 25)`` bool or ``None`` (no shields). Returns ``(B,)`` int32.
    """
    np = _numpy()
    g = np.asarray(grids).astype(np.int16, copy=False)
    b = g.shape[0]
    valid = (g >= 0) & (g < DISC_TYPES)
    free = valid if shielded is None else valid & ~np.asarray(shielded, dtype=bool)
    colour = np.where(valid, g // NUM_SYMBOLS, NUM_COLOURS).astype(np.int8)
    symbol = np.where(free, g % NUM_SYMBOLS, NUM_SYMBOLS).astype(np.int8)
    # avail[b, c, s]: c-coloured symbol-s discs on unshielded spaces, plus the Anomaly's
    rows = np.arange(b, dtype=np.int64)[:, None] * (DISC_TYPES + 1)
    flat = rows + np.where(free, g, DISC_TYPES)
    avail = np.bincount(flat.ravel(), minlength=b * (DISC_TYPES + 1))
    avail = avail.reshape(b, DISC_TYPES + 1)[:, :DISC_TYPES].astype(np.int16)
    if anomaly is not None:
        a = np.asarray(anomaly).astype(np.int16, copy=False)
        ok = (a >= 0) & (a < DISC_TYPES)
        if usable is not None:
            ok &= np.asarray(usable, dtype=bool)[:, None]
        avail += np.stack([((a == t) & ok).sum(1) for t in range(DISC_TYPES)], axis=1)
    avail = avail.reshape(b, NUM_COLOURS, NUM_SYMBOLS)
    colour_hot = np.stack([colour == c for c in range(NUM_COLOURS)], axis=2).astype(np.int8)
    symbol_hot = np.stack([symbol == s for s in range(NUM_SYMBOLS)], axis=2).astype(np.int8)
    fixed = None if shielded is None else valid & ~free
    best = np.full(b, NO_STRAND, dtype=np.int32)
    for shape in shapes:
        cells = list(shape.cells)
        size = len(cells)
        inside = colour_hot[:, cells].sum(1, dtype=np.int16)             # (B, 5)
        need = symbol_hot[:, cells].sum(1, dtype=np.int16)               # (B, 3)
        ok = (need[:, None, :] <= avail).all(2)                           # (B, 5)
        if fixed is not None:  # a shielded space of another colour never changes
            f = fixed[:, cells]
            for c in range(NUM_COLOURS):
                ok[:, c] &= ~(f & (colour[:, cells] != c)).any(1)
        ok &= valid[:, cells].all(1)[:, None]
        cost = np.where(ok, size - inside.astype(np.int32), np.int32(NO_STRAND)).min(1)
        np.minimum(best, cost, out=best)
    return np.where(best < NO_STRAND, np.maximum(best, 1), best).astype(np.int32)


def revealed_before_play(players: int) -> int:
    """Cards turned up before the first Matrix phase: the Wormhole's 8, and with 3 or 4
    players the turn-1 Research Hand (with 2 it is drawn only if the Chief Scientist asks)."""
    return WORMHOLE_CARDS + (HAND_CARDS if players > 2 else 0)


def nebula_probability(deck_cards: int, players: int = 2) -> float:
    """P(a Nebula covers the Anomaly on turn 1): at least one of the 3 Nebulas is among the
    first cards turned up. Each Nebula turned up is replaced by the next card, so one shows
    exactly when the first :func:`revealed_before_play` cards hold one.
    """
    k = revealed_before_play(players)
    return 1 - math.comb(deck_cards - NEBULA_CARDS, k) / math.comb(deck_cards, k)


def deck_size(deck_scenario_cards: int) -> int:
    return TIMELINE_CARDS + NEXUS_CARDS + NEBULA_CARDS + deck_scenario_cards


def sample_setups(rng: Any, players: int, games: int, deck_scenario_cards: int = 5
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Sample ``games`` setups exactly as the rulebook deals them.

    Returns ``grids`` ``(games, players, 25)`` (each Matrix drawn in ``FILL_ORDER`` from a
    uniformly shuffled bag of ``SETS_AT_SETUP[players]`` sets), ``anomaly`` ``(games, 3)``
    (after 2 sets are added, slot ``s`` is a uniform disc of symbol ``s`` among the bag's
    discs, independently per symbol: the first disc of each symbol in a shuffled bag) and
    ``nebula`` ``(games,)`` bool (a Nebula covers the Anomaly on turn 1: at least one of the 3
    among the first cards turned up, 8 for the Wormhole plus the turn-1 Research Hand with 3
    or 4 players; a hypergeometric draw).
    """
    np = _numpy()
    sets = SETS_AT_SETUP[players]
    bag = np.repeat(np.arange(DISC_TYPES, dtype=np.int8), sets)       # S copies of each type
    shuffled = rng.permuted(np.broadcast_to(bag, (games, bag.size)), axis=1)
    draws = shuffled[:, :players * CELLS].reshape(games, players, CELLS)
    grids = np.empty_like(draws)
    grids[:, :, list(FILL_ORDER)] = draws                              # i-th draw -> FILL_ORDER[i]
    counts = np.zeros((games, DISC_TYPES), dtype=np.int16)
    for t in range(DISC_TYPES):
        counts[:, t] = (draws == t).sum((1, 2))
    left = (sets + SETS_ADDED - counts).reshape(games, NUM_COLOURS, NUM_SYMBOLS)
    cum = np.cumsum(left, axis=1)                                      # over colours
    u = rng.random((games, NUM_SYMBOLS)) * cum[:, -1, :]
    colour = (u[:, None, :] >= cum).sum(1)                             # (games, 3)
    anomaly = (colour * NUM_SYMBOLS + np.arange(NUM_SYMBOLS)).astype(np.int8)
    nebula = rng.hypergeometric(NEBULA_CARDS, deck_size(deck_scenario_cards) - NEBULA_CARDS,
                                revealed_before_play(players), size=games) > 0
    return grids, anomaly, nebula


def setup_actions(rng: Any, players: int, games: int, nebula_effect: str = "block_anomaly",
                  deck_scenario_cards: int = 5, level: int = 1) -> np.ndarray:
    """``(games, players)`` fewest actions to a Strand on freshly dealt setups."""
    np = _numpy()
    grids, anomaly, nebula = sample_setups(rng, players, games, deck_scenario_cards)
    usable = ~nebula if nebula_effect == "block_anomaly" else np.ones(games, dtype=bool)
    flat = batch_actions_to_strand(grids.reshape(games * players, CELLS),
                                   np.repeat(anomaly, players, axis=0),
                                   np.repeat(usable, players), LEVEL_SHAPES[level])
    return flat.reshape(games, players)


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score 95% interval for k successes in n trials (sensible at k = 0 and k = n)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    return lo, 1.0 if k == n else min(1.0, centre + half)


def study(players: int, samples: int, seed: int, max_actions: int = 3,
          nebula_effect: str = "block_anomaly", deck_scenario_cards: int = 5) -> list[dict]:
    """How often setup deals a board (or a game with a board) that cannot make a Strand in K
    actions, K = 1..max_actions (PX-LOCK-2). One row per K; intervals are Wilson 95%."""
    np = _numpy()
    if players not in SETS_AT_SETUP:
        raise ValueError(f"players must be 2, 3 or 4, not {players}")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples}")
    if nebula_effect not in ("block_anomaly", "none"):
        raise ValueError(f"nebula_effect must be block_anomaly or none, not {nebula_effect!r}")
    rng = np.random.default_rng(seed)
    ks = np.arange(1, max_actions + 1)
    boards_locked = np.zeros(max_actions, dtype=np.int64)
    games_locked = np.zeros(max_actions, dtype=np.int64)
    done = 0
    while done < samples:
        g = min(CHUNK_GAMES, samples - done)
        acts = setup_actions(rng, players, g, nebula_effect, deck_scenario_cards)
        boards_locked += (acts[:, :, None] > ks).sum((0, 1))
        games_locked += (acts.max(1)[:, None] > ks).sum(0)
        done += g
    rows = []
    boards = samples * players
    for i, k in enumerate(ks.tolist()):
        bl, gl = int(boards_locked[i]), int(games_locked[i])
        b_lo, b_hi = wilson(bl, boards)
        g_lo, g_hi = wilson(gl, samples)
        rows.append({
            "players": players, "K": k,
            "boards": boards, "boards locked": bl, "P(board locked)": bl / boards,
            "board CI low": b_lo, "board CI high": b_hi,
            "games": samples, "games locked": gl, "P(game locked)": gl / samples,
            "game CI low": g_lo, "game CI high": g_hi,
            "1 game in": samples / gl if gl else math.inf,
        })
    return rows
