"""How noisy a review's verdicts are, and how long a review takes, per game and budget.

The noise of a review is how much the loss it reports for one decision changes when only
the review's own seed changes (a fresh determinisation and fresh searches). For each game
this plays one greedy game (the same game ``ludoverse play GAME --seats greedy,... --seed 1``
records), picks ``--decisions`` decisions of seat 0 spread over it, reviews each with
``--seeds`` review seeds at every budget, and prints per budget:

* ``sd_loss``: the root mean square over the decisions of the standard deviation of the
  loss across seeds (the typical noise of one loss figure), and the largest one;
* ``agree``: decisions whose verdict was the same for every seed;
* ``s/decision``: mean seconds per reviewed decision (one review = a search of ``iters``
  plus two paired searches of ``iters/2``).

Run: python benchmarks/bench_review.py [GAME ...] [--iters 300,1000] [--decisions 6]
     [--seeds 4]
"""

from __future__ import annotations

import argparse
import statistics
import time

import ludoverse
from ludoverse.review import review_bot, review_position
from ludoverse.review.engine import decisions
from ludoverse.sim.play import play

PLAYERS = {"ultia": 3, "paradox": 2, "ultramassive": 2, "universal_rule": 3,
           "multiuniversum": 2}


def measure(game: str, iters: list[int], count: int, seeds: int) -> None:
    record, _ = play(game, ["greedy"] * PLAYERS.get(game, 2), seed=1)
    found, _, _ = decisions(record, 0)
    picked = found[1 :: max(1, len(found) // count)][:count]
    print(f"{game}: {len(found)} decisions of seat 0, {len(picked)} measured", flush=True)
    for n in iters:
        bot = review_bot(f"ismcts:iters={n}", ludoverse.load(game))
        sds: list[float] = []
        agree = 0
        start = time.perf_counter()
        for step, state, played in picked:
            reviews = [review_position(state, played, bot, k, step) for k in range(seeds)]
            losses = [m.loss for m in reviews]
            sds.append(statistics.pstdev(losses))
            agree += len({m.verdict for m in reviews}) == 1
            print(f"   iters={n} move {step + 1}: losses "
                  f"{', '.join(f'{x:.3f}' for x in losses)}", flush=True)
        per = (time.perf_counter() - start) / (len(picked) * seeds)
        rms = (sum(x * x for x in sds) / len(sds)) ** 0.5
        print(f"  iters={n}: sd_loss {rms:.4f} (largest {max(sds):.4f}), agree "
              f"{agree}/{len(picked)}, {per:.2f} s/decision", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", default=sorted(PLAYERS))
    ap.add_argument("--iters", default="300,1000")
    ap.add_argument("--decisions", type=int, default=6)
    ap.add_argument("--seeds", type=int, default=4)
    args = ap.parse_args()
    for game in args.games:
        measure(game, [int(x) for x in args.iters.split(",")], args.decisions, args.seeds)


if __name__ == "__main__":
    main()
