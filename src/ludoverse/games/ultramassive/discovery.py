"""Phase 2, Discovery: each player may discover one Anomaly, paying its Discovery cost.

Tiers of a type come in order: Tier 1, then one of 2A or 2B, then 3, then 4 (UM-DISC-3,
UM-DISC-4). Anomaly ``i`` is type ``i // 5`` and tier slot ``i % 5`` (1, 2A, 2B, 3, 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import effects as E

if TYPE_CHECKING:
    from ludoverse.games.ultramassive.state import UltramassiveState

TIER_1, TIER_2A, TIER_2B, TIER_3, TIER_4 = range(5)


def may_discover(owned: list[int], anomaly: int) -> bool:
    """Whether the tier order allows ``anomaly`` next (cost aside)."""
    if anomaly in owned:
        return False
    base, slot = anomaly - anomaly % 5, anomaly % 5
    if slot == TIER_1:
        return True
    if slot in (TIER_2A, TIER_2B):
        return base in owned and base + TIER_2A not in owned and base + TIER_2B not in owned
    if slot == TIER_3:
        return base + TIER_2A in owned or base + TIER_2B in owned
    return base + TIER_3 in owned


def legal(s: UltramassiveState) -> list[int]:
    p = s.actor
    owned = s.owned[p]
    cost = s.rules.cost
    return [A.DISCOVER + i for i in range(15)
            if cost[i] <= s.disc[p] and may_discover(owned, i)] + [A.DECLINE]


def apply(s: UltramassiveState, a: int) -> None:
    p = s.actor
    s.done = True
    if a == A.DECLINE:
        s.log("no_discovery", seat=p)
        return
    i = a - A.DISCOVER
    cost = s.rules.cost[i]
    s.disc[p] -= cost
    s.spent[p] += cost
    s.owned[p].append(i)
    s.gained[p].append(i)
    E.recompute_mods(s, p)
    s.count(p, "discoveries")
    s.log("discover", seat=p, anomaly=s.rules.abilities[i].name, cost=cost)
    E.fire(s, p, "discover")
