"""PARADOX studies for ``ludoverse analyze paradox STUDY`` (see docs/balance/paradox.md)."""

from __future__ import annotations

import math
from typing import Any

from ludoverse.games.paradox import locked

SCENARIO_CARD_OPTION = {
    "breakthrough": ("breakthrough_cards", 5),
    "flare": ("flare_cards", 6),
    "parallel_universe": ("parallel_universe_cards", 5),
}
MAD_SCIENTIST_CARDS = 5
"""Mad Scientist shuffles every Deck Scenario card together and adds 5 of them."""


def deck_scenario_cards(options: dict[str, Any]) -> int:
    """Deck Scenario cards shuffled into the Multiverse deck under ``options``."""
    scenario = options.get("deck_scenario", "breakthrough")
    if scenario == "none":
        return 0
    if scenario == "mad_scientist":
        return MAD_SCIENTIST_CARDS
    if scenario not in SCENARIO_CARD_OPTION:
        raise ValueError(f"unknown deck_scenario {scenario!r}")
    name, default = SCENARIO_CARD_OPTION[scenario]
    return int(options.get(name, default))


def _p(p: float, lo: float, hi: float) -> str:
    return f"{p:.3g} [{lo:.3g}, {hi:.3g}]"


def locked_board(n: int, seed: int, options: dict[str, Any], *, players: int = 2,
                 max_actions: int = 3) -> list[dict[str, Any]]:
    """Locked boards at setup: P(no Strand within K actions) per board and per game, K = 1..max.

    Samples ``n`` setups (bag, Matrices, Anomaly and Wormhole Nebula dealt as the rulebook
    does) and computes each Matrix's exact fewest actions to a Strand at the start of turn 1.
    A game is locked when any of its boards is. Intervals are Wilson 95% (PX-LOCK-2).
    """
    if players not in (2, 3, 4):
        raise ValueError(f"--players must be 2, 3 or 4 (got {players})")
    if not 1 <= max_actions <= 5:
        raise ValueError(f"--max-actions must be between 1 and 5 (got {max_actions})")
    if n < 1:
        raise ValueError(f"the number of samples must be at least 1 (got {n})")
    rows = locked.study(players, n, seed, max_actions,
                        nebula_effect=options.get("nebula_effect", "block_anomaly"),
                        deck_scenario_cards=deck_scenario_cards(options))
    out = []
    for r in rows:
        one_in = r["1 game in"]
        out.append({
            "players": r["players"], "K": r["K"],
            "boards": r["boards"], "boards locked": r["boards locked"],
            "P(board locked) [95% CI]": _p(r["P(board locked)"], r["board CI low"],
                                            r["board CI high"]),
            "games": r["games"], "games locked": r["games locked"],
            "P(game locked) [95% CI]": _p(r["P(game locked)"], r["game CI low"],
                                          r["game CI high"]),
            "1 game in": f"{one_in:,.0f}" if math.isfinite(one_in)
            else f"none seen (> {1 / r['game CI high']:,.0f} at 95%)",
        })
    return out


BOX_READINGS = ("one_strand", "each_box")
"""The readings of overlapping Level-2 boxes compared by :func:`matrix_boxes` (PX-SCEN-17)."""


def best_swap(s: Any, merge: bool) -> int:
    """The most resources one swap of the player in their Matrix phase could earn now, with
    overlapping boxes read as one Strand (``merge``) or each on its own (PX-SCEN-17)."""
    from ludoverse.games.paradox import actions as A
    from ludoverse.games.paradox import grid as G
    from ludoverse.games.paradox.matrix import _strand_keys, shapes_in_play

    grid = s.matrices[s.mover]
    shapes = shapes_in_play(s)
    before = _strand_keys(s, grid)
    best = 0
    for a in s.legal_actions():
        if not A.SWAP <= a < A.RESOLVE:
            continue
        g = list(grid)
        if a < A.SWAP_ANOMALY:
            i, j = A.PAIRS[a - A.SWAP]
            g[i], g[j] = g[j], g[i]
        else:
            i = a - A.SWAP_ANOMALY
            g[i] = s.anomaly[g[i] % G.NUM_SYMBOLS]
        found = [(sh, c) for sh, c in G.strands(g, shapes) if (sh.index, c) not in before]
        earned = sum(max(sh.value for sh in group)
                     for group, _ in G.one_strand_groups(found, merge))
        best = max(best, earned)
    return best


def _box_game(options: dict[str, Any], players: int, seed: int, bot: str,
              from_start: bool) -> dict[str, Any]:
    """One bot game under ``options``; what its Level-2 Strands earned and who won."""
    import random

    from ludoverse.bots.base import make
    from ludoverse.games.paradox.game import GAME
    from ludoverse.games.paradox.state import MATRIX
    from ludoverse.sim.play import bot_seed

    s = GAME.new_game(players=players, seed=seed, options=options)
    level = 1
    if from_start:  # as if the Matrix scenario had triggered before turn 1 (Boxes on top)
        s.level, s.level_stack, level = 2, [2, 3, 1], 2
    bots = [make(bot, GAME) for _ in range(players)]
    rngs = [random.Random(bot_seed(seed, p)) for p in range(players)]
    merge = options.get("overlapping_boxes", "one_strand") == "one_strand"
    offers: list[int] = []  # at each Level-2 swap decision, the best swap on offer
    while not s.is_terminal():
        p = s.current_player
        if s.level == 2 and s.phase == MATRIX and s.actions_left > 0:
            offers.append(best_swap(s, merge))
        s.apply(bots[p].choose(s.determinize(p, rngs[p]), p, rngs[p]))
    made: list[int] = []  # resources of each Level-2 Strand-making action
    earned = [0] * players
    last = ""
    for e in s.events:
        if e.kind == "matrix_level":
            level = e.data["level"]
        elif e.kind == "strand" and level == 2:
            if last == "strand":  # the Strands of one action are logged together
                made[-1] += e.data["resources"]
            else:
                made.append(e.data["resources"])
            earned[e.data["seat"]] += e.data["resources"]
        last = e.kind
    out = s.outcome()
    assert out is not None
    return {"strands": made, "offers": offers, "earned": earned, "winners": list(out.winners),
            "scores": list(out.scores)}


def matrix_boxes(n: int, seed: int, options: dict[str, Any], *, players: int = 3,
                 bot: str = "greedy", from_start: bool = False) -> list[dict[str, Any]]:
    """Matrix scenario Level 2: what overlapping boxes earn under each reading (PX-SCEN-17).

    Plays ``n`` bot games per reading of ``overlapping_boxes`` on the same seeds, with the
    Matrix scenario on (and Level 2 from turn 1 with ``--from-start``). Reports the actions
    that made Strands at Level 2, the resources each earned (all its Strands together), the
    best single swap on offer at each Level-2 swap decision, and how often the player who
    earned most at Level 2 won (a share of a shared win counts; 1/players is no effect).
    """
    if players not in (2, 3, 4):
        raise ValueError(f"--players must be 2, 3 or 4 (got {players})")
    if n < 1:
        raise ValueError(f"the number of games must be at least 1 (got {n})")
    rows = []
    for reading in BOX_READINGS:
        opts = dict(options, triggered_scenario="matrix", overlapping_boxes=reading)
        games = [_box_game(opts, players, seed + k, bot, from_start) for k in range(n)]
        strands = [r for g in games for r in g["strands"]]
        lead_wins = 0.0
        for g in games:
            most = max(g["earned"])
            if most == 0:
                continue
            leaders = [p for p in range(players) if g["earned"][p] == most]
            lead_wins += sum(1 for p in leaders if p in g["winners"]) / (
                len(leaders) * len(g["winners"]))
        led = sum(1 for g in games if max(g["earned"]) > 0)
        share = lead_wins / led if led else math.nan
        half = 1.96 * math.sqrt(share * (1 - share) / led) if led else math.nan
        vp = [v for g in games for v in g["scores"]]
        offers = [b for g in games for b in g["offers"]]
        rich = sum(1 for b in offers if b > 2)
        rows.append({
            "overlapping_boxes": reading,
            "games": n,
            "L2 Strand actions per game": f"{len(strands) / n:.2f}",
            "resources per L2 Strand action": (f"{sum(strands) / len(strands):.2f}"
                                               if strands else "-"),
            "most from one action": max(strands, default=0),
            "actions earning > 2": sum(1 for r in strands if r > 2),
            "L2 resources per player": f"{sum(strands) / (n * players):.2f}",
            "L2 swap decisions": len(offers),
            "a swap on offer earns > 2": (f"{rich} ({100 * rich / len(offers):.2f} %)"
                                          if offers else "-"),
            "best swap on offer": max(offers, default=0),
            "mean VP": f"{sum(vp) / len(vp):.2f}",
            "L2 leader wins %": (f"{100 * share:.1f} ± {100 * half:.1f} (of {led})"
                                 if led else "-"),
        })
    return rows
