"""The state RNG: seeded, platform-independent, cheap to copy, and unbiased enough to deal cards."""

from __future__ import annotations

from collections import Counter

import pytest

from ludoverse.core.rng import Rng


def test_known_outputs_never_change() -> None:
    """Saved games and records depend on these exact numbers: changing them breaks replays."""
    r = Rng(42)
    assert [r.next32() for _ in range(5)] == [
        3270867926, 1795671209, 1924641435, 1143034755, 4121910957,
    ]
    r = Rng(7)
    assert [r.below(10) for _ in range(10)] == [7, 2, 2, 2, 2, 9, 6, 2, 0, 8]
    cards = list(range(10))
    Rng(1).shuffle(cards)
    assert cards == [8, 2, 6, 1, 3, 0, 7, 4, 5, 9]


def test_same_seed_same_stream_and_seeds_differ() -> None:
    a, b, c = Rng(5), Rng(5), Rng(6)
    sa = [a.next32() for _ in range(20)]
    assert sa == [b.next32() for _ in range(20)]
    assert sa != [c.next32() for _ in range(20)]


def test_state_round_trips_through_an_int() -> None:
    r = Rng(9)
    r.next32()
    saved = r.state
    assert isinstance(saved, int) and 0 <= saved < 2**64
    first = [r.next32() for _ in range(5)]
    assert [Rng(state=saved).next32() for _ in range(1)] == first[:1]
    again = Rng(state=saved)
    assert [again.next32() for _ in range(5)] == first


def test_copy_is_independent_and_equal() -> None:
    r = Rng(3)
    c = r.copy()
    assert c == r and hash(c) == hash(r) and c is not r
    c.next32()
    assert c != r
    assert r != "not an rng"


def test_spawn_advances_the_parent_and_gives_a_new_stream() -> None:
    r = Rng(11)
    before = r.state
    child = r.spawn()
    assert r.state != before
    assert [child.next32() for _ in range(5)] != [r.next32() for _ in range(5)]


def test_below_stays_in_range_and_covers_it() -> None:
    r = Rng(1)
    for n in (1, 2, 3, 7, 52, 2**32):
        draws = [r.below(n) for _ in range(200)]
        assert all(0 <= d < n for d in draws)
    counts = Counter(r.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())


@pytest.mark.parametrize("n", [0, -3])
def test_below_refuses_an_empty_range(n: int) -> None:
    with pytest.raises(ValueError):
        Rng(0).below(n)


def test_random_choice_and_shuffle() -> None:
    r = Rng(2)
    xs = [r.random() for _ in range(1000)]
    assert all(0.0 <= x < 1.0 for x in xs)
    assert 0.4 < sum(xs) / len(xs) < 0.6
    assert r.choice(["only"]) == "only"
    assert {r.choice((1, 2, 3)) for _ in range(100)} == {1, 2, 3}
    deck = list(range(32))
    r.shuffle(deck)
    assert sorted(deck) == list(range(32)) and deck != list(range(32))
    empty: list[int] = []
    r.shuffle(empty)
    assert empty == []


def test_repr_shows_the_state() -> None:
    assert repr(Rng(state=255)) == "Rng(state=0xff)"


def test_shuffle_is_fisher_yates_over_below() -> None:
    """The inlined shuffle must draw exactly what ``below(i + 1)`` would: records replay on it."""
    for seed in range(200):
        fast, slow = Rng(seed), Rng(seed)
        items = list(range(seed % 40))
        expected = list(items)
        fast.shuffle(items)
        for i in range(len(expected) - 1, 0, -1):
            j = slow.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected and fast.state == slow.state
