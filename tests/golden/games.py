"""Golden games: seeded random and bot games of every game and player count, recorded before
any speed work (issue 25), so a faster engine is shown to play exactly the same games.

Each entry keeps the game's setup and seats, its number of actions, a digest of the whole
action sequence, its first and last actions (to see where a change starts), and its outcome.
``python -m tests.golden.games`` records them again, for a deliberate change of the rules
(with a new rules version); a speed change must leave the file as it is.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ludoverse
from ludoverse.core import registry
from ludoverse.sim.play import play

FILE = Path(__file__).with_name("games.json")
RANDOM_SEEDS = range(12)
"""Random games per game, player count and option set."""
GREEDY_SEEDS = range(3)
"""Greedy-bot games per game and player count (default options): they exercise the bots'
use of clone, determinize and the heuristics."""
SEARCH = "ismcts:iters=30"
"""One short search game per game and player count: the search path, kept cheap."""


def cases() -> Iterator[dict[str, Any]]:
    """Every golden game's setup, in a fixed order."""
    for name in registry.games():
        game = ludoverse.load(name)
        for label in game.conformance_options():
            counts = game.conformance_player_counts(label)
            for players in counts:
                for seed in RANDOM_SEEDS:
                    yield {"game": name, "version": game.version, "players": players,
                           "options": label, "seed": seed, "seats": ["random"] * players}
        for players in game.player_counts():
            for seed in GREEDY_SEEDS:
                yield {"game": name, "version": game.version, "players": players,
                       "options": "default", "seed": seed, "seats": ["greedy"] * players}
            yield {"game": name, "version": game.version, "players": players,
                   "options": "default", "seed": 0,
                   "seats": [SEARCH] + ["greedy"] * (players - 1)}


def options_of(case: dict[str, Any]) -> dict[str, Any]:
    game = ludoverse.load(case["game"])
    return {} if case["options"] == "default" else game.conformance_options()[case["options"]]


def play_case(case: dict[str, Any]) -> dict[str, Any]:
    """The case played now: what the golden file keeps of it."""
    record, outcome = play(case["game"], case["seats"], seed=case["seed"],
                           options=options_of(case))
    actions = list(record.actions)
    digest = hashlib.sha256(",".join(map(str, actions)).encode()).hexdigest()[:20]
    return {**case, "actions": len(actions), "digest": digest, "first": actions[:8],
            "last": actions[-8:], "scores": list(outcome.scores),
            "winners": list(outcome.winners), "reason": outcome.reason}


def load() -> list[dict[str, Any]]:
    return json.loads(FILE.read_text())


def main() -> None:
    games = [play_case(c) for c in cases()]
    FILE.write_text("[\n" + ",\n".join(json.dumps(g, sort_keys=True) for g in games) + "\n]\n")
    print(f"{len(games)} golden games written to {FILE}")


if __name__ == "__main__":
    main()
