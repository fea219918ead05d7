"""Hidden information (docs/rules/multiuniversum.md, section 12): hands, the deck, face-down
portals, ability 1's secret order, what is public, and determinisation for search; also the
face-up tops of set-up (MU-SETUP-5) and the public discard pile (MU-DECK-1).

What a seat may see is read from its observation and from the log entries visible to it.
Seats 0, 1 and 2 stand on transformers 1, 2 and 3 unless a test moves them. Card rows used
here, transformer 1 to 5:

- red-02: ability, Recycle, Seal, Move, Search
- red-03: Recycle, Seal, Search, ability, Move
- red-05: Seal, Search, Move, Recycle, ability
- red-07: ability, Search, Move, Seal, Recycle
- red-08: Recycle, ability, Seal, Search, Move
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import (
    GAME,
    at,
    card,
    discard,
    give,
    names,
    on_top,
    pass_turn,
    play,
    portal,
    prepare,
    recycle,
    table,
    tools,
)

SEEDS = range(8)


def fresh(players: int = 3, seed: int = 0, **options: Any) -> MultiuniversumState:
    options.setdefault("first_player", "seat0")
    return GAME.new_game(players=players, seed=seed, options=options)


def stack_view(s: MultiuniversumState, seat: int | None, transformer: int) -> list[str | None]:
    """The stack of ``transformer`` top first, as ``seat`` sees it (portal names or None)."""
    tr = s.observation(seat)["transformers"][transformer - 1]
    return [p["name"] if p else None for p in tr["stack"]]


def portal_names_top_first(s: MultiuniversumState, transformer: int) -> list[str]:
    return [s.content.portals[q].name for q in reversed(s.stacks[transformer - 1])]


def layout(s: MultiuniversumState, *stacks: tuple[str, ...]) -> None:
    """Set the five stacks, each top first, as if dealt so (only the tops are known); every
    other portal leaves the game."""
    for t, names_ in enumerate(stacks):
        s.stacks[t] = [portal(s, n) for n in reversed(names_)]
    on_table = {q for st in s.stacks for q in st}
    s.removed = [q for q in range(A.PORTALS) if q not in on_table]
    s.removed_from = [0] * len(s.removed)
    s.pknow = [0] * A.PORTALS
    for st in s.stacks:
        if st:
            s.pknow[st[-1]] = P.PUBLIC


def rearrange(s: MultiuniversumState, transformer: int, *top_first: str) -> None:
    """Ability 1 is under way: pick the stack, then its portals from the top down."""
    s.apply(A.STACK + transformer - 1)
    for name in top_first:
        s.apply(A.PLACE + portal(s, name))


FIVE = (("tidal_gate", "ember_door", "null_hatch", "cog_arch"),
        ("magma_vent", "prism_hall"), ("sun_forge", "deep_current"), ("looking_glass",),
        ("rain_spiral", "quartz_well"))


def arranged_by_seat_0() -> MultiuniversumState:
    """Seat 0, on transformer 1, uses ability 1 on transformer 1's stack of 4 and puts Cog
    Arch on top, then Null Hatch, Tidal Gate and Ember Door."""
    s = table()
    layout(s, *FIVE)
    give(s, 0, "red-02", "red-03", "red-05")
    play(s, "red-02")
    rearrange(s, 1, "cog_arch", "null_hatch", "tidal_gate", "ember_door")
    return s


def card_names_in(obj: Any) -> set[str]:
    """Every action-card name anywhere in an observation."""
    out: set[str] = set()
    if isinstance(obj, dict):
        if "rows" in obj and "name" in obj:
            out.add(obj["name"])
        for v in obj.values():
            out |= card_names_in(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= card_names_in(v)
    return out


# MU-KNOW-1
@pytest.mark.parametrize("seed", SEEDS)
def test_a_hand_is_seen_only_by_its_player(seed: int) -> None:
    s = fresh(4, seed)
    for me in (0, 1, 2, 3, None):
        obs = s.observation(me)
        shown = card_names_in(obs)
        for lab in obs["labs"]:
            q = lab["seat"]
            assert lab["hand_size"] == 3
            if q == me:
                assert sorted(c["id"] for c in lab["hand"]) == sorted(s.hands[q])
                assert "known_hand" not in lab
            else:
                assert "hand" not in lab
                assert lab["known_hand"] == []
                assert not set(names(s, s.hands[q])) & shown


# MU-KNOW-1
def test_a_recycled_card_is_known_to_all_while_it_stays_in_hand() -> None:
    s = table()
    give(s, 0, "red-03", "red-07")  # red-03 Recycles on transformer 1
    discard(s, "green-04")
    on_top(s, "blue-09")
    play(s, "red-03")
    recycle(s, "green-04")
    for seat in (1, 2, None):
        lab = s.observation(seat)["labs"][0]
        assert [c["name"] for c in lab["known_hand"]] == ["green-04"]
        assert lab["hand_size"] == 2
    assert [e.data for e in s.events if e.kind == "recycled"] == [
        {"seat": 0, "card": card(s, "green-04")}]
    pass_turn(s)  # refilled with blue-09, which nobody else sees
    assert s.observation(1)["labs"][0]["hand_size"] == 3
    assert [c["name"] for c in s.observation(1)["labs"][0]["known_hand"]] == ["green-04"]
    s.active, s.actions = 0, 0
    prepare(s, "green-04")  # out of the hand: no longer a hand card
    assert s.observation(1)["labs"][0]["known_hand"] == []


def keeping_two() -> MultiuniversumState:
    """Seat 0, on transformer 2, plays red-04 for ability 2, draws blue-01, blue-02 and
    blue-03 (seen by seat 0 only) and has chosen to keep blue-02 so far."""
    s = table()
    at(s, 0, 2)
    give(s, 0, "red-04", "red-01")
    on_top(s, "blue-01", "blue-02", "blue-03")
    play(s, "red-04")
    s.apply(A.KEEP + card(s, "blue-02"))
    assert s.phase == P.KEEP
    return s


# MU-KNOW-1
def test_the_cards_drawn_by_ability_2_are_seen_by_their_player_only() -> None:
    s = keeping_two()
    drawn = {"blue-01", "blue-02", "blue-03"}
    assert drawn <= card_names_in(s.observation(0))
    for seat in (1, 2, None):
        assert not drawn & card_names_in(s.observation(seat))
        assert s.observation(seat)["labs"][0]["hand_size"] == 4


# MU-KNOW-1
def test_the_cards_kept_by_ability_2_stay_hidden_while_the_keep_is_under_way() -> None:
    s = keeping_two()
    assert s.observation(0)["keep_two"] == {"kept": 1, "cards": [card(s, "blue-02")]}
    for seat in (1, 2, None):
        pending = s.observation(seat).get("keep_two", {})
        assert pending == {"kept": 1}
        assert "blue-02" not in json.dumps(pending)


# MU-KNOW-1, MU-KNOW-2
def test_the_log_shows_no_seat_another_seats_draws() -> None:
    s = table()
    give(s, 0, "red-05")
    at(s, 0, 2)  # red-05 Searches on transformer 2
    on_top(s, "blue-01", "blue-02")
    play(s, "red-05")
    drawn = {card(s, "blue-01"), card(s, "blue-02")}
    for seat in (1, 2, None):
        events = s.events_for(seat)
        assert not [e for e in events if e.kind in ("drew", "dealt")]
        assert [e.data for e in events if e.kind == "drew_card"] == [
            {"seat": 0, "hand": 1}, {"seat": 0, "hand": 2}]
        assert not drawn & {e.data.get("card") for e in events}
    assert {e.data["card"] for e in s.events_for(0) if e.kind == "drew"} == drawn


# MU-KNOW-1
def test_dealt_hands_are_logged_for_their_owner_only() -> None:
    s = fresh(3, seed=4)
    for seat in (0, 1, 2):
        dealt = [e.data for e in s.events_for(seat) if e.kind == "dealt"]
        assert dealt == [{"seat": seat, "cards": s.hands[seat]}]
    assert not [e for e in s.events_for(None) if e.kind == "dealt"]


# MU-KNOW-2
def test_the_deck_shows_only_its_size() -> None:
    s = fresh(3, seed=2)
    for seat in (0, 1, None):
        obs = s.observation(seat)
        assert obs["deck"] == len(s.deck) == 36
        assert not set(names(s, s.deck)) & card_names_in(obs)


# MU-SETUP-5, MU-KNOW-3
def test_face_down_portals_are_unknown_to_all_but_stack_sizes_are_public() -> None:
    s = fresh(3, seed=6)
    for seat in (0, 1, 2, None):
        for t, tr in enumerate(s.observation(seat)["transformers"]):
            assert tr["stack_size"] == 4
            assert tr["stack"][0]["id"] == s.stacks[t][-1]
            assert tr["stack"][1:] == [None, None, None]  # not even the tier shows


# MU-KNOW-3
def test_short_game_removed_portals_are_never_seen() -> None:
    s = fresh(3, seed=3, variant="short_game")
    for seat in (0, 1, 2, None):
        obs = s.observation(seat)
        assert obs["removed_portals"] == 5
        seen = {p["id"] for tr in obs["transformers"] for p in tr["stack"] if p}
        assert seen == {st[-1] for st in s.stacks}
        assert not seen & set(s.removed)


# MU-ABILITY-1, MU-KNOW-4
def test_only_the_arranger_sees_the_stack_while_ability_1_is_under_way() -> None:
    s = table()
    layout(s, *FIVE)
    give(s, 0, "red-02")
    play(s, "red-02")
    s.apply(A.STACK + 0)
    mine = s.observation(0)["reorder"]
    assert [p["name"] for p in mine["portals"]] == ["Tidal Gate", "Ember Door", "Null Hatch",
                                                    "Cog Arch"]
    for seat in (1, 2, None):
        assert s.observation(seat)["reorder"] == {"transformer": 1, "placed": 0}
    seen = [e for e in s.events if e.kind == "stack_seen"]
    assert [e.visible_to for e in seen] == [frozenset({0})]


# MU-ABILITY-1, MU-KNOW-4
def test_after_ability_1_only_the_arranger_knows_the_order() -> None:
    s = arranged_by_seat_0()
    assert stack_view(s, 0, 1) == ["Cog Arch", "Null Hatch", "Tidal Gate", "Ember Door"]
    for seat in (1, 2, None):
        assert stack_view(s, seat, 1) == ["Cog Arch", None, None, None]
    order = [e for e in s.events if e.kind == "stack_order"]
    assert [e.visible_to for e in order] == [frozenset({0})]
    assert not [e for e in s.events_for(1) if e.kind in ("stack_order", "stack_seen")]


# MU-KNOW-4
def test_the_arranger_keeps_the_order_through_public_changes() -> None:
    """Seat 1 rotates every stack (ability 4, red-03 on transformer 4), then swaps the tops of
    transformers 1 and 2 (ability 3, red-09 on transformer 3); seat 0 still knows
    transformer 1's stack below its top."""
    s = arranged_by_seat_0()
    pass_turn(s)
    at(s, 1, 4)
    give(s, 1, "red-03", "red-09")
    play(s, "red-03")
    assert stack_view(s, 0, 1) == ["Null Hatch", "Tidal Gate", "Ember Door", "Cog Arch"]
    assert stack_view(s, 1, 1) == ["Null Hatch", None, None, "Cog Arch"]
    at(s, 1, 3)
    play(s, "red-09")
    s.apply(A.SWAP + A.PAIRS.index((0, 1)))
    assert stack_view(s, 0, 1) == ["Prism Hall", "Tidal Gate", "Ember Door", "Cog Arch"]
    for seat in (1, 2, None):
        assert stack_view(s, seat, 1) == ["Prism Hall", None, None, "Cog Arch"]
    assert stack_view(s, 0, 2) == ["Null Hatch", "Magma Vent"]


# MU-KNOW-4
def test_the_arranger_keeps_the_order_after_a_seal() -> None:
    s = arranged_by_seat_0()
    tools(s, 0, "yellow-01")
    play(s, "red-05")  # Seal Cog Arch on transformer 1
    assert stack_view(s, 0, 1) == ["Null Hatch", "Tidal Gate", "Ember Door"]
    assert stack_view(s, 1, 1) == ["Null Hatch", None, None]


# MU-KNOW-4
def test_another_players_ability_1_on_the_stack_ends_the_arrangers_knowledge() -> None:
    s = arranged_by_seat_0()
    pass_turn(s)
    at(s, 1, 1)
    give(s, 1, "red-07")
    play(s, "red-07")
    rearrange(s, 1, "ember_door", "tidal_gate", "null_hatch", "cog_arch")
    assert stack_view(s, 1, 1) == ["Ember Door", "Tidal Gate", "Null Hatch", "Cog Arch"]
    assert stack_view(s, 0, 1) == ["Ember Door", None, None, None]


# MU-KNOW-4
def test_every_player_remembers_the_portals_ability_4_sends_down() -> None:
    s = table()
    layout(s, *FIVE)
    at(s, 0, 4)
    give(s, 0, "red-03")
    play(s, "red-03")
    for seat in (0, 1, 2, None):
        assert stack_view(s, seat, 1) == ["Ember Door", None, None, "Tidal Gate"]
        assert stack_view(s, seat, 2) == ["Prism Hall", "Magma Vent"]
        assert stack_view(s, seat, 4) == ["Looking Glass"]
    event = next(e for e in s.events if e.kind == "portals_rotated")
    assert event.visible_to is None
    assert event.data["stacks"][0] == {"transformer": 1, "sent_down": portal(s, "tidal_gate"),
                                       "face_up": portal(s, "ember_door")}


# MU-KNOW-5, MU-DECK-1
def test_labs_play_areas_positions_and_the_discard_pile_are_public() -> None:
    s = table()
    give(s, 0, "red-02", "red-08")
    tools(s, 0, "blue-04")
    tools(s, 1, "green-06")
    discard(s, "yellow-03", "purple-09")
    play(s, "red-08")  # Recycle on transformer 1
    recycle(s, "purple-09")
    views = [s.observation(seat) for seat in (0, 1, 2, None)]
    for obs in views:
        assert [c["name"] for c in obs["labs"][0]["tools"]] == ["blue-04"]
        assert obs["labs"][0]["tools"][0]["rows"] == list(s.content.cards[card(s, "blue-04")]
                                                          .rows)
        assert [c["name"] for c in obs["labs"][1]["tools"]] == ["green-06"]
        assert [c["name"] for c in obs["labs"][0]["play_area"]] == ["red-08"]
        assert [c["name"] for c in obs["discard"]] == ["yellow-03"]
        assert [lab["transformer"] for lab in obs["labs"]] == [1, 2, 3]
        assert [lab["hand_size"] for lab in obs["labs"]] == [2, 0, 0]
        assert obs["deck"] == len(s.deck)
    public = ("transformers", "discard", "deck", "end")
    for key in public:
        assert all(obs[key] == views[0][key] for obs in views)


# MU-KNOW-5
def test_the_virtual_scientists_lab_is_public() -> None:
    """The player passes with an empty hand and draws green-10 to green-08; then the
    virtual scientist takes green-07 and green-06 from the deck as tools, in view of all."""
    s = table(1)
    pass_turn(s)
    virtual = s.observation(0)["labs"][1]
    assert virtual["virtual"] is True
    assert [c["name"] for c in virtual["tools"]] == ["green-07", "green-06"]
    assert s.observation(None)["labs"][1] == virtual
    assert [e.kind for e in s.events_for(None)].count("virtual_tool") == 2


# MU-KNOW-5
def test_with_all_face_up_every_portal_and_its_place_is_public() -> None:
    s = fresh(3, seed=1, portal_visibility="all_face_up")
    for seat in (0, 1, 2, None):
        for t in range(1, 6):
            assert stack_view(s, seat, t) == portal_names_top_first(s, t)


# MU-KNOW-5
def test_with_all_face_up_ability_1_keeps_nothing_secret() -> None:
    s = table(portal_visibility="all_face_up")
    layout(s, *FIVE)
    s.pknow = [P.PUBLIC] * A.PORTALS
    give(s, 0, "red-02")
    play(s, "red-02")
    rearrange(s, 1, "cog_arch", "null_hatch", "tidal_gate", "ember_door")
    for seat in (0, 1, 2, None):
        assert stack_view(s, seat, 1) == ["Cog Arch", "Null Hatch", "Tidal Gate", "Ember Door"]
    order = next(e for e in s.events if e.kind == "stack_order")
    assert order.visible_to is None


def hidden_cards_of(s: MultiuniversumState, seat: int) -> tuple[Any, ...]:
    return (tuple(s.deck), *(tuple(h) for q, h in enumerate(s.hands) if q != seat))


def tiers_per_stack(s: MultiuniversumState) -> list[list[int]]:
    out = []
    for t, st in enumerate(s.stacks):
        removed = [q for q, f in zip(s.removed, s.removed_from, strict=True) if f == t]
        out.append(sorted(s.T.tier[q] for q in [*st, *removed]))
    return out


def played_out(seed: int, players: int = 3, steps: int = 40, **options: Any) -> MultiuniversumState:
    """A game after some random decisions (random players seldom seal)."""
    s = fresh(players, seed, **options)
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(r.choice(s.legal_actions()))
    return s


# MU-KNOW-6
@pytest.mark.parametrize("options", [{}, {"variant": "short_game"},
                                     {"stack_composition": "random_4"},
                                     {"portal_visibility": "all_face_up"}])
def test_determinize_keeps_everything_the_seat_sees(options: dict[str, Any]) -> None:
    for seed in range(3):
        s = played_out(seed, **options)
        for seat in range(3):
            for k in range(4):
                d = s.determinize(seat, random.Random(k))
                assert d.observation(seat) == s.observation(seat)
                assert d.hands[seat] == s.hands[seat]
                assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
                assert len(d.deck) == len(s.deck)
                assert [len(st) for st in d.stacks] == [len(st) for st in s.stacks]
                assert (d.discard, d.tools, d.sealed, d.pos, d.area) == (
                    s.discard, s.tools, s.sealed, s.pos, s.area)
                assert [e.to_json() for e in d.events] == [
                    e.to_json() for e in s.events_for(seat)]


# MU-KNOW-6
def test_determinize_redeals_other_hands_and_the_deck() -> None:
    s = fresh(3, seed=9)
    pool = sorted([*s.deck, *s.hands[1], *s.hands[2]])
    deals = set()
    for k in range(6):
        d = s.determinize(0, random.Random(k))
        assert sorted([*d.deck, *d.hands[1], *d.hands[2]]) == pool
        deals.add(hidden_cards_of(d, 0))
    assert len(deals) == 6


# MU-KNOW-6
def test_determinize_keeps_recycled_cards_in_other_hands() -> None:
    s = table()
    give(s, 1, "red-08", "blue-01")  # red-08 Recycles on transformer 1
    at(s, 1, 1)
    discard(s, "green-04")
    s.active = 1
    play(s, "red-08")
    recycle(s, "green-04")
    green = card(s, "green-04")
    others = set()
    for k in range(8):
        d = s.determinize(0, random.Random(k))
        assert green in d.hands[1]
        assert len(d.hands[1]) == 2
        others.add(tuple(c for c in d.hands[1] if c != green))
    assert len(others) > 1


# MU-KNOW-6, MU-DECK-6
def test_determinize_keeps_a_deck_everyone_saw_built() -> None:
    """The deck and the pile are empty; seat 0 discards red-02 to draw green-01, the last
    card. The pile of one, red-02, becomes the whole deck in view of all."""
    s = table()
    give(s, 0, "red-02")
    give(s, 1, "blue-01", "blue-02", "blue-03")
    for where in (s.deck, s.discard):
        s.tools[2].extend(where)
        where.clear()
    on_top(s, "green-01")
    s.apply(A.DISCARD + card(s, "red-02"))
    assert (names(s, s.deck), s.discard) == (["red-02"], [])
    for k in range(6):
        assert names(s, s.determinize(0, random.Random(k)).deck) == ["red-02"]


# MU-KNOW-6
def test_determinize_keeps_the_arranged_stack_for_its_arranger_only() -> None:
    s = arranged_by_seat_0()
    stack_1 = list(s.stacks[0])
    for k in range(6):
        assert s.determinize(0, random.Random(k)).stacks[0] == stack_1
    others = {tuple(s.determinize(1, random.Random(k)).stacks[0]) for k in range(6)}
    assert len(others) > 1
    assert all(st[-1] == stack_1[-1] for st in others)


# MU-KNOW-6
def test_determinize_keeps_the_portals_ability_4_sent_down() -> None:
    s = table()
    layout(s, *FIVE)
    at(s, 0, 4)
    give(s, 0, "red-03")
    play(s, "red-03")
    tidal = portal(s, "tidal_gate")
    for seat in (0, 1, 2):
        for k in range(6):
            d = s.determinize(seat, random.Random(k))
            assert d.stacks[0][0] == tidal and d.stacks[0][-1] == portal(s, "ember_door")


# MU-KNOW-6
@pytest.mark.parametrize("variant", ["standard", "short_game"])
def test_determinize_keeps_the_tiers_dealt_to_each_stack(variant: str) -> None:
    s = played_out(4, variant=variant)
    tiers = tiers_per_stack(s)
    faces = set()
    for seat in range(3):
        for k in range(6):
            d = s.determinize(seat, random.Random(k))
            assert tiers_per_stack(d) == tiers
            faces.add((tuple(tuple(st) for st in d.stacks), tuple(d.removed)))
    assert len(faces) > 1


# MU-KNOW-6
def test_determinize_redeals_the_face_down_portals_and_the_short_game_removals() -> None:
    s = fresh(3, seed=5, variant="short_game")
    removed = {tuple(sorted(s.determinize(0, random.Random(k)).removed)) for k in range(8)}
    assert len(removed) > 1
    tops = [st[-1] for st in s.stacks]
    below = set()
    for k in range(8):
        d = s.determinize(0, random.Random(k))
        assert [st[-1] for st in d.stacks] == tops
        assert sorted([*d.removed, *(q for st in d.stacks for q in st)]) == list(range(20))
        below.add(tuple(tuple(st[:-1]) for st in d.stacks))
    assert len(below) > 1


# MU-KNOW-6
def test_determinize_with_all_face_up_changes_no_portal() -> None:
    s = fresh(3, seed=5, portal_visibility="all_face_up")
    for k in range(4):
        assert s.determinize(1, random.Random(k)).stacks == s.stacks


# MU-KNOW-6
def test_determinize_during_ability_2_keeps_a_consistent_keep() -> None:
    """Seat 1 knows seat 0 will hold exactly 2 cards once the keep is over."""
    s = keeping_two()
    for k in range(6):
        d = s.determinize(1, random.Random(k))
        assert all(c in d.hands[0] for c in d.kept)
        d.apply(d.legal_actions()[0])
        assert len(d.hands[0]) == 2


# MU-KNOW-6
def test_determinize_does_not_touch_the_real_game() -> None:
    s = played_out(2)
    before = json.dumps(s.to_json(), sort_keys=True)
    for k in range(3):
        d = s.determinize(0, random.Random(k))
        if d.legal_actions():
            d.apply(d.legal_actions()[0])
    assert json.dumps(s.to_json(), sort_keys=True) == before
