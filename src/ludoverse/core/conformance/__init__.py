"""Game-agnostic conformance checks: the quality bars of DESIGN.md as reusable functions.

Each ``check_*`` function plays seeded random games of one :class:`Case` (game, player count,
option set, seed) and raises :class:`ConformanceError` (an ``AssertionError``) naming the case
and step, so ``random_actions(case)[:step]`` rebuilds the failing position. ``tests/conformance``
runs them over every registered game; a new game's tests, the CLI or a notebook can run them on
one :class:`~ludoverse.core.api.Game` with :func:`check_game`.

The checks that replay positions take the case's moves (``actions``) so one random game can
serve several checks; left out, they play it again.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from ludoverse.core.api import Game
from ludoverse.core.conformance.checks import (
    check_action_space,
    check_clone_independence,
    check_fresh_views,
    check_illegal_actions,
    check_json_roundtrip,
    check_json_safe,
    check_random_game,
    check_replay,
    check_setup,
    random_actions,
)
from ludoverse.core.conformance.hidden import (
    DeterminizeStats,
    assert_determinize_resamples,
    check_determinize,
    check_public_shape,
)
from ludoverse.core.conformance.support import (
    Case,
    ConformanceError,
    assert_json_safe,
    first_difference,
    json_problem,
)

__all__ = [
    "Case",
    "ConformanceError",
    "DeterminizeStats",
    "assert_determinize_resamples",
    "assert_json_safe",
    "check_action_space",
    "check_clone_independence",
    "check_determinize",
    "check_fresh_views",
    "check_game",
    "check_illegal_actions",
    "check_json_roundtrip",
    "check_json_safe",
    "check_public_shape",
    "check_random_game",
    "check_replay",
    "check_setup",
    "first_difference",
    "json_problem",
    "random_actions",
]


def check_game(game: Game, games: int = 20, directory: str | Path | None = None) -> None:
    """Every check on ``games`` seeds of every player count and option set (a quick self-test).

    The game must be registered for the replay check.
    """
    check_action_space(game)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(directory or tmp)
        for label, options in game.conformance_options().items():
            for players in game.player_counts():
                stats = DeterminizeStats()
                for seed in range(games):
                    case = Case(game, players, seed, options, label)
                    if seed == 0:
                        check_setup(case)
                    actions = check_random_game(case)
                    check_illegal_actions(case, actions)
                    check_clone_independence(case, actions)
                    check_json_roundtrip(case, actions)
                    check_json_safe(case, actions)
                    check_fresh_views(case, actions)
                    check_replay(case, out)
                    check_determinize(case, actions, stats=stats)
                    check_public_shape(case, actions)
                assert_determinize_resamples(game, stats)
