"""How game texts name seats, so every viewer reads "you" for themselves and a name for others.

Games write a seat they mention with :func:`seat_word` ("you" / "Seat 3") and its possessive
with :func:`seats` ("your" / "Seat 3's"). Seats are shown counted from 1, as players count
them. Where the players' names are known (a server table, a replay), the display layer turns
each "Seat N" into that player's name with :func:`name_seats`; everywhere else the text reads
well as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

_SEAT = re.compile(r"\bSeat (\d+)\b")


def seat_word(seat: int, viewer: int | None, *, start: bool = False) -> str:
    """``"you"`` for the viewer (``"You"`` at the ``start`` of a sentence), else ``"Seat N"``."""
    if seat == viewer:
        return "You" if start else "you"
    return f"Seat {seat + 1}"


def seats(seat: int, viewer: int | None, *, start: bool = False) -> str:
    """The possessive: ``"your"`` for the viewer, else ``"Seat N's"``."""
    if seat == viewer:
        return "Your" if start else "your"
    return f"Seat {seat + 1}'s"


def verb(seat: int, viewer: int | None, you: str, other: str) -> str:
    """The verb form that agrees with :func:`seat_word` (``"play"`` for you, ``"plays"``)."""
    return you if seat == viewer else other


def name_seats(text: str, names: Sequence[str]) -> str:
    """Replace every ``Seat N`` in ``text`` by the N-th name (one pass: a name that itself
    reads "Seat 2" is not replaced again). Numbers without a name are left as they are."""
    if not names:
        return text

    def one(m: re.Match[str]) -> str:
        n = int(m.group(1))
        return names[n - 1] if 1 <= n <= len(names) and names[n - 1] else m.group(0)

    return _SEAT.sub(one, text)


def default_names(players: int) -> list[str]:
    """``Seat 1`` … ``Seat N``: the names of an anonymous table."""
    return [f"Seat {i + 1}" for i in range(players)]


def listing(items: Sequence[str], conj: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items) or "nothing"
    return f"{', '.join(items[:-1])} {conj} {items[-1]}"


def told(game: Any, event: Any, viewer: int | None, names: Sequence[str]) -> dict[str, Any]:
    """An event as JSON for ``viewer``, with its sentence (``text``) naming the players."""
    return {**event.to_json(), "text": name_seats(game.event_text(event, viewer), names)}
