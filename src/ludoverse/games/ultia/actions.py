"""The flat action space of ULTIA: one id per atomic decision a player can make.

Layout (ids are stable; ``MAX_PLANS`` slots are reserved so any plan list fits)::

    0            Pass (bidding)
    1            Take the 2 face-down cards, to bid higher
    2  .. 33     Declare plan i (index in the plan list)
    34 .. 37     Name trump suit s
    38 .. 69     Discard card c face down
    70 .. 101    Play card c
    102 .. 133   Play card c and declare Overwork
    134 .. 165   Reveal card c
    166 .. 168   Rock, Paper, Scissors (the last tie-breaker)
"""

from __future__ import annotations

from typing import Any

from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia.content import MAX_PLANS, PlanList

PASS = 0
TAKE = 1
DECLARE = 2
TRUMP = DECLARE + MAX_PLANS
DISCARD = TRUMP + C.NUM_SUITS
PLAY = DISCARD + C.NUM_CARDS
OVERWORK = PLAY + C.NUM_CARDS
REVEAL = OVERWORK + C.NUM_CARDS
RPS = REVEAL + C.NUM_CARDS
NUM_ACTIONS = RPS + 3

RPS_NAMES = ("rock", "paper", "scissors")


def info(a: int, plans: PlanList) -> dict[str, Any]:
    """Structured meaning of an action id (JSON-safe)."""
    if a == PASS:
        return {"kind": "pass"}
    if a == TAKE:
        return {"kind": "take"}
    if DECLARE <= a < TRUMP:
        i = a - DECLARE
        d: dict[str, Any] = {"kind": "declare", "plan": i}
        if i < len(plans.plan):
            d.update(plan_id=plans.plan[i].id, progress=plans.plan[i].progress)
        return d
    if TRUMP <= a < DISCARD:
        s = a - TRUMP
        return {"kind": "trump", "suit": C.SUIT_NAMES[s]}
    card_kinds = ((DISCARD, "discard"), (PLAY, "play"), (OVERWORK, "play"), (REVEAL, "reveal"))
    for base, kind in card_kinds:
        if base <= a < base + C.NUM_CARDS:
            d = {"kind": kind, "card": C.code(a - base)}
            if base == OVERWORK:
                d["overwork"] = True
            return d
    if RPS <= a < NUM_ACTIONS:
        return {"kind": "rock_paper_scissors", "choice": RPS_NAMES[a - RPS]}
    raise ValueError(f"ULTIA has no action {a} (ids are 0-{NUM_ACTIONS - 1})")


def public_label(a: int, plans: PlanList, last_throw: bool = False) -> str:
    """The label of the mover's action for any other viewer: a face-down discard is just "a
    card" (UL-KNOW-2), and a rock-paper-scissors sign stays secret unless this throw is the
    last one, which shows every sign at once (UL-KNOW-8)."""
    if DISCARD <= a < PLAY:
        return "Discard a card face down"
    if RPS <= a < NUM_ACTIONS and not last_throw:
        return "Choose rock, paper or scissors in secret"
    return label(a, plans)


def label(a: int, plans: PlanList) -> str:
    """Short text the player making the move reads in a menu."""
    d = info(a, plans)
    kind = d["kind"]
    if kind == "pass":
        return "Pass"
    if kind == "take":
        return "Take the 2 face-down cards and bid higher"
    if kind == "declare":
        if "plan_id" not in d:
            return f"Declare plan #{d['plan'] + 1}"
        p = plans.plan[d["plan"]]
        return f"Declare {p.name} ({p.progress}%)"
    if kind == "trump":
        return f"Name {d['suit']} as trump"
    if kind == "rock_paper_scissors":
        return d["choice"].capitalize()
    c = C.parse(d["card"])
    if kind == "discard":
        return f"Discard {C.name(c)} face down"
    if kind == "reveal":
        return f"Reveal {C.name(c)}"
    return f"Play {C.name(c)}" + (" and declare Overwork" if d.get("overwork") else "")
