"""High Card: a tiny hidden-information game that implements the whole Game API correctly.

It exists so the conformance suite can be shown to pass a correct game and to catch broken
ones (see ``mutants.py``); it is never registered outside the tests that need it.

Rules: each round the 12-card deck is shuffled with the state's own RNG and every seat gets
three cards. A round has two tricks. In a trick the seats, in turn from the leader, secretly
bid one card from hand; once per round a seat may instead first draw the top card of the deck
(it stays on move). When everyone has bid the bids are revealed, the highest card wins the
trick and its owner leads the next one. After the last round most tricks wins; a tie is broken
by the sum of the winning cards' ranks.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from ludoverse.core.api import TERMINAL, Event, Game, IllegalAction, Outcome, State
from ludoverse.core.outcome import places
from ludoverse.core.rng import Rng

DECK = 12
DRAW = DECK
"""Action id of "draw a card"; ids ``0..DECK-1`` bid that card (rank = id + 1)."""
HAND = 3
TRICKS = 2


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    rounds: int = Field(3, ge=1, le=10, description="rounds in a game")
    draw: bool = Field(True, description="a seat may draw once per round before bidding")


class HighCardState(State):
    """One position. Plain lists of ints keep ``clone`` and ``to_json`` cheap and exact."""

    def __init__(self, game: HighCardGame, players: int, options: Options, rng: Rng) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.rng = rng
        self.round = 0
        self.trick = 0
        self.leader = 0
        self.turn = 0
        self.finished = False
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.bids: list[int | None] = [None] * players
        self.played: list[int] = []
        self.drawn = [False] * players
        self.tricks_won = [0] * players
        self.tiebreak = [0] * players
        self.last_reveal: list[int] | None = None
        self.events: list[Event] = []

    # Flow ------------------------------------------------------------------------------------

    def start_round(self) -> None:
        self.deck = list(range(DECK))
        self.shuffle(self.deck)
        self.hands = [sorted(self.deck.pop() for _ in range(HAND)) for _ in range(self.players)]
        self.played = []
        self.drawn = [False] * self.players
        self.trick = 0
        self.leader = self.round % self.players
        self.events.append(Event("round", {"round": self.round}))
        for seat, hand in enumerate(self.hands):
            deal = Event("deal", {"seat": seat, "cards": list(hand)}, frozenset([seat]))
            self.events.append(deal)

    def shuffle(self, cards: list[int]) -> None:
        self.rng.shuffle(cards)

    @property
    def current_player(self) -> int:
        return TERMINAL if self.finished else (self.leader + self.turn) % self.players

    def legal_actions(self) -> list[int]:
        if self.finished:
            return []
        p = self.current_player
        legal = sorted(self.hands[p])
        if self.options.draw and not self.drawn[p] and self.deck:
            legal.append(DRAW)
        return legal

    def illegal_reason(self, action: Any) -> str | None:
        """Why ``action`` is not legal now, or ``None``; names only what the mover knows."""
        if self.finished:
            return "the game is over"
        if type(action) is not int:
            return f"an action is an integer id, not {action!r}"
        if not 0 <= action <= DRAW:
            return f"there is no action {action}; ids run from 0 to {DRAW}"
        p = self.current_player
        if action == DRAW:
            if not self.options.draw:
                return "drawing is switched off in this game"
            if self.drawn[p]:
                return "you have already drawn this round"
            return None if self.deck else "the deck is empty"
        if action not in self.hands[p]:
            return self.not_in_hand(action)
        return None

    def not_in_hand(self, card: int) -> str:
        return f"card {card + 1} is not in your hand"

    def apply(self, action: int) -> None:
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalAction(reason, action if isinstance(action, int) else None)
        p = self.current_player
        if action == DRAW:
            self.draw(p)
            return
        self.hands[p].remove(action)
        self.bids[p] = action
        self.events.append(Event("bid", {"seat": p}))
        self.turn += 1
        if self.turn == self.players:
            self.reveal()

    def draw(self, p: int) -> None:
        card = self.deck.pop()
        self.hands[p].append(card)
        self.hands[p].sort()
        self.drawn[p] = True
        self.events.append(Event("draw", {"seat": p}))
        self.events.append(Event("drew", {"seat": p, "card": card}, frozenset([p])))

    def reveal(self) -> None:
        bids = [b for b in self.bids if b is not None]
        winner = bids.index(max(bids))
        self.tricks_won[winner] += 1
        self.tiebreak[winner] += max(bids) + 1
        self.last_reveal = bids
        self.played.extend(bids)
        self.events.append(Event("reveal", {"bids": bids, "winner": winner}))
        self.bids = [None] * self.players
        self.turn = 0
        self.leader = winner
        self.trick += 1
        if self.trick < TRICKS:
            return
        self.round += 1
        if self.round < self.options.rounds:
            self.start_round()
        else:
            self.finished = True
            self.events.append(Event("end", {"tricks": list(self.tricks_won)}))

    # Views -----------------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if not self.finished:
            return None
        keys = [(float(self.tricks_won[s]), float(self.tiebreak[s])) for s in range(self.players)]
        ranking = places(keys)
        winners = tuple(s for s in range(self.players) if ranking[s] == 1)
        top = max(self.tricks_won)
        trace: tuple[str, ...] = ()
        if self.tricks_won.count(top) > 1:
            trace = ("most tricks is tied; the highest sum of winning cards decides",)
        scores = tuple(float(t) for t in self.tricks_won)
        return Outcome(scores, ranking, winners, "most tricks won", trace)

    def observation(self, seat: int | None) -> dict[str, Any]:
        obs: dict[str, Any] = {
            "seat": seat,
            "round": self.round,
            "trick": self.trick,
            "to_move": self.current_player,
            "tricks_won": list(self.tricks_won),
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "drawn": list(self.drawn),
            "has_bid": [b is not None for b in self.bids],
            "last_reveal": None if self.last_reveal is None else list(self.last_reveal),
        }
        if seat is not None:
            obs["hand"] = list(self.hands[seat])
            obs["my_bid"] = self.bids[seat]
        return obs

    def action_label(self, action: int, seat: int | None) -> str:
        if action == DRAW:
            return "draw a card"
        return f"bid {action + 1}" if seat == self.current_player else "bid a card face down"

    # Copies ----------------------------------------------------------------------------------

    def clone(self) -> HighCardState:
        c = self.__class__.__new__(self.__class__)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.copy()
        c.deck = list(self.deck)
        c.hands = [list(h) for h in self.hands]
        c.bids = list(self.bids)
        c.played = list(self.played)
        c.drawn = list(self.drawn)
        c.tricks_won = list(self.tricks_won)
        c.tiebreak = list(self.tiebreak)
        c.events = list(self.events)
        return c

    def unknown_to(self, seat: int) -> list[int]:
        """Cards ``seat`` cannot locate: the deck, other hands and other seats' secret bids."""
        cards = list(self.deck)
        for q in range(self.players):
            if q != seat:
                cards.extend(self.hands[q])
                if self.bids[q] is not None:
                    cards.append(self.bids[q])  # type: ignore[arg-type]
        return cards

    def determinize(self, seat: int, rng: random.Random) -> HighCardState:
        d = self.clone()
        pool = self.unknown_to(seat)
        rng.shuffle(pool)
        d.deck = [pool.pop() for _ in self.deck]
        for q in range(self.players):
            if q != seat:
                d.hands[q] = sorted(pool.pop() for _ in self.hands[q])
                if self.bids[q] is not None:
                    d.bids[q] = pool.pop()
        d.rng = Rng(rng.getrandbits(64))
        d.events = self.events_for(seat)
        return d

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": self.options.model_dump(mode="json"),
            "rng": self.rng.state,
            "round": self.round,
            "trick": self.trick,
            "leader": self.leader,
            "turn": self.turn,
            "finished": self.finished,
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "bids": list(self.bids),
            "played": list(self.played),
            "drawn": list(self.drawn),
            "tricks_won": list(self.tricks_won),
            "tiebreak": list(self.tiebreak),
            "last_reveal": None if self.last_reveal is None else list(self.last_reveal),
            "events": [e.to_json() for e in self.events],
        }


class HighCardGame(Game):
    name = "toy_highcard"
    title = "High Card (test game)"
    version = "1"
    min_players = 2
    max_players = 3
    Options = Options
    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "short": {"rounds": 1},
        "nodraw": {"draw": False},
    }
    state_class: ClassVar[type[HighCardState]] = HighCardState

    @property
    def num_actions(self) -> int:
        return DRAW + 1

    def new_game(
        self,
        players: int | None = None,
        seed: int = 0,
        options: BaseModel | dict[str, Any] | None = None,
        content: Any = None,
    ) -> HighCardState:
        opts = self.make_options(options)
        assert isinstance(opts, Options)
        state = self.state_class(self, self.check_players(players), opts, Rng(seed))
        state.start_round()
        return state

    def rng_from_json(self, d: dict[str, Any]) -> Rng:
        return Rng(state=d["rng"])

    def state_from_json(self, d: dict[str, Any]) -> HighCardState:
        s = self.state_class(self, d["players"], Options(**d["options"]), self.rng_from_json(d))
        for key in ("round", "trick", "leader", "turn", "finished"):
            setattr(s, key, d[key])
        s.deck = list(d["deck"])
        s.hands = [list(h) for h in d["hands"]]
        s.bids = list(d["bids"])
        s.played = list(d["played"])
        s.drawn = list(d["drawn"])
        s.tricks_won = list(d["tricks_won"])
        s.tiebreak = list(d["tiebreak"])
        s.last_reveal = None if d["last_reveal"] is None else list(d["last_reveal"])
        s.events = [Event.from_json(e) for e in d["events"]]
        return s

    def action_info(self, action: int) -> dict[str, Any]:
        if action == DRAW:
            return {"kind": "draw"}
        if 0 <= action < DECK:
            return {"kind": "bid", "card": action + 1}
        raise ValueError(f"no action {action}")

    def default_content(self) -> dict[str, Any]:
        return {}

    def load_content(self, source: Any) -> dict[str, Any]:
        return dict(source)

    def content_to_json(self, content: Any) -> dict[str, Any]:
        return dict(content)

    def check_invariants(self, state: State) -> None:
        assert isinstance(state, HighCardState)
        if state.finished:
            return
        cards = state.deck + state.played + [b for b in state.bids if b is not None]
        for hand in state.hands:
            cards += hand
        assert sorted(cards) == list(range(DECK)), f"cards not conserved: {sorted(cards)}"
        assert sum(state.tricks_won) == state.round * TRICKS + state.trick, "tricks miscounted"
        assert 0 <= state.turn < state.players


GAME = HighCardGame()
