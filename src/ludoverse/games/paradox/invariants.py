"""Conservation laws of a PARADOX state, checked by the conformance suite: every card and every
disc is in exactly one place, and shields and Alliance tokens are where the state says."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G

if TYPE_CHECKING:
    from ludoverse.games.paradox.state import ParadoxState


def box_cards(s: ParadoxState) -> list[int]:
    o = s.opts
    counts = {"breakthrough": o.breakthrough_cards, "flare": o.flare_cards,
              "parallel_universe": o.parallel_universe_cards}
    return [*range(K.NEBULA + K.NEBULAS), *K.box_scenario_cards(counts)]


def check(s: ParadoxState) -> None:
    from ludoverse.games.paradox.state import ALLIANCE_RESOURCE, EXTRA_SETS, SETS, TRIGGER_DISCS

    places = [*s.deck, *s.hand, *s.discard, *s.gone, *s.nebulas,
              *(c for c in (*s.stable, *s.unstable) if c >= 0),
              *(mc.card for m in s.mats for mc in m), *(c for p in s.score for c in p)]
    if s.maelstrom_card >= 0:
        places.append(s.maelstrom_card)
    seen = Counter(places)
    twice = [c for c, k in seen.items() if k > 1]
    assert not twice, f"cards in two places: {twice}"
    assert sorted(seen) == sorted(box_cards(s)), "cards are missing or invented"
    assert len(s.deck) == len(s.deck_knower)

    discs: list[int] = [*s.bag, *(d for g in s.matrices for d in g if d >= 0),
                        *(d for d in s.anomaly if d >= 0), *(d for m in s.mat_discard for d in m),
                        *(d for m in s.mats for mc in m for d in (*mc.discs, *mc.marks)),
                        *(d for r in s.maelstrom_res for d in r if d < ALLIANCE_RESOURCE),
                        *(d for d in s.pending if d < ALLIANCE_RESOURCE)]
    count = Counter(discs)
    per_type = SETS[s.n] + EXTRA_SETS
    for t in range(G.DISC_TYPES):
        assert count[t] == per_type, f"{count[t]} discs of type {t}, not {per_type}"
    purple = TRIGGER_DISCS if s.opts.triggered_scenario != "none" else 0
    assert count[G.PURPLE] + s.purple_aside == purple, "Trigger Discs are missing"

    assert s.shields_free() >= 0, "more than 15 shield tokens in use"
    for p in range(s.n):
        on_mat = {mc.card for mc in s.mats[p]}
        for c in range(G.CELLS):
            card = s.locks[p][c]
            if card >= 0:
                assert K.is_nexus(card) and card in on_mat, "a shield locks a Nexus not on the mat"
                assert s.content.nexus_cells[K.world_of(card)] == c
    for w in range(15):
        assert not (s.fractured[w] and s.world_shield[w] >= 0), "a Fractured World has a shield"
    on_cards = {c for m in s.mats for mc in m for c in mc.allies}
    for c in range(G.NUM_COLOURS):
        assert s.ally_on_card[c] == (c in on_cards), "an Alliance token is misplaced"
        assert not (s.ally_on_card[c] and s.ally_holder[c] >= 0)
    assert 1 <= s.turn <= 12
    for m in s.mats:
        assert all(0 <= mc.space <= K.DANGER for mc in m)
