"""The order of a turn: who drafts and who plays their Matrix next, the end of each player's
Matrix phase (cards shift right and may be Lost), and the Chief Scientist's Cleanup."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox import wormhole

if TYPE_CHECKING:
    from ludoverse.games.paradox.state import MatCard, ParadoxState


def start_turn(s: ParadoxState) -> None:
    """PX-WORM-1, PX-WORM-2: the Research Hand (not automatic with 2 players), then the draft
    from the Chief Scientist's left."""
    from ludoverse.games.paradox.state import DRAFT

    s.log("turn", turn=s.turn, chief_scientist=s.cs)
    s.phase = DRAFT
    if s.n > 2:
        wormhole.draw_hand(s)
    s.picker = (s.cs + 1) % s.n


def after_pick(s: ParadoxState, seat: int) -> None:
    from ludoverse.games.paradox import matrix

    if s.opts.phase_mode == "speed_variant":  # PX-VAR-5: your Matrix phase follows your pick
        matrix.begin(s, seat)
        return
    if seat != s.cs:
        s.picker = (seat + 1) % s.n
        return
    s.matrix_queue = [(s.cs + k) % s.n for k in range(1, s.n + 1)]  # PX-MATRIX-1
    matrix.begin(s, s.matrix_queue.pop(0))


def end_matrix_phase(s: ParadoxState) -> None:
    """PX-LOST-1..4: shift the mat right, lose what falls off Danger!, return the mat's
    discard pile to the bag, pass the bag on."""
    from ludoverse.games.paradox import matrix
    from ludoverse.games.paradox.state import DRAFT

    seat = s.mover
    kept = []
    for mc in s.mats[seat]:
        mc.space += 1
        if mc.space > K.DANGER:
            lose(s, seat, mc)
        else:
            kept.append(mc)
    s.mats[seat] = kept
    s.bag += s.mat_discard[seat]
    s.mat_discard[seat] = []
    s.log("end_matrix_phase", seat=seat)
    if s.opts.phase_mode == "speed_variant":
        if seat != s.cs:
            s.phase = DRAFT
            s.picker = (seat + 1) % s.n
            return
    elif s.matrix_queue:
        matrix.begin(s, s.matrix_queue.pop(0))
        return
    cleanup(s)


def lose(s: ParadoxState, seat: int, mc: MatCard) -> None:
    """A card Lost from the mat: to the Wormhole discard pile, its resources to the mat's
    discard pile, its Alliance tokens back to the table, a Nexus's shield token off the Matrix."""
    card = mc.card
    s.mat_discard[seat] += mc.discs + mc.marks
    for colour in mc.allies:
        s.ally_on_card[colour] = False
    if K.is_nexus(card):
        unlock(s, seat, card)
    s.discard.append(card)
    s.log("lost", seat=seat, card=card)


def unlock(s: ParadoxState, seat: int, card: int) -> None:
    locks = s.locks[seat]
    for c in range(G.CELLS):
        if locks[c] == card:
            locks[c] = -1


def cleanup(s: ParadoxState) -> None:
    """PX-CLEAN-1..5, by the Chief Scientist after their own Matrix phase."""
    from ludoverse.games.paradox import scoring

    if s.turn >= 12:  # PX-CLEAN-5: the Quake dissipates after the 12th turn
        scoring.end_game(s)
        return
    s.gone += s.nebulas  # Nebulas leave the game
    s.nebulas = []
    s.discard += [c for c in s.unstable if c >= 0]
    s.unstable = list(s.stable)
    s.stable = [-1] * 4
    left = [c for c in s.unstable if c >= 0]  # what the draft left slides together
    s.unstable = left + [-1] * (4 - len(left))
    note = wormhole.fill(s)  # one entry for what the refill turned up (PX-KNOW-7)
    s.log("wormhole", stable=list(s.stable), unstable=list(s.unstable), **note)
    s.turn += 1
    s.cs = (s.cs + 1) % s.n
    start_turn(s)
