"""The designer's figures: per-game metrics and tables, the portal study's lift, and the
ability study's bot that plays without one ability."""

from __future__ import annotations

import random

from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.reporting import metrics, tables
from ludoverse.games.multiuniversum.studies import NoAbilityBot, portal_rows

from .builders import GAME


def _random_game(players: int, seed: int):
    s = GAME.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_metrics_and_tables_describe_a_finished_game() -> None:
    s = _random_game(3, 4)
    m = metrics(s)
    assert m["rounds"] == s.turn // 3 + 1
    sealed = sum(len(x) for x in s.sealed)
    assert m["portals sealed per player"] == sealed / 3
    assert m["unused tools per player"] == sum(len(t) for t in s.tools) / 3
    assert sum(m[k] for k in ("ended by empty stacks %", "ended by the round limit %",
                              "ended with no card left %")) == 100.0
    t = tables(s)
    assert len(t["portals"]) == 20
    assert sum(r["sealed"] for r in t["portals"]) == sealed
    assert sorted(r["turn position"] for r in t["turn order"]) == [1, 2, 3]
    assert sum(r["won"] for r in t["turn order"]) == 1.0
    assert len(t["abilities"]) == 3 * 5


def test_solo_metrics_report_the_virtual_scientist() -> None:
    s = _random_game(1, 2)
    m = metrics(s)
    assert m["virtual scientist DP"] >= 0
    assert m["solo win %"] in (0.0, 100.0)


def _game(winner: int, sealed: dict[int, list[str]]) -> dict:
    rows = [{"portal": name, "sealed": 1.0, "seat": seat, "won": float(seat == winner)}
            for seat, names in sealed.items() for name in names]
    return {"outcome": {"scores": [0, 0], "winners": [winner]}, "tables": {"portals": rows}}


def test_portal_lift_compares_players_who_sealed_as_many_portals() -> None:
    # Sealing Tidal Gate goes with winning among players with one portal each
    games = [_game(0, {0: ["Tidal Gate"], 1: ["Cog Arch"]}) for _ in range(10)]
    rows = {r["portal"]: r for r in portal_rows(games)}
    assert rows["Tidal Gate"]["sealed %"] == 100.0
    assert rows["Tidal Gate"]["sealers win %"] == 100.0
    assert rows["Tidal Gate"]["lift (pts)"].startswith("+100.0")
    assert rows["Cog Arch"]["lift (pts)"].startswith("-100.0")


def test_the_ability_study_bot_never_uses_its_banned_ability() -> None:
    rng = random.Random(1)
    for seed in range(3):
        s = GAME.new_game(players=2, seed=seed)
        bot = NoAbilityBot(P.DRAW_KEEP)
        steps = 0
        while not s.is_terminal() and steps < 400:
            a = bot.choose(s, s.current_player, rng) if s.current_player == 0 else \
                rng.choice(s.legal_actions())
            if s.current_player == 0 and s.phase == P.TURN and A.PLAY <= a < A.PLAY + A.CARDS:
                here = s.pos[0]
                assert not (s.T.rows[a - A.PLAY][here] == P.ABILITY
                            and s.T.ability[here] == P.DRAW_KEEP)
            assert a in s.legal_actions()
            s.apply(a)
            steps += 1
