"""Explore, Colonize, Upgrade and Produce, for the active player and for followers
(UR-EXPLORE, UR-COLONIZE, UR-UPGRADE, UR-PRODUCE). The follow cost is paid in ``turn``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import planets as PL
from ludoverse.games.universal_rule import turn

if TYPE_CHECKING:
    from ludoverse.games.universal_rule.state import UniversalRuleState


def explore(s: UniversalRuleState, seat: int, free: bool = False) -> None:
    """UR-EXPLORE-1/2: 1 credit to the bank, one card drawn; UR-BATTLE-5: free after a failed
    attack."""
    if not free:
        s.credits[seat] -= 1
    s.log("explored", seat=seat, free=free)
    s.draw(seat)
    turn.check_hand(s, seat)
    PL.glom(s, seat, A.EXPLORE)


def colonize(s: UniversalRuleState, seat: int, card: int, side: int) -> None:
    """UR-COLONIZE-1/2/3: a card from hand into play on the side paid for."""
    s.credits[seat] -= PL.colonize_cost(s, seat, card, side)
    s.hands[seat].remove(card)
    s.planets[seat].append(card)
    s.owner[card] = seat
    s.side[card] = side
    s.revealed[card] = False
    s.log("colonized", seat=seat, card=card, side=("basic", "upgraded")[side])
    PL.arrive(s, seat, card, side, colonized=True)
    PL.glom(s, seat, A.COLONIZE)


def upgrade(s: UniversalRuleState, seat: int, card: int) -> None:
    """UR-UPGRADE-1/2: turn a basic planet to its upgraded side for the cost difference."""
    s.credits[seat] -= PL.upgrade_cost(s, seat, card)
    s.side[card] = PL.UPGRADED
    s.log("upgraded", seat=seat, card=card)
    PL.arrive(s, seat, card, PL.UPGRADED, colonized=False)
    PL.glom(s, seat, A.UPGRADE)


def produce_gain(s: UniversalRuleState, seat: int, follower: bool = False) -> int:
    """UR-PRODUCE-1/3: the planets' income; 2 with no planets for the active player (and for
    followers with ``produce_follow_no_planets=two``)."""
    if s.planets[seat]:
        return PL.income(s, seat)
    if not follower or s.opts.produce_follow_no_planets == "two":
        return 2
    return 0


def produce(s: UniversalRuleState, seat: int, follower: bool = False) -> None:
    amount = produce_gain(s, seat, follower)
    lost = s.gain(seat, amount)
    s.log("produced", seat=seat, credits=amount, lost=lost)
    PL.glom(s, seat, A.PRODUCE)
