"""The observation vector for learning agents (``GAME.encoder``; docs/rl.md).

The vector must show a seat everything its observation shows, nothing else, in the seat's own
order: you first, then the player on your right, then the player on your left. These tests
play random games under every conformance option set and check the vector's size and bounds,
that a seat's determinised worlds give it the same vector, and that different observations
never share a vector; a few examples read named fields back like a player reads the table.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from ludoverse.games.ultia import GAME, UltiaState, reporting, views
from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia.encoding import (
    TERMS_SIZE,
    YEARS_IF_ENDLESS,
    UltiaEncoder,
    max_years,
)
from ludoverse.games.ultia.phases import PLAY

from .helpers import (
    TEST_PLANS,
    bid,
    end_round,
    exploration_state,
    mask,
    new_round,
    pass_bid,
    plan,
    play,
    reveal,
    set_progress,
)

OPTION_SETS = GAME.conformance_options()
DEAL = [
    "D1 D2 D3 S1 S2 S3 P1 P2 B1 B2",
    "D4 D5 D6 S4 S5 S6 P3 P4 B3 B4",
    "D7 D8 S7 S8 P5 P6 P7 B5 B6 B7",
]


def random_states(options: dict[str, Any], seed: int, content: Any = None) -> Iterator[UltiaState]:
    """Every position of one random game, the final one included."""
    s = GAME.new_game(players=3, seed=seed, options=options, content=content)
    rng = random.Random(seed)
    while True:
        yield s
        if s.is_terminal():
            return
        s.apply(rng.choice(s.legal_actions()))


def field(enc: UltiaEncoder, vector: list[float], name: str) -> list[float]:
    f = enc.layout[name]
    return list(vector[f.offset : f.offset + f.size])


def cards_in(enc: UltiaEncoder, vector: list[float], name: str, block: int = 0) -> list[str]:
    """The card codes set in 32-card block ``block`` of a card field."""
    values = field(enc, vector, name)[32 * block : 32 * block + 32]
    return [C.CODES[i] for i, x in enumerate(values) if x]


def canonical(enc: UltiaEncoder, obs: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in obs.items() if k not in enc.not_encoded}, sort_keys=True)


# Shape and bounds -----------------------------------------------------------------------------


@pytest.mark.parametrize("label", list(OPTION_SETS))
def test_every_position_gives_a_vector_of_the_layout_size_within_its_bounds(label: str) -> None:
    options = OPTION_SETS[label]
    enc = GAME.encoder(3, options)
    for seed in range(12):
        for s in random_states(options, seed):
            cp = s.current_player
            mover = cp if cp >= 0 else seed % 3
            for seat in (mover, (mover + 1) % 3):
                vector = enc.encode(s.observation(seat))
                assert len(vector) == enc.layout.size
                enc.layout.check(vector)


def test_the_layout_size_follows_only_the_plan_list_and_the_game_length_bound() -> None:
    sizes = {label: GAME.encoder(3, o).layout.size for label, o in OPTION_SETS.items()}
    standard = GAME.encoder(3).layout
    # 19 plans; 30 years at most (reach 100% and the cheapest plan moving markers by 10%).
    assert standard.size == sizes["rulebook"] == sizes["japanese"] == sizes["manual"] == 1200
    assert standard["plan"].size == 19 and standard["years_plan"].size == 30
    # `exceed` lets every marker stand at exactly 100%: one more year fits.
    assert sizes["overwork"] == 1200 + 9
    # with_no_trump adds two plans, each in five per-plan fields (plan one-hot twice,
    # declared_by three wide, passes_before).
    assert sizes["variants"] == 1200 + 2 * 6


def test_a_players_own_plan_list_sets_the_plan_fields() -> None:
    enc = GAME.encoder(3, None, TEST_PLANS)
    assert enc.layout["plan"].size == enc.layout["high_plan"].size == len(TEST_PLANS["plan"])
    assert enc.layout["declared_by"].size == 3 * len(TEST_PLANS["plan"])
    assert enc.layout["plan_progress"].high == 80
    for seed in range(6):
        for s in random_states({}, seed, TEST_PLANS):
            enc.layout.check(enc.encode(s.observation(max(s.current_player, 0))))


def test_a_plan_list_that_may_never_end_keeps_the_latest_years() -> None:
    # A 1% plan pays each Sub Surveyor nothing when halves are rounded down (UL-OPT-9), so
    # a game may go on for ever; the vector keeps the latest years and says no maximum.
    endless = {"name": "endless", "plan": [plan("crumb", 1, tricks_min=5),
                                           plan("survey", 10, tricks_min=5)]}
    options = GAME.make_options({"sub_reward_rounding": "floor"})
    assert max_years(options, GAME.load_content(endless)) is None
    enc = GAME.encoder(3, options, endless)
    assert enc.layout["years_plan"].size == YEARS_IF_ENDLESS
    assert enc.layout["year"].high == float("inf")
    assert max_years(GAME.make_options({}), GAME.load_content(endless)) == 3 * 199 // 2 + 1


def test_the_spectator_view_is_not_encoded() -> None:
    s = GAME.new_game(players=3, seed=1)
    with pytest.raises(ValueError, match="spectator"):
        GAME.encoder(3).encode(s.observation(None))


def test_field_docs_and_names_are_written_for_the_table() -> None:
    for f in GAME.encoder(3).layout:
        assert f.doc and f.name == f.name.lower() and " " not in f.name


# What a seat cannot tell apart, and what it can ----------------------------------------------


@pytest.mark.parametrize("label", list(OPTION_SETS))
def test_a_determinised_world_gives_its_seat_the_same_vector(label: str) -> None:
    # UL-KNOW-1, UL-KNOW-2, UL-KNOW-3: a bot's imagined deal looks the same to its seat.
    options = OPTION_SETS[label]
    enc = GAME.encoder(3, options)
    for seed in range(4):
        for step, s in enumerate(random_states(options, seed)):
            if step % 3:
                continue
            for seat in range(3):
                real = enc.encode(s.observation(seat))
                for k in range(2):
                    world = s.determinize(seat, random.Random(seed * 1000 + step * 7 + k))
                    assert enc.encode(world.observation(seat)) == real


def test_different_observations_never_share_a_vector() -> None:
    cases: list[tuple[str, dict[str, Any], Any, int]] = [
        (label, options, None, 14) for label, options in OPTION_SETS.items()
    ]
    cases.append(("test plans", {}, TEST_PLANS, 14))
    cases.append(("test plans, japanese", {"preset": "japanese", "overwork": "on"},
                  TEST_PLANS, 10))
    for label, options, content, games in cases:
        enc = GAME.encoder(3, options, content)
        seen: dict[tuple[float, ...], str] = {}
        for seed in range(games):
            for s in random_states(options, 100 + seed, content):
                for seat in range(3):
                    obs = s.observation(seat)
                    key = tuple(enc.encode(obs))
                    text = canonical(enc, obs)
                    other = seen.setdefault(key, text)
                    assert other == text, f"{label}: two observations share a vector"
        assert len(seen) > 500


DERIVED = {
    "plan_terms": "the adopted plan's entry in the list",
    "bidding.high_plan_terms": "the standing bid's entry in the list",
    "last_trick.winner": "the last of trick_winners",
}
"""Parts of the observation the vector carries only through what they follow from."""


def parts(obs: dict[str, Any]) -> dict[str, Any]:
    """Top-level keys; the keys inside the dicts ``bidding``, ``last_trick`` and
    ``rock_paper_scissors`` one by one; and those of the latest year's result."""
    out: dict[str, Any] = {}
    for k, v in obs.items():
        if isinstance(v, dict) and k in ("bidding", "last_trick", "rock_paper_scissors"):
            for sub, x in v.items():
                out[f"{k}.{sub}"] = x
        out[k] = v
    if obs["rounds"]:
        for sub, x in obs["rounds"][-1].items():
            out[f"rounds.{sub}"] = x
    return out


def with_part(obs: dict[str, Any], name: str, value: Any) -> dict[str, Any]:
    """A copy of ``obs`` with one part taken from another observation."""
    new = dict(obs)
    key, _, sub = name.partition(".")
    if key == "rounds" and sub:
        new["rounds"] = [*obs["rounds"][:-1], {**obs["rounds"][-1], sub: value}]
    elif sub:
        new[key] = {**new[key], sub: value}
    elif value is ...:
        new.pop(key, None)
    else:
        new[key] = value
    return new


def bid_signature(log: list[Any]) -> list[Any]:
    """The log as the vector keeps it: each declaration with the passes just before it
    (trailing passes are ``consecutive_passes``; takes and seats follow from the turn order)."""
    out, passes = [], 0
    for e in log:
        if e[1] == "pass":
            passes += 1
        elif e[1] == "declare":
            out.append((e[0], e[2], passes))
            passes = 0
    return out


def assert_parts_move(enc: UltiaEncoder, pool: list[list[dict[str, Any]]], pairs: int,
                      rng: random.Random) -> set[str]:
    """For random pairs of observations of one seat, every part that differs, put alone into
    the first, moves its vector. Returns the parts so checked."""
    moved: set[str] = set()
    for _ in range(pairs):
        seat = rng.randrange(3)
        if len(pool[seat]) < 2:
            continue
        a, b = rng.sample(pool[seat], 2)
        pa, pb = parts(a), parts(b)
        for name in set(pa) | set(pb):
            x, y = pa.get(name, ...), pb.get(name, ...)
            if x == y or name in enc.not_encoded or name in DERIVED:
                continue
            if name in ("bidding", "last_trick", "rock_paper_scissors") or (
                    "." in name and ... in (x, y)):
                continue  # compared key by key, where both have the dict
            if name == "rounds.round":
                continue  # the year's number is its place in the list
            if name == "rounds.gains":
                continue  # follow from the plan, its result, Overwork and the options
            if name == "bidding.log" and bid_signature(x) == bid_signature(y):
                continue
            if name == "rock_paper_scissors.points" and nonzero(x) == nonzero(y):
                continue  # who is in the tie-break is its own part (seats)
            hybrid = with_part(a, name, y)
            assert enc.encode(hybrid) != enc.encode(a), f"{name} is left out of the vector"
            moved.add(name)
    return moved


def nonzero(points: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in points.items() if v}


@pytest.mark.parametrize("label", list(OPTION_SETS))
def test_each_part_of_the_observation_moves_the_vector(label: str) -> None:
    # Random positions almost always differ in many places at once (the hand, for one), so
    # "different observations, different vectors" alone would miss a part left out. Here
    # one part at a time comes from another position of the same seat: the vector must move.
    options = OPTION_SETS[label]
    enc = GAME.encoder(3, options)
    pool: list[list[dict[str, Any]]] = [[], [], []]
    for seed in range(8):
        for s in random_states(options, 500 + seed):
            for seat in range(3):
                pool[seat].append(s.observation(seat))
    moved = assert_parts_move(enc, pool, 1500, random.Random(1))
    assert {"hand", "won_cards", "trick", "bidding.log", "rounds.tricks", "progress"} <= moved


def test_the_tie_break_positions_are_told_apart() -> None:
    # UL-END-7, UL-KNOW-8: who is in the tie-break, who has chosen (and, to oneself, what),
    # points and throws; random throws from a tie between the two Sub Surveyors.
    enc = GAME.encoder(3, None, TEST_PLANS)
    seen: dict[tuple[float, ...], str] = {}
    pool: list[list[dict[str, Any]]] = [[], [], []]
    for k in range(16):
        s = exploration_state(DEAL, main=0, trump="D")
        if k % 2:  # all three tied (as in test_tiebreak.py: 10 tricks never split evenly)
            s.progress = [200, 200, 200]
            reporting._start_rps(s, [0, 1, 2])
        else:
            set_progress(s, [0, 95, 95])
            end_round(s, tricks=[2, 4, 4], won=["", "S4 S5 S6 D4", "S7 S8 P5 D5"])
        rng = random.Random(k)
        while True:
            for seat in range(3):
                obs = s.observation(seat)
                enc.layout.check(vector := enc.encode(obs))
                text = canonical(enc, obs)
                assert seen.setdefault(tuple(vector), text) == text
                pool[seat].append(obs)
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
    moved = assert_parts_move(enc, pool, 600, random.Random(2))
    assert {"rock_paper_scissors.seats", "rock_paper_scissors.chosen",
            "rock_paper_scissors.points", "rock_paper_scissors.throws", "my_rps_choice",
            "winners"} <= moved


# Reading the vector like the table ------------------------------------------------------------


def test_after_the_deal_my_hand_field_holds_exactly_my_cards() -> None:
    # UL-SETUP-4, UL-KNOW-1: the dealer holds 12 cards, the others 10; I see only mine.
    s = new_round(dealer=2, seed=5)
    enc = GAME.encoder(3, None, TEST_PLANS)
    for seat in range(3):
        v = enc.encode(s.observation(seat))
        assert cards_in(enc, v, "hand") == [C.code(c) for c in C.cards_of(s.hands[seat])]
        assert field(enc, v, "seat")[seat] == 1.0
        # Seats as I meet them: me, the player on my right (seat + 1), on my left.
        assert field(enc, v, "hand_sizes") == [[10.0, 10.0, 12.0], [10.0, 12.0, 10.0],
                                               [12.0, 10.0, 10.0]][seat]
        dealer_place = (2 - seat) % 3
        assert field(enc, v, "dealer") == [float(i == dealer_place) for i in range(3)]
        # UL-BID-1: the dealer is asked to declare a plan.
        assert field(enc, v, "to_move") == field(enc, v, "dealer")
        assert field(enc, v, "phase")[1] == 1.0  # declare_plan


def test_the_standing_bid_spells_out_what_the_plan_asks() -> None:
    # UL-PLAN-1, UL-BID-12: the plan, its terms and the trump named with it.
    s = new_round(dealer=0, seed=2)
    bid(s, "declared", trump="P")
    obs = s.observation(1)
    terms = obs["bidding"]["high_plan_terms"]
    assert terms == {"name": "Declared", "progress": 30, "trump": "bid",
                     "conditions": {"tricks_min": 6}, "reveal": None,
                     "description": "test plan declared"}
    assert s.observation(None)["bidding"]["high_plan_terms"] == terms  # public
    enc = GAME.encoder(3, None, TEST_PLANS)
    v = enc.encode(obs)
    assert field(enc, v, "high_plan")[3] == 1.0
    assert field(enc, v, "high_plan_progress") == [30.0]
    assert field(enc, v, "high_plan_trump_timing") == [0.0, 1.0, 0.0]
    assert field(enc, v, "high_plan_tricks_min") == [6.0]
    assert field(enc, v, "high_plan_tricks_max") == [10.0]  # no upper limit
    assert field(enc, v, "bid_trump") == [0.0, 0.0, 1.0, 0.0]  # Probes
    assert field(enc, v, "high_bidder") == [0.0, 0.0, 1.0]  # seat 0 is on seat 1's left
    assert field(enc, v, "declared_by")[9:12] == [0.0, 0.0, 1.0]
    assert field(enc, v, "face_down") == [2.0]


def test_the_bidding_so_far_is_read_back_plan_by_plan() -> None:
    # UL-BID-3, UL-BID-4, UL-BID-9: seat 1 passes, seat 2 takes up and outbids, seat 0 passes.
    s = new_round(dealer=0, seed=2)
    bid(s, "survey")
    pass_bid(s)
    bid(s, "rich_vein")
    pass_bid(s)
    enc = GAME.encoder(3, None, TEST_PLANS)
    v = enc.encode(s.observation(0))
    declared_by = field(enc, v, "declared_by")
    assert declared_by[0:3] == [1.0, 0.0, 0.0]  # Survey: me
    assert declared_by[6:9] == [0.0, 0.0, 1.0]  # Rich Vein: seat 2, on my left
    assert sum(declared_by) == 2.0
    assert field(enc, v, "passes_before")[:3] == [0.0, 0.0, 1.0]
    assert field(enc, v, "consecutive_passes") == [1.0]
    assert field(enc, v, "bidder") == [0.0, 1.0, 0.0]  # seat 1 is to bid
    assert field(enc, v, "phase")[0] == 1.0  # pass or take up


def test_the_adopted_plan_reveal_and_cards_shown_are_read_back() -> None:
    # UL-EXP-4, UL-KNOW-5: the plan asks each Sub Surveyor to show 2 cards of their choice.
    hands = ["D1 D2 D3 S1 S2 S3 P1 P2 B1 B2", "D4 D5 D6 S4 S5 S6 P3 P4 B3 B4",
             "D7 D8 S7 S8 P5 P6 P7 B5 B6 B7"]
    s = exploration_state(hands, plan_id="scouted", main=0, trump="B")
    reveal(s, "S4", "B3")
    enc = GAME.encoder(3, None, TEST_PLANS)
    obs = s.observation(2)
    assert obs["plan_terms"]["reveal"] == {"who": "subs", "cards": "choose", "count": 2}
    v = enc.encode(obs)
    assert field(enc, v, "plan_reveal_who") == [0.0, 1.0, 0.0]
    assert field(enc, v, "plan_reveal_cards") == [0.0, 0.0, 1.0]
    assert field(enc, v, "plan_reveal_count") == [2.0]
    assert field(enc, v, "trump") == [0.0, 0.0, 0.0, 1.0]
    assert cards_in(enc, v, "revealed", block=2) == ["S4", "B3"]  # seat 1: on seat 2's left
    assert field(enc, v, "phase")[5] == 1.0 and field(enc, v, "to_move") == [1.0, 0.0, 0.0]


def test_the_current_and_last_trick_show_who_played_what() -> None:
    # UL-PLAY-1, UL-PLAY-6, UL-PLAY-7: seat 0 leads; the trick's cards stay with their players.
    s = exploration_state(DEAL, main=0, trump="D")
    play(s, "S1", "S4", "S7")  # seat 2 wins with S7
    play(s, "B5")
    enc = GAME.encoder(3, None, TEST_PLANS)
    v = enc.encode(s.observation(1))
    assert cards_in(enc, v, "last_trick", 0) == ["S4"]  # me
    assert cards_in(enc, v, "last_trick", 1) == ["S7"]  # seat 2, on my right
    assert cards_in(enc, v, "last_trick", 2) == ["S1"]  # seat 0, on my left
    assert field(enc, v, "last_trick_leader") == [0.0, 0.0, 1.0]  # ... who led it
    assert field(enc, v, "trick_winners")[:3] == [0.0, 1.0, 0.0]
    assert cards_in(enc, v, "trick", 1) == ["B5"] and field(enc, v, "leader") == [0, 1, 0]
    assert cards_in(enc, v, "won_cards", 1) == ["S1", "S4", "S7"]
    assert field(enc, v, "trick_number") == [2.0]
    # UL-KNOW-7: seat 0 and seat 1 followed; nobody is known to lack a card yet.
    assert field(enc, v, "cannot_hold") == [0.0] * 96


def test_earlier_years_are_listed_latest_first() -> None:
    # UL-REPORT-2, UL-REPORT-3: each year's Main Surveyor, plan, result and tricks.
    s = exploration_state(DEAL, main=0, trump="D")
    end_round(s, tricks=[6, 2, 2])  # Survey made
    assert s.round == 2
    enc = GAME.encoder(3, None, TEST_PLANS)
    v = enc.encode(s.observation(2))
    assert field(enc, v, "years_main")[:3] == [0.0, 1.0, 0.0]  # seat 0: on seat 2's right
    assert field(enc, v, "years_plan")[:2] == [10.0, 0.0]
    assert field(enc, v, "years_success")[0] == 1.0
    assert field(enc, v, "years_tricks")[:3] == [2.0, 6.0, 2.0]
    assert field(enc, v, "progress") == [0.0, 10.0, 0.0]
    assert field(enc, v, "year") == [2.0]


def test_my_discards_that_someone_took_are_tracked() -> None:
    # UL-KNOW-2, UL-KNOW-3: I know my face-down cards, then who picked them up.
    s = new_round(dealer=0, seed=7)
    bid(s, "survey", discards=None)
    mine = [C.code(c) for c in C.cards_of(s.talon)]
    enc = GAME.encoder(3, None, TEST_PLANS)
    assert cards_in(enc, enc.encode(s.observation(0)), "my_face_down") == mine
    assert cards_in(enc, enc.encode(s.observation(1)), "my_face_down") == []
    bid(s, "odd_survey")  # seat 1 takes them up and lays two cards down
    v = enc.encode(s.observation(0))
    assert cards_in(enc, v, "known_elsewhere", 0) == mine  # with seat 1, on my right ...
    assert cards_in(enc, v, "known_elsewhere", 2) == mine  # ... or face down again
    assert cards_in(enc, v, "known_elsewhere", 1) == []
    assert cards_in(enc, v, "my_face_down") == []  # the pair there now is seat 1's


# The observation itself -----------------------------------------------------------------------


def test_the_fast_card_spelling_matches_the_plain_one() -> None:
    # views._codes serves every card list of the observation; it must equal card-by-card codes.
    rng = random.Random(0)
    for m in [0, C.ALL_CARDS, mask("D1 B8"), *(rng.getrandbits(32) for _ in range(2000))]:
        assert views._codes(m) == [C.code(c) for c in C.cards_of(m)]


def test_views_are_fresh_and_options_match_the_model() -> None:
    s = GAME.new_game(players=3, seed=3, options={"preset": "japanese"})
    a, b = s.observation(0), s.observation(0)
    assert a["options"] == s.opts.model_dump(mode="json") and a["options"] is not b["options"]
    a["options"]["must_win"] = "changed"
    assert s.observation(0)["options"]["must_win"] is True
    while s.phase != PLAY:
        s.apply(min(s.legal_actions()))
    a, b = s.observation(1), s.observation(1)
    assert a["plan_terms"] == b["plan_terms"] and a["plan_terms"] is not b["plan_terms"]
    a["plan_terms"]["conditions"].clear()
    assert s.observation(1)["plan_terms"] == b["plan_terms"]


def test_plan_terms_follow_the_plan_list() -> None:
    # UL-PLAN-1, UL-OPT-15: every plan's terms as its list states them.
    enc = GAME.encoder(3, {"plan_list": "with_no_trump"})
    plans = GAME.plans_for({"plan_list": "with_no_trump"}).plan
    silent = next(i for i, p in enumerate(plans) if p.id == "silent_running")
    terms = list(enc._terms[silent])
    assert len(terms) == TERMS_SIZE
    assert terms[1:4] == [0.0, 0.0, 1.0]  # no trump
    assert terms[5] == 0.0  # at most 0 tricks
    ultia = next(i for i, p in enumerate(plans) if p.id == "ultia")
    assert list(enc._terms[ultia][20:28]) == [1.0] + [0.0] * 7  # last trick with the 1 of trumps
