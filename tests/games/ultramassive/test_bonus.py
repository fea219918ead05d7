"""Phase 4, the Solar Mass Bonus: 3 Solar Mass for every larger Black Hole
(docs/rules/ultramassive.md, section 12).

Positions are Round 1's Actions phase with sizes and Solar Mass set by hand; every player then
ends their Actions phase, and the bonus is paid before Round 2's Resource Draft. Seats 0 to 3
are Yellow, Red, Teal and Blue of the rulebook's example.
"""

from __future__ import annotations

import pytest

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import state as S

from .builders import at_actions, new, put, to_phase

PRIMORDIAL, STELLAR, SUPERMASSIVE, ULTRAMASSIVE = range(4)


def black_holes(players: int, sizes: list[int], sm: list[int],
                **options: object) -> S.UltramassiveState:
    s = at_actions(players, **options)
    s.size, s.sm = list(sizes), list(sm)
    return s


def end_actions(s: S.UltramassiveState) -> None:
    while s.phase == S.ACTIONS:
        s.apply(A.END_ACTIONS)


def bonus_events(s: S.UltramassiveState) -> list[tuple[str, object]]:
    return [(e.kind, e.data.get("seat")) for e in s.events
            if e.kind in ("bonus", "bonus_skipped")]


# UM-BONUS-4, UM-BONUS-1
def test_two_primordial_players_gain_six_each_from_two_stellar_ones() -> None:
    """Yellow and Teal are Primordial, Red and Blue Stellar: Yellow and Teal gain 6 each,
    Red and Blue nothing."""
    s = black_holes(4, [PRIMORDIAL, STELLAR, PRIMORDIAL, STELLAR], [5, 25, 7, 30])
    end_actions(s)
    assert s.round == 2 and s.phase == S.DRAFT
    assert s.sm == [11, 25, 13, 30]
    assert bonus_events(s) == [("bonus", 0), ("bonus", 2)]


# UM-BONUS-1
def test_three_solar_mass_for_each_larger_black_hole() -> None:
    """Primordial, Stellar and Supermassive gain 6, 3 and 0."""
    s = black_holes(3, [PRIMORDIAL, STELLAR, SUPERMASSIVE], [0, 20, 50])
    end_actions(s)
    assert s.sm == [6, 23, 50]


# UM-BONUS-1
def test_sizes_are_compared_before_any_bonus_is_paid() -> None:
    """Seat 0 becomes Stellar with its bonus (19 + 3), but seat 1 still gains only 3: when
    the phase began, only seat 2 was larger than seat 1."""
    s = black_holes(3, [PRIMORDIAL, PRIMORDIAL, STELLAR], [19, 10, 30])
    end_actions(s)
    assert s.phase == S.BONUS and s.actor == 0 and s.size[0] == STELLAR
    s.apply(s.legal_actions()[0])  # seat 0 discovers a Core Anomaly
    assert s.sm == [22, 13, 30] and s.phase == S.DRAFT


# UM-BONUS-1
@pytest.mark.parametrize(("option", "gain"), [("track_only", 0), ("third_expansion", 3)])
def test_ultramassive_counts_as_larger_only_with_the_third_expansion(option: str,
                                                                     gain: int) -> None:
    """At 104 Solar Mass seat 0 is ULTRAMASSIVE only with the third expansion; only then does
    Supermassive seat 1 gain 3."""
    sizes = [ULTRAMASSIVE if option == "third_expansion" else SUPERMASSIVE, SUPERMASSIVE]
    s = black_holes(2, sizes, [104, 60], ultramassive_size=option)
    end_actions(s)
    assert s.sm == [104, 60 + gain]


# UM-BONUS-2
def test_the_bonus_is_skipped_when_every_black_hole_has_the_same_size() -> None:
    """Three Stellar Black Holes: nobody gains and the phase is skipped."""
    s = black_holes(3, [STELLAR] * 3, [21, 35, 49])
    end_actions(s)
    assert s.sm == [21, 35, 49]
    assert bonus_events(s) == [("bonus_skipped", None)]


# UM-BONUS-2
def test_there_is_no_bonus_in_round_6() -> None:
    """After Round 6's Actions phase the game ends with no bonus."""
    s = black_holes(2, [PRIMORDIAL, SUPERMASSIVE], [10, 60])
    s.round = 6
    end_actions(s)
    assert s.is_terminal() and s.sm == [10, 60] and bonus_events(s) == []


# UM-BONUS-2
def test_there_is_no_bonus_in_solo_mode() -> None:
    """A solo round ends with no bonus phase."""
    s = to_phase(new(1), S.ACTIONS)
    s.sm[0] = 12
    end_actions(s)
    assert s.round == 2 and s.sm[0] == 12 and bonus_events(s) == []


# UM-BONUS-3
def test_a_bonus_can_make_a_black_hole_expand() -> None:
    """Seat 0 at 18 Solar Mass gains 3: it becomes Stellar, the Stellar card absorbs the Blue
    Giant Star on blue 7, and seat 0 discovers a Core Anomaly."""
    s = black_holes(2, [PRIMORDIAL, STELLAR], [18, 20])
    put(s, 0, {"blue 7": ["blue_giant"]})
    end_actions(s)
    assert s.size[0] == STELLAR and s.sm[0] == 23
    assert s.legal_actions() == [A.CORE + c for c in s.cores_drawn[0]]
    s.apply(A.CORE + s.cores_drawn[0][0])
    assert s.cores_owned[0] == [s.cores_drawn[0][0]] and s.phase == S.DRAFT
