"""The round's phase machine: who decides next, and what happens between decisions.

A decision is either a pending step of an effect (``s.stack``, see ``effects``) or the
phase's own question to ``s.actor`` (which space to draft, which Anomaly to discover, what to
do next in the Actions phase ...). :func:`advance` carries everything that needs no decision
forward until someone has to choose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import actions_phase, discovery, draft, rounds, solo
from ludoverse.games.ultramassive import effects as E
from ludoverse.games.ultramassive.phases import (
    ACTIONS,
    BONUS,
    DISCOVERY,
    DRAFT,
    GAIN,
    OVER,
    REPOSITION,
    SOLO_RESOURCE,
    WORMHOLES,
)

if TYPE_CHECKING:
    from ludoverse.games.ultramassive.state import UltramassiveState


def legal(s: UltramassiveState) -> list[int]:
    if s.stack:
        return E.decision_options(s, s.stack[-1])
    ph = s.phase
    if ph == ACTIONS:
        return actions_phase.legal(s)
    if ph == GAIN:
        return draft.gain_legal(s)
    if ph == DRAFT:
        return draft.legal(s)
    if ph == DISCOVERY:
        return discovery.legal(s)
    if ph == WORMHOLES:
        return [A.SPACE + c for c in E.free_spaces(s, s.actor)]
    if ph == SOLO_RESOURCE:
        return solo.legal(s)
    if ph == REPOSITION:
        return rounds.reposition_legal(s)
    return []


def apply(s: UltramassiveState, a: int) -> None:
    if s.stack:
        E.decide(s, a)
    else:
        ph = s.phase
        if ph == ACTIONS:
            actions_phase.apply(s, a)
        elif ph == GAIN:
            draft.gain(s, a)
        elif ph == DRAFT:
            draft.pick(s, a)
        elif ph == DISCOVERY:
            discovery.apply(s, a)
        elif ph == WORMHOLES:
            _place_wormhole(s, a - A.SPACE)
        elif ph == SOLO_RESOURCE:
            solo.choose(s, a)
        elif ph == REPOSITION:
            rounds.reposition(s, a)
    advance(s)


def _place_wormhole(s: UltramassiveState, cell: int) -> None:
    """UM-WORM-1: four Wormholes on four different spaces of the player's choice."""
    p = s.actor
    s.worm[p][s.placed[p]] = cell
    s.placed[p] += 1
    s.log("place_wormhole", seat=p, space=cell)


def advance(s: UltramassiveState) -> None:
    while s.phase != OVER:
        E.run(s)
        if s.stack:
            return
        if _asks(s):
            return
        _next(s)


def _asks(s: UltramassiveState) -> bool:
    """Whether the phase itself has a question for the actor now."""
    ph = s.phase
    if ph == WORMHOLES:
        return s.placed[s.actor] < 4
    if ph == DRAFT:
        return s.idx < len(s.picks)
    if ph == GAIN:
        return bool(s.pending[s.actor])
    if ph == SOLO_RESOURCE:
        return bool(s.resource_offer)
    if ph == BONUS:
        return False
    return not s.done


def _next(s: UltramassiveState) -> None:
    """The actor is finished with this phase: the next player, or the next phase."""
    ph = s.phase
    if ph == DRAFT:
        draft.begin_gain(s)
        return
    if ph == SOLO_RESOURCE:
        _begin(s, DISCOVERY)
        return
    if ph == ACTIONS:
        s.cooldown[s.actor] = [False] * 21
    s.idx += 1
    if s.idx < len(s.order):
        s.actor = s.order[s.idx]
        s.done = False
        if ph == ACTIONS:
            actions_phase.begin_turn(s)
        return
    if ph == WORMHOLES:
        _begin_round(s)
    elif ph == GAIN:
        _begin(s, DISCOVERY)
    elif ph == DISCOVERY:
        _begin(s, ACTIONS)
        actions_phase.begin_turn(s)
    elif ph == ACTIONS:
        _end_actions(s)
    elif ph == BONUS:
        if rounds.last_round(s):
            _finish(s)
        else:
            _end_round(s)
    elif ph == REPOSITION:
        _next_round(s)


def _begin(s: UltramassiveState, phase: int) -> None:
    s.phase = phase
    s.order = s.turn_order()
    s.idx = 0
    s.actor = s.order[0]
    s.done = False


def _begin_round(s: UltramassiveState) -> None:
    """UM-ROUND-1: a new round starts with its Resource Draft (solo: Resource cards)."""
    for p in range(s.n):
        s.stats_round[p] = {}
        s.plays[p] = s.extra_plays[p] = 0
    s.log("round", round=s.round, starting_player=s.start)
    if s.n == 1:
        solo.begin_round(s)
    else:
        draft.begin(s)


def _end_actions(s: UltramassiveState) -> None:
    """UM-END-1: Round 6 ends the game after its Actions phase (no refill, no bonus)."""
    if not rounds.last_round(s):
        actions_phase.refill(s)
    _begin(s, BONUS)
    if s.n == 1:
        solo.check_challenges(s, "end_of_round")  # UM-SOLO-7
    elif not rounds.last_round(s):
        rounds.solar_mass_bonus(s)


def _end_round(s: UltramassiveState) -> None:
    """UM-ROUND-1, UM-ROUND-2: the starting player passes clockwise; after Rounds 2 and 4
    Draft tokens change and Wormholes reopen and may move."""
    s.start = (s.start + 1) % s.n
    if s.round in rounds.REPOSITION_ROUNDS:
        draft.replace_tokens(s)
        rounds.begin_reposition(s)
    else:
        _next_round(s)


def _next_round(s: UltramassiveState) -> None:
    s.round += 1
    _begin_round(s)


def _finish(s: UltramassiveState) -> None:
    s.phase = OVER
    s.actor = -1
    out = rounds.outcome(s)
    s.log("game_over", scores=list(out.scores), winners=list(out.winners), reason=out.reason)
