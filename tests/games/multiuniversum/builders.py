"""Build Multiuniversum positions for rule tests: a table laid out by name, then actions
taken by name.

Action cards are named by their content id (``"red-01"``), portals by theirs
(``"tidal_gate"``), transformers by their rulebook number 1-5. A built position is the start
of ``active``'s turn with every hand, lab and play area empty, the discard pile empty, every
action card in the deck, and the stacks as dealt; tests then place what the rulebook example
needs with :func:`give`, :func:`tools`, :func:`stack`, :func:`on_top`, :func:`at` and
:func:`discard`.
"""

from __future__ import annotations

from typing import Any

import ludoverse
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.state import MultiuniversumState

GAME = ludoverse.load("multiuniversum")


def new(players: int = 3, seed: int = 0, **options: Any) -> MultiuniversumState:
    """A fresh game, seat 0 first; forced decisions are asked too, so a test states every
    step (pass ``auto_forced=True`` to skip them)."""
    options.setdefault("first_player", "seat0")
    options.setdefault("auto_forced", False)
    return GAME.new_game(players=players, seed=seed, options=options)


def card(s: MultiuniversumState, name: str) -> int:
    return next(i for i, c in enumerate(s.content.cards) if c.id == name)


def portal(s: MultiuniversumState, name: str) -> int:
    return next(i for i, p in enumerate(s.content.portals) if p.id == name)


def cards_with(s: MultiuniversumState, action: str, transformer: int,
               tool: str | None = None) -> list[str]:
    """Names of the cards whose row ``transformer`` (1-5) is ``action``, optionally of one
    tool kind, in content order."""
    return [c.id for c in s.content.cards
            if c.rows[transformer - 1] == action and (tool is None or c.tool == tool)]


def table(players: int = 3, active: int = 0, seed: int = 0, **options: Any) -> MultiuniversumState:
    """``active``'s turn is starting; all action cards are in the deck (sorted, so the top is
    the highest id), hands, labs and the discard pile are empty."""
    s = new(players, seed, **options)
    for q in range(players):
        s.deck.extend(s.hands[q])
        s.hands[q] = []
    s.deck.extend(s.discard)
    s.discard = []
    s.deck.sort()
    s.events = []
    s.active = active
    s.first = 0
    s.edited()
    return s


def _lift(s: MultiuniversumState, c: int) -> None:
    s.edited()
    for where in (s.deck, s.discard, *s.hands, *s.area, *s.tools):
        if c in where:
            where.remove(c)
            return
    raise AssertionError(f"card {c} is nowhere")


def give(s: MultiuniversumState, seat: int, *names: str) -> None:
    """Put these cards into ``seat``'s hand."""
    for name in names:
        c = card(s, name)
        _lift(s, c)
        s.hands[seat].append(c)


def tools(s: MultiuniversumState, lab: int, *names: str) -> None:
    """Put these cards into ``lab``'s lab as tools."""
    for name in names:
        c = card(s, name)
        _lift(s, c)
        s.tools[lab].append(c)


def discard(s: MultiuniversumState, *names: str) -> None:
    for name in names:
        c = card(s, name)
        _lift(s, c)
        s.discard.append(c)


def on_top(s: MultiuniversumState, *names: str) -> None:
    """Put these cards on top of the deck, the first named on the very top."""
    for name in reversed(names):
        c = card(s, name)
        _lift(s, c)
        s.deck.append(c)


def deck_only(s: MultiuniversumState, *names: str) -> None:
    """Leave only these cards in the deck (the first named on top); the rest of the deck goes
    to the discard pile."""
    keep = [card(s, n) for n in names]
    rest = [c for c in s.deck if c not in keep]
    s.deck = list(reversed(keep))
    s.discard.extend(rest)
    s.edited()


def stack(s: MultiuniversumState, transformer: int, *names: str) -> None:
    """Set the stack of ``transformer`` (1-5), top first; the portals named are taken from
    wherever they are, and portals pushed out go where the named ones came from."""
    t = transformer - 1
    want = [portal(s, n) for n in names][::-1]  # bottom first
    for q in want:
        for where in (*s.stacks, *s.sealed, s.removed):
            if q in where:
                where.remove(q)
                break
    old = s.stacks[t]
    s.stacks[t] = want
    # the displaced portals fill any gaps so that every portal stays somewhere
    placed = {q for st in s.stacks for q in st} | {q for x in s.sealed for q in x} \
        | set(s.removed) | {q for x in s.lost for q in x}
    spare = [q for q in old if q not in placed]
    for st in s.stacks:
        while spare and len(st) < 4 and st is not s.stacks[t]:
            st.insert(0, spare.pop())
    for q in spare:
        s.removed.append(q)
        s.removed_from.append(t)
    _public_tops(s)


def empty(s: MultiuniversumState, *transformers: int) -> None:
    """Empty these stacks; their portals leave the game (kept in ``removed``)."""
    for tr in transformers:
        t = tr - 1
        for q in s.stacks[t]:
            s.removed.append(q)
            s.removed_from.append(t)
        s.stacks[t] = []
    s.edited()


def sealed(s: MultiuniversumState, lab: int, *names: str) -> None:
    """Give ``lab`` these sealed portals (taken from the stacks); stacks keep their tops public."""
    for n in names:
        q = portal(s, n)
        for where in (*s.stacks, s.removed):
            if q in where:
                if where is s.removed:
                    i = s.removed.index(q)
                    s.removed.pop(i)
                    s.removed_from.pop(i)
                else:
                    where.remove(q)
                break
        s.sealed[lab].append(q)
    _public_tops(s)


def _public_tops(s: MultiuniversumState) -> None:
    s.edited()
    for st in s.stacks:
        if st:
            s.pknow[st[-1]] = P.PUBLIC


def at(s: MultiuniversumState, lab: int, transformer: int) -> None:
    """Stand ``lab``'s scientist on ``transformer`` (1-5)."""
    s.pos[lab] = transformer - 1
    s.edited()


def play(s: MultiuniversumState, name: str) -> None:
    s.apply(A.PLAY + card(s, name))


def prepare(s: MultiuniversumState, name: str) -> None:
    s.apply(A.PREPARE + card(s, name))


def discard_draw(s: MultiuniversumState, name: str) -> None:
    s.apply(A.DISCARD + card(s, name))


def move(s: MultiuniversumState, transformer: int) -> None:
    s.apply(A.MOVE + transformer - 1)


def recycle(s: MultiuniversumState, name: str) -> None:
    s.apply(A.RECYCLE + card(s, name))


def spend(s: MultiuniversumState, name: str) -> None:
    s.apply(A.SPEND + card(s, name))


def pass_turn(s: MultiuniversumState) -> None:
    s.apply(A.PASS)


def names(s: MultiuniversumState, cards: list[int]) -> list[str]:
    return [s.content.cards[c].id for c in cards]


def portal_names(s: MultiuniversumState, portals: list[int]) -> list[str]:
    return [s.content.portals[q].id for q in portals]
