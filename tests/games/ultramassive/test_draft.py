"""Phase 1, the Resource Draft: picking and gaining drafted resources
(docs/rules/ultramassive.md, section 2).

The basic layout holds the fourteen options the rulebook lists. Set 1: Antimatter, Primordial
Black Hole, Orbit twice, 2 Discovery, 1 Discovery, "remove a Matter token: gain 3 Discovery",
Blue Giant Star; set 2: Supergiant Star, Orbit three times, 3 Discovery, Action Cards,
"remove an Antimatter: gain a Blue Giant Star", "lose 1 Discovery: gain a Supergiant Star",
Orbit once (the seventh space of each set only with 4 players). Wormholes stand on blue 1,
blue 7, pink 1 and pink 7.
"""

from __future__ import annotations

import pytest

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive import state as S
from ludoverse.games.ultramassive.content import DRAFT_SPACES

from .builders import cell, channel, layout, new, own, put


def option(s: S.UltramassiveState, name: str) -> int:
    return s.content.option_index[name]


def draft(s: S.UltramassiveState, *picks: str) -> None:
    """Make Resource Draft picks in pick order, by option id."""
    for name in picks:
        first = 0 if s.idx < s.n else DRAFT_SPACES
        s.apply(A.DRAFT + s.draft_sets[first:first + DRAFT_SPACES].index(option(s, name)))


def gaining(*drafted: str, minor: bool = False) -> S.UltramassiveState:
    """Seat 0 of a 2-player game about to gain ``drafted`` (and a Minor Antimatter from seat
    1's Antimatter pick if ``minor``); every decision is asked."""
    s = new(auto_forced=False)
    draft(s, "discovery_2", "primordial", "cycle", "supergiant")
    assert s.phase == S.GAIN and s.actor == 0
    s.pending[0] = [option(s, d) for d in drafted] + ([A.MINOR_PENDING] if minor else [])
    return s


def remove(where: str, token: int) -> int:
    """The action that removes ``token`` from the space ``where``."""
    return A.REMOVE + cell(where) * B.NUM_TOKENS + token


def use(s: S.UltramassiveState, name: str, *answers: int) -> None:
    s.apply(A.RESOURCE + (A.MINOR_PENDING if name == "minor" else option(s, name)))
    for a in answers:
        s.apply(a)


def offered_ids(s: S.UltramassiveState) -> set[str]:
    base = 0 if s.idx < s.n else DRAFT_SPACES
    return {s.content.draft_options[s.draft_sets[base + a - A.DRAFT]].id
            for a in s.legal_actions()}


# UM-DRAFT-1
def test_the_basic_layout_has_two_sets_of_seven_spaces() -> None:
    s = new(4)
    d = s.content.draft
    assert s.draft_sets == [option(s, o) for o in (*d.set1, *d.set2)]
    sets = s.observation(0)["draft"]["sets"]
    assert [len(x) for x in sets] == [7, 7]
    assert [x["option"] for x in sets[0]][:2] == [
        "Antimatter (you: Major; everyone else: Minor)", "Primordial Black Hole"]
    assert [x["four_players_only"] for x in sets[1]] == [False] * 6 + [True]
    assert s.observation(0)["draft"]["tokens"] == []


# UM-DRAFT-1, UM-DRAFT-7, UM-DRAFT-9
def test_every_option_the_rulebook_lists_is_on_the_basic_board() -> None:
    """The rulebook's Draft Spaces (Antimatter, Orbit 1-3, the three Matter tokens, 1-3
    Discovery, the Action Card option and the three exchanges) are all offered without Draft
    tokens; a 2-player game offers all but the rightmost space of each set."""
    s = new(4)
    listed = {"antimatter", "orbit_1", "orbit_2", "orbit_3", "blue_giant", "supergiant",
              "primordial", "discovery_1", "discovery_2", "discovery_3", "cycle",
              "ex_antimatter_blue_giant", "ex_discovery_supergiant", "ex_matter_discovery"}
    d = s.content.draft
    assert {*d.set1, *d.set2} == listed and len(d.set1) + len(d.set2) == len(listed)
    two = new(2)
    assert offered_ids(two) == set(d.set1[:-1])
    while two.idx < two.n:
        two.apply(two.legal_actions()[0])
    assert offered_ids(two) == set(d.set2[:-1])


# UM-DRAFT-1
def test_with_the_advanced_draft_two_draft_tokens_replace_the_layout() -> None:
    s = new(4, advanced_draft=True)
    tokens = s.content.draft_tokens
    assert len(s.tokens_in_play) == 2
    assert [o for o in s.draft_sets if o >= 0] == [
        option(s, o) for t in s.tokens_in_play for o in tokens[t].options]
    assert [len(x) for x in s.observation(0)["draft"]["sets"]] == [5, 5]


# UM-DRAFT-2
@pytest.mark.parametrize(("players", "spaces"), [(2, 6), (3, 6), (4, 7)])
def test_the_rightmost_space_of_each_set_is_for_four_players_only(players: int,
                                                                   spaces: int) -> None:
    s = new(players)
    assert s.legal_actions() == [A.DRAFT + k for k in range(spaces)]
    while s.idx < s.n:
        s.apply(A.DRAFT + spaces - 1 if s.idx == 0 else s.legal_actions()[0])
    assert s.legal_actions() == [A.DRAFT + k for k in range(spaces)]  # set 2


# UM-DRAFT-3, UM-DRAFT-4
def test_set_1_in_turn_order_then_set_2_in_reverse_order() -> None:
    """Seat 2 starts a 3-player game: set 1 is picked by seats 2, 0, 1; set 2 by 1, 0, 2."""
    s = new(3, seed=2, starting_player="random")
    assert s.start == 2
    pickers = []
    while s.phase == S.DRAFT:
        pickers.append(s.actor)
        s.apply(s.legal_actions()[0])
    assert pickers == [2, 0, 1, 1, 0, 2]


# UM-DRAFT-4
def test_nothing_is_gained_until_set_2_is_drafted() -> None:
    s = new(2)
    draft(s, "primordial", "orbit_2")
    assert s.phase == S.DRAFT and s.actor == 1  # last in set 1, first in set 2
    assert s.pending == [[], []] and layout(s, 0) == {} and s.disc == [4, 4]
    draft(s, "discovery_3", "supergiant")
    assert s.phase == S.GAIN


# UM-DRAFT-5
def test_a_space_is_never_taken_twice_in_one_set() -> None:
    s = new(3)
    s.apply(A.DRAFT + 1)
    assert s.legal_actions() == [A.DRAFT + k for k in (0, 2, 3, 4, 5)]
    s.apply(A.DRAFT + 3)
    assert s.legal_actions() == [A.DRAFT + k for k in (0, 2, 4, 5)]
    s.apply(A.DRAFT + 0)
    assert s.legal_actions() == [A.DRAFT + k for k in range(6)]  # set 2 starts afresh


# UM-DRAFT-6
def test_the_antimatter_pick_gives_a_major_and_everyone_else_a_minor() -> None:
    s = new(3)
    draft(s, "orbit_2", "antimatter", "primordial", "supergiant", "orbit_3", "discovery_3")
    assert s.phase == S.GAIN
    # Set 1: seats 0, 1, 2; set 2: seats 2, 1, 0. Seat 1 drafted the Antimatter.
    assert sorted(s.pending[1]) == sorted([option(s, "antimatter"), option(s, "orbit_3")])
    assert sorted(s.pending[0]) == sorted([option(s, "orbit_2"), option(s, "discovery_3"),
                                           A.MINOR_PENDING])
    assert sorted(s.pending[2]) == sorted([option(s, "primordial"), option(s, "supergiant"),
                                           A.MINOR_PENDING])
    assert "Minor Antimatter" in s.observation(0)["players_view"][2]["drafted"]


# UM-DRAFT-6
def test_the_antimatter_picker_places_a_major_antimatter() -> None:
    s = gaining("antimatter")
    use(s, "antimatter", channel("pink"))
    assert layout(s, 0) == {"pink 1": ["major"]}


# UM-DRAFT-7
@pytest.mark.parametrize(("name", "answers", "board", "disc"), [
    ("orbit_1", 1, {"blue 2": ["blue_giant"]}, 4),
    ("orbit_2", 1, {"blue 3": ["blue_giant"]}, 4),
    ("orbit_3", 1, {"blue 4": ["blue_giant"]}, 4),
    ("blue_giant", 1, {"blue 1": ["blue_giant"], "pink 1": ["blue_giant"]}, 4),
    ("supergiant", 1, {"blue 1": ["blue_giant"], "pink 1": ["supergiant"]}, 4),
    ("primordial", 1, {"blue 1": ["blue_giant"], "pink 1": ["primordial"]}, 4),
    ("discovery_1", 0, {"blue 1": ["blue_giant"]}, 5),
    ("discovery_2", 0, {"blue 1": ["blue_giant"]}, 6),
    ("discovery_3", 0, {"blue 1": ["blue_giant"]}, 7),
])
def test_orbit_matter_and_discovery_options(name: str, answers: int,
                                            board: dict[str, list[str]], disc: int) -> None:
    """Orbit once, twice, three times; gain one Matter token; gain 1, 2 or 3 Discovery."""
    s = gaining(name)
    put(s, 0, {"blue 1": ["blue_giant"]})
    answer = channel("blue") if name.startswith("orbit") else channel("pink")
    use(s, name, *[answer] * answers)
    assert layout(s, 0) == board and s.disc[0] == disc


# UM-DRAFT-8
@pytest.mark.parametrize("discards", [0, 1, 2, 3])
def test_the_action_card_option_discards_draws_and_gains_as_many(discards: int) -> None:
    s = gaining("cycle")
    hand = list(s.hands[0])
    use(s, "cycle", *[A.DISCARD + c for c in hand[:discards]])
    if discards < 3:
        s.apply(A.STOP)
    assert s.sm[0] == discards
    assert len(s.hands[0]) == 3
    assert s.discard == hand[:discards]
    assert set(hand[discards:]) <= set(s.hands[0])
    assert s.actor == 1  # seat 0 has gained everything


# UM-DRAFT-9
def test_removing_a_drafted_minor_antimatter_for_a_blue_giant() -> None:
    """(a) The Minor Antimatter from someone else's Antimatter pick, not yet placed, may be
    removed; it gives nothing and the Blue Giant Star is gained."""
    s = gaining("ex_antimatter_blue_giant", minor=True)
    put(s, 0, {"pink 4": ["major"]})
    use(s, "ex_antimatter_blue_giant")
    assert s.legal_actions() == [remove("pink 4", B.MAJOR),
                                 A.REMOVE_PENDING + B.MINOR]
    s.apply(A.REMOVE_PENDING + B.MINOR)
    s.apply(channel("blue"))
    assert s.pending[0] == [] and s.actor == 1
    assert layout(s, 0) == {"blue 1": ["blue_giant"], "pink 4": ["major"]}
    assert (s.sm[0], s.disc[0]) == (0, 4)


# UM-DRAFT-9, UM-DRAFT-10
def test_removing_one_antimatter_from_the_board_for_one_blue_giant() -> None:
    s = gaining("ex_antimatter_blue_giant")
    put(s, 0, {"pink 4": ["major"], "blue 5": ["minor"]})
    use(s, "ex_antimatter_blue_giant", remove("pink 4", B.MAJOR),
        channel("pink"))
    assert layout(s, 0) == {"pink 1": ["blue_giant"], "blue 5": ["minor"]}
    assert (s.sm[0], s.disc[0]) == (0, 4) and s.stack == []


# UM-DRAFT-9, UM-DRAFT-10
def test_losing_one_discovery_for_one_supergiant() -> None:
    s = gaining("ex_discovery_supergiant")
    use(s, "ex_discovery_supergiant", A.CONFIRM, channel("blue"))
    assert s.disc[0] == 3
    assert layout(s, 0) == {"blue 1": ["supergiant"]}


# UM-DRAFT-9, UM-DRAFT-10
def test_removing_one_matter_token_for_three_discovery() -> None:
    """(c) The token may come from the board or from a drafted Matter option not yet gained;
    it gives no Solar Mass."""
    s = gaining("ex_matter_discovery", "primordial")
    put(s, 0, {"blue 7": ["supergiant", "blue_giant"]})
    use(s, "ex_matter_discovery")
    assert s.legal_actions() == [remove("blue 7", B.BLUE_GIANT),
                                 remove("blue 7", B.SUPERGIANT),
                                 A.REMOVE_PENDING + B.PRIMORDIAL]
    s.apply(A.REMOVE_PENDING + B.PRIMORDIAL)
    assert s.pending[0] == [] and s.disc[0] == 7 and s.sm[0] == 0
    assert layout(s, 0) == {"blue 7": ["supergiant", "blue_giant"]}


# UM-DRAFT-9
@pytest.mark.parametrize("name", ["ex_antimatter_blue_giant", "ex_discovery_supergiant",
                                  "ex_matter_discovery"])
def test_an_exchange_with_nothing_to_give_gives_nothing(name: str) -> None:
    s = gaining(name)
    s.disc[0] = 0
    put(s, 0, {"pink 2": ["minor"]} if name == "ex_matter_discovery" else
         {"pink 2": ["supergiant"]})
    before = layout(s, 0)
    use(s, name)
    assert s.stack == [] and s.actor == 1
    assert layout(s, 0) == before and s.disc[0] == 0


# UM-DRAFT-11, UM-DRAFT-14
def test_players_gain_their_resources_one_after_the_other_then_discovery() -> None:
    """Seat 2 starts a 3-player game: seat 2 gains all of its drafted resources, then seat 0,
    then seat 1; the Discovery phase begins when the last one is used."""
    s = new(3, seed=2, starting_player="random", auto_forced=False)
    draft(s, "orbit_2", "discovery_2", "primordial", "discovery_3", "supergiant", "orbit_3")
    actors = []
    while s.phase == S.GAIN:
        if not s.stack:
            actors.append(s.actor)
        assert s.pending[s.actor] or s.stack
        s.apply(s.legal_actions()[0])
    assert actors == [2, 2, 0, 0, 1, 1]
    assert s.phase == S.DISCOVERY and s.pending == [[], [], []]


# UM-DRAFT-12
def test_yellow_places_the_minor_antimatter_orbits_then_places_the_blue_giant() -> None:
    """The rulebook's example in a 4-player game: Yellow (seat 0) drafted a Blue Giant Star
    and an Orbit; Red (seat 1) drafted the Antimatter, so Yellow also gains a Minor
    Antimatter. Yellow places the Minor Antimatter, Orbits blue, then places the Blue Giant."""
    s = new(4, auto_forced=False)
    draft(s, "blue_giant", "antimatter", "primordial", "orbit_2",  # set 1: seats 0 to 3
          "supergiant", "orbit_3", "discovery_3", "orbit_1")  # set 2: seats 3 to 0
    assert s.phase == S.GAIN and s.actor == 0
    assert sorted(s.legal_actions()) == sorted(
        [A.RESOURCE + option(s, "blue_giant"), A.RESOURCE + option(s, "orbit_1"),
         A.RESOURCE + A.MINOR_PENDING])  # in any order
    use(s, "minor", channel("blue"))
    use(s, "orbit_1", channel("blue"))
    use(s, "blue_giant", channel("blue"))
    assert layout(s, 0) == {"blue 1": ["blue_giant"], "blue 2": ["minor"]}
    assert s.pending[0] == [] and s.actor == 1


# UM-DRAFT-12
def test_every_drafted_resource_must_be_used() -> None:
    """There is no way to pass: the player is asked until every drafted resource is used."""
    s = gaining("orbit_1", "blue_giant", minor=True)
    while s.actor == 0 and s.phase == S.GAIN:
        legal = s.legal_actions()
        assert A.STOP not in legal and A.DECLINE not in legal and A.END_ACTIONS not in legal
        s.apply(legal[-1])
    assert s.pending[0] == []


# UM-DRAFT-13
def test_no_effects_cards_wormholes_or_exchange_during_the_draft() -> None:
    s = new(auto_forced=False)
    own(s, 0, "siphon_1", "orbit_1")  # two Anomaly Effects
    seen = set()
    while s.phase in (S.DRAFT, S.GAIN):
        legal = s.legal_actions()
        seen.update(A.split(a)[0] for a in legal)
        s.apply(legal[0])
    assert seen <= {"draft", "gain_resource", "channel", "discard", "stop", "option"}
    assert not seen & {"use_effect", "play_card", "activate_wormholes", "exchange"}


# UM-DRAFT-13
def test_passives_still_trigger_during_the_draft() -> None:
    """Singularity Vortex (Orbit Tier 4): each Orbit gains 1 Solar Mass, in any phase."""
    s = gaining("orbit_2")
    own(s, 0, "orbit_4")
    use(s, "orbit_2", channel("pink"))
    assert s.sm[0] == 1


# UM-DRAFT-14
def test_the_discovery_phase_waits_for_the_last_drafted_resource() -> None:
    s = gaining("discovery_1")
    use(s, "discovery_1")
    assert (s.phase, s.actor) == (S.GAIN, 1)
    while s.phase == S.GAIN:
        assert s.pending[1] or s.stack  # seat 1 still has something to use
        s.apply(s.legal_actions()[0])
    assert s.phase == S.DISCOVERY and s.pending == [[], []]
