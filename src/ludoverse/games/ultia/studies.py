"""Balance studies of the Exploration Plan List (run: ``ludoverse analyze ultia plans``).

``forced``: on the same deals, the dealer is made to declare each plan in turn (choosing trump
and discards with the greedy bot), the others pass, and greedy bots play the year out. This
measures how hard each plan is for an ordinary hand, independent of bidding.

``bidding``: whole games between greedy bots: how often each plan is adopted and how often it
then succeeds, which shows whether any plan is a dominant bid.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from ludoverse.bots import make
from ludoverse.core.records import replay
from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia.game import GAME
from ludoverse.games.ultia.phases import CHOOSE
from ludoverse.sim.play import bot_seed, play


@dataclass
class PlanStats:
    plan: str
    progress: int
    tried: int = 0
    succeeded: int = 0
    adopted: int = 0
    adopted_success: int = 0
    hands: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.succeeded / self.tried if self.tried else 0.0

    @property
    def adopted_rate(self) -> float:
        return self.adopted_success / self.adopted if self.adopted else 0.0

    def ci95(self) -> float:
        """Half-width of the 95 % normal interval of the success rate."""
        n = self.tried
        return 1.96 * (self.rate * (1 - self.rate) / n) ** 0.5 if n else 0.0


def forced(deals: int, seed: int = 0, bot: str = "greedy", options: dict | None = None,
           content: object = None) -> list[PlanStats]:
    plans = GAME.load_content(content) if content is not None else GAME.plans_for(options)
    stats = [PlanStats(p.id, p.progress) for p in plans.plan]
    bots = [make(bot) for _ in range(3)]
    opts = {"first_dealer": "seat0", **(options or {})}
    for d in range(deals):
        base = GAME.new_game(3, seed * 100_003 + d, opts, content)
        for i, st in enumerate(stats):
            s = base.clone()
            s.apply(A.DECLARE + i)
            rngs = [random.Random(bot_seed(seed + d * 31 + i, p)) for p in range(3)]
            while not s.round_results:
                p = s.current_player
                if s.phase == CHOOSE:
                    s.apply(A.PASS)
                    continue
                view = s.determinize(p, rngs[p])
                s.apply(bots[p].choose(view, p, rngs[p]))
            st.tried += 1
            st.succeeded += bool(s.round_results[0]["success"])
    return stats


def bidding(games: int, seed: int = 0, bot: str = "greedy", options: dict | None = None,
            content: object = None) -> list[PlanStats]:
    plans = GAME.load_content(content) if content is not None else GAME.plans_for(options)
    stats = {p.id: PlanStats(p.id, p.progress) for p in plans.plan}
    for g in range(games):
        rec, _ = play(GAME, [bot] * 3, seed=seed * 100_003 + g, options=options, content=content)
        final = replay(rec)
        for r in final.round_results:
            st = stats[r["plan"]]
            st.adopted += 1
            st.adopted_success += bool(r["success"])
    return list(stats.values())


def forced_rows(n: int, seed: int = 0, options: dict | None = None) -> list[dict]:
    """Each plan forced on the same N deals: success rate (95 % CI) under greedy play."""
    return [
        {"plan": st.plan, "progress %": st.progress, "deals": st.tried,
         "success": f"{st.rate:.3f}", "95% CI": f"±{st.ci95():.3f}",
         "expected gain": f"{st.progress * (1.5 * st.rate - 0.5):+.1f}"}
        for st in forced(n, seed, options=options)
    ]


def bidding_rows(n: int, seed: int = 0, options: dict | None = None) -> list[dict]:
    """N whole greedy games: how often each plan is adopted, and how often it then succeeds."""
    stats = bidding(n, seed, options=options)
    total = sum(st.adopted for st in stats) or 1
    return [
        {"plan": st.plan, "progress %": st.progress, "adopted": st.adopted,
         "share": f"{st.adopted / total:.3f}", "success when adopted": f"{st.adopted_rate:.3f}"}
        for st in stats
    ]


def standings(games: int, seed: int = 0, bot: str = "greedy", options: dict | None = None
              ) -> list[tuple[list[float], tuple[int, ...]]]:
    """Progress at the start of every year of N whole games, with each game's winners."""
    out = []
    for g in range(games):
        rec, outcome = play(GAME, [bot] * 3, seed=seed * 100_003 + g, options=options)
        progress = [0.0, 0.0, 0.0]
        for r in replay(rec).round_results:
            out.append((list(progress), outcome.winners))
            progress = [x + y for x, y in zip(progress, r["gains"], strict=True)]
    return out


def win_temperature_rows(n: int, seed: int = 0, options: dict | None = None) -> list[dict]:
    """Fit of the search's win-chance model: P(win) = softmax(progress / T) at year starts.

    Mean log-likelihood of the actual winners for each temperature T over N greedy games;
    the best T is the one the search heuristics use (``heuristics.WIN_TEMPERATURE``).
    """
    from ludoverse.games.ultia.heuristics import WIN_TEMPERATURE

    data = standings(n, seed, options=options)
    rows = []
    for t in (5, 10, 15, 20, 25, 30, 35, 40, 60, 1e9):
        total = 0.0
        for progress, winners in data:
            top = max(progress)
            weights = [math.exp((v - top) / t) for v in progress]
            z = sum(weights)
            total += sum(math.log(weights[w] / z) for w in winners) / len(winners)
        rows.append({"T (% progress)": "uniform" if t == 1e9 else f"{t:g}",
                     "year starts": len(data),
                     "mean log-likelihood": f"{total / len(data):.4f}",
                     "in use": "yes" if t == WIN_TEMPERATURE else ""})
    return rows
