"""Allocating Strand resources: repairing Timelines, stabilising and shielding Worlds,
Alliances, the Maelstrom; and the Quake that each repaired Timeline sets moving.

Resources are allocated one at a time (decision 6), each a decision of the player who made the
Strand; the Quake moves once per action, after the last of them (decision 5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G

if TYPE_CHECKING:
    from ludoverse.games.paradox.state import MatCard, ParadoxState

PARALLEL_COST = 3
"""A Parallel Universe needs 3 black or white resources (PX-SCEN-7)."""


def card_accepts(s: ParadoxState, mc: MatCard, colour: int) -> bool:
    """PX-ALLOC-2, PX-ALLOC-4: what a card on the mat still needs of this colour."""
    card = mc.card
    if K.is_parallel(card):
        return colour in G.WORLD_COLOURS and len(mc.discs) + len(mc.allies) < PARALLEL_COST
    if not K.is_timeline(card):
        return False
    cost = s.content.timeline_costs[card]
    placed = mc.placed()
    if placed[colour] < cost[colour] and missing(cost, placed) > 0:
        return True
    return (colour in G.WORLD_COLOURS and K.era_of(card) == K.PAST
            and s.opts.black_white_on_past == "wild_on_past" and missing(cost, placed) > 0)


def missing(cost: tuple[int, ...] | list[int], placed: list[int]) -> int:
    """Resources a card still lacks: black and white beyond their printed need stand in for
    any colour (only ever placed on a Past Timeline under ``wild_on_past``)."""
    short = sum(max(0, cost[c] - placed[c]) for c in range(G.NUM_COLOURS))
    wild = sum(max(0, placed[c] - cost[c]) for c in G.WORLD_COLOURS)
    return short - wild


def is_repaired(s: ParadoxState, mc: MatCard) -> bool:
    if K.is_parallel(mc.card):
        return len(mc.discs) + len(mc.allies) >= PARALLEL_COST
    return missing(s.content.timeline_costs[mc.card], mc.placed()) <= 0


def targets(s: ParadoxState, colour: int, ally: bool = False) -> list[int]:
    """Action ids a resource of ``colour`` may go to (``ally``: an Alliance token)."""
    seat = s.mover
    out = [A.ALLOC_CARD + mc.card for mc in s.mats[seat] if card_accepts(s, mc, colour)]
    if colour in G.WORLD_COLOURS and not s.opts.take_your_child_to_work:  # PX-ALLOC-3
        free = s.shields_free() > 0
        for w in range(15):
            if s.fractured[w] or (s.world_shield[w] < 0 and free):
                out.append(A.ALLOC_WORLD + w)
    if s.opts.alliances and not ally and not s.ally_on_card[colour] \
            and s.ally_holder[colour] != seat:  # PX-ALLY-2, PX-ALLY-4
        out.append(A.ALLOC_ALLIANCE)
    if s.maelstrom >= 0:
        cost = s.content.maelstroms[s.maelstrom].cost.counts()
        have = [0] * G.NUM_COLOURS
        for d in s.maelstrom_res[seat]:
            have[d // G.NUM_SYMBOLS if d < 100 else d - 100] += 1
        if have[colour] < cost[colour]:
            out.append(A.ALLOC_MAELSTROM)
    out.sort()
    return out


def legal(s: ParadoxState) -> list[int]:
    from ludoverse.games.paradox.state import ALLIANCE_RESOURCE

    r = s.pending[0]
    if r >= ALLIANCE_RESOURCE:
        return targets(s, r - ALLIANCE_RESOURCE, ally=True)
    return [*targets(s, r // G.NUM_SYMBOLS), A.ALLOC_LOSE]  # PX-ALLOC-5


def apply(s: ParadoxState, a: int) -> None:
    """Place ``s.pending[0]``; after the last one, the action goes on (Quake, refill)."""
    from ludoverse.games.paradox import matrix
    from ludoverse.games.paradox.state import ALLIANCE_RESOURCE

    seat = s.mover
    r = s.pending.pop(0)
    ally = r >= ALLIANCE_RESOURCE
    colour = r - ALLIANCE_RESOURCE if ally else r // G.NUM_SYMBOLS
    cname = G.COLOURS[colour]
    if a == A.ALLOC_LOSE:
        s.mat_discard[seat].append(r)
        s.log("resource_lost", seat=seat, colour=cname)
    elif a < A.ALLOC_WORLD:
        card = a - A.ALLOC_CARD
        mc = next(m for m in s.mats[seat] if m.card == card)
        if ally:
            mc.allies.append(colour)
            s.ally_on_card[colour] = True
        else:
            mc.discs.append(r)
        s.log("allocate", seat=seat, colour=cname, card=card)
        if is_repaired(s, mc):
            _repair(s, seat, mc)
    elif a < A.ALLOC_ALLIANCE:
        _world(s, seat, a - A.ALLOC_WORLD, cname)
        if not ally:
            s.mat_discard[seat].append(r)
    elif a == A.ALLOC_ALLIANCE:
        _alliance(s, seat, colour)
        s.mat_discard[seat].append(r)
    else:
        _maelstrom(s, seat, r, colour)
    if not s.pending:
        if ally:  # an Alliance token is used outside an action: the Quake moves now
            move_quake(s)
            matrix.to_decision(s)
        else:
            matrix.finish_allocation(s)


def _repair(s: ParadoxState, seat: int, mc: MatCard) -> None:
    """PX-ALLOC-6, PX-QUAKE-1: the card scores; its discs go to the mat's discard pile, its
    Alliance tokens back to the table, and a Timeline adds its steps to the Quake."""
    s.mats[seat].remove(mc)
    s.score[seat].append(mc.card)
    s.mat_discard[seat] += mc.discs
    for colour in mc.allies:
        s.ally_on_card[colour] = False
    if K.is_timeline(mc.card):
        s.quake_due += K.QUAKE_STEPS[K.era_of(mc.card)]
    s.log("repaired", seat=seat, card=mc.card)


def _world(s: ParadoxState, seat: int, w: int, cname: str) -> None:
    """PX-ALLOC-3: stabilise a Fractured World, else shield a Stable one."""
    if s.fractured[w]:
        s.fractured[w] = False
        s.log("stabilised", seat=seat, world=w, colour=cname)
    else:
        s.world_shield[w] = seat
        s.log("shielded", seat=seat, world=w, colour=cname)


def _alliance(s: ParadoxState, seat: int, colour: int) -> None:
    """PX-ALLY-2, PX-ALLY-4: take the token from the table, or break another's Alliance."""
    holder = s.ally_holder[colour]
    if holder < 0:
        s.ally_holder[colour] = seat
        s.ally_since[colour] = s.turn
        s.log("alliance", seat=seat, colour=G.COLOURS[colour])
    else:
        s.ally_holder[colour] = -1
        s.log("alliance_broken", seat=seat, colour=G.COLOURS[colour], holder=holder)


def _maelstrom(s: ParadoxState, seat: int, r: int, colour: int) -> None:
    """PX-SCEN-10: pay the Maelstrom's cost to score its card; the Quake does not move."""
    from ludoverse.games.paradox.state import ALLIANCE_RESOURCE

    s.maelstrom_res[seat].append(r)
    s.log("allocate_maelstrom", seat=seat, colour=G.COLOURS[colour])
    cost = s.content.maelstroms[s.maelstrom].cost.counts()
    have = [0] * G.NUM_COLOURS
    for d in s.maelstrom_res[seat]:
        have[d - ALLIANCE_RESOURCE if d >= ALLIANCE_RESOURCE else d // G.NUM_SYMBOLS] += 1
    if all(have[c] >= cost[c] for c in range(G.NUM_COLOURS)):
        s.score[seat].append(s.maelstrom_card)
        s.log("maelstrom_claimed", seat=seat, card=s.maelstrom_card)
        clear_maelstrom(s)


def clear_maelstrom(s: ParadoxState) -> None:
    """The discs on a claimed or replaced Maelstrom go back into the bag (PX-SCEN-11); Alliance
    tokens paid to it went back to the table when they were paid."""
    from ludoverse.games.paradox.state import ALLIANCE_RESOURCE

    for p in range(s.n):
        s.bag += [r for r in s.maelstrom_res[p] if r < ALLIANCE_RESOURCE]
        s.maelstrom_res[p] = []
    s.maelstrom = -1
    s.maelstrom_card = -1


def move_quake(s: ParadoxState) -> None:
    """PX-QUAKE-1..3: clockwise by the action's sum; it fractures a Stable World, breaks a
    shield instead, and cannot hurt a Fractured World."""
    steps = s.quake_due
    s.quake_due = 0
    if not steps or s.opts.take_your_child_to_work:
        return
    s.quake = (s.quake + steps) % s.content.quake_track.spaces
    w = s.world_at[s.quake]
    effect = "none"
    if w >= 0:
        if s.world_shield[w] >= 0:
            s.world_shield[w] = -1
            effect = "shield_broken"
        elif not s.fractured[w]:
            s.fractured[w] = True
            effect = "fractured"
    s.log("quake", steps=steps, space=s.quake, world=w, effect=effect)
