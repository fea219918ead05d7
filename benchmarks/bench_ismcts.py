"""ISMCTS speed: Ludoverse on ULTIA next to OpenSpiel's Python ISMCTS on Hearts, in one run.

Both searches are timed the same way: one search per decision point with a real choice,
``ITERS`` iterations each, wall-clock time of the search call only. An iteration (OpenSpiel:
a "simulation") is one fresh determinisation, a descent of the shared tree, one playout and
the update.

* Ludoverse: positions spread over greedy ULTIA games (every phase); textbook ISMCTS (random
  playouts to the end of the game), random playouts to the end of the deal (the closest
  match to a Hearts hand), and the configuration of ULTIA's bot levels.
* OpenSpiel: ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with its random-rollout
  evaluator on ``hearts``, at every trick-play decision of a few random hands. (Its search
  fails on Hearts' card-passing decisions, so those are skipped and counted.)

OpenSpiel is optional: ``pip install open_spiel``. Without it, the published figure from
shared/facts/peers.md (830-1,400 simulations/s) is the reference.

Run: python benchmarks/bench_ismcts.py [--iters 500] [--positions 30] [--hands 2]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

PUBLISHED = (830.0, 1400.0)


def ludoverse_rates(iters: int, positions: int, seed: int) -> list[tuple[str, float]]:
    import ludoverse
    from ludoverse.sim.bench import sample_positions, search_rate

    game = ludoverse.load("ultia")
    pos = sample_positions(game, positions, seed)
    specs = [f"ismcts:iters={iters},rollout=random,cutoff=none",  # textbook: to the game's end
             f"ismcts:iters={iters},rollout=random,cutoff=stage",  # random, to the deal's end
             f"ismcts:iters={iters}"]  # ULTIA's playout policy and year cutoff (the levels)
    return [(s, search_rate(game, s, pos, seed).iterations_per_second) for s in specs]


def openspiel_rate(iters: int, hands: int, seed: int) -> tuple[float, int, int] | None:
    """(simulations/s, searches timed, searches skipped), or None without OpenSpiel."""
    if hands < 1:
        return None
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=iters,
                           random_state=np.random.RandomState(seed + 1))
    rng = random.Random(seed)
    seconds = 0.0
    timed = skipped = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if len(legal) > 1:
                t = time.perf_counter()
                try:
                    action = bot.step(state)
                except ValueError:  # the card-passing phase
                    skipped += 1
                else:
                    seconds += time.perf_counter() - t
                    timed += 1
            state.apply_action(action)
    return timed * iters / seconds, timed, skipped


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iters", type=int, default=500, help="iterations per search")
    parser.add_argument("--positions", type=int, default=30, help="ULTIA positions")
    parser.add_argument("--hands", type=int, default=2,
                        help="Hearts hands for OpenSpiel (0: skip OpenSpiel)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    os_result = openspiel_rate(args.iters, args.hands, args.seed)
    ours = ludoverse_rates(args.iters, args.positions, args.seed)
    low, high = PUBLISHED
    if os_result is None:
        print("OpenSpiel not run (not installed: pip install open_spiel; or --hands 0); "
              "using the published figure.")
        reference, label = high, f"published {high:,.0f}/s"
    else:
        rate, timed, skipped = os_result
        print(f"OpenSpiel Python ISMCTS, hearts:  {rate:>8,.0f} simulations/s "
              f"({timed} searches of {args.iters}; {skipped} card-passing decisions skipped)")
        reference, label = rate, "OpenSpiel measured here"
    for spec, rate in ours:
        print(f"Ludoverse {spec + ',':<48} ULTIA: {rate:>8,.0f} iterations/s  "
              f"= {rate / reference:.1f}x {label}, {rate / high:.1f}x published {high:,.0f}/s")
    print(f"Published OpenSpiel Python ISMCTS on hearts: {low:,.0f}-{high:,.0f} simulations/s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
