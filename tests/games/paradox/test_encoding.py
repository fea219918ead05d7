"""The PARADOX observation vector for learning agents (``games/paradox/encoding.py``).

A learning agent sees a seat's observation as one fixed-size vector of numbers. It must hold
exactly what that seat may know (docs/rules/paradox.md, section 15): the same numbers for two
states the seat cannot tell apart, different numbers for two observations that differ, and
every number within the bounds the rules allow. Random games here mix a sensible playout
policy with uniform random moves, so Strands resolve, cards are repaired, Flares advance and
Maelstroms are paid for often enough to be checked.
"""

from __future__ import annotations

import hashlib
import json
import random
import zlib
from array import array
from collections.abc import Iterator
from typing import Any

import pytest

from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox.encoding import ParadoxEncoder
from ludoverse.games.paradox.game import GAME
from ludoverse.games.paradox.heuristics import rollout_action
from ludoverse.games.paradox.state import (
    ALLIANCE_RESOURCE,
    ALLOCATE,
    FLARE,
    PHASES,
    ParadoxState,
)

from . import helpers
from .builders import GOALS, end, fracture, matrix_phase, new, set_goals, to_mat, to_score

OPTION_SETS = GAME.conformance_options()
EVERY_COUNT = [(label, n) for label in OPTION_SETS for n in GAME.player_counts()]
"""Every option set at every player count."""
CONFORMANCE = [(label, n) for label in OPTION_SETS
               for n in GAME.conformance_player_counts(label)]
"""Every option set at the player counts the conformance suite plays it."""


def choose(s: ParadoxState, rng: random.Random) -> int:
    """Mostly a playout move (resolve, complete or approach a Strand, place resources), now
    and then any legal move (Breakthroughs, spent Flares, Alliances, passes)."""
    if rng.random() < 0.6:
        return rollout_action(s, rng)
    return rng.choice(s.legal_actions())


def play(label: str, n: int, seed: int) -> Iterator[ParadoxState]:
    """Every state of one seeded game, the final one included."""
    s = GAME.new_game(n, seed=seed, options=OPTION_SETS[label])
    rng = random.Random(seed)
    while True:
        yield s
        if s.is_terminal():
            return
        s.apply(choose(s, rng))


def seats_to_check(s: ParadoxState) -> list[int]:
    """The seat to move and the one on its left; every seat once the game is over."""
    if s.is_terminal():
        return list(range(s.n))
    return [s.current_player, (s.current_player + 1) % s.n]


def encoder(label: str, n: int) -> ParadoxEncoder:
    return GAME.encoder(n, OPTION_SETS[label])  # type: ignore[no-any-return]


def field(enc: ParadoxEncoder, vector: list[float], name: str) -> list[float]:
    f = enc.layout[name]
    return list(vector[f.offset:f.offset + f.size])


def ones(values: list[float]) -> list[int]:
    return [i for i, v in enumerate(values) if v]


# Shape and bounds ---------------------------------------------------------------------------


@pytest.mark.parametrize(("label", "n"), EVERY_COUNT)
def test_every_vector_has_the_layout_size_and_stays_in_bounds(label: str, n: int) -> None:
    enc = encoder(label, n)
    assert enc.layout.size == GAME.encoder(n).layout.size  # one layout for every variant
    for s in play(label, n, seed=n):
        for seat in seats_to_check(s):
            vector = enc.encode(s.observation(seat))
            assert len(vector) == enc.layout.size
            enc.layout.check(vector)


def test_every_field_is_documented_and_named_in_snake_case() -> None:
    enc = GAME.encoder(4)
    for f in enc.layout:
        assert f.name == f.name.lower() and " " not in f.name
        assert f.doc and len(f.doc) < 200
    obs = GAME.new_game(4, seed=0).observation(0)
    assert set(ParadoxEncoder.not_encoded) <= set(obs) | {"outcome"}


# Nothing hidden leaks in (PX-KNOW-6) ------------------------------------------------------


# PX-KNOW-6
@pytest.mark.parametrize(("label", "n"), CONFORMANCE)
def test_a_determinized_state_gives_the_seat_the_same_vector(label: str, n: int) -> None:
    enc = encoder(label, n)
    for step, s in enumerate(play(label, n, seed=100 + n)):
        if step % 3:
            continue
        for seat in seats_to_check(s):
            vector = enc.encode(s.observation(seat))
            other = s.determinize(seat, random.Random(step))
            assert enc.encode(other.observation(seat)) == vector, (label, n, step, seat)


# Everything shown is in the vector -----------------------------------------------------------


def canonical(obs: dict[str, Any]) -> str:
    """The observation without the keys the encoder leaves out, and with the order of the
    piles whose order no rule reads put in a fixed order: the discard pile (shuffled before it
    is dealt again, PX-CLEAN-4), score piles (scored as sets, PX-SCORE-3), the discs and
    Alliance tokens on a card or paid to the Maelstrom, and a Flare's markers."""
    d = {k: v for k, v in obs.items() if k not in ParadoxEncoder.not_encoded}
    key = json.dumps
    d["discard"] = sorted(d["discard"], key=key)
    views = []
    for pv in d["players_view"]:
        pv = dict(pv, score_pile=sorted(pv["score_pile"], key=key))
        mat = []
        for card in pv["mat"]:
            card = dict(card, placed_discs=sorted(card["placed_discs"], key=key),
                        alliance_tokens=sorted(card["alliance_tokens"]))
            if "markers" in card:
                card["markers"] = sorted(card["markers"], key=key)
            mat.append(card)
        views.append(dict(pv, mat=mat))
    d["players_view"] = views
    if d["maelstrom"] is not None:
        d["maelstrom"] = dict(d["maelstrom"],
                              paid=[sorted(row, key=key) for row in d["maelstrom"]["paid"]])
    return json.dumps(d, sort_keys=True)


class Seen:
    """Each vector a seat was shown, with the observation it came from: a vector seen twice
    must come from the same observation."""

    def __init__(self, enc: ParadoxEncoder) -> None:
        self.enc = enc
        self.by_vector: dict[tuple[int, bytes], tuple[bytes, bytes]] = {}

    def add(self, s: ParadoxState, seat: int) -> None:
        obs = s.observation(seat)
        vector = self.enc.encode(obs)
        text = canonical(obs)
        key = (seat, hashlib.blake2b(array("d", vector).tobytes(), digest_size=16).digest())
        digest = hashlib.blake2b(text.encode(), digest_size=16).digest()
        was = self.by_vector.setdefault(key, (digest, zlib.compress(text.encode(), 1)))
        if was[0] != digest:
            before = json.loads(zlib.decompress(was[1]))
            now = json.loads(text)
            differ = sorted(k for k in now if now[k] != before.get(k))
            raise AssertionError(f"seat {seat}: two observations differing in {differ} give "
                                 "the same vector")


@pytest.mark.parametrize(("label", "n"), CONFORMANCE)
def test_two_observations_that_differ_give_different_vectors(label: str, n: int) -> None:
    """Along random games, and between the positions each of a few different moves leads to
    (which differ in one swap, one placed resource, one card taken)."""
    seen = Seen(encoder(label, n))
    rng = random.Random(n)
    for seed in (200,):
        for step, s in enumerate(play(label, n, seed)):
            for seat in seats_to_check(s):
                seen.add(s, seat)
            if step % 4 or s.is_terminal():
                continue
            legal = s.legal_actions()
            for a in rng.sample(legal, min(4, len(legal))):
                child = s.clone()
                child.apply(a)
                for seat in {s.current_player, *seats_to_check(child)}:
                    seen.add(child, seat)


CONTENT_FIXED = {"name", "kind", "cost", "asset", "lock", "colours", "text", "slot"}
"""What a card, World or Research Goal shows beside its number: the content fixes it."""
PLACE_FIXED = {("players_view", "seat"), ("alliances", "colour"), ("shields", "card")}
"""A player area's seat and an Alliance's colour are its place in the list; the Nexus whose
Shield token lies on a space is fixed by the space (each Nexus names its own)."""
UNORDERED = {"discard", "score_pile", "placed_discs", "alliance_tokens", "markers", "paid[]",
             "shields", "waiting_strands", "strand_shapes", "flares_scored_this_turn",
             "fracture_discards", "spaces", "alliances"}
"""Lists whose order is a rule-free convention (sorted, or as they were put down), or whose
entries name their own place (each Alliance its colour). ``paid[]`` is one player's payment
to the Maelstrom, ``paid`` the list of them, one per seat."""
GROWING = {"discard", "known_deck_top", "research_hand", "mat", "score_pile", "shields",
           "placed_discs", "alliance_tokens", "markers", "paid[]", "waiting_strands",
           "pending_resource_discs", "flare_queue", "fracture_discards",
           "flares_scored_this_turn", "strand_shapes"}
"""Lists whose length changes in play (the others have a length the rules fix)."""
WORDS = [G.COLOURS, G.SYMBOLS, PHASES, K.SPACES, ("row", "column", "diagonal", "box"),
         tuple(GOALS)]
SEATS = {"holder", "shield", "seat", "chief_scientist", "current_player"}


def another(key: str, v: Any, n: int) -> Any:
    """A different value of the same kind, or None when there is no obvious one."""
    if isinstance(v, bool):
        return not v
    if isinstance(v, str):
        words = next((w for w in WORDS if v in w), None)
        return None if words is None else words[(words.index(v) + 1) % len(words)]
    if not isinstance(v, int):
        return None
    flares = (K.FLARE + (v - K.FLARE + 1) % K.FLARES)
    cycles = {"id": (v + 1) % K.NUM_CARDS, "world": (v + 1) % 15, "quake": (v + 1) % 15,
              "matrix_level": v % 3 + 1, "matrix_level_stack": v % 3 + 1, "turn": v % 12 + 1,
              "flare_queue": flares, "flares_scored_this_turn": flares, "step": (v + 1) % 4,
              "shape": (v + 1) % G.NUM_SHAPES, "spaces": (v + 1) % 5, "space": (v + 1) % 5}
    if key in SEATS:
        return (v + 1) % n
    return cycles.get(key, v + 1)


def skipped(names: list[str]) -> bool:
    """Keys the vector may leave out: those listed as not encoded, ``pending_resources`` (the
    colours of ``pending_resource_discs``, checked below), and what content or place fix."""
    return bool(names) and (
        names[0] in ParadoxEncoder.not_encoded or names[0] == "pending_resources"
        or bool(CONTENT_FIXED & set(names[1:]) and names[:2] != ["maelstrom", "cost"])
        or tuple(names[-2:]) in PLACE_FIXED)


def changes(obs: dict[str, Any]) -> Iterator[tuple[str, Any, Any]]:
    """Every one-thing change of an observation the vector must notice: a value made
    different, an element dropped from a list that grows and shrinks in play, two different
    elements of an ordered list swapped. Yields ``(where, before, after)`` while the change is
    made, and puts it back when resumed."""

    def walk(x: Any, path: tuple[Any, ...]) -> Iterator[tuple[str, Any, Any]]:
        names = [k for k in path if isinstance(k, str)]
        where = "/".join(map(str, path))
        key = names[-1] if names else ""
        items = list(x.items()) if isinstance(x, dict) else list(enumerate(x))
        for k, v in items:
            if skipped([*names, k] if isinstance(k, str) else names):
                continue
            if isinstance(v, dict | list):
                yield from walk(v, (*path, k))
                continue
            new = another(k if isinstance(k, str) else key, v, obs["players"])
            if new is None or new == v:
                continue
            x[k] = new
            yield f"{where}/{k}", v, new
            x[k] = v
        if isinstance(x, list) and x:
            if path and not isinstance(path[-1], str):
                key += "[]"  # a list inside a list
            if key in GROWING:
                gone = x.pop(0)
                yield f"{where} without its first", gone, None
                x.insert(0, gone)
            if key not in UNORDERED and len(x) > 1 and x[0] != x[1]:
                x[0], x[1] = x[1], x[0]
                yield f"{where} with its first two swapped", None, None
                x[0], x[1] = x[1], x[0]

    yield from walk(obs, ())


def sample_positions(label: str, n: int) -> Iterator[tuple[ParadoxState, int]]:
    """Positions of one game: the first of each kind of decision (and of each with resources
    to place, Flare benefits owed or a Maelstrom out), every 20th, and the end."""
    kinds = set()
    for step, s in enumerate(play(label, n, seed=300 + n)):
        kind = (s.phase, bool(s.pending), bool(s.flare_queue), s.maelstrom >= 0,
                any(mc.step or mc.allies for mat in s.mats for mc in mat),
                any(K.is_flare(c) for pile in s.score for c in pile))
        if kind in kinds and step % 20 and not s.is_terminal():
            continue
        kinds.add(kind)
        for seat in seats_to_check(s)[:2]:
            yield s, seat


def assert_every_change_shows(enc: ParadoxEncoder, obs: dict[str, Any], what: str) -> None:
    assert obs["pending_resources"] == [
        r["colour"] if "colour" in r else f"{r['alliance']} Alliance"
        for r in obs["pending_resource_discs"]]
    vector = enc.encode(obs)
    for where, was, now in changes(obs):
        try:
            changed = enc.encode(obs)
        except (ValueError, KeyError, IndexError):
            continue  # not a possible observation, and it cannot pass for the original
        assert changed != vector, f"{what}: {where} ({was} -> {now})"
    assert enc.encode(obs) == vector  # every change was undone


@pytest.mark.parametrize(("label", "n"), CONFORMANCE)
def test_any_one_change_to_an_observation_changes_the_vector(label: str, n: int) -> None:
    """Every value the observation shows is in the vector: change any one of them (a disc's
    colour, a card's number, a count, a flag, a list's order where order matters) and the
    vector changes. Only what the content fixes beside a number, and the keys listed as
    not encoded, may change without it."""
    enc = encoder(label, n)
    for s, seat in sample_positions(label, n):
        assert_every_change_shows(enc, s.observation(seat), f"{label} {n}p seat {seat}")


def bag_disc(s: ParadoxState, colour: int) -> int:
    d = next(d for d in s.bag if d != G.PURPLE and G.colour_of(d) == colour)
    s.bag.remove(d)
    return d


def flares_on_the_table() -> ParadoxState:
    """PX-SCEN-4..6: seat 1 owes the benefit of a Flare at step 2 with two markers, and holds
    one Flare scored this turn and one scored before."""
    s = new(3, deck_scenario="flare")
    matrix_phase(s, 1, turn=5)
    mc = to_mat(s, 1, "Flare 1")
    mc.step = 2
    mc.marks = [bag_disc(s, G.RED), bag_disc(s, G.BLUE)]
    to_score(s, 1, "Flare 2", "Flare 3")
    s.flare_turn = {K.FLARE + 1: 5, K.FLARE + 2: 3}
    s.flare_queue = [mc.card]
    s.phase = FLARE
    return s


def alliances_in_play() -> ParadoxState:
    """PX-ALLY-2..4: seat 1 places its black Alliance token as a resource; its red one lies on
    a Timeline with a disc; seat 2 took the blue one this turn."""
    s = new(3, alliances=True)
    matrix_phase(s, 1, turn=4)
    mc = to_mat(s, 1, "Alphoria Past")
    mc.discs = [bag_disc(s, G.RED)]
    mc.allies = [G.RED]
    s.ally_on_card[G.RED] = True
    s.ally_holder[G.BLUE], s.ally_since[G.BLUE] = 2, 4
    s.pending = [ALLIANCE_RESOURCE + G.BLACK]
    s.phase = ALLOCATE
    return s


def secret_objectives() -> ParadoxState:
    """PX-GOAL-7: the Secret Objective is in play and each player holds a goal of their own."""
    s = new(3)
    set_goals(s, "secret", "nexus", "shields")
    s.secret = [GOALS["past"], GOALS["present"], GOALS["future"]]
    return s


def fractured_world_discards() -> ParadoxState:
    """PX-SCORE-2: in a Training Mission seat 1 must give up a card of Fractured Alphoria,
    then seat 0 one of Fractured Null Beta."""
    s = new(2, preset="training", auto_forced=False)
    to_score(s, 1, "Alphoria Past", "Alphoria Nexus")
    to_score(s, 0, "Null Beta Present", "Null Beta Nexus")
    fracture(s, "Alphoria", "Null Beta")
    end(s)
    assert len(s.fracture_queue) == 2
    return s


@pytest.mark.parametrize("build", [flares_on_the_table, alliances_in_play, secret_objectives,
                                   fractured_world_discards])
def test_any_one_change_to_a_rare_position_changes_the_vector(build: Any) -> None:
    """The same, for positions random games seldom reach."""
    s = build()
    enc = GAME.encoder(s.n, s.opts)
    for seat in range(s.n):
        assert_every_change_shows(enc, s.observation(seat), f"{build.__name__} seat {seat}")


# Reading the vector -----------------------------------------------------------------------


# PX-WORM-1, PX-KNOW-2
def test_the_research_hand_field_holds_the_chief_scientists_hand_only_for_them() -> None:
    s = helpers.new_game(3)
    enc = GAME.encoder(3)
    mine = enc.encode(s.observation(0))  # seat 0 is the Chief Scientist
    hand = field(enc, mine, "research_hand")
    assert [ones(hand[k * K.NUM_CARDS:(k + 1) * K.NUM_CARDS]) for k in range(4)] == [
        [c] for c in s.hand]
    theirs = enc.encode(s.observation(1))
    assert ones(field(enc, theirs, "research_hand")) == []
    assert field(enc, theirs, "research_hand_size") == [4.0]


# PX-SETUP-8, PX-KNOW-5
def test_every_seat_reads_its_own_matrix_first_then_the_players_on_its_left() -> None:
    s = helpers.new_game(3)
    enc = GAME.encoder(3)
    vector = enc.encode(s.observation(1))
    colours = field(enc, vector, "matrix_colour")
    per_seat = G.CELLS * G.NUM_COLOURS
    for block, seat in enumerate((1, 2, 0)):
        shown = colours[block * per_seat:(block + 1) * per_seat]
        assert [ones(shown[c * 5:c * 5 + 5]) for c in range(G.CELLS)] == [
            [G.colour_of(d)] for d in s.matrices[seat]]
    assert ones(field(enc, vector, "seat")) == [1]
    assert ones(field(enc, vector, "chief_scientist")) == [2]  # seat 0, two to seat 1's left


# PX-STRAND-6
def test_a_waiting_strand_marks_the_spaces_it_lies_on() -> None:
    s = helpers.new_game(3)
    helpers.set_matrix(s, 1,
               "Yh Bs Wr Yh Ks",
               "Yh Ks Rr Bh Ws",
               "Bh Ws Yr Kh Rs",
               "Kh Rs Br Wh Ys",
               "Rh Rs Rr Rh Bs")
    helpers.matrix_phase(s, 1)
    obs = s.observation(1)
    assert [(w["name"], w["colour"], w["spaces"]) for w in obs["waiting_strands"]] == [
        ("4-Strand in row 5", "red", [[4, 0], [4, 1], [4, 2], [4, 3]])]
    enc = GAME.encoder(3)
    vector = enc.encode(obs)
    assert ones(field(enc, vector, "waiting_strands")) == [obs["waiting_strands"][0]["shape"]]
    red = field(enc, vector, "waiting_strand_spaces")[:G.CELLS]
    assert ones(red) == [20, 21, 22, 23]  # row 5, columns 1 to 4
    assert ones(field(enc, vector, "waiting_strand_spaces")[G.CELLS:]) == []


# PX-KNOW-10
def test_a_face_down_score_pile_shows_others_its_size_only() -> None:
    s = helpers.new_game(3)
    card = next(c for c in s.deck if K.is_timeline(c))
    helpers.take_card(s, card)
    s.score[1].append(card)
    enc = GAME.encoder(3)
    owner = enc.encode(s.observation(1))
    assert ones(field(enc, owner, "score_pile")[:K.NUM_CARDS]) == [card]
    other = enc.encode(s.observation(0))  # seat 1 is the first seat on seat 0's left
    assert ones(field(enc, other, "score_pile")) == []
    assert field(enc, other, "score_pile_size") == [0.0, 1.0, 0.0]
    assert field(enc, other, "score_pile_face_down") == [0.0, 1.0, 1.0]
