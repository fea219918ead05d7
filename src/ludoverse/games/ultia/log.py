"""ULTIA's log as the sentences a player would say at the table, for one viewer.

Events carry card codes ("D7") and plan ids; these read as "Drill 7" and the plan's name.
Plan names come from the shipped lists (a table with its own list whose ids are not ours
still reads well: the id is spelled out as words). Each sentence says only what its event
holds, so it is as secret as the event it describes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from ludoverse.core.api import Event
from ludoverse.core.words import listing, seat_word, seats, verb
from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia.content import PLAN_LISTS, default_plans


@cache
def _plan_names() -> dict[str, str]:
    """Plan id -> name over every shipped list (the no-trump list holds the standard one)."""
    return {p.id: p.name for name in PLAN_LISTS for p in default_plans(name).plan}


def plan_name(plan_id: Any) -> str:
    """A plan's name, or its id spelled as words when the plan is not one of ours."""
    text = str(plan_id)
    return _plan_names().get(text) or text.replace("_", " ").title()


def card_name(code: Any) -> str:
    """``"D7"`` -> ``"Drill 7"``; anything else is shown as it is."""
    try:
        return C.name(C.parse(str(code)))
    except ValueError:
        return str(code)


def _cards(codes: Any) -> str:
    return listing([card_name(c) for c in codes or ()])


def _pct(value: Any) -> str:
    """``12.5`` -> ``"12.5%"``, ``10.0`` -> ``"10%"``."""
    v = float(value)
    return f"{v:g}%"


def _who(seat: int, viewer: int | None, you: str, other: str, start: bool = True) -> str:
    """"You pass" / "Seat 2 passes"."""
    return f"{seat_word(seat, viewer, start=start)} {verb(seat, viewer, you, other)}"


def _group(group: list[int], viewer: int | None) -> str:
    """Several seats with the viewer named last: "Seat 1 and you"."""
    order = sorted(group, key=lambda p: (p == viewer, p))
    return listing([seat_word(p, viewer) for p in order])


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _deal(d: dict[str, Any], v: int | None) -> str:
    sizes = list(d.get("hand_sizes") or ())
    dealer = int(d["dealer"])
    text = f"Year {d['round']} begins: {_who(dealer, v, 'deal', 'deals', start=False)}."
    if dealer < len(sizes):
        others = sorted({sizes[p] for p in range(len(sizes)) if p != dealer})
        rest = f" and the others {others[0]} each" if len(others) == 1 else ""
        text += f" The dealer holds {sizes[dealer]} cards{rest}."
    return text


def _report(d: dict[str, Any], v: int | None) -> str:
    main = int(d["main"])
    name = plan_name(d["plan"])
    gains = [float(g) for g in d.get("gains") or ()]
    stake = f" (Overwork raised the stake to {_pct(d['progress'])})" if d.get("overwork") else ""
    if d.get("success"):
        gain = _pct(gains[main]) if main < len(gains) else _pct(d["progress"])
        return (f"{seats(main, v, start=True)} {name} succeeds: "
                f"{seat_word(main, v)} {verb(main, v, 'gain', 'gains')} {gain}{stake}.")
    why = "; ".join(re.sub(r"\b1 tricks\b", "1 trick", str(f)) for f in d.get("failed") or ())
    text = f"{seats(main, v, start=True)} {name} fails"
    text += f": {seat_word(main, v)} {why}." if why else "."
    subs = [p for p, g in enumerate(gains) if p != main and g]
    if subs:
        each = "each gain" if len(subs) > 1 else verb(subs[0], v, "gain", "gains")
        text += f" {_cap(_group(subs, v))} {each} {_pct(max(gains))}{stake}."
    return text


def _rps_throw(d: dict[str, Any], v: int | None) -> str:
    choices = sorted((int(p), str(c)) for p, c in (d.get("choices") or {}).items())
    winners = [int(p) for p in d.get("winners") or ()]
    points = sorted((int(p), int(n)) for p, n in (d.get("points") or {}).items())
    text = f"Rock-paper-scissors: {listing([f'{seat_word(p, v)} {c}' for p, c in choices])}."
    if winners:
        win = "win" if len(winners) > 1 else verb(winners[0], v, "win", "wins")
        text += f" {_cap(_group(winners, v))} {win} the throw."
    else:
        text += " Nobody scores."
    if points:
        text += f" Points: {listing([f'{seat_word(p, v)} {n}' for p, n in points])}."
    return text


def _game_over(d: dict[str, Any], v: int | None) -> str:
    winners = [int(p) for p in d.get("winners") or ()]
    progress = list(d.get("progress") or ())
    if not winners:
        return "The game is over."
    who = _group(winners, v)
    if len(winners) == 1:
        w = winners[0]
        reach = f" with {_pct(progress[w])}" if w < len(progress) else ""
        return f"Game over: {who} {verb(w, v, 'win', 'wins')}{reach}."
    return f"Game over: {who} share the win."


_TEXT: dict[str, Callable[[dict[str, Any], int | None], str]] = {
    "deal": _deal,
    "hand": lambda d, v: f"{seats(d['seat'], v, start=True)} hand: {_cards(d['cards'])}.",
    "declare": lambda d, v: (f"{_who(d['seat'], v, 'declare', 'declares')} "
                             f"{plan_name(d['plan'])} ({_pct(d['progress'])})."),
    "bid_trump": lambda d, v: (f"{_who(d['seat'], v, 'name', 'names')} {d['suit']} as trump "
                               "with the bid."),
    "discard": lambda d, v: f"{_who(d['seat'], v, 'lay', 'lays')} a card face down.",
    "discard_card": lambda d, v: (f"{seats(d['seat'], v, start=True)} card laid face down: "
                                  f"{card_name(d['card'])}."),
    "pass": lambda d, v: f"{_who(d['seat'], v, 'pass', 'passes')}.",
    "take": lambda d, v: (f"{_who(d['seat'], v, 'pick', 'picks')} up the face-down cards "
                          "to bid higher."),
    "took_cards": lambda d, v: (f"{_who(d['seat'], v, 'pick', 'picks')} up "
                                f"{_cards(d['cards'])}."),
    "plan_adopted": lambda d, v: (f"{plan_name(d['plan'])} ({_pct(d['progress'])}) is adopted: "
                                  f"{seat_word(d['main'], v)} "
                                  f"{verb(d['main'], v, 'are', 'is')} the Main Surveyor."),
    "trump": lambda d, v: f"{d['suit']} are trump this year.",
    "no_trump": lambda d, v: "No suit is trump this year.",
    "reveal": lambda d, v: (f"{_who(d['seat'], v, 'show', 'shows')} {_cards(d['cards'])}."
                            if d.get("cards") else
                            f"{_who(d['seat'], v, 'have', 'has')} no card to show."),
    "exploration_begins": lambda d, v: (f"Exploration begins: "
                                        f"{_who(d['leader'], v, 'lead', 'leads', start=False)} "
                                        "the first trick."),
    "play": lambda d, v: (f"{_who(d['seat'], v, 'play', 'plays')} {card_name(d['card'])}"
                          + (f" and {verb(d['seat'], v, 'declare', 'declares')} Overwork"
                             if d.get("overwork") else "") + "."),
    "trick": lambda d, v: (f"{_who(d['winner'], v, 'take', 'takes')} trick {d['number']} "
                           f"({_cards(d['cards'])})."),
    "talon": lambda d, v: f"The face-down cards were {_cards(d['cards'])}.",
    "report": _report,
    "rock_paper_scissors": lambda d, v: (f"Still tied: {_group(list(d['seats']), v)} play "
                                         "rock-paper-scissors, best of three."),
    "rps_choice": lambda d, v: (f"{_who(d['seat'], v, 'choose', 'chooses')} {d['choice']} "
                                "in secret."),
    "rps_chosen": lambda d, v: f"{_who(d['seat'], v, 'have', 'has')} chosen a sign.",
    "rps_throw": _rps_throw,
    "game_over": _game_over,
}


def event_text(event: Event, viewer: int | None) -> str:
    """One log entry as a sentence for ``viewer`` ("You play Drill 7.")."""
    fn = _TEXT.get(event.kind)
    if fn is None:
        return _cap(event.kind.replace("_", " ")) + "."
    return fn(event.data, viewer)
