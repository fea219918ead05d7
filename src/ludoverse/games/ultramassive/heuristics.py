"""ULTRAMASSIVE knowledge for bots: what a position is worth to a player, in Solar Mass.

A player's worth is their Solar Mass, plus the tokens on their board discounted by how far
they still have to travel and how many Actions phases are left to move them, plus Discovery,
Anomalies (worth more early), Core Anomalies, open Wormholes and cards in hand. A position
that still waits on decisions of the player's own effect (which channel to Orbit ...) is
first settled with the best immediate choice, so playing a card is valued by what it does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive.effects import ABSORB_BONUS
from ludoverse.games.ultramassive.state import (
    ACTIONS,
    DISCOVERY,
    DRAFT,
    OVER,
    ROUNDS,
    UltramassiveState,
)

STEPS_PER_ROUND = 2.0
"""Orbit steps a channel can expect per Actions phase (draft, cards, Anomalies)."""
CARD_VALUE = 0.8
WORMHOLE_VALUE = 0.5
PENDING_VALUE = 2.5
WIN_TEMPERATURE = 8.0
"""Solar Mass lead that makes one player about e times likelier to win (search rewards)."""
SETTLE_LIMIT = 12


def phases_left(s: UltramassiveState) -> int:
    """Actions phases still to come, this round's included while it has not ended."""
    if s.phase == OVER:
        return 0
    return 6 - s.round + (1 if s.phase <= ACTIONS else 0)


def token_weight(distance: int, left: int) -> float:
    if distance <= 0:
        return 1.0
    if left <= 0:
        return 0.0
    reach = STEPS_PER_ROUND * left
    return 0.93 ** distance * min(1.0, reach / distance)


WEIGHTS = tuple(tuple(token_weight(d, left) for d in range(B.SPACES + 1))
                for left in range(ROUNDS + 1))
"""``token_weight(distance, left)`` for every distance above 0 and Actions phases left."""


def board_worth(s: UltramassiveState, p: int, left: int) -> float:
    length = B.channel_length(s.size[p])
    bonus = s.mods[p]
    weight = WEIGHTS[left]
    total = 0.0
    for cell, stack in enumerate(s.boards[p]):
        if not stack:
            continue
        i = cell % B.SPACES
        t = stack[0]
        if t >= B.MAJOR:  # Antimatter: one token, absorbed on the Rift Space or beyond
            d = B.RIFT - i if i < B.RIFT else length - i
            worth = 4.0 if t == B.MAJOR else 0.9
            total += worth * (weight[d] if d > 0 else 1.0)
            if i == 0:
                total -= 0.5  # it blocks Matter from this channel's first space
        else:
            d = length - i
            total += (weight[d] if d > 0 else 1.0) * sum(
                [B.SOLAR_MASS[x] + bonus[ABSORB_BONUS + x] for x in stack])
    return total


def worth(s: UltramassiveState, p: int) -> float:
    """Projected Solar Mass of seat ``p`` (no settling)."""
    if s.phase == OVER:
        return s.sm[p] + 0.001 * B.board_value(s.boards[p])
    left = phases_left(s)
    v = float(s.sm[p]) + board_worth(s, p, left)
    last_actions = left == 1 and s.phase == ACTIONS
    v += s.disc[p] * (0.0 if last_actions else 1.0 + 0.1 * (left - 1))
    cost = s.rules.cost
    per_cost = 0.4 + 0.25 * left
    for a in s.owned[p]:
        v += cost[a] * per_cost
    v += len(s.cores_owned[p]) * (1.0 + 1.5 * left)
    if left:
        v += WORMHOLE_VALUE * sum(s.worm_open[p])
        v += PENDING_VALUE * len(s.pending[p])
        playable = len(s.hands[p]) if left > 1 else min(len(s.hands[p]),
                                                         max(0, 2 - s.plays[p]))
        v += CARD_VALUE * playable
    return v


def _settle(s: UltramassiveState, p: int) -> UltramassiveState:
    """Answer the seat's pending effect decisions with their best immediate choice."""
    if not s.stack or s.actor != p:
        return s
    t = s.search_clone()
    for _ in range(SETTLE_LIMIT):
        if not t.stack or t.actor != p or t.phase == OVER:
            break
        t.apply(best_immediate(t))
    return t


def best_immediate(s: UltramassiveState) -> int:
    """The legal move whose result is worth most to the actor, without looking further."""
    p = s.actor
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    best, best_v = legal[0], -math.inf
    for a in legal:
        child = s.search_clone()
        child.apply(a)
        v = worth(child, p)
        if v > best_v:
            best, best_v = a, v
    return best


def evaluate(state: UltramassiveState, seat: int) -> float:
    s = _settle(state, seat)
    mine = worth(s, seat)
    if s.n == 1:
        return mine
    others = max(worth(s, q) for q in range(s.n) if q != seat)
    return mine - 0.3 * others


def rewards(state: UltramassiveState) -> Sequence[float]:
    """Each seat's expected share of the win: a softmax of projected Solar Mass; in solo the
    chance of reaching the goal."""
    s = state
    if s.n == 1:
        out = s.outcome()
        if out is not None:
            return [1.0 if out.winners else 0.0]
        from ludoverse.games.ultramassive.solo import GOALS

        need, mass = GOALS[s.opts.solo_difficulty]
        done = sum(s.completed)
        chance = 1.0 / (1.0 + math.exp(-(worth(s, 0) - mass) / WIN_TEMPERATURE))
        return [chance * min(1.0, (done + 0.5 * phases_left(s) / 6 * (need - done) + 0.3)
                             / need)]
    out = s.outcome()
    if out is not None:
        share = 1.0 / len(out.winners)
        return [share if p in out.winners else 0.0 for p in range(s.n)]
    values = [worth(s, p) for p in range(s.n)]
    top = max(values)
    weights = [math.exp((v - top) / WIN_TEMPERATURE) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def stage(state: UltramassiveState) -> int:
    return state.round


def rollout_action(state: UltramassiveState, rng: random.Random) -> int:
    """A quick sensible move for playouts: the best immediate choice inside an effect, play
    cards and effects before ending the phase, exchange Discovery in the last round."""
    s = state
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if s.stack:
        return best_immediate(s) if rng.random() < 0.8 else rng.choice(legal)
    if s.phase == ACTIONS:
        useful = [a for a in legal if A.PLAY <= a < A.PAIR]
        if useful:
            return rng.choice(useful)
        if A.EXCHANGE in legal and phases_left(s) == 1:
            return A.EXCHANGE
        pairs = [a for a in legal if A.PAIR <= a < A.EXCHANGE]
        if pairs and rng.random() < 0.5:
            return best_immediate(s)
        return A.END_ACTIONS
    if s.phase == DISCOVERY:
        finds = [a for a in legal if a != A.DECLINE]
        if finds and phases_left(s) > 2:
            return rng.choice(finds)
        return A.DECLINE
    if s.phase == DRAFT:
        return rng.choice(legal)
    return rng.choice(legal)
