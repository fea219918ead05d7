"""The PARADOX game log as sentences a player would say ("You take Alphoria Past from Stable
2.", "The Quake moves 3 spaces to Null Beta, which fractures.").

:func:`event_text` reads only the event. Cards and Worlds are numbers in the engine; their
names come from the shipped content (a World the content does not know reads "World 7"), and
Research Goals are named by their content id.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ludoverse.core.api import Event
from ludoverse.core.words import listing, seat_word, seats
from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G

_NUMBERS = ("no", "one", "two", "three", "four", "five")


def _content() -> Any:
    from ludoverse.games.paradox.content import default_content

    return default_content()


def world(w: object) -> str:
    worlds = _content().worlds
    if isinstance(w, int) and 0 <= w < len(worlds):
        return worlds[w].name
    return f"World {w + 1}" if isinstance(w, int) else str(w)


def card(c: object) -> str:
    """A card's name as the board shows it ("Alphoria Past", "Flare 2")."""
    if not isinstance(c, int) or not 0 <= c < K.NUM_CARDS:
        return f"card {c}"
    worlds = _content().worlds
    w = K.world_of(c)
    if w >= len(worlds):
        base = f"World {w + 1}"
        return f"{base} Nexus" if K.is_nexus(c) else f"{base} {K.SPACES[K.era_of(c)]}"
    return K.name(c, tuple(x.name for x in worlds))


def cards(cs: Sequence[object]) -> str:
    return listing([card(c) for c in cs])


def _goal(ident: object) -> str:
    for g in _content().research_goals:
        if g.id == ident:
            return g.name
    return str(ident).replace("_", " ").title()


def _plural(n: object, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _space(c: object) -> str:
    return A.space_name(c) if isinstance(c, int) else str(c)


class Say:
    """How one entry names its seat for one viewer: "You swap" / "Seat 2 swaps"."""

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
        return "your" if self.mine else "their"

    @property
    def mine(self) -> bool:
        return self.seat is not None and self.seat == self.viewer

    def v(self, you: str, other: str) -> str:
        return you if self.mine else other


def event_text(event: Event, viewer: int | None) -> str:
    """The sentence for one log entry, for ``viewer`` (``None``: a spectator)."""
    fn = _TEXTS.get(event.kind)
    if fn is None:
        return f"{event.kind.replace('_', ' ').capitalize()}."
    return fn(event.data, viewer, Say(event.data.get("seat"), viewer))


def _notes(d: dict[str, Any]) -> str:
    """What a draw from the deck brought besides its cards: a reshuffle, Nebulas."""
    out = []
    if d.get("reshuffled"):
        out.append(f" The discard pile ({_plural(d['reshuffled'], 'card')}) is shuffled into a "
                   "new deck.")
    nebulas = d.get("nebulas") or []
    if nebulas:
        verb = "covers" if len(nebulas) == 1 else "cover"
        out.append(f" {cards(nebulas)} {verb} the Anomaly.")
    return "".join(out)


def _setup(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    n = d.get("players")
    count = _NUMBERS[n].capitalize() if isinstance(n, int) and 0 < n < len(_NUMBERS) else n
    text = f"{count} players."
    cs = d.get("chief_scientist")
    if isinstance(cs, int):
        text += (f" {seat_word(cs, viewer, start=True)} {'are' if cs == viewer else 'is'} the "
                 "first Chief Scientist.")
    goals = d.get("goals") or []
    text += (f" Research Goals: {listing([_goal(g) for g in goals])}." if goals
             else " No Research Goals (a Training Mission).")
    return text + _notes(d)


def _turn(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    cs = d.get("chief_scientist")
    text = f"Turn {d.get('turn')} begins."
    if isinstance(cs, int):
        text += (f" {seat_word(cs, viewer, start=True)} {'are' if cs == viewer else 'is'} the "
                 "Chief Scientist.")
    return text


def _strand(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    shape = d.get("shape")
    name = G.SHAPES[shape].name if isinstance(shape, int) and 0 <= shape < G.NUM_SHAPES \
        else "Strand"
    more = len(d.get("shapes") or []) - 1
    extra = f", joined by {_plural(more, 'more shape')}" if more > 0 else ""
    n = d.get("resources")
    return (f"{x.who()} {x.v('make', 'makes')} a {d.get('colour')} {name}{extra}: "
            f"{_plural(n, d.get('colour', '') + ' resource')}.")


def _quake(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    w = d.get("world")
    steps = d.get("steps")
    where = world(w) if isinstance(w, int) and w >= 0 else f"space {_int(d.get('space')) + 1}"
    text = f"The Quake moves {_plural(steps, 'space')} to {where}"
    effect = d.get("effect")
    if effect == "fractured":
        text += ", which fractures"
    elif effect == "shield_broken":
        text += ", whose shield breaks"
    elif isinstance(w, int) and w >= 0:
        text += ", which is unharmed"
    return text + "."


def _int(v: object) -> int:
    return v if isinstance(v, int) else 0


def _maelstrom(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    if d.get("exhausted"):
        return "The Maelstrom triggers, but no Maelstrom card is left."
    c = d.get("card", -1)
    turned = d.get("turned") or []
    notes = _notes({"reshuffled": d.get("reshuffled")})
    if not isinstance(c, int) or c < 0:
        shown = f"{cards(turned)} is turned up and discarded" if turned else "no card is left"
        return f"The Maelstrom triggers: {shown}, so no Maelstrom comes of it.{notes}"
    text = f"The Maelstrom triggers: a Maelstrom card is laid over {card(c)}"
    discarded = [t for t in turned if t != c]
    if discarded:
        text += f" (first turned up and discarded: {cards(discarded)})"
    replaced = d.get("replaced", -1)
    if isinstance(replaced, int) and replaced >= 0:
        text += f"; the unclaimed one over {card(replaced)} leaves play"
    return text + "." + notes


def _game_end(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    broken = d.get("fractured") or []
    text = "The game ends and the score piles are turned up."
    if broken:
        verb = "is" if len(broken) == 1 else "are"
        text += f" {listing([world(w) for w in broken])} {verb} still Fractured."
    else:
        text += " No World is Fractured."
    secrets = [(p, g) for p, g in enumerate(d.get("secret_objectives") or []) if g]
    if secrets:
        text += " Secret Objectives: " + "; ".join(
            f"{seat_word(p, viewer)}, {_goal(g)}" for p, g in secrets) + "."
    return text


def _final(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    scores = d.get("scores") or []
    return "Final scores: " + listing(
        [f"{seat_word(p, viewer)} {s} VP" for p, s in enumerate(scores)]) + "."


def _flare_benefit(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    if "line" in d:
        what = f"discard and refill {d['line']}"
    else:
        what = f"discard the disc at {_space(d.get('space'))} and refill"
    return f"{x.who()} {x.v('use', 'uses')} {card(d.get('card'))} to {what}."


def _wipe(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    spaces = d.get("spaces") or []
    if len(spaces) == 1:
        where = f"the disc at {_space(spaces[0])}"
    elif spaces and all(isinstance(c, int) for c in spaces):
        rows = {c // G.SIZE for c in spaces}
        cols = {c % G.SIZE for c in spaces}
        if len(spaces) == G.SIZE and len(rows) == 1:
            where = f"row {rows.pop() + 1}"
        elif len(spaces) == G.SIZE and len(cols) == 1:
            where = f"column {cols.pop() + 1}"
        else:
            where = f"the discs at {listing([_space(c) for c in spaces])}"
    else:
        where = "no disc"
    return f"{x.who()} {x.v('discard', 'discards')} {where} from {x.own()} Matrix."


def _refill(d: dict[str, Any], viewer: int | None, x: Say, rebuilt: bool = False) -> str:
    n = len(d.get("discs") or [])
    text = (f"{x.who()} {x.v('rebuild', 'rebuilds')} {x.own()} locked Matrix with 25 new discs"
            if rebuilt else f"{x.whose(start=True)} Matrix is refilled with {_plural(n, 'disc')}")
    purple = d.get("purple")
    if purple:
        text += (f"; {_plural(purple, 'purple Trigger Disc')} {'is' if purple == 1 else 'are'} "
                 "set aside")
    return text + "."


def _matrix_phase(d: dict[str, Any], viewer: int | None, x: Say) -> str:
    text = f"{x.whose(start=True)} Matrix phase begins"
    if d.get("locked"):
        text += f": {x.own()} Matrix is locked, so a rebuild is offered"
    return text + "."


_T = Callable[[dict[str, Any], "int | None", Say], str]
_LEVELS = {1: "rows and columns", 2: "boxes", 3: "diagonals"}

_TEXTS: dict[str, _T] = {
    "setup": _setup,
    "turn": _turn,
    "strand": _strand,
    "quake": _quake,
    "maelstrom": _maelstrom,
    "game_end": _game_end,
    "final_scores": _final,
    "flare_benefit": _flare_benefit,
    "wipe": _wipe,
    "refill": _refill,
    "rebuild": lambda d, v, x: _refill(d, v, x, rebuilt=True),
    "matrix_phase": _matrix_phase,
    "secret_objective": lambda d, _, x:
        f"{x.whose(start=True)} Secret Objective is {_goal(d.get('goal'))}.",
    "research_hand": lambda d, _, x:
        f"{x.who()} {x.v('draw', 'draws')} a Research Hand of "
        f"{_plural(d.get('size'), 'card')}.{_notes(d)}",
    "research_hand_cards": lambda d, _, x:
        f"{x.whose(start=True)} Research Hand: {cards(d.get('cards') or [])}.",
    "draft": lambda d, _, x:
        f"{x.who()} {x.v('take', 'takes')} {card(d.get('card'))} from "
        f"{'the ' if d.get('source') == 'Research Hand' else ''}{d.get('source')}.",
    "pass_pick": lambda d, _, x: f"{x.who()} {x.v('take', 'takes')} no card.",
    "hand_returned": lambda d, _, x:
        f"{x.who()} {x.v('put', 'puts')} {_plural(d.get('cards'), 'card')} back on top of the "
        "deck.",
    "swap": lambda d, _, x:
        f"{x.who()} {x.v('swap', 'swaps')} the discs at "
        f"{listing([_space(c) for c in d.get('spaces') or []])}.",
    "swap_anomaly": lambda d, _, x:
        f"{x.who()} {x.v('swap', 'swaps')} the disc at {_space(d.get('space'))} with the "
        "Anomaly.",
    "end_matrix_phase": lambda d, _, x:
        f"{x.who()} {x.v('end', 'ends')} {x.own()} Matrix phase.",
    "lost": lambda d, _, x:
        f"{x.who()} {x.v('lose', 'loses')} {card(d.get('card'))}: it falls off the Danger! "
        "space.",
    "allocate": lambda d, _, x:
        f"{x.who()} {x.v('put', 'puts')} a {d.get('colour')} resource on {card(d.get('card'))}.",
    "repaired": lambda d, _, x:
        f"{x.who()} {x.v('repair', 'repairs')} {card(d.get('card'))}; it goes to {x.own()} "
        "score pile.",
    "nexus_repaired": lambda d, _, x:
        f"{x.who()} {x.v('repair', 'repairs')} {card(d.get('card'))}; its Shield token returns "
        "to the supply.",
    "nexus_wiped": lambda d, _, x:
        f"{x.who()} {x.v('lose', 'loses')} {card(d.get('card'))}: its shielded disc was "
        "discarded.",
    "stabilised": lambda d, _, x:
        f"{x.who()} {x.v('stabilise', 'stabilises')} {world(d.get('world'))} with a "
        f"{d.get('colour')} resource.",
    "shielded": lambda d, _, x:
        f"{x.who()} {x.v('shield', 'shields')} {world(d.get('world'))} with a "
        f"{d.get('colour')} resource.",
    "resource_lost": lambda d, _, x:
        f"{x.who()} {x.v('let', 'lets')} a {d.get('colour')} resource go.",
    "alliance": lambda d, _, x:
        f"{x.who()} {x.v('take', 'takes')} the {d.get('colour')} Alliance.",
    "alliance_used": lambda d, _, x:
        f"{x.who()} {x.v('use', 'uses')} the {d.get('colour')} Alliance as a resource.",
    "alliance_broken": lambda d, v, x:
        f"{x.who()} {x.v('break', 'breaks')} "
        f"{seats(d['holder'], v) if isinstance(d.get('holder'), int) else 'a'} "
        f"{d.get('colour')} Alliance.",
    "allocate_maelstrom": lambda d, _, x:
        f"{x.who()} {x.v('pay', 'pays')} a {d.get('colour')} resource towards the Maelstrom.",
    "maelstrom_claimed": lambda d, _, x:
        f"{x.who()} {x.v('claim', 'claims')} the Maelstrom and {x.v('score', 'scores')} "
        f"{card(d.get('card'))}.",
    "breakthrough": lambda d, _, x: f"{x.who()} {x.v('use', 'uses')} {card(d.get('card'))}.",
    "flare_step": lambda d, _, x:
        f"{x.whose(start=True)} {card(d.get('card'))} advances to step {d.get('step')} of 3.",
    "flare_scored": lambda d, _, x:
        f"{x.who()} {x.v('complete', 'completes')} {card(d.get('card'))}; it goes to "
        f"{x.own()} score pile.",
    "flare_spent": lambda d, _, x:
        f"{x.who()} {x.v('spend', 'spends')} {card(d.get('card'))} for an extra action.",
    "flare_declined": lambda d, _, x:
        f"{x.who()} {x.v('skip', 'skips')} a benefit of {card(d.get('card'))}.",
    "matrix_level": lambda d, _, x:
        f"The Matrix scenario moves to level {d.get('level')} "
        f"({_LEVELS.get(d.get('level'), 'new shapes')}).",
    "wormhole": lambda d, _, x: f"Cleanup: the Wormhole is refilled.{_notes(d)}",
    "fracture_discard": lambda d, _, x:
        f"{x.who()} {x.v('discard', 'discards')} {card(d.get('card'))}, whose World is "
        "Fractured.",
}
