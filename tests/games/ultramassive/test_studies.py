"""The card-balance study: lift and play rates computed from simulation results."""

from __future__ import annotations

from typing import Any

from ludoverse.games.ultramassive.studies import card_rows


def game(winner: int, owned: dict[int, list[str]], played: list[tuple[str, int]] = ()
         ) -> dict[str, Any]:
    """A results-file game line of 2 players: who won, what each owned, cards held/played."""
    return {"outcome": {"scores": [0, 0], "winners": [winner]},
            "tables": {"anomalies": [{"anomaly": a, "seat": p, "won": float(p == winner)}
                                     for p, names in owned.items() for a in names],
                       "action cards": [{"action card": c, "played": k} for c, k in played]}}


def row(rows: list[dict[str, Any]], card: str) -> dict[str, Any]:
    return next(r for r in rows if r["card"] == card)


def test_an_anomaly_only_winners_own_lifts_by_the_gap_in_win_rates() -> None:
    """Owners win 2 of 2, the other 6 player-games win 2 of 6: +66.7 points."""
    games = [game(0, {0: ["Tidal Drift"]}), game(1, {1: ["Tidal Drift"]}),
             game(0, {}), game(1, {})]
    r = row(card_rows(games), "Tidal Drift")
    assert r["discovered %"] == 25.0
    assert r["owners win %"] == 100.0 and r["others win %"] == 33.3
    assert r["lift (pts)"].startswith("+66.7")


def test_a_core_is_compared_with_players_who_took_as_many_cores() -> None:
    """Two-Core players win both games. Alpha's owner is compared with the other two-Core
    player, not with the one-Core losers: no lift (a raw comparison would say +66.7)."""
    games = [game(0, {0: ["Alpha (Core)", "Beta (Core)"], 1: ["Gamma (Core)"]}),
             game(0, {0: ["Delta (Core)", "Beta (Core)"], 1: ["Gamma (Core)"]})]
    r = row(card_rows(games), "Alpha (Core)")
    assert r["kind"] == "Core Anomaly"
    assert r["lift (pts)"].startswith("+0.0")


def test_play_rate_is_the_share_of_held_cards_played() -> None:
    games = [game(0, {}, [("Spiral Inward", 1), ("Spiral Inward", 0), ("Heat Sink", 0)]),
             game(1, {}, [("Spiral Inward", 1), ("Heat Sink", 1)])]
    rows = card_rows(games)
    assert row(rows, "Spiral Inward")["lift (pts)"] == "played 67 % of 3 held"
    assert row(rows, "Heat Sink")["lift (pts)"] == "played 50 % of 2 held"
