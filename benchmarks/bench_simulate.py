"""Parallel speed-up of ``simulate``: the same batch with 1 and with 2 workers, in one run.

The same seeds are played both times (results must be identical, which is checked), so the
ratio is the speed-up alone. Timing includes process start-up.

Run: python benchmarks/bench_simulate.py [--games 2000] [--seats greedy,greedy,greedy]
"""

from __future__ import annotations

import argparse
import sys
import time


def main() -> int:
    from ludoverse.sim.simulate import simulate

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ultia")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seats", default="greedy,greedy,greedy")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    seats = args.seats.split(",")
    rates = {}
    outcomes = {}
    for workers in (1, 2):
        t = time.perf_counter()
        s = simulate(args.game, args.games, seats, seed=args.seed, workers=workers)
        rates[workers] = args.games / (time.perf_counter() - t)
        outcomes[workers] = [r.outcome for r in s.results]
        print(f"{workers} worker{'s' if workers > 1 else ''}: {rates[workers]:8.1f} games/s")
    assert outcomes[1] == outcomes[2], "the two runs must play the same games"
    print(f"speed-up with 2 workers: {rates[2] / rates[1]:.2f}x (identical results)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
