"""Multiuniversum's log as the sentences a player would say at the table, for one viewer.

Events name cards, portals and tool kinds by their index in the content; the sentence names
them from the shipped content (an index beyond it, from a content file of one's own, reads "a
card" or "a portal"). The virtual scientist of the solo game is lab 1 in events, as a second
player would be; the events it causes say so (``virtual``), and are told as its moves. Each
sentence says only what its event holds.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ludoverse.core.api import Event
from ludoverse.core.words import listing, seat_word, seats, verb
from ludoverse.games.multiuniversum.content import CARD_ACTIONS, default_content

NUMBERS = ("No", "One", "Two", "Three", "Four", "Five")
ACTION_NAMES = {"search": "Search", "ability": "Transformer ability", "move": "Move",
                "seal": "Seal Portal", "recycle": "Recycle"}
VARIANTS = {"basic_scoring": "Basic Scoring (no set bonuses)",
            "deadly_portals": "Deadly Portals",
            "short_game": "Short Game (3 portals a stack)"}
END_MODES = {"finish_round": "the round is played to its end",
             "one_more_each": "everyone else has one more turn",
             "immediate": "the game ends now"}
GAME_OVER = {"end": "enough stacks are empty", "no_cards": "nobody can take an action",
             "round_limit": "the round limit is reached"}
VIRTUAL = "the virtual scientist"


@cache
def _names() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[int, ...],
                      tuple[str, ...]]:
    """Card ids, portal names, tool-kind names, each card's kind and transformer names."""
    c = default_content()
    kinds = [k.id for k in c.tool_kinds]
    by_number = sorted(c.transformers, key=lambda t: t.number)
    return (tuple(x.id for x in c.cards), tuple(p.name for p in c.portals),
            tuple(k.name for k in c.tool_kinds), tuple(kinds.index(x.tool) for x in c.cards),
            tuple(t.name for t in by_number))


def _pick(table: tuple[Any, ...], i: Any) -> Any:
    return table[i] if isinstance(i, int) and 0 <= i < len(table) else None


def card(i: Any) -> str:
    """An action card by its index: its id ("red-04"), or "a card"."""
    return _pick(_names()[0], i) or "a card"


def portal(i: Any) -> str:
    """A portal by its index: its name, or "a portal"."""
    return _pick(_names()[1], i) or "a portal"


def tool(kind: Any) -> str:
    """A tool kind by its index: its name, or "a tool"."""
    return _pick(_names()[2], kind) or "a tool"


def _card_tool(c: Any) -> str:
    kind = _pick(_names()[3], c)
    return f" ({tool(kind)})" if kind is not None else ""


def _cards(cs: Any) -> str:
    return listing([card(c) for c in cs or ()])


def _portals(ps: Any) -> str:
    return listing([portal(p) for p in ps or ()])


def _who(d: dict[str, Any], v: int | None, you: str, other: str, start: bool = True,
         key: str = "seat") -> str:
    """"You move" / "Seat 2 moves" / "The virtual scientist moves"."""
    seat = int(d[key])
    if d.get("virtual"):
        return f"{VIRTUAL.capitalize() if start else VIRTUAL} {other}"
    return f"{seat_word(seat, v, start=start)} {verb(seat, v, you, other)}"


def _whose(d: dict[str, Any], v: int | None, start: bool = True) -> str:
    if d.get("virtual"):
        return "The virtual scientist's" if start else "the virtual scientist's"
    return seats(int(d["seat"]), v, start=start)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _setup(d: dict[str, Any], v: int | None) -> str:
    players = int(d["players"])
    first = int(d["first_player"])
    starts = _who({"seat": first}, v, "start", "starts")
    if players == 1:
        text = f"A solo game against the virtual scientist. {starts}."
    else:
        count = NUMBERS[players] if players < len(NUMBERS) else str(players)
        text = f"{count} players. {starts}."
    if d.get("variant") in VARIANTS:
        text += f" Variant: {VARIANTS[d['variant']]}."
    face_up = [f"{portal(p)} on transformer {t + 1}" for t, p in enumerate(d.get("face_up") or ())
               if isinstance(p, int) and p >= 0]
    if face_up:
        text += f" Face up: {listing(face_up)}."
    return text


def _stacks_shown(d: dict[str, Any], v: int | None) -> str:
    parts = [f"transformer {t + 1} holds {_portals(list(st)[::-1])}"
             for t, st in enumerate(d.get("stacks") or ())]
    return f"Every portal is face up (top first): {'; '.join(parts)}."


def _played(d: dict[str, Any], v: int | None) -> str:
    action = _pick(CARD_ACTIONS, d.get("action"))
    t = d.get("transformer")
    what = ACTION_NAMES.get(action or "", "its action")
    if action == "ability":
        name = _pick(_names()[4], t - 1 if isinstance(t, int) else None)
        what += f" ({name})" if name else ""
    return (f"{_who(d, v, 'play', 'plays')} {card(d.get('card'))} on transformer {t}: "
            f"{what}.")


def _sealed(d: dict[str, Any], v: int | None) -> str:
    t = d.get("transformer")
    text = f"{_who(d, v, 'seal', 'seals')} {portal(d.get('portal'))} on transformer {t}"
    top = d.get("face_up")
    if isinstance(top, int) and top >= 0:
        return f"{text}; {portal(top)} is face up there now."
    return f"{text}; its stack is empty and the transformer is deactivated."


def _rotated(d: dict[str, Any], v: int | None) -> str:
    moves = [f"on transformer {m['transformer']}, {portal(m['sent_down'])} goes under and "
             f"{portal(m['face_up'])} turns up" for m in d.get("stacks") or ()]
    text = f"{_who(d, v, 'rotate', 'rotates')} the stacks"
    return f"{text}: {'; '.join(moves)}." if moves else f"{text}, but no stack has 2 portals."


def _swapped(d: dict[str, Any], v: int | None) -> str:
    x, y = [*(d.get("transformers") or ()), None, None][:2]
    a, b = [*(d.get("face_up") or ()), None, None][:2]
    return (f"{_who(d, v, 'swap', 'swaps')} the face-up portals of transformers {x} and {y}: "
            f"{portal(a)} is now on {x} and {portal(b)} on {y}.")


def _passed(d: dict[str, Any], v: int | None) -> str:
    n = int(d.get("actions") or 0)
    after = f" after {n} action{'s' if n != 1 else ''}" if n else " without an action"
    return f"{_who(d, v, 'pass', 'passes')}{after}."


def _sets(d: dict[str, Any], v: int | None) -> str:
    sets = [list(x) for x in d.get("sets") or ()]
    if not sets:
        return f"{_who(d, v, 'form', 'forms')} no set."
    groups = "; ".join(_portals(x) for x in sets)
    n = len(sets)
    return f"{_who(d, v, 'form', 'forms')} {n} set{'s' if n != 1 else ''}: {groups}."


def _deck_rebuilt(d: dict[str, Any], v: int | None) -> str:
    text = f"The discard pile is shuffled into a new deck of {d['deck']} cards"
    if d.get("discard"):
        return f"{text}; {_cards(d['discard'])} start the new discard pile face up."
    return f"{text}."


_TEXT: dict[str, Callable[[dict[str, Any], int | None], str]] = {
    "setup": _setup,
    "stacks_shown": _stacks_shown,
    "dealt": lambda d, v: f"{_who(d, v, 'are', 'is')} dealt {_cards(d.get('cards'))}.",
    "turn_start": lambda d, v: (f"Turn {d['turn']}: your turn." if d["seat"] == v else
                                f"Turn {d['turn']}: {seats(int(d['seat']), v)} turn."),
    "nothing_to_draw": lambda d, v: (f"{_who(d, v, 'have', 'has')} nothing to draw: the deck "
                                     "and the discard pile are empty."),
    "drew": lambda d, v: f"{_who(d, v, 'draw', 'draws')} {card(d.get('card'))}.",
    "drew_card": lambda d, v: (f"{_who(d, v, 'draw', 'draws')} a card "
                               f"({d['hand']} in hand)." if "hand" in d else
                               f"{_who(d, v, 'draw', 'draws')} a card."),
    "deck_rebuilt": _deck_rebuilt,
    "passed": _passed,
    "free_recycle": lambda d, v: (f"{_who(d, v, 'recycle', 'recycles')} a card without "
                                  "playing one."),
    "played": _played,
    "prepared_tool": lambda d, v: (f"{_who(d, v, 'prepare', 'prepares')} "
                                   f"{card(d.get('card'))} as a tool ({tool(d.get('tool'))})."),
    "discarded": lambda d, v: (f"{_who(d, v, 'discard', 'discards')} {card(d.get('card'))} "
                               "to draw a card."),
    "played_cards_discarded": lambda d, v: (f"{_whose(d, v)} played cards go to the discard "
                                            f"pile: {_cards(d.get('cards'))}."),
    "end_triggered": lambda d, v: (f"{_who(d, v, 'empty', 'empties')} stack number "
                                   f"{d['empty_stacks']} and the end is near: "
                                   f"{END_MODES.get(str(d.get('end_mode')), 'the game ends')}."),
    "form_sets": lambda d, v: (f"The game is over; now each player forms their sets, starting "
                               f"with {seat_word(int(d['seat']), v)}."),
    "game_over": lambda d, v: (f"The game is over: "
                               f"{GAME_OVER.get(str(d.get('reason')), 'the end is reached')}."),
    "virtual_tool": lambda d, v: (f"The virtual scientist takes {card(d.get('card'))} as a "
                                  f"tool ({tool(d.get('tool'))})."),
    "virtual_moved": lambda d, v: f"The virtual scientist moves to transformer {d['transformer']}.",
    "tool_spent": lambda d, v: (f"{_who(d, v, 'pay', 'pays')} with the tool "
                                f"{card(d.get('card'))}{_card_tool(d.get('card'))}."),
    "sealed": _sealed,
    "moved": lambda d, v: f"{_who(d, v, 'move', 'moves')} to transformer {d['transformer']}.",
    "recycled": lambda d, v: (f"{_who(d, v, 'take', 'takes')} {card(d.get('card'))} from the "
                              "discard pile."),
    "deadly_portals": lambda d, v: (f"{_who(d, v, 'lose', 'loses')} "
                                    f"{_portals(d.get('portals'))} to the Deadly Portals (a "
                                    "face-up portal shows the same icon)."),
    "sets_formed": _sets,
    "will_keep_a_tool": lambda d, v: (f"{_who(d, v, 'will', 'will')} keep a played card as a "
                                      "tool at the end of the turn."),
    "portals_rotated": _rotated,
    "stack_chosen": lambda d, v: (f"{_who(d, v, 'look', 'looks')} through the stack of "
                                  f"transformer {d['transformer']} to rearrange it."),
    "stack_seen": lambda d, v: (f"The stack of transformer {d['transformer']}, top first: "
                                f"{_portals(d.get('portals'))}."),
    "kept_two": lambda d, v: (f"{_who(d, v, 'keep', 'keeps')} 2 cards and "
                              f"{verb(int(d['seat']), v, 'discard', 'discards')} "
                              f"{_cards(d.get('discarded'))}." if d.get("discarded") else
                              f"{_who(d, v, 'keep', 'keeps')} every card."),
    "portals_swapped": _swapped,
    "kept_as_tool": lambda d, v: (f"{_who(d, v, 'keep', 'keeps')} {card(d.get('card'))} as a "
                                  f"tool ({tool(d.get('tool'))})."),
    "stack_reordered": lambda d, v: (f"{_who(d, v, 'put', 'puts')} the stack of transformer "
                                     f"{d['transformer']} back in a new order, with "
                                     f"{portal(d.get('face_up'))} face up."),
    "stack_order": lambda d, v: (f"The stack of transformer {d['transformer']} now reads, top "
                                 f"first: {_portals(d.get('portals'))}."),
}


def event_text(event: Event, viewer: int | None) -> str:
    """One log entry as a sentence for ``viewer`` ("You seal Tidal Gate on transformer 1; ...")."""
    fn = _TEXT.get(event.kind)
    if fn is None:
        return _cap(event.kind.replace("_", " ")) + "."
    return fn(event.data, viewer)
