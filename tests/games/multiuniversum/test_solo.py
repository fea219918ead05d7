"""The solo mode (docs/rules/multiuniversum.md, section 10): one player against a virtual
scientist, which after each of the player's turns takes the top 2 deck cards as tools, seals
the portal where it stands if its tools cover it, and moves one transformer clockwise.

Positions start at the beginning of the player's turn (seat 0) with an empty hand and labs,
an empty discard pile and every action card in the deck (sorted, so the top card is the
highest id unless a test puts others on top). The virtual scientist's lab is lab 1; it starts
on transformer 2. The player is given 3 cards before passing so that the refill draws
nothing and the virtual scientist's two cards are the deck's top two.
"""

from __future__ import annotations

import random

import pytest

from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum import scoring, turn
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import (
    GAME,
    at,
    cards_with,
    deck_only,
    give,
    names,
    new,
    on_top,
    pass_turn,
    play,
    portal,
    sealed,
    table,
    tools,
)

PLAYER, VIRTUAL = 0, 1


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


def stack_of(s: MultiuniversumState, transformer: int) -> list[str]:
    return [s.content.portals[q].id for q in reversed(s.stacks[transformer - 1])]


def virtual_tools(s: MultiuniversumState) -> list[str]:
    return names(s, s.tools[VIRTUAL])


def where(s: MultiuniversumState, lab: int) -> int:
    """The transformer (1-5) a scientist stands on."""
    return s.pos[lab] + 1


def hold_three(s: MultiuniversumState) -> None:
    give(s, PLAYER, "purple-08", "purple-09", "purple-10")


LAYOUT = (("tidal_gate", "deep_current"), ("cog_arch", "rain_spiral"),
          ("null_hatch", "silent_rift"), ("sun_forge", "magma_vent"),
          ("looking_glass", "thunder_eye"))


# MU-SOLO-1, MU-SOLO-2 -------------------------------------------------------------------------


# MU-SOLO-1
def test_the_solo_set_up_adds_a_virtual_scientist_with_a_lab_and_no_hand() -> None:
    s = new(1, seed=3, first_player="random")
    assert s.labs == 2
    assert (where(s, PLAYER), where(s, VIRTUAL)) == (1, 2)
    assert len(s.hands) == 1 and len(s.hands[PLAYER]) == 3
    assert s.tools[VIRTUAL] == [] and s.sealed[VIRTUAL] == []
    labs = s.observation(PLAYER)["labs"]
    assert [lab["virtual"] for lab in labs] == [False, True]
    assert [lab["colour"] for lab in labs] == ["red", "yellow"]  # transformers 1 and 2
    assert "hand_size" not in labs[1]
    assert len(s.deck) == 50 - 3 - 5 and len(s.discard) == 5


# MU-SOLO-2
@pytest.mark.parametrize("seed", range(6))
def test_the_player_always_goes_first(seed: int) -> None:
    s = new(1, seed=seed, first_player="random")
    assert s.first == PLAYER and s.current_player == PLAYER


# MU-SOLO-2, MU-SOLO-4
def test_after_each_of_the_players_turns_the_virtual_scientist_takes_one() -> None:
    """Three passes: after each the virtual scientist has taken 2 more tools and moved on,
    and the player is to play again; the virtual scientist never has to decide."""
    s = table(1)
    lay_out(s, *LAYOUT)
    hold_three(s)
    on_top(s, "green-01", "green-02", "green-03", "green-04", "green-05", "green-06")
    for turns in range(1, 4):
        pass_turn(s)
        assert s.current_player == PLAYER and s.phase == P.TURN
        assert s.turn == turns
        assert len(s.tools[VIRTUAL]) == 2 * turns  # green tools seal nothing on 2, 3, 4
        assert where(s, VIRTUAL) == 2 + turns


# MU-SOLO-3 -----------------------------------------------------------------------------------


# MU-SOLO-3, MU-SOLO-4
def test_the_virtual_scientist_takes_two_tools_seals_and_moves_on() -> None:
    """On transformer 2, cog_arch needs a yellow tool. The virtual scientist placed yellow-01
    before yellow-02; it takes red-01 and blue-01 from the deck, seals cog_arch with
    yellow-01 (the earliest placed) and moves to transformer 3. The new top, rain_spiral
    (yellow and blue), is covered too, but it seals only one portal a turn."""
    s = table(1)
    lay_out(s, *LAYOUT)
    tools(s, VIRTUAL, "yellow-01", "yellow-02")
    hold_three(s)
    on_top(s, "red-01", "blue-01")
    pass_turn(s)
    assert s.sealed[VIRTUAL] == [portal(s, "cog_arch")]
    assert virtual_tools(s) == ["yellow-02", "red-01", "blue-01"]
    assert "yellow-01" in names(s, s.discard)
    assert stack_of(s, 2) == ["rain_spiral"]
    assert where(s, VIRTUAL) == 3


# MU-SOLO-3
def test_the_two_new_tools_may_complete_what_a_portal_needs() -> None:
    """On transformer 3, null_hatch needs a purple tool; purple-01 comes from the deck."""
    s = table(1)
    lay_out(s, *LAYOUT)
    at(s, VIRTUAL, 3)
    hold_three(s)
    on_top(s, "purple-01", "green-01")
    pass_turn(s)
    assert s.sealed[VIRTUAL] == [portal(s, "null_hatch")]
    assert virtual_tools(s) == ["green-01"]
    assert where(s, VIRTUAL) == 4


# MU-SOLO-3, MU-SOLO-4
def test_without_the_tools_it_does_not_seal_but_still_moves() -> None:
    """On transformer 4, sun_forge needs red, yellow and green; the virtual scientist has red
    and yellow only."""
    s = table(1)
    lay_out(s, *LAYOUT)
    at(s, VIRTUAL, 4)
    hold_three(s)
    on_top(s, "red-01", "yellow-01")
    pass_turn(s)
    assert s.sealed[VIRTUAL] == []
    assert virtual_tools(s) == ["red-01", "yellow-01"]
    assert stack_of(s, 4) == ["sun_forge", "magma_vent"]
    assert where(s, VIRTUAL) == 5


# MU-SOLO-3
def test_it_spends_exactly_what_the_portal_shows() -> None:
    """deep_current needs blue and green; of three blue and two green tools the virtual
    scientist spends the earliest of each and keeps the rest."""
    s = table(1)
    lay_out(s, ("deep_current",), ("cog_arch",), (), ("null_hatch",), ("looking_glass",))
    at(s, VIRTUAL, 1)
    tools(s, VIRTUAL, "blue-03", "green-04", "blue-01")
    hold_three(s)
    on_top(s, "blue-02", "green-02")
    pass_turn(s)
    assert s.sealed[VIRTUAL] == [portal(s, "deep_current")]
    assert virtual_tools(s) == ["blue-01", "blue-02", "green-02"]
    assert {"blue-03", "green-04"} <= set(names(s, s.discard))


# MU-SOLO-3
def test_the_deck_is_rebuilt_between_its_two_cards() -> None:
    s = table(1)
    lay_out(s, *LAYOUT)
    hold_three(s)
    deck_only(s, "red-01")
    assert len(s.discard) == 46
    at(s, VIRTUAL, 5)
    pass_turn(s)
    assert len(s.tools[VIRTUAL]) == 2 and virtual_tools(s)[0] == "red-01"
    assert len(s.discard) == 5 and len(s.deck) == 46 - 5 - 1


# MU-SOLO-4 -----------------------------------------------------------------------------------


# MU-SOLO-4
def test_it_moves_from_transformer_5_to_transformer_1() -> None:
    s = table(1)
    lay_out(s, *LAYOUT)
    at(s, VIRTUAL, 5)
    hold_three(s)
    pass_turn(s)
    assert where(s, VIRTUAL) == 1


# MU-SOLO-4
def test_on_a_deactivated_transformer_it_only_takes_tools_and_moves() -> None:
    s = table(1)
    lay_out(s, ("tidal_gate",), (), ("null_hatch",), (), ("looking_glass",))
    hold_three(s)
    pass_turn(s)
    assert s.sealed[VIRTUAL] == [] and len(s.tools[VIRTUAL]) == 2
    assert where(s, VIRTUAL) == 3


# MU-SOLO-2, MU-SOLO-4
def test_in_a_whole_solo_game_only_the_player_ever_decides() -> None:
    s = new(1, seed=11, auto_forced=True)
    rng = random.Random(5)
    steps = 0
    while not s.is_terminal():
        assert s.current_player == PLAYER
        assert len(s.hands) == 1
        s.apply(rng.choice(s.legal_actions()))
        steps += 1
        assert steps < 5000
    out = s.outcome()
    assert out is not None and out.winners in ((0,), ())
    GAME.check_invariants(s)


# MU-SOLO-5 -----------------------------------------------------------------------------------


# MU-SOLO-5
def test_the_virtual_scientist_pays_nothing_for_unused_tools() -> None:
    s = table(1)
    sealed(s, PLAYER, "magma_vent")
    sealed(s, VIRTUAL, "silent_rift")
    tools(s, PLAYER, "red-01", "red-02", "red-03", "red-04")
    tools(s, VIRTUAL, "blue-01", "blue-02", "blue-03", "blue-04")
    assert scoring.score(s, PLAYER) == 0
    assert scoring.score(s, VIRTUAL) == 4


# MU-SOLO-5
def test_the_virtual_scientist_always_gets_its_best_sets() -> None:
    """With set_assignment=player_choice the player forms no set and scores only DP; the
    virtual scientist's three water portals still score their set of 3."""
    s = table(1, set_assignment="player_choice")
    sealed(s, PLAYER, "ember_door", "magma_vent")
    sealed(s, VIRTUAL, "tidal_gate", "deep_current", "rain_spiral")
    turn.game_over(s, "end")
    assert s.current_player == PLAYER and A.SETS_DONE in s.legal_actions()
    s.apply(A.SETS_DONE)
    assert s.is_terminal()
    assert scoring.score(s, PLAYER) == 6
    assert scoring.score(s, VIRTUAL) == 10 + 9
    out = s.outcome()
    assert out is not None and out.winners == ()


# MU-SOLO-5
def test_the_player_is_scored_as_usual_at_a_real_solo_end() -> None:
    """Transformers 2 and 3 are deactivated. The player seals tidal_gate, the last portal of
    transformer 1: the game is over at once. The player has 2 + 4 DP, a water pair and one
    unused tool: 9; the virtual scientist, with 4 DP and 3 unused tools, 4."""
    s = table(1)
    lay_out(s, ("tidal_gate",), (), (), ("cog_arch",), ("looking_glass",))
    sealed(s, PLAYER, "deep_current")
    sealed(s, VIRTUAL, "magma_vent")
    tools(s, VIRTUAL, "red-01", "red-02", "red-03")
    sealer = cards_with(s, "seal", 1)[0]
    give(s, PLAYER, sealer)
    tools(s, PLAYER, "blue-01", "green-01")
    play(s, sealer)
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None
    assert out.scores == (9.0,)
    assert scoring.score(s, VIRTUAL) == 4
    assert out.winners == (PLAYER,)


# MU-SOLO-6 -----------------------------------------------------------------------------------


# MU-SOLO-6
@pytest.mark.parametrize(("mine", "its", "won"), [
    (("sun_forge", "tidal_gate"), ("umbral_crown",), True),
    (("magma_vent",), ("event_horizon",), False)])
def test_the_higher_score_wins_and_the_outcome_reports_both(
        mine: tuple[str, ...], its: tuple[str, ...], won: bool) -> None:
    s = table(1)
    sealed(s, PLAYER, *mine)
    sealed(s, VIRTUAL, *its)
    me, it = scoring.score(s, PLAYER), scoring.score(s, VIRTUAL)
    assert (me > it) == won
    turn.game_over(s, "end")
    out = s.outcome()
    assert out is not None
    assert out.winners == ((PLAYER,) if won else ())
    assert out.scores == (float(me),)
    assert out.reason.startswith("won" if won else "lost")
    assert f"{me} DP" in out.reason and f"{it} DP" in out.reason
    assert out.tiebreak_trace == ()
