"""Scoring (MU-SCORE), the variants that change it (MU-VAR), tie-breakers (MU-TIE), the solo
result (MU-SOLO-6), and forming sets by hand under ``set_assignment=player_choice``.

The best set arrangement depends only on how many sealed portals carry each icon, so
:func:`best_bonus` searches over sorted icon counts with a cache; :func:`best_sets` then
turns the best value into actual sets of portals.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from ludoverse.core.api import Outcome
from ludoverse.core.outcome import places
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ludoverse.games.multiuniversum.state import MultiuniversumState as S

OMNI_SIZE = 5
OMNI = 9
PAIR = 4
TRIPLE = 9
SET_KINDS = ("omni", "specialisation")


@cache
def _best(counts: tuple[int, ...]) -> int:
    """The largest bonus from portals whose icon counts are ``counts`` (sorted, no zeros)."""
    best = 0
    seen: set[int] = set()
    for i, c in enumerate(counts):
        if c < 2 or c in seen:  # equal counts give equal results
            continue
        seen.add(c)
        best = max(best, PAIR + _best(_take(counts, (i,), 2)))
        if c >= 3:
            best = max(best, TRIPLE + _best(_take(counts, (i,), 3)))
    if len(counts) >= OMNI_SIZE:
        tried: set[tuple[int, ...]] = set()
        for idx in combinations(range(len(counts)), OMNI_SIZE):
            key = tuple(counts[i] for i in idx)
            if key not in tried:
                tried.add(key)
                best = max(best, OMNI + _best(_take(counts, idx, 1)))
    return best


def _take(counts: tuple[int, ...], idx: Sequence[int], k: int) -> tuple[int, ...]:
    out = list(counts)
    for i in idx:
        out[i] -= k
    return tuple(sorted((c for c in out if c), reverse=True))


def _key(by_icon: dict[int, list[int]]) -> tuple[int, ...]:
    return tuple(sorted((len(v) for v in by_icon.values() if v), reverse=True))


def best_bonus(icons: Sequence[int]) -> int:
    """MU-SCORE-2 to MU-SCORE-6: the largest total set bonus for portals with these icons."""
    counts: dict[int, int] = {}
    for i in icons:
        counts[i] = counts.get(i, 0) + 1
    return _best(tuple(sorted(counts.values(), reverse=True)))


def best_sets(portals: Sequence[int], icon: Sequence[int]) -> list[tuple[str, list[int]]]:
    """One best arrangement: ``(kind, portals)`` per set, worth :func:`best_bonus` in all."""
    by_icon: dict[int, list[int]] = {}
    for q in portals:
        by_icon.setdefault(icon[q], []).append(q)
    out: list[tuple[str, list[int]]] = []
    while (target := _best(_key(by_icon))) > 0:
        for size, value in ((3, TRIPLE), (2, PAIR)):
            i = next((i for i, v in by_icon.items() if len(v) >= size
                      and value + _best(_key(_without(by_icon, {i: size}))) == target), None)
            if i is not None:
                out.append(("specialisation", [by_icon[i].pop() for _ in range(size)]))
                break
        else:
            live = sorted(i for i, v in by_icon.items() if v)
            for idx in combinations(live, OMNI_SIZE):
                if OMNI + _best(_key(_without(by_icon, dict.fromkeys(idx, 1)))) == target:
                    out.append(("omni", [by_icon[i].pop() for i in idx]))
                    break
    return out


def _without(by_icon: dict[int, list[int]], take: dict[int, int]) -> dict[int, list[int]]:
    return {i: v[: len(v) - take.get(i, 0)] for i, v in by_icon.items()}


def set_value(icons: Sequence[int]) -> int:
    """The bonus of one set, or 0 if these icons form no set."""
    k = len(icons)
    distinct = len(set(icons))
    if distinct == 1 and k in (2, 3):
        return PAIR if k == 2 else TRIPLE
    if k == OMNI_SIZE and distinct == OMNI_SIZE:
        return OMNI
    return 0


# Scores -------------------------------------------------------------------------------------


def bonus(s: S, lab: int) -> int:
    if not s.opts.set_scoring:
        return 0
    icon = s.T.icon
    virtual = s.n == 1 and lab == 1
    if s.opts.set_assignment == "player_choice" and not virtual and s.phase in (P.SETS, P.OVER):
        return sum(set_value([icon[q] for q in portals_of(mask)]) for mask in s.sets[lab])
    return best_bonus([icon[q] for q in s.sealed[lab]])


def score(s: S, lab: int) -> int:
    """MU-SCORE-1, MU-SOLO-5: DP of sealed portals, minus unused tools, plus sets."""
    dp = sum(s.T.dp[q] for q in s.sealed[lab])
    penalty = 0 if (s.n == 1 and lab == 1) else len(s.tools[lab])
    return dp - penalty + bonus(s, lab)


def tools_used(s: S, lab: int) -> int:
    """MU-TIE-1: the tool cards spent on seals over the game."""
    need = s.T.tools_needed
    return sum(need[q] for q in s.sealed[lab]) + sum(need[q] for q in s.lost[lab])


def portals_sealed(s: S, lab: int) -> int:
    return len(s.sealed[lab]) + len(s.lost[lab])


def deadly_portals(s: S) -> None:
    """MU-VAR-2: sealed portals whose icon a face-up portal shows are lost."""
    icon = s.T.icon
    showing = {icon[st[-1]] for st in s.stacks if st}
    for lab in range(s.labs):
        lost = [q for q in s.sealed[lab] if icon[q] in showing]
        if lost:
            s.sealed[lab] = [q for q in s.sealed[lab] if q not in lost]
            s.lost[lab].extend(lost)
            s.log("deadly_portals", seat=lab, portals=lost,
                  **({"virtual": True} if lab >= s.n else {}))


def portals_of(mask: int) -> list[int]:
    return [q for q in range(A.PORTALS) if mask >> q & 1]


# The result ---------------------------------------------------------------------------------

TIE_NAMES = ("fewest tools used", "most portals sealed", "most cards in hand", "oldest player")


def keys(s: S) -> list[tuple[int, ...]]:
    """Per seat: score, then the tie-breakers MU-TIE-1 to MU-TIE-4 (larger is better), then
    the lowest seat."""
    ages = s.opts.ages or (0,) * s.n
    return [(score(s, q), -tools_used(s, q), portals_sealed(s, q), len(s.hands[q]), ages[q], -q)
            for q in range(s.n)]


def outcome(s: S) -> Outcome:
    if s.n == 1:
        return solo_outcome(s)
    k = keys(s)
    ranking = places(k)
    winner = ranking.index(1)
    best = k[winner][0]
    tied = [q for q in range(s.n) if k[q][0] == best]
    trace: list[str] = []
    level = 1
    while len(tied) > 1:  # MU-TIE-5
        values = [k[q][level] for q in tied]
        shown = [-v for v in values] if level == 1 else values
        if level == 5:
            trace.append(f"tied on {_seats(tied)}: the lowest seat (no ages given, or equal ages)")
            break
        trace.append(f"tied on {_seats(tied)}: {TIE_NAMES[level - 1]} "
                     + ", ".join(str(v) for v in shown))
        top = max(values)
        tied = [q for q in tied if k[q][level] == top]
        level += 1
    how = _how(s)
    reason = (f"seat {winner} wins the tie on {best} DP" if trace
              else f"seat {winner} has the most DP ({best})") + f"; the game ended by {how}"
    return Outcome(scores=tuple(float(x[0]) for x in k), ranking=ranking, winners=(winner,),
                   reason=reason, tiebreak_trace=tuple(trace))


def _how(s: S) -> str:
    return {"end": "the end of the game", "round_limit": "the round limit",
            "no_cards": "no action card left to play"}[s.end_reason or "end"]


def _seats(seats: list[int]) -> str:
    return ", ".join(f"seat {q}" for q in seats)


def solo_outcome(s: S) -> Outcome:
    """MU-SOLO-6: beat the virtual scientist; equal on every tie-breaker is a loss."""
    me = (score(s, 0), -tools_used(s, 0), portals_sealed(s, 0), len(s.hands[0]))
    it = (score(s, 1), -tools_used(s, 1), portals_sealed(s, 1), 0)
    won = me > it
    trace: list[str] = []
    for level in range(1, 4):
        if me[:level] != it[:level]:
            break
        a, b = (me[level], it[level]) if level != 1 else (-me[1], -it[1])
        trace.append(f"tied: {TIE_NAMES[level - 1]} {a} against {b}")
    if me == it:
        trace.append("still tied: the virtual scientist wins a complete tie")
    reason = (f"{'won' if won else 'lost'}: {me[0]} DP against the virtual scientist's "
              f"{it[0]} DP; the game ended by {_how(s)}")
    return Outcome(scores=(float(me[0]),), ranking=(1,), winners=(0,) if won else (),
                   reason=reason, tiebreak_trace=tuple(trace))


# Forming sets by hand (MU-OPT-7) --------------------------------------------------------------


def _free(s: S, q: int) -> list[int]:
    used = 0
    for m in s.sets[q]:
        used |= m
    return [p for p in s.sealed[q] if not used >> p & 1 and p not in s.forming]


def _completable(icons: list[int], free: list[int]) -> bool:
    """Whether a set begun with ``icons`` can still be finished from ``free`` icons."""
    k = len(icons)
    if len(set(icons)) == 1:
        if k >= 2:
            return k <= 3
        if icons[0] in free:
            return True
    if len(set(icons)) != k or k > OMNI_SIZE:
        return False
    return len(set(free) - set(icons)) >= OMNI_SIZE - k


def sets_legal(s: S) -> list[int]:
    q = s.set_seat
    icon = s.T.icon
    free = _free(s, q)
    forming = [icon[p] for p in s.forming]
    out = []
    for p in sorted(free):
        rest = [icon[x] for x in free if x != p]
        if _completable([*forming, icon[p]], rest):
            out.append(A.SET_ADD + p)
    if s.forming:
        if set_value(forming):
            out.append(A.SET_CLOSE)
    else:
        out.append(A.SETS_DONE)
    return out


def sets_play(s: S, a: int) -> None:
    q = s.set_seat
    if a == A.SETS_DONE:
        s.log("sets_formed", seat=q, sets=[portals_of(m) for m in s.sets[q]])
        nxt = (q + 1) % s.n
        if nxt == s.first:
            s.phase = P.OVER
            s.log("game_over", reason=s.end_reason)
        else:
            s.set_seat = nxt
        return
    if a == A.SET_CLOSE:
        mask = 0
        for p in s.forming:
            mask |= 1 << p
        s.sets[q].append(mask)
        s.forming = []
        return
    s.forming.append(a - A.SET_ADD)
