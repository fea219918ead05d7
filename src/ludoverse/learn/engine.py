"""Running a tutorial: the script compiled into numbered steps, and the position at any step.

The server keeps no session: a learner's place is just a step number ``k``, and the
position at step ``k`` is rebuilt by replaying the recorded moves the steps before it
consumed. So leaving and coming back (after a reload, or a server restart) is "open step k".

Step kinds:

- ``explain``: a pause with an explanation; no move (the learner presses Next).
- ``move``: the learner's own move; only the expected move advances.
- ``bot``: one move of another seat, played by the page after a short delay.
- ``skip``: a block of recorded moves played at once, with a note of what was skipped.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Literal

from ludoverse.core.api import Game, State
from ludoverse.core.registry import load
from ludoverse.learn.script import Move, MoveRef, Script, ScriptError, StepIn, load_script

StepKind = Literal["explain", "move", "bot", "skip"]
MOVE_POINT = "move"
"""A step's ``point`` that means the expected move itself (its button and its piece)."""
DEFAULT_WHY = "the tutorial follows one fixed game, so the other seats' answers stay the same"


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a compiled tutorial."""

    kind: StepKind
    start: int
    """How many recorded moves were played before this step."""
    count: int
    """How many moves the step plays (0 for explain, 1 for move and bot, more for skip)."""
    seat: int | None
    """Who moves (move and bot steps)."""
    text: str
    rules: tuple[str, ...] = ()
    point: str | None = None
    why: str | None = None
    number: int = 0
    """The step's place among the steps the learner reads (bot steps share the number of
    the step before them), counted from 1."""
    written: bool = False
    """Whether the text was hand-written (a move step without one gets a plain instruction)."""

    @property
    def end(self) -> int:
        return self.start + self.count


def resolve(state: State, move: Move) -> int:
    """The one legal action of the seat to move whose label (as that seat sees it) is
    ``move``; a :class:`MoveRef` names the id too, for labels that are not unique."""
    seat = state.current_player
    label = move.label if isinstance(move, MoveRef) else move
    hits = [a for a in state.legal_actions() if state.action_label(a, seat) == label]
    if isinstance(move, MoveRef):
        hits = [a for a in hits if a == move.id]
    if len(hits) != 1:
        raise ScriptError(f"{label!r} matches {len(hits)} legal moves of seat {seat}")
    return hits[0]


class Tutorial:
    """A script compiled against its game: the action ids of every move, and the steps."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.game: Game = load(script.game)
        self.actions, self.movers = self._replay()
        self.steps = self._compile()

    def new_state(self) -> State:
        s = self.script
        return self.game.new_game(players=s.players, seed=s.seed, options=s.options or None)

    def _replay(self) -> tuple[list[int], list[int]]:
        state = self.new_state()
        actions: list[int] = []
        movers: list[int] = []
        for i, move in enumerate(self.script.moves):
            if state.is_terminal():
                raise ScriptError(f"move {i}: the game is already over")
            try:
                a = resolve(state, move)
            except ScriptError as exc:
                raise ScriptError(f"move {i}: {exc}") from None
            movers.append(state.current_player)
            actions.append(a)
            state.apply(a)
        if not state.is_terminal():
            raise ScriptError("the recorded moves stop before the game is over")
        return actions, movers

    def _compile(self) -> list[Step]:
        s = self.script
        n = len(self.actions)
        explains: dict[int, list[StepIn]] = {}
        moves: dict[int, StepIn] = {}
        skips: dict[int, StepIn] = {}
        for st in s.steps:
            if st.kind == "explain":
                explains.setdefault(st.at, []).append(st)
            elif st.kind == "move":
                if st.at >= n or self.movers[st.at] != s.learner:
                    raise ScriptError(f"move step at {st.at} is not a move of the learner")
                if st.at in moves:
                    raise ScriptError(f"two move steps at {st.at}")
                moves[st.at] = st
            else:
                if st.at in skips:
                    raise ScriptError(f"two skips at {st.at}")
                skips[st.at] = st
        out: list[Step] = []
        i = 0
        skipped: set[int] = set()
        while True:
            out.extend(Step("explain", i, 0, None, e.text, e.rules, e.point, written=True)
                       for e in explains.get(i, []))
            if i >= n:
                break
            if i in skips:
                sk = skips[i]
                assert sk.to is not None
                inner = set(range(i + 1, sk.to))
                if inner & (set(moves) | set(explains) | set(skips)):
                    raise ScriptError(f"a step lies inside the skip {i}..{sk.to}")
                skipped |= {i, *inner}
                out.append(Step("skip", i, sk.to - i, None, sk.text, sk.rules, sk.point,
                                written=True))
                i = sk.to
                continue
            seat = self.movers[i]
            if seat == s.learner:
                m = moves.get(i)
                out.append(Step("move", i, 1, seat, m.text if m else "", m.rules if m else (),
                                (m.point if m else None) or MOVE_POINT,
                                (m.why if m else None) or DEFAULT_WHY,
                                written=m is not None))
            else:
                out.append(Step("bot", i, 1, seat, ""))
            i += 1
        number = 0
        numbered = []
        for st in out:
            if st.kind != "bot" or number == 0:
                number += 1
            numbered.append(replace(st, number=number))
        return numbered

    # Positions ---------------------------------------------------------------------------

    @property
    def last(self) -> int:
        """The final step number: the game is over and nothing is left to do."""
        return len(self.steps)

    @property
    def readable(self) -> int:
        """How many numbered steps the learner goes through."""
        return self.steps[-1].number if self.steps else 0

    def moves_before(self, k: int) -> int:
        """How many recorded moves are played at step ``k``."""
        return self.steps[k].start if k < len(self.steps) else len(self.actions)

    def state_at(self, k: int) -> State:
        """The true position at step ``k`` (0 <= k <= last): never shown as it is, only
        through the learner's observation."""
        if not 0 <= k <= self.last:
            raise IndexError(k)
        state = self.new_state()
        for a in self.actions[: self.moves_before(k)]:
            state.apply(a)
        return state

    def expected(self, k: int) -> int | None:
        """The action id step ``k`` plays (move and bot steps), else ``None``."""
        st = self.steps[k] if k < len(self.steps) else None
        return self.actions[st.start] if st and st.kind in ("move", "bot") else None

    def instruction(self, k: int, state: State) -> str:
        """What step ``k`` tells the learner, the move's label filled in where needed."""
        st = self.steps[k]
        if st.kind == "move":
            label = state.action_label(self.actions[st.start], st.seat)
            return st.text or f"Your move: {label}."
        if st.kind == "bot":
            return ""
        return st.text

    def refusal(self, k: int, state: State) -> str:
        """The friendly answer to a move that is not the one the step needs."""
        st = self.steps[k]
        label = state.action_label(self.actions[st.start], st.seat)
        return f"Not this time: the tutorial needs “{label}” — because {st.why or DEFAULT_WHY}."

    def ending(self) -> str:
        """The explanation after the last move: why the game ended and who won."""
        n = len(self.actions)
        return " ".join(st.text for st in self.steps if st.kind == "explain" and st.start == n)

    def overview(self) -> list[dict[str, Any]]:
        """Every step the learner reads, ahead: kinds, texts, rule IDs, pointers. Other
        seats' moves are left out (their labels could tell hidden cards, and how many moves
        a seat makes would tell what it decides)."""
        out = []
        for i, st in enumerate(self.steps):
            if st.kind == "bot":
                continue
            d: dict[str, Any] = {"k": i, "kind": st.kind, "number": st.number,
                                 "text": st.text if st.written else "",
                                 "rules": list(st.rules), "point": st.point}
            out.append(d)
        return out


@cache
def tutorial(game: str) -> Tutorial:
    """The compiled tutorial of ``game`` (cached; ``KeyError`` for a game without one)."""
    return Tutorial(load_script(game))
