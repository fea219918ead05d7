"""What a designer balancing Universal Rule watches over many games: per-game numbers (length,
attacks and how often they succeed, how games are won), one row per planet a player colonized
(colonize rates and win lift, in ``studies``) and one row per Sneak Attack Victory attempt
(how it ended, and how far the bonus carried the player)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludoverse.games.universal_rule.state import UniversalRuleState


def metrics(s: UniversalRuleState) -> dict[str, float]:
    chosen: dict[str, int] = {}
    attacks = successes = 0
    for e in s.events:
        k = e.kind
        if k == "action_chosen":
            a = e.data["action"]
            chosen[a] = chosen.get(a, 0) + 1
        elif k == "battle_revealed":
            attacks += 1
            successes += e.data["success"]
    tries = sneak_attempts(s)
    turns = max(1, s.turn + 1)
    out = {
        "rounds": turns / s.n,
        "winning VP": float(max(s.final_vp)) if s.final_vp else 0.0,
        "attacks per round": attacks * s.n / turns,
        "attack success %": 100.0 * successes / attacks if attacks else 0.0,
        "Sneak Attack attempts": float(len(tries)),
        "Sneak Attacks stopped": float(sum(r["result"] == "stopped" for r in tries)),
        "won by Sneak Attack %": 100.0 * (s.end_reason == "Sneak Attack Victory"),
        "ended by the round limit %": 100.0 * (s.end_reason == "round limit"),
    }
    for a in ("explore", "colonize", "upgrade", "produce", "attack"):
        out[f"{a} share %"] = 100.0 * chosen.get(a, 0) / turns
    return out


def sneak_attempts(s: UniversalRuleState) -> list[dict[str, Any]]:
    """One row per Sneak Attack Victory attempt: how it ended (won, stopped by a larger
    fleet, short of the target), the VP before the bonus, the bonus and the cards shown."""
    rows: list[dict[str, Any]] = []
    for e in s.events:
        k = e.kind
        if k == "sneak_attack":
            rows.append({"result": "open", "VP before": e.data["vp"], "bonus": e.data["bonus"],
                         "cards shown": e.data["cards_shown"]})
        elif rows and rows[-1]["result"] == "open":
            if k == "sneak_attack_failed":
                rows[-1]["result"] = "stopped"
            elif k == "sneak_attack_short":
                rows[-1]["result"] = "short"
            elif k == "game_won":
                rows[-1]["result"] = "won"
    return rows


def tables(s: UniversalRuleState) -> dict[str, list[dict[str, Any]]]:
    """``planets``: one row per planet each player colonized at least once, with that
    player's win share; ``seats``: one row per seat with its win share (seat balance)."""
    out = s.outcome()
    share = [0.0] * s.n
    if out and out.winners:
        for w in out.winners:
            share[w] = 1.0 / len(out.winners)
    colonized: set[tuple[int, int]] = set()
    for e in s.events:
        if e.kind == "colonized":
            colonized.add((e.data["seat"], e.data["card"]))
    rows = [{"planet": s.R.names[c], "seat": q, "won": share[q]} for q, c in sorted(colonized)]
    seats = [{"turn position": (q - s.first) % s.n + 1, "won": share[q]} for q in range(s.n)]
    return {"planets": rows, "turn order": seats, "Sneak Attack attempts": sneak_attempts(s)}
