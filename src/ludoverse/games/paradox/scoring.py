"""Game end: Fractured Worlds cost their cards, then World sets, Research Goals, Flares and
Alliances score, and the tie-breakers (most cards, then most Nexus cards) decide."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoverse.core.api import Outcome
from ludoverse.core.outcome import places
from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K

if TYPE_CHECKING:
    from ludoverse.games.paradox.state import ParadoxState

SET_VP = (0, 1, 3, 6, 10)
"""VP of a World set of 0-4 cards (PX-SCORE-3)."""
GOAL_GROUP = (1, 2, 3)
GOAL_VP = (1, 3, 6)
"""Research Goal 1 pays 1 VP per card, goal 2 3 VP per pair, goal 3 6 VP per triple."""
FLARE_VP = 2
ALLIANCE_VP = 1


def end_game(s: ParadoxState) -> None:
    """PX-SCORE-1, PX-SCORE-2: Fractured Worlds leave; their cards leave the score piles (in a
    Training Mission one card per World and player, chosen by the player)."""
    from ludoverse.games.paradox.state import END_DISCARD

    broken = [w for w in range(15) if s.fractured[w] and w in s.world_at]
    goals = s.content.research_goals
    # PX-KNOW-10, PX-KNOW-7: the face-down score piles and Secret Objectives are turned up for
    # scoring, in one entry before anything they decide (who discards what)
    s.log("game_end", fractured=broken, score_piles=[list(pile) for pile in s.score],
          secret_objectives=[goals[g].id if g >= 0 else None for g in s.secret])
    s.fracture_queue = []
    for k in range(1, s.n + 1):
        p = (s.cs + k) % s.n
        for w in broken:
            held = [c for c in s.score[p] if K.world_of(c) == w]
            if not held:
                continue
            if s.opts.research_goals:
                for c in held:
                    _discard(s, p, c)
            elif len(_choices(held)) == 1:
                _discard(s, p, held[0])
            else:
                s.fracture_queue.append(p * 16 + w)
    if s.fracture_queue:
        s.phase = END_DISCARD
    else:
        finish(s)


def _choices(held: list[int]) -> list[int]:
    """Cards of one World that differ for scoring in a Training Mission: a Timeline (which one
    never matters without Research Goals) and the Nexus (which counts for the tie-breaker)."""
    timelines = [c for c in held if K.is_timeline(c)]
    nexus = [c for c in held if K.is_nexus(c)]
    return sorted(timelines[:1] + nexus)


def _discard(s: ParadoxState, p: int, card: int) -> None:
    s.score[p].remove(card)
    s.gone.append(card)
    s.log("fracture_discard", seat=p, card=card)


def discard_legal(s: ParadoxState) -> list[int]:
    p, w = divmod(s.fracture_queue[0], 16)
    return [A.DISCARD_SCORED + c for c in _choices([c for c in s.score[p] if K.world_of(c) == w])]


def discard_apply(s: ParadoxState, a: int) -> None:
    p = s.fracture_queue.pop(0) // 16
    _discard(s, p, a - A.DISCARD_SCORED)
    if not s.fracture_queue:
        finish(s)


def finish(s: ParadoxState) -> None:
    from ludoverse.games.paradox.state import OVER

    s.phase = OVER
    s.final = [breakdown(s, p) for p in range(s.n)]
    s.log("final_scores", scores=[b["total"] for b in s.final])


def goal_count(s: ParadoxState, p: int, goal: int) -> int:
    """How many of a player's cards (or shields) a Research Goal counts (PX-GOAL-1)."""
    g = s.content.research_goals[goal]
    pile = s.score[p]
    if g.kind == "asset":
        assets = s.content.timeline_assets
        return sum(1 for c in pile if K.is_timeline(c) and assets[c] == g.target)
    if g.kind == "era":
        era = ("past", "present", "future").index(g.target or "")
        return sum(1 for c in pile if K.era_of(c) == era)
    if g.kind == "nexus":
        return sum(1 for c in pile if K.is_nexus(c))
    if g.kind == "shields":  # PX-GOAL-6: shields you placed that still stand
        return sum(1 for w in range(15) if s.world_shield[w] == p)
    return 0


def breakdown(s: ParadoxState, p: int) -> dict[str, Any]:
    """Every VP source of one player, and the tie-breaker counts."""
    pile = s.score[p]
    sets = [0] * 15
    for c in pile:
        w = K.world_of(c)
        if w >= 0:
            sets[w] += 1
    wild = sum(1 for c in pile if K.is_parallel(c))
    for w in sorted(range(15), key=lambda w: -sets[w]):  # PX-SCORE-4: largest open sets first
        if wild and 1 <= sets[w] < 4:
            sets[w] += 1
            wild -= 1
    world_vp = sum(SET_VP[min(n, 4)] for n in sets)
    goals = []
    for slot, goal in enumerate(s.goals):  # PX-GOAL-2..5, PX-GOAL-7
        g = s.content.research_goals[goal]
        counted = s.secret[p] if g.kind == "secret" else goal
        n = goal_count(s, p, counted) if counted >= 0 else 0
        goals.append((n // GOAL_GROUP[slot]) * GOAL_VP[slot])
    flares = FLARE_VP * sum(1 for c in pile if K.is_flare(c))
    allies = ALLIANCE_VP * sum(1 for c in range(5)
                               if s.ally_holder[c] == p and not s.ally_on_card[c])
    total = world_vp + sum(goals) + flares + allies
    return {"worlds": world_vp, "goals": goals, "flares": flares, "alliances": allies,
            "total": total, "cards": len(pile), "nexus": sum(1 for c in pile if K.is_nexus(c))}


def outcome(s: ParadoxState) -> Outcome:
    """PX-SCORE-6: most VP; then most cards in the score pile; then most Nexus cards; then a
    shared win."""
    final = s.final
    keys = [(f["total"], f["cards"], f["nexus"]) for f in final]
    best = max(keys)
    trace: list[str] = []
    top = [p for p in range(s.n) if keys[p][0] == best[0]]
    if len(top) > 1:
        trace.append(f"seats {', '.join(map(str, top))} tie on {best[0]} VP")
        for i, what in ((1, "cards in the score pile"), (2, "Nexus cards")):
            most = max(keys[p][i] for p in top)
            top = [p for p in top if keys[p][i] == most]
            trace.append(f"most {what} ({most}): seat{'s' if len(top) > 1 else ''} "
                         f"{', '.join(map(str, top))}")
            if len(top) == 1:
                break
        if len(top) > 1:
            trace.append("still tied: a shared victory")
    winners = tuple(top)
    names = " and ".join(f"seat {p}" for p in winners)
    verb = "share the win" if len(winners) > 1 else "wins"
    return Outcome(
        scores=tuple(float(k[0]) for k in keys),
        ranking=places([(1 if p in winners else 0, *keys[p]) for p in range(s.n)]),
        winners=winners,
        reason=f"{names} {verb} with {best[0]} VP after {s.turn} turns",
        tiebreak_trace=tuple(trace),
    )
