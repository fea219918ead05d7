"""Solo Mode: set-up, Resource cards instead of the draft, Challenges and the result
(docs/rules/ultramassive.md, section 16).

``new(1)`` stops at Round 1's first decision: keep one of two Resource cards. ``offer`` puts
chosen Resource cards in the offer; ``challenges`` deals chosen Challenge cards.
"""

from __future__ import annotations

import random

import pytest

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import state as S

from .builders import card_plays, channel, new, own, play_out, put, to_phase, tokens_at

BLUE, PINK = channel("blue"), channel("pink")


def offer(s: S.UltramassiveState, *ids: str) -> list[int]:
    order = [r.id for r in s.content.resource_cards]
    s.resource_deck[:0] = s.resource_offer
    s.resource_offer = [order.index(i) for i in ids]
    for r in s.resource_offer:
        s.resource_deck.remove(r)
    s.edited()  # edited in place: the moves must be computed afresh
    return [A.RESOURCE_CARD + r for r in s.resource_offer]


def challenges(s: S.UltramassiveState, *ids: str) -> None:
    order = [c.id for c in s.content.challenges]
    s.challenges = [order.index(i) for i in ids]
    s.completed = [False] * len(ids)


def quiet(s: S.UltramassiveState) -> None:
    legal = s.legal_actions()
    s.apply(next((q for q in (A.DECLINE, A.END_ACTIONS, A.STOP) if q in legal), legal[0]))


# UM-SOLO-1
def test_the_solo_player_is_set_up_as_usual_and_always_starts() -> None:
    """Hand, Core Anomalies, tracks and Wormholes as usual; seat 0 starts every round."""
    s = new(1, starting_player="random")
    assert s.phase == S.SOLO_RESOURCE and s.actor == 0
    assert len(s.hands[0]) == 3 and len(s.cores_drawn[0]) == 3
    assert (s.sm[0], s.disc[0], sum(s.worm_open[0])) == (0, 4, 4)
    starts = set()
    while not s.is_terminal():
        starts.add(s.start)
        quiet(s)
    assert starts == {0} and s.round == 6


# UM-SOLO-2
@pytest.mark.parametrize(("difficulty", "dealt"), [("normal", 3), ("hard", 5)])
def test_challenges_are_dealt_face_up(difficulty: str, dealt: int) -> None:
    """Normal deals 3 Challenges, Hard 5, visible to everyone and different from game to game."""
    s = new(1, solo_difficulty=difficulty)
    assert len(set(s.challenges)) == dealt and s.completed == [False] * dealt
    shown = s.observation(None)["solo"]["challenges"]
    assert [c["name"] for c in shown] == [s.content.challenges[c].name for c in s.challenges]
    deals = {tuple(new(1, seed=k, solo_difficulty=difficulty).challenges) for k in range(8)}
    assert len(deals) > 2


# UM-SOLO-3
def test_there_is_no_resource_draft_but_a_shuffled_resource_deck() -> None:
    """18 Resource cards, shuffled; no draft phase in a whole game."""
    s = new(1)
    assert len(s.resource_deck) + len(s.resource_offer) == 18
    assert s.observation(0)["draft"]["tokens"] == []
    decks = {tuple(new(1, seed=k).resource_deck) for k in range(4)}
    assert len(decks) == 4
    while not s.is_terminal():
        assert s.phase not in (S.DRAFT, S.GAIN)
        quiet(s)


# UM-SOLO-4
def test_the_solo_action_deck_has_44_cards() -> None:
    """Without the 4 Power-2 Siphon cards and the 2 Power-1 Matter cards 44 remain; multiplayer
    keeps 50."""
    s = new(1)
    cards = [s.content.deck[c] for c in [*s.deck, *s.hands[0]]]
    assert len(cards) == 44
    assert not [c for c in cards if (c.type, c.power) in (("siphon", 2), ("matter", 1))]
    two = new(2)
    assert len(two.deck) + sum(len(h) for h in two.hands) == 50


# UM-SOLO-5
def test_draw_two_resource_cards_keep_one_and_gain_all_of_it() -> None:
    """Keeping res_02 (a Primordial Black Hole token and 1 Discovery); both cards leave play."""
    s = new(1)
    keep, other = offer(s, "res_02", "res_15")
    assert s.legal_actions() == sorted([keep, other])
    deck = len(s.resource_deck)
    s.apply(keep)
    assert s.legal_actions() == [A.OPTION, A.OPTION + 1]  # which item first; nothing else
    s.apply(A.OPTION)  # the token first
    assert s.legal_actions() == [BLUE, PINK]
    s.apply(PINK)
    assert tokens_at(s, 0, "pink 1") == ["primordial"] and s.disc[0] == 5
    assert s.phase == S.DISCOVERY and len(s.resource_deck) == deck
    assert keep - A.RESOURCE_CARD not in s.resource_deck
    assert other - A.RESOURCE_CARD not in s.resource_deck


# UM-SOLO-5
def test_six_rounds_use_twelve_resource_cards() -> None:
    """Two cards leave play each round: 6 of 18 remain at the end."""
    s = new(1, seed=3)
    while not s.is_terminal():
        quiet(s)
    assert len(s.resource_deck) == 6 and len(s.resource_used) == 6


# UM-SOLO-5
def test_the_items_of_a_resource_card_are_used_in_any_order() -> None:
    """res_07: Orbit three times and a Blue Giant Star. Placing the Blue Giant Star first and
    then Orbiting its Channel must be possible (it ends on blue 4)."""
    s = new(1)
    offer(s, "res_07", "res_15")
    s.apply(A.RESOURCE_CARD + [r.id for r in s.content.resource_cards].index("res_07"))
    ends = []
    frontier = [s]
    while frontier:
        t = frontier.pop()
        if t.phase != S.SOLO_RESOURCE or not t.stack:
            ends.append(t)
            continue
        for a in t.legal_actions():
            u = t.clone()
            u.apply(a)
            frontier.append(u)
    assert ends
    assert any(tokens_at(t, 0, "blue 4") == ["blue_giant"] for t in ends)


# UM-SOLO-5, UM-ACT-2
def test_a_resource_card_extra_card_play_lasts_for_that_round() -> None:
    """res_18: draw 1 Action Card, play 1 more Action Card this round, gain 1 Discovery. The
    player who keeps it may play 3 Action Cards in that round's Actions phase and only 2 in
    the next round."""
    s = new(1)
    keep, _ = offer(s, "res_18", "res_15")
    s.apply(keep)
    to_phase(s, S.ACTIONS)
    assert s.round == 1 and len(s.hands[0]) == 4
    assert s.observation(0)["players_view"][0]["card_plays_allowed"] == 3
    for _ in range(3):
        play_out(s, s.hands[0][0])
    assert s.plays[0] == 3 and s.hands[0] and card_plays(s) == []
    to_phase(s, S.SOLO_RESOURCE)
    assert s.round == 2
    offer(s, "res_02", "res_07")
    to_phase(s, S.ACTIONS)
    assert s.observation(0)["players_view"][0]["card_plays_allowed"] == 2
    for _ in range(2):
        play_out(s, s.hands[0][0])
    assert s.plays[0] == 2 and s.hands[0] and card_plays(s) == []


# UM-SOLO-6
def test_a_resource_card_that_costs_discovery_is_gained_in_full() -> None:
    """res_06: two Primordial Black Hole tokens, lose 2 Discovery, taken with 1 Discovery."""
    s = new(1)
    s.disc[0] = 1
    keep, _ = offer(s, "res_06", "res_15")
    s.apply(keep)
    s.apply(A.OPTION)  # items in printed order: a token, a token, the Discovery loss
    s.apply(BLUE)
    s.apply(A.OPTION)
    s.apply(PINK)
    assert tokens_at(s, 0, "blue 1") == ["primordial"]
    assert tokens_at(s, 0, "pink 1") == ["primordial"]
    assert s.disc[0] == 0


# UM-SOLO-7
def test_a_challenge_pays_at_once_and_only_once() -> None:
    """Crowded Spiral (5 stacks at once, 5 Solar Mass): the Blue Giant Star of res_03 is the
    fifth stack."""
    s = new(1)
    challenges(s, "crowded_spiral", "feeding_frenzy", "siphon_storm")
    put(s, 0, {"blue 2": ["supergiant"], "blue 5": ["blue_giant"], "pink 2": ["blue_giant"],
               "pink 6": ["primordial"]})
    keep, _ = offer(s, "res_03", "res_15")
    s.apply(keep)
    while A.OPTION in s.legal_actions():
        s.apply(A.OPTION)  # the card's items in printed order
        if BLUE in s.legal_actions():
            s.apply(BLUE)
    assert s.completed == [True, False, False] and s.sm[0] == 5
    assert s.phase == S.DISCOVERY
    assert any(e.kind == "challenge" for e in s.events)
    while s.round == 1:
        quiet(s)
    to_phase(s, S.DISCOVERY)
    assert sum(1 for st in s.boards[0] if st) >= 5
    assert s.sm[0] == 5 and s.completed[0]


# UM-SOLO-8
def test_no_solar_mass_bonus_phase_in_solo() -> None:
    """A Stellar solo Black Hole ends the round with no bonus phase."""
    s = to_phase(new(1), S.ACTIONS)
    s.sm[0], s.size[0] = 25, 1
    s.apply(A.END_ACTIONS)
    assert s.round == 2 and s.sm[0] == 25
    assert not any(e.kind in ("bonus", "bonus_skipped") for e in s.events)


# UM-SOLO-9
def test_an_end_of_round_challenge_pays_when_the_actions_phase_is_over() -> None:
    """Deep Research (two Tier 3 Anomalies at the end of a round, 12 Solar Mass). The 12
    Solar Mass are not absorbed Solar Mass, so Singularity Rush (absorb 15 in one round) is
    not completed by them on top of the 5 absorbed."""
    s = to_phase(new(1), S.ACTIONS)
    challenges(s, "deep_research", "singularity_rush", "siphon_storm")
    own(s, 0, "siphon_1", "siphon_2a", "siphon_3", "orbit_1", "orbit_2a", "orbit_3")
    put(s, 0, {"blue 7": ["blue_giant", "supergiant"]})
    s.apply(A.USE + 10)
    s.apply(BLUE)
    assert s.sm[0] == 5 and s.completed == [False, False, False]
    s.apply(A.END_ACTIONS)
    assert s.completed == [True, False, False] and s.sm[0] == 17
    assert s.round == 2


# UM-SOLO-9
def test_end_of_round_challenges_are_paid_in_round_6_too() -> None:
    """Deep Research met in Round 6 pays its 12 Solar Mass before the result."""
    s = new(1)
    while not (s.round == 6 and s.phase == S.ACTIONS):
        quiet(s)
    challenges(s, "deep_research", "singularity_rush", "siphon_storm")
    own(s, 0, "matter_1", "matter_2b", "matter_3", "orbit_1", "orbit_2b", "orbit_3")
    before = s.sm[0]
    s.apply(A.END_ACTIONS)
    out = s.outcome()
    assert out is not None and s.completed[0] and out.scores == (float(before + 12),)


# UM-SOLO-10
@pytest.mark.parametrize("seed", [0, 1])
def test_a_solo_game_ends_after_six_rounds_in_a_win_or_a_loss(seed: int) -> None:
    """A random solo game ends after Round 6 in a win exactly when the Normal goal is met."""
    rng = random.Random(seed)
    s = new(1, seed=seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    out = s.outcome()
    assert out is not None and s.round == 6
    done = sum(s.completed)
    won = done >= 3 and s.sm[0] >= 80
    assert out.winners == ((0,) if won else ())
    assert out.reason.startswith(f"{'won' if won else 'lost'}: {done} of 3 Challenges, "
                                 f"{s.sm[0]} of 80 Solar Mass")
