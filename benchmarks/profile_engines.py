"""Where each engine's time goes: random play through the public API, then cProfile of the
same loop, printing each game's actions/s and the functions with the most time of their own.

Run: python benchmarks/profile_engines.py [--seconds 3] [--top 8]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time

import ludoverse

GAMES = [("ultia", 3), ("ultramassive", 2), ("paradox", 2), ("universal_rule", 3),
         ("multiuniversum", 2)]


def random_play(name: str, players: int, seconds: float) -> float:
    """Actions per second of random play for ``seconds``."""
    game = ludoverse.load(name)
    rng = random.Random(0)
    actions = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(players, seed)
        seed += 1
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return actions / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--top", type=int, default=8)
    args = ap.parse_args()
    for name, players in GAMES:
        rate = max(random_play(name, players, args.seconds * 2 / 3) for _ in range(2))
        prof = cProfile.Profile()
        prof.enable()
        random_play(name, players, args.seconds)
        prof.disable()
        text = io.StringIO()
        pstats.Stats(prof, stream=text).sort_stats("tottime").print_stats(args.top)
        print(f"== {name} ({players} players): {rate:,.0f} actions/s")
        for line in text.getvalue().splitlines():
            parts = line.split(None, 5)
            if len(parts) == 6 and parts[0][:1].isdigit() and "function calls" not in line:
                print(f"   {parts[1]:>7} s  {parts[5]}")


if __name__ == "__main__":
    main()
