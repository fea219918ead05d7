"""The end of the game (docs/rules/multiuniversum.md, section 7): when it is triggered, how the
last turns go under each ``end_mode``, and the two safeguards (no card left, round limit).

Positions start at the beginning of a turn (seat 0's unless a test says otherwise) with
seat 0 as first player, empty hands and labs, an empty discard pile and every action card in
the deck. Stacks are named top first. A player "ready to seal" stands on a transformer holding
a card whose row there is Seal Portal and exactly the tools its face-up portal needs.
"""

from __future__ import annotations

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum import scoring
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import (
    GAME,
    at,
    card,
    cards_with,
    give,
    move,
    names,
    pass_turn,
    play,
    portal,
    prepare,
    sealed,
    table,
    tools,
)

# Helpers ----------------------------------------------------------------------------------


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


def in_deck(s: MultiuniversumState, name: str) -> bool:
    return card(s, name) in s.deck


def ready_to_seal(s: MultiuniversumState, seat: int, transformer: int) -> str:
    """Stand ``seat`` on ``transformer`` with a Seal card for that row (returned) and the
    tools the face-up portal there needs, all taken from the deck."""
    at(s, seat, transformer)
    sealer = next(n for n in cards_with(s, "seal", transformer) if in_deck(s, n))
    give(s, seat, sealer)
    need = s.T.need[s.face_up(transformer - 1)]
    kinds = [k.id for k in s.content.tool_kinds]
    for kind, count in enumerate(need):
        spare = [c.id for c in s.content.cards if c.tool == kinds[kind] and in_deck(s, c.id)]
        tools(s, seat, *spare[:count])
    return sealer


def triggered(s: MultiuniversumState) -> bool:
    return bool(s.observation(None)["end"]["triggered"])


def seats_to_play(s: MultiuniversumState) -> list[int]:
    """Let every remaining turn pass, noting whose turn it is, until the game is over."""
    seen = []
    while not s.is_terminal():
        assert s.phase == P.TURN
        seen.append(s.active)
        pass_turn(s)
        assert len(seen) < 20
    return seen


# Three stacks are already built so that sealing transformer 1's single portal empties a
# third stack; two portals remain elsewhere for a second trigger attempt.
THIRD = (("tidal_gate",), (), (), ("cog_arch", "piston_gate"), ("ember_door",))


# MU-END-1, MU-ACTION-7 -------------------------------------------------------------------------


# MU-ACTION-7
def test_sealing_turns_up_the_next_portal_and_sealing_the_last_one_deactivates() -> None:
    s = table(3)
    lay_out(s, ("tidal_gate", "deep_current"), ("ember_door",), ("null_hatch",), ("cog_arch",),
            ("looking_glass",))
    sealer = ready_to_seal(s, 0, 1)
    play(s, sealer)
    assert s.sealed[0] == [portal(s, "tidal_gate")]
    obs = s.observation(1)["transformers"][0]
    assert obs["face_up"]["name"] == "Deep Current" and not obs["deactivated"]
    assert s.pknow[portal(s, "deep_current")] == P.PUBLIC
    pass_turn(s)
    pass_turn(s)
    pass_turn(s)
    sealer = ready_to_seal(s, 0, 1)
    play(s, sealer)
    obs = s.observation(1)["transformers"][0]
    assert obs["deactivated"] and obs["face_up"] is None and obs["stack_size"] == 0
    assert s.observation(1)["end"]["empty_stacks"] == 1


# MU-END-1, MU-ACTION-7
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_end_is_triggered_by_the_third_empty_stack_or_the_second_with_two_players(
        players: int) -> None:
    """One stack short of the threshold (2 with 2 players, else 3), seat 0 seals transformer
    1's last portal: that triggers the end. With one more stack full, the same seal does
    not."""
    threshold = 2 if players == 2 else 3
    for already_empty in (threshold - 2, threshold - 1):
        s = table(players)
        full = [("cog_arch",), ("ember_door",), ("null_hatch",), ("looking_glass",)]
        others = [() if i < already_empty else full[i] for i in range(4)]
        lay_out(s, ("tidal_gate",), *others)
        sealer = ready_to_seal(s, 0, 1)
        play(s, sealer)
        assert s.empty_stacks() == already_empty + 1
        assert triggered(s) == (already_empty + 1 == threshold), (players, already_empty)
        assert s.observation(None)["end"]["threshold"] == threshold


# MU-END-2 (end_mode=finish_round, the default) -----------------------------------------------


# MU-END-2
def test_a_middle_seat_triggers_finishes_its_turn_and_the_round_is_played_out() -> None:
    """Three players, seat 0 first. Seat 1 plays the ability 5 card on transformer 5, moves
    to transformer 1 and seals its last portal: the end is triggered, but seat 1's turn ends
    as usual (it keeps a card as a tool and refills its hand). Seat 2, the last seat of the
    round, plays its turn; then the game is over and seat 0 plays no more."""
    s = table(3)
    lay_out(s, *THIRD)
    pass_turn(s)
    assert s.active == 1
    keeper = cards_with(s, "ability", 5)[0]
    mover = next(n for n in cards_with(s, "move", 5) if in_deck(s, n) and n != keeper)
    give(s, 1, keeper, mover)
    sealer = ready_to_seal(s, 1, 1)
    at(s, 1, 5)
    play(s, keeper)
    play(s, mover)
    move(s, 1)
    play(s, sealer)
    assert triggered(s) and not s.is_terminal()
    assert P.PHASES[s.phase] == "keep_tool" and s.current_player == 1
    s.apply(A.KEEP_TOOL + card(s, keeper))
    assert names(s, s.tools[1]) == [keeper]
    assert len(s.hands[1]) == 3
    assert seats_to_play(s) == [2]


# MU-END-2
def test_a_trigger_by_the_last_seat_ends_the_game_after_that_turn() -> None:
    s = table(3)
    lay_out(s, *THIRD)
    pass_turn(s)
    pass_turn(s)
    sealer = ready_to_seal(s, 2, 1)
    play(s, sealer)
    assert triggered(s) and not s.is_terminal()
    assert s.active == 2 and s.actions == 1  # seat 2 may still take 2 actions
    pass_turn(s)
    assert s.is_terminal()
    assert s.outcome() is not None


# MU-END-2
def test_a_trigger_by_the_first_player_lets_everyone_else_play_once() -> None:
    s = table(4)
    lay_out(s, *THIRD)
    sealer = ready_to_seal(s, 0, 1)
    play(s, sealer)
    pass_turn(s)
    assert seats_to_play(s) == [1, 2, 3]


# MU-END-2
def test_the_round_ends_with_the_seat_before_the_first_player() -> None:
    """Seat 2 is the first player of a 4-player game, so seat 1 is the last seat. Seat 3
    triggers the end: seats 0 and 1 still play, seat 2 does not."""
    s = table(4, active=2)
    s.first = 2
    lay_out(s, *THIRD)
    pass_turn(s)
    sealer = ready_to_seal(s, 3, 1)
    play(s, sealer)
    pass_turn(s)
    assert seats_to_play(s) == [0, 1]


# MU-END-3 (end_mode=one_more_each) -----------------------------------------------------------


# MU-END-3
@pytest.mark.parametrize(("trigger", "last_turns"), [(0, [1, 2]), (1, [2, 0]), (2, [0, 1])])
def test_with_one_more_each_every_other_player_has_exactly_one_more_turn(
        trigger: int, last_turns: list[int]) -> None:
    s = table(3, end_mode="one_more_each")
    lay_out(s, *THIRD)
    for _ in range(trigger):
        pass_turn(s)
    sealer = ready_to_seal(s, trigger, 1)
    play(s, sealer)
    assert triggered(s) and not s.is_terminal()
    pass_turn(s)
    assert seats_to_play(s) == last_turns


# MU-END-4 (end_mode=immediate) ---------------------------------------------------------------


# MU-END-4
def test_with_immediate_the_game_stops_in_the_middle_of_the_turn() -> None:
    """Seat 1 holds the Seal card and one other card. Its seal ends the game at once: no
    second action, no refill (it holds 1 card), and seat 2 never plays."""
    s = table(3, end_mode="immediate")
    lay_out(s, *THIRD)
    pass_turn(s)
    sealer = ready_to_seal(s, 1, 1)
    give(s, 1, next(c.id for c in s.content.cards if in_deck(s, c.id)))
    play(s, sealer)
    assert s.is_terminal()
    assert s.current_player < 0
    assert len(s.hands[1]) == 1
    assert s.active == 1 and s.actions == 1
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction):
        pass_turn(s)


# MU-END-5 -----------------------------------------------------------------------------------


# MU-END-5
def test_last_turns_are_ordinary_and_the_highest_score_wins() -> None:
    """Seat 0 triggers the end by sealing tidal_gate (2 DP, water). In the last turns seat 1
    seals ember_door, emptying a fourth stack, which changes nothing; seat 2 still plays.
    Seat 1, already holding magma_vent and sun_forge, wins with a fire triple."""
    s = table(3)
    lay_out(s, ("tidal_gate",), (), (), ("cog_arch", "piston_gate"), ("ember_door",))
    sealed(s, 1, "magma_vent", "sun_forge")
    sealer = ready_to_seal(s, 0, 1)
    play(s, sealer)
    pass_turn(s)
    sealer = ready_to_seal(s, 1, 5)
    play(s, sealer)
    assert s.empty_stacks() == 4 and not s.is_terminal()
    pass_turn(s)
    assert s.active == 2 and not s.is_terminal()
    pass_turn(s)
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None
    assert out.scores == tuple(float(scoring.score(s, q)) for q in range(3))
    assert out.scores == (2.0, 2.0 + 4 + 7 + 9, 0.0)
    assert out.winners == (1,)
    assert out.ranking[1] == 1


# MU-END-6 -----------------------------------------------------------------------------------


def every_card_in_labs_but(s: MultiuniversumState, *names_: str) -> None:
    """Every action card goes to seat 1's lab as a tool, except those named."""
    keep = {card(s, n) for n in names_}
    tools(s, 1, *[c.id for i, c in enumerate(s.content.cards) if i not in keep])


# MU-END-6
def test_the_game_ends_when_no_action_card_is_left_to_play() -> None:
    """All other cards lie in seat 1's lab. Seat 0 prepares its last 3 cards as tools: its
    hand cannot be refilled, and at the start of seat 1's turn no card is in any hand, play
    area, the deck or the discard pile. The game is over and scored."""
    s = table(3)
    every_card_in_labs_but(s, "red-01", "red-02", "red-03")
    give(s, 0, "red-01", "red-02", "red-03")
    for name in ("red-01", "red-02", "red-03"):
        prepare(s, name)
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None
    assert out.scores == (-3.0, -47.0, 0.0)
    assert out.winners == (2,)
    assert "no action card" in out.reason


# MU-END-6
def test_one_card_left_anywhere_keeps_the_game_going() -> None:
    s = table(3)
    every_card_in_labs_but(s, "red-01", "red-02", "red-03")
    give(s, 0, "red-01", "red-02", "red-03")
    prepare(s, "red-01")
    prepare(s, "red-02")
    pass_turn(s)
    assert not s.is_terminal() and s.active == 1
    assert s.legal_actions() == [A.PASS]


# MU-END-6, MU-SOLO-3
def test_mu_end_6_counts_the_virtual_scientist_as_an_actor() -> None:
    """Solo. Every action card but the player's last 3 lies in the player's lab, except
    purple-01 in the virtual scientist's lab. It stands on transformer 2 (cog_arch needs a
    yellow tool); null_hatch on transformer 3 needs a purple one. The player prepares the 3
    cards: no card is left in a hand, a play area, the deck or the pile, but the virtual
    scientist, now on transformer 3, can still seal there, so the game goes on. The player
    can only pass; then the virtual scientist seals null_hatch and its tool reaches the
    discard pile, where the player can take it back."""
    s = table(1)
    lay_out(s, ("tidal_gate",), ("cog_arch",), ("null_hatch", "silent_rift"), ("sun_forge",),
            ("looking_glass",))
    last = ("red-01", "red-02", "red-03")
    tools(s, 0, *[c.id for c in s.content.cards if c.id not in (*last, "purple-01")])
    tools(s, 1, "purple-01")
    give(s, 0, *last)
    for name in last:
        prepare(s, name)
    assert not s.is_terminal()
    assert (s.pos[1] + 1, s.deck, s.discard, s.hands) == (3, [], [], [[]])
    assert s.legal_actions() == [A.PASS]
    pass_turn(s)
    assert s.sealed[1] == [portal(s, "null_hatch")]
    assert names(s, s.discard) == ["purple-01"] and not s.is_terminal()


# MU-END-6, MU-SOLO-3
def test_mu_end_6_solo_ends_when_the_virtual_scientist_can_seal_nothing_either() -> None:
    """As above, but the virtual scientist holds red-04, which no face-up portal needs alone
    (sun_forge needs yellow and green too): nothing can change again, so the game ends."""
    s = table(1)
    lay_out(s, ("tidal_gate",), ("cog_arch",), ("null_hatch",), ("sun_forge",),
            ("looking_glass",))
    last = ("red-01", "red-02", "red-03")
    tools(s, 0, *[c.id for c in s.content.cards if c.id not in (*last, "red-04")])
    tools(s, 1, "red-04")
    give(s, 0, *last)
    for name in last:
        prepare(s, name)
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None and "no action card" in out.reason


# MU-END-7 -----------------------------------------------------------------------------------


# MU-END-7
def test_the_game_ends_after_the_100th_round_without_a_trigger() -> None:
    s = table(2)
    for _ in range(199):
        pass_turn(s)
    assert not s.is_terminal()
    pass_turn(s)
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None and "round limit" in out.reason


# MU-END-7
def test_the_round_limit_can_be_set_or_removed() -> None:
    s = table(3, round_limit=2)
    for _ in range(5):
        pass_turn(s)
    assert not s.is_terminal()
    pass_turn(s)
    assert s.is_terminal()
    s = table(2, round_limit=0)
    for _ in range(300):
        pass_turn(s)
    assert not s.is_terminal()


# MU-END-7
def test_a_triggered_end_is_not_cut_short_by_the_round_limit() -> None:
    """round_limit=1 and end_mode=one_more_each with 3 players: seat 1 triggers the end in
    round 1; seat 2 and then seat 0, in round 2, still have their last turns, and the outcome
    names the end of the game, not the limit."""
    s = table(3, round_limit=1, end_mode="one_more_each")
    lay_out(s, *THIRD)
    pass_turn(s)
    sealer = ready_to_seal(s, 1, 1)
    play(s, sealer)
    pass_turn(s)
    assert seats_to_play(s) == [2, 0]
    out = s.outcome()
    assert out is not None and "round limit" not in out.reason


# MU-SOLO-5 ----------------------------------------------------------------------------------


# MU-SOLO-5
@pytest.mark.parametrize("end_mode", ["finish_round", "one_more_each", "immediate"])
def test_the_solo_game_ends_at_once_when_the_player_empties_the_third_stack(
        end_mode: str) -> None:
    s = table(1, end_mode=end_mode)
    lay_out(s, *THIRD)
    sealer = ready_to_seal(s, 0, 1)
    give(s, 0, next(c.id for c in s.content.cards if in_deck(s, c.id)))
    play(s, sealer)
    assert s.is_terminal()
    assert s.actions == 1 and len(s.hands[0]) == 1
    assert s.sealed[0] == [portal(s, "tidal_gate")]


# MU-SOLO-5
@pytest.mark.parametrize("end_mode", ["finish_round", "one_more_each", "immediate"])
def test_the_solo_game_ends_at_once_when_the_virtual_scientist_empties_the_third_stack(
        end_mode: str) -> None:
    """The virtual scientist stands on transformer 2, whose only portal (ember_door) needs a
    red tool it already holds. After the player's pass it seals it: the third empty stack ends
    the game before the player's next turn."""
    s = table(1, end_mode=end_mode)
    lay_out(s, ("tidal_gate",), ("ember_door",), (), (), ("cog_arch",))
    tools(s, 1, "red-01")
    pass_turn(s)
    assert s.sealed[1] == [portal(s, "ember_door")]
    assert s.is_terminal()
    assert GAME.check_invariants(s) is None


# MU-END-7, MU-SOLO-2
def test_in_the_solo_mode_a_round_ends_after_the_virtual_scientists_turn() -> None:
    """round_limit=2: the player and the virtual scientist each take 2 turns; the virtual
    scientist's second turn completes the second round before the limit ends the game."""
    s = table(1, round_limit=2)
    virtual_turns = 0
    while not s.is_terminal():
        before = s.pos[1]
        pass_turn(s)
        virtual_turns += s.pos[1] != before
    assert s.turn == 1
    assert virtual_turns == 2
    out = s.outcome()
    assert out is not None and s.end_reason == "round_limit"
