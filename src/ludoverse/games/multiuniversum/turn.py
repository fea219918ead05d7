"""A Multiuniversum turn (MU-TURN, MU-TOOL, MU-DECK), its end, the end of the game (MU-END)
and the virtual scientist's turn in the solo mode (MU-SOLO)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.multiuniversum import abilities, card_actions, scoring
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.phases import ACTIONS_PER_TURN, HAND

if TYPE_CHECKING:
    from ludoverse.games.multiuniversum.state import MultiuniversumState as S

VIRTUAL_TOOLS = 2
"""Cards the virtual scientist takes as tools each turn (MU-SOLO-3)."""


# The actions of a turn (MU-TURN-1, MU-TOOL-1 to MU-TOOL-4) ------------------------------------


def legal(s: S) -> list[int]:
    if s.actions >= ACTIONS_PER_TURN:
        return [A.PASS]
    hand = sorted(s.hands[s.active])
    rows = s.T.rows
    t = s.pos[s.active]
    # Cards share row actions: ask once per action whether it is offered (MU-TURN-4).
    offered: list[bool | None] = [None] * P.ROW_ACTIONS
    out = []
    for c in hand:
        action = rows[c][t]
        ok = offered[action]
        if ok is None:
            ok = offered[action] = card_actions.offered(s, action)
        if ok:
            out.append(A.PLAY + c)
    out += [A.PREPARE + c for c in hand]
    out += [A.DISCARD + c for c in hand]
    out.append(A.PASS)
    if s.opts.recycle_mode == "free_anytime" and s.discard:  # MU-OPT-2
        out.append(A.FREE_RECYCLE)
    return out


def play(s: S, a: int) -> None:
    p = s.active
    if a == A.PASS:
        s.log("passed", seat=p, actions=s.actions)
        s.actions = ACTIONS_PER_TURN
        return
    s.actions += 1
    if a == A.FREE_RECYCLE:
        s.log("free_recycle", seat=p)
        s.phase = P.RECYCLE
        return
    kind, c = divmod(a - A.PLAY, A.CARDS)
    s.hands[p].remove(c)
    s.revealed[c] = False
    if kind == 0:  # MU-ACTION-1: into the play area, for the row of the transformer
        s.area[p].append(c)
        s.played.append(c)
        action = s.T.rows[c][s.pos[p]]
        s.log("played", seat=p, card=c, transformer=s.pos[p] + 1, action=action)
        card_actions.start(s, action)
    elif kind == 1:  # MU-TOOL-1
        s.tools[p].append(c)
        s.log("prepared_tool", seat=p, card=c, tool=s.T.tool[c])
    else:  # MU-TOOL-3
        s.discard.append(c)
        s.log("discarded", seat=p, card=c)
        s.draw(p)


# The end of a turn (MU-TURN-5) ----------------------------------------------------------------


def run(s: S) -> None:
    """Carry the game on until someone must decide: the end of a finished turn, the virtual
    scientist's turn and the start of the next turn need no decision."""
    if s.phase == P.TURN and s.actions >= ACTIONS_PER_TURN:
        end_of_turn(s)


def end_of_turn(s: S) -> None:
    if s.keep5 and abilities.tool_choices(s):  # MU-ABILITY-6: choose before the discard
        s.phase = P.KEEP_TOOL
        return
    finish_turn(s)


def finish_turn(s: S) -> None:
    p = s.active
    s.phase = P.TURN
    s.played = []
    if s.opts.played_card_timing == "end_of_turn" and s.area[p]:  # MU-DECK-2
        s.discard.extend(s.area[p])
        s.log("played_cards_discarded", seat=p, cards=list(s.area[p]))
        s.area[p] = []
    while len(s.hands[p]) < HAND:  # MU-DECK-3
        if s.draw(p) < 0:
            break
    if s.end_after == p:  # MU-END-2, MU-END-3
        game_over(s, "end")
        return
    if s.n == 1:  # MU-SOLO-2: the virtual scientist's turn completes the round
        solo_turn(s)
        if s.end_reason:
            return
    if s.end_after < 0 and s.opts.round_limit and s.turn + 1 >= s.opts.round_limit * s.n:
        game_over(s, "round_limit")  # MU-END-7
        return
    next_turn(s)


def next_turn(s: S) -> None:
    s.active = p = (s.active + 1) % s.n
    s.turn += 1
    s.actions = 0
    s.keep5 = 0
    s.played = []
    if s.area[p]:  # MU-OPT-5: start_of_turn timing
        s.discard.extend(s.area[p])
        s.log("played_cards_discarded", seat=p, cards=list(s.area[p]))
        s.area[p] = []
    s.log("turn_start", seat=p, turn=s.turn + 1)
    if no_one_can_act(s):  # MU-END-6
        game_over(s, "no_cards")


def no_one_can_act(s: S) -> bool:
    """MU-END-6: nothing can ever change again. No player can act without an action card in
    a hand, a play area, the deck or the discard pile; in the solo mode the virtual scientist
    is an actor too: it visits every transformer in turn, so while its tools cover a face-up
    portal it will seal it (and the spent tools go to the discard pile)."""
    if s.deck or s.discard or any(s.hands) or any(s.area):
        return False
    return not (s.n == 1 and virtual_can_seal(s))


def virtual_can_seal(s: S) -> bool:
    """MU-SOLO-3: the virtual scientist's tools cover the face-up portal of some transformer
    (all five lie on its way round)."""
    v = 1
    have = [0] * A.TRANSFORMERS
    for c in s.tools[v]:
        have[s.T.tool[c]] += 1
    return any(st and all(h >= k for h, k in zip(have, s.T.need[st[-1]], strict=True))
               for st in s.stacks)


# The end of the game (MU-END) -----------------------------------------------------------------


def end_threshold(s: S) -> int:
    """MU-END-1: empty stacks that end the game."""
    return 2 if s.n == 2 else 3


def check_trigger(s: S) -> None:
    """Called when a Seal has emptied a stack (MU-END-1 to MU-END-4, MU-SOLO-5)."""
    if s.end_turn >= 0 or s.empty_stacks() < end_threshold(s):
        return
    s.end_turn = s.turn
    mode = "immediate" if s.n == 1 else s.opts.end_mode
    s.log("end_triggered", seat=s.active, empty_stacks=s.empty_stacks(), end_mode=mode)
    if mode == "immediate":
        game_over(s, "end")
    elif mode == "finish_round":
        s.end_after = (s.first - 1) % s.n
    else:
        s.end_after = (s.active - 1) % s.n


def game_over(s: S, reason: str) -> None:
    s.end_reason = reason
    if s.opts.variant == "deadly_portals":  # MU-VAR-2
        scoring.deadly_portals(s)
    if s.opts.set_assignment == "player_choice" and s.opts.set_scoring:  # MU-OPT-7
        s.phase = P.SETS
        s.set_seat = s.first
        s.forming = []
        s.log("form_sets", seat=s.first)
        return
    s.phase = P.OVER
    s.log("game_over", reason=reason)


# The virtual scientist (MU-SOLO-3, MU-SOLO-4) ------------------------------------------------


def solo_turn(s: S) -> None:
    v = 1
    for _ in range(VIRTUAL_TOOLS):
        card = s.draw(v)
        if card < 0:
            break
        s.tools[v].append(card)
        s.log("virtual_tool", card=card, tool=s.T.tool[card])
    t = s.pos[v]
    portal = s.face_up(t)
    if portal >= 0 and card_actions.can_seal(s, v):
        left = list(s.T.need[portal])
        tools = s.tools[v]
        kinds = s.T.tool
        for c in list(tools):  # the earliest placed first
            if left[kinds[c]]:
                left[kinds[c]] -= 1
                tools.remove(c)
                s.discard.append(c)
        card_actions.seal(s, v, portal)
        if s.end_reason:
            return
    s.pos[v] = (t + 1) % A.TRANSFORMERS
    s.log("virtual_moved", transformer=s.pos[v] + 1)
