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
from ludoverse.games.paradox.resources import missing
from ludoverse.games.paradox.scoring import SET_VP, breakdown
from ludoverse.games.paradox.state import ALLIANCE_RESOURCE, MATRIX, OVER, ParadoxState

NEAR = (1.0, 0.45, 0.2, 0.08)
"""Worth of being 0, 1, 2 or 3 swaps from a Strand of a colour you need."""
RESOURCE_VALUE = 0.6
"""A resource waiting to be allocated: about what it adds to a card on average."""
WIN_TEMPERATURE = 4.0
"""VP lead that makes one player about e times likelier to win than another (search rewards)."""


def colour_distances(grid: Sequence[int], anomaly: Sequence[int] | None, shielded: int,
                     shapes: Sequence[G.Shape]) -> list[int]:
    """For each colour, the fewest swaps to complete a Strand of it (0: one is waiting);
    the exact count of ``locked.actions_to_strand``, per colour."""
    colour_mask = [0] * G.NUM_COLOURS
    symbol_mask = [0] * G.NUM_SYMBOLS
    avail = [[0] * G.NUM_SYMBOLS for _ in range(G.NUM_COLOURS)]
    holes = 0
    free = G.ALL_CELLS & ~shielded
    for i, d in enumerate(grid):
        if d >= 0:
            c, s = divmod(d, G.NUM_SYMBOLS)
            colour_mask[c] |= 1 << i
            if free >> i & 1:
                symbol_mask[s] |= 1 << i
                avail[c][s] += 1
        else:
            holes |= 1 << i
    if anomaly is not None:
        for d in anomaly:
            if d >= 0:
                avail[d // G.NUM_SYMBOLS][d % G.NUM_SYMBOLS] += 1
    best = [9] * G.NUM_COLOURS
    for shape in shapes:
        m = shape.mask
        if m & holes:
            continue
        size = len(shape.cells)
        need = [(m & sm).bit_count() for sm in symbol_mask]
        for c in range(G.NUM_COLOURS):
            wrong = size - (m & colour_mask[c]).bit_count()
            if wrong >= best[c] or m & shielded & ~colour_mask[c]:
                continue
            a = avail[c]
            if need[0] <= a[0] and need[1] <= a[1] and need[2] <= a[2]:
                best[c] = wrong
    return best


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
            gain = SET_VP[min(4, held[w] + 1)] - SET_VP[min(4, held[w])]
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
        else:
            frac, left = 0.0, 1
        time = min(turns_left, K.DANGER - mc.space + 1)
        chance = min(1.0, 0.15 + time / (left + 0.5))
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
    from ludoverse.games.paradox.matrix import anomaly_open, shapes_in_play, shielded_mask

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


def rollout_action(state: ParadoxState, rng: random.Random) -> int:
    """A quick sensible move for playouts: spend pending resources where they fit (else let
    them go), draft at random, and end the Matrix phase after random swaps."""
    legal = state.legal_actions()
    if state.phase == MATRIX:
        swaps = [a for a in legal if a < A.END_PHASE]
        resolves = [a for a in swaps if a >= A.RESOLVE]
        if resolves:
            return rng.choice(resolves)
        if swaps and state.actions_left > 0:
            return rng.choice(swaps)
        return A.END_PHASE
    keep = [a for a in legal if a != A.ALLOC_LOSE]
    return rng.choice(keep or legal)
