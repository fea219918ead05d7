"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples a fresh world with ``state.determinize(seat, rng)``, so the search
only ever sees what ``seat`` could know. One tree is shared by all the sampled worlds: a node
is the sequence of actions from the root, and since an action may be legal in one world and
not in another, UCT uses *availability* counts (how often a child could have been chosen)
in place of the parent's visit count. Rewards are each seat's share of the win; a node keeps
the reward of the seat that chose the action leading to it.

Rollouts play random moves, or the game's cheap ``rollout_action`` (``rollout=heuristic``),
until the game ends, or until a cutoff (``cutoff=stage`` ends at the game's next checkpoint;
``cutoff=N`` after N moves), where the game's ``rewards`` estimate scores the position.

The search is reproducible: the same state, seed and iteration budget give the same move.
A time budget (``ms``) stops after whatever number of iterations fit, so it is not.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoverse.bots.base import win_shares
from ludoverse.core.api import State

_INF = float("inf")


class Node:
    """Statistics of one action sequence from the root."""

    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat that chose the action leading here
        self.children: dict[int, Node] = {}  # key: seat * num_actions + action
        self.visits = 0
        self.total = 0.0
        self.avail = 1


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What one search found: the move, and visits and mean reward per root action."""

    action: int
    iterations: int
    seconds: float
    visits: dict[int, int]
    values: dict[int, float]


class ISMCTSBot:
    """``ismcts:iters=1000,c=0.7,rollout=auto,cutoff=auto`` (or ``ms=500`` for a time budget).

    Parameters (all optional):

    * ``iters`` -- iterations per move (default 1000 unless ``ms`` is given);
    * ``ms`` -- wall-clock budget per move in milliseconds;
    * ``c`` -- UCT exploration constant (rewards are in [0, 1]);
    * ``rollout`` -- ``random``, ``heuristic`` (the game's ``rollout_action``) or ``auto``
      (heuristic when the game has one);
    * ``cutoff`` -- ``none`` (play out), ``stage`` (stop at the game's next checkpoint), a
      number of rollout moves, or ``auto`` (stage when the game has checkpoints and a
      ``rewards`` estimate); a cut rollout is scored by the game's ``rewards``;
    * ``prune`` -- ``on`` searches only the game's ``candidates`` (its short list of moves
      worth trying), ``off`` every legal move, ``auto`` (default) candidates when the game
      has them. Wide positions (a hundred swaps) need it: without a short list the budget is
      spread so thin that the search learns less than one-ply greedy play.

    ``rollout=random,cutoff=none`` is textbook ISMCTS, which needs no game knowledge.
    """

    def __init__(
        self,
        iters: str | int | None = None,
        ms: str | float | None = None,
        c: str | float = 0.7,
        rollout: str = "auto",
        cutoff: str | int = "auto",
        prune: str = "auto",
    ) -> None:
        self.iters = int(iters) if iters is not None else (None if ms is not None else 1000)
        self.ms = float(ms) if ms is not None else None
        if self.iters is not None and self.iters < 1:
            raise ValueError("iters must be at least 1")
        if self.ms is not None and self.ms <= 0:
            raise ValueError("ms must be positive")
        self.c = float(c)
        if not self.c >= 0:
            raise ValueError(f"c must be a number >= 0, not {c!r}")
        if rollout not in ("auto", "random", "heuristic"):
            raise ValueError(f"rollout must be 'auto', 'random' or 'heuristic', not {rollout!r}")
        self.rollout = rollout
        cut = str(cutoff)
        if cut not in ("auto", "none", "stage") and not cut.isdigit():
            raise ValueError(
                f"cutoff must be 'auto', 'none', 'stage' or a number of moves, not {cut!r}"
            )
        self.cutoff = str(int(cut)) if cut.isdigit() else cut
        if prune not in ("auto", "on", "off"):
            raise ValueError(f"prune must be 'auto', 'on' or 'off', not {prune!r}")
        self.prune = prune
        parts = []
        if self.iters is not None:
            parts.append(f"iters={self.iters}")
        if self.ms is not None:
            parts.append(f"ms={self.ms:g}")
        if self.c != 0.7:
            parts.append(f"c={self.c:g}")
        if rollout != "auto":
            parts.append(f"rollout={rollout}")
        if self.cutoff != "auto":
            parts.append(f"cutoff={self.cutoff}")
        if prune != "auto":
            parts.append(f"prune={prune}")
        self.spec = "ismcts:" + ",".join(parts)

    def choose(self, state: State, seat: int, rng: random.Random, budget: Any = None) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.search(state, seat, rng, budget).action

    def search(
        self,
        state: State,
        seat: int,
        rng: random.Random,
        budget: Any = None,
        root_moves: Sequence[int] | None = None,
    ) -> SearchResult:
        """Run the search from ``state`` (already determinised for ``seat``).

        ``root_moves`` (legal moves of ``seat``, who must be to move) replaces the moves the
        search tries first, e.g. to value a move the game's candidates leave out (a post-game
        review must value the move that was played); deeper positions are searched as usual.
        """
        iters, ms = self._budget(budget)
        rollout_action, estimate, by_stage, max_moves = self._playout_plan(state.game)
        moves = self._moves(state.game)
        root_list: list[int] | None = None
        if root_moves is not None:
            root_list = sorted(set(root_moves))
            if not root_list or state.current_player != seat \
                    or not set(root_list) <= set(state.legal_actions()):
                raise ValueError("root_moves must be legal moves of the seat to move")

        root_state = state.search_clone()
        # Children are keyed by (seat to move, action): with forced moves applied
        # automatically, one action sequence can lead to different seats in different worlds.
        width = state.game.num_actions
        root = Node(-1)
        c = self.c
        start = time.perf_counter()
        deadline = start + ms / 1000.0 if ms is not None else _INF
        done = 0
        log = math.log
        sqrt = math.sqrt
        while (iters is None or done < iters) and (
            ms is None or done == 0 or time.perf_counter() < deadline
        ):
            world = root_state.determinize(seat, rng)
            node = root
            path = []
            # Selection and expansion.
            while not world.is_terminal():
                legal = root_list if node is root and root_list is not None else moves(world)
                children = node.children
                player = world.current_player
                base = player * width
                untried = [a for a in legal if base + a not in children]
                if untried:
                    a = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    child = Node(player)
                    children[base + a] = child
                    world.apply(a)
                    path.append(child)
                    break
                best = None
                best_value = -_INF
                for a in legal:
                    ch = children[base + a]
                    ch.avail += 1
                    v = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if v > best_value:
                        best_value, best, best_a = v, ch, a
                assert best is not None
                world.apply(best_a)
                node = best
                path.append(best)
            # Rollout.
            rewards = _rollout(world, rng, rollout_action, estimate, by_stage, max_moves)
            # Backpropagation.
            for n in path:
                n.visits += 1
                n.total += rewards[n.player]
            done += 1
        seconds = time.perf_counter() - start
        legal = moves(state) if root_list is None else root_list
        mine = {a: root.children[seat * width + a] for a in legal
                if seat * width + a in root.children}
        visits = {a: n.visits for a, n in mine.items()}
        values = {a: n.total / n.visits for a, n in mine.items() if n.visits}
        action = max(legal, key=lambda a: (visits.get(a, 0), values.get(a, 0.0)))
        return SearchResult(action, done, seconds, visits, values)

    def considered(self, state: State) -> list[int]:
        """The moves this configuration searches in ``state``: the game's candidates (with
        pruning) or every legal move."""
        return sorted(self._moves(state.game)(state))

    def _playout_plan(self, game: Any) -> tuple[Any, Any, Any, int]:
        """Resolve ``rollout`` and ``cutoff`` against what the game's heuristics offer:
        ``auto`` uses the game's playout policy and checkpoints when it has them."""
        heur = getattr(game, "heuristics", None)
        policy = getattr(heur, "rollout_action", None)
        estimate = getattr(heur, "rewards", None)
        stage = getattr(heur, "stage", None)
        rollout, cutoff = self.rollout, self.cutoff
        if rollout == "auto":
            rollout = "heuristic" if policy is not None else "random"
        if cutoff == "auto":
            cutoff = "stage" if stage is not None and estimate is not None else "none"
        if cutoff != "none" and estimate is None:
            raise ValueError(f"{game.name} has no 'rewards' estimate for a rollout cutoff")
        if cutoff == "stage" and stage is None:
            raise ValueError(f"{game.name} has no 'stage' checkpoints for cutoff=stage")
        if rollout == "heuristic" and policy is None:
            raise ValueError(f"{game.name} has no 'rollout_action' for rollout=heuristic")
        return (
            policy if rollout == "heuristic" else None,
            estimate,
            stage if cutoff == "stage" else None,
            int(cutoff) if cutoff.isdigit() else -1,
        )

    def _moves(self, game: Any) -> Callable[[State], list[int]]:
        """The moves search considers in a position: the game's candidates, or all."""
        candidates = getattr(getattr(game, "heuristics", None), "candidates", None)
        if self.prune == "on" and candidates is None:
            raise ValueError(f"{game.name} has no 'candidates' for prune=on")
        if self.prune == "off" or candidates is None:
            return _legal_actions
        return candidates  # type: ignore[no-any-return]

    def _budget(self, budget: Any) -> tuple[int | None, float | None]:
        """A per-call budget (an int of iterations, or ``{"iters": .., "ms": ..}``) overrides
        the spec's; ``{"cap_ms": ..}`` keeps the spec's and adds a deadline (a server's time
        limit on every bot move)."""
        if budget is None:
            return self.iters, self.ms
        if isinstance(budget, dict) and set(budget) == {"cap_ms"}:
            cap = float(budget["cap_ms"])
            if cap > 0:
                return self.iters, cap if self.ms is None else min(self.ms, cap)
        if isinstance(budget, int) and not isinstance(budget, bool):
            if budget < 1:
                raise ValueError(f"an ISMCTS budget needs at least 1 iteration, not {budget}")
            return budget, None
        if isinstance(budget, dict) and budget and set(budget) <= {"iters", "ms"}:
            iters, ms = budget.get("iters"), budget.get("ms")
            if (iters is None or int(iters) >= 1) and (ms is None or float(ms) > 0):
                return (None if iters is None else int(iters)), (None if ms is None else float(ms))
        raise ValueError(
            f"an ISMCTS budget is a number of iterations or a dict with 'iters' and/or 'ms' "
            f"(positive), not {budget!r}"
        )

    def check_game(self, game: Any) -> None:
        """Fail now, not mid-game, if ``game`` lacks the knowledge this configuration needs."""
        self._playout_plan(game)
        self._moves(game)


def _legal_actions(state: State) -> list[int]:
    return state.legal_actions()


def _rollout(
    world: State,
    rng: random.Random,
    policy: Callable[[State, random.Random], int] | None,
    estimate: Callable[[State], Sequence[float]] | None,
    stage: Callable[[State], int] | None,
    max_moves: int,
) -> Sequence[float]:
    checkpoint = stage(world) if stage is not None else 0
    moves = 0
    while not world.is_terminal():
        if moves == max_moves or (stage is not None and stage(world) != checkpoint):
            assert estimate is not None
            return estimate(world)
        if policy is not None:
            world.apply(policy(world, rng))
        else:
            legal = world.legal_actions()
            world.apply(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
        moves += 1
    out = world.outcome()
    assert out is not None
    return win_shares(out.winners, len(out.scores))
