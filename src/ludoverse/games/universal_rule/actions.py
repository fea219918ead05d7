"""Universal Rule action ids: one flat range per kind of decision.

A planet card is named by its index in the content's planet list (at most 20 cards with
*Edge of War*), a seat by its number, a side by 0 (basic) or 1 (upgraded). ``PASS`` is every
"no thanks": not following, committing no more cards, not paying Wovis, stopping a reveal.
"""

from __future__ import annotations

from typing import Any

MAX_CARDS = 20
MAX_SEATS = 5
MAX_FOLLOW_COST = MAX_CARDS
MAX_FUNDS = 60
"""The most credits one player can commit to a battle as one decision. The real bound is the
fleet of their non-engaged planets and their credits, which the shipped planets keep far
below this; a content file with a larger fleet is capped here."""

ACTIONS = ("explore", "colonize", "upgrade", "produce", "attack")
EXPLORE, COLONIZE, UPGRADE, PRODUCE, ATTACK = range(5)

CHOOSE = 0
FOLLOW_COST = CHOOSE + len(ACTIONS)
PASS = FOLLOW_COST + MAX_FOLLOW_COST
FOLLOW = PASS + 1
PLAY = FOLLOW + 1
UPGRADE_PLANET = PLAY + 2 * MAX_CARDS
ATTACK_WITH = UPGRADE_PLANET + MAX_CARDS
ATTACK_TARGET = ATTACK_WITH + MAX_CARDS
RETARGET = ATTACK_TARGET + MAX_CARDS
COMMIT = RETARGET + MAX_CARDS
SIDE = COMMIT + MAX_CARDS
FUNDS = SIDE + 2
THUG_TARGET = FUNDS + MAX_FUNDS + 1
DISCARD = THUG_TARGET + MAX_SEATS
GIVE_UP = DISCARD + MAX_CARDS
REVEAL = GIVE_UP + MAX_CARDS
NUM_ACTIONS = REVEAL + MAX_CARDS

_RANGES: tuple[tuple[int, int, str], ...] = (
    (CHOOSE, len(ACTIONS), "choose_action"),
    (FOLLOW_COST, MAX_FOLLOW_COST, "follow_cost"),
    (PASS, 1, "pass"),
    (FOLLOW, 1, "follow"),
    (PLAY, 2 * MAX_CARDS, "colonize"),
    (UPGRADE_PLANET, MAX_CARDS, "upgrade"),
    (ATTACK_WITH, MAX_CARDS, "attacking_planet"),
    (ATTACK_TARGET, MAX_CARDS, "defending_planet"),
    (RETARGET, MAX_CARDS, "instigate"),
    (COMMIT, MAX_CARDS, "commit_card"),
    (SIDE, 2, "support_side"),
    (FUNDS, MAX_FUNDS + 1, "commit_credits"),
    (THUG_TARGET, MAX_SEATS, "thug_target"),
    (DISCARD, MAX_CARDS, "discard"),
    (GIVE_UP, MAX_CARDS, "give_up"),
    (REVEAL, MAX_CARDS, "reveal"),
)


def split(a: int) -> tuple[str, int]:
    """``(kind, index within the kind's range)``."""
    for start, size, kind in _RANGES:
        if start <= a < start + size:
            return kind, a - start
    raise ValueError(f"{a} is not a Universal Rule action id (0-{NUM_ACTIONS - 1})")


def follow_cost(cost: int) -> int:
    return FOLLOW_COST + cost - 1


def play(card: int, side: int) -> int:
    return PLAY + 2 * card + side


def info(a: int) -> dict[str, Any]:
    kind, i = split(a)
    d: dict[str, Any] = {"kind": kind}
    if kind == "choose_action":
        d["action"] = ACTIONS[i]
    elif kind == "follow_cost":
        d["cost"] = i + 1
    elif kind == "colonize":
        d.update(card=i // 2, side=("basic", "upgraded")[i % 2])
    elif kind == "support_side":
        d["side"] = ("attack", "defence")[i]
    elif kind == "commit_credits":
        d["credits"] = i
    elif kind == "thug_target":
        d["seat"] = i
    elif kind in ("pass", "follow"):
        pass
    else:
        d["card"] = i
    return d
