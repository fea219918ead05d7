"""Solo mode: Resource cards instead of the draft, Challenges, and a win or a loss.

Each round the player draws two Resource cards and keeps one, gaining all of it (UM-SOLO-4).
A Challenge pays its Solar Mass once, the moment its conditions hold; an end-of-round
Challenge is checked once the Actions phase is over (UM-SOLO-6, UM-SOLO-7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.core.api import Outcome
from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import effects as E
from ludoverse.games.ultramassive.phases import SOLO_RESOURCE

if TYPE_CHECKING:
    from ludoverse.games.ultramassive.state import UltramassiveState

GOALS = {"normal": (3, 80), "hard": (5, 100)}
"""Challenges to complete and Solar Mass to reach (UM-SOLO-8)."""
OFFER = 2


def begin_round(s: UltramassiveState) -> None:
    s.phase = SOLO_RESOURCE
    s.actor = 0
    s.resource_offer = [s.resource_deck.pop() for _ in range(min(OFFER, len(s.resource_deck)))]
    s.log("resource_cards", visible_to=0,
          cards=[s.content.resource_cards[r].id for r in s.resource_offer])


def legal(s: UltramassiveState) -> list[int]:
    return sorted(A.RESOURCE_CARD + r for r in s.resource_offer)


def choose(s: UltramassiveState, a: int) -> None:
    r = a - A.RESOURCE_CARD
    s.resource_used.append(r)
    s.resource_offer = []
    s.log("resource_card", seat=0, card=s.content.resource_cards[r].id)
    items = s.rules.resource_cards[r]
    if len(items) > 1:
        s.stack.append(("any_order", items))  # UM-SOLO-5: in any order
    else:
        E.push(s, items)


def check_challenges(s: UltramassiveState, when: str) -> bool:
    """Complete every Challenge of this timing whose conditions hold; True if any did.

    Each condition is a quantity now or a counter of this round or the game, between its
    bounds (``compiled.Rules.challenges``)."""
    paid = False
    checks = s.rules.challenges
    completed = s.completed
    for k, c in enumerate(s.challenges):
        if completed[k]:
            continue
        timing, reward, name, conditions = checks[c]
        if timing != when:
            continue
        for now, counter, this_round, at_least, at_most in conditions:
            if now is not None:
                value = E.quantity(s, 0, now)
            else:
                value = (s.stats_round[0] if this_round else s.stats_game[0]).get(counter, 0)
            if not at_least <= value <= at_most:
                break
        else:
            completed[k] = True
            s.sm[0] += reward
            s.log("challenge", seat=0, challenge=name, solar_mass=reward)
            paid = True
    return paid


def outcome(s: UltramassiveState) -> Outcome:
    need_challenges, need_sm = GOALS[s.opts.solo_difficulty]
    done = sum(s.completed)
    won = done >= need_challenges and s.sm[0] >= need_sm
    reason = (f"{'won' if won else 'lost'}: {done} of {need_challenges} Challenges, "
              f"{s.sm[0]} of {need_sm} Solar Mass ({s.opts.solo_difficulty})")
    return Outcome(scores=(float(s.sm[0]),), ranking=(1,), winners=(0,) if won else (),
                   reason=reason)
