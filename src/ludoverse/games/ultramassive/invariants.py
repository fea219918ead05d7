"""Conservation laws of an ULTRAMASSIVE state, checked by the conformance suite."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.ultramassive import board as B

if TYPE_CHECKING:
    from ludoverse.games.ultramassive.state import UltramassiveState


def check(s: UltramassiveState) -> None:
    cards = list(s.deck) + list(s.discard)
    for p in range(s.n):
        cards += s.hands[p] + s.played[p]
    total = len(s.rules.card_type) - (len(s.rules.solo_removed) if s.n == 1 else 0)
    assert len(cards) == len(set(cards)) == total, "Action Cards are lost or duplicated"
    for p in range(s.n):
        assert 0 <= s.disc[p] <= 10, f"seat {p} has {s.disc[p]} Discovery"
        assert s.sm[p] >= 0
        cap = B.STACK_CAP + s.mods[p][0]
        length = B.channel_length(s.size[p])
        for cell, stack in enumerate(s.boards[p]):
            if not stack:
                continue
            assert cell % B.SPACES < length, f"seat {p}: tokens on covered {B.space_name(cell)}"
            anti = [t for t in stack if B.is_antimatter(t)]
            assert not anti or len(stack) == 1, f"seat {p}: {B.space_name(cell)} mixes tokens"
            if not anti:
                assert B.matter_mass(stack) <= cap, f"seat {p}: {B.space_name(cell)} over cap"
            if anti:
                assert cell % B.SPACES != B.RIFT or s.stack, \
                    f"seat {p}: Antimatter rests on a Rift Space"
        placed = [c for c in s.worm[p] if c >= 0]
        assert len(placed) == len(set(placed)), f"seat {p}: two Wormholes share a space"
        assert all(c % B.SPACES < length for c in placed), f"seat {p}: Wormhole covered"
        assert len(set(s.owned[p])) == len(s.owned[p])
        assert set(s.cores_owned[p]) <= set(s.cores_drawn[p])
        assert s.spent[p] == sum(s.rules.cost[a] for a in s.owned[p])
