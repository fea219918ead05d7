"""The end of the game, World sets, Research Goals and the tie-breakers (docs/rules/paradox.md,
sections 10 and 11).

Most positions are built at the end of turn 12: cards go straight into score piles and Worlds
are fractured by hand, then ``scoring.end_game`` runs the rulebook's end. Card names are the
engine's; the Research Assets and costs of the shipped cards are our design, e.g. Atomic
Energy shows on Alphoria Past, Null Beta Future, Faridae Present, Halcyon Reach Past,
Kestrel Halo Present, Pale Lantern Future, Sable Verge Present, Vireo Station Future and
Zenith Hollow Past.
"""

from __future__ import annotations

import pytest

from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox.state import END_DISCARD, OVER

from .builders import (
    GOALS,
    check,
    end,
    fracture,
    give,
    matrix_phase,
    names,
    new,
    one_swap_strand,
    set_goals,
    set_matrix,
    shield,
    swap,
    to_mat,
    to_score,
    world,
)

ATOMIC = ["Alphoria Past", "Null Beta Future", "Faridae Present", "Halcyon Reach Past",
          "Kestrel Halo Present"]
PASTS = ["Alphoria Past", "Null Beta Past", "Elysium Past", "Faridae Past", "Cindralis Past",
         "Myrrhine Past"]
QUIET_GOALS = ("shields", "nexus", "future")
"""Goals none of the tie-breaker positions below scores: no shields, at most one Nexus (slot 2
pays per pair), fewer than three Future Timelines (slot 3 pays per triple)."""


def game(*goals: str, players: int = 2, **options: object):
    s = new(players, **options)
    if goals:
        set_goals(s, *goals)
    return s


# ---------------------------------------------------------------------------------------------
# Fractured Worlds


# PX-SCORE-1
def test_a_fractured_world_takes_all_its_cards_out_of_every_score_pile() -> None:
    s = game(*QUIET_GOALS)
    to_score(s, 0, "Alphoria Past", "Alphoria Present", "Alphoria Nexus", "Null Beta Past")
    to_score(s, 1, "Alphoria Future", "Elysium Past")
    fracture(s, "Alphoria")
    end(s)
    assert s.phase == OVER  # a full game asks nobody anything
    assert names(s.score[0]) == ["Null Beta Past"] and names(s.score[1]) == ["Elysium Past"]
    assert [f["worlds"] for f in s.final] == [1, 1]
    assert next(e for e in s.events if e.kind == "game_end").data["fractured"] == [
        world("Alphoria")]
    check(s)


# PX-SCORE-1
def test_a_world_stabilised_before_the_end_keeps_its_cards() -> None:
    s = game(*QUIET_GOALS)
    to_score(s, 0, "Alphoria Past", "Alphoria Present")
    fracture(s, "Alphoria")
    s.fractured[world("Alphoria")] = False  # a black resource flipped it back in time
    end(s)
    assert s.final[0]["worlds"] == 3 and s.final[0]["cards"] == 2


# PX-SCORE-2, PX-VAR-1
def test_training_mission_each_player_chooses_one_card_to_lose() -> None:
    s = game(preset="training", auto_forced=False)
    to_score(s, 0, "Alphoria Past", "Alphoria Present", "Alphoria Nexus")
    fracture(s, "Alphoria")
    end(s)
    assert (s.phase, s.current_player) == (END_DISCARD, 0)
    assert [s.action_label(a, s.current_player) for a in s.legal_actions()] == [
        "Discard Alphoria Past (Fractured World)", "Discard Alphoria Nexus (Fractured World)"]
    keep_nexus = s.clone()
    s.apply(A.DISCARD_SCORED + 45)  # the Nexus
    assert names(s.score[0]) == ["Alphoria Past", "Alphoria Present"]
    assert (s.final[0]["worlds"], s.final[0]["nexus"]) == (3, 0)
    keep_nexus.apply(A.DISCARD_SCORED + 0)  # a Timeline: which one never changes the score
    assert names(keep_nexus.score[0]) == ["Alphoria Present", "Alphoria Nexus"]
    assert (keep_nexus.final[0]["worlds"], keep_nexus.final[0]["nexus"]) == (3, 1)
    check(s)


# PX-SCORE-2
def test_training_mission_the_choice_is_offered_only_when_it_matters() -> None:
    s = game(preset="training", auto_forced=False)
    to_score(s, 0, "Alphoria Past", "Alphoria Present", "Null Beta Nexus")
    to_score(s, 1, "Alphoria Future", "Null Beta Past", "Elysium Nexus")
    fracture(s, "Alphoria", "Null Beta")
    end(s)
    # Two Timelines of one World score alike, a lone Nexus has no alternative: no question.
    assert s.phase == OVER
    assert names(s.score[0]) == ["Alphoria Present"]
    assert names(s.score[1]) == ["Elysium Nexus"]


# PX-SCORE-2
def test_training_mission_asks_from_the_chief_scientists_left_one_world_at_a_time() -> None:
    s = game(preset="training", auto_forced=False)
    to_score(s, 0, "Alphoria Past", "Alphoria Nexus", "Null Beta Past", "Null Beta Nexus")
    to_score(s, 1, "Elysium Present", "Elysium Nexus")
    fracture(s, "Alphoria", "Null Beta", "Elysium")
    end(s)
    asked = []
    while s.phase == END_DISCARD:
        asked.append(s.current_player)
        s.apply(max(s.legal_actions()))  # keep the Timeline, give up the Nexus
    assert asked == [1, 0, 0]  # seat 0 is Chief Scientist: seat 1 first, then one per World
    assert names(s.score[0]) == ["Alphoria Past", "Null Beta Past"]
    assert names(s.score[1]) == ["Elysium Present"]


# ---------------------------------------------------------------------------------------------
# World sets


@pytest.mark.parametrize(("held", "vp"), [
    (["Alphoria Past"], 1),
    (["Alphoria Past", "Alphoria Future"], 3),
    (["Alphoria Past", "Alphoria Present", "Alphoria Nexus"], 6),
    (["Alphoria Past", "Alphoria Present", "Alphoria Future", "Alphoria Nexus"], 10),
])
def test_a_world_set_scores_by_its_size(held: list[str], vp: int) -> None:
    # PX-SCORE-3: 1, 3, 6 VP; the full set is the three Timelines and the Nexus
    s = game(preset="training")
    to_score(s, 0, *held)
    end(s)
    assert s.final[0]["worlds"] == vp


# PX-SCORE-3
def test_every_world_is_a_set_of_its_own() -> None:
    s = game(preset="training")
    to_score(s, 0, "Alphoria Past", "Null Beta Past", "Alphoria Present", "Elysium Future",
             "Alphoria Future", "Null Beta Nexus", "Alphoria Nexus")
    end(s)
    assert s.final[0]["worlds"] == 10 + 3 + 1


# PX-SCORE-4
@pytest.mark.parametrize(("held", "vp"), [
    (["Parallel Universe 1"], 0),  # worthless outside a set
    (["Alphoria Past", "Parallel Universe 1"], 3),
    (["Alphoria Past", "Alphoria Present", "Alphoria Future", "Parallel Universe 1"], 10),
    (["Alphoria Past", "Alphoria Present", "Alphoria Future", "Alphoria Nexus",
      "Parallel Universe 1"], 10),  # a set never grows past 4
    (["Alphoria Past", "Alphoria Present", "Parallel Universe 1", "Parallel Universe 2"], 6),
    (["Alphoria Past", "Alphoria Present", "Alphoria Future", "Null Beta Past",
      "Parallel Universe 1", "Parallel Universe 2"], 10 + 3),  # one per World
])
def test_a_parallel_universe_is_a_wild_card_in_one_world_set(held: list[str], vp: int) -> None:
    s = game(preset="training", deck_scenario="parallel_universe")
    to_score(s, 0, *held)
    end(s)
    assert s.final[0]["worlds"] == vp


# PX-SCORE-4
def test_parallel_universes_go_where_they_score_most() -> None:
    # Joining the 3-card set gains 4 VP, the 1-card set 2 VP: with one wild card, the 3-card
    # set gets it, whatever order the cards were scored in.
    s = game(preset="training", deck_scenario="parallel_universe")
    to_score(s, 0, "Null Beta Past", "Parallel Universe 3", "Elysium Past", "Elysium Present",
             "Elysium Future")
    end(s)
    assert s.final[0]["worlds"] == 1 + 10


# PX-SCORE-5, PX-ALLY-5
def test_flares_alliances_and_goals_are_added_to_the_world_sets() -> None:
    s = game("past", "nexus", "shields", deck_scenario="flare", alliances=True)
    to_score(s, 0, "Alphoria Past", "Alphoria Nexus", "Flare 1", "Flare 2")
    s.ally_holder[0] = s.ally_holder[4] = 0  # red and white Alliances
    s.ally_holder[2] = 1
    end(s)
    f = s.final[0]
    assert (f["worlds"], f["goals"], f["flares"], f["alliances"]) == (3, [1, 0, 0], 4, 2)
    assert f["total"] == 3 + 1 + 4 + 2
    assert s.final[1]["alliances"] == 1 and s.final[1]["total"] == 1
    assert s.outcome().scores == (10.0, 1.0)


# ---------------------------------------------------------------------------------------------
# The winner


# PX-SCORE-6
def test_the_most_vp_wins_without_a_tiebreak() -> None:
    s = game(*QUIET_GOALS)
    to_score(s, 0, "Alphoria Past", "Alphoria Present")
    to_score(s, 1, "Null Beta Past")
    end(s)
    out = s.outcome()
    assert out.winners == (0,) and out.ranking == (1, 2) and out.tiebreak_trace == ()
    assert out.reason == "seat 0 wins with 3 VP after 12 turns"


# PX-SCORE-6
def test_a_tie_goes_to_the_larger_score_pile() -> None:
    s = game(*QUIET_GOALS)
    to_score(s, 0, "Alphoria Past", "Alphoria Present")  # one set of 2: 3 VP, 2 cards
    to_score(s, 1, "Null Beta Past", "Elysium Past", "Faridae Past")  # 3 VP, 3 cards
    end(s)
    out = s.outcome()
    assert out.scores == (3.0, 3.0) and out.winners == (1,) and out.ranking == (2, 1)
    assert out.tiebreak_trace == ("seats 0, 1 tie on 3 VP",
                                  "most cards in the score pile (3): seat 1")


# PX-SCORE-6, PX-SCORE-1
def test_score_piles_are_counted_after_the_fractured_world_discards() -> None:
    s = game(*QUIET_GOALS)
    to_score(s, 0, "Alphoria Past", "Alphoria Present", "Cindralis Past", "Cindralis Present")
    to_score(s, 1, "Null Beta Past", "Elysium Past", "Faridae Past")
    fracture(s, "Cindralis")  # seat 0 drops from 4 cards to 2
    end(s)
    out = s.outcome()
    assert [f["cards"] for f in s.final] == [2, 3]
    assert out.winners == (1,)


# PX-SCORE-6
def test_then_to_more_nexus_cards() -> None:
    s = game(*QUIET_GOALS)
    to_score(s, 0, "Alphoria Past", "Alphoria Nexus")
    to_score(s, 1, "Null Beta Past", "Null Beta Present")
    end(s)
    out = s.outcome()
    assert out.winners == (0,) and out.ranking == (1, 2)
    assert out.tiebreak_trace == ("seats 0, 1 tie on 3 VP",
                                  "most cards in the score pile (2): seats 0, 1",
                                  "most Nexus cards (1): seat 0")


# PX-SCORE-6
def test_players_still_tied_share_the_win() -> None:
    s = game(*QUIET_GOALS, players=3)
    to_score(s, 0, "Alphoria Past", "Alphoria Nexus")
    to_score(s, 1, "Elysium Past")
    to_score(s, 2, "Null Beta Past", "Null Beta Nexus")
    end(s)
    out = s.outcome()
    assert out.winners == (0, 2) and out.ranking == (1, 3, 1)
    assert out.tiebreak_trace[-1] == "still tied: a shared victory"
    assert out.reason == "seat 0 and seat 2 share the win with 3 VP after 12 turns"


# ---------------------------------------------------------------------------------------------
# Research Goals


# PX-GOAL-1, PX-SETUP-12
def test_a_full_game_deals_three_goals_and_a_training_mission_none() -> None:
    kinds = {g.kind for g in new(2).content.research_goals}
    assert kinds == {"asset", "era", "nexus", "shields", "secret"}
    assert len(GOALS) == 11
    for seed in range(5):
        s = new(2, seed=seed)
        assert len(s.goals) == 3 and len(set(s.goals)) == 3
    t = new(2, preset="training")
    assert t.goals == [] and t.secret == [-1, -1]
    to_score(t, 0, *ATOMIC)
    end(t)
    assert t.final[0]["goals"] == []


# PX-GOAL-2
def test_an_asset_goal_counts_the_timelines_showing_that_asset() -> None:
    s = game("atomic_energy", "shields", "future")
    # Alphoria Past and Null Beta Future show Atomic Energy; Alphoria Present does not, and a
    # Nexus shows no Research Asset.
    to_score(s, 0, "Alphoria Past", "Null Beta Future", "Alphoria Present", "Alphoria Nexus")
    end(s)
    assert s.final[0]["goals"] == [2, 0, 0]


# PX-GOAL-3
@pytest.mark.parametrize(("goal", "counted"), [("past", 2), ("present", 1), ("future", 0),
                                               ("nexus", 1)])
def test_era_and_nexus_goals(goal: str, counted: int) -> None:
    s = game(goal, "shields", "dark_matter", deck_scenario="mad_scientist")
    to_score(s, 0, "Alphoria Past", "Null Beta Past", "Elysium Present", "Faridae Nexus",
             "Flare 1", "Parallel Universe 1")  # Flares and Parallel Universes count for none
    end(s)
    assert s.final[0]["goals"][0] == counted


# PX-GOAL-4
@pytest.mark.parametrize(("slot", "five", "six"), [(1, 5, 6), (2, 6, 9), (3, 6, 12)])
def test_the_slot_sets_the_reward(slot: int, five: int, six: int) -> None:
    # slot 1: 1 VP per card; slot 2: 3 VP per pair; slot 3: 6 VP per triple
    for held, vp in ((PASTS[:5], five), (PASTS, six)):
        goals = ["shields", "nexus", "future"]
        goals[slot - 1] = "past"
        s = game(*goals)
        to_score(s, 0, *held)
        end(s)
        assert s.final[0]["goals"][slot - 1] == vp


# PX-GOAL-4, PX-SCORE-1
def test_goals_count_after_the_fractured_world_discards() -> None:
    s = game("past", "shields", "future")
    to_score(s, 0, *PASTS[:4])
    fracture(s, "Elysium")
    end(s)
    assert s.final[0]["goals"][0] == 3


# PX-GOAL-5
@pytest.mark.parametrize(("cards", "bonus"), [(1, 0), (2, 3), (3, 3), (4, 6), (5, 6)])
def test_atomic_energy_as_the_second_goal_pays_per_pair(cards: int, bonus: int) -> None:
    s = game("shields", "atomic_energy", "future")
    to_score(s, 0, *ATOMIC[:cards])
    end(s)
    assert s.final[0]["goals"] == [0, bonus, 0]


# PX-GOAL-6
def test_the_shields_goal_counts_the_shields_each_player_placed() -> None:
    s = game("shields", "nexus", "future")
    shield(s, 0, "Null Beta", "Elysium")
    shield(s, 1, "Faridae")
    end(s)
    assert [f["goals"][0] for f in s.final] == [2, 1]


# PX-GOAL-6
def test_a_shield_the_quake_broke_no_longer_counts() -> None:
    # Seat 0 shields Null Beta, then repairs Alphoria's Present (2 red) with a red 5-Strand:
    # the Quake moves 3 spaces onto Null Beta and breaks that shield.
    s = game("shields", "nexus", "future")
    shield(s, 0, "Null Beta", "Elysium")
    s.quake = (s.world_at.index(world("Null Beta")) - 3) % len(s.world_at)
    to_mat(s, 0, "Alphoria Present")
    set_matrix(s, 0, *one_swap_strand("R"))
    check(s)
    matrix_phase(s, 0)
    swap(s, "r5c3", "r4c3")
    give(s, "Alphoria Present")
    give(s, "Alphoria Present")
    assert s.world_shield[world("Null Beta")] == -1 and not s.fractured[world("Null Beta")]
    end(s)
    assert s.final[0]["goals"] == [1, 0, 0]


# PX-GOAL-7
def test_a_secret_objective_deals_every_player_a_hidden_goal() -> None:
    seed = next(k for k in range(200)
                if GOALS["secret"] in new(3, seed=k).goals)
    s = new(3, seed=seed)
    board = set(s.goals)
    assert all(g >= 0 and g not in board and g != GOALS["secret"] for g in s.secret)
    assert len(set(s.secret)) == 3
    ids = {i: g for g, i in GOALS.items()}
    for p in range(3):
        assert s.observation(p)["secret_objective"]["id"] == ids[s.secret[p]]
        assert s.observation((p + 1) % 3)["secret_objective"]["id"] != ids[s.secret[p]]
    assert s.observation(None)["secret_objective"] is None
    plain = next(k for k in range(200) if GOALS["secret"] not in new(3, seed=k).goals)
    assert new(3, seed=plain).secret == [-1, -1, -1]


# PX-GOAL-7
def test_a_secret_objective_scores_with_the_reward_of_its_slot() -> None:
    s = game("nexus", "secret", "future")
    s.secret = [GOALS["atomic_energy"], GOALS["past"]]
    to_score(s, 0, *ATOMIC[:2])  # a pair of Atomic Energy cards: slot 2 pays 3 VP
    to_score(s, 1, "Elysium Past", "Faridae Past", "Cindralis Past")  # one pair of Pasts
    end(s)
    assert [f["goals"] for f in s.final] == [[0, 3, 0], [0, 3, 0]]
