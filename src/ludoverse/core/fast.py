"""Plumbing shared by game states built for search speed.

Such a state keeps a ``quiet`` flag: a search copy (:meth:`FastState.search_clone`) keeps no
event log and skips legality checks, because search only ever applies moves taken from its
own ``legal_actions``. Every other ``apply`` checks the move first and changes nothing when it
is illegal, then plays any forced moves that follow when the game's options ask for it
(``auto_forced``), but only moves that every seat can see are forced
(:meth:`FastState._forced_is_public`).

The legal moves of a position are computed once (``legal_cache``): the forced-move check
after a move, the caller's ``legal_actions()`` and the next ``apply``'s legality check all
share one list. Playing a move (``_play``) clears it; anything else that edits a state in
place (a determinisation, a scenario set up by hand) calls :meth:`FastState.edited`.
"""

from __future__ import annotations

import json
import marshal
from abc import abstractmethod
from typing import Any, TypeVar

from ludoverse.core.api import IllegalAction, State

S = TypeVar("S", bound="FastState")


class FastState(State):
    __slots__ = ()

    quiet: int
    legal_cache: list[int] | None
    opts: Any

    @abstractmethod
    def _legal(self) -> list[int]:
        """The legal moves, computed afresh."""

    @abstractmethod
    def _play(self, action: int) -> None:
        """Play a move known to be legal."""

    @abstractmethod
    def _forced_is_public(self) -> bool:
        """Whether every seat can tell, from what it sees, how many moves the seat to move has.

        Only then may a lone legal move be played without asking. Where the count depends on
        the mover's hidden cards, asking only the seats with a real choice would tell everyone
        which hands have none (the conformance suite's shape check catches that). Needs to
        be right only when the seat to move has exactly one legal move.
        """

    @abstractmethod
    def _why_illegal(self, action: int) -> str:
        """A player-facing reason why ``action`` is refused now (it must reveal nothing the
        player to move may not know)."""

    @classmethod
    def shell(cls: type[S], game: Any, opts: Any, content: Any) -> S:
        """An empty state of the game for a copy or a saved state to fill in. A game whose
        state is compiled (``ludoverse.core.compiled``) makes it through its ``__init__``."""
        s = object.__new__(cls)
        s.game, s.opts, s.content = game, opts, content  # type: ignore[attr-defined]
        return s

    def edited(self) -> None:
        """Forget the kept legal moves: call it after changing a position in place other than
        by playing a move (a determinisation, a position built by hand)."""
        self.legal_cache = None

    def setup(self) -> tuple[int, Any, Any]:
        return self.n, self.opts, self.content  # type: ignore[attr-defined]

    def legal_actions(self) -> list[int]:
        legal = self.legal_cache
        if legal is None:
            legal = self.legal_cache = self._legal()
        # Search reads its own list; anyone else gets a copy they may change.
        return legal if self.quiet else list(legal)

    def apply(self, action: int) -> None:
        if not self.quiet:
            if not isinstance(action, int) or isinstance(action, bool):
                raise IllegalAction(f"an action is an int id, not {type(action).__name__}")
            if self.is_terminal():
                raise IllegalAction("the game is over", action)
            legal = self.legal_cache
            if legal is None:
                legal = self.legal_cache = self._legal()
            if action not in legal:
                raise IllegalAction(self._why_illegal(action), action)
        self.legal_cache = None
        self._play(action)
        if self.opts.auto_forced:
            while (forced := self._forced()) >= 0:
                self.legal_cache = None
                self._play(forced)

    def _forced(self) -> int:
        """The move to play without asking, or -1: the lone legal move of a decision that
        every seat can see is forced. The list it computes stays as the position's cache."""
        if self.is_terminal():
            return -1
        legal = self.legal_cache = self._legal()
        return legal[0] if len(legal) == 1 and self._forced_is_public() else -1

    def search_clone(self) -> FastState:
        """No event log and no legality checks: search applies only its own legal actions."""
        t = self.clone()
        assert isinstance(t, FastState)
        t.quiet = 1
        t.legal_cache = None
        t.events = []
        return t


def fields_to_json(s: FastState, fields: tuple[str, ...]) -> dict[str, Any]:
    """The state's plain fields (deep-copied through JSON) plus its generator, options,
    content and log: everything a game's ``to_json`` shares; the game adds its own objects.

    The game's own content is saved as ``None``, like a record does: it is by far the largest
    part of a state, and bots and replays save and restore states all the time."""
    from ludoverse.core.content import to_json

    d: dict[str, Any] = json.loads(json.dumps({k: getattr(s, k) for k in fields}))
    d["rng"] = s.rng.state  # type: ignore[attr-defined]
    d["options"] = s.opts.model_dump(mode="json")
    content = s.content  # type: ignore[attr-defined]
    d["content"] = None if content is s.game.default_content() else to_json(content)
    d["events"] = [e.to_json() for e in s.events]
    return d


def state_from_fields(cls: type[S], game: Any, d: dict[str, Any],
                      fields: tuple[str, ...]) -> tuple[S, dict[str, Any]]:
    """A state of ``cls`` rebuilt from :func:`fields_to_json` output, and the private copy of
    ``d`` it was built from (the state shares no lists with the caller's dict)."""
    from ludoverse.core.api import Event
    from ludoverse.core.rng import Rng

    try:  # a private deep copy; marshal is several times faster than a trip through JSON
        d = marshal.loads(marshal.dumps(d))
    except ValueError:
        d = json.loads(json.dumps(d))
    content = game.default_content() if d["content"] is None else game.load_content(d["content"])
    s = cls.shell(game, game.make_options(d["options"]), content)
    s.quiet = 0
    s.legal_cache = None
    for k in fields:
        setattr(s, k, d[k])
    s.rng = Rng(state=d["rng"])  # type: ignore[attr-defined]
    s.events = [Event.from_json(e) for e in d["events"]]
    return s, d
