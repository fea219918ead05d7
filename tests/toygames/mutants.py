"""Deliberately broken variants of High Card, one bug each, to prove the conformance checks bite.

Each mutant overrides as little as possible of the correct game, so a check that fails on a
mutant fails because of that one bug. ``MUTANTS`` maps a mutant's name to its Game object.
"""

from __future__ import annotations

import random
from typing import Any

from ludoverse.core.api import Outcome
from ludoverse.core.rng import Rng
from toygames.highcard import DECK, DRAW, HighCardGame, HighCardState


class LeakyObservation(HighCardState):
    """Shows every hand to every seat."""

    def observation(self, seat: int | None) -> dict[str, Any]:
        obs = super().observation(seat)
        obs["hands"] = [list(h) for h in self.hands]
        return obs


class SharedClone(HighCardState):
    """Copies the list of hands but not the hands in it."""

    def clone(self) -> HighCardState:
        c = super().clone()
        c.hands = list(self.hands)
        return c


class JsonDropsRng(HighCardState):
    """Saves everything but the RNG, so a reloaded game deals different future rounds."""

    def to_json(self) -> dict[str, Any]:
        d = super().to_json()
        del d["rng"]
        return d


class DeterminizeOwnHand(HighCardState):
    """Swaps the observer's own hand with cards from the deck while resampling."""

    def determinize(self, seat: int, rng: random.Random) -> HighCardState:
        d = super().determinize(seat, rng)
        pool = d.hands[seat] + d.deck
        rng.shuffle(pool)
        d.hands[seat] = sorted(pool[: len(self.hands[seat])])
        d.deck = pool[len(self.hands[seat]) :]
        return d


class ErrorNamesCard(HighCardState):
    """Says who holds a card you tried to bid."""

    def not_in_hand(self, card: int) -> str:
        for q, hand in enumerate(self.hands):
            if card in hand:
                return f"card {card + 1} is in seat {q}'s hand"
        return super().not_in_hand(card)


class PlainCloneDeterminize(HighCardState):
    """Determinises by copying: the bot would see the true hands."""

    def determinize(self, seat: int, rng: random.Random) -> HighCardState:
        d = self.clone()
        d.rng = Rng(rng.getrandbits(64))
        d.events = self.events_for(seat)
        return d


class DeterminizeKeepsLog(HighCardState):
    """Resamples correctly but hands the bot the full log, private deals included."""

    def determinize(self, seat: int, rng: random.Random) -> HighCardState:
        d = super().determinize(seat, rng)
        d.events = list(self.events)
        return d


class DeterminizeSharesScores(HighCardState):
    """Builds the determinised world on the real score list: a bot's search changes the game."""

    def determinize(self, seat: int, rng: random.Random) -> HighCardState:
        d = super().determinize(seat, rng)
        d.tricks_won = self.tricks_won
        return d


class ChangesOnIllegal(HighCardState):
    """Spends the mover's draw before refusing an illegal action."""

    def apply(self, action: int) -> None:
        if not self.finished and self.illegal_reason(action) is not None:
            self.drawn[self.current_player] = True
        super().apply(action)


class UnsortedLegal(HighCardState):
    """Lists the draw first."""

    def legal_actions(self) -> list[int]:
        legal = super().legal_actions()
        return legal[-1:] + legal[:-1] if DRAW in legal else legal


class DuplicatingDraw(HighCardState):
    """Draws a copy of the top card and leaves it on the deck: cards are not conserved."""

    def draw(self, p: int) -> None:
        self.deck.append(self.deck[-1])
        super().draw(p)


class EveryoneWins(HighCardState):
    """Declares every seat a winner."""

    def outcome(self) -> Outcome | None:
        out = super().outcome()
        if out is None:
            return None
        return Outcome(out.scores, out.ranking, tuple(range(self.players)), out.reason)


class TupleObservation(HighCardState):
    """Puts a tuple in the observation, which comes back from JSON as a list."""

    def observation(self, seat: int | None) -> dict[str, Any]:
        obs = super().observation(seat)
        obs["tricks_won"] = tuple(obs["tricks_won"])
        return obs


class LiveHand(HighCardState):
    """Hands out its own hand list in the observation: a caller's edit changes the game."""

    def observation(self, seat: int | None) -> dict[str, Any]:
        obs = super().observation(seat)
        if seat is not None:
            obs["hand"] = self.hands[seat]
        return obs


class UnseededShuffle(HighCardState):
    """Shuffles with the global ``random`` module instead of the state's RNG."""

    def shuffle(self, cards: list[int]) -> None:
        random.shuffle(cards)


class LabelNamesBid(HighCardState):
    """Names the face-down bid in every viewer's label."""

    def action_label(self, action: int, seat: int | None) -> str:
        return super().action_label(action, self.current_player)


class BidsTopCardUnasked(HighCardState):
    """Plays a seat's 12 for it once it can no longer draw, as if the move were forced: so
    whether a seat is asked at all tells everyone whether it holds the 12."""

    def apply(self, action: int) -> None:
        super().apply(action)
        while not self.finished:
            p = self.current_player
            if DECK - 1 not in self.hands[p] or DRAW in self.legal_actions():
                return
            super().apply(DECK - 1)


def _mutant(states: type[HighCardState]) -> HighCardGame:
    """A High Card game whose states are ``states``, under its own registry name."""

    class Mutant(HighCardGame):
        name = f"toy_mutant_{states.__name__.lower()}"
        state_class = states

        def rng_from_json(self, d: dict[str, Any]) -> Rng:
            return Rng(state=d["rng"]) if "rng" in d else Rng(0)

    Mutant.__qualname__ = Mutant.__name__ = f"{states.__name__}Game"
    return Mutant()


MUTANTS: dict[str, HighCardGame] = {
    cls.__name__: _mutant(cls)
    for cls in (
        LeakyObservation,
        SharedClone,
        JsonDropsRng,
        DeterminizeOwnHand,
        ErrorNamesCard,
        PlainCloneDeterminize,
        DeterminizeKeepsLog,
        DeterminizeSharesScores,
        ChangesOnIllegal,
        UnsortedLegal,
        DuplicatingDraw,
        EveryoneWins,
        TupleObservation,
        LiveHand,
        UnseededShuffle,
        LabelNamesBid,
        BidsTopCardUnasked,
    )
}
