"""Phase 4 and after: the Solar Mass Bonus, the end of a round, and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.core.api import Outcome
from ludoverse.core.outcome import places
from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive.effects import free_spaces
from ludoverse.games.ultramassive.phases import REPOSITION, ROUNDS

if TYPE_CHECKING:
    from ludoverse.games.ultramassive.state import UltramassiveState

BONUS_PER_SIZE = 3
REPOSITION_ROUNDS = (2, 4)


def solar_mass_bonus(s: UltramassiveState) -> None:
    """UM-BONUS-1, UM-BONUS-2: +3 Solar Mass for each larger Black Hole; sizes are read for
    everyone first, so a bonus that expands a player changes nobody else's bonus."""
    sizes = list(s.size)
    if len(set(sizes)) == 1:
        s.log("bonus_skipped", reason="all Black Holes are the same size")
        return
    for p in range(s.n):
        bonus = BONUS_PER_SIZE * sum(1 for q in range(s.n) if sizes[q] > sizes[p])
        if bonus:
            s.sm[p] += bonus
            s.log("bonus", seat=p, solar_mass=bonus)


def begin_reposition(s: UltramassiveState) -> None:
    """UM-ROUND-2: after Rounds 2 and 4 every Wormhole reopens and may be moved."""
    for p in range(s.n):
        s.worm_open[p] = [True] * 4
        s.moved[p] = [False] * 4
    s.log("wormholes_reopen")
    s.phase = REPOSITION
    s.order = s.turn_order()
    s.idx = 0
    s.actor = s.order[0]
    s.done = False


def reposition_legal(s: UltramassiveState) -> list[int]:
    """The Wormholes not moved yet (if any space is free to take one), then stopping."""
    p = s.actor
    out = [A.WORMHOLE + w for w in range(4) if not s.moved[p][w]] if free_spaces(s, p) else []
    out.append(A.STOP)  # after the Wormholes: STOP is the larger id
    return out


def reposition(s: UltramassiveState, a: int) -> None:
    p = s.actor
    if a == A.STOP:
        s.done = True
        return
    w = a - A.WORMHOLE
    s.moved[p][w] = True
    s.stack.append(("move_to", w))


def outcome(s: UltramassiveState) -> Outcome:
    if s.n == 1:
        from ludoverse.games.ultramassive.solo import outcome as solo_outcome

        return solo_outcome(s)
    return ranked(s)


def tiebreak_keys(s: UltramassiveState) -> list[tuple[int, int, int, int]]:
    """UM-END-2..5: Solar Mass, then Solar Mass left on the board, then Discovery spent on
    Anomalies, then open Wormholes."""
    return [(s.sm[p], B.board_value(s.boards[p]), s.spent[p], sum(s.worm_open[p]))
            for p in range(s.n)]


def ranked(s: UltramassiveState) -> Outcome:
    keys = tiebreak_keys(s)
    ranking = places(keys)
    winners = tuple(p for p in range(s.n) if ranking[p] == 1)
    best = max(k[0] for k in keys)
    tied = [p for p in range(s.n) if keys[p][0] == best]
    trace: list[str] = []
    names = ("Solar Mass left on the board", "Discovery spent on Anomalies", "open Wormholes")
    for level, name in enumerate(names, start=1):
        if len(tied) < 2:
            break
        top = max(keys[p][level] for p in tied)
        trace.append(f"tied on {', '.join(f'seat {p}' for p in tied)}: {name} "
                     + ", ".join(f"{keys[p][level]}" for p in tied))
        tied = [p for p in tied if keys[p][level] == top]
    if len(winners) > 1:
        trace.append("still tied: the win is shared")
        reason = "shared win on " + str(best) + " Solar Mass"
    elif trace:
        reason = f"seat {winners[0]} wins the tie on {best} Solar Mass"
    else:
        reason = f"seat {winners[0]} has the most Solar Mass ({best})"
    return Outcome(scores=tuple(float(k[0]) for k in keys), ranking=ranking, winners=winners,
                   reason=reason, tiebreak_trace=tuple(trace))


def last_round(s: UltramassiveState) -> bool:
    return s.round >= ROUNDS
