"""Hints: the move a strong bot would play for you, and why, in one line.

A hint is a search from *your* seat's knowledge only: the worker determinises the true state
for your seat, as bots do, and ranks your moves by the search's estimated share of the win.
Hints are for a player alone with bots, or at a table where everyone agreed to them when it
was made; each one is kept in the table's record, so a hinted game is marked as such. One
search per decision at most: asking again at the same position gives the same hint.
"""

from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING, Any

from ludoverse.bots.base import make
from ludoverse.bots.ismcts import ISMCTSBot
from ludoverse.core.registry import load
from ludoverse.core.words import name_seats
from ludoverse.server.db import TableRow
from ludoverse.server.errors import TableError, conflict, forbidden

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from ludoverse.server.tables import Hub, Table

LEVEL = "hard"
"""The bot level whose search gives hints (the game's own spec for it)."""

SHOWN = 3
"""Moves a hint ranks: the one it suggests and the next best two."""


def rank_moves(game: str, state_json: dict[str, Any], seat: int, spec: str, seed: int,
               cap_ms: float | None) -> list[tuple[int, float]]:
    """``[(action, share), ...]`` best first, from ``seat``'s knowledge only (a worker)."""
    g = load(game)
    state = g.state_from_json(state_json)
    rng = random.Random(seed)
    world = state.determinize(seat, rng)
    del state  # the search sees the seat's world, never the truth
    bot = make(spec, g)
    if not isinstance(bot, ISMCTSBot):
        raise TypeError(f"hints need a search bot, not {spec!r}")
    budget = {"cap_ms": cap_ms} if cap_ms is not None else None
    res = bot.search(world, seat, rng, budget)
    ranked = sorted(res.values, key=lambda a: (res.visits.get(a, 0), res.values[a]), reverse=True)
    return [(a, res.values[a]) for a in ranked[:SHOWN]]


def line(hint: dict[str, Any]) -> str:
    """The one-line reason a player reads."""
    best = hint["moves"][0]
    text = f"{best['label']}: about {best['share']:.0%} to win"
    if len(hint["moves"]) > 1:
        rest = ", ".join(f"{m['label']} {m['share']:.0%}" for m in hint["moves"][1:])
        text += f" (next best: {rest})"
    return text + f" — {hint['bot']} bot."


async def give(hub: Hub, table_id: str, seat: int) -> dict[str, Any]:
    """A hint for ``seat``, who must be to move at a table that allows it."""
    t = hub.get(table_id)
    if not t.may_hint(seat):
        raise forbidden("hints are for a player alone with bots, or for a table where "
                        "everyone agreed to them when it was made")
    st = t.state
    if t.status != "playing" or st.is_terminal() or st.current_player != seat:
        raise conflict("not_your_turn", "a hint is for your own move, when it is your turn")
    step = len(t.actions)
    for h in reversed(t.hints):
        if h["step"] == step and h["seat"] == seat:
            return h
    spec = t.game.bot_levels.get(LEVEL, "ismcts:iters=1000")
    legal = st.legal_actions()
    if len(legal) == 1:
        ranked = [(legal[0], 1.0)]
    else:
        cap = hub.config.bots.move_seconds * 1000
        try:
            ranked = await hub.bots.call(rank_moves, t.game.name, st.to_json(), seat, spec,
                                         secrets.randbits(32), cap)
        except Exception as exc:  # a failed search is the server's problem, said plainly
            raise TableError(503, "hint_failed", "no hint could be found just now: try "
                             "again") from exc
    if len(t.actions) != step:  # the position changed while the search ran (an undo)
        raise conflict("stale", "the game moved on while the hint was found: ask again")
    names = [s.name for s in t.seats]
    hint: dict[str, Any] = {
        "step": step,
        "seat": seat,
        "bot": LEVEL,
        "spec": spec,
        "action": ranked[0][0],
        "label": name_seats(st.action_label(ranked[0][0], seat), names),
        "share": round(ranked[0][1], 4),
        "moves": [{"action": a, "label": name_seats(st.action_label(a, seat), names),
                   "share": round(v, 4)} for a, v in ranked],
    }
    hint["line"] = line(hint)
    t.hints.append(hint)
    await hub.writer.write(lambda s: _store(s, t))
    await t.broadcast()
    return hint


def _store(s: Session, t: Table) -> None:
    row = s.get(TableRow, t.id)
    if row is not None:
        row.hints = list(t.hints)
