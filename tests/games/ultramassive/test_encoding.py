"""The observation encoder: every seat's view as a fixed vector of numbers for learning agents,
built from what that seat sees and nothing else (docs/rules/ultramassive.md, section 17).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from ludoverse.core.encoding import Encoder
from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import effects as E
from ludoverse.games.ultramassive import state as S
from ludoverse.games.ultramassive.encoding import STEPS, UltramassiveEncoder, option_programs

from .builders import GAME, at_actions, new, own, run_steps

CASES = [(label, n) for label in GAME.conformance_options()
         for n in GAME.conformance_player_counts(label)]


def field(enc: Encoder, vector: list[float], name: str) -> list[float]:
    f = enc.layout[name]
    return list(vector[f.offset:f.offset + f.size])


def random_game(n: int, options: dict[str, Any], seed: int) -> Iterator[S.UltramassiveState]:
    """Every position of one random game, the end included."""
    s = GAME.new_game(players=n, seed=seed, options=options)
    rng = random.Random(seed)
    while True:
        yield s
        if s.is_terminal():
            return
        s.apply(rng.choice(s.legal_actions()))


def seats_to_look(s: S.UltramassiveState) -> set[int]:
    """The seat to move and the one after it (seat 0 and 1 once the game is over)."""
    p = max(s.current_player, 0)
    return {p, (p + 1) % s.n}


@pytest.mark.parametrize(("label", "n"), CASES)
def test_every_vector_has_the_layout_size_and_stays_in_bounds(label: str, n: int) -> None:
    options = GAME.conformance_options()[label]
    enc = GAME.encoder(n, options)
    assert enc.layout.size == GAME.encoder(n).layout.size  # options never change the shape
    for seed in range(2):
        for s in random_game(n, options, seed):
            for seat in seats_to_look(s):
                vector = enc.encode(s.observation(seat))
                assert len(vector) == enc.layout.size
                enc.layout.check(vector)


# UM-KNOW-5
@pytest.mark.parametrize(("label", "n"), CASES)
def test_a_determinised_world_gives_the_seat_the_same_vector(label: str, n: int) -> None:
    options = GAME.conformance_options()[label]
    enc = GAME.encoder(n, options)
    for k, s in enumerate(random_game(n, options, seed=7)):
        if k % 3:
            continue
        for seat in seats_to_look(s):
            world = s.determinize(seat, random.Random(k))
            assert enc.encode(world.observation(seat)) == enc.encode(s.observation(seat)), k


def canonical(observation: dict[str, Any], drop: set[str]) -> str:
    """The observation without the keys the encoder leaves out, and with the lists whose order
    the rules give no meaning put in order: the tokens of a stack (UM-GAIN-3: a stack is all
    the tokens on a space), a hand, the cards played this round and the discard pile (laid
    face up, reshuffled before drawing, UM-ACT-12), the drafted resources (used in any order,
    UM-DRAFT-12) and the solo Resource offer."""
    o = json.loads(json.dumps(observation))
    for key in drop:
        o.pop(key, None)
    o["discard"].sort(key=lambda c: c["id"])
    for p in o["players_view"]:
        for spaces in p["channels"].values():
            for space in spaces:
                space["tokens"].sort()
        if isinstance(p["hand"], list):
            p["hand"].sort(key=lambda c: c["id"])
        p["played"].sort(key=lambda c: c["id"])
        p["drafted"].sort()
    if "solo" in o and isinstance(o["solo"]["resource_offer"], list):
        o["solo"]["resource_offer"].sort(key=lambda c: c["id"])
    return json.dumps(o, sort_keys=True)


@pytest.mark.parametrize(("label", "n"), CASES)
def test_observations_that_differ_give_vectors_that_differ(label: str, n: int) -> None:
    options = GAME.conformance_options()[label]
    enc = GAME.encoder(n, options)
    drop = set(enc.not_encoded) - {"prompt"}  # kept: checks that `decision` says all it says
    for seat in sorted({0, n - 1}):
        seen: dict[tuple[float, ...], str] = {}
        for seed in range(3):
            for s in random_game(n, options, seed=100 + seed):
                observation = s.observation(seat)
                vector = tuple(enc.encode(observation))
                text = canonical(observation, drop)
                assert seen.setdefault(vector, text) == text, (seat, seed)


DERIVED = re.compile("|".join((
    r".*\b(discard|hand|played|card)(\.\*)?\.(name|type|power|text)",
    r"players_view\.\*\.(anomalies|core_anomalies)\.\*\.(name|type|tier|cost|text|has_effect)",
    r"players_view\.\*\.channels\.\w+\.\*\.(space|rift|wormhole.*)",
    r"players_view\.\*\.wormholes\.\*\.index",
    r"draft\.sets\.\*\.\*\.(option|space)",
    r"decision\.(options\.\*|then)\.text",
    r"solo\.(difficulty|goal\..*|challenges\.\*\.(name|text|reward|when)|resource_offer\.\*\.text)",
    r"outcome\.(scores\.\*|reason|tiebreak_trace\.\*)",
)) + "$")
"""Values that follow from others the vector holds: a card's, an Anomaly's, a Challenge's or a
Draft option's printed details from its id, a space's number and Rift from its place, the
Wormhole shown on a space from the Wormholes' own list, an effect's text from its steps, the
solo goal from the options, and the outcome's scores, reason and tie-break trace from the
tracks and boards (UM-END-2..5)."""
UNITS = ("steps",)
"""Compiled effects are swapped whole: a single number inside one is no effect at all."""


def leaves(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(node, dict):
        for k, v in node.items():
            if k in UNITS:
                yield (*path, k), v
            else:
                yield from leaves(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from leaves(v, (*path, i))
    else:
        yield path, node


def pattern(path: tuple[Any, ...]) -> str:
    return ".".join("*" if isinstance(k, int) else k for k in path)


def siblings(root: Any, path: tuple[Any, ...]) -> list[Any]:
    """Values at the same place in the other items of the list ``path`` runs through last."""
    for depth in range(len(path) - 1, -1, -1):
        if isinstance(path[depth], int):
            container: Any = root
            for k in path[:depth]:
                container = container[k]
            rest = path[depth + 1:]
            out = []
            for item in container:
                for k in rest:
                    item = item[k]
                out.append(item)
            return out
    return []


def put(root: Any, path: tuple[Any, ...], value: Any) -> None:
    for k in path[:-1]:
        root = root[k]
    root[path[-1]] = value


def nobody(v: Any) -> bool:
    """A Draft space no one took shows None, or -1 during the draft."""
    return v is None or (type(v) is int and v == -1)


MUTATION_CASES = [("basic", 2), ("advanced", 4), ("basic", 1), ("variants", 4)]


@pytest.mark.parametrize(("label", "n"), MUTATION_CASES)
def test_every_value_the_observation_shows_moves_the_vector(label: str, n: int) -> None:
    """Each value of an observation, put in place of the one another position shows there,
    changes the vector (or makes the encoder refuse the observation)."""
    options = GAME.conformance_options()[label]
    enc = GAME.encoder(n, options)
    observations = []
    for k, s in enumerate(random_game(n, options, seed=11)):
        if k % 5 == 0 or s.is_terminal():
            observation = json.loads(json.dumps(s.observation(max(s.current_player, 0))))
            for key in enc.not_encoded:
                observation.pop(key)
            observations.append(observation)
    pool: dict[str, list[Any]] = {}
    for o in observations:
        for path, value in leaves(o):
            values = pool.setdefault(pattern(path), [])
            if value not in values:
                values.append(value)
    rng = random.Random(0)
    for o in observations:
        before = enc.encode(o)
        for path, value in list(leaves(o)):
            where = pattern(path)
            if DERIVED.match(where):
                continue
            taken = siblings(o, path)
            others = [v for v in pool[where] if v != value and v not in taken
                      and not (nobody(v) and nobody(value))]
            if not others:
                continue
            put(o, path, rng.choice(others))
            try:
                assert enc.encode(o) != before, where
            except (KeyError, ValueError, IndexError, TypeError):
                pass  # the encoder read the value and refused it
            finally:
                put(o, path, value)


def test_not_encoded_names_only_keys_fixed_for_the_environment_or_shown_elsewhere() -> None:
    assert set(UltramassiveEncoder.not_encoded) == {"game", "players", "prompt"}
    observation = new(2).observation(0)
    assert set(UltramassiveEncoder.not_encoded) <= set(observation)


def test_every_decision_step_of_the_engine_is_encoded() -> None:
    assert set(STEPS) == E.DECISIONS


# UM-SETUP-7, UM-KNOW-1
def test_after_the_deal_my_hand_field_holds_exactly_the_cards_in_my_hand() -> None:
    s = new(3)
    enc = GAME.encoder(3)
    for seat in range(3):
        vector = enc.encode(s.observation(seat))
        mine = field(enc, vector, "my_hand")
        assert [c for c, x in enumerate(mine) if x] == sorted(s.hands[seat])
        assert field(enc, vector, "hand_size") == [3.0, 3.0, 3.0]


# UM-SETUP-10, UM-SETUP-1
def test_per_seat_fields_start_with_the_viewer_then_go_clockwise() -> None:
    s = new(3)
    s.sm[:] = [5, 11, 17]
    enc = GAME.encoder(3)
    for seat, expected in ((0, [5, 11, 17]), (1, [11, 17, 5]), (2, [17, 5, 11])):
        vector = enc.encode(s.observation(seat))
        assert field(enc, vector, "solar_mass") == expected
        assert field(enc, vector, "discovery") == [4.0, 4.0, 4.0]
        assert field(enc, vector, "viewer_seat")[seat] == 1.0
        assert field(enc, vector, "current_player")[(s.current_player - seat) % 3] == 1.0


# UM-SETUP-4, UM-DISC-7
def test_the_anomaly_supply_field_counts_the_copies_left() -> None:
    s = at_actions(3)
    own(s, 0, "siphon_1")
    own(s, 2, "siphon_1", "matter_1")
    enc = GAME.encoder(3)
    observation = s.observation(1)
    assert observation["anomaly_supply"]["siphon_1"] == 2
    supply = field(enc, enc.encode(observation), "anomaly_supply")
    ids = [a.id for a in s.content.anomaly_order]
    assert supply[ids.index("siphon_1")] == 2
    assert supply[ids.index("matter_1")] == 3
    assert supply[ids.index("orbit_1")] == 4


# UM-SIPHON-1, UM-SIPHON-2
def test_a_siphon_offers_its_rewards_in_the_order_of_their_actions() -> None:
    s = at_actions(2)
    s.size[0], s.sm[0] = 1, 20  # Stellar: the Primordial and the Stellar rewards
    run_steps(s, [{"op": "siphon"}])
    enc = GAME.encoder(2)
    observation = s.observation(0)
    assert observation["decision"]["step"] == "choose"
    assert s.legal_actions() == [A.OPTION + k for k in range(4)]
    vector = enc.encode(observation)
    assert field(enc, vector, "decision_step")[STEPS.index("choose")] == 1.0
    programs = option_programs(s.content)
    vocab = len(programs)
    slots = field(enc, vector, "decision_options")
    offered = [programs[slots[k * vocab:(k + 1) * vocab].index(1.0)] for k in range(4)]
    assert offered == [(("gain", 0, 0),), (("discovery", 1),), (("gain", 1, 0),),
                       (("discovery", 2),)]
    assert not any(slots[4 * vocab:])


# UM-EFFECT-2
def test_a_payment_shows_its_price_and_what_it_buys() -> None:
    s = at_actions(2)
    run_steps(s, [{"op": "pay", "discovery": 2, "then": [{"op": "orbit", "n": 3}]}])
    assert s.legal_actions() == [A.CONFIRM, A.DECLINE]
    enc = GAME.encoder(2)
    vector = enc.encode(s.observation(0))
    assert field(enc, vector, "decision_step")[STEPS.index("pay")] == 1.0
    assert field(enc, vector, "decision_pay_discovery") == [2.0]
    assert field(enc, vector, "decision_optional") == [1.0]
    then = field(enc, vector, "decision_then")
    assert option_programs(s.content)[then.index(1.0)] == (("orbit", 3),)


# UM-EFFECT-6, UM-DISC-6
def test_the_anomalies_field_keeps_the_order_they_were_discovered_in() -> None:
    """Passives triggered together resolve in the order their owner gained the Anomalies."""
    s = at_actions(2)
    own(s, 1, "matter_1", "siphon_1")
    enc = GAME.encoder(2)
    vector = enc.encode(s.observation(0))
    ids = [a.id for a in s.content.anomaly_order]
    owned = field(enc, vector, "anomalies")[15:]  # seat 1's block comes second for seat 0
    order = field(enc, vector, "anomaly_order")[15:]
    assert [ids[i] for i, x in enumerate(owned) if x] == ["siphon_1", "matter_1"]
    assert order[ids.index("matter_1")] == 1 and order[ids.index("siphon_1")] == 2


# UM-END-2, UM-SOLO-10
@pytest.mark.parametrize("n", [1, 3])
def test_at_the_end_the_winners_and_places_are_shown_from_the_viewer(n: int) -> None:
    *_, s = random_game(n, {}, seed=4)
    out = s.outcome()
    assert out is not None
    enc = GAME.encoder(n)
    for seat in range(n):
        vector = enc.encode(s.observation(seat))
        order = [(seat + k) % n for k in range(n)]
        assert field(enc, vector, "winners") == [1.0 if p in out.winners else 0.0 for p in order]
        assert field(enc, vector, "ranking") == [out.ranking[p] for p in order]
        assert not any(field(enc, vector, "current_player"))


# UM-SOLO-2, UM-SOLO-5
def test_the_solo_player_sees_the_challenges_dealt_and_the_resource_cards_offered() -> None:
    s = new(1, solo_difficulty="hard")
    assert s.phase == S.SOLO_RESOURCE
    enc = GAME.encoder(1, {"solo_difficulty": "hard"})
    vector = enc.encode(s.observation(0))
    assert [c for c, x in enumerate(field(enc, vector, "challenges")) if x] == s.challenges
    offer = field(enc, vector, "resource_offer")
    assert [r for r, x in enumerate(offer) if x] == sorted(s.resource_offer)
    assert field(enc, vector, "resource_deck") == [len(s.resource_deck)]


def test_the_layout_follows_the_content_given() -> None:
    data = GAME.content_to_json(GAME.default_content())
    data["challenges"] = data["challenges"][:6]
    content = GAME.load_content(data)
    enc = GAME.encoder(1, content=content)
    assert enc.layout["challenges"].size == 6
    assert enc.layout.size == GAME.encoder(1).layout.size - 2 * 4
    s = GAME.new_game(players=1, seed=3, content=content)
    enc.layout.check(enc.encode(s.observation(0)))


def test_every_field_is_documented_and_named_in_snake_case() -> None:
    for n in GAME.player_counts():
        for f in GAME.encoder(n).layout:
            assert f.doc and f.name == f.name.lower() and " " not in f.name
