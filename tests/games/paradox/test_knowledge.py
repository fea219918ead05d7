"""Who knows what: the deck, the Research Hand, Secret Objectives, the bag, and everything
public; and ``determinize``, which must keep what a seat knows and deal the rest anew
(docs/rules/paradox.md, section 15).

Seat 0 is the Chief Scientist of turn 1 in a 3-player game. Seed 4 deals the Secret Objective
among the three Research Goals.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from ludoverse.games.paradox import actions as A

from .helpers import act, check, finish_draft, finish_turn, names, new_game

SECRET_SEED = 4
PRIVATE = ("seat", "research_hand", "known_deck_top", "secret_objective")
"""The only parts of an observation that differ between seats, with ``PILE_VIEW``."""
PILE_VIEW = ("score_pile", "score_pile_face_down")
"""A score pile's cards: its owner's to see (PX-KNOW-10); its size is public."""


def visible_text(s, seat) -> str:
    """Everything ``seat`` may read: its observation and its events, as one string."""
    return json.dumps([s.observation(seat), [e.to_json() for e in s.events_for(seat)]])


def secret_id(view: dict) -> str:
    shown = view["secret_objective"]
    return shown["id"] if isinstance(shown, dict) else shown


def chief_scientist_returns_three(seed: int = SECRET_SEED):
    """The Chief Scientist (seat 0) takes the second card of the Research Hand; three go back."""
    s = new_game(seed=seed)
    hand = names(s, s.hand)
    s.apply(min(a for a in s.legal_actions() if a < A.HAND))  # seat 1
    s.apply(min(a for a in s.legal_actions() if a < A.HAND))  # seat 2
    act(s, f"Take {hand[1]} from the Research Hand")
    return s, [hand[0], hand[2], hand[3]]


# PX-KNOW-1
def test_nobody_knows_the_order_of_the_deck() -> None:
    s = new_game(seed=SECRET_SEED)
    top = names(s, s.deck[-4:])
    for seat in (0, 1, 2, None):
        view = s.observation(seat)
        assert view["deck"] == len(s.deck) and view["known_deck_top"] == []
        assert not any(f'"{name}"' in visible_text(s, seat) for name in top
                       if name not in names(s, s.stable + s.unstable))


# PX-KNOW-2
def test_only_the_chief_scientist_sees_the_research_hand() -> None:
    s = new_game(seed=SECRET_SEED)
    hand = names(s, s.hand)
    assert [c["name"] for c in s.observation(0)["research_hand"]] == hand
    for seat in (1, 2, None):
        assert s.observation(seat)["research_hand"] == 4  # only how many
        text = visible_text(s, seat)
        assert not [name for name in hand if f'"{name}"' in text]
    secret = [e for e in s.events if e.kind == "research_hand_cards"]
    assert [e.visible_to for e in secret] == [frozenset({0})]


# PX-KNOW-2, PX-WORM-7
def test_the_cards_put_back_stay_known_to_the_chief_scientist_only() -> None:
    s, back = chief_scientist_returns_three()
    assert [c["name"] for c in s.observation(0)["known_deck_top"]] == back  # top first
    for seat in (1, 2):
        assert s.observation(seat)["known_deck_top"] == []
        assert not [name for name in back if f'"{name}"' in visible_text(s, seat)]
    returned = [e for e in s.events if e.kind == "hand_returned"]
    assert [e.data for e in returned] == [{"seat": 0, "cards": 3}]  # how many, for everyone
    assert returned[0].visible_to is None


# PX-KNOW-3
def test_a_secret_objective_is_seen_only_by_its_player() -> None:
    s = new_game(seed=SECRET_SEED)
    goals = s.content.research_goals
    assert "secret" in [goals[g].kind for g in s.goals]
    for seat in range(3):
        assert secret_id(s.observation(seat)) == goals[s.secret[seat]].id
    assert s.observation(None)["secret_objective"] is None
    dealt = [e for e in s.events if e.kind == "secret_objective"]
    assert [(e.data["seat"], e.visible_to) for e in dealt] == [
        (p, frozenset({p})) for p in range(3)]


# PX-KNOW-4
def test_anyone_can_count_the_bag() -> None:
    s = new_game()
    bag = s.observation(2)["bag"]
    assert bag["discs"] == len(s.bag) == sum(bag["by_type"].values())
    assert bag["by_type"]["red helix"] == Counter(s.bag)[0]
    assert all(s.observation(seat)["bag"] == bag for seat in (0, 1, None))


# PX-KNOW-4, PX-KNOW-6
def test_no_one_knows_the_next_draw_determinize_reseeds_it() -> None:
    s = new_game()
    finish_draft(s)
    draws = set()
    for k in range(6):
        t = s.determinize(1, random.Random(k))
        assert Counter(t.bag) == Counter(s.bag)  # the same discs in the bag
        draws.add(tuple(t.bag[t.rng.below(len(t.bag))] for _ in range(5)))
    assert len(draws) > 1


# PX-KNOW-5, PX-KNOW-10
def test_everything_else_is_public() -> None:
    s = new_game(seed=SECRET_SEED)
    for _ in range(3):
        finish_turn(s)
    s.apply(min(s.legal_actions()))  # a pick: something on a mat
    views = [s.observation(seat) for seat in (0, 1, 2, None)]
    for view in views:
        for key in PRIVATE:
            view.pop(key)
        for area in view["players_view"]:  # face-down score piles differ (test_fairness.py)
            for key in PILE_VIEW:
                area.pop(key)
    assert views[0] == views[1] == views[2] == views[3]
    public = views[0]
    assert len(public["players_view"]) == 3  # every Matrix, mat, score pile and shield
    assert all(len(p["matrix"]) == 5 for p in public["players_view"])
    for key in ("stable", "unstable", "anomaly", "ring", "quake", "discard", "bag"):
        assert key in public


# PX-KNOW-6
def test_determinize_never_changes_what_the_seat_knows() -> None:
    s = new_game(seed=SECRET_SEED)
    states = [s, chief_scientist_returns_three()[0]]
    for state in states:
        for seat in range(3):
            for k in range(3):
                t = state.determinize(seat, random.Random(k))
                assert t.observation(seat) == state.observation(seat)
                assert t.events == state.events_for(seat)
                check(t)


# PX-KNOW-6
def test_determinize_deals_the_hand_and_the_deck_anew_for_the_others() -> None:
    s = new_game(seed=SECRET_SEED)
    unseen = Counter(s.deck + s.hand)
    hands, decks = set(), set()
    for k in range(8):
        t = s.determinize(1, random.Random(k))  # seat 1 has not seen the hand
        assert Counter(t.deck + t.hand) == unseen and len(t.hand) == 4
        hands.add(tuple(t.hand))
        decks.add(tuple(t.deck))
        c = s.determinize(0, random.Random(k))  # the Chief Scientist has
        assert c.hand == s.hand and Counter(c.deck) == Counter(s.deck)
        decks.add(tuple(c.deck))
    assert len(hands) > 1 and len(decks) > 2


# PX-KNOW-6
def test_determinize_keeps_the_returned_cards_only_for_the_chief_scientist() -> None:
    s, back = chief_scientist_returns_three()
    tops = set()
    for k in range(8):
        assert names(s.determinize(0, random.Random(k)), s.deck[-3:]) == names(s, s.deck[-3:])
        assert names(s, s.determinize(0, random.Random(k)).deck[-3:][::-1]) == back
        tops.add(tuple(s.determinize(1, random.Random(k)).deck[-3:]))
    assert len(tops) > 1


# PX-KNOW-6, PX-KNOW-3
def test_determinize_deals_the_other_secret_objectives_anew() -> None:
    s = new_game(seed=SECRET_SEED)
    goals = s.content.research_goals
    dealt = set()
    for k in range(10):
        t = s.determinize(1, random.Random(k))
        assert t.secret[1] == s.secret[1]
        for p in (0, 2):
            g = t.secret[p]
            assert g not in s.goals and goals[g].kind != "secret" and g != s.secret[1]
        assert t.secret[0] != t.secret[2]
        dealt.add((t.secret[0], t.secret[2]))
    assert len(dealt) > 1
