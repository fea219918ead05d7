"""Planet stats compiled to flat tuples, and the planet abilities the engine applies by name
(UR-PLANET, UR-EXP).

A side is named ``2 * card + side`` (side 0 basic, 1 upgraded), so the hot paths read a
planet's cost, income or military with one index. An ability is only ever looked up for the
side in play (UR-PLANET-1).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ludoverse.core.content import per_content
from ludoverse.games.universal_rule.content import UniversalRuleContent
from ludoverse.games.universal_rule.phases import THUG as PENDING_THUG

if TYPE_CHECKING:
    from ludoverse.games.universal_rule.options import UniversalRuleOptions
    from ludoverse.games.universal_rule.state import UniversalRuleState

KINDS = ("none", "glommer", "thug", "victor", "cannot_win", "cannot_attack", "shield_others",
         "exclusive_cost", "destroy_on_colonize", "cockroach", "attack_counter", "restart",
         "instigator", "discount", "income_bonus", "battle_bonus", "hand_limit",
         "eater_of_worlds")
(NONE, GLOMMER, THUG, VICTOR, CANNOT_WIN, CANNOT_ATTACK, SHIELD_OTHERS, EXCLUSIVE_COST,
 DESTROY_ON_COLONIZE, COCKROACH, ATTACK_COUNTER, RESTART, INSTIGATOR, DISCOUNT, INCOME_BONUS,
 BATTLE_BONUS, HAND_LIMIT, EATER_OF_WORLDS) = range(len(KINDS))
ACTION_CODES = {"explore": 0, "colonize": 1, "upgrade": 2, "produce": 3, "attack": 4}
CONDITIONS = ("most_upgraded", "deck_empty", "per_other_planet", "per_credit_5",
              "holds_universal_rule", "planets_at_least")
BASIC, UPGRADED = 0, 1
HAND_LIMIT_BASE = 3


class Rules:
    """Per-side stats of one content set, as tuples indexed by ``2 * card + side``."""

    __slots__ = ("action", "amount", "base", "condition", "cost", "fleet", "income", "kind",
                 "military", "n", "names", "num_cards", "one_target", "top_fleet",
                 "top_military", "ur_vp", "vp")

    def __init__(self, content: UniversalRuleContent) -> None:
        sides = [side for p in content.planets for side in (p.basic, p.upgraded)]
        self.num_cards = len(content.planets)
        self.names = tuple(p.name for p in content.planets)
        self.base = tuple(i for i, p in enumerate(content.planets) if p.expansion == "base")
        self.cost = tuple(s.cost for s in sides)
        self.income = tuple(s.income for s in sides)
        self.military = tuple(s.military for s in sides)
        self.fleet = tuple(s.fleet for s in sides)
        self.vp = tuple(s.vp for s in sides)
        self.kind = tuple(KINDS.index(s.ability.kind) if s.ability else NONE for s in sides)
        self.action = tuple(ACTION_CODES[s.ability.action] if s.ability and s.ability.action
                            else -1 for s in sides)
        self.amount = tuple((s.ability.credits or s.ability.vp) if s.ability else 0
                            for s in sides)
        """Credits for glommer/thug/instigator/discount/income/eater kinds, VP for victor and
        attack-counter kinds."""
        self.n = tuple(s.ability.n if s.ability else 0 for s in sides)
        self.condition = tuple(CONDITIONS.index(s.ability.condition)
                               if s.ability and s.ability.condition else -1 for s in sides)
        self.one_target = tuple(bool(s.ability and s.ability.targets == "one") for s in sides)
        self.ur_vp = content.universal_rule_vp
        self.top_fleet = max((0, *self.fleet[0::2]))
        self.top_military = max((0, *self.military[0::2]))
        """The largest basic-side fleet and military of any card (at least 0)."""


@per_content
def rules(content: UniversalRuleContent) -> Rules:
    """Compiled once per content (states of one game share it)."""
    return Rules(content)


# Reading the table --------------------------------------------------------------------------


def top(s: UniversalRuleState, card: int) -> int:
    """The side in play of ``card`` as a side index ``2 * card + side``."""
    return 2 * card + s.side[card]


def has_kind(s: UniversalRuleState, seat: int, kind: int) -> bool:
    table, side = s.R.kind, s.side
    return kind in [table[2 * c + side[c]] for c in s.planets[seat]]  # no generator: a hot path


def kind_total(s: UniversalRuleState, seat: int, kind: int, action: int = -1) -> int:
    """The summed ability amounts of ``kind`` among ``seat``'s sides in play (for one action
    if given)."""
    R = s.R
    total = 0
    for c in s.planets[seat]:
        k = 2 * c + s.side[c]
        if R.kind[k] == kind and (action < 0 or R.action[k] == action):
            total += R.amount[k]
    return total


def hand_limit(s: UniversalRuleState, seat: int) -> int:
    """UR-LIMIT-5: 3 cards, more with a hand-limit planet."""
    R = s.R
    return HAND_LIMIT_BASE + sum(R.n[2 * c + s.side[c]] for c in s.planets[seat]
                                 if R.kind[2 * c + s.side[c]] == HAND_LIMIT)


def planet_fleet(s: UniversalRuleState, card: int) -> int:
    """UR-ATTACK-5, UR-OPT-5: the fleet of a planet in play."""
    if s.opts.fleet_value == "basic_military":
        return s.R.military[2 * card]
    return s.R.fleet[2 * card + s.side[card]]


def card_fleet(R: Rules, opts: UniversalRuleOptions, card: int) -> int:
    """UR-BATTLE-1, UR-SNEAK-2: the fleet of a card from a hand (its basic side)."""
    if opts.fleet_value == "basic_military":
        return R.military[2 * card]
    return R.fleet[2 * card]


def top_card_fleet(R: Rules, opts: UniversalRuleOptions) -> int:
    """The largest :func:`card_fleet` of any card (at least 0)."""
    return R.top_military if opts.fleet_value == "basic_military" else R.top_fleet


def battle_military(s: UniversalRuleState, card: int) -> int:
    """An engaged planet's military, with its battle bonus (Kestrel Reach, Korrath, Vianov)."""
    k = 2 * card + s.side[card]
    R = s.R
    return R.military[k] + (R.n[k] if R.kind[k] == BATTLE_BONUS else 0)


def colonize_cost(s: UniversalRuleState, seat: int, card: int, side: int) -> int:
    """UR-COLONIZE-1/2: the side's cost, less a colonizing discount (Tessaly)."""
    discount = kind_total(s, seat, DISCOUNT, ACTION_CODES["colonize"])
    return max(0, s.R.cost[2 * card + side] - discount)


def upgrade_cost(s: UniversalRuleState, seat: int, card: int) -> int:
    """UR-UPGRADE-1: the difference of the two costs, less an upgrading discount (Oruun)."""
    R = s.R
    diff = R.cost[2 * card + 1] - R.cost[2 * card]
    return max(0, diff - kind_total(s, seat, DISCOUNT, ACTION_CODES["upgrade"]))


def may_colonize(s: UniversalRuleState, seat: int, card: int, side: int, budget: int) -> bool:
    """Affordable from ``budget``, and not barred by an Exclusive planet (UR-PLANET-5)."""
    if colonize_cost(s, seat, card, side) > budget:
        return False
    R = s.R
    planets = s.planets[seat]
    if planets and any(R.kind[2 * c + s.side[c]] == EXCLUSIVE_COST for c in planets):
        cost = R.cost[2 * card + side]
        if any(R.cost[2 * c + s.side[c]] == cost for c in planets):
            return False
    return True


# Many cards at once: the discount and the Exclusive planet are read once, not per card side.


def colonize_choices(s: UniversalRuleState, seat: int, cards: list[int], budget: int
                     ) -> list[tuple[int, int]]:
    """``(card, side)`` for each side of ``cards`` that :func:`may_colonize` allows, in order."""
    return list(colonize_sides(s, seat, cards, budget))


def may_colonize_any(s: UniversalRuleState, seat: int, cards: list[int], budget: int) -> bool:
    """Whether :func:`may_colonize` allows any side of ``cards`` (stops at the first)."""
    return next(colonize_sides(s, seat, cards, budget), None) is not None


def colonize_sides(s: UniversalRuleState, seat: int, cards: list[int], budget: int
                   ) -> Iterator[tuple[int, int]]:
    R = s.R
    side = s.side
    planets = s.planets[seat]
    discount = kind_total(s, seat, DISCOUNT, ACTION_CODES["colonize"])
    barred: set[int] = set()  # UR-PLANET-5: costs an Exclusive planet's owner already has
    if planets and any(R.kind[2 * c + side[c]] == EXCLUSIVE_COST for c in planets):
        barred = {R.cost[2 * c + side[c]] for c in planets}
    for card in cards:
        for new_side in (0, 1):
            cost = R.cost[2 * card + new_side]
            if max(0, cost - discount) <= budget and cost not in barred:
                yield card, new_side


def upgrade_choices(s: UniversalRuleState, seat: int, budget: int) -> list[int]:
    """``seat``'s basic planets whose :func:`upgrade_cost` fits ``budget``, in play order."""
    R = s.R
    side = s.side
    discount = kind_total(s, seat, DISCOUNT, ACTION_CODES["upgrade"])
    return [c for c in s.planets[seat] if side[c] == BASIC
            and max(0, R.cost[2 * c + 1] - R.cost[2 * c] - discount) <= budget]


def income(s: UniversalRuleState, seat: int) -> int:
    """UR-PRODUCE-1: the income of the sides in play, plus Aurelis's bonus."""
    R = s.R
    total = 0
    for c in s.planets[seat]:
        k = 2 * c + s.side[c]
        total += R.income[k]
        if R.kind[k] == INCOME_BONUS:
            total += R.amount[k]
    return total


def attackable(s: UniversalRuleState, attacker: int) -> list[int]:
    """Planets ``attacker`` may name as the defending planet: any opponent's, except those a
    Flagbearer shields (UR-EXP-3)."""
    out = []
    R = s.R
    for q in range(s.n):
        if q == attacker or not s.planets[q]:
            continue
        shield = [c for c in s.planets[q] if R.kind[2 * c + s.side[c]] == SHIELD_OTHERS]
        if shield:
            out.extend(shield)
        else:
            out.extend(s.planets[q])
    out.sort()
    return out


# Effects ------------------------------------------------------------------------------------


def glom(s: UniversalRuleState, actor: int, action: int) -> None:
    """UR-PLANET-2: every opponent of ``actor`` with a glommer for ``action`` is paid, except
    the active player."""
    for q in range(s.n):
        if q == actor or q == s.active:
            continue
        amount = kind_total(s, q, GLOMMER, action)
        if amount:
            s.log("glommer", seat=q, credits=amount, lost=s.gain(q, amount))


def leave_play(s: UniversalRuleState, card: int) -> None:
    owner = s.owner[card]
    s.planets[owner].remove(card)
    s.owner[card] = -1
    s.side[card] = -1
    s.counters[card] = 0


def destroy(s: UniversalRuleState, card: int, why: str) -> bool:
    """Destroy a planet in play: to the discard pile, or back to hand by a Cockroach
    (UR-PLANET-4, UR-LIMIT-6). True if it was really destroyed."""
    owner = s.owner[card]
    cockroach = any(c != card and s.R.kind[2 * c + s.side[c]] == COCKROACH
                    for c in s.planets[owner])
    leave_play(s, card)
    if cockroach:
        if len(s.hands[owner]) < hand_limit(s, owner):
            s.hands[owner].append(card)
            s.revealed[card] = True
            s.log("planet_returned", seat=owner, card=card, why=why)
            return False
        s.discard.append(card)
        s.log("planet_returned_discarded", seat=owner, card=card, why=why)
        return False
    s.discard.append(card)
    s.log("planet_destroyed", seat=owner, card=card, why=why)
    return True


def downgrade(s: UniversalRuleState, card: int, why: str) -> None:
    s.side[card] = BASIC
    s.log("planet_downgraded", seat=s.owner[card], card=card, why=why)


def arrive(s: UniversalRuleState, seat: int, card: int, side: int, colonized: bool) -> None:
    """The abilities a side sets off when it comes into play (UR-COLONIZE-4, UR-PLANET-3,
    UR-PLANET-6/7, UR-EXP-4): colonizing destroys a Starting Planet and a Restart downgrades
    the owner's other planets; a Thug collects."""
    R = s.R
    if colonized:
        for c in list(s.planets[seat]):
            if c != card and R.kind[2 * c + s.side[c]] == DESTROY_ON_COLONIZE:
                destroy(s, c, "starting_planet")
        if R.kind[2 * card + side] == RESTART:
            for c in s.planets[seat]:
                if c != card and s.side[c] == UPGRADED:
                    downgrade(s, c, "restart")
    k = 2 * card + side
    if R.kind[k] == THUG:
        if R.one_target[k]:
            s.pending.append([PENDING_THUG, seat, card])
        else:
            for q in range(1, s.n):
                collect(s, seat, (seat + q) % s.n, R.amount[k])


def collect(s: UniversalRuleState, owner: int, victim: int, per_planet: int) -> None:
    """UR-PLANET-6: the victim pays per planet they own, what they have if short."""
    pay = min(s.credits[victim], per_planet * len(s.planets[victim]))
    s.credits[victim] -= pay
    lost = s.gain(owner, pay) if pay else 0  # paying nothing is no gain (UR-LIMIT-3)
    s.log("thug_paid", seat=victim, to=owner, credits=pay, lost=lost)
