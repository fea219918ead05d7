"""Multiuniversum knowledge for bots: what a position is worth, and a cheap policy for every
decision.

A seat's worth is its projected final DP: its score now (sealed DP and sets, minus 1 per
unused tool) plus shares of its prospects. A prospect is a face-up portal with the chance
to seal it: each missing tool the hand holds keeps 0.75 of it, each one it lacks 0.45,
standing elsewhere 0.85, and an opponent with all its tools (above all one standing there)
may take it first. To that are added the best prospect's promise (chance times DP and set
gain), half the second's, the best portal again when the seat could seal it now, the tools
(those the best prospect needs come back, the others likely later), the hand, and the part
of its turn still to come in this round. The weights were fitted by least squares to the
final scores of policy self-play (2, 4 and 5 players), so that worth is projected DP.

``evaluate`` (the greedy bot) first plays the current turn to its end with :func:`policy`,
so one-ply greedy play values an action by the turn it starts. ``rewards`` (search) turns
worth into win shares with a softmax whose temperature (3 DP at the end, 7 at the start)
is the maximum-likelihood fit over the winners of policy games.

The policy (the rollout policy of search, and the greedy bot's answer to follow-up choices)
seals when it can, else plans a Seal within the actions left: the portal where the seat
stands, or one a Move or (on transformer 3) a swap away, the missing tools prepared from
the hand, one missing card fetched by Recycle. Without such a plan it works towards its best
prospects: prepare a missing tool, Move there, Recycle what it lacks, use an ability that
helps, Search, swap a useless card for a fresh one, else pass. ``candidates`` gives search
the policy's first few choices on a turn, and only the policy's answer to follow-ups.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from functools import cache

from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.content import Tables
from ludoverse.games.multiuniversum.scoring import best_bonus, best_sets, score
from ludoverse.games.multiuniversum.state import ACTIONS_PER_TURN
from ludoverse.games.multiuniversum.state import MultiuniversumState as S
from ludoverse.games.multiuniversum.turn import end_threshold

K = A.TRANSFORMERS
SEARCH, ABILITY, MOVE, SEAL, RECYCLE = range(5)  # the row actions, as in ``phases``
WIN = 100.0
TEMPERATURE, TEMPERATURE_T = 3.0, 4.0
"""DP lead that makes a seat e times likelier to win: 3 at the end of the game, 7 at the
start (best fit over 300 two-player and 150 five-player policy games)."""
HAND_COVER, LAB_MISSING, AWAY = 0.75, 0.45, 0.85
W_FIRST, W_FIRST_T, W_SECOND, W_READY = 0.45, 0.2, 0.3, 0.2
W_MATCHED, W_SPARE, W_SPARE_T, W_HAND = 1.2, 0.3, 1.2, 0.25
TEMPO = 3.2
"""Worth a seat gains from its turn (policy games: 3.0 at five players, 3.5 at two)."""
SEALABLE = 10.0
SETTLE_LIMIT = 12
W0, W1, W2 = 99, 3, 2
"""Moves search tries at a turn's first, second and third action."""
STAGE_TURNS = 1


def time_left(s: S) -> float:
    """The share of the game still to play, by the portals the closest stacks still hold."""
    if s.end_after >= 0 or s.end_reason:
        return 0.0
    k = end_threshold(s) if s.n > 1 else 3
    sizes = sorted(map(len, s.stacks))
    return min(1.0, sum(sizes[:k]) / (k * (3 if s.opts.variant == "short_game" else 4)))


@cache
def _set_gain(icons: tuple[int, ...], icon: int) -> int:
    return best_bonus([*icons, icon]) - best_bonus(icons)


_NEEDS: dict[int, tuple[Tables, tuple[tuple[tuple[int, int], ...], ...]]] = {}


def _needs(T: Tables) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per portal the ``(kind, count)`` pairs it needs."""
    hit = _NEEDS.get(id(T))
    if hit is None or hit[0] is not T:
        hit = _NEEDS[id(T)] = (T, tuple(tuple((k, n) for k, n in enumerate(need) if n)
                                        for need in T.need))
    return hit[1]


def portal_value(s: S, lab: int, q: int, icons: tuple[int, ...] | None = None) -> float:
    """DP of sealing ``q`` now, with the set bonus it adds (Deadly Portals: halved while
    another portal of its icon is in the stacks); ``icons``: ``lab``'s sealed, sorted."""
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


Prospect = tuple[float, int, int, float, int]
"""``(promise, transformer, portal, chance, index in Board.tops)``."""


class Board:
    """What every seat's measures share: tools by kind per lab, and per lab and face-up
    portal the number of tools still missing."""

    __slots__ = ("gaps", "have", "needs", "s", "time", "tops")

    def __init__(self, s: S) -> None:
        kinds = s.T.tool
        self.s = s
        self.needs = needs = _needs(s.T)
        self.tops = tops = [(x, st[-1]) for x, st in enumerate(s.stacks) if st]
        self.have: list[list[int]] = []
        self.gaps: list[list[int]] = []
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

    def chance(self, lab: int, i: int, hand: Sequence[int]) -> float:
        """The chance that ``lab`` (holding ``hand`` tools by kind) seals top ``i``."""
        s = self.s
        x, q = self.tops[i]
        have = self.have[lab]
        gap = self.gaps[lab][i]
        cover = 0
        for k, n in self.needs[q]:
            if n > have[k]:
                m = n - have[k]
                cover += m if m < hand[k] else hand[k]
        c = HAND_COVER ** cover * LAB_MISSING ** (gap - cover)
        if s.pos[lab] != x:
            c *= AWAY
        for o, gaps in enumerate(self.gaps):  # an opponent ready for it may come first
            if o != lab:
                if gaps[i] == 0:
                    c *= 0.45 if s.pos[o] == x else 0.65
                elif gaps[i] < gap:
                    c *= 0.85
        return c

    def prospects(self, lab: int, hand: Sequence[int],
                  icons: tuple[int, ...] | None = None) -> list[Prospect]:
        """Face-up portals by promise for ``lab`` with ``hand`` (tools by kind); ``icons``:
        ``lab``'s sealed, sorted, if the caller has them."""
        s = self.s
        if icons is None:
            icons = tuple(sorted(s.T.icon[x] for x in s.sealed[lab]))
        out = []
        for i, (x, q) in enumerate(self.tops):
            c = self.chance(lab, i, hand)
            out.append((c * portal_value(s, lab, q, icons), x, q, c, i))
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
    t = b.time
    virtual = lab >= s.n
    hand = s.hands[lab] if not virtual else ()
    pros = b.prospects(lab, _kinds(s, hand))
    gain = 0.0
    matched = 0
    if pros:
        promise, x, q, _, i = pros[0]
        gain += (W_FIRST + W_FIRST_T * t) * promise
        matched = s.T.tools_needed[q] - b.gaps[lab][i]
        if b.gaps[lab][i] == 0 and s.pos[lab] == x and any(s.T.rows[c][x] == SEAL
                                                           for c in hand):
            gain += W_READY * portal_value(s, lab, q)
        if len(pros) > 1:
            gain += W_SECOND * pros[1][0]
    if not virtual:
        tools = len(s.tools[lab])
        gain += W_MATCHED * matched + (W_SPARE + W_SPARE_T * t) * (tools - matched)
        gain += W_HAND * len(hand) + TEMPO * _pending(s, lab)
    return now + gain


def _pending(s: S, lab: int) -> float:
    """How much of its turn in this round ``lab`` still has (1 before it, the share of
    actions left during it, 0 after), so that positions cut at different points of a
    round compare fairly."""
    if s.n == 1 or s.phase == P.SETS or s.end_reason:
        return 0.0
    order = (lab - s.first) % s.n
    now = (s.active - s.first) % s.n
    if order != now:
        return 1.0 if order > now else 0.0
    return (ACTIONS_PER_TURN - s.actions) / ACTIONS_PER_TURN


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
    """Each seat's share of the win: a softmax of worth (solo: a logistic of the lead over
    the virtual scientist)."""
    s = state
    out = s.outcome()
    if out is not None:
        share = 1.0 / len(out.winners) if out.winners else 0.0
        return [share if p in out.winners else 0.0 for p in range(s.n)]
    b = Board(s)
    temp = TEMPERATURE + TEMPERATURE_T * b.time
    if s.n == 1:
        lead = worth(s, 0, b) - worth(s, 1, b)
        return [1.0 / (1.0 + math.exp(-lead / temp))]
    values = [worth(s, p, b) for p in range(s.n)]
    top = max(values)
    weights = [math.exp((v - top) / temp) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def stage(state: S) -> int:
    """A turn: a playout finishes the turn it starts in, and is then scored by worth."""
    return state.turn // STAGE_TURNS


def rollout_action(state: S, rng: random.Random) -> int:
    return policy(state, rng)


def choose(state: S, seat: int, rng: random.Random) -> int | None:
    """The greedy bot's move in follow-up choices, where one-ply comparison sees nothing."""
    if state.phase == P.TURN:
        return None
    return policy(state, rng)


# The policy -----------------------------------------------------------------------------------


class View:
    """The active seat's plans: its two best prospects, and what each card offers it."""

    __slots__ = (
        "_fits",
        "_kind_use",
        "_move_use",
        "_seal_use",
        "board",
        "goals",
        "hand",
        "icons",
        "kinds",
        "left",
        "misses",
        "p",
        "s",
        "seals",
        "t",
    )

    def __init__(self, s: S) -> None:
        self.s = s
        self.p = p = s.active
        self.t = t = s.pos[p]
        self.board = b = Board(s)
        self.hand = hand = sorted(s.hands[p])
        self.kinds = kinds = _kinds(s, hand)
        # the seat's sealed icons, sorted once for every portal_value this view asks
        self.icons = tuple(sorted(s.T.icon[x] for x in s.sealed[p]))
        self._fits: dict[int, float] = {}  # fit per portal: the view never changes
        self.goals = b.prospects(p, kinds, self.icons)[:2]
        self.misses = [b.missing(p, g[2]) for g in self.goals]
        self.left = ACTIONS_PER_TURN - s.actions
        rows = s.T.rows
        self.seals = [0] * K
        for c in hand:
            self.seals[rows[c].index(SEAL)] += 1
        # card values (see value), for a card in hand [1] or not [0]
        self._kind_use = ([0.0] * K, [0.0] * K)
        self._seal_use: list[tuple[int, float, float]] = []
        self._move_use = 0.0
        for rank, (g, miss) in enumerate(zip(self.goals, self.misses, strict=True)):
            w = 0.5 if rank else 1.0
            for held in (0, 1):
                use = self._kind_use[held]
                for k in range(K):
                    if miss[k] > kinds[k] - held:
                        use[k] += w
            x = g[1]
            self._seal_use.append((x, 0.8 * w if self.seals[x] <= 0 else 0.0,
                                   0.8 * w if self.seals[x] <= 1 else 0.0))
            if x != t:
                self._move_use += 0.4 * w

    def value(self, c: int, held: bool = True) -> float:
        """Card ``c``'s use in hand: a tool kind a goal misses (beyond the hand's others of
        that kind), the only Seal for a goal, a Move towards one."""
        rows = self.s.T.rows[c]
        v = 0.3 + self._kind_use[held][self.s.T.tool[c]]
        for x, free, kept in self._seal_use:
            if rows[x] == SEAL:
                v += kept if held else free
        act = rows[self.t]
        if act == MOVE:
            v += self._move_use
        elif act == SEARCH:
            v += 0.1
        return v

    def spare(self, cards: Sequence[int]) -> int:
        return min(cards, key=lambda c: (self.value(c), c))

    def fit(self, q: int) -> float:
        """Promise of portal ``q`` for the seat, as if it were face up where it stands."""
        hit = self._fits.get(q)
        if hit is not None:
            return hit
        have, hand = self.board.have[self.p], self.kinds
        gap = cover = 0  # the tools the lab misses, and how many of them the hand holds
        for k, n in self.board.needs[q]:
            if n > have[k]:
                m = n - have[k]
                gap += m
                cover += m if m < hand[k] else hand[k]
        v = self._fits[q] = (portal_value(self.s, self.p, q, self.icons) * HAND_COVER ** cover
                             * LAB_MISSING ** (gap - cover))
        return v

    def spot(self, x: int) -> float:
        """How good transformer ``x`` is to stand on now (a Seal this turn counts most)."""
        b = self.board
        i = next((i for i, (y, _) in enumerate(b.tops) if y == x), -1)
        if i < 0:
            return -1.0
        v = (portal_value(self.s, self.p, b.tops[i][1], self.icons)
             * b.chance(self.p, i, self.kinds))
        gap = b.gaps[self.p][i]
        if self.seals[x] and gap + 1 <= self.left and all(
                m <= h for m, h in zip(b.missing(self.p, b.tops[i][1]), self.kinds,
                                       strict=True)):
            v += SEALABLE
        return v

    def plan(self) -> list[int] | None:
        """The actions of the best Seal that fits in this turn (Recycle, tools, Move or swap,
        Seal), or None."""
        s = self.s
        t = self.t
        best: tuple[float, list[int]] | None = None
        swap_here = s.T.ability[t] == P.SWAP_PORTALS and bool(s.stacks[t])
        adjacent = s.opts.move_range == "adjacent"
        for i, (x, q) in enumerate(self.board.tops):
            cost = self.board.gaps[self.p][i] + 1 + (x != t)
            if cost > self.left:
                continue
            miss = self.board.missing(self.p, q)
            ways = [(-1, x)] if x == t else [(ABILITY, t)] if swap_here else []
            if x != t and not (adjacent and (x - t) % K not in (1, K - 1)):
                ways.append((MOVE, x))
            for first, at in ways:
                steps = self._fit(self.hand, miss, first, at)
                if steps is None and cost < self.left and s.discard:
                    steps = self._fit_recycle(miss, first, at)
                if steps is not None:
                    v = portal_value(s, self.p, q, self.icons) - 0.05 * len(steps)
                    if best is None or v > best[0]:
                        best = (v, steps)
        return None if best is None else best[1]

    def _fit(self, hand: Sequence[int], miss: Sequence[int], first: int,
             at: int) -> list[int] | None:
        """Cards of ``hand`` for the tools ``miss``es, a card whose row here is ``first``
        (Move, the swap ability, or -1: none) and a Seal on transformer ``at``."""
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
        cr = next((c for c in self.hand if rows[c][t] == RECYCLE), -1)
        if cr < 0:
            return None
        rest = [c for c in self.hand if c != cr]
        seen = set()
        for c in self.s.discard:
            sig = (kinds[c], rows[c][at] == SEAL, rows[c][t] == first)
            if sig in seen or not (miss[kinds[c]] or sig[1] or sig[2]):
                continue
            seen.add(sig)
            steps = self._fit([*rest, c], miss, first, at)
            if steps is not None:
                return [A.PLAY + cr, *steps]
        return None


def policy(s: S, rng: random.Random) -> int:
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if s.phase == P.SETS:
        return _sets(s, legal)
    return _decide(View(s), legal)


def _decide(v: View, legal: list[int]) -> int:
    ph = v.s.phase
    if ph == P.TURN:
        return next(_options(v, legal))
    if ph == P.MOVE:
        return max(legal, key=lambda a: (v.spot(a - A.MOVE), -a))
    if ph == P.RECYCLE:
        return max(legal, key=lambda a: (v.value(a - A.RECYCLE, False), -a))
    if ph == P.STACK:
        return max(legal, key=lambda a: (_best_in_stack(v, a - A.STACK)[0], -a))
    if ph == P.PLACE:
        return _place(v, legal)
    if ph == P.KEEP:
        return max(legal, key=lambda a: (v.value(a - A.KEEP), -a))
    if ph == P.SWAP:
        return max(legal, key=lambda a: (_swap_gain(v, a - A.SWAP), -a))
    if ph == P.KEEP_TOOL:
        return max(legal, key=lambda a: (_tool_use(v, a - A.KEEP_TOOL), -a))
    return legal[0]  # which tool pays a Seal: any of the kind


def _options(v: View, legal: list[int]) -> Iterator[int]:
    """The turn's moves in the policy's order of preference: first its own choice (Seal; the
    next step of a Seal plan; a missing tool; a Move to the goal; a useful Recycle, ability
    or Search; a useless card swapped; pass), then looser alternatives for search."""
    s = v.s
    t = v.t
    rows, kinds = s.T.rows, s.T.tool
    playable: dict[int, list[int]] = {}
    for a in legal:
        if a < A.PREPARE:
            playable.setdefault(rows[a - A.PLAY][t], []).append(a - A.PLAY)
    if SEAL in playable:
        yield A.PLAY + v.spare(playable[SEAL])
    plan = v.plan()
    if plan is not None and plan[0] in legal:
        yield plan[0]
    reach = s.opts.move_range == "any"
    for rank, (g, miss) in enumerate(zip(v.goals, v.misses, strict=True)):
        x = g[1]
        residual = sum(m - h for m, h in zip(miss, v.kinds, strict=True) if m > h)
        fits = [c for c in v.hand if miss[kinds[c]]]
        if fits and (rank or v.board.time > 0.15 or residual <= 1):
            yield A.PREPARE + min(fits, key=lambda c: (rows[c][x] == SEAL,
                                                       rows[c][t] == MOVE, c))
        if x != t and MOVE in playable and (reach or (x - t) % K in (1, K - 1)):
            yield A.PLAY + v.spare(playable[MOVE])
        if rank == 0:
            if RECYCLE in playable and s.discard:
                cr = v.spare(playable[RECYCLE])
                if max(v.value(c, False) for c in s.discard) > v.value(cr) + 0.6:
                    yield A.PLAY + cr
            if ABILITY in playable:
                ab = _ability(v, playable[ABILITY])
                if ab is not None:
                    yield ab
            if SEARCH in playable:
                yield A.PLAY + v.spare(playable[SEARCH])
    if v.hand and v.left >= 1:  # nothing to build on: swap a useless card for a fresh one
        worst = v.spare(v.hand)
        if v.value(worst) < 0.5:
            yield A.DISCARD + worst
    yield A.PASS
    for act in (SEARCH, RECYCLE, ABILITY, MOVE):
        if act in playable:
            yield A.PLAY + v.spare(playable[act])


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
        miss = v.misses[0]
        played = [c for c in s.played if c in s.area[v.p]]
        if any(miss[s.T.tool[c]] for c in [*played, card]):
            return A.PLAY + card
    return None


def _best_in_stack(v: View, t: int) -> tuple[float, int]:
    """Ability 1: the gain of putting the seat's best portal of stack ``t`` on top, and it."""
    st = v.s.stacks[t]
    if not st:
        return 0.0, -1
    best = max(st, key=lambda q: (v.fit(q), -q))
    return v.fit(best) - v.fit(st[-1]), best


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
    s = v.s
    q = s.stacks[b if v.t == a else a][-1]
    gain = v.fit(q) - v.fit(s.stacks[v.t][-1])
    if v.seals[v.t] and not any(v.board.missing(v.p, q)):
        gain += SEALABLE
    return gain


def _tool_use(v: View, c: int) -> float:
    """Ability 5: how useful card ``c`` is as a tool (kinds the best portals miss)."""
    kind = v.s.T.tool[c]
    return sum(1.0 / (rank + 1) for rank, m in enumerate(v.misses) if m[kind]) - 0.01 * c


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
    """The moves worth searching: on a turn the policy's first :data:`WIDTH` choices;
    elsewhere the policy's answer (and every destination of a Move). A wider tree spreads a
    few hundred iterations so thin that search plays worse than one-ply greedy."""
    legal = s.legal_actions()
    ph = s.phase
    if len(legal) == 1 or ph == P.MOVE:
        return legal
    if ph == P.SETS:
        return [_sets(s, legal)]
    width = (W0, W1, W2)[min(s.actions, 2)] if ph == P.TURN else 1
    if width >= len(legal):
        return legal
    v = View(s)
    if ph != P.TURN:
        return [_decide(v, legal)]
    keep: list[int] = []
    for a in _options(v, legal):
        if a not in keep:
            keep.append(a)
            if len(keep) >= width:
                break
    return sorted(keep)
