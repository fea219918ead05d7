"""PARADOX knowledge for bots: what a position is worth to a player.

The value is the player's VP if the game ended now, plus part of the VP of the cards on their
mat (more the closer they are to repaired), plus how close their Matrix is to Strands of the
colours those cards still need, minus the opponents' VP. Search (ISMCTS) uses the same
estimate to score positions at the end of a turn.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox.locked import strand_distances
from ludoverse.games.paradox.matrix import anomaly_open, shapes_in_play, shielded_mask
from ludoverse.games.paradox.resources import missing
from ludoverse.games.paradox.scoring import SET_VP, breakdown
from ludoverse.games.paradox.state import ALLIANCE_RESOURCE, MATRIX, OVER, ParadoxState

NEAR = (1.0, 0.45, 0.2, 0.08)
"""Worth of being 0, 1, 2 or 3 swaps from a Strand of a colour you need."""
RESOURCE_VALUE = 0.6
"""A resource waiting to be allocated: about what it adds to a card on average."""
WIN_TEMPERATURE = 4.0
"""VP lead that makes one player about e times likelier to win than another (search rewards)."""


_DISTANCES: dict[tuple[object, ...], list[int]] = {}
_CACHE_LIMIT = 200_000


def colour_distances(grid: Sequence[int], anomaly: Sequence[int] | None, shielded: int,
                     shapes: Sequence[G.Shape]) -> list[int]:
    """``locked.strand_distances``, cached: one move changes one Matrix, so the same
    Matrices are measured again and again while a bot compares moves."""
    key = (*grid, *(anomaly or ()), shielded, len(shapes), shapes[0].index)
    hit = _DISTANCES.get(key)
    if hit is None:
        if len(_DISTANCES) > _CACHE_LIMIT:
            _DISTANCES.clear()
        hit = _DISTANCES[key] = strand_distances(grid, anomaly, shielded, shapes)
    return hit


def _needs(s: ParadoxState, p: int) -> list[float]:
    """How much each colour is wanted: resources still missing on the mat, black and white
    also for Fractured Worlds and unshielded Worlds the player has cards of."""
    want = [0.0] * G.NUM_COLOURS
    for mc in s.mats[p]:
        if K.is_timeline(mc.card):
            cost = s.content.timeline_costs[mc.card]
            placed = mc.placed()
            for c in range(G.NUM_COLOURS):
                want[c] += max(0, cost[c] - placed[c])
        elif K.is_parallel(mc.card):
            want[G.BLACK] += 1
            want[G.WHITE] += 1
    held = [0] * 15
    for c in s.score[p]:
        w = K.world_of(c)
        if w >= 0:
            held[w] += 1
    danger = sum(held[w] for w in range(15) if s.fractured[w])
    want[G.BLACK] += 0.5 + danger
    want[G.WHITE] += 0.5 + danger
    return want


def _save_chance(turns: int, left: int) -> float:
    """How likely a card with ``left`` resources missing is saved within ``turns`` turns.
    Fitted to greedy play (``ludoverse simulate paradox --games 150 --players 3 --seed 5``,
    the "cards drafted" table): 72 % of fresh Pasts (4 turns for 2 resources), 32 % of
    Presents (3 for 2) and 19 % of Futures (2 for 2)."""
    if left <= 0:
        return 1.0
    return min(1.0, 0.19 * (turns / left) ** 1.9)


def _mat_value(s: ParadoxState, p: int) -> float:
    """Part of what the cards on the mat will score, by progress and time left."""
    held = [0] * 15
    for c in s.score[p]:
        w = K.world_of(c)
        if w >= 0:
            held[w] += 1
    total = 0.0
    turns_left = 13 - s.turn
    for mc in s.mats[p]:
        card = mc.card
        w = K.world_of(card)
        if w >= 0:
            gain = float(SET_VP[min(4, held[w] + 1)] - SET_VP[min(4, held[w])])
            if s.fractured[w]:
                gain *= 0.5
        elif K.is_flare(card):
            gain = 2.0
        elif K.is_parallel(card):
            gain = 2.5
        else:
            continue
        if K.is_timeline(card):
            cost = s.content.timeline_costs[card]
            need = sum(cost)
            left = missing(cost, mc.placed())
            frac = 1.0 - left / need
        elif K.is_parallel(card):
            frac = (len(mc.discs) + len(mc.allies)) / 3
            left = 3 - (len(mc.discs) + len(mc.allies))
        elif K.is_flare(card):
            frac = mc.step / 3
            left = 3 - mc.step
        else:  # a Nexus: one Strand through one space, about as hard as two resources
            frac, left = 0.0, 2
        time = min(turns_left, K.DANGER - mc.space + 1)
        chance = _save_chance(time, left)
        total += gain * (0.25 + 0.75 * frac) * chance
    return total


def vp(s: ParadoxState, p: int) -> float:
    return float(s.final[p]["total"] if s.final else breakdown(s, p)["total"])


def _fracture_loss(s: ParadoxState, p: int) -> float:
    """VP that Fractured Worlds would cost now (cards of them leave the score pile)."""
    held = [0] * 15
    for c in s.score[p]:
        w = K.world_of(c)
        if w >= 0:
            held[w] += 1
    return float(sum(SET_VP[min(4, held[w])] for w in range(15) if s.fractured[w]))


def position(s: ParadoxState, p: int) -> float:
    """The player's own prospects, in VP."""
    if s.phase == OVER:
        return vp(s, p)
    value = vp(s, p) - 0.6 * _fracture_loss(s, p)
    value += _mat_value(s, p)
    if p == s.mover and s.pending:
        value += RESOURCE_VALUE * sum(1 for r in s.pending if r < ALLIANCE_RESOURCE)
    want = _needs(s, p)
    dist = colour_distances(s.matrices[p], s.anomaly if anomaly_open(s) else None,
                            shielded_mask(s.locks[p]), shapes_in_play(s))
    for c in range(G.NUM_COLOURS):
        if want[c] and dist[c] < len(NEAR):
            value += 0.5 * min(want[c], 3.0) * NEAR[dist[c]]
    for w in range(15):
        if s.world_shield[w] == p:
            value += 0.2
    return value


def evaluate(state: ParadoxState, seat: int) -> float:
    """Own prospects minus the best opponent's (greedy and search)."""
    mine = position(state, seat)
    others = [position(state, p) for p in range(state.n) if p != seat]
    return mine - (max(others) + sum(others) / len(others)) / 2


def stage(state: ParadoxState) -> int:
    """Turns: search with ``cutoff=stage`` scores a playout when the turn ends."""
    return state.turn * 8 + (state.phase == OVER) * 4


def rewards(state: ParadoxState) -> list[float]:
    """Each seat's share of the win: certain at the end, else a softmax of prospects."""
    if state.phase == OVER:
        out = state.outcome()
        assert out is not None
        return [1.0 / len(out.winners) if p in out.winners else 0.0 for p in range(state.n)]
    values = [position(state, p) for p in range(state.n)]
    top = max(values)
    weights = [math.exp((v - top) / WIN_TEMPERATURE) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


SWAP_ID = tuple(tuple(A.SWAP + A.PAIR_INDEX[min(x, y), max(x, y)] if x != y else -1
                      for y in range(G.CELLS)) for x in range(G.CELLS))
"""``SWAP_ID[x][y]``: the id of the swap of spaces ``x`` and ``y``."""


def strand_swaps(s: ParadoxState, most_wrong: int = 2) -> tuple[list[int], list[int]]:
    """Swaps that complete a Strand, and swaps that bring one a disc closer (a shape with
    ``most_wrong`` wrong discs or fewer, for a colour the player wants): for each wrong space,
    a swap with a disc of the right colour and the same symbol from outside the shape.

    Kept per position, like :func:`colour_distances`: playouts from one search root meet the
    same Matrices again and again (about three calls in four in the hard bot's search)."""
    seat = s.mover
    grid = s.matrices[seat]
    shielded = shielded_mask(s.locks[seat])
    anomaly = s.anomaly if anomaly_open(s) else None
    want = _needs(s, seat)
    shapes = shapes_in_play(s)
    key = (tuple(grid), shielded, None if anomaly is None else tuple(anomaly),
           tuple(w >= 1 for w in want), most_wrong, id(shapes))
    hit = _SWAPS.get(key)
    if hit is None:
        if len(_SWAPS) > _CACHE_LIMIT:
            _SWAPS.clear()
        hit = _SWAPS[key] = _strand_swaps(grid, shielded, anomaly, want, shapes, most_wrong)
    return list(hit[0]), list(hit[1])


_SWAPS: dict[tuple[object, ...], tuple[list[int], list[int]]] = {}


def _strand_swaps(grid: list[int], shielded: int, anomaly: list[int] | None, want: list[float],
                  shapes: tuple[G.Shape, ...], most_wrong: int) -> tuple[list[int], list[int]]:
    by_type = [0] * (G.DISC_TYPES + 1)  # the last slot collects the empty spaces (-1)
    for d, bit in zip(grid, G.BITS, strict=True):
        by_type[d] |= bit
    colour_mask = [by_type[k] | by_type[k + 1] | by_type[k + 2]
                   for k in range(0, G.DISC_TYPES, G.NUM_SYMBOLS)]
    free = [m & ~shielded for m in by_type]  # discs that may move
    complete: set[int] = set()
    closer: set[int] = set()
    for c in range(G.NUM_COLOURS):
        others = ~colour_mask[c]
        most = most_wrong if want[c] >= 1 else min(1, most_wrong)  # "closer": wanted colours
        for shape in shapes:
            m = shape.mask
            wrong = m & others
            k = wrong.bit_count()
            if k == 0 or k > most or wrong & shielded:
                continue
            target = complete if k == 1 else closer
            for x in G.cells_of(wrong):
                d = grid[x]
                if d < 0:
                    break
                sym = d % G.NUM_SYMBOLS
                right = c * G.NUM_SYMBOLS + sym
                with_x = SWAP_ID[x]
                target.update([with_x[y] for y in G.cells_of(free[right] & ~m)])
                if anomaly is not None and anomaly[sym] == right:
                    target.add(A.SWAP_ANOMALY + x)
    return sorted(complete), sorted(closer - complete)


MAX_CANDIDATES = 24


def candidates(state: ParadoxState) -> list[int]:
    """The moves worth searching: in the Matrix phase, swaps that complete or approach a
    Strand, waiting Strands and every non-swap choice; elsewhere every legal move."""
    legal = state.legal_actions()
    if state.phase != MATRIX or state.actions_left == 0 or len(legal) <= MAX_CANDIDATES:
        return legal
    complete, closer = strand_swaps(state)
    others = [a for a in legal if a >= A.RESOLVE]
    swaps = complete + closer[:max(0, MAX_CANDIDATES - len(complete))]
    if not swaps:
        swaps = [a for a in legal if a < A.RESOLVE][:MAX_CANDIDATES]
    return sorted(set(swaps) | set(others))


def rollout_action(state: ParadoxState, rng: random.Random) -> int:
    """A quick sensible move for playouts: resolve or complete a Strand when one is there,
    else move towards one; spend resources where they fit; draft at random."""
    legal = state.legal_actions()
    if state.phase == MATRIX:
        if state.actions_left == 0:
            return A.END_PHASE
        resolves = [a for a in legal if A.RESOLVE <= a < A.END_PHASE]
        if resolves:
            return rng.choice(resolves)
        complete, closer = strand_swaps(state, 2)
        if complete:
            return rng.choice(complete)
        if closer:
            return rng.choice(closer)
        return A.END_PHASE
    keep = [a for a in legal if a != A.ALLOC_LOSE]
    return rng.choice(keep or legal)
