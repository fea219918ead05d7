"""Scoring (docs/rules/multiuniversum.md, section 8): portal DP, the 1 DP cost of every unused
tool, and the set bonuses (Omni sets of 5 different icons, Specialisation sets of 2 or 3 equal
icons), with the engine forming the best sets.

The designed content carries the icons water, fire, void, gear and crystal on 3 portals each
and mirror, storm, fungus, dream and shadow on one portal each. Basic portals are worth 2 DP
(3 with an odd icon), medium ones 4 (5), advanced ones 7 (8).

The optimality of the set forming is proved by exhaustion: an independent brute force below
tries every way of cutting a small collection of portals into disjoint sets, and the engine
must find the same best bonus for every such collection up to a size.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement, product

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoverse.games.multiuniversum import scoring
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import (
    at,
    cards_with,
    empty,
    give,
    play,
    portal,
    prepare,
    sealed,
    stack,
    table,
    tools,
)

# The values of the rules in our words, restated here so that the tests do not borrow the
# engine's constants.
OMNI_VALUE = 9
PAIR_VALUE = 4
TRIPLE_VALUE = 9

WATER = ("tidal_gate", "deep_current", "rain_spiral")  # 2, 4, 4 DP
FIRE = ("ember_door", "magma_vent", "sun_forge")  # 2, 4, 7 DP
ODD = ("looking_glass", "thunder_eye", "mycel_grove", "dream_engine", "umbral_crown")
"""The five portals with an icon of their own: 3, 5, 5, 8 and 8 DP."""


def score_of(s: MultiuniversumState, seat: int) -> int:
    return scoring.score(s, seat)


# An independent brute force ---------------------------------------------------------------


def set_value(icons: tuple[int, ...]) -> int:
    """What one group of portals is worth as a set under MU-SCORE-2 and MU-SCORE-3, or 0 if
    the group is no set at all."""
    different = len(set(icons))
    if different == 1 and len(icons) == 2:
        return PAIR_VALUE
    if different == 1 and len(icons) == 3:
        return TRIPLE_VALUE
    if len(icons) == 5 and different == 5:
        return OMNI_VALUE
    return 0


def every_arrangement(icons: tuple[int, ...]) -> list[list[tuple[int, ...]]]:
    """Every way of choosing disjoint sets among the portals ``0..n-1`` (whose icons are
    ``icons``): each portal either joins no set or one set with other free portals. Portals
    are told apart by position, so nothing is pruned."""
    out: list[list[tuple[int, ...]]] = []

    def walk(free: tuple[int, ...], chosen: list[tuple[int, ...]]) -> None:
        if not free:
            out.append(list(chosen))
            return
        first, rest = free[0], free[1:]
        walk(rest, chosen)  # the first free portal joins no set
        for extra in (1, 2, 4):
            for others in combinations(rest, extra):
                group = (first, *others)
                if set_value(tuple(icons[q] for q in group)):
                    walk(tuple(q for q in rest if q not in others), [*chosen, group])

    walk(tuple(range(len(icons))), [])
    return out


def naive_best(icons: tuple[int, ...]) -> int:
    return max(sum(set_value(tuple(icons[q] for q in g)) for g in arrangement)
               for arrangement in every_arrangement(icons))


def _minus(icons: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(icons)
    for i in taken:
        rest.remove(i)
    return tuple(rest)


@cache
def brute_best(icons: tuple[int, ...]) -> int:
    """The same maximum, for larger collections: the lowest icon left (``icons`` is sorted)
    either joins no set, or a Specialisation set of 2 or 3 with its equals, or an Omni set
    with one portal of each of 4 other icons. Portals with the same icon are interchangeable,
    so choosing icons instead of portals loses no arrangement."""
    if not icons:
        return 0
    first, rest = icons[0], icons[1:]
    best = brute_best(rest)
    for extra in (1, 2):
        if rest.count(first) >= extra:
            group = (first,) * (extra + 1)
            best = max(best, set_value(group) + brute_best(_minus(rest, group[1:])))
    for others in combinations(sorted(set(rest) - {first}), 4):
        best = max(best, OMNI_VALUE + brute_best(_minus(rest, others)))
    return best


def check_best_sets(icons: tuple[int, ...]) -> None:
    """``best_sets`` returns disjoint, valid sets of the given portals, of the right kind,
    worth exactly ``best_bonus`` together."""
    portals = list(range(len(icons)))
    arrangement = scoring.best_sets(portals, icons)
    used = [q for _, group in arrangement for q in group]
    assert len(used) == len(set(used)), (icons, arrangement)
    assert set(used) <= set(portals), (icons, arrangement)
    total = 0
    for kind, group in arrangement:
        value = set_value(tuple(icons[q] for q in group))
        assert value, (icons, arrangement)
        assert kind == ("omni" if len(set(icons[q] for q in group)) == 5 else "specialisation")
        total += value
    assert total == scoring.best_bonus(icons), (icons, arrangement)


# The brute force itself ---------------------------------------------------------------------


# MU-SCORE-4, MU-SCORE-6
def test_the_two_brute_forces_agree_on_every_collection_of_up_to_6_portals() -> None:
    """The fast brute force, checked against the naive enumeration of every arrangement, for
    all collections of 0 to 6 portals over 6 icons."""
    checked = 0
    for size in range(7):
        for icons in combinations_with_replacement(range(6), size):
            assert brute_best(icons) == naive_best(icons), icons
            checked += 1
    assert checked == 924


def test_the_naive_enumeration_sees_every_arrangement() -> None:
    """Three water portals can be left alone, or any 2 of them paired (3 ways), or all 3 form
    a triple: 5 arrangements."""
    assert len(every_arrangement((0, 0, 0))) == 5
    assert naive_best((0, 0, 0)) == TRIPLE_VALUE


# MU-SCORE-2 to MU-SCORE-6 by exhaustion -------------------------------------------------------


# MU-SCORE-2, MU-SCORE-3, MU-SCORE-4, MU-SCORE-6
def test_best_bonus_is_the_maximum_for_every_collection_of_up_to_8_portals_over_6_icons() -> None:
    checked = 0
    for size in range(9):
        for icons in combinations_with_replacement(range(6), size):
            assert scoring.best_bonus(icons) == brute_best(icons), icons
            assert scoring.best_bonus(icons[::-1]) == brute_best(icons), icons
            checked += 1
    assert checked == 3003


# MU-SCORE-5, MU-SCORE-6
def test_best_bonus_is_the_maximum_for_every_collection_of_up_to_7_portals_over_10_icons() -> None:
    """The designed content has 10 icons; an Omni set is any 5 different ones of them."""
    for size in range(8):
        for icons in combinations_with_replacement(range(10), size):
            assert scoring.best_bonus(icons) == brute_best(icons), icons


# MU-SCORE-4, MU-SCORE-6
def test_best_bonus_is_the_maximum_for_every_lab_the_real_content_allows() -> None:
    """Every collection of icons a lab can hold with the designed portals: each of the five
    common icons 0 to 3 times, each odd icon 0 or 1 time (32,768 labs)."""
    icons_of = Counter(p.icon for p in table(2).content.portals)
    names = sorted(icons_of)
    assert sorted(icons_of.values()) == [1] * 5 + [3] * 5
    labs = 0
    for counts in product(*(range(icons_of[n] + 1) for n in names)):
        icons = tuple(i for i, c in enumerate(counts) for _ in range(c))
        assert scoring.best_bonus(icons) == brute_best(icons), icons
        labs += 1
    assert labs == 32768


# MU-SCORE-4, MU-SCORE-6
def test_best_sets_are_disjoint_valid_sets_worth_the_best_bonus() -> None:
    for size in range(9):
        for icons in combinations_with_replacement(range(6), size):
            check_best_sets(icons)
    for size in range(8):
        for icons in combinations_with_replacement(range(10), size):
            check_best_sets(icons)


# MU-SCORE-4, MU-SCORE-5, MU-SCORE-6
@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=6), max_size=14))
def test_best_bonus_and_best_sets_on_larger_random_collections(icons: list[int]) -> None:
    """Larger collections (up to 14 portals over 7 icons), in any order."""
    assert scoring.best_bonus(icons) == brute_best(tuple(sorted(icons)))
    check_best_sets(tuple(icons))


# The rulebook examples ----------------------------------------------------------------------


# MU-SCORE-4
def test_a_set_of_three_and_an_omni_beat_two_pairs() -> None:
    """Four portals of one icon and one each of four others: a Specialisation set of 3 (9)
    leaves the fourth for an Omni set (9), 18 in all; two pairs would give only 8."""
    icons = (0, 0, 0, 0, 1, 2, 3, 4)
    assert scoring.best_bonus(icons) == 18
    kinds = sorted(kind for kind, _ in scoring.best_sets(list(range(8)), icons))
    assert kinds == ["omni", "specialisation"]
    groups = sorted(len(g) for _, g in scoring.best_sets(list(range(8)), icons))
    assert groups == [3, 5]


# MU-SCORE-3, MU-SCORE-4
def test_a_set_never_holds_more_than_three_portals() -> None:
    """Four equal icons are no set of 4: the best is a set of 3 (9, better than two pairs for
    8) with one portal left over; five are 3 + 2 (13); six are two sets of 3 (18)."""
    assert scoring.best_bonus((0,) * 4) == TRIPLE_VALUE
    assert [len(g) for _, g in scoring.best_sets(list(range(4)), (0,) * 4)] == [3]
    assert scoring.best_bonus((0,) * 5) == TRIPLE_VALUE + PAIR_VALUE
    assert scoring.best_bonus((0,) * 6) == 2 * TRIPLE_VALUE
    assert all(len(g) <= 3 for k, g in scoring.best_sets(list(range(6)), (0,) * 6)
               if k == "specialisation")


# MU-SCORE-4
def test_a_portal_counts_in_one_set_only() -> None:
    """Three water portals and one each of fire, void, gear and crystal: the triple (9) and
    an Omni set (9) would need a fourth water portal, so the best is a water pair and an Omni
    set with the third water portal: 4 + 9."""
    s = table(2)
    sealed(s, 0, *WATER, "ember_door", "null_hatch", "cog_arch", "prism_hall")
    dp = 2 + 4 + 4 + 2 + 2 + 2 + 4
    assert score_of(s, 0) == dp + PAIR_VALUE + OMNI_VALUE


# MU-SCORE-1, MU-SCORE-2
def test_an_omni_set_adds_9() -> None:
    """Water, fire, void, gear and crystal: 2 + 2 + 2 + 2 + 4 DP and an Omni set."""
    s = table(2)
    sealed(s, 0, "tidal_gate", "ember_door", "null_hatch", "cog_arch", "prism_hall")
    assert score_of(s, 0) == 12 + 9
    sealed(s, 1, "deep_current", "magma_vent", "silent_rift", "clock_tower")
    assert score_of(s, 1) == 16  # four different icons: no Omni set


# MU-SCORE-2
def test_several_omni_sets_each_score() -> None:
    s = table(2)
    sealed(s, 0, "tidal_gate", "ember_door", "null_hatch", "cog_arch", "prism_hall", *ODD)
    assert score_of(s, 0) == 12 + 29 + 2 * OMNI_VALUE


# MU-SCORE-3
def test_a_pair_adds_4_and_three_of_a_kind_add_9() -> None:
    s = table(3)
    sealed(s, 0, "tidal_gate", "deep_current")
    sealed(s, 1, *FIRE)
    sealed(s, 2, "null_hatch")
    assert score_of(s, 0) == 2 + 4 + PAIR_VALUE
    assert score_of(s, 1) == 2 + 4 + 7 + TRIPLE_VALUE
    assert score_of(s, 2) == 2


# MU-SCORE-3
def test_several_specialisation_sets_each_score() -> None:
    s = table(2)
    sealed(s, 0, *WATER, "ember_door", "magma_vent")
    assert score_of(s, 0) == 10 + 6 + TRIPLE_VALUE + PAIR_VALUE


# MU-SCORE-5
def test_the_five_odd_icons_form_an_omni_set() -> None:
    """The content has 10 icons; any 5 different ones are an Omni set, here the five icons
    carried by one portal each."""
    s = table(2)
    sealed(s, 0, *ODD)
    assert score_of(s, 0) == 3 + 5 + 5 + 8 + 8 + OMNI_VALUE
    assert scoring.best_bonus(range(7)) == OMNI_VALUE
    assert scoring.best_bonus(range(10)) == 2 * OMNI_VALUE


# MU-SCORE-1, MU-TOOL-2
def test_each_unused_tool_costs_one_dp() -> None:
    s = table(3)
    sealed(s, 0, "sun_forge")
    tools(s, 0, "red-01", "blue-02")
    sealed(s, 1, "magma_vent")
    assert score_of(s, 0) == 7 - 2
    assert score_of(s, 1) == 4


# MU-SCORE-1, MU-TOOL-2
def test_scores_may_be_negative() -> None:
    s = table(2)
    tools(s, 0, "red-01", "red-02", "red-03")
    assert score_of(s, 0) == -3


# MU-SCORE-1, MU-TOOL-2, MU-SCORE-3
def test_the_outcome_scores_dp_minus_unused_tools_plus_sets_at_the_real_end() -> None:
    """Two players, end_mode=immediate, transformer 2 already deactivated. Seat 0, holding
    deep_current, prepares a spare tool, then seals the last portal of transformer 1
    (tidal_gate) with a blue tool: the second empty stack ends the game. Seat 0 has 2 + 4 DP,
    a water pair (+4) and one unused tool (-1): 9. Seat 1 has only 2 unused tools: -2. The
    blue tool spent on the seal costs nothing."""
    s = table(2, end_mode="immediate")
    stack(s, 1, "tidal_gate")
    empty(s, 2)
    sealed(s, 0, "deep_current")
    seal_card = cards_with(s, "seal", 1)[0]
    give(s, 0, seal_card, "green-01")
    tools(s, 0, "blue-01")
    tools(s, 1, "red-02", "red-03")
    at(s, 0, 1)
    prepare(s, "green-01")
    play(s, seal_card)
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None
    assert out.scores == (9.0, -2.0)
    assert out.winners == (0,)
    assert portal(s, "tidal_gate") in s.sealed[0]
