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

The two sides alternate in ``--rounds`` rounds (a shared machine's speed drifts), and each
side's figure is its total iterations over its total search time.

OpenSpiel is optional: ``pip install open_spiel``. Without it, the published figure from
shared/facts/peers.md (830-1,400 simulations/s) is the reference.

Run: python benchmarks/bench_ismcts.py [--iters 500] [--positions 30] [--hands 1] [--rounds 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

PUBLISHED = (830.0, 1400.0)


def ludoverse_positions(positions: int, seed: int) -> tuple[object, list]:
    import ludoverse
    from ludoverse.sim.bench import sample_positions

    game = ludoverse.load("ultia")
    return game, sample_positions(game, positions, seed)


SPECS = ("ismcts:iters={iters},rollout=random,cutoff=none",  # textbook: to the game's end
         "ismcts:iters={iters},rollout=random,cutoff=stage",  # random, to the deal's end
         "ismcts:iters={iters}")  # ULTIA's playout policy and year cutoff (the levels)


def ludoverse_round(
    game: object, positions: list, iters: int, seed: int
) -> list[tuple[int, float]]:
    """(iterations, seconds) of each of SPECS over ``positions``."""
    from ludoverse.sim.bench import search_rate

    out = []
    for spec in SPECS:
        r = search_rate(game, spec.format(iters=iters), positions, seed)  # type: ignore[arg-type]
        out.append((r.iterations, r.seconds))
    return out


def openspiel_round(iters: int, hands: int, seed: int) -> tuple[int, float, int, int] | None:
    """(simulations, seconds, searches timed, searches skipped), or None without OpenSpiel."""
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
    return timed * iters, seconds, timed, skipped


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iters", type=int, default=500, help="iterations per search")
    parser.add_argument("--positions", type=int, default=30, help="ULTIA positions")
    parser.add_argument("--hands", type=int, default=1,
                        help="Hearts hands for OpenSpiel per round (0: skip OpenSpiel)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternating rounds of the two sides")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    # A shared machine's speed drifts: the two sides alternate, round by round, and each
    # side's figure is its total iterations over its total time.
    game, positions = ludoverse_positions(args.positions, args.seed)
    per_round = max(1, len(positions) // args.rounds)
    ours = [[0, 0.0] for _ in SPECS]
    os_total = [0, 0.0, 0, 0]
    have_openspiel = True
    for r in range(args.rounds):
        chunk = positions[r * per_round:(r + 1) * per_round] or positions[:per_round]
        sides = ["ours", "openspiel"] if r % 2 == 0 else ["openspiel", "ours"]
        for side in sides:
            if side == "ours":
                for acc, (it, sec) in zip(ours, ludoverse_round(game, chunk, args.iters,
                                                                  args.seed + r), strict=True):
                    acc[0] += it
                    acc[1] += sec
            elif have_openspiel:
                got = openspiel_round(args.iters, args.hands, args.seed + r)
                if got is None:
                    have_openspiel = False
                    continue
                for i, v in enumerate(got):
                    os_total[i] += v
    low, high = PUBLISHED
    if not have_openspiel or not os_total[1]:
        print("OpenSpiel not run (not installed: pip install open_spiel; or --hands 0); "
              "using the published figure.")
        reference, label = high, f"published {high:,.0f}/s"
    else:
        sims, seconds, timed, skipped = os_total
        reference, label = sims / seconds, "OpenSpiel measured here"
        print(f"OpenSpiel Python ISMCTS, hearts:  {reference:>8,.0f} simulations/s "
              f"({timed} searches of {args.iters}; {skipped} card-passing decisions skipped)")
    for spec, (it, sec) in zip(SPECS, ours, strict=True):
        rate = it / sec
        spec = spec.format(iters=args.iters)
        print(f"Ludoverse {spec + ',':<48} ULTIA: {rate:>8,.0f} iterations/s  "
              f"= {rate / reference:.1f}x {label}, {rate / high:.1f}x published {high:,.0f}/s")
    print(f"Published OpenSpiel Python ISMCTS on hearts: {low:,.0f}-{high:,.0f} simulations/s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
