"""Build Universal Rule positions for rule tests: a table set by planet names, then actions
taken by name.

Planets are named by their content id (``"lyzin"``, ``"wim_star"``); sides as ``"basic"`` or
``"upgraded"``. A built position starts at the beginning of ``active``'s turn with every hand
empty, no planets in play, 3 credits each, and the deck as dealt; tests then place what the
rulebook example needs with :func:`put`, :func:`give` and :func:`credits`.
"""

from __future__ import annotations

from typing import Any

import ludoverse
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.state import UniversalRuleState
from ludoverse.games.universal_rule.turn import start_turn

GAME = ludoverse.load("universal_rule")
SIDE = {"basic": 0, "upgraded": 1}


def new(players: int = 3, seed: int = 0, **options: Any) -> UniversalRuleState:
    """A fresh game at the set-up choice, seat 0 first; forced decisions are asked too, so a
    test states every step (pass ``auto_forced=True`` to skip them)."""
    options.setdefault("first_player", "seat0")
    options.setdefault("auto_forced", False)
    return GAME.new_game(players=players, seed=seed, options=options)


def card(s: UniversalRuleState, planet: str) -> int:
    return next(i for i, p in enumerate(s.content.planets) if p.id == planet)


def table(players: int = 3, active: int = 0, seed: int = 0, **options: Any) -> UniversalRuleState:
    """``active``'s turn is about to start; all cards are in the deck, hands are empty."""
    s = new(players, seed, **options)
    for q in range(players):
        s.deck.extend(s.hands[q])
        s.hands[q] = []
    s.gave_up = [-1] * players
    s.deck.sort()
    s.events = []
    start_turn(s, active)
    s.edited()
    return s


def _take(s: UniversalRuleState, c: int) -> None:
    """Lift card ``c`` from wherever it is."""
    s.edited()
    for where in (s.deck, s.discard, s.removed, *s.hands, *s.committed):
        if c in where:
            where.remove(c)
            return
    for planets in s.planets:
        if c in planets:
            planets.remove(c)
            s.owner[c] = s.side[c] = -1
            s.counters[c] = 0
            return
    raise AssertionError(f"card {c} is nowhere")


def put(s: UniversalRuleState, seat: int, planet: str, side: str = "basic") -> int:
    """Place a planet in play for ``seat`` (no costs, no abilities set off)."""
    c = card(s, planet)
    _take(s, c)
    s.planets[seat].append(c)
    s.owner[c] = seat
    s.side[c] = SIDE[side]
    return c


def give(s: UniversalRuleState, seat: int, *planets: str) -> list[int]:
    """Put planet cards into ``seat``'s hand."""
    out = []
    for planet in planets:
        c = card(s, planet)
        _take(s, c)
        s.hands[seat].append(c)
        out.append(c)
    return out


def on_top(s: UniversalRuleState, *planets: str) -> None:
    """Stack the deck: the first name is drawn first."""
    for planet in reversed(planets):
        c = card(s, planet)
        _take(s, c)
        s.deck.append(c)


def credits(s: UniversalRuleState, *amounts: int) -> None:
    s.credits = list(amounts)
    s.edited()


def choose(s: UniversalRuleState, action: str, cost: int | None = None) -> None:
    """The active player chooses an action and (except Attack) a follow cost."""
    s.apply(A.CHOOSE + A.ACTIONS.index(action))
    if action != "attack" and s.phase == P.COST:
        s.apply(A.follow_cost(cost or 1))


def colonize(s: UniversalRuleState, planet: str, side: str = "basic") -> int:
    return A.play(card(s, planet), SIDE[side])


def upgrade(s: UniversalRuleState, planet: str) -> int:
    return A.UPGRADE_PLANET + card(s, planet)


def attack(s: UniversalRuleState, attacking: str, defending: str) -> None:
    """The active player declares an attack."""
    choose(s, "attack")
    if s.phase == P.ACT:
        s.apply(A.ATTACK_WITH + card(s, attacking))
    if s.phase == P.TARGET:
        s.apply(A.ATTACK_TARGET + card(s, defending))


def commit(s: UniversalRuleState, *planets: str) -> None:
    """The player asked in the fleet step commits these cards, then passes."""
    for planet in planets:
        s.apply(A.COMMIT + card(s, planet))
    s.apply(A.PASS)


def fund(s: UniversalRuleState, amount: int, side: str | None = None) -> None:
    """The player asked in the funds step picks a side (if they must) and an amount."""
    if side is not None:
        s.apply(A.SIDE + (0 if side == "attack" else 1))
    s.apply(A.FUNDS + amount)


def play_out(s: UniversalRuleState, pick: Any = None) -> UniversalRuleState:
    """Play on with the first legal action (or ``pick(s, legal)``) until ``active`` changes
    or the game ends."""
    active, turn = s.active, s.turn
    while not s.is_terminal() and s.turn == turn and s.active == active:
        legal = s.legal_actions()
        s.apply(pick(s, legal) if pick else legal[0])
    return s


def names(s: UniversalRuleState, cards: list[int]) -> list[str]:
    return sorted(s.content.planets[c].id for c in cards)
