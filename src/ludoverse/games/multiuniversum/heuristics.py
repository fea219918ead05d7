"""Multiuniversum knowledge for bots: what a position is worth, and a cheap policy for every
decision.

A seat's worth is its projected final DP: its score now (sealed DP, sets, minus 1 per unused
tool) plus what its lab and hand are likely to seal. For its best two face-up portals, the
lab's matching tools and the hand's cards of the missing kinds give a chance to seal, and
that chance times the portal's DP and set gain (and the tools it would stop costing) is
added; a tool no portal wants still has some chance of a later use. Every gain shrinks as
the game nears its end (the portals left in the stacks closest to empty) and when an
opponent is closer to the same portal. ``evaluate`` first plays the current turn to its end
with :func:`policy`, so one-ply greedy play values an action by the turn it starts.

The policy (the rollout policy of search, and the greedy bot's answer to follow-up choices)
seals when it can, else plans a Seal within the actions left: the portal where the seat
stands, one a Move (or a swap by ability 3) away, the missing tools prepared from the hand,
and a Recycle for one missing card. Without such a plan it works towards its most promising
portal: prepare a missing tool, Move there, Recycle what it lacks, use a helpful ability,
Search, swap a useless card for a fresh one, else pass.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache

from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.content import Tables
from ludoverse.games.multiuniversum.scoring import best_bonus, best_sets, score
from ludoverse.games.multiuniversum.state import ACTIONS_PER_TURN
from ludoverse.games.multiuniversum.state import MultiuniversumState as S
from ludoverse.games.multiuniversum.turn import end_threshold

K = A.TRANSFORMERS
SEAL, MOVE, SEARCH, RECYCLE, ABILITY = (P.SEAL_ACTION, P.MOVE_ACTION, P.SEARCH,
                                        P.RECYCLE_ACTION, P.ABILITY)
WIN = 100.0
TEMPERATURE = 4.0
"""DP lead that makes a seat about e times likelier to win (search rewards)."""
HAND_CARD = 0.4
SPARE_TOOL = 0.5
"""Chance that a tool no face-up portal needs is spent later, at the start of the game."""
HAND_COVER = 0.75
"""Chance factor per missing tool the hand holds; :data:`LAB_MISSING` per one it lacks."""
LAB_MISSING = 0.45
AWAY = 0.85
SEALABLE = 10.0
SETTLE_LIMIT = 12


def time_left(s: S) -> float:
    """The share of the game still to play, by the portals the closest stacks still hold."""
    if s.end_after >= 0 or s.end_reason:
        return 0.0
    k = end_threshold(s) if s.n > 1 else 3
    sizes = sorted(len(st) for st in s.stacks)
    return min(1.0, sum(sizes[:k]) / (k * (3 if s.opts.variant == "short_game" else 4)))


@cache
def _set_gain(icons: tuple[int, ...], icon: int) -> int:
    return best_bonus([*icons, icon]) - best_bonus(icons)


@cache
def _needs(T: Tables) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per portal the ``(kind, count)`` pairs it needs, for quick gaps."""
    return tuple(tuple((k, n) for k, n in enumerate(need) if n) for need in T.need)


def portal_value(s: S, lab: int, q: int, icons: tuple[int, ...] | None = None) -> float:
    """DP of sealing ``q`` now, with the set bonus it adds (or the risk of Deadly Portals);
    ``icons`` are the sorted icons ``lab`` has sealed, if known."""
    T = s.T
    if s.opts.variant == "deadly_portals":
        icon = T.icon[q]
        others = any(T.icon[x] == icon and x != q for st in s.stacks for x in st)
        return T.dp[q] * (0.5 if others else 1.0)
    if not s.opts.set_scoring:
        return float(T.dp[q])
    if icons is None:
        icons = tuple(sorted(T.icon[x] for x in s.sealed[lab]))
    return T.dp[q] + _set_gain(icons, T.icon[q])


Prospect = tuple[float, int, int, list[int], float]
"""``(promise, transformer, portal, missing tools by kind, chance)``: promise is the chance
to seal the portal times its value."""


class Board:
    """Measures every seat's view shares: tools by kind per lab, and per lab and face-up
    portal the number of tools still missing."""

    __slots__ = ("gaps", "have", "needs", "s", "time", "tops")

    def __init__(self, s: S) -> None:
        T = s.T
        kinds = T.tool
        self.s = s
        self.needs = needs = _needs(T)
        self.tops = tops = [(x, st[-1]) for x, st in enumerate(s.stacks) if st]
        self.have = []
        self.gaps = []
        for lab in range(s.labs):
            have = [0] * K
            for c in s.tools[lab]:
                have[kinds[c]] += 1
            self.have.append(have)
            gaps = []
            for _, q in tops:
                g = 0
                for k, n in needs[q]:
                    if n > have[k]:
                        g += n - have[k]
                gaps.append(g)
            self.gaps.append(gaps)
        self.time = time_left(s)

    def missing(self, lab: int, q: int) -> list[int]:
        have = self.have[lab]
        miss = [0] * K
        for k, n in self.needs[q]:
            if n > have[k]:
                miss[k] = n - have[k]
        return miss

    def contest(self, lab: int, i: int) -> float:
        """How likely top ``i`` is still there when ``lab`` can seal it: an opponent with its
        tools, above all one standing there, may take it first."""
        s = self.s
        gap = self.gaps[lab][i]
        x = self.tops[i][0]
        risk = 1.0
        for o, gaps in enumerate(self.gaps):
            if o != lab:
                og = gaps[i]
                if og == 0:
                    risk *= 0.45 if s.pos[o] == x else 0.65
                elif og < gap:
                    risk *= 0.85
        return risk

    def prospects(self, lab: int, hand: Sequence[int]) -> list[Prospect]:
        """Face-up portals by promise for ``lab`` with ``hand`` (tools by kind), best
        first."""
        s = self.s
        T = s.T
        here = s.pos[lab]
        icons = tuple(sorted(T.icon[x] for x in s.sealed[lab]))
        out = []
        for i, (x, q) in enumerate(self.tops):
            miss = self.missing(lab, q)
            gap = self.gaps[lab][i]
            cover = 0
            for k in range(K):
                if miss[k]:
                    cover += miss[k] if miss[k] < hand[k] else hand[k]
            chance = HAND_COVER ** cover * LAB_MISSING ** (gap - cover)
            if here != x:
                chance *= AWAY
            chance *= self.contest(lab, i)
            out.append((chance * portal_value(s, lab, q, icons), x, q, miss, chance))
        out.sort(key=lambda v: (-v[0], v[1]))
        return out


def _kinds(s: S, cards: Sequence[int]) -> list[int]:
    counts = [0] * K
    kinds = s.T.tool
    for c in cards:
        counts[kinds[c]] += 1
    return counts


# Worth ----------------------------------------------------------------------------------------


def worth(s: S, lab: int, board: Board | None = None) -> float:
    """Projected final DP of ``lab`` (a seat, or the virtual scientist's lab in solo)."""
    now = float(score(s, lab))
    if s.phase == P.OVER:
        return now
    b = board or Board(s)
    virtual = lab >= s.n
    hand = _kinds(s, s.hands[lab]) if not virtual else [0] * K
    late = 0.9 * min(1.0, 0.25 + 2 * b.time)
    tools = sum(b.have[lab])
    need = s.T.tools_needed
    gain, weight, spare = 0.0, 1.0, tools
    for promise, _x, q, miss, chance in b.prospects(lab, hand)[:2]:
        refund = need[q] - sum(miss)
        gain += weight * late * (promise + (0.0 if virtual else chance * refund))
        if weight == 1.0:
            spare -= refund
        weight = 0.5
    if not virtual:
        gain += SPARE_TOOL * b.time * spare
        gain += HAND_CARD * (0.3 + b.time) * len(s.hands[lab])
    return now + gain


def evaluate(state: S, seat: int) -> float:
    s = settle(state)
    if s.phase == P.OVER:
        out = s.outcome()
        assert out is not None
        return (WIN if seat in out.winners else -WIN) + 0.01 * score(s, seat)
    b = Board(s)
    mine = worth(s, seat, b)
    if s.n == 1:
        return mine - worth(s, 1, b)
    others = [worth(s, q, b) for q in range(s.n) if q != seat]
    return mine - 0.6 * max(others) - 0.4 * sum(others) / len(others)


def settle(state: S) -> S:
    """The current turn played to its end by :func:`policy` (a new turn is left as it is)."""
    if state.phase in (P.OVER, P.SETS) or (state.phase == P.TURN and state.actions == 0):
        return state
    t = state.search_clone()
    turn = t.turn
    rng = random.Random(turn)
    for _ in range(SETTLE_LIMIT):
        if t.phase in (P.OVER, P.SETS) or t.turn != turn:
            break
        t.apply(policy(t, rng))
    return t


def rewards(state: S) -> Sequence[float]:
    """Each seat's share of the win: a softmax of projected DP (solo: a logistic of the lead
    over the virtual scientist)."""
    s = state
    out = s.outcome()
    if out is not None:
        share = 1.0 / len(out.winners) if out.winners else 0.0
        return [share if p in out.winners else 0.0 for p in range(s.n)]
    b = Board(s)
    if s.n == 1:
        lead = worth(s, 0, b) - worth(s, 1, b)
        return [1.0 / (1.0 + math.exp(-lead / TEMPERATURE))]
    values = [worth(s, p, b) for p in range(s.n)]
    top = max(values)
    weights = [math.exp((v - top) / TEMPERATURE) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def stage(state: S) -> int:
    """A round: a playout sees every other player's next turn once."""
    return state.turn // state.n


def rollout_action(state: S, rng: random.Random) -> int:
    return policy(state, rng)


def choose(state: S, seat: int, rng: random.Random) -> int | None:
    """The greedy bot's move in follow-up choices, where one-ply comparison sees nothing."""
    if state.phase == P.TURN:
        return None
    return policy(state, rng)


# The policy -----------------------------------------------------------------------------------


class View:
    """The active seat's plans: its prospects, and what each card offers it."""

    __slots__ = ("board", "goals", "hand", "kinds", "left", "p", "s", "seals", "t")

    def __init__(self, s: S) -> None:
        self.s = s
        self.p = p = s.active
        self.t = s.pos[p]
        self.board = Board(s)
        self.hand = sorted(s.hands[p])
        self.kinds = _kinds(s, self.hand)
        self.goals = self.board.prospects(p, self.kinds)[:2]
        self.left = ACTIONS_PER_TURN - s.actions
        rows = s.T.rows
        self.seals = [sum(1 for c in self.hand if rows[c][x] == SEAL) for x in range(K)]

    def value(self, c: int, held: bool = True) -> float:
        """Card ``c``'s use in hand: a tool kind a goal misses (beyond the hand's others of
        that kind), the only Seal for a goal, a Move towards one."""
        s = self.s
        rows = s.T.rows[c]
        kind = s.T.tool[c]
        t = self.t
        v = 0.3
        for rank, (_, x, _q, miss, _c) in enumerate(self.goals):
            w = 1.0 if rank == 0 else 0.5
            if miss[kind] > self.kinds[kind] - held:
                v += w
            if rows[x] == SEAL and self.seals[x] - held <= 0:
                v += 0.8 * w
            if x != t and rows[t] == MOVE:
                v += 0.4 * w
        if rows[t] == SEARCH:
            v += 0.1
        return v

    def spare(self, cards: Sequence[int]) -> int:
        return min(cards, key=lambda c: (self.value(c), c))

    def spot(self, x: int) -> float:
        """How good transformer ``x`` is to stand on now (a Seal this turn counts most)."""
        s = self.s
        st = s.stacks[x]
        if not st:
            return -1.0
        b = self.board
        i = next(i for i, (y, _) in enumerate(b.tops) if y == x)
        q = st[-1]
        need = s.T.need[q]
        have = b.have[self.p]
        miss = [n - h if n > h else 0 for n, h in zip(need, have, strict=True)]
        gap = b.gaps[self.p][i]
        cover = sum(m if m < h else h for m, h in zip(miss, self.kinds, strict=True))
        v = portal_value(s, self.p, q) * HAND_COVER ** cover * LAB_MISSING ** (gap - cover)
        if cover == gap and self.seals[x] and gap + 1 <= self.left:
            v += SEALABLE
        return v * b.contest(self.p, i)

    def plan(self) -> list[int] | None:
        """The actions of the best Seal that fits in this turn (Recycle, tools, Move or swap,
        Seal), or None."""
        s = self.s
        t = self.t
        best: tuple[float, list[int]] | None = None
        swap_here = s.T.ability[t] == P.SWAP_PORTALS
        have = self.board.have[self.p]
        adjacent = s.opts.move_range == "adjacent"
        for x, q in self.board.tops:
            miss = [n - h if n > h else 0 for n, h in zip(s.T.need[q], have, strict=True)]
            cost = sum(miss) + 1 + (x != t)
            if cost > self.left:
                continue
            ways = [(-1, x)] if x == t else [(ABILITY, t)] if swap_here else []
            if x != t and not (adjacent and (x - t) % K not in (1, K - 1)):
                ways.append((MOVE, x))
            for first, at in ways:
                steps = self._fit(self.hand, miss, first, at)
                if steps is None and cost < self.left and s.discard:
                    steps = self._fit_recycle(miss, first, at)
                if steps is not None:
                    v = portal_value(s, self.p, q) - 0.05 * len(steps)
                    if best is None or v > best[0]:
                        best = (v, steps)
        return None if best is None else best[1]

    def _fit(self, hand: Sequence[int], miss: Sequence[int], first: int,
             at: int) -> list[int] | None:
        """Cards of ``hand`` for the tools ``miss``es, a card whose row here is ``first``
        (Move or the swap ability; -1 none) and a Seal on transformer ``at``."""
        rows, kinds = self.s.T.rows, self.s.T.tool
        t = self.t
        for cs in hand:
            if rows[cs][at] != SEAL:
                continue
            firsts = [c for c in hand if c != cs and rows[c][t] == first] if first >= 0 else [-1]
            for cf in firsts:
                left = list(miss)
                tools = []
                for c in hand:
                    if c != cs and c != cf and left[kinds[c]]:
                        left[kinds[c]] -= 1
                        tools.append(c)
                if any(left):
                    continue
                steps = [A.PREPARE + c for c in tools]
                if cf >= 0:
                    steps.append(A.PLAY + cf)
                return [*steps, A.PLAY + cs]
        return None

    def _fit_recycle(self, miss: Sequence[int], first: int, at: int) -> list[int] | None:
        """A plan that first Recycles the one card it lacks."""
        rows, kinds = self.s.T.rows, self.s.T.tool
        t = self.t
        seen = set()
        for cr in self.hand:
            if rows[cr][t] != RECYCLE:
                continue
            rest = [c for c in self.hand if c != cr]
            for c in self.s.discard:
                sig = (kinds[c], rows[c][at] == SEAL, rows[c][t] == first)
                if sig in seen or not (miss[kinds[c]] or sig[1] or sig[2]):
                    continue
                seen.add(sig)
                steps = self._fit([*rest, c], miss, first, at)
                if steps is not None:
                    return [A.PLAY + cr, *steps]
            return None
        return None


def policy(s: S, rng: random.Random) -> int:
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    ph = s.phase
    if ph == P.SETS:
        return _sets(s, legal)
    v = View(s)
    if ph == P.TURN:
        return _turn(v, legal)
    if ph == P.MOVE:
        return max(legal, key=lambda a: (v.spot(a - A.MOVE), -a))
    if ph == P.RECYCLE:
        return max(legal, key=lambda a: (v.value(a - A.RECYCLE, False), -a))
    if ph == P.SEAL:
        return legal[0]
    if ph == P.STACK:
        return max(legal, key=lambda a: (_best_in_stack(v, a - A.STACK)[0], -a))
    if ph == P.PLACE:
        return _place(v, legal)
    if ph == P.KEEP:
        return max(legal, key=lambda a: (v.value(a - A.KEEP), -a))
    if ph == P.SWAP:
        return max(legal, key=lambda a: (_swap_gain(v, a - A.SWAP), -a))
    return max(legal, key=lambda a: (_tool_use(v, a - A.KEEP_TOOL), -a))


def _turn(v: View, legal: list[int]) -> int:
    s = v.s
    T = s.T
    t = v.t
    rows, kinds = T.rows, T.tool
    playable: dict[int, list[int]] = {}
    for a in legal:
        if a < A.PREPARE:
            playable.setdefault(rows[a - A.PLAY][t], []).append(a - A.PLAY)
    if SEAL in playable:
        return A.PLAY + v.spare(playable[SEAL])
    plan = v.plan()
    if plan is not None:
        return plan[0]
    if not v.goals:
        return _idle(v, legal)
    _, x, _q, miss, _c = v.goals[0]
    residual = sum(m - h for m, h in zip(miss, v.kinds, strict=True) if m > h)
    fits = [c for c in v.hand if miss[kinds[c]]]
    if fits and (v.board.time > 0.15 or residual <= 1):
        return A.PREPARE + min(fits, key=lambda c: (rows[c][x] == SEAL,
                                                    rows[c][t] == MOVE, c))
    if x != t and MOVE in playable and (s.opts.move_range == "any"
                                         or (x - t) % K in (1, K - 1)):
        return A.PLAY + v.spare(playable[MOVE])
    if RECYCLE in playable and s.discard:
        cr = v.spare(playable[RECYCLE])
        if max(v.value(c, False) for c in s.discard) > v.value(cr) + 0.6:
            return A.PLAY + cr
    if ABILITY in playable:
        a = _ability(v, playable[ABILITY])
        if a is not None:
            return a
    if SEARCH in playable:
        return A.PLAY + v.spare(playable[SEARCH])
    return _idle(v, legal)


def _idle(v: View, legal: list[int]) -> int:
    """Nothing to build on: swap a useless card for a fresh one while actions are left."""
    if v.hand and v.left >= 1:
        worst = v.spare(v.hand)
        if v.value(worst) < 0.5 and A.DISCARD + worst in legal:
            return A.DISCARD + worst
    return A.PASS


def _ability(v: View, cards: list[int]) -> int | None:
    """An ability card worth playing here, if any."""
    s = v.s
    ab = s.T.ability[v.t]
    card = v.spare(cards)
    if ab == P.REORDER:
        gain = max((_best_in_stack(v, t)[0] for t in range(K) if len(s.stacks[t]) >= 2),
                   default=0.0)
        return A.PLAY + card if gain > 1.0 else None
    if ab == P.DRAW_KEEP:
        good = sum(1 for c in v.hand if c != card and v.value(c) >= 1.0)
        return A.PLAY + card if good <= 1 and len(v.hand) <= 4 else None
    if ab == P.SWAP_PORTALS:
        gain = max((_swap_gain(v, i) for i, (a, b) in enumerate(A.PAIRS)
                    if s.stacks[a] and s.stacks[b]), default=0.0)
        return A.PLAY + card if gain > 1.0 else None
    if ab == P.KEEP_PLAYED and v.goals and v.board.time > 0.2 and not s.keep5:
        miss = v.goals[0][3]
        played = [c for c in s.played if c in s.area[v.p]]
        if any(miss[s.T.tool[c]] for c in [*played, card]):
            return A.PLAY + card
    return None


def _fit_value(v: View, q: int) -> float:
    have = v.board.have[v.p]
    miss = [n - h if n > h else 0 for n, h in zip(v.s.T.need[q], have, strict=True)]
    gap = sum(miss)
    cover = sum(m if m < h else h for m, h in zip(miss, v.kinds, strict=True))
    return portal_value(v.s, v.p, q) * HAND_COVER ** cover * LAB_MISSING ** (gap - cover)


def _best_in_stack(v: View, t: int) -> tuple[float, int]:
    """Ability 1: the gain of putting the seat's best portal of stack ``t`` on top, and it."""
    st = v.s.stacks[t]
    if not st:
        return 0.0, -1
    best = max(st, key=lambda q: (_fit_value(v, q), -q))
    return _fit_value(v, best) - _fit_value(v, st[-1]), best


def _place(v: View, legal: list[int]) -> int:
    """Ability 1: the seat's best portal on top, then the others in their old order."""
    t = v.s.a1_stack
    if not v.s.order:
        best = _best_in_stack(v, t)[1]
        if A.PLACE + best in legal:
            return A.PLACE + best
    for q in reversed(v.s.stacks[t]):
        if A.PLACE + q in legal:
            return A.PLACE + q
    return legal[0]


def _swap_gain(v: View, i: int) -> float:
    """Ability 3: how much better the seat's own spot gets (a swap elsewhere: none)."""
    a, b = A.PAIRS[i]
    if v.t not in (a, b):
        return -1.0
    there = b if v.t == a else a
    s = v.s
    gain = _fit_value(v, s.stacks[there][-1]) - _fit_value(v, s.stacks[v.t][-1])
    q = s.stacks[there][-1]
    have = v.board.have[v.p]
    if v.seals[v.t] and all(h >= n for n, h in zip(s.T.need[q], have, strict=True)):
        gain += SEALABLE
    return gain


def _tool_use(v: View, c: int) -> float:
    """Ability 5: how useful card ``c`` is as a tool (kinds the best portals miss)."""
    kind = v.s.T.tool[c]
    return sum(1.0 / (rank + 1) for rank, g in enumerate(v.goals) if g[3][kind]) - 0.01 * c


def _sets(s: S, legal: list[int]) -> int:
    """Form the best sets (``scoring.best_sets``) one portal at a time."""
    q = s.set_seat
    used = 0
    for m in s.sets[q]:
        used |= m
    pool = sorted(x for x in s.sealed[q] if not used >> x & 1)
    forming = set(s.forming)
    for _, portals in best_sets(pool, s.T.icon):
        if forming <= set(portals):
            for x in sorted(portals):
                if x not in forming and A.SET_ADD + x in legal:
                    return A.SET_ADD + x
            break
    for a in (A.SET_CLOSE, A.SETS_DONE):
        if a in legal:
            return a
    return legal[0]


# Search ---------------------------------------------------------------------------------------


def candidates(s: S) -> list[int]:
    """The moves worth searching. On a turn: for each row action the two cards least needed
    otherwise, prepares of kinds a face-up portal lacks, one discard (the least useful card)
    and pass. In follow-up choices the few best by the policy's measures."""
    legal = s.legal_actions()
    if len(legal) <= 3 or s.phase == P.SETS:
        return legal if s.phase != P.SETS else [_sets(s, legal)]
    pick = policy(s, random.Random(0))
    ph = s.phase
    if ph == P.SEAL:
        return [pick]
    v = View(s)
    if ph == P.TURN:
        rows, kinds = s.T.rows, s.T.tool
        wanted = {k for g in v.board.prospects(v.p, v.kinds) for k in range(K) if g[3][k]}
        keep = {pick, A.PASS}
        by_action: dict[int, list[int]] = {}
        for a in legal:
            if a < A.PREPARE:
                by_action.setdefault(rows[a - A.PLAY][v.t], []).append(a - A.PLAY)
            elif a < A.DISCARD:
                if kinds[a - A.PREPARE] in wanted:
                    keep.add(a)
            elif a == A.FREE_RECYCLE:
                keep.add(a)
        for cards in by_action.values():
            cards.sort(key=lambda c: (v.value(c), c))
            keep.update(A.PLAY + c for c in cards[:2])
        if v.hand:
            keep.add(A.DISCARD + v.spare(v.hand))
        return sorted(keep)
    if ph in (P.RECYCLE, P.KEEP, P.KEEP_TOOL):
        base = {P.RECYCLE: A.RECYCLE, P.KEEP: A.KEEP, P.KEEP_TOOL: A.KEEP_TOOL}[ph]
        ranked = sorted(legal, key=lambda a: (-v.value(a - base, ph == P.KEEP), a))
        return sorted({pick, *ranked[:3]})
    if ph == P.SWAP:
        ranked = sorted(legal, key=lambda a: (-_swap_gain(v, a - A.SWAP), a))
        return sorted({pick, *ranked[:3]})
    if ph == P.PLACE:
        return sorted({pick, legal[0], legal[-1]})
    return legal
