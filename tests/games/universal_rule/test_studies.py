"""The planet-balance study and the per-game figures a designer reads: colonize rates and
lift from simulation results, attack and victory figures from real games."""

from __future__ import annotations

import random
from typing import Any

import ludoverse
from ludoverse.games.universal_rule.reporting import metrics, tables
from ludoverse.games.universal_rule.studies import planet_rows

GAME = ludoverse.load("universal_rule")


def game(winner: int, colonized: dict[int, list[str]], attacks: float = 0.0) -> dict[str, Any]:
    """A results-file line of a 3-player game: who won and what each player colonized."""
    return {"outcome": {"scores": [0, 0, 0], "winners": [winner]},
            "tables": {"planets": [{"planet": name, "seat": p, "won": float(p == winner)}
                                   for p, names in colonized.items() for name in names]},
            "metrics": {"attacks per round": attacks}}


def row(rows: list[dict[str, Any]], planet: str) -> dict[str, Any]:
    return next(r for r in rows if r["planet"] == planet)


def test_lift_compares_players_who_colonized_as_many_planets() -> None:
    """Lyzin's colonizers win 2 of 2. Among the players with one planet colonized, Cheroa's
    only colonizer lost: Lyzin +100 points, Cheroa -100 (a raw comparison with the players
    who colonized nothing would say -40)."""
    rows = planet_rows([game(0, {0: ["Lyzin"]}), game(2, {2: ["Lyzin"], 1: ["Cheroa"]})])
    r = row(rows, "Lyzin")
    assert r["colonized %"] == 33.3
    assert r["colonizers win %"] == 100.0 and r["others win %"] == 0.0
    assert r["lift (pts)"].startswith("+100.0")
    assert row(rows, "Cheroa")["lift (pts)"].startswith("-100.0")


def test_the_game_figures_are_averaged_below_the_planets() -> None:
    rows = planet_rows([game(0, {0: ["Lyzin"]}, attacks=1.0),
                        game(1, {}, attacks=0.5)])
    assert row(rows, "(attacks per round)")["colonizers win %"] == 0.8


def played(players: int, seed: int) -> Any:
    s = GAME.new_game(players, seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_metrics_count_the_attacks_and_how_the_game_was_won() -> None:
    s = played(4, 3)
    attacks = [e for e in s.events if e.kind == "battle_revealed"]
    m = metrics(s)
    assert m["attacks per round"] == len(attacks) * 4 / (s.turn + 1)
    won = sum(e.data["success"] for e in attacks)
    assert m["attack success %"] == (100 * won / len(attacks) if attacks else 0.0)
    assert m["won by Sneak Attack %"] == 100.0 * (s.outcome().reason == "Sneak Attack Victory")
    shares = sum(m[f"{a} share %"] for a in ("explore", "colonize", "upgrade", "produce",
                                              "attack"))
    assert 0 < shares <= 100.0 + 1e-9


def test_tables_list_each_planet_a_player_colonized_once() -> None:
    s = played(3, 5)
    colonized = {(e.data["seat"], e.data["card"]) for e in s.events if e.kind == "colonized"}
    rows = tables(s)["planets"]
    assert len(rows) == len(colonized)
    winners = s.outcome().winners
    for r in rows:
        assert r["won"] == (1.0 / len(winners) if r["seat"] in winners else 0.0)
    assert sorted(r["turn position"] for r in tables(s)["turn order"]) == [1, 2, 3]


def test_each_sneak_attack_attempt_is_a_row_with_how_it_ended() -> None:
    s = played(3, 5)
    rows = tables(s)["Sneak Attack attempts"]
    assert len(rows) == sum(e.kind == "sneak_attack" for e in s.events)
    assert metrics(s)["Sneak Attack attempts"] == len(rows)
    assert metrics(s)["Sneak Attacks stopped"] == sum(r["result"] == "stopped" for r in rows)
    assert {r["result"] for r in rows} <= {"won", "stopped", "short"}
    won = [r for r in rows if r["result"] == "won"]
    assert len(won) == (s.outcome().reason == "Sneak Attack Victory")


def test_the_sneak_study_sums_up_how_games_and_attempts_end() -> None:
    """Two games: one won by a Sneak Attack after a stopped attempt, one by the VP target."""
    from ludoverse.games.universal_rule.studies import sneak_rows

    def line(reason: str, tries: list[dict[str, Any]], rounds: float) -> dict[str, Any]:
        return {"outcome": {"reason": reason}, "decisions": 100, "metrics": {"rounds": rounds},
                "tables": {"Sneak Attack attempts": tries}}

    rows = {r["figure"]: r["value"] for r in sneak_rows([
        line("Sneak Attack Victory", [
            {"result": "stopped", "VP before": 9, "bonus": 5, "cards shown": 2},
            {"result": "won", "VP before": 8, "bonus": 7, "cards shown": 3}], 9.0),
        line("VP target reached", [], 11.0)])}
    assert rows["games"] == "2"
    assert rows["ended by: Sneak Attack Victory"].startswith("50.0 ")
    assert rows["attempts won"].startswith("50.0 ")
    assert rows["winning attempts: bonus"].startswith("7.00 ")
    assert rows["longest game: rounds, decisions"] == "11.0, 100"
