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
