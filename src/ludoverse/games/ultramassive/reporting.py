"""What a designer balancing ULTRAMASSIVE watches over many games: per-game numbers, and
one row per Anomaly owned and per Action Card drawn (discovery rates, win lift, play rates)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludoverse.games.ultramassive.state import UltramassiveState


def metrics(s: UltramassiveState) -> dict[str, float]:
    n = s.n
    games = s.stats_game
    out = {
        "Solar Mass per player": sum(s.sm) / n,
        "winning Solar Mass": float(max(s.sm)),
        "Anomalies per player": sum(len(o) for o in s.owned) / n,
        "expansions per player": sum(g.get("expansions", 0) for g in games) / n,
        "detonations per player": sum(g.get("detonations", 0) for g in games) / n,
        "Wormhole activations per player": sum(g.get("wormhole_activations", 0)
                                               for g in games) / n,
        "Action Cards played per player": sum(g.get("cards_played", 0) for g in games) / n,
    }
    if n == 1:
        out["Challenges completed"] = float(sum(s.completed))
    return out


def tables(s: UltramassiveState) -> dict[str, list[dict[str, Any]]]:
    """``anomalies``: one row per Anomaly a player owns at the end, with that player's win
    share (so a batch gives each Anomaly's owners and their win rate); ``action cards``: one
    row per card a player held, with whether they played it (the play rate)."""
    out = s.outcome()
    share = [0.0] * s.n
    if out and out.winners:
        for w in out.winners:
            share[w] = 1.0 / len(out.winners)
    rows = []
    for p in range(s.n):
        for a in s.owned[p]:
            rows.append({"anomaly": s.rules.abilities[a].name, "seat": p, "won": share[p]})
        for c in s.cores_owned[p]:
            rows.append({"anomaly": f"{s.rules.abilities[15 + c].name} (Core)", "seat": p,
                         "won": share[p]})
    held: dict[tuple[int, int], int] = {}
    for e in s.events:
        if e.kind in ("dealt", "drew"):
            for c in e.data.get("hand", e.data.get("cards", ())):
                held.setdefault((e.data["seat"], c), 0)
        elif e.kind == "play":
            held[e.data["seat"], e.data["id"]] = 1
    cards = [{"action card": s.content.deck[c].name, "played": v} for (_, c), v in held.items()]
    return {"anomalies": rows, "action cards": cards}
