"""The public variants (docs/rules/multiuniversum.md, section 11): Basic scoring, Deadly
Portals and the Short Game, one at a time, each also in the solo mode.

Positions start at the beginning of seat 0's turn with empty hands and labs, an empty discard
pile and every action card in the deck; stacks are named top first. Icons: water on
tidal_gate, deep_current and rain_spiral; fire on ember_door, magma_vent and sun_forge; gear
on cog_arch, clock_tower and piston_gate; void on null_hatch, silent_rift and
event_horizon; mirror on looking_glass alone.
"""

from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError

from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum import scoring, turn
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import (
    GAME,
    at,
    cards_with,
    give,
    new,
    pass_turn,
    play,
    portal,
    sealed,
    table,
    tools,
)

VARIANTS = ("basic_scoring", "deadly_portals", "short_game")


def lay_out(s: MultiuniversumState, *stacks: tuple[str, ...]) -> None:
    """Set the stacks of transformers 1 to 5 at once, each named top first. Every other
    portal not in a lab leaves the game."""
    in_labs = {q for x in (*s.sealed, *s.lost) for q in x}
    s.stacks = [[portal(s, n) for n in reversed(st)] for st in stacks]
    on_table = {q for st in s.stacks for q in st}
    s.removed = [q for q in range(A.PORTALS) if q not in on_table and q not in in_labs]
    s.removed_from = [0] * len(s.removed)
    s.pknow = [0] * A.PORTALS
    for st in s.stacks:
        if st:
            s.pknow[st[-1]] = P.PUBLIC


def ids(s: MultiuniversumState, portals: list[int]) -> list[str]:
    return [s.content.portals[q].id for q in portals]


def seal_last_portal_of_transformer_1(s: MultiuniversumState, tool: str) -> None:
    """Seat 0 stands on transformer 1 and seals its only portal with ``tool``."""
    at(s, 0, 1)
    sealer = cards_with(s, "seal", 1)[0]
    give(s, 0, sealer)
    tools(s, 0, tool)
    play(s, sealer)


def play_out(s: MultiuniversumState, seed: int) -> None:
    rng = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
        steps += 1
        assert steps < 5000


# MU-VAR-1 ------------------------------------------------------------------------------------


# MU-VAR-1
def test_basic_scoring_has_no_set_bonuses() -> None:
    """Three water portals and an Omni set's worth of icons score only their DP, minus the
    unused tool."""
    s = table(2, variant="basic_scoring")
    sealed(s, 0, "tidal_gate", "deep_current", "rain_spiral")
    sealed(s, 1, "ember_door", "null_hatch", "cog_arch", "prism_hall", "looking_glass")
    tools(s, 1, "red-01")
    assert scoring.score(s, 0) == 10
    assert scoring.score(s, 1) == 2 + 2 + 2 + 4 + 3 - 1
    assert s.observation(0)["set_scoring"] is False
    standard = table(2)
    sealed(standard, 0, "tidal_gate", "deep_current", "rain_spiral")
    assert scoring.score(standard, 0) == 10 + 9


# MU-VAR-1, MU-VAR-4
def test_basic_scoring_in_the_solo_mode_applies_to_both_sides() -> None:
    """The player seals tidal_gate to end the solo game; neither side scores its set."""
    s = table(1, variant="basic_scoring")
    lay_out(s, ("tidal_gate",), (), (), ("cog_arch",), ("looking_glass",))
    sealed(s, 0, "deep_current")
    sealed(s, 1, "ember_door", "magma_vent", "sun_forge")
    seal_last_portal_of_transformer_1(s, "blue-01")
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None
    assert out.scores == (6.0,)
    assert scoring.score(s, 1) == 13
    assert out.winners == ()


# MU-VAR-2 ------------------------------------------------------------------------------------


DEADLY = (("null_hatch",), (), (), ("rain_spiral", "magma_vent"), ("looking_glass",))
"""At the end the face-up portals are rain_spiral (water) and looking_glass (mirror);
magma_vent (fire) lies below the top."""


# MU-VAR-2
@pytest.mark.parametrize("visibility", ["top_only", "all_face_up"])
def test_deadly_portals_discards_sealed_portals_matching_a_face_up_icon(visibility: str) -> None:
    """Seat 0 seals null_hatch, the last portal of transformer 1 (end_mode=immediate). Its
    tidal_gate (water, like the face-up rain_spiral) is discarded; ember_door stays, since
    the fire of magma_vent lies below a top, also when every portal is shown. Its gear pair
    scores no set. Seat 1 loses deep_current. Unused tools still cost 1 DP each."""
    s = table(2, variant="deadly_portals", end_mode="immediate", portal_visibility=visibility)
    lay_out(s, *DEADLY)
    s.stacks[1] = [portal(s, "prism_hall")]  # two players: one stack may still be full
    s.pknow[portal(s, "prism_hall")] = P.PUBLIC
    s.removed.remove(portal(s, "prism_hall"))
    s.removed_from.pop()
    sealed(s, 0, "tidal_gate", "ember_door", "cog_arch", "clock_tower")
    sealed(s, 1, "deep_current")
    tools(s, 0, "red-01")
    assert s.empty_stacks() == 1
    seal_last_portal_of_transformer_1(s, "purple-01")
    assert s.is_terminal()
    assert ids(s, s.lost[0]) == ["tidal_gate"]
    assert ids(s, s.sealed[0]) == ["ember_door", "cog_arch", "clock_tower", "null_hatch"]
    assert ids(s, s.lost[1]) == ["deep_current"] and s.sealed[1] == []
    out = s.outcome()
    assert out is not None
    assert out.scores == (2 + 2 + 4 + 2 - 1, 0.0)


# MU-VAR-2
def test_deadly_portals_look_at_the_tops_when_the_game_ends_not_when_it_is_triggered() -> None:
    """Three players, end_mode=finish_round. Seat 0 triggers the end; in the last turns seat 1
    uses ability 4 on transformer 4, so magma_vent (fire) comes up over rain_spiral. At the
    end seat 0 loses ember_door (fire) and keeps tidal_gate (water)."""
    s = table(3, variant="deadly_portals")
    lay_out(s, *DEADLY)
    sealed(s, 0, "tidal_gate", "ember_door")
    seal_last_portal_of_transformer_1(s, "purple-01")
    assert not s.is_terminal()
    pass_turn(s)
    at(s, 1, 4)
    rotator = cards_with(s, "ability", 4)[0]
    give(s, 1, rotator)
    play(s, rotator)
    pass_turn(s)
    pass_turn(s)
    assert s.is_terminal()
    assert ids(s, s.lost[0]) == ["ember_door"]
    assert ids(s, s.sealed[0]) == ["tidal_gate", "null_hatch"]
    out = s.outcome()
    assert out is not None and out.scores[0] == 4.0


# MU-VAR-2
def test_deadly_portals_tie_breakers_still_count_the_discarded_portals() -> None:
    """Seat 0: tidal_gate (discarded: water is face up), ember_door and null_hatch: 4 DP,
    3 tools used, 3 portals sealed. Seat 1: magma_vent and cog_arch with 2 unused tools:
    4 DP, 3 tools used, 2 portals. Seat 0 wins on the most portals sealed."""
    s = table(2, variant="deadly_portals")
    lay_out(s, ("rain_spiral",), (), ("looking_glass",), ("prism_hall",), ())
    sealed(s, 0, "tidal_gate", "ember_door", "null_hatch")
    sealed(s, 1, "magma_vent", "cog_arch")
    tools(s, 1, "red-01", "red-02")
    turn.game_over(s, "end")
    assert ids(s, s.lost[0]) == ["tidal_gate"]
    assert scoring.tools_used(s, 0) == 3 and scoring.portals_sealed(s, 0) == 3
    out = s.outcome()
    assert out is not None
    assert out.scores == (4.0, 4.0)
    assert out.winners == (0,)
    assert "most portals sealed" in out.tiebreak_trace[-1]


# MU-VAR-2, MU-VAR-4
def test_deadly_portals_in_the_solo_mode_hits_the_virtual_scientist_too() -> None:
    """The player seals tidal_gate to end the game; rain_spiral (water) is face up, so the
    player's new portal and the virtual scientist's deep_current are both discarded."""
    s = table(1, variant="deadly_portals")
    lay_out(s, ("tidal_gate",), (), (), ("rain_spiral",), ("looking_glass",))
    sealed(s, 0, "magma_vent")
    sealed(s, 1, "deep_current", "cog_arch")
    seal_last_portal_of_transformer_1(s, "blue-01")
    assert s.is_terminal()
    assert ids(s, s.lost[0]) == ["tidal_gate"]
    assert ids(s, s.lost[1]) == ["deep_current"]
    out = s.outcome()
    assert out is not None
    assert out.scores == (4.0,)
    assert scoring.score(s, 1) == 2
    assert out.winners == (0,)


# MU-VAR-3 ------------------------------------------------------------------------------------


# MU-VAR-3
@pytest.mark.parametrize(("players", "seed"), [(1, 0), (2, 1), (3, 2), (5, 3)])
def test_the_short_game_takes_one_unseen_portal_out_of_each_stack(players: int,
                                                                 seed: int) -> None:
    s = new(players, seed=seed, variant="short_game")
    assert [len(st) for st in s.stacks] == [3, 3, 3, 3, 3]
    assert len(s.removed) == 5 and sorted(s.removed_from) == [0, 1, 2, 3, 4]
    dealt = {q for st in s.stacks for q in st}
    assert dealt | set(s.removed) == set(range(A.PORTALS))
    for q in s.removed:
        assert s.pknow[q] == 0  # nobody has seen it
    removed_names = {s.content.portals[q].name for q in s.removed}
    for seat in (*range(players), None):
        obs = s.observation(seat)
        assert obs["removed_portals"] == 5
        text = json.dumps(obs)
        assert not any(name in text for name in removed_names)
    tiers = [sorted(s.T.tier[q] for q in (*st, s.removed[s.removed_from.index(t)]))
             for t, st in enumerate(s.stacks)]
    assert tiers == [[0, 1, 1, 2]] * 5  # each stack was built as usual before the removal


# MU-VAR-3
@pytest.mark.parametrize("players", [2, 3])
def test_the_short_game_keeps_the_end_condition(players: int) -> None:
    s = new(players, variant="short_game")
    assert s.observation(None)["end"]["threshold"] == (2 if players == 2 else 3)


# MU-VAR-3, MU-VAR-4
def test_a_short_solo_game_ends_at_the_third_empty_stack() -> None:
    s = table(1, variant="short_game")
    lay_out(s, ("tidal_gate",), (), ("null_hatch",), (), ("looking_glass", "cog_arch"))
    seal_last_portal_of_transformer_1(s, "blue-01")
    assert s.is_terminal()
    assert s.empty_stacks() == 3


# MU-VAR-4 ------------------------------------------------------------------------------------


# MU-VAR-4
@pytest.mark.parametrize("value", ["basic_scoring,deadly_portals", ["basic_scoring",
                                                                     "short_game"], "solo"])
def test_only_one_variant_is_played_at_a_time(value: object) -> None:
    with pytest.raises((ValidationError, ValueError)):
        new(2, variant=value)


# MU-VAR-4
@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_plays_to_the_end_in_the_solo_mode(variant: str) -> None:
    s = new(1, seed=7, variant=variant, auto_forced=True)
    assert s.opts.variant == variant
    play_out(s, seed=3)
    out = s.outcome()
    assert out is not None and out.winners in ((0,), ())
    GAME.check_invariants(s)
    if variant != "deadly_portals":
        assert s.lost == [[], []]
