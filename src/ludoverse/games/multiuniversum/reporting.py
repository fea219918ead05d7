"""What a designer balancing Multiuniversum watches over many games: per-game numbers
(length, portals sealed, tools left unused, set bonuses, how games end) and one row per
portal, per seat and per ability use (seal rates, seat balance and ability value, in
``studies``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.content import ABILITIES
from ludoverse.games.multiuniversum.scoring import bonus, score

if TYPE_CHECKING:
    from ludoverse.games.multiuniversum.state import MultiuniversumState


def _ability_uses(s: MultiuniversumState) -> list[list[int]]:
    uses = [[0] * len(ABILITIES) for _ in range(s.n)]
    for e in s.events:
        if e.kind == "played" and e.data["action"] == P.ABILITY:
            uses[e.data["seat"]][s.T.ability[e.data["transformer"] - 1]] += 1
    return uses


def metrics(s: MultiuniversumState) -> dict[str, float]:
    n = s.n
    scores = [score(s, q) for q in range(n)]
    rounds = s.turn // n + 1
    uses = _ability_uses(s)
    out = {
        "rounds": float(rounds),
        "winning DP": float(max(scores)),
        "DP spread": float(max(scores) - min(scores)),
        "portals sealed per player": sum(len(s.sealed[q]) + len(s.lost[q])
                                         for q in range(n)) / n,
        "unused tools per player": sum(len(s.tools[q]) for q in range(n)) / n,
        "set bonus per player": sum(bonus(s, q) for q in range(n)) / n,
        "ability uses per player": sum(map(sum, uses)) / n,
        "ended by empty stacks %": 100.0 * (s.end_reason == "end"),
        "ended by the round limit %": 100.0 * (s.end_reason == "round_limit"),
        "ended with no card left %": 100.0 * (s.end_reason == "no_cards"),
    }
    if n == 1:
        out["virtual scientist DP"] = float(score(s, 1))
        out["solo win %"] = 100.0 * bool(s.outcome() and s.outcome().winners)  # type: ignore[union-attr]
    return out


def tables(s: MultiuniversumState) -> dict[str, list[dict[str, Any]]]:
    """``portals``: one row per portal, sealed or not (and by the winner); ``turn order``:
    one row per seat with its win share; ``abilities``: one row per seat and ability with
    its uses and the seat's win share."""
    out = s.outcome()
    share = [0.0] * s.n
    if out and out.winners:
        for w in out.winners:
            share[w] = 1.0 / len(out.winners)
    owner = {q: lab for lab in range(s.labs) for q in (*s.sealed[lab], *s.lost[lab])}
    portals = []
    for q, p in enumerate(s.content.portals):
        lab = owner.get(q, -1)
        portals.append({"portal": p.name, "sealed": 1.0 if lab >= 0 else 0.0,
                        "seat": lab if 0 <= lab < s.n else None,
                        "won": share[lab] if 0 <= lab < s.n else 0.0})
    seats = [{"turn position": (q - s.first) % s.n + 1, "won": share[q],
              "DP": float(score(s, q))} for q in range(s.n)]
    uses = _ability_uses(s)
    abilities = [{"ability": ABILITIES[k], "seat": q, "uses": float(uses[q][k]), "won": share[q]}
                 for q in range(s.n) for k in range(len(ABILITIES))]
    return {"portals": portals, "turn order": seats, "abilities": abilities}
