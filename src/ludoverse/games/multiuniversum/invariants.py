"""Conservation laws of a Multiuniversum position, checked by the conformance suite."""

from __future__ import annotations

from typing import Any

from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P


def check(s: Any) -> None:
    """Every action card and every portal is in exactly one place; stacks never grow; tops
    are public; scientists stand on transformers; the end bookkeeping is consistent."""
    cards = [*s.deck, *s.discard, *(c for h in s.hands for c in h),
             *(c for a in s.area for c in a), *(c for t in s.tools for c in t)]
    assert sorted(cards) == list(range(A.CARDS)), f"action cards lost or doubled: {sorted(cards)}"
    portals = [*s.removed, *(q for st in s.stacks for q in st),
               *(q for x in s.sealed for q in x), *(q for x in s.lost for q in x)]
    assert sorted(portals) == list(range(A.PORTALS)), f"portals lost or doubled: {sorted(portals)}"
    assert len(s.removed) == len(s.removed_from)
    for st in s.stacks:
        assert len(st) <= 4, "a stack above 4 portals"
        if st:
            assert s.pknow[st[-1]] == P.PUBLIC, "a face-up portal not known to all"
    assert all(0 <= t < A.TRANSFORMERS for t in s.pos)
    assert len(s.pos) == s.labs == s.n + (s.n == 1)
    assert 0 <= s.actions <= 3
    if s.phase != P.OVER and s.phase != P.SETS:
        assert not s.lost[0] or s.opts.variant == "deadly_portals"
    if s.end_after >= 0:
        assert s.end_turn >= 0
    for c in s.played:
        assert c not in s.hands[s.active]
