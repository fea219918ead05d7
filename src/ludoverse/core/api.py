"""The game API every Ludoverse game implements (see DESIGN.md).

A :class:`Game` holds what never changes during play (name, player counts, options model,
action-space size, content); a :class:`State` is one position of one game. Shared code
(bots, simulation, server, CLI) only ever talks to these two classes.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import BaseModel

TERMINAL = -1
"""``current_player`` of a finished game."""


class IllegalAction(ValueError):
    """Raised by :meth:`State.apply` for an action that is not legal now; the state is unchanged."""

    def __init__(self, reason: str, action: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    ``ranking[seat]`` is that seat's place (1 = first); seats that share a place share the number.
    ``tiebreak_trace`` lists, in order, the tie-breakers that were consulted and what each decided,
    so a player can see *why* the winner won.
    """

    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    tiebreak_trace: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "winners": list(self.winners),
            "reason": self.reason,
            "tiebreak_trace": list(self.tiebreak_trace),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Outcome:
        return cls(
            scores=tuple(d["scores"]),
            ranking=tuple(d["ranking"]),
            winners=tuple(d["winners"]),
            reason=d["reason"],
            tiebreak_trace=tuple(d.get("tiebreak_trace", ())),
        )


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a game's log.

    ``visible_to`` is ``None`` for a public event, else the seats allowed to see it. Events are
    immutable so clones can share them.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.visible_to is not None:
            d["visible_to"] = sorted(self.visible_to)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Event:
        d = dict(d)
        kind = d.pop("kind")
        vis = d.pop("visible_to", None)
        return cls(kind, d, None if vis is None else frozenset(vis))


_new = object.__new__
_set_kind = Event.kind.__set__  # type: ignore[attr-defined]
_set_data = Event.data.__set__  # type: ignore[attr-defined]
_set_visible_to = Event.visible_to.__set__  # type: ignore[attr-defined]


def new_event(kind: str, data: dict[str, Any], visible_to: frozenset[int] | None = None) -> Event:
    """``Event(kind, data, visible_to)`` for a game's log, at half the cost.

    A game logs an event or two per move, and a frozen dataclass's generated ``__init__`` sets
    each field through ``object.__setattr__``: in random play the records cost about a tenth
    of the time. This fills the three slots directly; the result is an ordinary, equal Event.
    """
    e = _new(Event)
    _set_kind(e, kind)
    _set_data(e, data)
    _set_visible_to(e, visible_to)
    return e


class State(ABC):
    """One position of a game. Mutable: :meth:`apply` changes it in place."""

    game: Game
    events: list[Event]

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to decide now, or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Sorted action ids open to ``current_player``; never empty unless the game is over."""

    @abstractmethod
    def apply(self, action: int) -> None:
        """Play ``action``; raise :class:`IllegalAction` and change nothing if it is not legal."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (cheap: no ``copy.deepcopy``)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once terminal, else ``None``."""

    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, Any]:
        """JSON-safe view for ``seat`` (``None``: spectator) with nothing that seat may not know."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with everything ``seat`` has observed, hidden parts resampled."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Everything needed to rebuild this exact state with ``game.state_from_json``."""

    @abstractmethod
    def action_label(self, action: int, seat: int | None) -> str:
        """Short text for ``action`` of the seat to move, written for the viewer ``seat``
        (``None``: a spectator), e.g. ``"Play 7 of Comets"``.

        It names nothing that viewer may not know: the seat to move reads its own secret
        choice in full, every other viewer reads only what the move shows them once played
        (``"Discard a card"``). A label must not depend on anything hidden from its viewer.
        """

    def search_clone(self) -> State:
        """A copy for search, which only ever applies actions taken from its own
        :meth:`legal_actions`.

        A game may make it faster by skipping legality checks and the event log, so a search
        copy's ``events``, labels and records are not to be shown to anyone. Its
        :meth:`determinize` results are search copies too. Default: :meth:`clone`.
        """
        return self.clone()

    def setup(self) -> tuple[int, BaseModel, Any]:
        """The player count, options and content this game was made with (what
        ``new_game`` was given, validated): what an encoder or a bot's model is built for."""
        raise NotImplementedError(f"{self.game.name} states do not say their setup")

    # Conveniences shared by every game -------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def legal_actions_mask(self) -> list[bool]:
        mask = [False] * self.game.num_actions
        for a in self.legal_actions():
            mask[a] = True
        return mask

    def events_for(self, seat: int | None) -> list[Event]:
        """The log as ``seat`` may see it."""
        return [e for e in self.events if e.visible(seat)]

    def __repr__(self) -> str:
        return f"<{self.game.name} state, player {self.current_player}>"


class Game(ABC):
    """Static facts about one game, and the factory for its states."""

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    """One paragraph for people choosing a game (the web lobby)."""
    version: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    presets: ClassVar[dict[str, dict[str, Any]]] = {}
    """Named option sets, e.g. ``{"japanese": {...}}``; the rulebook reading is the default."""

    @property
    @abstractmethod
    def num_actions(self) -> int:
        """Size of the flat action space."""

    state_class: ClassVar[Any] = None
    """The game's :class:`State` class; the default :meth:`new_game` builds
    ``state_class(game, options, content, players, seed)``."""

    def new_game(
        self,
        players: int | None = None,
        seed: int = 0,
        options: BaseModel | dict[str, Any] | None = None,
        content: Any = None,
    ) -> State:
        """A fresh game; fully determined by its arguments."""
        if self.state_class is None:
            raise NotImplementedError(f"{self.name} sets no state_class")
        n = self.check_players(players)
        opts = self.make_options(options)
        cont = self.default_content() if content is None else self.load_content(content)
        return self.state_class(self, opts, cont, n, seed)  # type: ignore[no-any-return]

    @abstractmethod
    def state_from_json(self, d: dict[str, Any]) -> State:
        """Rebuild a state saved with :meth:`State.to_json`."""

    @abstractmethod
    def action_info(self, action: int) -> dict[str, Any]:
        """JSON-safe structured meaning of an action id (``kind`` plus parameters)."""

    @abstractmethod
    def default_content(self) -> Any:
        """The content shipped with the game (validated)."""

    content_model: ClassVar[type[BaseModel] | None] = None
    """The typed schema of the game's content. With it, :meth:`load_content` and
    :meth:`content_to_json` need no code of the game's own."""

    def load_content(self, source: Any) -> Any:
        """Validate user content: a path to a TOML file, or an already-parsed dict."""
        from pathlib import Path

        from ludoverse.core.content import load

        model = self.content_model
        if model is None:
            raise NotImplementedError(f"{self.name} sets no content_model")
        if isinstance(source, model):
            return source
        if isinstance(source, str | Path | dict):
            return load(model, source)
        raise TypeError(f"{self.title} content is a TOML path or dict, not "
                        f"{type(source).__name__}")

    def content_to_json(self, content: Any) -> dict[str, Any]:
        """Content as a dict that :meth:`load_content` accepts (stored in game records)."""
        return self.load_content(content).model_dump(mode="json")  # type: ignore[no-any-return]

    cards_hidden_fields: ClassVar[frozenset[str]] = frozenset()
    """Content fields ``ludoverse cards`` leaves out because a text field states them in
    words (e.g. effects written as data)."""

    heuristics: Any = None
    """Optional game knowledge for bots (see :class:`ludoverse.bots.Heuristics`)."""

    bot_levels: ClassVar[dict[str, str]] = {
        "easy": "random",
        "medium": "greedy",
        "hard": "ismcts:iters=1000,ms=800",
    }
    """Bot specs behind the strength names ``easy``, ``medium`` and ``hard`` for this game.
    ``hard`` stops at 800 ms at most, so a person never waits much more for it (see
    docs/decisions/bot-move-time.md)."""

    def render(self, observation: dict[str, Any], seat: int | None) -> Any:
        """A rich renderable (or plain str) of an observation, for terminal play."""
        import json

        return json.dumps(observation, indent=1)

    def event_text(self, event: Event, viewer: int | None) -> str:
        """A log entry as the sentence a player would say, for ``viewer``: "You play D7",
        "Seat 2 takes the trick" (see :mod:`ludoverse.core.words`; the display layer turns
        "Seat N" into names). ``event`` is one the viewer may see. Games write their own in
        ``games/<game>/log.py``; this fallback only spells out the fields."""
        from ludoverse.core.words import seat_word

        data = dict(event.data)
        seat = data.pop("seat", None)
        who = f"{seat_word(seat, viewer, start=True)}: " if isinstance(seat, int) else ""
        fields = "; ".join(f"{k.replace('_', ' ')} {v}" for k, v in data.items())
        return f"{who}{event.kind.replace('_', ' ')}{' — ' + fields if fields else ''}"

    def components(self, content: Any = None) -> list[Any]:
        """Every card, plan, planet, portal and anomaly of ``content`` (default: the shipped
        content) as :class:`ludoverse.core.help.Component`, for the detail view of a piece.
        Games describe their own in ``games/<game>/help.py``; this fallback lists the
        content's entries."""
        from ludoverse.core.help import generic_components

        content = self.default_content() if content is None else content
        return generic_components(self.content_to_json(content))

    def encoder(
        self,
        players: int | None = None,
        options: BaseModel | dict[str, Any] | None = None,
        content: Any = None,
    ) -> Any:
        """The :class:`ludoverse.core.encoding.Encoder` that turns a seat's observation into
        a fixed-shape vector for learning agents (``games/<game>/encoding.py``)."""
        raise NotImplementedError(f"{self.title} has no observation encoder")

    def studies(self) -> dict[str, Any]:
        """Game-specific analyses for ``ludoverse analyze GAME STUDY``.

        Each value is a callable ``(n: int, seed: int, options: dict) -> list[dict]`` returning
        table rows, with a docstring that says what it measures.
        """
        return {}

    def game_metrics(self, state: State) -> dict[str, float]:
        """Numbers a designer wants summarised over a batch of finished games (e.g. rounds
        played); ``ludoverse simulate`` reports their means with confidence intervals."""
        return {}

    def game_tables(self, state: State) -> dict[str, list[dict[str, Any]]]:
        """Rows per finished game, summarised per value of the first column over a batch
        (e.g. ULTIA: one row per year with the plan adopted and whether it succeeded)."""
        return {}

    def check_invariants(self, state: State) -> None:  # noqa: B027 - optional hook
        """Raise ``AssertionError`` if ``state`` breaks a conservation law (conformance hook)."""

    def conformance_options(self) -> dict[str, dict[str, Any]]:
        """Option sets the conformance suite must cover; at least the default."""
        return {"default": {}, **self.presets}

    def conformance_player_counts(self, label: str) -> list[int]:
        """Player counts the suite runs option set ``label`` at (default: every count). A game
        with many option sets may run its variants at fewer counts, but never its default."""
        return list(self.player_counts())

    conformance_scale: ClassVar[float] = 1.0
    """Share of the suite's games per combination this game runs (a slow game with many
    option sets and player counts may ask for fewer games in each)."""

    def player_counts(self) -> Iterator[int]:
        return iter(range(self.min_players, self.max_players + 1))

    def make_options(self, options: BaseModel | dict[str, Any] | None) -> BaseModel:
        """Options model from a model, a dict (may hold ``preset``), or ``None``."""
        from ludoverse.core.options import make_options

        return make_options(self, options)

    def check_players(self, players: int | None) -> int:
        n = self.min_players if players is None else players
        if not self.min_players <= n <= self.max_players:
            if self.min_players == self.max_players:
                allowed = str(self.min_players)
            else:
                allowed = f"{self.min_players}-{self.max_players}"
            raise ValueError(f"{self.title} is played by {allowed} players, not {n}")
        return n

    def __repr__(self) -> str:
        return f"<Game {self.name}>"

