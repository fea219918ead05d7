"""Phase 2, the Matrix: swaps, Strands, drops and refills, and the extra actions scenarios give.

An action is a swap (or spending one on a waiting Strand). Strands it makes resolve at once:
their discs leave, their resources are allocated (``resources``), the Quake moves, the Matrix
drops and refills, and Flare benefits follow; only then comes the next decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox import locked, resources, scenarios, turns
from ludoverse.games.paradox.phases import ALLIANCE_RESOURCE, ALLOCATE, FLARE, MATRIX

if TYPE_CHECKING:
    from ludoverse.games.paradox.state import MatCard, ParadoxState

ACTIONS_PER_TURN = 2
LOCK_LIMIT = 3
"""A Matrix that cannot make a Strand within this many actions may be rebuilt (PX-LOCK-1)."""


# The bag --------------------------------------------------------------------------------------

def draw(s: ParadoxState) -> int:
    """One uniform draw from the bag. A purple Trigger Disc is set aside and counted, and
    another disc is drawn (decision 10). If the bag is empty, the drawing player's mat discard
    pile goes back in first; -1 if there is still nothing to draw. The caller logs what came
    out (PX-KNOW-7)."""
    bag = s.bag
    while True:
        if not bag:
            if s.mover >= 0 and s.mat_discard[s.mover]:
                bag += s.mat_discard[s.mover]
                s.mat_discard[s.mover] = []
            else:
                return G.EMPTY
        i = s.rng.below(len(bag))
        d = bag[i]
        bag[i] = bag[-1]
        bag.pop()
        if d != G.PURPLE:
            return d
        s.purple_aside += 1
        if s.purple_aside >= scenarios.trigger_threshold(s):
            s.trigger_due = True


def drop(grid: list[int], locks: list[int]) -> None:
    """PX-MATRIX-7, PX-MATRIX-9: discs fall to the lowest empty space of their column; a
    shielded disc never moves, so discs above it come to rest on it."""
    for col in range(G.SIZE):
        bottom = G.SIZE - 1  # the lowest free row of the current segment
        for row in range(G.SIZE - 1, -1, -1):
            c = row * G.SIZE + col
            if locks[c] >= 0:
                bottom = row - 1
                continue
            d = grid[c]
            if d >= 0:
                if row != bottom:
                    grid[bottom * G.SIZE + col] = d
                    grid[c] = G.EMPTY
                bottom -= 1


def refill(s: ParadoxState, seat: int, log: bool = True) -> None:
    """Drop, then draw into every empty space, left to right, bottom to top (PX-MATRIX-8).

    What came out of the bag is one ``refill`` entry, logged before anything it sets off (a
    trigger, a Flare benefit): the discs by space and the purple discs set aside (PX-KNOW-7).
    """
    grid = s.matrices[seat]
    drop(grid, s.locks[seat])
    purple = s.purple_aside
    drawn = []
    for c in G.FILL_ORDER:
        if grid[c] == G.EMPTY:
            grid[c] = draw(s)
            drawn.append([c, grid[c]])
    if log:
        s.log("refill", seat=seat, discs=drawn, purple=s.purple_aside - purple)


_IN_PLAY = {(level, mode): G.LEVEL_SHAPES[level] if level == 1 or mode == "replace"
             else G.LEVEL_SHAPES[1] + G.LEVEL_SHAPES[level]
             for level in G.LEVEL_SHAPES for mode in ("replace", "add")}
"""Built once: the same tuple every time lets ``grid`` keep its Strand patterns per tuple."""


def shapes_in_play(s: ParadoxState) -> tuple[G.Shape, ...]:
    """The Strand shapes of the current Matrix level (PX-SCEN-13..15)."""
    return _IN_PLAY[s.level, s.opts.matrix_scenario_mode]


def anomaly_open(s: ParadoxState) -> bool:
    """PX-MATRIX-6: a Nebula on the Anomaly blocks swaps with it for the turn."""
    return not (s.nebulas and s.opts.nebula_effect == "block_anomaly")


def shielded_mask(locks: list[int]) -> int:
    m = 0
    for card, bit in zip(locks, G.BITS, strict=True):
        if card >= 0:
            m |= bit
    return m


def is_locked(s: ParadoxState, seat: int) -> bool:
    return locked.is_locked(s.matrices[seat], s.anomaly if anomaly_open(s) else None,
                            shielded_mask(s.locks[seat]), shapes_in_play(s), LOCK_LIMIT)


# A player's Matrix phase ------------------------------------------------------------------------

def begin(s: ParadoxState, seat: int) -> None:
    s.phase = MATRIX
    s.mover = seat
    s.actions_left = ACTIONS_PER_TURN
    s.locked_offer = s.opts.locked_board_reset == "auto_check" and is_locked(s, seat)
    s.log("matrix_phase", seat=seat, locked=s.locked_offer)


def breakthrough(s: ParadoxState, seat: int) -> MatCard | None:
    for mc in s.mats[seat]:
        if K.is_breakthrough(mc.card):
            return mc
    return None


def spendable_flare(s: ParadoxState, seat: int) -> int:
    """A Flare scored in an earlier turn (PX-SCEN-6), or -1."""
    for card in s.score[seat]:
        if K.is_flare(card) and s.flare_turn.get(card, s.turn) < s.turn:
            return card
    return -1


# Swaps are listed by symbol: a disc only ever swaps with discs of its own symbol, and a swap
# changes the spaces of one symbol, so the other two symbols' lists are asked for again
# unchanged (by the next decision, and by every search iteration from the same position).

SWAP_BASE = tuple(A.SWAP + sum(1 for p in A.PAIRS if p[0] < i) - i - 1 for i in range(G.CELLS))
"""``SWAP_BASE[i] + j`` is the id of the swap of spaces ``i < j`` (pairs are in order)."""
AFTER = tuple(G.ALL_CELLS & ~((2 << i) - 1) for i in range(G.CELLS))
"""The spaces after space ``i``: each pair is listed once, from its first space."""
_SYMBOL_SWAPS: dict[tuple[int, ...], tuple[int, ...]] = {}
_SYMBOL_SWAPS_LIMIT = 100_000
_ANOMALY_SWAPS: dict[int, tuple[int, ...]] = {}


def symbol_swaps(by_colour: tuple[int, ...]) -> tuple[int, ...]:
    """PX-MATRIX-2, PX-MATRIX-3: the swap ids among the discs of one symbol, given the mask of
    unshielded spaces holding each colour of it: any two spaces of different colours."""
    hit = _SYMBOL_SWAPS.get(by_colour)
    if hit is not None:
        return hit
    out = []
    spaces = by_colour[0] | by_colour[1] | by_colour[2] | by_colour[3] | by_colour[4]
    for own in by_colour:
        for i in G.cells_of(own):
            base = SWAP_BASE[i]
            out += [base + j for j in G.cells_of(spaces & ~own & AFTER[i])]
    out.sort()
    if len(_SYMBOL_SWAPS) >= _SYMBOL_SWAPS_LIMIT:
        _SYMBOL_SWAPS.clear()
    hit = _SYMBOL_SWAPS[by_colour] = tuple(out)
    return hit


def anomaly_swaps(spaces: int) -> tuple[int, ...]:
    """The ids of swaps with the Anomaly from the mask ``spaces``, kept like
    :func:`symbol_swaps`."""
    hit = _ANOMALY_SWAPS.get(spaces)
    if hit is None:
        if len(_ANOMALY_SWAPS) >= _SYMBOL_SWAPS_LIMIT:
            _ANOMALY_SWAPS.clear()
        hit = _ANOMALY_SWAPS[spaces] = tuple(A.SWAP_ANOMALY + c for c in G.cells_of(spaces))
    return hit


COLOUR_TYPES = tuple(range(0, G.DISC_TYPES, G.NUM_SYMBOLS))
"""The first disc type of each colour."""


def legal(s: ParadoxState) -> list[int]:
    seat = s.mover
    out: list[int] = []
    if s.actions_left > 0:
        grid = s.matrices[seat]
        locks = s.locks[seat]
        # One pass over the Matrix: the spaces of each disc type (the last slot collects the
        # empty spaces, -1), of each colour, and the shielded ones.
        by_type = [0] * (G.DISC_TYPES + 1)
        shielded = 0
        for d, lock, bit in zip(grid, locks, G.BITS, strict=True):
            by_type[d] |= bit
            if lock >= 0:
                shielded |= bit
        colours = [by_type[k] | by_type[k + 1] | by_type[k + 2] for k in COLOUR_TYPES]
        if shielded:  # PX-MATRIX-4: a shielded disc never moves
            by_type = [m & ~shielded for m in by_type]
        for y in range(G.NUM_SYMBOLS):  # a disc is colour * 3 + symbol
            out += symbol_swaps((by_type[y], by_type[y + 3], by_type[y + 6], by_type[y + 9],
                                 by_type[y + 12]))
        if anomaly_open(s):
            for y, a in enumerate(s.anomaly):
                if a != G.EMPTY:
                    spaces = (by_type[y] | by_type[y + 3] | by_type[y + 6] | by_type[y + 9]
                              | by_type[y + 12]) & ~by_type[a]
                    out += anomaly_swaps(spaces)
        seen = set()
        for shape, _ in G.strands_of(colours, shapes_in_play(s)):  # PX-STRAND-6
            if shape.index not in seen:
                seen.add(shape.index)
                out.append(A.RESOLVE + shape.index)
        if s.locked_offer:
            out.append(A.REBUILD)
    if breakthrough(s, seat) is not None:  # PX-SCEN-2
        out.append(A.BT_EXTRA)
        out += [A.BT_WIPE + k for k in range(len(G.LINES))]
    if spendable_flare(s, seat) >= 0:
        out.append(A.FLARE_SPEND)
    for colour in range(G.NUM_COLOURS):  # PX-ALLY-3
        if (s.ally_holder[colour] == seat and not s.ally_on_card[colour]
                and s.ally_since[colour] < s.turn and resources.targets(s, colour, ally=True)):
            out.append(A.USE_ALLIANCE + colour)
    out.append(A.END_PHASE)
    out.sort()
    return out


def apply(s: ParadoxState, a: int) -> None:
    seat = s.mover
    grid = s.matrices[seat]
    if a < A.SWAP_ANOMALY:
        i, j = A.PAIRS[a - A.SWAP]
        changes: tuple[tuple[int, int, int], ...] = ((i, grid[i], grid[j]),
                                                      (j, grid[j], grid[i]))
        grid[i], grid[j] = grid[j], grid[i]
        s.log("swap", seat=seat, spaces=[i, j])
        _after_move(s, changes)
    elif a < A.RESOLVE:
        i = a - A.SWAP_ANOMALY
        sym = grid[i] % 3
        changes = ((i, grid[i], s.anomaly[sym]),)
        grid[i], s.anomaly[sym] = s.anomaly[sym], grid[i]
        s.log("swap_anomaly", seat=seat, space=i)
        _after_move(s, changes)
    elif a < A.END_PHASE:
        s.actions_left -= 1
        s.locked_offer = False
        resolve(s, _waiting_group(s, a - A.RESOLVE))
    elif a == A.END_PHASE:
        turns.end_matrix_phase(s)
    elif a == A.REBUILD:
        rebuild(s, seat)
    elif a == A.BT_EXTRA:  # PX-SCEN-2: one more action; the card leaves the game
        _use_breakthrough(s, seat)
        s.actions_left += 1
    elif a < A.FLARE_SPEND:
        _use_breakthrough(s, seat)
        wipe(s, seat, G.LINES[a - A.BT_WIPE])
        after_refill(s)
    elif a == A.FLARE_SPEND:  # PX-SCEN-6
        card = spendable_flare(s, seat)
        s.score[seat].remove(card)
        s.gone.append(card)
        s.actions_left += 1
        s.log("flare_spent", seat=seat, card=card)
    else:  # PX-ALLY-3: an Alliance token used as one resource of its colour
        colour = a - A.USE_ALLIANCE
        s.ally_holder[colour] = -1
        s.pending = [ALLIANCE_RESOURCE + colour]
        s.phase = ALLOCATE
        s.log("alliance_used", seat=seat, colour=G.COLOURS[colour])


def _strand_keys(s: ParadoxState, grid: list[int]) -> set[tuple[int, int]]:
    """Every ``(shape, colour)`` complete on the grid, inside a bigger Strand or not: a shape
    that was already complete before a swap is not new after it, so a swap that cuts a
    waiting 5-Strand down to 4 leaves that 4 waiting (PX-STRAND-4)."""
    shapes = shapes_in_play(s)
    keys: set[tuple[int, int]] = set()
    for colour, m in enumerate(G.colour_masks(grid)):
        if m.bit_count() >= 4:
            keys.update((shape.index, colour) for shape in G.complete_shapes(m, shapes))
    return keys


def _after_move(s: ParadoxState, changes: tuple[tuple[int, int, int], ...]) -> None:
    """PX-STRAND-4: the Strands a swap makes are those not on the board before it.

    ``changes`` are the swap's ``(space, old disc, new disc)``. Only the colours that moved in
    can make a Strand: every other colour holds the same spaces as before, or fewer. The
    colour masks before the swap follow from those after it by moving the changed spaces back.
    """
    s.actions_left -= 1
    s.locked_offer = False
    shapes = shapes_in_play(s)
    after = G.colour_masks(s.matrices[s.mover])
    before = list(after)
    for c, old, new in changes:
        before[old // G.NUM_SYMBOLS] ^= 1 << c
        before[new // G.NUM_SYMBOLS] ^= 1 << c
    found = []
    for colour in sorted({new // G.NUM_SYMBOLS for _, _, new in changes}):
        was = {shape.index for shape in G.complete_shapes(before[colour], shapes)}
        found += [(shape, colour) for shape in G.maximal_shapes(after[colour], shapes)
                  if shape.index not in was]
    if found:
        resolve(s, found)
    else:
        to_decision(s)


def _waiting_group(s: ParadoxState, index: int) -> list[tuple[G.Shape, int]]:
    """PX-STRAND-6: the chosen waiting Strand and every waiting Strand of its colour that
    shares a disc with it, directly or through another."""
    waiting = G.strands(s.matrices[s.mover], shapes_in_play(s))
    colour = next(c for shape, c in waiting if shape.index == index)
    group = [G.SHAPES[index]]
    mask = G.SHAPES[index].mask
    rest = [shape for shape, c in waiting if c == colour and shape.index != index]
    grown = True
    while grown:
        grown = False
        for shape in list(rest):
            if shape.mask & mask:
                group.append(shape)
                mask |= shape.mask
                rest.remove(shape)
                grown = True
    return [(shape, colour) for shape in group]


def resolve(s: ParadoxState, found: list[tuple[G.Shape, int]]) -> None:
    """PX-STRAND-1..3, PX-ALLOC-7: the Strands' discs leave the Matrix; each Strand earns its
    resources, a Strand through a Nexus shield repairs that Nexus, Flares advance."""
    seat = s.mover
    grid = s.matrices[seat]
    locks = s.locks[seat]
    removed = 0
    earned: list[int] = []
    taken = 0
    merge = s.opts.overlapping_boxes == "one_strand"
    for shapes, colour in G.one_strand_groups(found, merge):  # PX-STRAND-2, PX-SCEN-17
        best = max(shapes, key=lambda sh: sh.value)
        mask = 0
        for shape in shapes:
            mask |= shape.mask
        removed |= mask
        got = 0
        for c in (*best.cells, *G.cells_of(mask & ~best.mask)):
            if got == best.value:
                break
            if not taken >> c & 1:
                taken |= 1 << c
                earned.append(grid[c])
                got += 1
        s.log("strand", seat=seat, shape=best.index, shapes=[sh.index for sh in shapes],
              colour=G.COLOURS[colour], resources=best.value)
    rest = [grid[c] for c in G.cells_of(removed & ~taken)]
    for c in G.cells_of(removed):
        grid[c] = G.EMPTY
        card = locks[c]
        if card >= 0:  # PX-ALLOC-7: the Nexus is repaired; the Quake does not move
            locks[c] = -1
            _score_from_mat(s, seat, card)
            s.log("nexus_repaired", seat=seat, card=card)
    rest = scenarios.advance_flares(s, seat, {colour for _, colour in found}, rest)
    s.mat_discard[seat] += rest
    s.pending = earned
    s.quake_due = 0
    if earned:
        s.phase = ALLOCATE
    else:
        finish_allocation(s)


def _score_from_mat(s: ParadoxState, seat: int, card: int) -> None:
    mats = s.mats[seat]
    for k, mc in enumerate(mats):
        if mc.card == card:
            del mats[k]
            break
    s.score[seat].append(card)


def finish_allocation(s: ParadoxState) -> None:
    """After the last resource of an action: the Quake moves once (decision 5), the Matrix
    drops and refills (PX-STRAND-8), then Flare benefits and triggers."""
    resources.move_quake(s)
    refill(s, s.mover)
    after_refill(s)


def after_refill(s: ParadoxState) -> None:
    scenarios.process_triggers(s)
    while s.flare_queue and _flare_step(s) == 3:
        scenarios.score_flare(s, s.mover, s.flare_queue.pop(0))
    if s.flare_queue:
        s.phase = FLARE
        return
    to_decision(s)


def _flare_step(s: ParadoxState) -> int:
    card = s.flare_queue[0]
    for mc in s.mats[s.mover]:
        if mc.card == card:
            return mc.step
    return 3


def to_decision(s: ParadoxState) -> None:
    s.phase = MATRIX


def wipe(s: ParadoxState, seat: int, mask: int) -> None:
    """Discard the discs of ``mask`` and refill (Breakthrough, Flare). A Nexus whose shielded
    disc is wiped can no longer be repaired: its card is discarded unscored (PX-SCEN-3)."""
    grid = s.matrices[seat]
    locks = s.locks[seat]
    for c in G.cells_of(mask):
        if grid[c] >= 0:
            s.mat_discard[seat].append(grid[c])
            grid[c] = G.EMPTY
        card = locks[c]
        if card >= 0:
            locks[c] = -1
            mats = s.mats[seat]
            for k, mc in enumerate(mats):
                if mc.card == card:
                    del mats[k]
                    break
            s.discard.append(card)
            s.log("nexus_wiped", seat=seat, card=card)
    s.log("wipe", seat=seat, spaces=G.cells_of(mask))
    refill(s, seat)


def _use_breakthrough(s: ParadoxState, seat: int) -> None:
    mc = breakthrough(s, seat)
    assert mc is not None
    s.mats[seat].remove(mc)
    s.gone.append(mc.card)
    s.log("breakthrough", seat=seat, card=mc.card)


def rebuild(s: ParadoxState, seat: int) -> None:
    """PX-LOCK-1: every disc of the Matrix back into the bag, and a new Matrix drawn; shield
    tokens stay on their spaces."""
    grid = s.matrices[seat]
    s.bag += [d for d in grid if d >= 0]
    for c in range(G.CELLS):
        grid[c] = G.EMPTY
    purple = s.purple_aside
    for c in G.FILL_ORDER:
        grid[c] = draw(s)
    s.log("rebuild", seat=seat, discs=[[c, grid[c]] for c in G.FILL_ORDER],
          purple=s.purple_aside - purple)  # PX-KNOW-7: what came out, before any trigger
    scenarios.process_triggers(s)
    s.locked_offer = is_locked(s, seat)


# Flare benefits -------------------------------------------------------------------------------

def flare_legal(s: ParadoxState) -> list[int]:
    seat = s.mover
    if _flare_step(s) == 1:  # discard one disc (not a shielded one, decision 11)
        grid, locks = s.matrices[seat], s.locks[seat]
        out = [A.FLARE_DISC + c for c in range(G.CELLS) if grid[c] >= 0 and locks[c] < 0]
    else:
        out = [A.FLARE_LINE + k for k in range(len(G.LINES))]
    out.append(A.FLARE_DECLINE)
    return out


def flare_apply(s: ParadoxState, a: int) -> None:
    seat = s.mover
    card = s.flare_queue.pop(0)
    if a == A.FLARE_DECLINE:
        s.log("flare_declined", seat=seat, card=card)
    elif a < A.FLARE_LINE:
        s.log("flare_benefit", seat=seat, card=card, space=a - A.FLARE_DISC)
        wipe(s, seat, 1 << (a - A.FLARE_DISC))
    else:
        s.log("flare_benefit", seat=seat, card=card, line=A.line_name(a - A.FLARE_LINE))
        wipe(s, seat, G.LINES[a - A.FLARE_LINE])
    after_refill(s)
