"""Phase 3, Actions: Action Cards, Anomaly Effects, the Discovery exchange, ending the phase
and refilling hands (docs/rules/ultramassive.md, section 10).

Positions start in Round 1's Actions phase with empty boards (``at_actions``); seat 0 is Red
of the rulebook's examples. Hands are set with ``hold``, which takes the named cards out of
the deck (the old hand goes to the bottom of the deck).
"""

from __future__ import annotations

import pytest

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import state as S
from ludoverse.games.ultramassive.content import TYPES

from .builders import at_actions, channel, new, own, own_core, put, run_steps, to_phase, tokens_at

BLUE, PINK = channel("blue"), channel("pink")
TIDAL_DRIFT, INTERMITTENT_COMBUSTION, ACCRETION_DISK, BETA = 10, 2, 5, 1
ORBIT_TIER_3 = "orbit_3"


def hold(s: S.UltramassiveState, p: int, *ids: str) -> list[int]:
    """Give seat ``p`` exactly the named cards; returns their deck indices."""
    s.deck[:0] = s.hands[p]
    s.hands[p] = []
    for cid in ids:
        c = next(i for i in reversed(s.deck) if s.content.deck[i].id == cid)
        s.deck.remove(c)
        s.hands[p].append(c)
    s.edited()  # edited in place: the moves must be computed afresh
    return list(s.hands[p])


def proceed(s: S.UltramassiveState) -> None:
    """One quiet decision: discover nothing, end the Actions phase, else the first choice."""
    legal = s.legal_actions()
    s.apply(next((q for q in (A.DECLINE, A.END_ACTIONS, A.STOP) if q in legal), legal[0]))


def plays(s: S.UltramassiveState) -> list[int]:
    return [a for a in s.legal_actions() if A.PLAY <= a < A.USE]


# UM-ACT-1
def test_actions_phases_are_taken_one_at_a_time_in_turn_order() -> None:
    """Seed 3 makes seat 1 the starting player of a 3-player game."""
    s = at_actions(3, seed=3, starting_player="random")
    turns = []
    while s.phase == S.ACTIONS:
        turns.append(s.actor)
        s.apply(A.END_ACTIONS)
    assert turns == [1, 2, 0]


# UM-ACT-2
def test_the_four_actions_mix_in_any_order_with_two_cards_at_most() -> None:
    """Red exchanges, activates Wormholes, plays Steady Orbit, uses Tidal Drift and plays Heat
    Sink; a third card may then not be played."""
    s = at_actions()
    own(s, 0, "orbit_1")
    a, b, c = hold(s, 0, "steady_orbit", "heat_sink", "protostar_cloud")
    s.disc[0] = 3
    s.apply(A.EXCHANGE)
    s.apply(A.PAIR + 0)
    s.apply(A.PLAY + a)
    s.apply(BLUE)
    s.apply(A.USE + TIDAL_DRIFT)
    s.apply(PINK)
    assert A.PLAY + b in s.legal_actions()
    s.apply(A.PLAY + b)
    s.apply(A.OPTION + 1)  # Siphon: 1 Discovery
    assert s.plays[0] == 2 and s.hands[0] == [c]
    assert plays(s) == [] and A.END_ACTIONS in s.legal_actions()


# UM-ACT-2
def test_an_anomaly_may_allow_a_third_card() -> None:
    """Beta — Relativistic Jet: play 1 more Action Card each round."""
    s = at_actions()
    own_core(s, 0, BETA)
    cards = hold(s, 0, "heat_sink", "heat_sink", "heat_sink")
    for c in cards:
        assert A.PLAY + c in s.legal_actions()
        s.apply(A.PLAY + c)
        s.apply(A.OPTION + 1)
    assert s.plays[0] == 3


# UM-ACT-2
def test_an_effect_in_the_actions_phase_may_allow_one_more_card_this_round() -> None:
    """An effect carried out in the middle of the phase ("play 1 more Action Card this round")
    allows a third card at once; the next round allows 2 again."""
    s = at_actions()
    a, b, c = hold(s, 0, "heat_sink", "heat_sink", "heat_sink")
    for card in (a, b):
        s.apply(A.PLAY + card)
        s.apply(A.OPTION + 1)
    assert plays(s) == []
    run_steps(s, [{"op": "extra_play", "n": 1}])
    assert plays(s) == [A.PLAY + c]
    s.apply(A.PLAY + c)
    s.apply(A.OPTION + 1)
    assert s.plays[0] == 3 and plays(s) == []
    to_phase(s, S.DRAFT)
    to_phase(s, S.ACTIONS)
    while s.actor != 0:
        s.apply(A.END_ACTIONS)
    assert s.round == 2 and len(s.hands[0]) == 3
    assert s.observation(0)["players_view"][0]["card_plays_allowed"] == 2


# UM-ACT-3
def test_an_action_is_finished_and_absorbed_before_the_next_starts() -> None:
    """Gravitational Cascade orbits twice: mid-card nothing is absorbed and no other action
    is offered; once it ends both stacks are in the Black Hole."""
    s = at_actions()
    (card,) = hold(s, 0, "gravitational_cascade")
    put(s, 0, {"blue 7": ["blue_giant"], "blue 6": ["supergiant"]})
    s.apply(A.PLAY + card)
    s.apply(BLUE)
    assert s.sm[0] == 0 and tokens_at(s, 0, "blue 7") == ["supergiant"]
    assert s.legal_actions() == [BLUE, PINK]
    s.apply(BLUE)
    assert s.sm[0] == 5
    assert A.END_ACTIONS in s.legal_actions()


# UM-ACT-4
def test_every_action_card_has_type_primary_empowered_and_power() -> None:
    """Each card has a type, Primary and Empowered effects and a Power of 1 to 3, shown to its
    holder."""
    s = at_actions()
    for c in s.content.action_cards:
        assert c.type in TYPES and 1 <= c.power <= 3
        assert c.primary and c.empowered and "[Empowered" in c.text
    hold(s, 0, "supergiant_capture")
    shown = s.observation(0)["players_view"][0]["hand"][0]
    assert {k: shown[k] for k in ("name", "type", "power")} == {
        "name": "Supergiant Capture", "type": "matter", "power": 2}


# UM-ACT-5
def test_action_cards_are_played_only_in_the_actions_phase() -> None:
    """From the draft to Discovery no card may be played; in the Actions phase it may."""
    s = new()
    while s.phase != S.ACTIONS:
        assert s.stack or not plays(s), S.PHASES[s.phase]
        proceed(s)
    assert plays(s)


# UM-ACT-5
def test_primary_effects_are_carried_out_top_to_bottom() -> None:
    """Tidal Disruption: Siphon, then Orbit once. The siphoned Blue Giant Star is placed
    before the Orbit, so the Orbit moves it."""
    s = at_actions()
    (card,) = hold(s, 0, "tidal_disruption")
    s.apply(A.PLAY + card)
    s.apply(A.OPTION + 0)  # Siphon: a Blue Giant Star
    s.apply(BLUE)  # placed on blue 1
    s.apply(BLUE)  # then Orbit the blue Channel once
    assert tokens_at(s, 0, "blue 2") == ["blue_giant"]
    assert s.observation(1)["players_view"][0]["played"][0]["name"] == "Tidal Disruption"


# UM-ACT-5
def test_a_primary_effect_cannot_be_skipped() -> None:
    """Antimatter Injection must place its Major Antimatter: no way out is offered."""
    s = at_actions()
    (card,) = hold(s, 0, "antimatter_injection")
    s.apply(A.PLAY + card)
    assert s.legal_actions() == [BLUE, PINK]


# UM-ACT-6
def test_the_empowered_effect_needs_the_tier_3_anomaly_of_the_cards_type() -> None:
    """Steady Orbit (Orbit 1, 1 Discovery [Orbit 1]): without Frame Dragging (Orbit 3), or
    with only the Siphon Tier 3, nothing is asked after the Primary effects."""
    s = at_actions()
    own(s, 0, "siphon_1", "siphon_2a", "siphon_3")
    (card,) = hold(s, 0, "steady_orbit")
    put(s, 0, {"blue 1": ["blue_giant"]})
    s.apply(A.PLAY + card)
    s.apply(BLUE)
    assert A.CONFIRM not in s.legal_actions() and A.END_ACTIONS in s.legal_actions()
    assert tokens_at(s, 0, "blue 2") == ["blue_giant"]


# UM-ACT-6
@pytest.mark.parametrize(("answer", "space"), [(A.CONFIRM, "blue 3"), (A.DECLINE, "blue 2")])
def test_the_empowered_effect_is_optional_and_comes_after_the_primary(answer: int,
                                                                      space: str) -> None:
    """With Frame Dragging (Orbit 3) Steady Orbit asks about its Empowered Orbit after the
    Primary effects, and either answer is allowed."""
    s = at_actions()
    own(s, 0, "orbit_1", "orbit_2a", ORBIT_TIER_3)
    (card,) = hold(s, 0, "steady_orbit")
    put(s, 0, {"blue 1": ["blue_giant"]})
    s.disc[0] = 4
    s.apply(A.PLAY + card)
    s.apply(BLUE)
    assert s.legal_actions() == [A.CONFIRM, A.DECLINE]
    assert s.disc[0] == 5  # the Primary's Discovery came first
    s.apply(answer)
    if answer == A.CONFIRM:
        s.apply(BLUE)
    assert tokens_at(s, 0, space) == ["blue_giant"]


# UM-ACT-7
def test_discarding_a_card_for_its_power_is_not_playing_it() -> None:
    """Intermittent Combustion's Effect discards Heat Sink (Power 3, text: Siphon) for 3 Solar
    Mass: no Siphon happens, and two cards may still be played."""
    s = at_actions()
    own(s, 0, "siphon_1", "siphon_2b")
    sink, x, y = hold(s, 0, "heat_sink", "steady_orbit", "spiral_inward")
    s.apply(A.USE + INTERMITTENT_COMBUSTION)
    s.apply(A.DISCARD + sink)
    assert s.sm[0] == 3 and s.plays[0] == 0
    assert s.discard[-1] == sink and s.played[0] == []
    assert s.stats_round[0].get("siphons", 0) == 0
    assert s.legal_actions().count(A.PLAY + x) == 1
    for c in (x, y):
        s.apply(A.PLAY + c)
        s.apply(BLUE)
    assert s.plays[0] == 2


# UM-ACT-7
def test_cards_are_discarded_only_as_far_as_anomalies_allow() -> None:
    """Intermittent Combustion discards one card: no second discard is offered, but cards may
    still be played."""
    s = at_actions()
    own(s, 0, "siphon_1", "siphon_2b")
    sink, x, _ = hold(s, 0, "heat_sink", "steady_orbit", "spiral_inward")
    s.apply(A.USE + INTERMITTENT_COMBUSTION)
    s.apply(A.DISCARD + sink)
    legal = s.legal_actions()
    assert not any(A.DISCARD <= a < A.STOP for a in legal)
    assert A.USE + INTERMITTENT_COMBUSTION not in legal and A.PLAY + x in legal


# UM-ACT-8
def test_an_anomaly_effect_is_used_once_per_round_and_marked() -> None:
    """Tidal Drift is marked once used, the mark comes off at the end of the phase, it is not
    usable in the draft, and it is usable again in Round 2."""
    s = at_actions()
    own(s, 0, "orbit_1")
    s.apply(A.USE + TIDAL_DRIFT)
    s.apply(BLUE)
    assert A.USE + TIDAL_DRIFT not in s.legal_actions()
    view = s.observation(1)["players_view"][0]["anomalies"][0]
    assert view["used_this_round"] is True
    s.apply(A.END_ACTIONS)
    assert s.observation(1)["players_view"][0]["anomalies"][0]["used_this_round"] is False
    s.apply(A.END_ACTIONS)
    while not (s.phase == S.ACTIONS and s.actor == 0):
        assert s.stack or A.USE + TIDAL_DRIFT not in s.legal_actions()
        proceed(s)
    assert s.round == 2 and A.USE + TIDAL_DRIFT in s.legal_actions()


# UM-ACT-9
def test_discovery_is_exchanged_one_for_one_as_often_as_wanted() -> None:
    """Three exchanges turn 3 Discovery into 3 Solar Mass, one counter each; with none left
    there is no exchange."""
    s = at_actions()
    s.disc[0], s.sm[0] = 3, 5
    for k in range(3):
        assert A.EXCHANGE in s.legal_actions()
        s.apply(A.EXCHANGE)
        assert (s.disc[0], s.sm[0]) == (2 - k, 6 + k)
    assert A.EXCHANGE not in s.legal_actions()


# UM-ACT-9
def test_discovery_is_exchanged_only_between_actions() -> None:
    """No exchange in the draft, in Discovery, or part-way through a card."""
    s = new()
    s.disc = [10, 10]
    while s.phase != S.ACTIONS:
        assert A.EXCHANGE not in s.legal_actions()
        proceed(s)
    (card,) = hold(s, s.actor, "steady_orbit")
    s.apply(A.PLAY + card)
    assert A.EXCHANGE not in s.legal_actions()  # mid-card: choosing a Channel


# UM-ACT-10
def test_the_actions_phase_ends_only_when_the_player_says_so() -> None:
    """With nothing else to do (and auto_forced off), seat 0 keeps acting until it ends its
    phase."""
    s = at_actions(auto_forced=False)
    hold(s, 0)
    s.disc[0] = 0
    s.worm_open[0] = [False] * 4
    assert s.legal_actions() == [A.END_ACTIONS]
    assert s.actor == 0 and s.phase == S.ACTIONS
    s.apply(A.END_ACTIONS)
    assert s.actor == 1


# UM-ACT-11
def test_hands_are_refilled_to_three_after_everyone_in_turn_order() -> None:
    """Seed 1 makes seat 1 the starting player: seat 1 draws first, then seat 0."""
    s = at_actions(seed=1, starting_player="random")
    assert s.actor == 1
    (c1,) = hold(s, 1, "heat_sink")
    a, _, _ = hold(s, 0, "steady_orbit", "spiral_inward", "heat_sink")
    s.apply(A.END_ACTIONS)  # seat 1 keeps its single card
    s.apply(A.PLAY + a)
    s.apply(BLUE)
    assert len(s.hands[1]) == 1  # no refill before everyone has finished
    top = s.deck[-3:][::-1]
    s.apply(A.END_ACTIONS)
    assert s.hands[1] == [c1, top[0], top[1]] and s.hands[0][-1] == top[2]
    assert a in s.discard and s.played[0] == []


# UM-ACT-11
def test_a_player_holding_three_or_more_cards_draws_none() -> None:
    """Seat 0 drew a fourth card during the phase: the refill gives it nothing."""
    s = at_actions()
    run_steps(s, [{"op": "draw", "n": 1}])
    assert len(s.hands[0]) == 4
    s.apply(A.END_ACTIONS)
    s.apply(A.END_ACTIONS)
    assert len(s.hands[0]) == 4 and len(s.hands[1]) == 3


# UM-ACT-12
def test_the_discard_pile_is_shuffled_into_a_new_deck_when_the_deck_runs_out() -> None:
    """A draw of 2 from a 1-card deck takes that card, then one from the shuffled discard pile."""
    s = at_actions()
    last, *rest = s.deck
    s.deck, s.discard = [last], list(rest)
    run_steps(s, [{"op": "draw", "n": 2}])
    assert last in s.hands[0] and s.hands[0][-1] in rest
    assert sorted([*s.deck, s.hands[0][-1]]) == sorted(rest) and s.discard == []


# UM-ACT-12
def test_drawing_the_last_card_reshuffles_the_discard_pile_at_once() -> None:
    """Drawing the deck's last card turns the discard pile into the new deck straight away."""
    s = at_actions()
    last, *rest = s.deck
    s.deck, s.discard = [last], list(rest)
    run_steps(s, [{"op": "draw", "n": 1}])
    assert s.hands[0][-1] == last
    assert sorted(s.deck) == sorted(rest) and s.discard == []


# UM-ACT-12
def test_no_card_is_drawn_when_deck_and_discard_pile_are_empty() -> None:
    """With no deck and no discard pile a draw gives nothing."""
    s = to_phase(new(), S.DISCOVERY)  # any phase: here the Discovery phase
    s.deck, s.discard = [], []
    before = list(s.hands[s.actor])
    run_steps(s, [{"op": "draw", "n": 2}])
    assert s.hands[s.actor] == before


# UM-ACT-13
def test_reds_actions_phase_from_the_rulebook() -> None:
    """Red uses Accretion Disk (Matter Tier 1), plays Supergiant Capture without its
    Empowered effect, activates a pair of Wormholes, plays an Orbit card, exchanges nothing
    and draws 2 cards to refill."""
    s = at_actions()
    own(s, 0, "matter_1")
    capture, spiral, keep = hold(s, 0, "supergiant_capture", "spiral_inward", "heat_sink")
    s.disc[0] = 3
    s.apply(A.USE + ACCRETION_DISK)
    s.apply(BLUE)  # Blue Giant Star on blue 1
    s.apply(A.PLAY + capture)
    s.apply(PINK)  # Supergiant Star on pink 1; no Empowered question follows
    assert tokens_at(s, 0, "pink 1") == ["supergiant"]
    s.apply(A.PAIR + 0)  # the Wormholes on blue 1 and blue 7
    assert tokens_at(s, 0, "blue 7") == ["blue_giant"] and s.worm_open[0][:2] == [False, False]
    s.apply(A.PLAY + spiral)
    s.apply(BLUE)  # Orbit twice: the Blue Giant Star reaches the Black Hole
    assert s.sm[0] == 2 and s.disc[0] == 3
    s.apply(A.END_ACTIONS)
    s.apply(A.END_ACTIONS)
    assert len(s.hands[0]) == 3 and s.hands[0][0] == keep
    assert {capture, spiral} <= set(s.discard)
