"""Phase 2, Discovery: paying for Anomalies, tier order, and what a discovered Anomaly does
(docs/rules/ultramassive.md, section 9).

Anomaly ids are ``type * 5 + slot`` (Siphon 0-4, Matter 5-9, Orbit 10-14; slots 1, 2A, 2B, 3,
4), so ``A.DISCOVER + 0`` is Amplified Heat Absorption and ``A.DISCOVER + 10`` Tidal Drift.
"""

from __future__ import annotations

import random

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import state as S

from .builders import new, own, to_phase

SIPHON, MATTER, ORBIT = 0, 5, 10
T1, T2A, T2B, T3, T4 = range(5)
SIPHON_NAMES = ("Amplified Heat Absorption", "Heat Magnet", "Intermittent Combustion",
                "Elevated Heat Absorption", "Ignited Singularity")


def at_discovery(players: int = 2, seed: int = 0, **options: object) -> S.UltramassiveState:
    return to_phase(new(players, seed, **options), S.DISCOVERY)


def offered(s: S.UltramassiveState) -> set[int]:
    """The Anomalies the actor may discover now."""
    return {a - A.DISCOVER for a in s.legal_actions() if A.DISCOVER <= a < A.DISCOVER + 15}


# UM-DISC-2
def test_discovering_amplified_heat_absorption_costs_two_discovery() -> None:
    """The rulebook's example: Siphon Tier 1 costs 2, so the disc moves from 4 down to 2."""
    s = at_discovery()
    s.disc[0] = 4
    s.apply(A.DISCOVER + SIPHON + T1)
    assert s.disc[0] == 2
    assert s.owned[0] == [SIPHON + T1] and s.spent[0] == 2
    assert s.observation(1)["players_view"][0]["anomalies"][0]["name"] == SIPHON_NAMES[0]


# UM-DISC-2
def test_an_anomaly_that_cannot_be_paid_for_is_not_offered() -> None:
    """With 1 Discovery no Anomaly is offered; with 2 every Tier 1 is."""
    s = at_discovery()
    s.disc[0] = 1
    s.edited()  # edited in place: the moves must be computed afresh
    assert offered(s) == set()
    with pytest.raises(IllegalAction):
        s.apply(A.DISCOVER + SIPHON + T1)
    s.disc[0] = 2
    s.edited()
    assert offered(s) == {SIPHON + T1, MATTER + T1, ORBIT + T1}


# UM-DISC-1
def test_each_player_discovers_at_most_one_anomaly_in_turn_order() -> None:
    """Seed 3 gives seat 1 the Starting Player token: Discovery asks seats 1, 2, 0 in turn."""
    s = at_discovery(3, seed=3, starting_player="random")
    assert s.start == 1
    asked = []
    for seat in range(3):
        s.disc[seat] = 10
    while s.phase == S.DISCOVERY:
        asked.append(s.actor)
        s.apply(A.DISCOVER + SIPHON + T1)
    assert asked == [1, 2, 0]
    assert s.phase == S.ACTIONS
    assert [len(o) for o in s.owned] == [1, 1, 1] and s.disc == [8, 8, 8]


# UM-DISC-1
def test_discovering_is_optional() -> None:
    """Declining keeps the Discovery and passes to the next player."""
    s = at_discovery()
    s.disc[0] = 10
    assert A.DECLINE in s.legal_actions()
    s.apply(A.DECLINE)
    assert s.owned[0] == [] and s.disc[0] == 10 and s.actor == 1


# UM-DISC-3
def test_costs_rise_with_the_tier_and_only_siphon_tier_1_is_printed() -> None:
    """Tier 1 < Tier 2A/2B < Tier 3 < Tier 4 in each type; Siphon Tier 1 costs the printed 2."""
    s = new()
    for base in (SIPHON, MATTER, ORBIT):
        c = s.rules.cost[base:base + 5]
        assert c[T1] < min(c[T2A], c[T2B]) and max(c[T2A], c[T2B]) < c[T3] < c[T4]
    assert s.rules.cost[SIPHON + T1] == 2
    assert all(a.provenance == "reconstructed" for a in s.content.anomalies)
    note = s.content.anomaly_order[SIPHON + T1].note or ""
    assert "the cost" in note and "rulebook" in note


# UM-DISC-4
def test_tiers_of_a_type_come_in_order() -> None:
    """With 10 Discovery a new player may still take only Tier 1s; Tier 1 opens 2A and 2B,
    a Tier 2 opens Tier 3, Tier 3 opens Tier 4."""
    s = at_discovery()
    s.disc[0] = 10
    assert offered(s) == {SIPHON + T1, MATTER + T1, ORBIT + T1}
    own(s, 0, "siphon_1")
    assert offered(s) == {SIPHON + T2A, SIPHON + T2B, MATTER + T1, ORBIT + T1}
    own(s, 0, "siphon_2b")
    assert SIPHON + T3 in offered(s) and SIPHON + T4 not in offered(s)
    own(s, 0, "siphon_3")
    assert SIPHON + T4 in offered(s)


# UM-DISC-4
def test_the_three_types_are_independent() -> None:
    """Three Siphon tiers open no Matter or Orbit tier beyond Tier 1."""
    s = at_discovery()
    s.disc[0] = 10
    own(s, 0, "siphon_1", "siphon_2a", "siphon_3")
    assert {MATTER + T1, ORBIT + T1} <= offered(s)
    assert not offered(s) & {MATTER + T2A, MATTER + T2B, MATTER + T3, ORBIT + T2A, ORBIT + T3}


# UM-DISC-5
def test_only_one_of_the_two_tier_2_anomalies_of_a_type() -> None:
    """A player with Heat Magnet (Siphon 2A) can never take Intermittent Combustion (2B)."""
    s = at_discovery()
    s.disc[0] = 10
    own(s, 0, "siphon_1", "siphon_2a")
    assert SIPHON + T2B not in offered(s)
    with pytest.raises(IllegalAction):
        s.apply(A.DISCOVER + SIPHON + T2B)


# UM-DISC-5
def test_an_anomaly_is_discovered_at_most_once() -> None:
    """A player who owns Tidal Drift is not offered it again."""
    s = at_discovery()
    s.disc[0] = 10
    own(s, 0, "orbit_1")
    assert ORBIT + T1 not in offered(s)


# UM-DISC-6
def test_a_discovered_anomaly_works_in_the_same_rounds_actions_phase() -> None:
    """Tidal Drift, discovered in Round 1, may be used in Round 1's Actions phase."""
    s = at_discovery()
    s.disc[0] = 4
    s.apply(A.DISCOVER + ORBIT + T1)  # Tidal Drift: Effect, Orbit once
    s.apply(A.DECLINE)  # seat 1
    assert s.phase == S.ACTIONS and s.actor == 0
    assert A.USE + ORBIT + T1 in s.legal_actions()


# UM-DISC-6
def test_a_discovered_anomaly_is_kept_for_the_rest_of_the_game() -> None:
    """Tidal Drift is still seat 0's in Round 3, and is never offered again."""
    s = at_discovery()
    s.disc[0] = 4
    s.apply(A.DISCOVER + ORBIT + T1)
    while not (s.round == 3 and s.phase == S.DISCOVERY):
        legal = s.legal_actions()
        s.apply(next((q for q in (A.DECLINE, A.END_ACTIONS, A.STOP) if q in legal), legal[0]))
    assert s.owned[0] == [ORBIT + T1]
    s.disc[0] = 10
    assert ORBIT + T1 not in offered(s)


# UM-DISC-7
def test_four_players_may_all_discover_the_same_anomaly() -> None:
    """Four copies of each Anomaly: the supply never runs out, even at 4 players."""
    s = at_discovery(4)
    for seat in range(4):
        s.disc[seat] = 4
    for _ in range(4):
        assert SIPHON + T1 in offered(s)
        s.apply(A.DISCOVER + SIPHON + T1)
    assert s.owned == [[SIPHON + T1]] * 4


# UM-DISC-8
@pytest.mark.parametrize("seed", [1, 2])
def test_anomalies_are_discovered_only_in_the_discovery_phase(seed: int) -> None:
    """Over a whole game of random play, a Discover action is offered only in the Discovery
    phase, and a player's Anomalies grow only there."""
    rng = random.Random(seed)
    s = new(3, seed=seed)
    while not s.is_terminal():
        legal = s.legal_actions()
        discovering = s.phase == S.DISCOVERY and not s.stack
        assert discovering or not any(A.DISCOVER <= a < A.DISCOVER + 15 for a in legal)
        before = [list(o) for o in s.owned]
        s.apply(rng.choice(legal))
        if not discovering:
            assert s.owned == before
    assert any(s.owned)


# UM-DISC-9
def test_anomaly_cards_show_name_type_tier_cost_and_text() -> None:
    """The five Siphon names are the rulebook's; an owned card shows its name, type, tier, cost
    and its Passive and Effect."""
    s = new()
    assert tuple(a.name for a in s.content.anomaly_order[:5]) == SIPHON_NAMES
    assert [(a.type, a.tier) for a in s.content.anomaly_order[:5]] == [
        ("siphon", "1"), ("siphon", "2A"), ("siphon", "2B"), ("siphon", "3"), ("siphon", "4")]
    own(s, 0, "siphon_1", "siphon_2a")
    shown = s.observation(1)["players_view"][0]["anomalies"]
    assert shown[1]["name"] == "Heat Magnet"
    assert {k: shown[1][k] for k in ("type", "tier", "cost")} == {
        "type": "siphon", "tier": "2A", "cost": 3}
    assert "Passive" in shown[1]["text"] and "Effect" in shown[1]["text"]
    for a in s.content.anomalies:
        assert a.effect or a.passive
