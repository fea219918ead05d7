"""The end of the game: Round 6, the winner, the three tie-breakers in order and the solo
result (docs/rules/ultramassive.md, sections 14 and 16).

Each position is Round 6's Actions phase of a game played quietly so far (nothing discovered,
every Actions phase ended at once), with boards emptied and tracks set by hand; then every
player ends their Actions phase and the game is over.
"""

from __future__ import annotations

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import state as S
from ludoverse.games.ultramassive.content import TIERS, TYPES

from .builders import clear, new, own, put


def last_actions(players: int = 2, **options: object) -> S.UltramassiveState:
    s = new(players, **options)
    while not (s.round == 6 and s.phase == S.ACTIONS):
        legal = s.legal_actions()
        s.apply(next((q for q in (A.DECLINE, A.END_ACTIONS, A.STOP) if q in legal), legal[0]))
    clear(s)
    return s


def discovered(s: S.UltramassiveState, p: int, *ids: str) -> None:
    """Seat ``p`` discovered these Anomalies and paid for them."""
    own(s, p, *ids)
    for a in ids:
        t, tier = a.split("_")
        s.spent[p] += s.rules.cost[TYPES.index(t) * 5 + TIERS.index(tier.upper())]


def finish(s: S.UltramassiveState) -> S.UltramassiveState:
    """Every player ends their Actions phase (a Black Hole that grows takes a Core)."""
    while s.phase == S.ACTIONS:
        legal = s.legal_actions()
        s.apply(A.END_ACTIONS if A.END_ACTIONS in legal else legal[0])
    assert s.is_terminal()
    return s


def tied(sm: int = 15, players: int = 2) -> S.UltramassiveState:
    s = last_actions(players)
    s.sm = [sm] * players
    return s


# UM-END-1
def test_the_game_ends_after_round_6s_actions_without_draws_or_bonus() -> None:
    """Seat 0 holds 2 cards after playing one; sizes differ. Nobody draws and no bonus is
    paid."""
    s = last_actions()
    s.played[0].append(s.hands[0].pop())
    s.size, s.sm = [0, 1], [10, 30]
    since = len(s.events)
    finish(s)
    assert len(s.hands[0]) == 2 and len(s.hands[1]) == 3
    assert s.sm == [10, 30]
    assert not [e for e in s.events[since:] if e.kind in ("bonus", "bonus_skipped", "draw")]
    assert s.events[-1].kind == "game_over"
    assert s.legal_actions() == [] and s.current_player < 0
    with pytest.raises(IllegalAction):
        s.apply(A.END_ACTIONS)


# UM-END-2
def test_the_most_solar_mass_wins() -> None:
    """18 beats 14 and 10; no tie-breaker is consulted."""
    s = last_actions(3)
    s.sm = [10, 18, 14]
    out = finish(s).outcome()
    assert out is not None
    assert out.winners == (1,) and out.ranking == (3, 1, 2)
    assert out.scores == (10.0, 18.0, 14.0) and out.tiebreak_trace == ()
    assert out.reason == "seat 1 has the most Solar Mass (18)"


# UM-END-3
def test_first_tie_breaker_is_solar_mass_left_on_the_board() -> None:
    """Seat 0 has a Minor Antimatter (1) and a Blue Giant Star (2): 3. Seat 1 has one Blue
    Giant Star (2); its Galactic Merger would make that 3, but Anomalies are ignored, and
    its larger Discovery spending is never looked at."""
    s = tied()
    put(s, 0, {"blue 2": ["minor"], "pink 4": ["blue_giant"]})
    put(s, 1, {"blue 5": ["blue_giant"]})
    discovered(s, 1, "matter_1", "matter_2a", "matter_3", "matter_4")
    out = finish(s).outcome()
    assert out is not None and out.winners == (0,) and out.ranking == (1, 2)
    assert out.tiebreak_trace == ("tied on seat 0, seat 1: Solar Mass left on the board 3, 2",)


# UM-END-3
def test_a_major_antimatter_counts_four_on_the_board() -> None:
    """A Major Antimatter (4) beats a Supergiant Star (3)."""
    s = tied()
    put(s, 0, {"pink 6": ["supergiant"]})
    put(s, 1, {"blue 2": ["major"]})
    out = finish(s).outcome()
    assert out is not None and out.winners == (1,)


# UM-END-4
def test_second_tie_breaker_is_discovery_spent_on_anomalies() -> None:
    """Both boards hold 3. Seat 0 spent 2 on Amplified Heat Absorption and holds two Core
    Anomalies, which count nothing; seat 1 spent 2 + 3 on Tidal Drift and Wormhole Lattice."""
    s = tied()
    put(s, 0, {"blue 1": ["supergiant"]})
    put(s, 1, {"pink 1": ["supergiant"]})
    discovered(s, 0, "siphon_1")
    s.cores_owned[0] = list(s.cores_drawn[0][:2])
    discovered(s, 1, "orbit_1", "orbit_2a")
    out = finish(s).outcome()
    assert out is not None and out.winners == (1,)
    assert out.tiebreak_trace == (
        "tied on seat 0, seat 1: Solar Mass left on the board 3, 3",
        "tied on seat 0, seat 1: Discovery spent on Anomalies 2, 5",
    )


# UM-END-5
def test_third_tie_breaker_is_open_wormholes() -> None:
    """Equal on the board and in spending, seat 0 has 4 open Wormholes to seat 1's 3."""
    s = tied()
    s.worm_open = [[True] * 4, [True, True, True, False]]
    out = finish(s).outcome()
    assert out is not None and out.winners == (0,) and out.ranking == (1, 2)
    assert out.tiebreak_trace[-1] == "tied on seat 0, seat 1: open Wormholes 4, 3"
    assert len(out.tiebreak_trace) == 3


# UM-END-5
def test_players_still_tied_share_the_win() -> None:
    """Only the players tied on Solar Mass are compared: seat 2's full board does not count."""
    s = tied(players=3)
    s.sm[2] = 14
    put(s, 2, {"blue 1": ["primordial", "primordial"]})
    out = finish(s).outcome()
    assert out is not None
    assert out.winners == (0, 1) and out.ranking == (1, 1, 3)
    assert out.tiebreak_trace == (
        "tied on seat 0, seat 1: Solar Mass left on the board 0, 0",
        "tied on seat 0, seat 1: Discovery spent on Anomalies 0, 0",
        "tied on seat 0, seat 1: open Wormholes 4, 4",
        "still tied: the win is shared",
    )
    assert "shared win" in out.reason


# UM-SOLO-10
@pytest.mark.parametrize(("difficulty", "done", "sm", "won"), [
    ("normal", 3, 80, True), ("normal", 3, 79, False), ("normal", 2, 120, False),
    ("hard", 5, 100, True), ("hard", 5, 99, False), ("hard", 4, 130, False),
])
def test_solo_is_won_or_lost_on_challenges_and_solar_mass(difficulty: str, done: int, sm: int,
                                                          won: bool) -> None:
    """Normal needs 3 Challenges and 80 Solar Mass, Hard 5 and 100; the result reports both."""
    s = last_actions(1, solo_difficulty=difficulty)
    s.completed = [k < done for k in range(len(s.challenges))]
    s.sm[0] = sm
    out = finish(s).outcome()
    assert out is not None
    assert out.winners == ((0,) if won else ())
    assert out.scores == (float(sm),)
    need, mass = (3, 80) if difficulty == "normal" else (5, 100)
    assert out.reason == (f"{'won' if won else 'lost'}: {done} of {need} Challenges, "
                          f"{sm} of {mass} Solar Mass ({difficulty})")
