"""Card effects compiled from content steps into the plain tuples the engine runs.

A program is a tuple of steps; a step is a tuple whose first item names it (``"orbit"``,
``"gain"`` ...) and the rest are ints, bools or nested programs, so a pending step is cheap to
copy and JSON-safe. One :class:`Rules` per content object is shared by every state.
"""

from __future__ import annotations

from typing import Any

from ludoverse.core.content import per_content
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive import content as C

Prog = tuple[tuple[Any, ...], ...]

_TO = {"first": 0, "wormhole": 1, "rift": 2}
_GAIN = {"discovery": 0, "solar_mass": 1, "orbit": 2}
MODIFIERS = ("stack_cap", "card_plays", "siphon_size", "hand_size")
"""Additive modifiers kept per player; ``absorb_bonus`` is kept per token, ``empower`` per
Action Card type."""


def compile_steps(steps: tuple[Any, ...]) -> Prog:
    return tuple(_step(s) for s in steps)


def _step(s: Any) -> tuple[Any, ...]:
    op = s.op
    if op == "gain":
        return ("gain", B.TOKEN_IDS.index(s.token), _TO[s.to])
    if op in ("discovery", "lose_discovery", "solar_mass", "orbit", "draw", "extra_play"):
        return (op, s.n)
    if op in ("siphon", "open_wormholes", "move_wormhole", "pull"):
        return (op,)
    if op == "wormhole":
        return ("wormhole", s.closed)
    if op == "discard_for_power":
        return ("discard_for_power", _GAIN[s.gain], s.max)
    if op == "cycle":
        return ("cycle", s.max, s.solar_mass, 0)
    if op == "remove":
        return ("remove", B.FILTERS[s.token], compile_steps(s.then))
    if op == "pay":
        return ("pay", s.discovery, compile_steps(s.then), s.optional)
    if op == "choose":
        return ("choose", tuple(compile_steps(o) for o in s.options))
    if op == "if_size":
        return ("if_size", C.SIZES.index(s.at_least), compile_steps(s.then))
    if op == "gain_x":
        return ("gain_x", s.resource, s.x, s.per, s.max)
    raise ValueError(f"unknown step {op!r}")  # pragma: no cover - the schema forbids it


def from_json(x: Any) -> Any:
    """Pending steps saved as JSON lists back into tuples."""
    if isinstance(x, list):
        return tuple(from_json(v) for v in x)
    return x


def _type_index(card_type: str | None) -> int:
    return -1 if card_type is None else C.TYPES.index(card_type)


class Ability:
    """A compiled Anomaly or Core Anomaly."""

    __slots__ = ("effect", "modifiers", "name", "tier", "triggered_by", "triggers", "type")

    def __init__(self, name: str, type_: int, tier: int, effect: Prog,
                 passives: tuple[C.Passive, ...]) -> None:
        self.name = name
        self.type = type_
        """0-2 for Siphon, Matter, Orbit; -1 for a Core Anomaly."""
        self.tier = tier
        """0-4 for Tier 1, 2A, 2B, 3, 4; -1 for a Core Anomaly."""
        self.effect = effect
        self.triggers: tuple[tuple[str, tuple[int, ...], int, Prog], ...] = tuple(
            (p.on, B.FILTERS[p.token], _type_index(p.card_type), compile_steps(p.do))
            for p in passives if p.on is not None)
        self.triggered_by: dict[str, list[tuple[tuple[int, ...], int, Prog]]] = {}
        """``triggers`` by what sets them off, each list in the order of ``triggers``."""
        for on, tokens, ctype, prog in self.triggers:
            self.triggered_by.setdefault(on, []).append((tokens, ctype, prog))
        self.modifiers: tuple[tuple[str, tuple[int, ...], int, int], ...] = tuple(
            (p.modify, B.FILTERS[p.token], _type_index(p.card_type), p.n)
            for p in passives if p.modify is not None)


class Rules:
    """Everything the engine needs from a content object, numbered and compiled."""

    def __init__(self, content: C.UltramassiveContent) -> None:
        self.content = content
        self.abilities: list[Ability] = []
        for i, a in enumerate(content.anomaly_order):
            self.abilities.append(Ability(a.name, i // 5, i % 5, compile_steps(a.effect),
                                          a.passive))
        for c in content.core_order:
            self.abilities.append(Ability(c.name, -1, -1, compile_steps(c.effect), c.passive))
        self.cost = tuple(a.cost for a in content.anomaly_order)
        deck = content.deck
        self.card_type = tuple(C.TYPES.index(c.type) for c in deck)
        self.card_power = tuple(c.power for c in deck)
        self.card_name = tuple(c.name for c in deck)
        self.primary = tuple(compile_steps(c.primary) for c in deck)
        self.empowered = tuple(compile_steps(c.empowered) for c in deck)
        self.options = tuple(compile_steps(o.do) for o in content.draft_options)
        self.option_antimatter = tuple(o.antimatter for o in content.draft_options)
        self.option_label = tuple(o.label for o in content.draft_options)
        self.option_token = tuple(
            B.MAJOR if o.antimatter else _single_token(self.options[i])
            for i, o in enumerate(content.draft_options))
        """The token a drafted option is, if it is exactly one token (else -1)."""
        idx = content.option_index
        self.basic_sets = (tuple(idx[o] for o in content.draft.set1),
                           tuple(idx[o] for o in content.draft.set2))
        self.tokens = tuple(tuple(idx[o] for o in t.options) for t in content.draft_tokens)
        rows = sorted(content.siphon_rewards, key=lambda r: C.SIZES.index(r.size))
        self.siphon_rows: tuple[tuple[Prog, ...], ...] = tuple(_options_of(r.do) for r in rows)
        self.resource_cards = tuple(compile_steps(r.do) for r in content.resource_cards)
        self.challenges = tuple(_challenge(c) for c in content.challenges)
        self.has_effect = tuple(bool(a.effect) for a in self.abilities)
        """Whether each Anomaly (0-14) and Core Anomaly (15-20) has an Effect to use."""
        self.solo_removed = tuple(
            i for i, c in enumerate(deck)
            if (c.type, c.power) in (("siphon", 2), ("matter", 1)))
        """Action Cards left out of the solo deck (UM-SOLO-3)."""


NO_LIMIT = 1 << 30
"""Stands for a missing ``at_least`` / ``at_most``: no count gets near it."""

Check = tuple[str | None, str, bool, int, int]
"""A Challenge condition: ``(quantity checked now or None, counter name, whether the counter
is this round's, at least, at most)``."""


def _challenge(c: C.Challenge) -> tuple[str, int, str, tuple[Check, ...]]:
    """A solo Challenge as ``(when, reward, name, conditions)``: the solo mode checks the
    open ones after every action, so their conditions are read once, here."""
    return (c.when, c.reward, c.name, tuple(_check(x) for x in c.conditions))


def _check(c: C.Condition) -> Check:
    key = f"absorbed:{c.token}" if c.token and c.stat == "absorbed_tokens" else c.stat or ""
    return (c.now, key, c.scope == "round",
            -NO_LIMIT if c.at_least is None else c.at_least,
            NO_LIMIT if c.at_most is None else c.at_most)


def _options_of(steps: tuple[Any, ...]) -> tuple[Prog, ...]:
    """A siphon row's choices: the options of its single ``choose``, or the row as one."""
    if len(steps) == 1 and steps[0].op == "choose":
        return tuple(compile_steps(o) for o in steps[0].options)
    return (compile_steps(steps),)


def _single_token(prog: Prog) -> int:
    if len(prog) == 1 and prog[0][0] == "gain" and prog[0][2] == 0:
        return int(prog[0][1])
    return -1


@per_content
def rules_for(content: C.UltramassiveContent) -> Rules:
    return Rules(content)
