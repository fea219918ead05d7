"""The transformer abilities (docs/rules/multiuniversum.md, section 6): which transformer
carries which (MU-SETUP-3), when each is offered (MU-TURN-4 as section 6 applies it), what
each does, and that a deactivated transformer's ability still works.

Every position starts at the beginning of seat 0's turn in a 3-player game, with empty hands
and labs, an empty discard pile and every action card in the deck; a card is picked by what
its row does on a transformer (``cards_with``), so the tests do not depend on the designed
row orders. Stacks are named top first.
"""

from __future__ import annotations

import pytest

from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.content import ABILITIES
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import (
    GAME,
    at,
    card,
    cards_with,
    deck_only,
    discard_draw,
    give,
    move,
    names,
    on_top,
    pass_turn,
    play,
    portal,
    portal_names,
    prepare,
    table,
    tools,
)

ME, LEFT = 0, 1


# Helpers ----------------------------------------------------------------------------------


def lay_out(s: MultiuniversumState, *stacks: tuple[str, ...]) -> None:
    """Set the stacks of transformers 1 to 5 at once, each named top first; only the top
    portals are face up and known. Every other portal not in a lab leaves the game."""
    in_labs = {q for x in (*s.sealed, *s.lost) for q in x}
    s.stacks = [[portal(s, n) for n in reversed(st)] for st in stacks]
    on_table = {q for st in s.stacks for q in st}
    s.removed = [q for q in range(A.PORTALS) if q not in on_table and q not in in_labs]
    s.removed_from = [0] * len(s.removed)
    s.pknow = [0] * A.PORTALS
    for st in s.stacks:
        if st:
            s.pknow[st[-1]] = P.PUBLIC
    s.edited()


def stack_of(s: MultiuniversumState, transformer: int) -> list[str]:
    """The portals of a transformer, top first."""
    return [s.content.portals[q].id for q in reversed(s.stacks[transformer - 1])]


def phase(s: MultiuniversumState) -> str:
    return P.PHASES[s.phase]


def offered(s: MultiuniversumState, name: str) -> bool:
    """Whether the active player may play this card from their hand for its row action."""
    return A.PLAY + card(s, name) in s.legal_actions()


def hand(s: MultiuniversumState, seat: int = ME) -> set[str]:
    return set(names(s, s.hands[seat]))


def ability_card(s: MultiuniversumState, transformer: int, i: int = 0) -> str:
    return cards_with(s, "ability", transformer)[i]


def pick(s: MultiuniversumState, action: str, transformer: int, *avoid: str) -> str:
    """The first card whose row on ``transformer`` is ``action``, other than ``avoid``."""
    return next(n for n in cards_with(s, action, transformer) if n not in avoid)


def swap(s: MultiuniversumState, a: int, b: int) -> None:
    s.apply(A.SWAP + A.PAIRS.index((a - 1, b - 1)))


def keep(s: MultiuniversumState, name: str) -> None:
    s.apply(A.KEEP + card(s, name))


def keep_tool(s: MultiuniversumState, name: str) -> None:
    s.apply(A.KEEP_TOOL + card(s, name))


def keep_tool_choices(s: MultiuniversumState) -> set[str]:
    assert phase(s) == "keep_tool"
    return set(names(s, [a - A.KEEP_TOOL for a in s.legal_actions()]))


def nobody_else_holds_cards(s: MultiuniversumState, *except_: str) -> None:
    """Empty the deck and the discard pile into seat 1's hand, except the cards named."""
    keep_out = {card(s, n) for n in except_}
    for pile in (s.deck, s.discard):
        for c in [c for c in pile if c not in keep_out]:
            pile.remove(c)
            s.hands[LEFT].append(c)


FULL = (("tidal_gate", "deep_current", "rain_spiral", "sun_forge"),
        ("ember_door", "magma_vent", "prism_hall"),
        ("null_hatch", "silent_rift"),
        ("cog_arch",),
        ("looking_glass", "thunder_eye", "mycel_grove", "dream_engine"))


# Which transformer carries which ability (MU-SETUP-3, MU-ABILITY-7, MU-ACTION-3) ---------------


# MU-SETUP-3
def test_transformer_n_carries_ability_n_in_the_content() -> None:
    s = table()
    by_number = sorted(s.content.transformers, key=lambda t: t.number)
    assert [t.number for t in by_number] == [1, 2, 3, 4, 5]
    assert [t.ability for t in by_number] == list(ABILITIES)
    assert [t.colour for t in by_number][3:] == ["blue", "green"]


# MU-SETUP-3, MU-ACTION-3, MU-ABILITY-7
@pytest.mark.parametrize(("transformer", "after"), [
    (1, "reorder_stack"), (2, "keep_two"), (3, "swap"), (4, "rotated"), (5, "will_keep")])
def test_a_card_played_for_its_ability_row_uses_the_ability_of_that_transformer(
        transformer: int, after: str) -> None:
    """The same kind of row (Transformer ability) does what the transformer the player stands
    on does: rearrange (1), draw 3 keep 2 (2), swap (3), rotate (4), keep a played card (5)."""
    s = table()
    lay_out(s, *FULL)
    at(s, ME, transformer)
    name = ability_card(s, transformer)
    give(s, ME, name, "red-01" if name != "red-01" else "red-02")
    play(s, name)
    if after == "rotated":
        assert phase(s) == "turn"
        assert stack_of(s, 1)[0] == "deep_current"
    elif after == "will_keep":
        assert phase(s) == "turn" and s.keep5 == 1
    else:
        assert phase(s) == after
        assert s.keep5 == 0
    assert names(s, s.area[ME]) == [name]


# Ability 1 (MU-ABILITY-1) --------------------------------------------------------------------


# MU-ABILITY-1, MU-ABILITY-7
def test_ability_1_rearranges_any_stack_in_secret_choosing_from_the_top_down() -> None:
    """On transformer 1, seat 0 rearranges the stack of transformer 5 (not where it stands):
    it picks dream_engine first (the new face-up portal), then looking_glass, mycel_grove and
    thunder_eye. Only seat 0 knows the order below the top."""
    s = table()
    lay_out(s, *FULL)
    at(s, ME, 1)
    name = ability_card(s, 1)
    give(s, ME, name)
    play(s, name)
    assert phase(s) == "reorder_stack"
    choosable = sorted(a - A.STACK + 1 for a in s.legal_actions())
    assert choosable == [1, 2, 3, 5]  # stacks of 2 or more portals
    s.apply(A.STACK + 4)
    assert phase(s) == "reorder_place"
    order = ["dream_engine", "looking_glass", "mycel_grove", "thunder_eye"]
    for i, next_one in enumerate(order):
        legal = portal_names(s, [a - A.PLACE for a in s.legal_actions()])
        assert sorted(legal) == sorted(order[i:])
        s.apply(A.PLACE + portal(s, next_one))
    assert phase(s) == "turn"
    assert stack_of(s, 5) == order
    mine = [p and p["name"] for p in s.observation(ME)["transformers"][4]["stack"]]
    theirs = [p and p["name"] for p in s.observation(LEFT)["transformers"][4]["stack"]]
    assert mine == ["Dream Engine", "Looking Glass", "Mycel Grove", "Thunder Eye"]
    assert theirs == ["Dream Engine", None, None, None]


# MU-ABILITY-1
def test_ability_1_may_keep_the_old_order() -> None:
    s = table()
    lay_out(s, *FULL)
    at(s, ME, 1)
    name = ability_card(s, 1)
    give(s, ME, name)
    play(s, name)
    s.apply(A.STACK + 2)  # transformer 3: null_hatch over silent_rift
    s.apply(A.PLACE + portal(s, "null_hatch"))
    s.apply(A.PLACE + portal(s, "silent_rift"))
    assert stack_of(s, 3) == ["null_hatch", "silent_rift"]
    assert s.actions == 1


# MU-ABILITY-1
def test_ability_1_is_offered_only_if_some_stack_holds_two_portals() -> None:
    s = table()
    lay_out(s, ("tidal_gate",), ("ember_door",), (), ("cog_arch",), ("null_hatch",))
    at(s, ME, 1)
    name = ability_card(s, 1)
    give(s, ME, name)
    assert not offered(s, name)
    lay_out(s, ("tidal_gate",), ("ember_door",), (), ("cog_arch",), ("null_hatch", "sun_forge"))
    assert offered(s, name)
    play(s, name)
    assert [a - A.STACK + 1 for a in s.legal_actions()] == [5]


# Ability 2 (MU-ABILITY-2) --------------------------------------------------------------------


# MU-ABILITY-2
def test_ability_2_draws_three_then_keeps_two_of_the_whole_hand() -> None:
    """Seat 0 holds the ability card and red-01. It draws yellow-01, blue-01 and green-01 and
    keeps blue-01 and red-01; the others go face up to the discard pile."""
    s = table()
    at(s, ME, 2)
    name = ability_card(s, 2)
    give(s, ME, name, "red-01")
    on_top(s, "yellow-01", "blue-01", "green-01")
    play(s, name)
    assert phase(s) == "keep_two"
    assert hand(s) == {"red-01", "yellow-01", "blue-01", "green-01"}
    assert name not in hand(s)  # the played card lies in the play area
    keep(s, "blue-01")
    assert phase(s) == "keep_two"
    assert sorted(a - A.KEEP for a in s.legal_actions()) == sorted(
        card(s, n) for n in ("red-01", "yellow-01", "green-01"))
    keep(s, "red-01")
    assert phase(s) == "turn"
    assert hand(s) == {"red-01", "blue-01"}
    assert set(names(s, s.discard)) == {"yellow-01", "green-01"}
    assert names(s, s.area[ME]) == [name]


# MU-ABILITY-2
def test_ability_2_rebuilds_the_deck_in_the_middle_of_its_draw() -> None:
    """The deck holds only yellow-01; every other free card is in the discard pile. After the
    first card the deck is rebuilt (5 cards stay face up) and the draw goes on from it."""
    s = table()
    at(s, ME, 2)
    name = ability_card(s, 2)
    give(s, ME, name, "red-01")
    deck_only(s, "yellow-01")
    assert len(s.discard) == 47
    play(s, name)
    assert phase(s) == "keep_two"
    assert len(s.hands[ME]) == 4 and "yellow-01" in hand(s)
    assert len(s.discard) == 5
    assert len(s.deck) == 47 - 5 - 2
    keep(s, "red-01")
    keep(s, "yellow-01")
    assert len(s.discard) == 7


# MU-ABILITY-2
def test_ability_2_keeps_everything_when_two_cards_or_fewer_are_in_hand() -> None:
    """Only yellow-01 can be drawn (the discard pile is empty): the hand is yellow-01 alone
    and nothing is chosen."""
    s = table()
    at(s, ME, 2)
    name = ability_card(s, 2)
    give(s, ME, name)
    on_top(s, "yellow-01")
    nobody_else_holds_cards(s, "yellow-01")
    play(s, name)
    assert phase(s) == "turn"
    assert hand(s) == {"yellow-01"}
    assert not s.deck and not s.discard


# MU-ABILITY-2
def test_ability_2_is_not_offered_with_nothing_to_draw_and_one_other_card() -> None:
    s = table()
    at(s, ME, 2)
    name = ability_card(s, 2)
    give(s, ME, name, "red-01")
    nobody_else_holds_cards(s)
    assert not offered(s, name)
    s.discard.append(s.hands[LEFT].pop())
    s.edited()
    assert offered(s, name)  # a card can be drawn (the pile is rebuilt into a deck)


# MU-ABILITY-2
def test_ability_2_is_not_offered_with_nothing_to_draw_and_two_other_cards() -> None:
    """With the deck and the pile empty, playing the card leaves red-01 and red-02 in hand:
    2 cards, all kept, no card drawn. Certain to do nothing, so not offered."""
    s = table()
    at(s, ME, 2)
    name = ability_card(s, 2)
    give(s, ME, name, "red-01", "red-02")
    nobody_else_holds_cards(s)
    assert not offered(s, name)


# MU-ABILITY-2
def test_ability_2_is_offered_with_nothing_to_draw_and_three_other_cards() -> None:
    s = table()
    at(s, ME, 2)
    name = ability_card(s, 2)
    give(s, ME, name, "red-01", "red-02", "red-03")
    nobody_else_holds_cards(s)
    assert offered(s, name)
    play(s, name)
    assert phase(s) == "keep_two"
    keep(s, "red-03")
    keep(s, "red-01")
    assert hand(s) == {"red-01", "red-03"}
    assert names(s, s.discard) == ["red-02"]


# Ability 3 (MU-ABILITY-3) --------------------------------------------------------------------


# MU-ABILITY-3, MU-ABILITY-7
def test_ability_3_swaps_two_face_up_portals_and_no_stack_changes_size() -> None:
    """On transformer 3, seat 0 swaps the face-up portals of transformers 1 and 5."""
    s = table()
    lay_out(s, *FULL)
    at(s, ME, 3)
    name = ability_card(s, 3)
    give(s, ME, name)
    play(s, name)
    assert phase(s) == "swap"
    sizes = [len(st) for st in s.stacks]
    swap(s, 1, 5)
    assert stack_of(s, 1) == ["looking_glass", "deep_current", "rain_spiral", "sun_forge"]
    assert stack_of(s, 5) == ["tidal_gate", "thunder_eye", "mycel_grove", "dream_engine"]
    assert [len(st) for st in s.stacks] == sizes
    top1, top5 = s.stacks[0][-1], s.stacks[4][-1]
    assert s.pknow[top1] == P.PUBLIC and s.pknow[top5] == P.PUBLIC
    assert phase(s) == "turn"


# MU-ABILITY-3, MU-ABILITY-8
def test_ability_3_never_involves_a_deactivated_transformer() -> None:
    """Transformers 2 and 4 are deactivated: only the 3 pairs among 1, 3 and 5 may swap."""
    s = table()
    lay_out(s, ("tidal_gate", "deep_current"), (), ("null_hatch",), (), ("looking_glass",))
    at(s, ME, 3)
    name = ability_card(s, 3)
    give(s, ME, name)
    play(s, name)
    pairs = sorted((A.PAIRS[a - A.SWAP][0] + 1, A.PAIRS[a - A.SWAP][1] + 1)
                   for a in s.legal_actions())
    assert pairs == [(1, 3), (1, 5), (3, 5)]
    with pytest.raises(Exception, match="not legal"):
        swap(s, 1, 2)
    assert not s.stacks[1] and not s.stacks[3]


# MU-ABILITY-3
def test_ability_3_is_offered_only_with_two_face_up_portals() -> None:
    s = table()
    lay_out(s, ("tidal_gate", "deep_current", "rain_spiral"), (), (), (), ())
    at(s, ME, 3)
    name = ability_card(s, 3)
    give(s, ME, name)
    assert not offered(s, name)
    lay_out(s, ("tidal_gate", "deep_current", "rain_spiral"), (), (), (), ("cog_arch",))
    assert offered(s, name)


# Ability 4 (MU-ABILITY-4) --------------------------------------------------------------------


# MU-ABILITY-4, MU-ABILITY-7
def test_ability_4_sends_every_face_up_portal_of_a_stack_of_two_or_more_to_the_bottom() -> None:
    """All stacks turn at once, with no choice; the single cog_arch stays on top."""
    s = table()
    lay_out(s, *FULL)
    at(s, ME, 4)
    name = ability_card(s, 4)
    give(s, ME, name, "red-01" if name != "red-01" else "red-02")
    play(s, name)
    assert phase(s) == "turn" and s.actions == 1
    assert stack_of(s, 1) == ["deep_current", "rain_spiral", "sun_forge", "tidal_gate"]
    assert stack_of(s, 2) == ["magma_vent", "prism_hall", "ember_door"]
    assert stack_of(s, 3) == ["silent_rift", "null_hatch"]
    assert stack_of(s, 4) == ["cog_arch"]
    assert stack_of(s, 5) == ["thunder_eye", "mycel_grove", "dream_engine", "looking_glass"]
    for st in s.stacks:
        assert s.pknow[st[-1]] == P.PUBLIC


# MU-ABILITY-4
def test_ability_4_is_offered_only_if_some_stack_holds_two_portals() -> None:
    s = table()
    lay_out(s, ("tidal_gate",), (), ("null_hatch",), ("cog_arch",), ())
    at(s, ME, 4)
    name = ability_card(s, 4)
    give(s, ME, name)
    assert not offered(s, name)
    lay_out(s, ("tidal_gate",), (), ("null_hatch", "silent_rift"), ("cog_arch",), ())
    assert offered(s, name)
    play(s, name)
    assert stack_of(s, 1) == ["tidal_gate"]
    assert stack_of(s, 3) == ["silent_rift", "null_hatch"]


# Ability 5 (MU-ABILITY-5, MU-ABILITY-6, MU-TOOL-5) -------------------------------------------


def ability5_turn(s: MultiuniversumState) -> tuple[str, str, str]:
    """Seat 0 on transformer 5 plays a Search card, then the ability 5 card, then a Move card
    (to transformer 1): three played cards, before, for and after the ability."""
    at(s, ME, 5)
    search = cards_with(s, "search", 5)[0]
    ability = ability_card(s, 5)
    mover = cards_with(s, "move", 5)[0]
    give(s, ME, search, ability, mover)
    play(s, search)
    play(s, ability)
    play(s, mover)
    move(s, 1)
    return search, ability, mover


# MU-ABILITY-5, MU-ABILITY-6
def test_ability_5_keeps_any_card_played_this_turn_at_the_end_of_the_turn() -> None:
    """After the third action seat 0 chooses among the three played cards (before, for and
    after the ability). The kept card becomes a tool; the other two go to the discard pile,
    then seat 0 refills its hand."""
    s = table()
    search, ability, mover = ability5_turn(s)
    assert s.current_player == ME
    assert keep_tool_choices(s) == {search, ability, mover}
    assert not s.discard  # the choice comes before the played cards are discarded
    keep_tool(s, mover)
    assert names(s, s.tools[ME]) == [mover]
    assert set(names(s, s.discard)) == {search, ability}
    assert not s.area[ME]
    assert len(s.hands[ME]) == 3
    assert s.active == LEFT


# MU-ABILITY-5
@pytest.mark.parametrize("kept", ["search", "ability"])
def test_ability_5_may_keep_its_own_card_or_an_earlier_one(kept: str) -> None:
    s = table()
    search, ability, _ = ability5_turn(s)
    keep_tool(s, search if kept == "search" else ability)
    assert names(s, s.tools[ME]) == [search if kept == "search" else ability]


# MU-ABILITY-5, MU-TOOL-5
def test_ability_5_cannot_keep_a_prepared_or_discarded_card() -> None:
    """Seat 0 prepares red-01 as a tool, discards blue-01 to draw, then plays the ability 5
    card: the only card it may keep is the ability card itself."""
    s = table()
    at(s, ME, 5)
    ability = ability_card(s, 5)
    give(s, ME, "red-01", "blue-01", ability)
    prepare(s, "red-01")
    discard_draw(s, "blue-01")
    play(s, ability)
    assert keep_tool_choices(s) == {ability}
    keep_tool(s, ability)
    assert names(s, s.tools[ME]) == ["red-01", ability]
    assert "blue-01" in names(s, s.discard)


# MU-ABILITY-5, MU-ABILITY-6, MU-ABILITY-8
def test_ability_5_is_always_offered_and_a_pass_leads_to_the_choice() -> None:
    """Transformer 5 is deactivated, the deck and pile are empty, no stack holds 2 portals:
    ability 5 is still offered. After playing it seat 0 passes and keeps the card."""
    s = table()
    lay_out(s, ("tidal_gate",), (), (), (), ())
    at(s, ME, 5)
    ability = ability_card(s, 5)
    give(s, ME, ability)
    nobody_else_holds_cards(s)
    assert offered(s, ability)
    play(s, ability)
    pass_turn(s)
    assert keep_tool_choices(s) == {ability}
    keep_tool(s, ability)
    assert names(s, s.tools[ME]) == [ability]


# MU-ABILITY-6
def test_ability_5_used_twice_keeps_two_different_cards() -> None:
    s = table()
    at(s, ME, 5)
    first, second = ability_card(s, 5, 0), ability_card(s, 5, 1)
    search = cards_with(s, "search", 5)[0]
    give(s, ME, first, second, search)
    play(s, first)
    play(s, second)
    play(s, search)
    assert keep_tool_choices(s) == {first, second, search}
    keep_tool(s, search)
    assert keep_tool_choices(s) == {first, second}  # the same card cannot be kept twice
    keep_tool(s, second)
    assert names(s, s.tools[ME]) == [search, second]
    assert names(s, s.discard) == [first]
    assert s.active == LEFT


# MU-ABILITY-6
def test_ability_5_keeps_at_the_end_of_the_turn_when_played_cards_stay_out() -> None:
    """With played_card_timing=start_of_turn the choice still comes at the end of the turn;
    the cards not kept stay in the play area until seat 0's next turn begins."""
    s = table(played_card_timing="start_of_turn")
    search, ability, mover = ability5_turn(s)
    assert keep_tool_choices(s) == {search, ability, mover}
    keep_tool(s, ability)
    assert names(s, s.tools[ME]) == [ability]
    assert set(names(s, s.area[ME])) == {search, mover}
    assert s.active == LEFT
    pass_turn(s)
    pass_turn(s)
    assert s.active == ME
    assert not s.area[ME]
    assert {search, mover} <= set(names(s, s.discard))


# MU-ABILITY-6, MU-END-4
def test_nothing_is_kept_when_the_game_ends_at_once_mid_turn() -> None:
    """end_mode=immediate, transformers 2 and 3 deactivated. Seat 0 plays the ability 5 card,
    moves to transformer 1 and seals its last portal (tidal_gate, one blue tool): the third
    empty stack ends the game before the end of the turn, so no card is kept."""
    s = table(end_mode="immediate")
    lay_out(s, ("tidal_gate",), (), (), ("cog_arch",), ("looking_glass",))
    at(s, ME, 5)
    ability = ability_card(s, 5)
    mover = pick(s, "move", 5, ability)
    sealer = pick(s, "seal", 1, ability, mover)
    give(s, ME, ability, mover, sealer)
    tools(s, ME, "blue-01")
    play(s, ability)
    play(s, mover)
    move(s, 1)
    play(s, sealer)
    assert s.is_terminal()
    assert not s.tools[ME]  # the blue tool was spent and nothing was kept
    assert set(names(s, s.area[ME])) == {ability, mover, sealer}
    assert s.sealed[ME] == [portal(s, "tidal_gate")]


# Deactivated transformers (MU-ABILITY-8, MU-ACTION-3) ----------------------------------------


# MU-ABILITY-8, MU-ACTION-3
def test_a_deactivated_transformers_ability_still_works() -> None:
    """Transformer 4 is empty; seat 0 stands there and its ability 4 still turns the other
    stacks."""
    s = table()
    lay_out(s, ("tidal_gate", "deep_current"), ("ember_door",), ("null_hatch", "silent_rift"),
            (), ("looking_glass",))
    at(s, ME, 4)
    name = ability_card(s, 4)
    give(s, ME, name)
    assert offered(s, name)
    play(s, name)
    assert stack_of(s, 1) == ["deep_current", "tidal_gate"]
    assert stack_of(s, 3) == ["silent_rift", "null_hatch"]
    assert not s.stacks[3]


# MU-ABILITY-8, MU-ACTION-3
def test_ability_3_from_a_deactivated_transformer_swaps_the_others() -> None:
    s = table()
    lay_out(s, ("tidal_gate",), ("ember_door",), (), (), ())
    at(s, ME, 3)
    name = ability_card(s, 3)
    give(s, ME, name)
    play(s, name)
    assert [A.PAIRS[a - A.SWAP] for a in s.legal_actions()] == [(0, 1)]
    swap(s, 1, 2)
    assert stack_of(s, 1) == ["ember_door"] and stack_of(s, 2) == ["tidal_gate"]


# MU-ABILITY-8
def test_a_deactivated_transformer_stays_deactivated_and_can_still_be_reached() -> None:
    """Transformer 2 is empty. Seat 0, holding plenty of tools, may move there, but a Seal has
    nothing to seal there."""
    s = table()
    lay_out(s, ("tidal_gate", "deep_current"), (), ("null_hatch", "silent_rift"), (),
            ("looking_glass",))
    at(s, ME, 1)
    mover = pick(s, "move", 1)
    sealer = pick(s, "seal", 2, mover)
    give(s, ME, mover, sealer)
    tools(s, ME, *[c.id for c in s.content.cards if c.id not in (mover, sealer)][:10])
    play(s, mover)
    assert A.MOVE + 1 in s.legal_actions()
    move(s, 2)
    assert s.pos[ME] == 1
    assert not offered(s, sealer)
    assert not s.stacks[1]
    assert GAME.check_invariants(s) is None
