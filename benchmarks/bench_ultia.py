"""ULTIA engine speed next to a minimal plain-Python trick-taking loop, in one process.

The baseline is the floor of what pure Python can do for this kind of game: 32 cards
(4 suits x 8 ranks), 3 players, the dealer gets 12 cards and discards 2, everyone else 10;
10 tricks, must follow suit, highest card of the led suit wins and leads next. No engine,
no objects, no checks. The engine pays for legality checks, phases (bidding, plans,
reporting), events, observations-ready state and cloning; the ratio says what that costs.

An ULTIA *game* runs several rounds (deals) until someone reaches 100%, so games are compared
per deal and per action, not per game.

Run: python benchmarks/bench_ultia.py [--seconds 2] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

CARDS = 32
PLAYERS = 3
TRICKS = 10


def plain_deal(rng: random.Random) -> int:
    """One random deal played to the end; returns the number of decisions taken."""
    deck = list(range(CARDS))  # card c: suit c // 8, rank c % 8
    rng.shuffle(deck)
    dealer = rng.randrange(PLAYERS)
    hands: list[list[int]] = []
    pos = 0
    for p in range(PLAYERS):
        n = 12 if p == dealer else 10
        hands.append(deck[pos : pos + n])
        pos += n
    dh = hands[dealer]
    for _ in range(2):  # the dealer's two face-down discards
        dh.pop(rng.randrange(len(dh)))
    decisions = 2
    leader = (dealer + 1) % PLAYERS
    tricks_won = [0] * PLAYERS
    for _ in range(TRICKS):
        hand = hands[leader]
        best = hand.pop(rng.randrange(len(hand)))
        suit = best >> 3
        winner = leader
        for k in (1, 2):
            p = (leader + k) % PLAYERS
            hand = hands[p]
            follow = [c for c in hand if c >> 3 == suit]
            legal = follow or hand
            c = legal[rng.randrange(len(legal))]
            hand.remove(c)
            if c >> 3 == suit and c > best:
                best, winner = c, p
        decisions += 3
        tricks_won[winner] += 1
        leader = winner
    return decisions


def plain_rate(seconds: float, seed: int = 0) -> tuple[float, float]:
    """(deals/s, decisions/s) of the plain loop."""
    rng = random.Random(seed)
    deals = decisions = 0
    t0 = time.perf_counter()
    while True:
        decisions += plain_deal(rng)
        deals += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return deals / elapsed, decisions / elapsed


def deals_per_game(game: object, games: int = 30, seed: int = 0) -> float:
    """Mean number of deals in a random ULTIA game (its public ``deal`` events)."""
    from ludoverse.sim.simulate import game_seed

    rng = random.Random(seed)
    total = 0
    for i in range(games):
        state = game.new_game(3, game_seed(seed, i))  # type: ignore[attr-defined]
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        total += sum(1 for e in state.events if e.kind == "deal")
    return total / games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="timing budget per figure and round")
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds of the plain loop and the engine, one after the other")
    args = parser.parse_args()

    try:
        import ludoverse
        from ludoverse.core import compiled
        from ludoverse.sim.bench import bench_game

        game = ludoverse.load("ultia")
    except Exception as exc:  # the game may not be registered or finished yet
        print(f"ULTIA engine: not available ({type(exc).__name__}: {exc}); baseline only.")
        game = None
    per_game = deals_per_game(game) if game is not None else 0.0
    # A shared machine's speed drifts: each round times the loop and the engine back to back,
    # and the ratio is the median of the rounds' ratios.
    rows = []
    for _ in range(max(1, args.rounds)):
        base_deals, base_actions = plain_rate(args.seconds)
        if game is None:
            print(f"plain Python loop: {base_deals:>10,.0f} deals/s {base_actions:>11,.0f} "
                  "decisions/s")
            continue
        result = bench_game(game, 3, args.seconds)
        rows.append((base_actions, result.plain.actions_per_second,
                     result.cloned.actions_per_second, result.plain.games_per_second))
    if game is None:
        return 0
    print(f"ULTIA's modules: {compiled.status('ludoverse.games.ultia')}")
    print(f"{'round':>5} {'plain loop':>12} {'engine':>10} {'clone+apply':>12} "
          f"{'ratio':>6} {'with clone':>10}   (decisions or actions per second)")
    for i, (base, plain, cloned, _) in enumerate(rows, 1):
        print(f"{i:>5} {base:>12,.0f} {plain:>10,.0f} {cloned:>12,.0f} "
              f"{base / plain:>5.1f}x {base / cloned:>9.1f}x")
    ratio = statistics.median(base / plain for base, plain, _, _ in rows)
    with_clone = statistics.median(base / cloned for base, _, cloned, _ in rows)
    deals = statistics.median(plain_games * per_game for *_, plain_games in rows)
    print(f"An ULTIA game had {per_game:.1f} deals on average (random play); "
          f"the engine played {deals:,.0f} deals/s.")
    print(f"Ratio plain/engine (median of {len(rows)} rounds): {ratio:.1f}x per decision; "
          f"with clone+apply {with_clone:.1f}x.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
