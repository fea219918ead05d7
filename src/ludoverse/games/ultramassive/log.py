"""The ULTRAMASSIVE game log as sentences a player would say ("You Orbit the blue Channel
twice.", "Seat 2's Black Hole absorbs a Blue Giant Star (+2 Solar Mass).").

:func:`event_text` reads only the event. Events carry names where the engine knows them;
content ids (Challenges, Draft tokens, Resource cards) are looked up in the shipped content,
and an id that is not there (a game played with the owner's own cards) is spelled out
readably instead.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ludoverse.core.api import Event
from ludoverse.core.words import listing, seat_word, seats, verb
from ludoverse.games.ultramassive import board as B

_TOKENS = dict(zip(B.TOKEN_IDS, B.TOKEN_NAMES, strict=True))
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_TIMES = {1: "once", 2: "twice", 3: "three times"}
_SPACE = re.compile(r"^(blue|pink) (\d+)$")


def _content() -> Any:
    from ludoverse.games.ultramassive.content import default_content

    return default_content()


def _pretty_id(ident: object) -> str:
    """A readable name for a content id the shipped content does not know."""
    words = str(ident).replace("_", " ").strip()
    return words[:1].upper() + words[1:] if words else "an unknown card"


def _challenge(ident: object) -> str:
    for c in _content().challenges:
        if c.id == ident:
            return c.name
    return _pretty_id(ident)


def _draft_token(ident: object) -> str:
    tokens = _content().draft_tokens
    if isinstance(ident, int) and 0 <= ident < len(tokens):
        ident = tokens[ident].id
    return _pretty_id(str(ident).removeprefix("token_")).title()


def _resource_card(ident: object) -> str:
    for r in _content().resource_cards:
        if r.id == ident:
            return f"“{r.text.rstrip('.')}”"
    return f"“{_pretty_id(ident)}”"


def _action_cards(ids: Sequence[object]) -> list[str]:
    deck = _content().deck
    return [deck[i].name if isinstance(i, int) and 0 <= i < len(deck) else f"Action Card {i}"
            for i in ids]


def space(where: object) -> str:
    """``"blue 3"`` or a cell number as a player says it: ``"blue space 3"``."""
    if isinstance(where, int):
        where = B.space_name(where)
    m = _SPACE.match(str(where))
    return f"{m.group(1)} space {m.group(2)}" if m else str(where)


def token(t: object, n: int = 1) -> str:
    """``"a Blue Giant Star"``, ``"2 Supergiant Stars"``, ``"3 Major Antimatter tokens"``."""
    name = _TOKENS.get(str(t), str(t).replace("_", " "))
    if n == 1:
        return f"a {name}"
    plural = f"{name} tokens" if "Antimatter" in name else f"{name}s"
    return f"{n} {plural}"


def tokens(ts: Sequence[object]) -> str:
    counts = Counter(B.TOKEN_IDS[t] if isinstance(t, int) and 0 <= t < B.NUM_TOKENS else str(t)
                     for t in ts)
    return listing([token(t, n) for t, n in counts.items()])


def _amount(n: object, what: str) -> str:
    return f"{n} {what}"


def _times(n: object) -> str:
    return _TIMES.get(n, f"{n} times") if isinstance(n, int) else f"{n} times"


def _cards(n: object) -> str:
    return f"{n} Action Card{'' if n == 1 else 's'}"


class Say:
    """How one entry names its seat for one viewer: "You draw" / "Seat 2 draws"."""

    def __init__(self, seat: object, viewer: int | None) -> None:
        self.seat = seat if isinstance(seat, int) else None
        self.viewer = viewer

    def who(self, start: bool = True) -> str:
        if self.seat is None:
            return "Someone" if start else "someone"
        return seat_word(self.seat, self.viewer, start=start)

    def whose(self, start: bool = False) -> str:
        """The possessive where no subject came before: "your" / "Seat 2's"."""
        if self.seat is None:
            return "Their" if start else "their"
        return seats(self.seat, self.viewer, start=start)

    def own(self) -> str:
        """The possessive after the subject: "your" / "their"."""
        return "your" if self.seat is not None and self.seat == self.viewer else "their"

    def v(self, you: str, other: str) -> str:
        return you if self.seat is not None and self.seat == self.viewer else other


def event_text(event: Event, viewer: int | None) -> str:
    """The sentence for one log entry, for ``viewer`` (``None``: a spectator)."""
    fn = _TEXTS.get(event.kind)
    if fn is None:
        return f"{event.kind.replace('_', ' ').capitalize()}."
    return fn(event.data, viewer, Say(event.data.get("seat"), viewer))




def _quote(text: object) -> str:
    return f"“{text}”"


def _setup(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    n = d.get("players", 0)
    count = _NUMBERS[n].capitalize() if isinstance(n, int) and 0 < n < len(_NUMBERS) else n
    if n == 1:
        parts = ["A solo game."]
    else:
        start = d.get("starting_player")
        starter = (f"{seat_word(start, viewer, start=True)} "
                   f"{verb(start, viewer, 'start', 'starts')}" if isinstance(start, int) else "")
        parts = [f"{count} players.", f"{starter}." if starter else ""]
    challenges = d.get("challenges") or []
    if challenges:
        parts.append(f"Solo challenges: {listing([_challenge(c) for c in challenges])}.")
    tokens_ = d.get("draft_tokens") or []
    if tokens_:
        parts.append(f"Draft tokens: {listing([_draft_token(t) for t in tokens_])}.")
    return " ".join(p for p in parts if p)


def _dealt(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    names = d.get("names") or _action_cards(d.get("hand") or [])
    text = f"{x.who()} {x.v('are', 'is')} dealt {listing(names)}"
    cores = d.get("cores") or []
    if cores:
        kind = "Core Anomaly" if len(cores) == 1 else "Core Anomalies"
        text += f", and {x.v('draw', 'draws')} the {kind} {listing(cores)}"
    return text + "."


def _drew(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    names = d.get("names") or _action_cards(d.get("cards") or [])
    return f"{x.who()} {x.v('draw', 'draws')} {listing(names)}."


def _game_over(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    scores = [int(x) if float(x).is_integer() else x for x in d.get("scores") or []]
    winners = [w for w in d.get("winners") or [] if isinstance(w, int)]
    reason = str(d.get("reason") or "")
    if len(scores) == 1:
        won = bool(winners)
        detail = reason.split(": ", 1)[1] if ": " in reason else ""
        head = seat_word(0, viewer)
        text = f"Game over: {head} {'win' if viewer == 0 else 'wins'}" if won else \
            f"Game over: {head} {'lose' if viewer == 0 else 'loses'}"
        if detail:
            detail = re.sub(r"\s*\((easy|normal|hard)\)$", "", detail)
            text += f" with {detail}"
        return text + "."
    table = listing([f"{seat_word(p, viewer)} {s}" for p, s in enumerate(scores)])
    if not winners:
        return f"Game over: nobody wins (Solar Mass: {table})."
    names = listing([seat_word(w, viewer) for w in winners])
    names = names[:1].upper() + names[1:]
    if len(winners) == 1:
        won = "win" if winners[0] == viewer else "wins"
        tie = " on the tie-break" if "tie" in reason else ""
    else:
        won, tie = "share the win", ""
    return f"Game over: {names} {won}{tie} (Solar Mass: {table})."


def _round(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    start = d.get("starting_player")
    text = f"Round {d.get('round')} begins."
    if isinstance(start, int):
        text += (f" {seat_word(start, viewer, start=True)} "
                 f"{verb(start, viewer, 'hold', 'holds')} the Starting Player token.")
    return text


def _gain_x(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    what = {"solar_mass": "Solar Mass", "discovery": "Discovery"}.get(
        str(d.get("resource")), str(d.get("resource")).replace("_", " "))
    return f"{x.who()} {x.v('gain', 'gains')} {d.get('n')} {what}."


def _absorb(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    sm = d.get("solar_mass")
    gained = f" (+{sm} Solar Mass)" if sm else ""
    return f"{x.whose(start=True)} Black Hole absorbs {tokens(d.get('tokens') or [])}{gained}."


def _remove(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    where = d.get("space")
    place = f"{x.own()} drafted resources" if where == "drafted" else space(where)
    return f"{x.who()} {x.v('remove', 'removes')} {token(d.get('token'))} from {place}."


def _challenge_done(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    return (f"{x.who()} {x.v('complete', 'completes')} the Challenge {d.get('challenge')} "
            f"(+{d.get('solar_mass')} Solar Mass).")


def _discover(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    return (f"{x.who()} {x.v('discover', 'discovers')} {d.get('anomaly')} for "
            f"{d.get('cost')} Discovery.")


def _resource_cards(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    cards = [_resource_card(c) for c in d.get("cards") or []]
    return f"Resource cards on offer: {listing(cards, 'or')}."


_T = Callable[[dict[str, Any], "int | None", Say], str]

_TEXTS: dict[str, _T] = {
    "setup": _setup,
    "dealt": _dealt,
    "round": _round,
    "game_over": _game_over,
    "drew": _drew,
    "absorb": _absorb,
    "remove": _remove,
    "challenge": _challenge_done,
    "discover": _discover,
    "resource_cards": _resource_cards,
    "gain_x": _gain_x,
    "place_wormhole": lambda d, _, x:
        f"{x.who()} {x.v('place', 'places')} a Wormhole on {space(d.get('space'))}.",
    "pick": lambda d, _, x:
        f"{x.who()} {x.v('draft', 'drafts')} {_quote(d.get('option'))} from Draft set "
        f"{d.get('set')}.",
    "gain_resource": lambda d, _, x:
        f"{x.who()} {x.v('gain', 'gains')} {x.own()} drafted resource: "
        f"{_quote(d.get('resource'))}.",
    "place": lambda d, _, x:
        f"{x.who()} {x.v('place', 'places')} {token(d.get('token'))} on {space(d.get('space'))}.",
    "detonate": lambda d, _, x:
        f"Detonation on {x.whose()} {space(d.get('space'))}: "
        f"{tokens(d.get('tokens') or [])} {'are' if len(d.get('tokens') or []) > 1 else 'is'} "
        "destroyed.",
    "orbit": lambda d, _, x:
        f"{x.who()} {x.v('Orbit', 'Orbits')} the {d.get('channel')} Channel "
        f"{_times(d.get('times'))}.",
    "wormholes": lambda d, _, x:
        f"{x.who()} {x.v('activate', 'activates')} {x.own()} Wormholes on "
        f"{listing([space(x) for x in d.get('spaces') or []])}.",
    "expand": lambda d, _, x:
        f"{x.whose(start=True)} Black Hole grows to {d.get('size')}.",
    "no_discovery": lambda d, _, x:
        f"{x.who()} {x.v('discover', 'discovers')} nothing this round.",
    "core_anomaly": lambda d, _, x:
        f"{x.who()} {x.v('discover', 'discovers')} the Core Anomaly {d.get('core')}.",
    "play": lambda d, _, x: f"{x.who()} {x.v('play', 'plays')} {d.get('card')}.",
    "use_effect": lambda d, _, x:
        f"{x.who()} {x.v('use', 'uses')} the Effect of {d.get('anomaly')}.",
    "exchange": lambda d, _, x:
        f"{x.who()} {x.v('exchange', 'exchanges')} 1 Discovery for 1 Solar Mass.",
    "end_actions": lambda d, _, x:
        f"{x.who()} {x.v('end', 'ends')} {x.own()} Actions phase.",
    "discovery": lambda d, _, x:
        f"{x.who()} {x.v('gain', 'gains')} {_amount(d.get('n'), 'Discovery')}.",
    "lose_discovery": lambda d, _, x:
        f"{x.who()} {x.v('lose', 'loses')} {_amount(d.get('n'), 'Discovery')}.",
    "solar_mass": lambda d, _, x:
        f"{x.who()} {x.v('gain', 'gains')} {_amount(d.get('n'), 'Solar Mass')}.",
    "siphon": lambda d, _, x: f"{x.who()} {x.v('Siphon', 'Siphons')}.",
    "open_wormholes": lambda d, _, x:
        f"{x.who()} {x.v('reopen', 'reopens')} all {x.own()} Wormholes.",
    "reshuffle": lambda d, _, x:
        f"The discard pile is shuffled into a new Action deck of {d.get('cards')} cards.",
    "draw": lambda d, _, x: f"{x.who()} {x.v('draw', 'draws')} {_cards(d.get('count'))}.",
    "returned": lambda d, _, x:
        f"{token(d.get('token'))[:1].upper()}{token(d.get('token'))[1:]} finds no room on "
        f"{x.whose()} board and goes back to the supply.",
    "pull": lambda d, _, x:
        f"{x.who()} {x.v('pull', 'pulls')} the stack on {space(d.get('space'))} into "
        f"{x.own()} Black Hole.",
    "move_wormhole": lambda d, _, x:
        f"{x.who()} {x.v('move', 'moves')} a Wormhole from {space(d.get('frm'))} to "
        f"{space(d.get('to'))}.",
    "pay": lambda d, _, x:
        f"{x.who()} {x.v('pay', 'pays')} {_amount(d.get('discovery'), 'Discovery')}.",
    "empowered": lambda d, _, x:
        f"{x.who()} {x.v('use', 'uses')} the Empowered effect of {d.get('card')}.",
    "discard": lambda d, _, x: f"{x.who()} {x.v('discard', 'discards')} {d.get('card')}.",
    "bonus_skipped": lambda d, _, x:
        f"No Solar Mass Bonus this round: {d.get('reason', 'every Black Hole is the same size')}.",
    "bonus": lambda d, _, x:
        f"Solar Mass Bonus: {x.who(start=False)} {x.v('gain', 'gains')} "
        f"{_amount(d.get('solar_mass'), 'Solar Mass')}.",
    "wormholes_reopen": lambda d, _, x:
        "All Wormholes reopen, and each player may move theirs.",
    "draft": lambda d, _, x: f"The Resource Draft of round {d.get('round')} begins.",
    "draft_tokens": lambda d, _, x:
        f"Draft tokens: {listing([_draft_token(t) for t in d.get('tokens') or []])}.",
    "resource_card": lambda d, _, x:
        f"{x.who()} {x.v('keep', 'keeps')} the Resource card {_resource_card(d.get('card'))}.",
}
