"""Who knows what: Action Card hands, undiscovered Core Anomalies, the decks and the Draft token
bag; everything else is public; and ``determinize``, which keeps what a seat knows and deals
the rest anew (docs/rules/ultramassive.md, sections 1 and 17).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import state as S

from .builders import at_actions, channel, new, own, put, to_phase, tokens_at

PRIVATE = ("hand", "core_anomalies_waiting")
"""The only parts of a player's view that differ between seats."""


def public_part(view: dict[str, Any]) -> dict[str, Any]:
    view = json.loads(json.dumps(view))
    view.pop("seat")
    for p in view["players_view"]:
        for k in PRIVATE:
            p.pop(k)
    return view


def seen_by(s: S.UltramassiveState, seat: int | None) -> str:
    return json.dumps([s.observation(seat), [e.to_json() for e in s.events_for(seat)]])


def played_position() -> S.UltramassiveState:
    """Round 1's Actions phase: seat 0 used Tidal Drift to orbit a stack from blue 1 to
    blue 3 (Orbit twice), closed two Wormholes and played a card; seat 1 is Stellar with a
    Core Anomaly."""
    s = at_actions(3)
    own(s, 0, "orbit_1")
    put(s, 0, {"blue 1": ["supergiant", "blue_giant"], "pink 5": ["major"]})
    s.apply(A.USE + 10)
    s.apply(channel("blue"))
    s.apply(A.PAIR + 0)
    s.apply(A.PLAY + s.hands[0][0])
    while s.stack:
        s.apply(s.legal_actions()[0])
    s.size[1], s.sm[1] = 1, 20
    s.cores_owned[1] = [s.cores_drawn[1][0]]
    return s


# UM-KNOW-1
def test_a_hand_is_seen_only_by_its_owner_and_its_size_by_all() -> None:
    """Each seat sees its own cards and only the number of the others'."""
    s = new(3)
    for seat in (0, 1, 2, None):
        views = s.observation(seat)["players_view"]
        for p in range(3):
            hand = views[p]["hand"]
            if p == seat:
                assert [c["id"] for c in hand] == s.hands[p]
            else:
                assert hand == 3
    dealt = [e for e in s.events_for(1) if e.kind == "dealt"]
    assert [e.data["seat"] for e in dealt] == [1]


# UM-KNOW-1
def test_cards_drawn_are_seen_only_by_the_drawer() -> None:
    """The refill's card is in seat 0's log; seat 1 learns only that one card was drawn."""
    s = at_actions()
    s.apply(A.PLAY + s.hands[0][0])
    while s.stack or s.phase == S.ACTIONS:
        legal = s.legal_actions()
        s.apply(A.END_ACTIONS if A.END_ACTIONS in legal else legal[0])
    drawn = s.hands[0][-1]
    assert any(e.kind == "drew" and e.data["cards"] == [drawn] for e in s.events_for(0))
    assert not any(e.kind == "drew" for e in s.events_for(1))
    assert any(e.kind == "draw" and e.data["count"] == 1 for e in s.events_for(1))


# UM-KNOW-2, UM-SETUP-8
def test_each_player_draws_three_core_anomalies_that_only_they_see() -> None:
    """Three of the six each; names for their owner, a count for everyone else."""
    s = new(3)
    for p in range(3):
        assert len(set(s.cores_drawn[p])) == 3 and set(s.cores_drawn[p]) <= set(range(6))
    names = [c.name for c in s.content.core_order]
    assert s.observation(0)["players_view"][0]["core_anomalies_waiting"] == [
        names[c] for c in s.cores_drawn[0]]
    assert s.observation(1)["players_view"][0]["core_anomalies_waiting"] == 3
    assert s.observation(None)["players_view"][0]["core_anomalies_waiting"] == 3
    assert len({tuple(new(2, seed=k).cores_drawn[0]) for k in range(8)}) > 2


# UM-SETUP-8
def test_only_the_three_drawn_core_anomalies_can_ever_be_discovered() -> None:
    """Three expansions (third_expansion) offer only the three drawn Cores."""
    s = at_actions(ultramassive_size="third_expansion")
    s.sm[0], s.disc[0] = 120, 1
    s.apply(A.EXCHANGE)
    for _ in range(2):
        offered = sorted(a - A.CORE for a in s.legal_actions())
        assert offered == [c for c in s.cores_drawn[0] if c not in s.cores_owned[0]]
        s.apply(A.CORE + offered[0])
    assert sorted(s.cores_owned[0]) == s.cores_drawn[0]  # the third was the only one left


# UM-KNOW-2
def test_a_discovered_core_anomaly_is_public() -> None:
    """Seat 1's discovered Core is shown to all, with two still hidden."""
    s = played_position()
    core = s.content.core_order[s.cores_drawn[1][0]].name
    for seat in (0, 2, None):
        view = s.observation(seat)["players_view"][1]
        assert [c["name"] for c in view["core_anomalies"]] == [core]
        assert view["core_anomalies_waiting"] == 2


# UM-KNOW-3
def test_nobody_knows_the_order_of_the_action_deck() -> None:
    """Reordering the deck changes no seat's observation."""
    s = played_position()
    t = s.clone()
    random.Random(1).shuffle(t.deck)
    assert t.deck != s.deck
    for seat in (0, 1, 2, None):
        assert t.observation(seat) == s.observation(seat)
        assert s.observation(seat)["deck"] == len(s.deck)


# UM-KNOW-3
def test_nobody_knows_the_unused_draft_tokens() -> None:
    """Reordering the token bag changes no observation, and no unused token is named."""
    s = new(2, advanced_draft=True)
    t = s.clone()
    t.token_bag.reverse()
    assert t.token_bag != s.token_bag
    assert all(t.observation(seat) == s.observation(seat) for seat in (0, 1, None))
    assert not any(s.content.draft_tokens[k].id in seen_by(s, 0) for k in s.token_bag)


# UM-KNOW-3
def test_the_solo_resource_deck_and_the_card_not_kept_are_secret() -> None:
    """Only the solo player sees the offer; the card not kept stays out of the public log."""
    s = new(1)
    rejected = s.content.resource_cards[s.resource_offer[1]]
    assert s.observation(None)["solo"]["resource_offer"] == 2
    assert [c["id"] for c in s.observation(0)["solo"]["resource_offer"]] == [
        s.content.resource_cards[r].id for r in s.resource_offer]
    s.apply(A.RESOURCE_CARD + s.resource_offer[0])
    assert rejected.id in seen_by(s, 0) and rejected.id not in seen_by(s, None)
    t = s.clone()
    t.resource_deck.reverse()
    assert t.observation(0) == s.observation(0)


# UM-KNOW-4
def test_everything_else_is_seen_by_every_seat() -> None:
    """Apart from hands and hidden Cores every seat sees the same: boards, Wormholes, tracks,
    Anomalies and Cooldowns, cards played."""
    s = played_position()
    views = [public_part(s.observation(seat)) for seat in (0, 1, 2, None)]
    assert all(v == views[0] for v in views)
    red = views[0]["players_view"][0]
    assert red["channels"]["blue"][2]["tokens"] == ["supergiant", "blue_giant"]
    for ch in ("blue", "pink"):
        assert [sp["tokens"] for sp in red["channels"][ch]] == [
            tokens_at(s, 0, f"{ch} {k}") for k in range(1, 8)]
    assert [w["open"] for w in red["wormholes"]] == [False, False, True, True]
    assert red["anomalies"][0]["used_this_round"] is True
    assert len(red["played"]) == 1 and red["cards_played_this_round"] == 1
    assert views[0]["players_view"][1]["size"] == "Stellar"


# UM-KNOW-4
def test_draft_picks_and_drafted_resources_are_public() -> None:
    """Who took which space, and what each player has still to gain, are shown to all."""
    s = new(2)
    s.apply(A.DRAFT + 1)
    taken = [sp["taken_by"] for sp in s.observation(1)["draft"]["sets"][0]]
    assert taken[:2] == [-1, 0]  # space 1 free, space 2 taken by seat 0
    to_phase(s, S.GAIN)
    assert s.observation(0)["players_view"][1]["drafted"] == \
        s.observation(1)["players_view"][1]["drafted"] != []


# UM-KNOW-5
def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    """Seat 0 keeps its hand; the other hands are dealt anew from the unseen cards; what seat 0
    sees is unchanged."""
    s = played_position()
    others = Counter([*s.deck, *s.hands[1], *s.hands[2]])
    hands_1 = set()
    for k in range(6):
        t = s.determinize(0, random.Random(k))
        assert t.hands[0] == s.hands[0]
        assert [len(h) for h in t.hands] == [len(h) for h in s.hands]
        assert Counter([*t.deck, *t.hands[1], *t.hands[2]]) == others
        assert t.observation(0) == s.observation(0)
        assert (t.boards, t.sm, t.disc, t.discard, t.played, t.owned) == (
            s.boards, s.sm, s.disc, s.discard, s.played, s.owned)
        hands_1.add(tuple(t.hands[1]))
    assert len(hands_1) > 1


# UM-KNOW-5
def test_determinize_redraws_other_players_hidden_core_anomalies() -> None:
    """Seat 1 has shown one Core Anomaly; its two others are drawn again from the five it has
    not shown. Seat 0 keeps its own three."""
    s = played_position()
    shown = s.cores_owned[1][0]
    drawn_1 = set()
    for k in range(10):
        t = s.determinize(0, random.Random(k))
        assert t.cores_drawn[0] == s.cores_drawn[0]
        assert shown in t.cores_drawn[1] and len(set(t.cores_drawn[1])) == 3
        assert t.cores_owned == s.cores_owned
        drawn_1.add(tuple(t.cores_drawn[1]))
    assert len(drawn_1) > 1


# UM-KNOW-5
def test_determinize_shuffles_the_resource_deck_and_the_token_bag() -> None:
    """The same cards and tokens in a new order, and a new future."""
    solo = new(1)
    bag = new(2, advanced_draft=True)
    decks, bags = set(), set()
    for k in range(4):
        t = solo.determinize(0, random.Random(k))
        assert sorted(t.resource_deck) == sorted(solo.resource_deck)
        assert t.resource_offer == solo.resource_offer
        decks.add(tuple(t.resource_deck))
        u = bag.determinize(1, random.Random(k))
        assert sorted(u.token_bag) == sorted(bag.token_bag)
        assert u.tokens_in_play == bag.tokens_in_play
        bags.add(tuple(u.token_bag))
        assert u.rng.state != bag.rng.state
    assert len(decks) > 1 and len(bags) > 1
