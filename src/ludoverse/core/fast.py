"""Plumbing shared by game states built for search speed.

Such a state keeps a ``quiet`` flag: a search copy (:meth:`FastState.search_clone`) keeps no
event log and skips legality checks, because search only ever applies moves taken from its
own ``legal_actions``, which a quiet copy computes once per position. Every other ``apply``
checks the move first and changes nothing when it is illegal, then plays any forced moves
that follow when the game's options ask for it (``auto_forced``).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from ludoverse.core.api import IllegalAction, State


class FastState(State):
    __slots__ = ()

    quiet: int
    quiet_legal: list[int] | None
    opts: Any

    @abstractmethod
    def _legal(self) -> list[int]:
        """The legal moves, computed afresh."""

    @abstractmethod
    def _play(self, action: int) -> None:
        """Play a move known to be legal."""

    @abstractmethod
    def _why_illegal(self, action: int) -> str:
        """A player-facing reason why ``action`` is refused now (it must reveal nothing the
        player to move may not know)."""

    def legal_actions(self) -> list[int]:
        if self.quiet:
            legal = self.quiet_legal
            if legal is None:
                legal = self.quiet_legal = self._legal()
            return legal
        return self._legal()

    def apply(self, action: int) -> None:
        if not self.quiet:
            if not isinstance(action, int) or isinstance(action, bool):
                raise IllegalAction(f"an action is an int id, not {type(action).__name__}")
            if self.is_terminal():
                raise IllegalAction("the game is over", action)
            if action not in self._legal():
                raise IllegalAction(self._why_illegal(action), action)
        self.quiet_legal = None
        self._play(action)
        if self.opts.auto_forced:
            while not self.is_terminal():
                legal = self._legal()
                if len(legal) != 1:
                    break
                self._play(legal[0])
        self.quiet_legal = None

    def search_clone(self) -> FastState:
        """No event log and no legality checks: search applies only its own legal actions."""
        t = self.clone()
        assert isinstance(t, FastState)
        t.quiet = 1
        t.quiet_legal = None
        t.events = []
        return t
