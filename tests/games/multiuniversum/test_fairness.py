"""Fair play: what a move's label tells each viewer, and which decisions are played without
asking (docs/rules/multiuniversum.md, sections 12 and 13).

A label is written for one viewer: the seat to move reads its own choice in full, everyone
else only what the move shows them once played. A decision with one legal choice is played by
itself (``auto_forced``) only because every seat can see that it has one choice.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import GAME, card, give, on_top, play, portal, table

FIVE = (("tidal_gate", "ember_door", "null_hatch", "cog_arch"),
        ("magma_vent", "prism_hall"), ("sun_forge", "deep_current"), ("looking_glass",),
        ("rain_spiral", "quartz_well"))


def layout(s: MultiuniversumState, public: bool = False) -> None:
    """The five stacks of FIVE, top first; only the tops are known unless ``public``."""
    for t, names_ in enumerate(FIVE):
        s.stacks[t] = [portal(s, n) for n in reversed(names_)]
    on_table = {q for st in s.stacks for q in st}
    s.removed = [q for q in range(A.PORTALS) if q not in on_table]
    s.removed_from = [0] * len(s.removed)
    s.pknow = [P.PUBLIC if public else 0] * A.PORTALS
    for st in s.stacks:
        s.pknow[st[-1]] = P.PUBLIC


def labels_for(s: MultiuniversumState, seat: int | None) -> list[str]:
    return [s.action_label(a, seat) for a in s.legal_actions()]


def rearranging(**options: Any) -> MultiuniversumState:
    """Seat 0, on transformer 1, plays red-02 for ability 1 and picks transformer 1's stack."""
    s = table(**options)
    layout(s, public=options.get("portal_visibility") == "all_face_up")
    give(s, 0, "red-02", "red-03")
    play(s, "red-02")
    s.apply(A.STACK + 0)
    return s


# MU-ABILITY-1, MU-KNOW-4
def test_only_the_arranger_reads_which_portal_goes_next() -> None:
    s = rearranging()
    assert labels_for(s, 0) == [f"Put {n} next, from the top" for n in
                                ("Tidal Gate", "Ember Door", "Null Hatch", "Cog Arch")]
    for seat in (1, 2, None):
        assert set(labels_for(s, seat)) == {"Put a portal next, from the top"}
    s.apply(A.PLACE + portal(s, "cog_arch"))
    for seat in (1, 2, None):
        assert s.observation(seat)["reorder"] == {"transformer": 1, "placed": 1}


# MU-KNOW-5
def test_with_all_face_up_everyone_reads_and_sees_the_new_order() -> None:
    s = rearranging(portal_visibility="all_face_up")
    for seat in (0, 1, 2, None):
        assert "Put Cog Arch next, from the top" in labels_for(s, seat)
    s.apply(A.PLACE + portal(s, "cog_arch"))
    for seat in (0, 1, 2, None):
        assert [p["name"] for p in s.observation(seat)["reorder"]["new_order"]] == ["Cog Arch"]


# MU-ABILITY-2, MU-KNOW-1
def test_only_the_keeper_reads_which_card_ability_2_keeps() -> None:
    """Seat 0, on transformer 2, plays red-04 for ability 2 and draws three blue cards."""
    s = table()
    s.pos[0] = 1
    give(s, 0, "red-04", "red-01")
    on_top(s, "blue-01", "blue-02", "blue-03")
    play(s, "red-04")
    assert s.phase == P.KEEP
    assert "Keep blue-02" in labels_for(s, 0)
    for seat in (1, 2, None):
        assert set(labels_for(s, seat)) == {"Keep a card"}


# MU-ACTION-1, MU-TOOL-1, MU-TOOL-3, MU-KNOW-5
def test_cards_that_are_shown_when_used_are_named_to_everyone() -> None:
    """Playing, preparing or discarding a card lays it face up: its name is no secret."""
    s = table()
    give(s, 0, "red-03")
    for seat in (0, 1, None):
        assert s.action_label(A.PREPARE + card(s, "red-03"), seat) == \
            "Prepare red-03 as a tool (Plasma Torch)"
        assert s.action_label(A.DISCARD + card(s, "red-03"), seat) == \
            "Discard red-03 and draw a card"


# MU-TURN-4, MU-ACTION-5, MU-KNOW-1
def test_a_refused_card_move_is_explained_from_the_movers_own_hand() -> None:
    """Seat 0 holds red-05, whose row on transformer 1 is Seal Portal, and no tool: sealing
    would change nothing. A card it does not hold is refused as not in its hand, whoever
    holds it."""
    s = table()
    give(s, 0, "red-05")
    give(s, 1, "red-03")
    with pytest.raises(IllegalAction, match="would change nothing where you stand"):
        play(s, "red-05")
    for name in ("red-03", "red-07"):  # in seat 1's hand, in the deck
        with pytest.raises(IllegalAction, match=f"{name} is not in your hand"):
            s.apply(A.PREPARE + card(s, name))


def lone_moves(players: int, seed: int, **options: Any) -> list[MultiuniversumState]:
    """Positions of a random game (every decision asked) where the seat to move has one move."""
    s = GAME.new_game(players=players, seed=seed,
                      options={**options, "auto_forced": False})
    rng = random.Random(seed)
    out = []
    while not s.is_terminal() and len(out) < 60:
        legal = s.legal_actions()
        if len(legal) == 1:
            out.append(s.clone())
        s.apply(rng.choice(legal))
    return out


# MU-OPT-11, MU-TOOL-4
@pytest.mark.parametrize(("players", "options"), [
    (3, {}), (1, {}), (2, {"variant": "short_game"}),
    (3, {"portal_visibility": "all_face_up", "recycle_mode": "free_anytime",
         "set_assignment": "player_choice", "round_limit": 20})])
def test_a_lone_move_is_lone_in_every_world_another_seat_cannot_tell_apart(
        players: int, options: dict[str, Any]) -> None:
    """auto_forced plays a lone move by itself only if every seat can see it is forced: in
    every world determinised for any other seat the seat to move has one move too."""
    found = 0
    for seed in range(3):
        for s in lone_moves(players, seed, **options):
            found += 1
            mover = s.current_player
            for q in range(players):
                if q == mover:
                    continue
                for k in range(2):
                    world = s.determinize(q, random.Random(k))
                    assert world.current_player == mover
                    assert len(world.legal_actions()) == 1, P.PHASES[s.phase]
            assert s._forced_is_public()
    assert found
