"""The post-game review: each decision of one seat, judged by what that seat could know.

For every decision of the reviewed seat that offered more than one legal move, the review

1. makes one world with ``state.determinize(seat, rng)``, where ``rng`` is seeded from the
   review's own seed and the step number (never from the record's seed, which fixes the
   deal). From here on only that world is used: labels, candidate moves and every search
   come from it, so the true hidden cards reach nothing but ``determinize``;
2. finds the strongest *rival* of the played move among the moves the search would try
   (the game's candidates, or every legal move) by sequential halving: each remaining move
   gets an equal share of the budget in an ISMCTS search that must start with it (ISMCTS
   determinises again on every iteration), and the better half goes on;
3. values the played move and that rival side by side, with one search each from the
   same world, the same rng seed and half the budget each. Both shares come from this one
   paired estimate, so their difference is meaningful: equally deep searches, and the
   rival's value is not the maximum of many noisy values (which would bias it upwards).
   The better of the two is ``best`` (the played move when it comes out at least as good);
4. calls the loss (best share minus played share, at least 0) ``best``, ``good``,
   ``inaccuracy``, ``mistake`` or ``blunder`` by :class:`Thresholds`.

A spec budget of N iterations costs at most 2N per decision: N for the halving (none with a
single rival) and N/2 for each of the two paired searches.

A lone legal move is not a decision and is only counted (``forced``). An unfinished record
is reviewed up to its last move.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludoverse.bots.base import SpecError, make
from ludoverse.bots.ismcts import ISMCTSBot
from ludoverse.core.api import Game, State
from ludoverse.core.records import GameRecord, RecordError, replay_iter
from ludoverse.core.registry import load
from ludoverse.review.verdicts import DEFAULT_THRESHOLDS, FLAGGED, VERDICTS, Thresholds

DEFAULT_BOT = "ismcts:iters=1000"
"""The search behind a review when none is named (budget: ``docs/review.md``)."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called with 0 before the first decision and after each one."""

_MASK = (1 << 64) - 1


class ReviewError(ValueError):
    """Input a review cannot work with: a bad record, seat or bot spec."""


def step_seed(seed: int, step: int) -> int:
    """The seed of one decision's review, from the review seed and the step number only.

    A SplitMix64 finaliser, so neighbouring steps and seeds get unrelated streams.
    """
    z = (seed * 0x9E3779B97F4A7C15 + (step + 1) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def review_bot(spec: str | ISMCTSBot, game: Game | None = None) -> ISMCTSBot:
    """Build and check the search a review uses: any ``ismcts`` spec, or a strength name
    (``hard``) that the game maps to one. Bots without value estimates cannot review."""
    if isinstance(spec, ISMCTSBot):
        return spec
    try:
        bot = make(spec, game)
    except (SpecError, KeyError) as exc:
        raise ReviewError(str(exc)) from None
    if not isinstance(bot, ISMCTSBot):
        raise ReviewError(
            f"bot {bot.spec!r} gives no win-share estimates; a review needs a search bot "
            f"such as {DEFAULT_BOT!r}"
        )
    return bot


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One reviewed decision. Shares are the seat's estimated share of the win, in [0, 1]."""

    step: int
    """Index of the move in the record's action list."""
    seat: int
    played: str
    best: str
    played_share: float
    best_share: float
    verdict: str
    loss: float
    played_action: int
    best_action: int
    considered: bool
    """Whether the search would have tried the played move on its own (the game's candidate
    moves include it); it is valued either way."""
    moves: int
    """How many moves were in the running: the search's own moves plus the played one."""
    visits: tuple[int, int]
    """Visits of (played, best) in the search the shares come from."""

    @property
    def flagged(self) -> bool:
        return self.verdict in FLAGGED

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "played_share": round(self.played_share, 4),
            "best_share": round(self.best_share, 4),
            "verdict": self.verdict,
            "loss": round(self.loss, 4),
            "played_action": self.played_action,
            "best_action": self.best_action,
            "considered": self.considered,
            "moves": self.moves,
            "visits": {"played": self.visits[0], "best": self.visits[1]},
        }


@dataclass(slots=True)
class Review:
    """A whole game's review for one seat."""

    game: str
    title: str
    seat: int
    players: int
    bot: str
    seed: int
    thresholds: Thresholds
    finished: bool
    forced: int
    """Decisions of the seat with a single legal move (not reviewed)."""
    moves: list[MoveReview] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    seconds: float = 0.0

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(VERDICTS, 0)
        for m in self.moves:
            out[m.verdict] += 1
        return out

    def average_loss(self) -> float:
        return sum(m.loss for m in self.moves) / len(self.moves) if self.moves else 0.0

    def summary(self) -> dict[str, Any]:
        return {
            "decisions": len(self.moves),
            "forced": self.forced,
            "counts": self.counts(),
            "average_loss": round(self.average_loss(), 4),
            "flagged": sum(m.flagged for m in self.moves),
        }

    def summary_line(self) -> str:
        """``12 decisions: 7 best, 3 good, 1 inaccuracy, 1 mistake, 0 blunder; average
        loss 0.021``."""
        counts = ", ".join(f"{n} {v}" for v, n in self.counts().items())
        return (f"{len(self.moves)} decisions: {counts}; "
                f"average loss {self.average_loss():.3f}")

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "moves": [m.to_json() for m in self.moves],
            "players": self.players,
            "bot": self.bot,
            "seed": self.seed,
            "finished": self.finished,
            "thresholds": self.thresholds.to_json(),
            "summary": self.summary(),
            "outcome": self.outcome,
            "seconds": round(self.seconds, 2),
        }

    def to_html(self) -> str:
        """A self-contained page: a plot of the seat's win share and the table of moves."""
        from ludoverse.review.html import to_html

        return to_html(self)


def _share_of(search: ISMCTSBot, fraction: float,
              cap_ms: float | None = None) -> dict[str, float]:
    """A per-search budget: ``fraction`` of the spec's iterations (at least 1) or time.

    ``cap_ms`` caps a whole decision's time: the searches of one decision spend at most two
    spec budgets in all (module docstring), so each gets ``fraction / 2`` of the cap. Without
    it the budget is the spec's alone, so reviews without a cap are unchanged."""
    budget: dict[str, float] = {}
    if search.iters is not None:
        budget["iters"] = max(1, int(search.iters * fraction))
    if search.ms is not None:
        budget["ms"] = search.ms * fraction
    if cap_ms is not None:
        cap = cap_ms * fraction / 2
        budget["ms"] = min(budget.get("ms", cap), cap)
    return budget


def _value(search: ISMCTSBot, world: State, seat: int, move: int, budget: dict[str, float],
           seed: int) -> tuple[float, int]:
    """``(share, visits)`` of ``move`` from a search of ``world`` that must start with it."""
    res = search.search(world, seat, random.Random(seed), budget, [move])
    return res.values.get(move, 0.0), res.visits.get(move, 0)


def _rival(search: ISMCTSBot, world: State, seat: int, rivals: list[int], seed: int,
           cap_ms: float | None = None) -> int:
    """The strongest of ``rivals`` by sequential halving (Karnin, Koren and Somekh, 2013):
    in each round every remaining move gets an equal share of the round's budget in a search
    of its own, and the better half goes on, until one is left. All rounds together cost one
    spec budget. Equal shares matter: in one shared tree the move that looks good first gets
    the visits, and a move's value changes with the depth of its subtree, so a better move
    can be starved after a few unlucky visits (measured in ``docs/review.md``)."""
    alive = sorted(rivals)
    rounds = max(1, math.ceil(math.log2(len(alive))))
    r = 0
    while len(alive) > 1:
        budget = _share_of(search, 1.0 / (rounds * len(alive)), cap_ms)
        scored = [(_value(search, world, seat, a, budget, seed + r)[0], -a) for a in alive]
        scored.sort(reverse=True)
        alive = sorted(-a for _, a in scored[: math.ceil(len(alive) / 2)])
        r += 1
    return alive[0]


def review_position(
    state: State,
    played: int,
    bot: str | ISMCTSBot = DEFAULT_BOT,
    seed: int = 0,
    step: int = 0,
    thresholds: Thresholds = DEFAULT_THRESHOLDS,
    cap_ms: float | None = None,
) -> MoveReview:
    """Review the move ``played`` by the seat to move in ``state`` (see the module docstring).

    ``state`` may be the true state: it is determinised for the seat to move before anything
    else looks at it. The result depends on ``(seed, step)`` and that world only.
    ``cap_ms`` (a server's limit) stops the decision's searches after about that many
    milliseconds in all, whatever the spec's budget; a review that meets it is no longer
    reproducible, one that does not is the same as without it.
    """
    seat = state.current_player
    legal = state.legal_actions()
    if seat < 0 or played not in legal:
        raise ReviewError(f"move {played} is not a legal move at step {step}")
    search = review_bot(bot, state.game)
    rng = random.Random(step_seed(seed, step))
    world = state.determinize(seat, rng)
    del state  # nothing below may look at the truth
    own = search.considered(world)
    rivals = [a for a in own if a != played]
    if not rivals:  # nothing else is worth searching: the played move is the choice
        share, n = _value(search, world, seat, played, _share_of(search, 1.0, cap_ms),
                          rng.getrandbits(32))
        played_share = best_share = share
        best, visits = played, (n, n)
    else:
        base = rng.getrandbits(32)
        rival = (_rival(search, world, seat, rivals, base, cap_ms) if len(rivals) > 1
                 else rivals[0])
        half = _share_of(search, 0.5, cap_ms)
        played_share, n_played = _value(search, world, seat, played, half, base ^ 0xFFFF)
        best_share, n_best = _value(search, world, seat, rival, half, base ^ 0xFFFF)
        best, visits = rival, (n_played, n_best)
        if played_share >= best_share:  # side by side the played move is as good: it is best
            best, best_share, visits = played, played_share, (n_played, n_played)
    loss = max(0.0, best_share - played_share)
    return MoveReview(
        step=step,
        seat=seat,
        played=world.action_label(played, seat),
        best=world.action_label(best, seat),
        played_share=played_share,
        best_share=best_share,
        verdict=thresholds.verdict(loss, best == played),
        loss=loss,
        played_action=played,
        best_action=best,
        considered=played in own,
        moves=len({*own, played}),
        visits=visits,
    )


def read_record(source: GameRecord | str | Path) -> GameRecord:
    """A record object as it is, or read from a file (errors as :class:`ReviewError`)."""
    if isinstance(source, GameRecord):
        return source
    try:
        return GameRecord.read(source)
    except RecordError as exc:  # a validation report is long: its first line says enough
        raise ReviewError(str(exc).splitlines()[0]) from None
    except OSError as exc:
        raise ReviewError(f"cannot read {source}: {exc.strerror or exc}") from None


def default_seat(record: GameRecord) -> int:
    """The seat a review looks at unless told: the only human seat, else seat 0."""
    humans = [i for i, s in enumerate(record.seats or []) if s.strip().lower() == "human"]
    return humans[0] if len(humans) == 1 else 0


def decisions(record: GameRecord, seat: int) -> tuple[list[tuple[int, State, int]], int, bool]:
    """Replay ``record``: ``(step, state before, action)`` for each decision of ``seat`` with
    more than one legal move, the number of its forced moves, and whether the game ended."""
    try:
        states = replay_iter(record)
        _, state = next(states)
        found: list[tuple[int, State, int]] = []
        forced = 0
        for step, action in enumerate(record.actions):
            if state.is_terminal():
                raise RecordError(f"the record goes on after the game ended (move {step})")
            if state.current_player == seat:
                if len(state.legal_actions()) > 1:
                    found.append((step, state.clone(), action))
                else:
                    forced += 1
            next(states)
    except KeyError as exc:  # an unknown game name
        raise ReviewError(str(exc.args[0]) if exc.args else "unknown game") from None
    except (RecordError, ValueError) as exc:
        raise ReviewError(f"cannot replay the record: {exc}") from None
    return found, forced, state.is_terminal()


def review(
    record: GameRecord | str | Path,
    seat: int,
    bot: str | ISMCTSBot = DEFAULT_BOT,
    seed: int = 0,
    progress: Progress | None = None,
    thresholds: Thresholds = DEFAULT_THRESHOLDS,
) -> Review:
    """Review every decision of ``seat`` in a game record (a file path or a GameRecord).

    ``seed`` is the review's own seed: the same record, seat, bot and seed give the same
    review (with an iteration budget). Raises :class:`ReviewError` for bad input.
    """
    rec = read_record(record)
    try:
        game = load(rec.game)
    except KeyError as exc:
        raise ReviewError(str(exc.args[0]) if exc.args else "unknown game") from None
    if not 0 <= seat < rec.players:
        raise ReviewError(f"seat {seat} is not in this {rec.players}-player game "
                          f"(seats 0 to {rec.players - 1})")
    search = review_bot(bot, game)
    todo, forced, finished = decisions(rec, seat)
    out = Review(
        game=game.name, title=game.title, seat=seat, players=rec.players, bot=search.spec,
        seed=seed, thresholds=thresholds, finished=finished, forced=forced,
        outcome=rec.outcome if finished else None,
    )
    start = time.perf_counter()
    if progress is not None:
        progress(0, len(todo))
    for done, (step, state, action) in enumerate(todo, 1):
        out.moves.append(review_position(state, action, search, seed, step, thresholds))
        if progress is not None:
            progress(done, len(todo))
    out.seconds = time.perf_counter() - start
    return out
