"""Fair play: what every viewer sees of a move, and which decisions are played without asking
(docs/rules/ultramassive.md, sections 5, 17 and 18).

Boards and the Wormholes on them are public, so a Wormhole being moved is shown to everyone as
soon as it is picked up. A decision with one legal choice is played by itself (``auto_forced``)
only because every seat can see that it has one choice.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import state as S

from .builders import GAME, at_actions, cell, give_wormholes, to_phase


def moving(s: S.UltramassiveState, seat: int | None, p: int) -> list[str]:
    """The spaces of ``p``'s Wormholes that ``seat`` sees being moved."""
    return [w["space"] for w in s.observation(seat)["players_view"][p]["wormholes"]
            if w["moving"]]


# UM-WORM-7, UM-KNOW-4
def test_everyone_sees_which_wormhole_is_being_moved() -> None:
    """After Round 2 seat 0 picks up its Wormhole on blue 7: both seats and a spectator see
    which one before it is put down, and read the same label for the choice."""
    s = at_actions()
    to_phase(s, S.REPOSITION)
    give_wormholes(s, 0, ("blue 1", "blue 7", "pink 1", "pink 4"))
    for viewer in (0, 1, None):
        assert s.action_label(A.WORMHOLE + 1, viewer) == "Wormhole at blue 7"
        assert s.action_label(A.WORMHOLE + 3, viewer) == "Wormhole at pink 4"
    s.apply(A.WORMHOLE + 1)
    for viewer in (0, 1, None):
        assert moving(s, viewer, 0) == ["blue 7"]
        assert s.observation(viewer)["prompt"] == \
            "choose a new space for the Wormhole at blue 7"
        assert moving(s, viewer, 1) == []
    s.apply(A.SPACE + cell("pink 5"))
    for viewer in (0, 1, None):
        assert moving(s, viewer, 0) == []
    moved = [e for e in s.events if e.kind == "move_wormhole"]
    assert moved[-1].data == {"seat": 0, "frm": "blue 7", "to": "pink 5"}
    assert moved[-1].visible_to is None


# UM-WORM-7, UM-KNOW-4, UM-SOLO-1
def test_a_spectator_of_a_solo_game_sees_the_wormhole_being_moved() -> None:
    s = at_actions(players=1)
    to_phase(s, S.REPOSITION)
    give_wormholes(s, 0, ("blue 1", "blue 7", "pink 1", "pink 4"))
    s.apply(A.WORMHOLE + 3)
    assert moving(s, None, 0) == ["pink 4"]


def lone_moves(players: int, seed: int, **options: Any) -> list[S.UltramassiveState]:
    """Positions of a random game (every decision asked) where the player to move has one
    move."""
    s = GAME.new_game(players=players, seed=seed, options={**options, "auto_forced": False})
    rng = random.Random(seed)
    out = []
    while not s.is_terminal():
        legal = s.legal_actions()
        if len(legal) == 1 and len(out) < 80:
            out.append(s.clone())
        s.apply(rng.choice(legal))
    return out


# UM-OPT-5, UM-KNOW-1, UM-KNOW-2
@pytest.mark.parametrize(("players", "options"), [
    (2, {}), (3, {"advanced_draft": True}),
    (4, {"ultramassive_size": "third_expansion"})])
def test_a_lone_move_is_lone_in_every_world_another_seat_cannot_tell_apart(
        players: int, options: dict[str, Any]) -> None:
    """auto_forced plays a lone move by itself only if every seat can see it is forced: in
    every world determinised for any other seat the player to move has one move too."""
    found = 0
    for seed in range(2):
        for s in lone_moves(players, seed, **options):
            found += 1
            mover = s.current_player
            for q in [q for q in range(players) if q != mover]:
                for k in range(2):
                    world = s.determinize(q, random.Random(k))
                    assert world.current_player == mover
                    assert len(world.legal_actions()) == 1, world.observation(q)["prompt"]
            assert s._forced_is_public()
    assert found


# UM-OPT-5, UM-KNOW-1
def test_an_actions_phase_with_only_end_left_is_seen_as_forced_by_all() -> None:
    """With no card in hand, no Anomaly Effect, fewer than two open Wormholes and no Discovery,
    ending the Actions phase is all a player can do: everyone sees it, so it is played for
    them. The hand's size is public, its cards are not needed to know it."""
    s = at_actions(auto_forced=False)
    p = s.actor
    s.hands[p] = []
    s.disc[p] = 0
    s.worm_open[p] = [False, False, False, True]
    assert s.legal_actions() == [A.END_ACTIONS]
    assert s._forced_is_public()
    assert s.observation(1 - p)["players_view"][p]["hand"] == 0
