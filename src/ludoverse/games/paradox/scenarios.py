"""Scenarios: Flares advancing with Strands, and the Triggered Scenarios (Maelstrom, Matrix)
set off by purple Trigger Discs drawn from the bag.

Breakthrough and Parallel Universe need no code of their own beyond their mat cards: the
Matrix phase offers a Breakthrough's rewards, and a Parallel Universe takes resources like a
Timeline (see ``resources``) and scores as a wild card (``scoring``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox import wormhole

if TYPE_CHECKING:
    from ludoverse.games.paradox.state import ParadoxState


def trigger_threshold(s: ParadoxState) -> int:
    """PX-SCEN-9: 3 purple discs with 2 players, 4 with 3 or 4."""
    return 3 if s.n == 2 else 4


# Flares -----------------------------------------------------------------------------------------

def advance_flares(s: ParadoxState, seat: int, colours: set[int], rest: list[int]) -> list[int]:
    """PX-SCEN-4, PX-SCEN-5: each Flare whose next colour was just made advances one step, with
    one of the Strand's spare discs as its marker; its benefit is queued. Returns the discs that
    go to the mat's discard pile."""
    for mc in s.mats[seat]:
        if not K.is_flare(mc.card) or mc.step >= 3:
            continue
        colour = G.COLOURS.index(s.content.flares[mc.card - K.FLARE].colours[mc.step])
        if colour not in colours:
            continue
        mc.step += 1
        for k, d in enumerate(rest):
            if d // G.NUM_SYMBOLS == colour:
                mc.marks.append(rest.pop(k))
                break
        s.flare_queue.append(mc.card)
        s.log("flare_step", seat=seat, card=mc.card, step=mc.step)
    return rest


def score_flare(s: ParadoxState, seat: int, card: int) -> None:
    """The third step: the Flare goes to the score pile (2 VP), its markers to the discard."""
    for mc in s.mats[seat]:
        if mc.card == card:
            s.mats[seat].remove(mc)
            s.mat_discard[seat] += mc.marks
            break
    s.score[seat].append(card)
    s.flare_turn[card] = s.turn
    s.log("flare_scored", seat=seat, card=card)


# Triggered Scenarios ------------------------------------------------------------------------------

def process_triggers(s: ParadoxState) -> None:
    """PX-SCEN-9: when enough purple discs are set aside, the scenario triggers and every
    purple disc goes back into the bag."""
    from ludoverse.games.paradox.state import TRIGGER_DISCS

    while s.trigger_due:
        s.trigger_due = False
        s.bag += [G.PURPLE] * s.purple_aside
        s.purple_aside = 0
        assert s.bag.count(G.PURPLE) <= TRIGGER_DISCS
        if s.opts.triggered_scenario == "matrix":
            _matrix_level(s)
        elif s.opts.triggered_scenario == "maelstrom":
            _maelstrom(s)


def _matrix_level(s: ParadoxState) -> None:
    """PX-SCEN-13: the Level stack turns; the level in force changes how Strands form."""
    stack = s.level_stack
    if s.opts.matrix_scenario_progression == "rotate_then_apply":
        stack.append(stack.pop(0))
        s.level = stack[0]
    else:
        s.level = stack[0]
        stack.append(stack.pop(0))
    s.log("matrix_level", level=s.level)


def _maelstrom(s: ParadoxState) -> None:
    """PX-SCEN-10..12: turn up the top deck card; a Timeline or Nexus gets the next Maelstrom card,
    replacing (and discarding) an unclaimed one.

    Whatever comes out, the trigger is one ``maelstrom`` entry listing the cards turned up
    before anything else changes (PX-KNOW-7): ``card`` and ``maelstrom`` are -1 when it
    fizzles, ``replaced`` is the card under a Maelstrom it removed (or -1)."""
    from ludoverse.games.paradox.resources import clear_maelstrom

    note = wormhole.new_note()
    turned: list[int] = []
    card = -1
    exhausted = not s.maelstrom_deck  # PX-SCEN-11: no Maelstrom card left, nothing happens
    if not exhausted:
        for _ in range(K.NUM_CARDS):
            drawn = wormhole.draw_card(s, note)
            if drawn < 0:
                break
            turned.append(drawn)
            if K.is_timeline(drawn) or K.is_nexus(drawn):
                card = drawn
                break
            s.discard.append(drawn)
            if s.opts.maelstrom_non_timeline == "fizzle":
                break
    replaced = -1
    if card >= 0:
        if s.maelstrom >= 0:
            replaced = s.maelstrom_card
            s.discard.append(replaced)
            clear_maelstrom(s)
        s.maelstrom = s.maelstrom_deck.pop()
        s.maelstrom_card = card
    s.log("maelstrom", turned=turned, card=card, maelstrom=s.maelstrom if card >= 0 else -1,
          replaced=replaced, exhausted=exhausted,
          reshuffled=note["reshuffled"])
