"""Duel: a one-decision hidden-card game whose best and worst moves are known exactly.

Rules: a deck of cards 1..10 is shuffled with the state's own RNG. Seat 0 is dealt two
cards (or, with the ``hand`` option, the cards named there), seat 1 one card, face down.
Seat 0 plays one of its cards; seat 1 then plays its card (its only move, asked all the
same); the higher card wins, equal cards share the win.

With ``hand=[1, 10]`` playing the 10 wins for sure and playing the 1 loses for sure, so a
review must call the 1 a blunder and the 10 the best move. ``determinize`` deals the unseen
cards from a sorted pool, so it depends only on what the seat knows and the rng: a review
from two states the seat cannot tell apart must then agree exactly.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from ludoverse.core.api import TERMINAL, Event, Game, IllegalAction, Outcome, State
from ludoverse.core.encoding import Encoder, Layout
from ludoverse.core.encoding import Field as EncField
from ludoverse.core.outcome import places
from ludoverse.core.rng import Rng

CARDS = 10


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    hand: list[int] | None = Field(None, description="seat 0's cards (default: two dealt)")


class DuelState(State):
    def __init__(self, game: DuelGame, options: Options, rng: Rng) -> None:
        self.game = game
        self.options = options
        self.rng = rng
        deck = list(range(1, CARDS + 1))
        rng.shuffle(deck)
        if options.hand is not None:
            mine = sorted(options.hand)
            deck = [c for c in deck if c not in mine]
        else:
            mine = sorted(deck[:2])
            deck = deck[2:]
        self.hands = [mine, [deck[0]]]
        self.rest = sorted(deck[1:])
        self.played: list[int | None] = [None, None]
        self.turn = 0
        self.events = [Event("deal", {"seat": s, "cards": list(h)}, frozenset([s]))
                       for s, h in enumerate(self.hands)]

    @property
    def current_player(self) -> int:
        return TERMINAL if self.turn >= 2 else self.turn

    def legal_actions(self) -> list[int]:
        return [] if self.turn >= 2 else [c - 1 for c in self.hands[self.turn]]

    def apply(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalAction("not a card in your hand", action)
        seat = self.turn
        self.hands[seat].remove(action + 1)
        self.played[seat] = action + 1
        self.events.append(Event("play", {"seat": seat}))
        self.turn += 1
        if self.turn == 2:
            self.events.append(Event("reveal", {"cards": list(self.played)}))

    def clone(self) -> DuelState:
        c = DuelState.__new__(DuelState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.copy()
        c.hands = [list(h) for h in self.hands]
        c.rest = list(self.rest)
        c.played = list(self.played)
        c.events = list(self.events)
        return c

    def outcome(self) -> Outcome | None:
        if self.turn < 2:
            return None
        scores = tuple(float(p or 0) for p in self.played)
        ranking = places([(x,) for x in scores])
        winners = tuple(s for s in range(2) if ranking[s] == 1)
        return Outcome(scores, ranking, winners, "higher card")

    def observation(self, seat: int | None) -> dict[str, Any]:
        done = self.turn >= 2
        return {
            "to_move": self.current_player,
            "hand": None if seat is None else list(self.hands[seat]),
            "played": list(self.played) if done else [p is not None for p in self.played],
            "mine": None if seat is None else self.played[seat],
        }

    def determinize(self, seat: int, rng: random.Random) -> DuelState:
        d = self.clone()
        other = 1 - seat
        pool = sorted(self.rest + self.hands[other]
                      + ([self.played[other]] if self.turn < 2 and self.played[other] else []))
        rng.shuffle(pool)
        d.hands[other] = sorted(pool.pop() for _ in self.hands[other])
        if self.turn < 2 and self.played[other] is not None:
            d.played[other] = pool.pop()
        d.rest = sorted(pool)
        d.rng = Rng(rng.getrandbits(64))
        d.events = self.events_for(seat)
        return d

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "rest": self.rest, "played": self.played,
                "turn": self.turn, "options": self.options.model_dump(mode="json")}

    def action_label(self, action: int, seat: int | None) -> str:
        return f"play {action + 1}" if seat == self.current_player else "play a card"

    def setup(self) -> tuple[int, Options, None]:
        return 2, self.options, None


class DuelEncoder(Encoder):
    """Hand, my card played, each seat's card (a flag until both are shown), whose turn."""

    def __init__(self) -> None:
        self.layout = Layout([
            EncField("hand", CARDS, "cards in your hand"),
            EncField("mine", CARDS, "the card you played"),
            EncField("played", 2, "whether seat 0 and seat 1 have played"),
            EncField("shown", 2 * CARDS, "seat 0's then seat 1's card, once both are shown"),
            EncField("to_move", 2, "seat 0 to move, seat 1 to move"),
        ])

    def encode(self, observation: dict[str, Any]) -> list[float]:
        out = [0.0] * self.layout.size
        for c in observation["hand"]:
            out[c - 1] = 1.0
        if observation["mine"] is not None:
            out[CARDS + observation["mine"] - 1] = 1.0
        for p, played in enumerate(observation["played"]):
            if played:
                out[2 * CARDS + p] = 1.0
            if not isinstance(played, bool) and isinstance(played, int):
                out[2 * CARDS + 2 + p * CARDS + played - 1] = 1.0
        if observation["to_move"] >= 0:
            out[4 * CARDS + 2 + observation["to_move"]] = 1.0
        return out


class DuelGame(Game):
    name = "toy_duel"
    title = "Duel (test game)"
    version = "1"
    min_players = 2
    max_players = 2
    Options = Options
    state_class: ClassVar[type[DuelState]] = DuelState

    @property
    def num_actions(self) -> int:
        return CARDS

    def new_game(
        self, players: int | None = None, seed: int = 0, options: Any = None, content: Any = None
    ) -> DuelState:
        self.check_players(players)
        opts = self.make_options(options)
        assert isinstance(opts, Options)
        return DuelState(self, opts, Rng(seed))

    def state_from_json(self, d: dict[str, Any]) -> State:
        raise NotImplementedError  # the review never needs it

    def action_info(self, action: int) -> dict[str, Any]:
        return {"kind": "play", "card": action + 1}

    def default_content(self) -> dict[str, Any]:
        return {}

    def load_content(self, source: Any) -> dict[str, Any]:
        return dict(source)

    def content_to_json(self, content: Any) -> dict[str, Any]:
        return dict(content)

    def encoder(self, players: int | None = None, options: Any = None,
                content: Any = None) -> DuelEncoder:
        return DuelEncoder()


GAME = DuelGame()
