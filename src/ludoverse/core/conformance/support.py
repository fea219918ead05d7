"""The machinery every conformance check shares: cases, located failures, snapshots, walks.

Failures name the case and step, so ``random_actions(case)[:step]`` rebuilds the position.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import compress
from types import TracebackType
from typing import Any, NoReturn

from ludoverse.core.api import TERMINAL, Game, IllegalAction, Outcome, State

BAD_IDS: tuple[Any, ...] = (-1, "x", None, 2.5)
"""Non-ids every ``apply`` must refuse with :class:`IllegalAction` (as well as ``num_actions``)."""


class ConformanceError(AssertionError):
    """A broken quality bar; the message says how to reproduce it."""


@dataclass(frozen=True)
class Case:
    """One seeded random game: what a check plays and what a failure message names."""

    game: Game
    players: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    label: str = "default"
    max_decisions: int = 50_000

    def new_state(self) -> State:
        return self.game.new_game(self.players, self.seed, dict(self.options))

    def rng(self, salt: int) -> random.Random:
        """The checks' own randomness; a salt per check so each samples its own positions."""
        return random.Random(self.seed * 1_000_003 + salt)

    def __str__(self) -> str:
        return f"{self.game.name} players={self.players} options={self.label} seed={self.seed}"


class Tracker:
    """Knows which step and call a check is at, and turns any exception into a located failure."""

    def __init__(self, case: Case) -> None:
        self.case = case
        self.step: int | None = None
        self.doing = "new_game()"

    def __enter__(self) -> Tracker:
        return self

    def __exit__(
        self, typ: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if exc is None or isinstance(exc, ConformanceError) or not isinstance(exc, Exception):
            return
        name = type(exc).__name__
        raise ConformanceError(f"{self.where()}: {self.doing} raised {name}: {exc}") from exc

    def where(self) -> str:
        return str(self.case) if self.step is None else f"{self.case}, step {self.step}"

    def fail(self, msg: str) -> NoReturn:
        raise ConformanceError(f"{self.where()}: {msg}")


# JSON ----------------------------------------------------------------------------------------


def json_problem(value: Any, path: str = "$") -> str | None:
    """Where ``value`` stops being JSON-safe, or ``None``.

    JSON-safe means ``json.loads(json.dumps(x)) == x``: dicts with str keys, lists, str, int,
    finite float, bool and None. Tuples, sets, int keys and NaN are refused because they come
    back from the wire changed, so a remote client would see something else than a local one.
    """
    if value is None or isinstance(value, str | bool | int):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{path} is {value}"
    if isinstance(value, list):
        for i, v in enumerate(value):
            if (p := json_problem(v, f"{path}[{i}]")) is not None:
                return p
        return None
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                return f"{path} has key {k!r} of type {type(k).__name__}"
            if (p := json_problem(v, f"{path}.{k}")) is not None:
                return p
        return None
    return f"{path} is a {type(value).__name__}: {value!r:.80}"


def assert_json_safe(value: Any, what: str) -> None:
    if (problem := json_problem(value)) is not None:
        raise ConformanceError(f"{what} is not JSON-safe: {problem}")


def first_difference(a: Any, b: Any, path: str = "$") -> str:
    """Where two JSON-like values first differ, briefly (for failure messages)."""
    if type(a) is not type(b):
        return f"{path}: {a!r:.120} != {b!r:.120}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k} is only in the {'first' if k in a else 'second'}"
            if a[k] != b[k]:
                return first_difference(a[k], b[k], f"{path}.{k}")
    if isinstance(a, list | tuple):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path}: lengths {len(a)} != {len(b)}"
    return f"{path}: {a!r:.120} != {b!r:.120}"


def _containers(x: Any, out: set[int]) -> set[int]:
    if isinstance(x, dict | list):
        out.add(id(x))
        for v in x.values() if isinstance(x, dict) else x:
            _containers(v, out)
    return out


def _first_in(x: Any, ids: set[int], path: str) -> str | None:
    if not isinstance(x, dict | list):
        return None
    if id(x) in ids:
        return path
    items = x.items() if isinstance(x, dict) else enumerate(x)
    for k, v in items:
        sub = f"{path}.{k}" if isinstance(x, dict) else f"{path}[{k}]"
        if (found := _first_in(v, ids, sub)) is not None:
            return found
    return None


def live_data(state: State, a: Any, b: Any) -> str | None:
    """Where two results of the same call share a list or dict (so they alias the game's data).

    Event data is exempt: events are immutable by contract and ``Event.to_json`` passes its
    nested values through.
    """
    shared = _containers(a, set()) & _containers(b, set())
    if shared:
        shared -= _containers([e.data for e in state.events], set())
    return _first_in(a, shared, "$") if shared else None


# Snapshots -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Snap:
    """A state's ``to_json`` frozen by a JSON round trip (immune to later mutation) + log length."""

    log: int
    data: Any


def _json_copy(t: Tracker, raw: Any) -> Any:
    try:
        return json.loads(json.dumps(raw, allow_nan=False))
    except (TypeError, ValueError):
        t.fail(f"to_json() is not JSON-safe: {json_problem(raw)}")


def snap(t: Tracker, state: State) -> Snap:
    doing, t.doing = t.doing, "to_json()"
    s = Snap(len(state.events), _json_copy(t, state.to_json()))
    t.doing = doing
    return s


def changed(t: Tracker, state: State, before: Snap) -> Snap | None:
    """``None`` if ``state`` still matches ``before``, else its new snapshot (fast: no JSON)."""
    doing, t.doing = t.doing, "to_json()"
    raw = state.to_json()
    t.doing = doing
    if len(state.events) == before.log and raw == before.data:
        return None
    now = Snap(len(state.events), _json_copy(t, raw))
    return None if now == before else now


def expect_unchanged(t: Tracker, state: State, before: Snap, msg: str) -> None:
    if (now := changed(t, state, before)) is None:
        return
    if before.data != now.data:
        detail = first_difference(before.data, now.data)
    else:
        detail = f"the log went from {before.log} to {now.log} events"
    t.fail(f"{msg} ({detail})")


# Walking through games -----------------------------------------------------------------------


def sample_points(case: Case, n_steps: int, k: int, salt: int, terminal: bool) -> list[int]:
    """``k`` distinct steps of a game of ``n_steps`` actions (step ``n_steps`` is the end)."""
    candidates = range(n_steps + 1 if terminal else n_steps)
    return sorted(case.rng(salt).sample(candidates, min(k, len(candidates))))


def walk(t: Tracker, actions: Sequence[int], points: Sequence[int]) -> Iterator[State]:
    """Replay ``actions`` on a fresh state and pause at each step in ``points``."""
    state = t.case.new_state()
    step = 0
    for point in points:
        while step < point:
            t.step, t.doing = step, f"apply({actions[step]})"
            try:
                state.apply(actions[step])
            except IllegalAction as exc:
                t.fail(
                    f"the case's own move {actions[step]} is illegal when replayed on a fresh "
                    f"new_game ({exc.reason}): new_game and apply are not deterministic"
                )
            step += 1
        t.step = step
        yield state


def random_moves(t: Tracker, state: State, rng: random.Random, n: int) -> list[int]:
    """Advance ``state`` by up to ``n`` random legal actions; return them."""
    moves = []
    for _ in range(n):
        if state.is_terminal():
            break
        t.doing = "legal_actions()"
        a = rng.choice(state.legal_actions())
        t.doing = f"apply({a})"
        state.apply(a)
        moves.append(a)
    return moves


def illegal_ids(rng: random.Random, legal: Sequence[int], num_actions: int, k: int) -> list[Any]:
    """Up to ``k`` random illegal ids in range, plus the out-of-range and non-int ones."""
    taken = set(legal)
    if num_actions <= 4096:
        pool = [a for a in range(num_actions) if a not in taken]
        ids: list[Any] = rng.sample(pool, min(k, len(pool)))
    else:
        draws = (rng.randrange(num_actions) for _ in range(4 * k))
        ids = list(dict.fromkeys(a for a in draws if a not in taken))[:k]
    return [*ids, num_actions, *BAD_IDS]


def refusal(state: State, action: Any) -> str | None:
    """The IllegalAction reason for ``action``, or ``None`` if ``state`` accepted it."""
    try:
        state.apply(action)
    except IllegalAction as exc:
        return exc.reason
    return None


# Per-position bars ---------------------------------------------------------------------------


def check_position(t: Tracker, state: State) -> list[int]:
    """Legal actions well-formed, mask agrees, outcome only at the end, invariants hold."""
    game, n = t.case.game, t.case.game.num_actions
    t.doing = "legal_actions()"
    cp = state.current_player
    legal = state.legal_actions()
    if state.is_terminal() != (cp == TERMINAL):
        t.fail(f"is_terminal() is {state.is_terminal()} but current_player is {cp}")
    if cp == TERMINAL:
        if legal:
            t.fail(f"legal_actions() is {legal} after the end")
        t.doing = "outcome()"
        check_outcome(t, state.outcome(), state.outcome())
    else:
        if type(cp) is not int or not 0 <= cp < t.case.players:
            t.fail(f"current_player {cp!r} is not a seat")
        if not legal:
            t.fail("legal_actions() is empty but the game is not over")
        prev = -1
        for a in legal:
            if type(a) is not int or a <= prev or a >= n:
                t.fail(f"legal_actions() must be sorted distinct ints in [0, {n}): {legal[:50]}")
            prev = a
        t.doing = "outcome()"
        if state.outcome() is not None:
            t.fail("outcome() is not None before the end")
    t.doing = "legal_actions_mask()"
    mask = state.legal_actions_mask()
    if len(mask) != n or list(compress(range(n), mask)) != legal:
        t.fail("legal_actions_mask() disagrees with legal_actions()")
    t.doing = "check_invariants()"
    game.check_invariants(state)
    return legal


def check_outcome(t: Tracker, out: Outcome | None, again: Outcome | None) -> None:
    """Scores and places for every seat, winners exactly the seats placed first, a reason.

    A solo game (one seat) may have no winner: that is how a lost solo game is reported.
    """
    n = t.case.players
    if not isinstance(out, Outcome):
        t.fail(f"outcome() at the end is {out!r}, not an Outcome")
    if out != again:
        t.fail("outcome() gives a different answer when asked twice")
    if len(out.scores) != n or len(out.ranking) != n:
        t.fail(f"outcome has {len(out.scores)} scores and {len(out.ranking)} places for {n} seats")
    for s in out.scores:
        if type(s) not in (int, float) or not math.isfinite(s):
            t.fail(f"score {s!r} is not a finite number")
    ranks = list(out.ranking)
    expected = [1 + sum(r < x for r in ranks) for x in ranks]
    if any(type(x) is not int for x in ranks) or ranks != expected:
        t.fail(f"ranking {ranks} is not a competition ranking (1 = first, ties share a place)")
    first = tuple(s for s in range(n) if ranks[s] == 1)
    if tuple(out.winners) != first and not (n == 1 and not out.winners):
        t.fail(f"winners {out.winners} are not the seats placed first {first}")
    if not isinstance(out.reason, str) or not out.reason.strip():
        t.fail(f"outcome reason {out.reason!r} is not a non-empty string")
    if not all(isinstance(x, str) for x in out.tiebreak_trace):
        t.fail(f"tiebreak_trace {out.tiebreak_trace!r} is not a sequence of strings")
    assert_json_safe(out.to_json(), f"{t.where()}: outcome().to_json()")


def play_random(case: Case, checked: bool) -> list[int]:
    """Random legal play to the end.

    ``checked``: every per-position bar at every step, and a label for each move played (a
    :class:`~ludoverse.core.records.Recorder` asks for it, so a game cannot be recorded without).
    """
    with Tracker(case) as t:
        state = case.new_state()
        rng = case.rng(0)
        actions: list[int] = []
        while True:
            t.step = len(actions)
            if checked:
                legal = check_position(t, state)
            else:
                t.doing = "legal_actions()"
                legal = [] if state.is_terminal() else state.legal_actions()
            if state.is_terminal():
                return actions
            if len(actions) >= case.max_decisions:
                t.fail(f"no end after {case.max_decisions} decisions")
            t.doing = "choosing a legal action"
            a = rng.choice(legal)
            if checked:
                t.doing = f"action_label({a}, {state.current_player})"
                label = state.action_label(a, state.current_player)
                if not isinstance(label, str) or not label.strip():
                    t.fail(f"action_label({a}) is {label!r}, not a non-empty string")
            t.doing = f"apply({a})"
            state.apply(a)
            actions.append(a)
