"""The observation vector for learning agents (``universal_rule/encoding.py``).

Seats 0, 1 and 2 are Red, Blue and Green. The vector must fit its layout in every reachable
position, be the same in every world a seat cannot tell from the truth, and tell apart any two
observations of a seat that differ in more than the order of a pile (no rule reads it).
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest

from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.encoding import REASONS, UniversalRuleEncoder
from ludoverse.games.universal_rule.state import UniversalRuleState

from .builders import (
    GAME,
    attack,
    card,
    choose,
    colonize,
    credits,
    give,
    new,
    on_top,
    put,
    table,
)

RED, BLUE, GREEN = 0, 1, 2
COMBOS = [(label, n) for label in GAME.conformance_options() for n in (3, 4, 5)]
GAMES = 3
"""Random games per option set and player count (about 300 decisions each)."""


@cache
def positions(label: str, players: int) -> tuple[UniversalRuleState, ...]:
    """Every position of a few random games to the end, shared by the tests below."""
    out = []
    for seed in range(GAMES):
        s = GAME.new_game(players=players, seed=seed,
                          options=GAME.conformance_options()[label])
        rng = random.Random(seed)
        out.append(s.clone())
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
            out.append(s.clone())
    return tuple(out)


@cache
def encoder(label: str, players: int) -> UniversalRuleEncoder:
    return GAME.encoder(players, GAME.conformance_options()[label])


def field(enc: UniversalRuleEncoder, vector: list[float], name: str) -> list[float]:
    f = enc.layout[name]
    return list(vector[f.offset:f.offset + f.size])


def cards(enc: UniversalRuleEncoder, vector: list[float], name: str, block: int = 0
          ) -> list[int]:
    """The cards a multi-hot field marks (``block``: the seat block, 0 = the viewer)."""
    values = field(enc, vector, name)[block * enc.cards:(block + 1) * enc.cards]
    return [c for c, v in enumerate(values) if v]


def canonical(enc: UniversalRuleEncoder, obs: dict[str, Any]) -> str:
    """The observation without the keys left out on purpose, each pile in card order."""
    def sort_piles(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: sort_piles(v) for k, v in x.items()}
        if isinstance(x, list):
            items = [sort_piles(v) for v in x]
            if items and all(isinstance(v, dict) and "key" in v for v in items):
                items.sort(key=lambda v: v["id"])
            return items
        return x

    kept = {k: v for k, v in obs.items() if k not in enc.not_encoded}
    return json.dumps(sort_piles(kept), sort_keys=True)


def test_every_top_level_key_is_encoded_or_excused() -> None:
    known = {"seat", "turn", "round", "phase", "pending", "current_player", "active",
             "first_player", "action", "follow_cost", "max_follow_cost", "universal_rule",
             "deck", "discard", "players_view", "setup", "battle", "battle_revealed",
             "sneak_attack", "outcome"}
    seen: set[str] = set()
    for label, n in COMBOS:
        for s in positions(label, n)[::7]:
            seen.update(s.observation(0))
    assert seen - known <= set(UniversalRuleEncoder.not_encoded)


@pytest.mark.parametrize(("label", "players"), COMBOS)
def test_every_vector_fits_the_layout(label: str, players: int) -> None:
    """Every position, for the seat to move and the seat after it (all seats at the end)."""
    enc = encoder(label, players)
    for s in positions(label, players):
        cp = s.current_player
        seats = range(players) if cp < 0 else (cp, (cp + 1) % players)
        for seat in seats:
            v = enc.encode(s.observation(seat))
            assert len(v) == enc.layout.size
            enc.layout.check(v)


def test_the_size_depends_only_on_the_player_count() -> None:
    for n in (3, 4, 5):
        assert len({encoder(label, n).layout.size for label in GAME.conformance_options()}) == 1


# UR-KNOW-6
@pytest.mark.parametrize(("label", "players"), COMBOS)
def test_a_determinized_world_gives_the_same_vector(label: str, players: int) -> None:
    enc = encoder(label, players)
    for i, s in enumerate(positions(label, players)[::9]):
        for seat in range(players):
            t = s.determinize(seat, random.Random(i * 10 + seat))
            assert enc.encode(t.observation(seat)) == enc.encode(s.observation(seat))


# UR-KNOW-1 to UR-KNOW-5
def test_two_different_observations_never_share_a_vector() -> None:
    """Over every position of the random games, for every seat: a different observation is a
    different vector. The games also reach the rarer prompts, so those fields are tried."""
    seen: set[str] = set()
    for label, n in COMBOS:
        enc = encoder(label, n)
        for seat in range(n):
            by_vector: dict[tuple[float, ...], str] = {}
            for s in positions(label, n):
                obs = s.observation(seat)
                key = canonical(enc, obs)
                v = tuple(enc.encode(obs))
                other = by_vector.setdefault(v, key)
                assert other == key, (label, n, seat, s.turn)
                seen.update(k for k in ("battle", "battle_revealed", "sneak_attack", "setup")
                            if k in obs)
                if obs["pending"]:
                    seen.add(obs["pending"]["decision"])
                if "outcome" in obs:
                    seen.add(obs["outcome"]["reason"])
    assert seen >= {"battle", "battle_revealed", "sneak_attack", "setup", *P.PENDING,
                    "VP target reached", "round limit"}


CARD_DATA = {"key", "name", "provenance", "basic", "upgraded", "fleet_from_hand"}
"""What a card dict prints: fixed by the content for its ``id``."""
REPEATS = {("players_view", "*", "seat"), ("players_view", "*", "holds_universal_rule"),
           ("battle", "attacker"), ("battle", "attacking_planet", "side"),
           ("battle", "defending_planet", "side"), ("sneak_attack", "seat"),
           ("outcome", "tiebreak_trace", "*")}
"""Values that repeat another field: a block's place, the ``universal_rule`` holder, the
active player, an engaged planet's side (in its galaxy), and an outcome's trace spelled
from its reason, scores and winners."""
SEATS = {"current_player", "active", "first_player", "seat", "defender", "free_explores",
         "winners"}
CHOICES = {"phase": P.PHASES, "action": A.ACTIONS, "decision": P.PENDING,
           "side": ("basic", "upgraded", "attack", "defence"), "my_side": ("attack", "defence"),
           "sides": ("attack", "defence"), "reason": REASONS}


def leaves(x: Any, path: tuple[Any, ...] = ()) -> Any:
    """(container, key, pattern) of every value the observation shows, but card data and
    repeats; ``pattern`` is the path with list positions as ``*``."""
    items = x.items() if isinstance(x, dict) else enumerate(x)
    for k, v in items:
        here = (*path, k if isinstance(x, dict) else "*")
        if (isinstance(x, dict) and "key" in x and k in CARD_DATA) or here in REPEATS:
            continue
        if isinstance(v, dict | list):
            yield from leaves(v, here)
        elif v is not None:
            yield x, k, here


def changed(value: Any, pattern: tuple[Any, ...], players: int, cards: int) -> Any:
    """Another value of the same kind: the next seat, card or category, one more, or not."""
    name = next(p for p in reversed(pattern) if p != "*")
    if isinstance(value, bool):
        return not value
    if isinstance(value, str):
        options = CHOICES[name]
        return options[(options.index(value) + 1) % len(options)]
    if name in SEATS:
        return (value + 1) % players
    if name == "id":
        return (value + 1) % cards
    return value + 1


# UR-KNOW-5
def test_every_value_the_observation_shows_moves_the_vector() -> None:
    """Change any one value a seat sees (a count, a flag, a card, a seat, a step) and its
    vector changes: nothing shown is left out of the vector but the keys excused and the card
    data and repeats above. Random positions rarely differ in one value only, so this is the
    sharper form of the test above."""
    rare = (P.SNEAK, P.COUNTER, P.FREE_EXPLORE, P.OVER)
    tried: set[tuple[Any, ...]] = set()
    for label, n in COMBOS:
        enc = encoder(label, n)
        for i, s in enumerate(positions(label, n)):
            if i % 5 and not s.pending and s.phase not in rare:
                continue
            for seat in range(n):
                obs = s.observation(seat)
                kept = {k: v for k, v in obs.items() if k not in enc.not_encoded}
                base = enc.encode(obs)
                for where, key, pattern in list(leaves(kept)):
                    if pattern == ("seat",):  # the viewer: whose hand it is comes with it
                        continue
                    value = where[key]
                    where[key] = changed(value, pattern, n, enc.cards)
                    assert enc.encode(kept) != base, (label, n, seat, pattern, value)
                    where[key] = value
                    tried.add(pattern)
    assert {("pending", "planet", "id"), ("battle_revealed", "cards", "*", "*", "id"),
            ("sneak_attack", "shown", "*", "*", "id"),
            ("battle", "my_fleet_capacity"), ("outcome", "ranking", "*"),
            ("players_view", "*", "known_hand", "*", "id")} <= tried


# Reading the vector ------------------------------------------------------------------------


# UR-SETUP-5, UR-KNOW-1, UR-KNOW-2
def test_after_the_deal_my_hand_field_holds_exactly_my_hand() -> None:
    """Red has given up a card and Blue has not: Red's vector holds Red's two cards, the card
    given up, and who has chosen; Blue's holds Blue's three and nothing of Red's."""
    s = new(3)
    given = s.hands[RED][0]
    s.apply(A.GIVE_UP + given)
    enc = GAME.encoder(3)
    red = enc.encode(s.observation(RED))
    assert cards(enc, red, "hand") == sorted(s.hands[RED])
    assert cards(enc, red, "setup_gave_up") == [given]
    assert field(enc, red, "setup_chosen") == [1, 0, 0]
    blue = enc.encode(s.observation(BLUE))
    assert cards(enc, blue, "hand") == sorted(s.hands[BLUE])
    assert cards(enc, blue, "setup_gave_up") == []
    assert field(enc, blue, "setup_chosen") == [0, 0, 1]  # Blue, Green, then Red
    assert field(enc, blue, "hand_size") == [3, 3, 2]


# UR-SETUP-1, UR-PLANET-6
def test_seats_are_counted_from_the_viewer_and_a_thug_names_its_planet() -> None:
    """Red colonizes Lyzin: Red must pick the victim. Blue reads Red as the last seat of its
    blocks (Blue, Green, Red), Red's galaxy holds Lyzin, and the interrupting choice names it."""
    s = table()
    give(s, RED, "lyzin")
    put(s, GREEN, "dravos")
    credits(s, 4, 3, 2)
    choose(s, "colonize", 1)
    s.apply(colonize(s, "lyzin"))
    assert s.pending and s.current_player == RED
    enc = GAME.encoder(3)
    v = enc.encode(s.observation(BLUE))
    lyzin = card(s, "lyzin")
    assert field(enc, v, "seat") == [0, 1, 0]
    assert field(enc, v, "current_player") == [0, 0, 1]
    assert field(enc, v, "credits") == [3, 2, 4 - 2]  # Lyzin's basic side costs 2
    assert cards(enc, v, "planets_basic", block=2) == [lyzin]
    assert cards(enc, v, "planets_basic", block=1) == [card(s, "dravos")]
    assert field(enc, v, "pending_decision")[P.PENDING.index("thug_target")] == 1
    assert field(enc, v, "pending_seat") == [0, 0, 1]
    assert cards(enc, v, "pending_planet") == [lyzin]


# UR-BATTLE-5, UR-BATTLE-7
def test_the_revealed_battle_stays_on_the_table_during_the_free_explores() -> None:
    """Four players. Green and Yellow backed the failed defence of Blue's planet, Green with a
    card and 1 credit, Yellow with 2 credits. Green draws a fourth card on its free Explore and
    must discard before Yellow explores: the committed card and credits still lie on the table,
    and Yellow's free Explore waits."""
    yellow = 3
    s = table(players=4)
    put(s, RED, "eremos")
    put(s, BLUE, "dravos")
    put(s, GREEN, "tarsis")
    put(s, yellow, "kestrel_reach")
    give(s, GREEN, "velmora", "aurelis", "oruun", "quysin")
    on_top(s, "solenne", "korrath")
    attack(s, "eremos", "dravos")
    s.apply(A.PASS)  # Red commits no card
    s.apply(A.PASS)  # Blue neither
    s.apply(A.COMMIT + card(s, "quysin"))
    s.apply(A.PASS)
    s.apply(A.PASS)  # Yellow neither
    s.apply(A.FUNDS + 0)  # Red
    s.apply(A.FUNDS + 0)  # Blue
    s.apply(A.SIDE + 1)  # Green backs the defence
    s.apply(A.FUNDS + 1)
    s.apply(A.SIDE + 1)  # and so does Yellow
    s.apply(A.FUNDS + 2)
    assert s.phase == P.FREE_EXPLORE and s.pending and s.current_player == GREEN
    enc = GAME.encoder(4)
    v = enc.encode(s.observation(GREEN))  # blocks: Green, Yellow, Red, Blue
    assert cards(enc, v, "revealed_cards") == [card(s, "quysin")]
    assert field(enc, v, "revealed_credits") == [1, 2, 0, 0]
    assert field(enc, v, "revealed_side") == [0, 1, 0, 1, 1, 0, 0, 1]
    assert field(enc, v, "free_explores") == [0, 1, 0, 0]
    assert field(enc, v, "pending_decision")[P.PENDING.index("hand_limit_discard")] == 1
    assert field(enc, v, "hand_size") == [4, 0, 0, 0]


# UR-SETUP-2
def test_a_content_file_with_other_cards_sizes_the_card_fields() -> None:
    """A content with the 17 base planets only: every card field has 17 places."""
    content = GAME.default_content()
    base = content.model_copy(update={"planets": tuple(
        p for p in content.planets if p.expansion == "base")})
    enc = GAME.encoder(3, None, base)
    assert enc.cards == 17 and enc.layout["hand"].size == 17
    s = GAME.new_game(players=3, seed=3, content=base)
    rng = random.Random(3)
    while not s.is_terminal():
        enc.layout.check(enc.encode(s.observation(s.current_player)))
        s.apply(rng.choice(s.legal_actions()))
