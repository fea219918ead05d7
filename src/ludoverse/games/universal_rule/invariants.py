"""Conservation laws of a Universal Rule position, checked by the conformance suite."""

from __future__ import annotations

from typing import Any

from ludoverse.games.universal_rule import planets as PL


def check(s: Any) -> None:
    """Every planet card is in exactly one place; credits within 0 and what the limits allow;
    sides, owners and counters agree with the planets in play."""
    R = s.R
    places = [*s.deck, *s.discard, *s.removed, *(c for h in s.hands for c in h),
              *(c for p in s.planets for c in p), *(c for c in s.committed for c in c),
              *(c for c in s.gave_up if c >= 0)]
    box = list(range(R.num_cards)) if s.opts.edge_of_war else list(R.base)
    assert sorted(places) == box, f"cards lost or doubled: {sorted(places)}"
    for q in range(s.n):
        assert s.credits[q] >= 0, f"seat {q} has {s.credits[q]} credits"
        assert s.credits[q] <= max(25, s.opts.credit_cap(R.num_cards)), "credits above any limit"
        for c in s.planets[q]:
            assert s.owner[c] == q and s.side[c] in (PL.BASIC, PL.UPGRADED)
        assert len(s.hands[q]) <= PL.HAND_LIMIT_BASE + sum(
            R.n[2 * c + 1] for c in range(R.num_cards) if R.kind[2 * c + 1] == PL.HAND_LIMIT
        ) + 1, f"seat {q} holds more cards than any hand limit allows"
    in_play = {c for p in s.planets for c in p}
    for c in range(R.num_cards):
        if c not in in_play:
            assert s.owner[c] == -1 and s.side[c] == -1 and s.counters[c] == 0
    assert -1 <= s.holder < s.n
