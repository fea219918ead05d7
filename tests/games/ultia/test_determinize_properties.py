"""Property tests: a seat's imagined deal never contradicts what that seat has seen.

Random and greedy games are stopped at a random point and ``state.determinize(seat, rng)``
is asked for a world. What the seat knows is worked out here, independently of
``knowledge.py``, from the events of the current year that the seat can see (everything
after the last ``deal``), following docs/rules/ultia.md section 9. The same facts are first
checked against the true state, so a mistake in this reading cannot hide a bug.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import ludoverse
from ludoverse.bots import make
from ludoverse.games.ultia import cards as C

from .helpers import TEST_PLANS

GAME = ludoverse.load("ultia")
OPTIONS = GAME.conformance_options()  # rulebook, japanese, overwork, variants, manual
CONTENTS: dict[str, Any] = {"shipped": None, "test": TEST_PLANS}  # TEST_PLANS: many reveals
POLICIES = ("random", "greedy", "mixed")
GREEDY = make("greedy")
TALON = 3  # a place: seats are 0, 1, 2, the face-down pair is 3
DRAWS = 64  # determinisations tried before deciding that a sampler never moves a card


@dataclass
class Seen:
    """What one seat has observed this year, read from its own event log."""

    seat: int
    cannot: list[int] = field(default_factory=lambda: [0, 0, 0])  # per seat: cards it lacks
    places: dict[int, set[int]] = field(default_factory=dict)  # own face-down card -> places
    from_take: set[int] = field(default_factory=set)  # of those, cards first seen in a pick-up
    revealed: list[int] = field(default_factory=lambda: [0, 0, 0])  # shown, not yet played
    played: int = 0
    shown_out: list[int] = field(default_factory=lambda: [0, 0, 0])  # suits a seat lacks
    no_trump: set[int] = field(default_factory=set)  # seats shown to hold no trump
    unbeaten: list[int] = field(default_factory=lambda: [0, 0, 0])  # could not beat with these


def cards_mask(codes: list[str]) -> int:
    return sum(1 << C.parse(code) for code in codes)


def beating(best: int, trump: int) -> int:
    """The cards that would beat ``best``, the trick's current winner (UL-PLAY-6)."""
    higher = C.higher_in_suit(best)
    if trump >= 0 and C.suit_of(best) != trump:
        higher |= C.SUIT_MASK[trump]
    return higher


def observe(s: Any, seat: int) -> Seen:
    """Read the seat's events of the current year and collect the facts it knows."""
    events = [e for e in s.events if e.visible(seat)]
    start = max(i for i, e in enumerate(events) if e.kind == "deal")
    seen = Seen(seat)
    opts = s.opts
    ruff = opts.void_play != "free"
    trump, best, lead = -1, -1, -1
    shows: str | None = None  # which cards the adopted plan makes players show
    trick: list[int] = []
    for e in events[start + 1 :]:
        kind, d = e.kind, e.data
        if kind == "plan_adopted":
            plan = next(p for p in s.plans.plan if p.id == d["plan"])
            shows = plan.reveal.cards if plan.reveal else None
        elif kind == "trump":
            trump = C.SUIT_NAMES.index(d["suit"])
        elif kind == "discard_card":  # UL-KNOW-2: my own face-down card, on the table
            seen.places[C.parse(d["card"])] = {TALON}
        elif kind == "discard" and d["seat"] != seat:  # UL-KNOW-3: may be back on the table
            for where in seen.places.values():
                if d["seat"] in where:
                    where.add(TALON)
        elif kind == "take":  # UL-KNOW-3: whatever lay face down went to the taker
            for where in seen.places.values():
                if TALON in where:
                    where.discard(TALON)
                    if d["seat"] != seat:
                        where.add(d["seat"])
        elif kind == "took_cards":  # UL-KNOW-3: I see what I pick up; it is in my hand now
            for code in d["cards"]:
                seen.places.pop(C.parse(code), None)
            seen.from_take |= {C.parse(code) for code in d["cards"]}
        elif kind == "reveal":  # UL-KNOW-5
            seen.revealed[d["seat"]] |= cards_mask(d["cards"])
            if shows == "trumps":  # UL-KNOW-7: all its trumps are shown, it has no other
                seen.cannot[d["seat"]] |= C.SUIT_MASK[trump] & ~cards_mask(d["cards"])
        elif kind == "trick":
            trick = []
        elif kind == "play":  # UL-KNOW-6: every card played is public
            p, c = d["seat"], C.parse(d["card"])
            if not trick:
                lead, best = C.suit_of(c), c
            else:
                suit = C.suit_of(c)
                no = 0
                if suit == lead:  # UL-PLAY-4
                    may, must_beat = C.SUIT_MASK[lead], opts.must_win
                else:
                    no |= C.SUIT_MASK[lead]  # UL-PLAY-5, UL-KNOW-7: shown out of the suit led
                    seen.shown_out[p] |= C.SUIT_MASK[lead]
                    if ruff and trump >= 0 and suit == trump:
                        may = C.SUIT_MASK[trump]
                        must_beat = opts.must_win or opts.void_play == "must_ruff_overruff"
                    else:
                        may, must_beat = C.ALL_CARDS, opts.must_win
                    if ruff and trump >= 0 and suit != trump:  # UL-OPT-4, UL-KNOW-7
                        no |= C.SUIT_MASK[trump]
                        seen.no_trump.add(p)
                beats = beating(best, trump)
                if must_beat and not beats >> c & 1:  # UL-OPT-3, UL-OPT-4: could not beat it
                    no |= may & beats
                    seen.unbeaten[p] |= may & beats
                seen.cannot[p] |= no & ~(1 << c)
                if beats >> c & 1:
                    best = c
            trick.append(c)
            seen.played |= 1 << c
            seen.revealed[p] &= ~(1 << c)
            seen.places.pop(c, None)
    return seen


def place_of(s: Any, c: int) -> int:
    for p in range(3):
        if s.hands[p] >> c & 1:
            return p
    return TALON if s.talon >> c & 1 else -1


def problems(truth: Any, world: Any, seen: Seen) -> list[str]:
    """Every way ``world`` contradicts what ``seen.seat`` knows about ``truth``."""
    me = seen.seat
    bad: list[str] = []
    try:
        GAME.check_invariants(world)  # all 32 cards in exactly one place
    except AssertionError as exc:
        bad.append(f"invariants: {exc}")
    if world.hands[me] != truth.hands[me]:  # UL-KNOW-1: the seat's own hand
        bad.append("own hand changed")
    for name in ("revealed", "trick", "won", "tricks", "trick_winners", "progress", "trump",
                 "phase", "current_player"):  # UL-KNOW-5, UL-KNOW-6: public facts
        if getattr(world, name) != getattr(truth, name):
            bad.append(f"{name} changed")
    if [h.bit_count() for h in world.hands] != [h.bit_count() for h in truth.hands]:
        bad.append("hand sizes changed")  # UL-KNOW-1: the sizes are public
    if world.talon.bit_count() != truth.talon.bit_count():
        bad.append("face-down count changed")  # UL-KNOW-2
    if world.observation(me) != truth.observation(me):  # UL-KNOW-1, UL-KNOW-6
        bad.append("the seat's observation changed")
    if [e for e in world.events if e.visible(me)] != [e for e in truth.events if e.visible(me)]:
        bad.append("the seat's log changed")  # UL-KNOW-6: what happened in the open stays
    public = sum(world.won) | sum(1 << c for c in world.trick)
    if seen.played != public:
        bad.append("the played cards differ from those the seat saw played")  # UL-KNOW-6
    for p in range(3):
        wrong = world.hands[p] & seen.cannot[p]
        if p != me and wrong:  # UL-KNOW-7: shown out of a suit / could not trump or beat
            codes = [C.code(c) for c in C.cards_of(wrong)]
            bad.append(f"seat {p} holds {codes}, shown not to hold")
        if world.revealed[p] != seen.revealed[p] or seen.revealed[p] & ~world.hands[p]:
            bad.append(f"seat {p}'s shown cards moved")  # UL-KNOW-5
    for c, where in seen.places.items():  # UL-KNOW-2, UL-KNOW-3: my own face-down cards
        if place_of(world, c) not in where:
            bad.append(f"{C.code(c)} is at {place_of(world, c)}, can only be in {sorted(where)}")
    return bad


def hidden(s: Any, seen: Seen) -> dict[int, int]:
    """Card -> true place, for every card outside the seat's hand not shown or played."""
    out = {c: p for p in range(3) if p != seen.seat
           for c in C.cards_of(s.hands[p] & ~seen.revealed[p])}
    out.update((c, TALON) for c in C.cards_of(s.talon))
    return out


def movable_places(s: Any, seen: Seen) -> set[int]:
    """Places holding a hidden card that could swap with a hidden card elsewhere."""
    def fits(c: int, p: int) -> bool:
        if c in seen.places and p not in seen.places[c]:
            return False
        return p == TALON or not seen.cannot[p] >> c & 1

    cards = hidden(s, seen)
    out: set[int] = set()
    for c1, a in cards.items():
        for c2, b in cards.items():
            if a < b and fits(c1, b) and fits(c2, a):
                out |= {a, b}
    return out


def places_that_vary(s: Any, seat: int, places: set[int], determinize: Any) -> set[int]:
    """Which of ``places`` get different contents in some of ``DRAWS`` seeded worlds."""
    def contents(w: Any, p: int) -> int:
        return w.talon if p == TALON else w.hands[p]

    varied: set[int] = set()
    for k in range(DRAWS):
        w = determinize(s, seat, random.Random(k))
        varied |= {p for p in places if contents(w, p) != contents(s, p)}
        if varied == places:
            break
    return varied


def real_determinize(s: Any, seat: int, rng: random.Random) -> Any:
    return s.determinize(seat, rng)


def positions_of(
    options: str, content: str, seed: int, policy: str, stops: set[int]
) -> Iterator[Any]:
    """Yield one game after each number of decisions in ``stops`` (or before its last one),
    played by random and/or greedy players."""
    s = before = GAME.new_game(seed=seed, options=OPTIONS[options], content=CONTENTS[content])
    rng = random.Random(seed)
    for step in range(max(stops) + 1):
        if s.is_terminal():
            yield before
            return
        if step in stops:
            yield s
        before = s.clone()
        p = s.current_player
        if policy == "greedy" or (policy == "mixed" and p == seed % 3):
            a = GREEDY.choose(s.determinize(p, rng), p, rng)  # a bot sees an imagined world
        else:
            a = rng.choice(s.legal_actions())
        s.apply(a)


def play_to(options: str, content: str, seed: int, steps: int, policy: str) -> Any:
    return next(positions_of(options, content, seed, policy, {steps}))


def check_position(s: Any, other: int, tally: Counter[str]) -> None:
    """Check the current player's and one other seat's worlds; count what was exercised."""
    cp = s.current_player if s.current_player >= 0 else 0
    for seat in (cp, (cp + other) % 3):
        seen = observe(s, seat)
        assert problems(s, s, seen) == [], "the test's own reading contradicts the truth"
        worlds = [s.determinize(seat, random.Random(1000 * seat + k)) for k in range(3)]
        for world in worlds:
            assert problems(s, world, seen) == []
            assert all(e.visible(seat) for e in world.events)  # UL-KNOW-1, UL-KNOW-2: no leak
        tally["worlds"] += 3
        assert any(w.rng.state != s.rng.state for w in worlds)  # next year's deal is hidden
        free = sum(1 << c for c in hidden(s, seen))  # cards a wrong world could misplace
        for p in set(range(3)) - {seat}:
            tally["void"] += bool(free & seen.shown_out[p])
            tally["no_trump"] += p in seen.no_trump and bool(free & C.SUIT_MASK[s.trump])
            tally["cannot_beat"] += bool(free & seen.unbeaten[p] & ~seen.shown_out[p])
            tally["revealed"] += bool(seen.revealed[p])
        if seen.places:
            tally["own_discard"] += 1
            if any(where != {TALON} for where in seen.places.values()):
                tally["discard_moved"] += 1  # someone took it: it may be in their hand
            if seen.from_take & set(seen.places):
                tally["took_then_discarded"] += 1
        movable = movable_places(s, seen)
        if len(movable) >= 2:  # UL-KNOW-2, UL-KNOW-3: what the seat has not seen may move
            assert places_that_vary(s, seat, movable, real_determinize) == movable
            tally["varies"] += 1
            tally["varies_talon"] += TALON in movable


positions = {
    "options": st.sampled_from(sorted(OPTIONS)),
    "content": st.sampled_from(sorted(CONTENTS)),
    "seed": st.integers(0, 2**32 - 1),
    "steps": st.sampled_from(range(141)),  # uniform: integers() favours tiny values
    "policy": st.sampled_from(POLICIES),
    "other": st.integers(1, 2),
}


# UL-KNOW-1, UL-KNOW-2, UL-KNOW-3, UL-KNOW-5, UL-KNOW-6, UL-KNOW-7
@settings(max_examples=50, deadline=None)
@given(**positions)
def test_a_determinised_world_agrees_with_everything_the_seat_saw(
    options: str, content: str, seed: int, steps: int, policy: str, other: int
) -> None:
    check_position(play_to(options, content, seed, steps, policy), other, Counter())


# UL-KNOW-7, UL-OPT-3, UL-OPT-4
@settings(max_examples=40, deadline=None)
@given(**{k: v for k, v in positions.items() if k not in ("options", "steps")},
       steps=st.sampled_from(range(20, 141)))
def test_japanese_card_play_inferences_hold_in_every_world(
    content: str, seed: int, steps: int, policy: str, other: int
) -> None:
    check_position(play_to("japanese", content, seed, steps, policy), other, Counter())


SWEEP_OPTIONS = (*sorted(OPTIONS), "japanese")  # the Japanese rules twice as often


def sweep() -> Iterator[tuple[Any, int]]:
    """A fixed list of positions: 30 games, each stopped about every 12 decisions."""
    for i in range(30):
        r = random.Random(i)
        stops = {r.randrange(12 * k, 12 * k + 12) for k in range(12)}
        options, policy = SWEEP_OPTIONS[i % 6], POLICIES[i // 6 % 3]
        for s in positions_of(options, r.choice(sorted(CONTENTS)), i, policy, stops):
            yield s, 1 + r.randrange(2)


def test_every_property_is_exercised_by_a_fixed_sweep() -> None:
    tally: Counter[str] = Counter()
    for s, other in sweep():
        check_position(s, other, tally)
    for prop in ("void", "no_trump", "cannot_beat", "revealed", "own_discard", "discard_moved",
                 "took_then_discarded", "varies", "varies_talon"):
        assert tally[prop] >= 10, f"{prop} was checked only {tally[prop]} times: {tally}"


def test_the_seats_reading_of_its_log_agrees_with_the_truth() -> None:
    for s, _ in itertools.islice(sweep(), 100):
        for seat in range(3):
            assert problems(s, s.clone(), observe(s, seat)) == []


# Negative controls: the checks must reject worlds that contradict the seat -------------------


def find(want: Any) -> tuple[Any, Seen]:
    """The first position of the fixed sweep where ``want(state, seen)`` holds."""
    for s, _ in sweep():
        cp = s.current_player if s.current_player >= 0 else 0
        seen = observe(s, cp)
        if want(s, seen):
            return s, seen
    raise AssertionError("no position of the sweep shows the case")


def swap(s: Any, c1: int, c2: int) -> Any:
    """A copy of ``s`` with two cards exchanged between their places."""
    w = s.clone()
    masks = [*w.hands, w.talon]
    a, b = place_of(w, c1), place_of(w, c2)
    masks[a] ^= (1 << c1) | (1 << c2)
    masks[b] ^= (1 << c1) | (1 << c2)
    w.hands, w.talon = masks[:3], masks[3]
    return w


def test_a_world_giving_a_void_seat_that_suit_is_rejected() -> None:
    def void_swap(s: Any, seen: Seen) -> tuple[int, int] | None:
        """A hidden card of a suit seat p lacks, and a hidden card that p holds."""
        cards = hidden(s, seen)
        for p in range(3):
            lacks = [c for c in cards if seen.cannot[p] >> c & 1]
            holds = [c for c, q in cards.items() if q == p]
            if p != seen.seat and lacks and holds:
                return lacks[0], holds[0]
        return None

    s, seen = find(lambda s, seen: void_swap(s, seen) is not None)
    c1, c2 = void_swap(s, seen)  # type: ignore[misc]
    assert any("shown not to hold" in m for m in problems(s, swap(s, c1, c2), seen))  # UL-KNOW-7


def test_a_world_moving_my_face_down_card_to_a_stranger_is_rejected() -> None:
    s, seen = find(lambda s, seen: any(len(w) < 3 for w in seen.places.values())
                   and len(hidden(s, seen)) > 2)
    c1, where = next((c, w) for c, w in seen.places.items() if len(w) < 3)
    c2 = next(c for c, q in hidden(s, seen).items() if q not in where)
    assert any("can only be in" in m for m in problems(s, swap(s, c1, c2), seen))  # UL-KNOW-3


def test_a_world_moving_a_shown_card_is_rejected() -> None:
    s, seen = find(lambda s, seen: any(seen.revealed[p] for p in range(3) if p != seen.seat))
    p = next(p for p in range(3) if p != seen.seat and seen.revealed[p])
    c1 = C.card_list(seen.revealed[p])[0]
    c2 = next(c for c, q in hidden(s, seen).items() if q != p)
    assert any("shown cards moved" in m for m in problems(s, swap(s, c1, c2), seen))  # UL-KNOW-5


def test_a_determiniser_that_returns_the_truth_is_caught() -> None:
    s, seen = find(lambda s, seen: len(movable_places(s, seen)) >= 2)
    movable = movable_places(s, seen)
    truth_only = places_that_vary(s, seen.seat, movable, lambda s, seat, rng: s.clone())
    assert truth_only == set() != movable  # UL-KNOW-3: unseen discards must be free to move


def test_a_world_that_changes_the_seats_own_hand_is_rejected() -> None:
    s, seen = find(lambda s, seen: bool(s.hands[seen.seat]) and len(hidden(s, seen)) > 0)
    c1 = C.card_list(s.hands[seen.seat])[0]
    c2 = next(iter(hidden(s, seen)))
    assert "own hand changed" in problems(s, swap(s, c1, c2), seen)  # UL-KNOW-1
