"""How texts name seats: "you" for the viewer, "Seat N" (from 1) for the others, and names
where a table knows them."""

from __future__ import annotations

from ludoverse.core.words import listing, name_seats, seat_word, seats, verb


def test_the_viewer_is_you_and_the_others_are_counted_from_one() -> None:
    assert seat_word(0, 0, start=True) == "You"
    assert seat_word(0, 1) == "Seat 1"
    assert seats(2, 2) == "your" and seats(2, None) == "Seat 3's"
    assert f"{seat_word(1, 1, start=True)} {verb(1, 1, 'play', 'plays')} D7" == "You play D7"
    assert f"{seat_word(1, 0)} {verb(1, 0, 'play', 'plays')} D7" == "Seat 2 plays D7"


def test_names_replace_seats_once_and_only_known_ones() -> None:
    names = ["Ada", "Seat 1", ""]
    text = "Seat 1 attacks Seat 2's planet; Seat 3 and Seat 9 watch; Seat 10 too"
    assert name_seats(text, names) == (
        "Ada attacks Seat 1's planet; Seat 3 and Seat 9 watch; Seat 10 too")
    assert name_seats("Seat 1", []) == "Seat 1"


def test_listing_reads_like_a_sentence() -> None:
    assert listing([]) == "nothing"
    assert listing(["A"]) == "A"
    assert listing(["A", "B"]) == "A and B"
    assert listing(["A", "B", "C"], "or") == "A, B or C"
