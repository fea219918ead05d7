"""The observation encoder for learning agents (``multiuniversum/encoding.py``): every vector
fits its layout, is the same for states a seat cannot tell apart, and changes whenever the
observation does; and a few fields read back as the table shows them.

Seats 0, 1 and 2 stand on transformers 1, 2 and 3 unless a test moves them. Card rows used
here, transformer 1 to 5:

- red-08: Recycle, ability, Seal, Search, Move
"""

from __future__ import annotations

import json
import math
import random
from functools import cache
from typing import Any

import pytest

from ludoverse.core.encoding import Encoder
from ludoverse.games.multiuniversum.encoding import MultiuniversumEncoder
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import (
    GAME,
    at,
    card,
    cards_with,
    discard,
    give,
    pass_turn,
    play,
    recycle,
    table,
    tools,
)

CASES = [(label, n) for label in GAME.conformance_options()
         for n in GAME.conformance_player_counts(label)]
GAMES = 3
"""Random games per option set and player count (about 200 decisions each)."""


@cache
def walk(label: str, players: int) -> tuple[tuple[int, dict[str, Any]], ...]:
    """Every observation of random games to the end, for the seat to decide and the next seat
    (``(seat, observation)``); checked as they are met: sizes, bounds and determinisation."""
    options = GAME.conformance_options()[label]
    enc = GAME.encoder(players, options)
    seen: list[tuple[int, dict[str, Any]]] = []
    for seed in range(GAMES):
        s = GAME.new_game(players=players, seed=seed, options=options)
        rng = random.Random(seed)
        step = 0
        while True:
            cp = s.current_player
            for seat in sorted({max(cp, 0), (max(cp, 0) + 1) % players}):
                obs = s.observation(seat)
                vec = enc.encode(obs)
                assert len(vec) == enc.layout.size
                enc.layout.check(vec)
                if step % 3 == 0:  # MU-KNOW-6: a redeal changes nothing the seat sees
                    d = s.determinize(seat, random.Random(step))
                    assert enc.encode(d.observation(seat)) == vec, (label, players, seed, step)
                seen.append((seat, obs))
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
            step += 1
    return tuple(seen)


def vector(s: MultiuniversumState, seat: int) -> tuple[Encoder, list[float]]:
    enc = GAME.encoder(s.n, s.opts, s.content)
    return enc, enc.encode(s.observation(seat))


def field(enc: Encoder, vec: list[float], name: str) -> list[float]:
    f = enc.layout[name]
    return list(vec[f.offset:f.offset + f.size])


def block(enc: Encoder, vec: list[float], name: str, b: int, width: int) -> list[float]:
    """Block ``b`` (0: the viewer's, then clockwise) of a per-seat field."""
    return field(enc, vec, name)[b * width:(b + 1) * width]


def card_names(s: MultiuniversumState, hot: list[float]) -> set[str]:
    return {s.content.cards[i].id for i, x in enumerate(hot) if x}


# The shape ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("label", "players"), CASES)
def test_every_vector_fits_the_layout_and_ignores_what_the_seat_cannot_see(
        label: str, players: int) -> None:
    assert walk(label, players)


@pytest.mark.parametrize(("label", "players"), CASES)
def test_two_different_observations_never_share_a_vector(label: str, players: int) -> None:
    enc = GAME.encoder(players, GAME.conformance_options()[label])
    skip = enc.not_encoded
    first: dict[tuple[int, tuple[float, ...]], str] = {}
    for seat, obs in walk(label, players):
        text = json.dumps({k: v for k, v in obs.items() if k not in skip}, sort_keys=True)
        key = (seat, tuple(enc.encode(obs)))
        assert first.setdefault(key, text) == text


def test_the_layout_is_one_size_per_player_count_whatever_the_options() -> None:
    for n in range(GAME.min_players, GAME.max_players + 1):
        sizes = {GAME.encoder(n, options).layout.size
                 for options in GAME.conformance_options().values()}
        assert len(sizes) == 1, n
    # MU-SOLO-1: the virtual scientist is a second lab, so solo is laid out like two labs
    assert GAME.encoder(1).layout["lab_tools"].size == 2 * len(GAME.default_content().cards)


def test_every_field_is_documented_and_bounded() -> None:
    enc = GAME.encoder(3)
    assert isinstance(enc, MultiuniversumEncoder)
    for f in enc.layout:
        assert f.doc and f.name == f.name.lower(), f.name
        assert f.low <= f.high
    # MU-END-7: the round limit bounds the turn counter; without one nothing does
    assert enc.layout["round"].high == 101
    assert math.isinf(GAME.encoder(3, {"round_limit": 0}).layout["turn"].high)
    assert set(enc.not_encoded) == {"game", "players"}
    with pytest.raises(ValueError):
        enc.encode(GAME.new_game(players=3, seed=0).observation(None))


# Every part of the observation reaches the vector ---------------------------------------------

DERIVED = (
    "*/rows/<order>", "*/tools/<order>", "*/tool_names/<order>", "*/dp",  # the content's
    "transformers/*/number", "transformers/*/deactivated", "transformers/*/scientists",
    "labs/*/seat", "labs/*/best_sets", "reorder/portals", "seal/still_needed_names",
    "keep_tool/played_names", "form_sets/forming_names", "labs/*/set_names",
    "virtual_scientist",
    # sorted lists: their order says nothing
    "deck_pool/<order>", "discard/<order>", "labs/*/hand/<order>", "labs/*/known_hand/<order>",
    "labs/*/sets/*/<order>",
)
"""Parts of the observation the vector carries only through other parts (see encoding.py)."""


def _leaves(o: Any, path: tuple[Any, ...] = ()) -> Any:
    if isinstance(o, dict):
        for k, v in o.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(o, list):
        if o != o[::-1]:
            yield (*path, "<order>")
        for i, v in enumerate(o):
            yield from _leaves(v, (*path, i))
    elif isinstance(o, int | float):  # bools too
        yield path


def _derived(path: tuple[Any, ...]) -> bool:
    text = "/".join("*" if isinstance(k, int) else k for k in path)
    for pattern in DERIVED:
        if pattern.startswith("*/") and text.endswith(pattern[1:]):
            return True
        if text == pattern or text.startswith(pattern + "/"):
            return True
    return False


@pytest.mark.parametrize(("label", "players"), [("rulebook", 3), ("other_readings", 3),
                                                ("immediate", 3), ("deadly_portals", 4)])
def test_every_number_and_order_the_observation_shows_moves_the_vector(
        label: str, players: int) -> None:
    """Change one number (or flip one flag, or reverse one list) of an observation at a time:
    the vector must change, except for the parts listed in DERIVED."""
    enc = GAME.encoder(players, GAME.conformance_options()[label])
    observations = walk(label, players)
    asking = [obs for _, obs in observations if obs["phase"] not in ("turn", "over")]
    sample = [obs for _, obs in observations[::len(observations) // 20]]
    for obs in [*asking[::max(1, len(asking) // 40)], *sample, observations[-1][1]]:
        base = enc.encode(obs)
        for path in _leaves(obs):
            if path[0] in enc.not_encoded or _derived(path):
                continue
            parent = obs
            for k in path[:-1]:
                parent = parent[k]
            if path[-1] == "<order>":
                parent.reverse()
                try:
                    changed = enc.encode(obs)
                finally:
                    parent.reverse()
            else:
                old = parent[path[-1]]
                parent[path[-1]] = ((not old) if isinstance(old, bool) else
                                    (old + 1) % players if path == ("seat",) else old + 1)
                try:
                    changed = enc.encode(obs)
                finally:
                    parent[path[-1]] = old
            assert changed != base, path


# Reading fields back ---------------------------------------------------------------------------


# MU-SETUP-7, MU-KNOW-1, MU-KNOW-2
def test_after_the_deal_my_hand_field_holds_my_cards_and_the_deck_pool_the_unseen_ones() -> None:
    s = GAME.new_game(players=3, seed=4)
    enc, vec = vector(s, 1)
    mine = {s.content.cards[c].id for c in s.hands[1]}
    assert card_names(s, field(enc, vec, "hand")) == mine
    assert field(enc, vec, "hand_size") == [3.0, 3.0, 3.0]
    # everything I cannot see: the deck and the other hands, all dealt from the first deck
    unseen = {s.content.cards[c].id for c in (*s.deck, *s.hands[2], *s.hands[0])}
    assert card_names(s, field(enc, vec, "deck_pool")) == unseen
    assert field(enc, vec, "viewer_seat") == [0.0, 1.0, 0.0]


# MU-KNOW-5, MU-KNOW-1
def test_seats_are_read_from_the_viewer_and_a_recycled_card_stays_known() -> None:
    s = table()
    give(s, 0, "red-02", "red-08")
    tools(s, 0, "blue-04", "green-06")
    discard(s, "yellow-03", "purple-09")
    play(s, "red-08")  # Recycle on transformer 1
    recycle(s, "purple-09")
    enc, vec = vector(s, 2)  # seat 2 sees seat 0 as the next seat clockwise
    cards = len(s.content.cards)
    assert field(enc, vec, "active_player") == [0.0, 1.0, 0.0]
    assert block(enc, vec, "lab_transformer", 1, 5) == [1.0, 0, 0, 0, 0]
    assert card_names(s, block(enc, vec, "lab_tools", 1, cards)) == {"blue-04", "green-06"}
    order = block(enc, vec, "lab_tool_order", 1, cards)
    assert order[card(s, "blue-04")] == 1 and order[card(s, "green-06")] == 2
    assert card_names(s, block(enc, vec, "known_hand", 0, cards)) == {"purple-09"}
    assert card_names(s, block(enc, vec, "play_area", 1, cards)) == {"red-08"}
    assert card_names(s, field(enc, vec, "discard")) == {"yellow-03"}


# MU-ABILITY-5, MU-ABILITY-6
def test_a_card_played_for_ability_5_shows_a_tool_to_keep_at_the_end_of_the_turn() -> None:
    s = table()
    at(s, 0, 5)
    keeper, other = cards_with(s, "ability", 5)[:2]
    give(s, 0, keeper, other)
    play(s, keeper)
    for seat in (0, 1):
        obs = s.observation(seat)
        enc = GAME.encoder(3, s.opts)
        assert obs["tools_to_keep"] == 1
        assert field(enc, enc.encode(obs), "tools_to_keep") == [1.0]


# MU-SOLO-1, MU-SOLO-3
def test_the_virtual_scientist_is_the_second_lab_block_of_a_solo_game() -> None:
    """The player passes with an empty hand and draws; then the virtual scientist takes
    green-07 and green-06 from the deck as tools and moves on to transformer 3."""
    s = table(1)
    pass_turn(s)
    enc, vec = vector(s, 0)
    cards = len(s.content.cards)
    assert field(enc, vec, "lab_virtual") == [0.0, 1.0]
    assert field(enc, vec, "solo") == [1.0]
    assert card_names(s, block(enc, vec, "lab_tools", 1, cards)) == {"green-07", "green-06"}
    assert block(enc, vec, "lab_transformer", 1, 5) == [0, 0, 1.0, 0, 0]
    assert field(enc, vec, "hand_size") == [3.0, 0.0]
    assert enc.layout["known_hand"].size == 0


# MU-SETUP-4, MU-SETUP-5, MU-KNOW-3, MU-VAR-3
@pytest.mark.parametrize("variant", ["standard", "short_game"])
def test_each_stack_shows_the_tiers_of_its_unseen_portals(variant: str) -> None:
    s = GAME.new_game(players=2, seed=3, options={"variant": variant})
    enc, vec = vector(s, 0)
    tiers = field(enc, vec, "unseen_tiers")
    for t, stack in enumerate(s.stacks):
        top = s.content.portals[stack[-1]].tier
        dealt = {"basic": 1, "medium": 2, "advanced": 1}
        dealt[top] -= 1  # the face-up one is seen; a Short Game removal still counts
        assert tiers[3 * t:3 * t + 3] == [float(dealt[k]) for k in ("basic", "medium",
                                                                        "advanced")]
        assert field(enc, vec, "stack_unseen")[4 * t:4 * t + 4] == \
            [0.0] + [1.0] * (len(stack) - 1) + [0.0] * (4 - len(stack))


# MU-KNOW-5, MU-ACTION-5
def test_codes_in_the_observation_have_their_names_beside_them() -> None:
    s = table()
    obs = s.observation(0)
    kinds = {k.id: k.name for k in s.content.tool_kinds}
    for tr in obs["transformers"]:
        top = tr["face_up"]
        assert top["tool_names"] == [kinds[k] for k in top["tools"]]
    for (seat, o) in walk("immediate", 3):
        for lab in o["labs"]:
            for st, named in zip(lab.get("sets", ()), lab.get("set_names", ()), strict=True):
                assert named == [s.content.portals[p].name for p in st]
            for best in lab["best_sets"]:
                assert best["names"] == [s.content.portals[p].name for p in best["portals"]]
        if "keep_tool" in o:
            kt = o["keep_tool"]
            assert kt["played_names"] == [s.content.cards[c].id for c in kt["played"]]
        if o["end_reason"]:
            assert o["end_reason_text"]
        assert seat == o["seat"]


def test_the_game_builds_its_encoder_from_players_options_and_content() -> None:
    enc = GAME.encoder(2, {"variant": "short_game"}, GAME.default_content())
    assert enc.layout.size == GAME.encoder(2).layout.size
    s = GAME.new_game(players=2, seed=1, options={"variant": "short_game"})
    assert field(enc, enc.encode(s.observation(0)), "removed_portals") == [5.0]
