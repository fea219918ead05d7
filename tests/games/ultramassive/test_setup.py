"""Components and set-up (docs/rules/ultramassive.md, section 1)."""

from __future__ import annotations

import pytest

from ludoverse.core.rng import Rng
from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive import content as C
from ludoverse.games.ultramassive import state as S

from .builders import GAME, at_actions, cell, channel, new, put, run_steps, to_phase


def view(s: S.UltramassiveState, p: int, seat: int | None = None) -> dict:
    return s.observation(p if seat is None else seat)["players_view"][p]


# UM-SETUP-1
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_to_four_players(players: int) -> None:
    s = new(players)
    assert s.n == players
    assert s.phase == (S.SOLO_RESOURCE if players == 1 else S.DRAFT)  # 1 player: Solo Mode


# UM-SETUP-1
@pytest.mark.parametrize("players", [0, 5])
def test_no_game_without_a_player_or_with_five(players: int) -> None:
    with pytest.raises(ValueError, match="1-4 players"):
        GAME.new_game(players=players)


# UM-SETUP-1
def test_seats_go_clockwise_from_the_starting_player() -> None:
    s = new(4, seed=0, starting_player="random")
    assert s.start == 2
    pickers = []
    while s.idx < s.n:
        pickers.append(s.actor)
        s.apply(s.legal_actions()[0])
    assert pickers == [2, 3, 0, 1]  # seat + 1 is the next player clockwise


# UM-SETUP-2
def test_the_components() -> None:
    s = new(4)
    c = s.content
    assert len(c.anomalies) == 15  # 60 cards: 4 copies of each (UM-SETUP-4)
    assert len(c.cores) == 6  # 24 cards: one of each per player
    assert len(c.deck) == C.ACTION_CARDS == 50
    assert len(s.deck) + sum(len(h) for h in s.hands) == 50
    assert [len(w) for w in s.worm] == [4] * 4  # 16 Wormhole tokens
    assert len(c.draft_tokens) == 10
    assert len(c.challenges) == 10 and len(c.resource_cards) == 18


# UM-SETUP-2
def test_each_player_has_a_stellar_and_a_supermassive_black_hole_card() -> None:
    """8 Black Hole cards for 4 players: however much Solar Mass, a board changes twice."""
    s = at_actions(4)
    start = len(s.events)
    for _ in range(5):
        run_steps(s, [{"op": "solar_mass", "n": 30}])
        while s.stack:  # a Core Anomaly for each expansion
            s.apply(s.legal_actions()[0])
    assert s.sm[0] == 150
    assert [e.data["size"] for e in s.events[start:] if e.kind == "expand"] == [
        "Stellar", "Supermassive"]


# UM-SETUP-3
def test_every_round_has_four_phases_in_order() -> None:
    s = new(2)
    marks = {"draft": "Resource Draft", "gain_resource": "Resource Draft",
             "discover": "Discovery", "no_discovery": "Discovery", "end_actions": "Actions",
             "bonus": "Solar Mass Bonus", "bonus_skipped": "Solar Mass Bonus"}
    start = len(s.events) - 1  # Round 1 has just begun with its draft
    assert s.events[start].kind == "draft"
    to_phase(s, S.ACTIONS)
    to_phase(s, S.DRAFT)  # the first decision of Round 2
    assert s.round == 2
    phases = []
    for e in s.events[start:]:
        name = marks.get(e.kind)
        if name and (not phases or phases[-1] != name):
            phases.append(name)
    assert phases == ["Resource Draft", "Discovery", "Actions", "Solar Mass Bonus",
                      "Resource Draft"]  # and Round 2 begins


# UM-SETUP-3
def test_the_most_solar_mass_after_round_6_wins() -> None:
    s = new(3)
    to_phase(s, S.OVER)
    out = s.outcome()
    assert s.round == 6 and out is not None
    assert all(s.sm[p] == max(s.sm) for p in out.winners)


# UM-SETUP-4
def test_the_anomaly_supply_has_five_tiers_of_each_type() -> None:
    c = new().content
    assert sorted((a.type, a.tier) for a in c.anomalies) == sorted(
        (t, r) for t in ("siphon", "matter", "orbit") for r in ("1", "2A", "2B", "3", "4"))


# UM-SETUP-4
def test_four_copies_let_every_player_take_the_same_anomaly() -> None:
    s = to_phase(new(4), S.DISCOVERY)
    s.disc = [4] * 4
    for _ in range(4):
        s.apply(A.DISCOVER + 0)  # Siphon Tier 1, Amplified Heat Absorption
    assert s.owned == [[0]] * 4


# UM-SETUP-5, UM-SETUP-10
def test_the_round_tracker_and_tracks_start_at_round_1_zero_and_four() -> None:
    s = new(4)
    assert s.round == 1 and s.observation(0)["round"] == 1
    assert s.sm == [0] * 4 and s.disc == [4] * 4
    assert [(view(s, p)["solar_mass"], view(s, p)["discovery"]) for p in range(4)] == [(0, 4)] * 4


# UM-SETUP-5
def test_the_token_supply_never_runs_out() -> None:
    """More tokens than the 88 in the box are gained, one after the other."""
    s = at_actions()
    for _ in range(100):
        run_steps(s, [{"op": "gain", "token": "minor"}, {"op": "orbit", "n": 2}],
                  channel("blue"), channel("blue"))  # placed, then absorbed on the Rift Space
    assert sum(1 for e in s.events if e.kind == "place" and e.data["token"] == "minor") >= 100
    assert s.boards[0][cell("blue 1")] == [] and s.disc[0] == 10


# UM-SETUP-6
def test_the_action_deck_is_shuffled_face_down_and_the_black_holes_wait() -> None:
    decks = set()
    for seed in range(3):
        s = new(2, seed=seed)
        cards = s.deck + [c for h in s.hands for c in h]
        assert sorted(cards) == list(range(50)) and s.discard == []
        assert s.observation(0)["deck"] == 44  # the order is not shown
        decks.add(tuple(s.deck))
        assert s.size == [B.PRIMORDIAL_SIZE] * 2
    assert len(decks) == 3


# UM-SETUP-7
@pytest.mark.parametrize("seed", [0, 5])
def test_three_cards_are_dealt_to_each_player_in_seat_order(seed: int) -> None:
    s = new(3, seed=seed)
    deck = list(range(50))
    Rng(seed).shuffle(deck)
    for p in range(3):  # seat 0 first, from the top of the deck
        assert s.hands[p] == [deck.pop() for _ in range(3)]
    assert s.deck == deck


# UM-SETUP-7
def test_each_player_takes_four_open_wormholes_and_unused_cooldowns() -> None:
    s = new(3)
    for p in range(3):
        assert len(set(s.worm[p])) == 4 and s.worm_open[p] == [True] * 4
        assert not any(s.cooldown[p])
        assert view(s, p)["wormholes"][0] == {"index": 0, "space": "blue 1", "open": True,
                                               "moving": False}


# UM-SETUP-8
def test_each_player_draws_three_of_the_six_core_anomalies_in_secret() -> None:
    s = new(3)
    names = [c.name for c in s.content.core_order]
    for p in range(3):
        drawn = s.cores_drawn[p]
        assert len(set(drawn)) == 3 and set(drawn) <= set(range(6))
        assert view(s, p, seat=p)["core_anomalies_waiting"] == [names[c] for c in drawn]
        assert view(s, p, seat=(p + 1) % 3)["core_anomalies_waiting"] == 3


# UM-SETUP-8
def test_the_three_cores_not_drawn_are_never_offered() -> None:
    s = at_actions(auto_forced=False)
    s.sm[0] = 19
    s.apply(A.EXCHANGE)
    assert [a - A.CORE for a in s.legal_actions()] == s.cores_drawn[0]


# UM-SETUP-9
def test_the_board_two_channels_of_seven_spaces_around_a_primordial_black_hole() -> None:
    s = new()
    v = view(s, 0)
    assert v["size"] == "Primordial"
    for ch in ("blue", "pink"):
        assert [x["space"] for x in v["channels"][ch]] == [1, 2, 3, 4, 5, 6, 7]
        assert [x["space"] for x in v["channels"][ch] if x["rift"]] == [3]
        assert not any(x["covered"] for x in v["channels"][ch])


# UM-SETUP-9
def test_the_black_hole_is_the_eighth_space() -> None:
    s = at_actions()
    put(s, 0, {"pink 7": ["supergiant"], "pink 6": ["blue_giant"]})
    run_steps(s, [{"op": "orbit", "n": 1}], channel("pink"))
    assert s.sm[0] == 3 and s.boards[0][cell("pink 7")] == [B.BLUE_GIANT]


# UM-SETUP-11
def test_solar_mass_counts_on_past_a_hundred() -> None:
    s = at_actions()
    assert B.THRESHOLDS == (20, 50, 100)
    s.size[0], s.sm[0] = B.SUPERMASSIVE, 95
    run_steps(s, [{"op": "solar_mass", "n": 30}, {"op": "solar_mass", "n": 30}])
    assert s.sm[0] == 155 and view(s, 0)["solar_mass"] == 155
    assert s.size[0] == B.SUPERMASSIVE


# UM-SETUP-12
def test_the_first_starting_player_is_drawn_at_random() -> None:
    starts = {GAME.new_game(players=4, seed=seed).start for seed in range(12)}
    assert starts == {0, 1, 2, 3}


# UM-SETUP-12
@pytest.mark.parametrize("seed", [0, 1, 3])
def test_seat0_gives_seat_0_the_starting_player_token(seed: int) -> None:
    s = GAME.new_game(players=4, seed=seed, options={"starting_player": "seat0"})
    assert s.start == 0 and s.actor == 0  # seat 0 places Wormholes first
    assert s.observation(None)["starting_player"] == 0
