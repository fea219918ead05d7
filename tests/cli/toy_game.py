"""A tiny hidden-hand card game used to test the CLI independently of any real game.

Each seat is dealt ``hand_size`` cards; in turn every seat plays one card face up, and the
highest total of played values wins (ties are shared). Small, but it has everything the CLI
touches: options with a preset, content with provenance, hidden hands and determinisation.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from ludoverse.core import content as content_mod
from ludoverse.core.api import TERMINAL, Event, Game, IllegalAction, Outcome, State
from ludoverse.core.outcome import places
from ludoverse.core.rng import Rng


class Card(content_mod.Entry):
    name: str
    value: int


class Content(BaseModel):
    cards: list[Card]


PROV = ("rulebook", "reconstructed")
DEFAULT_CONTENT = {
    "cards": [
        {"name": f"Star {i}", "value": i % 5, "provenance": PROV[i % 3 > 0]} for i in range(12)
    ]
}


class Options(BaseModel):
    hand_size: int = Field(2, ge=1, le=4, description="Cards dealt to each seat.")
    scoring: Literal["sum", "max"] = Field("sum", description="How played cards score.")


class ToyState(State):
    def __init__(self, game: ToyGame, players: int, opts: Options, cont: Content, rng: Rng) -> None:
        self.game = game
        self.players = players
        self.opts = opts
        self.cards = cont.cards
        self.rng = rng
        self.events: list[Event] = []
        self.hands: list[list[int]] = []
        self.played: list[list[int]] = [[] for _ in range(players)]
        self.turn = 0

    def deal(self) -> None:
        deck = list(range(len(self.cards)))
        self.rng.shuffle(deck)
        k = self.opts.hand_size
        self.hands = [sorted(deck[i * k : (i + 1) * k]) for i in range(self.players)]
        self.rest = deck[self.players * k :]
        for s, h in enumerate(self.hands):
            self.events.append(Event("deal", {"seat": s, "cards": h}, frozenset({s})))

    @property
    def current_player(self) -> int:
        if all(not h for h in self.hands):
            return TERMINAL
        return self.turn % self.players

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else list(self.hands[self.current_player])

    def apply(self, action: int) -> None:
        seat = self.current_player
        if seat == TERMINAL or action not in self.hands[seat]:
            raise IllegalAction("not a card in your hand", action)
        self.hands[seat].remove(action)
        self.played[seat].append(action)
        self.events.append(Event("play", {"seat": seat, "card": action}))
        self.turn += 1

    def clone(self) -> ToyState:
        c = ToyState.__new__(ToyState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.copy()
        c.events = list(self.events)
        c.hands = [list(h) for h in self.hands]
        c.played = [list(p) for p in self.played]
        c.rest = list(self.rest)
        return c

    def _score(self, seat: int) -> float:
        vals = [self.cards[c].value for c in self.played[seat]]
        return float(sum(vals) if self.opts.scoring == "sum" else max(vals, default=0))

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        scores = tuple(self._score(s) for s in range(self.players))
        ranking = places([(x,) for x in scores])
        winners = tuple(s for s, r in enumerate(ranking) if r == 1)
        return Outcome(scores, ranking, winners, "all cards played", ("highest score",))

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {
            "played": [list(p) for p in self.played],
            "hand_sizes": [len(h) for h in self.hands],
            "hand": None if seat is None else list(self.hands[seat]),
            "to_play": self.current_player,
        }

    def determinize(self, seat: int, rng: random.Random) -> ToyState:
        c = self.clone()
        pool = [x for s, h in enumerate(c.hands) if s != seat for x in h] + c.rest
        rng.shuffle(pool)
        for s, h in enumerate(c.hands):
            if s != seat:
                n = len(h)
                c.hands[s], pool = sorted(pool[:n]), pool[n:]
        c.rest = pool
        return c

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "played": self.played, "turn": self.turn}

    def action_label(self, action: int, seat: int | None) -> str:
        return f"Play {self.cards[action].name}"


class ToyGame(Game):
    name = "toy"
    title = "Toy Stars"
    version = "1"
    min_players = 2
    max_players = 3
    Options = Options
    presets: ClassVar[dict[str, dict[str, Any]]] = {"max": {"scoring": "max", "hand_size": 3}}

    @property
    def num_actions(self) -> int:
        return len(DEFAULT_CONTENT["cards"])

    def new_game(
        self, players: int | None = None, seed: int = 0, options: Any = None, content: Any = None
    ) -> ToyState:
        n = self.check_players(players)
        opts = self.make_options(options)
        assert isinstance(opts, Options)
        st = ToyState(self, n, opts, content or self.default_content(), Rng(seed))
        st.deal()
        return st

    def state_from_json(self, d: dict[str, Any]) -> State:
        raise NotImplementedError  # the CLI never needs it

    def action_info(self, action: int) -> dict[str, Any]:
        return {"kind": "play", "card": action}

    def default_content(self) -> Content:
        return content_mod.load(Content, DEFAULT_CONTENT)

    def load_content(self, source: Any) -> Content:
        return content_mod.load(Content, source)

    def content_to_json(self, content: Any) -> dict[str, Any]:
        return content.model_dump(mode="json")

    def render(self, observation: dict[str, Any], seat: int | None) -> str:
        return f"[toy] hand={observation['hand']} played={observation['played']}"


GAME = ToyGame()
