"""Environment speed: random play through every game's PettingZoo AEC environment, next to
PettingZoo's own ``leduc_holdem_v4`` measured the same way in the same run.

A step is one decision: ``env.last()`` (which builds the observation vector and action
mask), a uniformly random legal action drawn from the mask, and ``env.step``. Every game is
measured as made by default (with the engine's labels in ``info``) and with
``labels=False``. Steps of
agents whose game is over (``step(None)``) are run but not counted. Each environment is
measured in rounds that alternate with the others, and the best round is kept, so a busy
moment of a shared machine hurts every environment alike.

Leduc needs ``pip install 'pettingzoo[classic]'`` (rlcard); without it only Ludoverse's
figures are printed.

Run: python benchmarks/bench_rl.py [--seconds 3] [--rounds 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

GAMES = [("ultia", 3), ("ultramassive", 2), ("paradox", 2), ("universal_rule", 3),
         ("multiuniversum", 2)]


def steps_per_second(make: Callable[[], Any], seconds: float, seed: int) -> float:
    env = make()
    rng = random.Random(seed)
    steps = 0
    game = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + game)
        game += 1
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - start)


def leduc() -> Callable[[], Any] | None:
    try:
        from pettingzoo.classic import leduc_holdem_v4
    except Exception:  # rlcard missing: pettingzoo raises its own DependencyNotInstalled
        return None
    return leduc_holdem_v4.env


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="length of one round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    from ludoverse.rl import aec_env

    makers: dict[str, Callable[[], Any]] = {}
    ref = leduc()
    if ref is not None:
        makers["leduc_holdem_v4"] = ref
    for name, players in GAMES:
        for labels in (True, False):
            label = f"{name} ({players}p{'' if labels else ', labels=False'})"
            makers[label] = (lambda name=name, players=players, labels=labels:
                             aec_env(name, players, labels=labels))
    best: dict[str, float] = dict.fromkeys(makers, 0.0)
    for r in range(args.rounds):
        for label, make in makers.items():
            best[label] = max(best[label], steps_per_second(make, args.seconds, 1000 * r))
    base = best.get("leduc_holdem_v4")
    rows = [{"environment": k, "steps_per_second": round(v),
             "vs_leduc": None if not base else round(v / base, 2)} for k, v in best.items()]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'environment':38} {'steps/s':>10} {'x leduc':>8}")
    for row in rows:
        ratio = "" if row["vs_leduc"] is None else f"{row['vs_leduc']:.2f}"
        print(f"{row['environment']:38} {row['steps_per_second']:>10,} {ratio:>8}")


if __name__ == "__main__":
    main()
