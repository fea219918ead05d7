"""Effects, Passives and card data: the effect vocabulary, placing on a Wormhole, effects that
cannot be carried out, and when Passives resolve (docs/rules/ultramassive.md, section 11).

Effects are run with ``run_steps`` (schema dicts, as in the content file) as the acting
player's action in Round 1's Actions phase, with seat 0's Wormholes on blue 1, blue 7, pink 1
and pink 7 (Wormholes 0 to 3).
"""

from __future__ import annotations

import pytest

from ludoverse.core.content import ContentError
from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import state as S
from ludoverse.games.ultramassive.content import default_content, load_content
from ludoverse.games.ultramassive.game import GAME

from .builders import (
    at_actions,
    cell,
    channel,
    new,
    own,
    own_core,
    put,
    run_steps,
    to_phase,
    tokens_at,
)

BLUE, PINK = channel("blue"), channel("pink")
SIPHON_1, TIDAL_DRIFT = 0, 10
ALPHA, BETA, DELTA = 0, 1, 3
SIPHON_NAMES = ["Amplified Heat Absorption", "Heat Magnet", "Intermittent Combustion",
                "Elevated Heat Absorption", "Ignited Singularity"]


def proceed(s: S.UltramassiveState) -> None:
    legal = s.legal_actions()
    s.apply(next((q for q in (A.DECLINE, A.END_ACTIONS, A.STOP) if q in legal), legal[0]))


def hold(s: S.UltramassiveState, p: int, cid: str) -> int:
    c = next(i for i in s.deck if s.content.deck[i].id == cid)
    s.deck.remove(c)
    s.hands[p].append(c)
    return c


def kinds(s: S.UltramassiveState, since: int, *names: str) -> list[tuple[str, object]]:
    """``(kind, n or tokens)`` of the events of the given kinds logged after ``since``."""
    return [(e.kind, e.data.get("n", e.data.get("tokens"))) for e in s.events[since:]
            if e.kind in names]


# UM-EFFECT-1
def test_card_texts_are_designed_except_the_siphon_names_and_tier_1_cost() -> None:
    """Every card group is reconstructed; the Siphon names and the Tier 1 cost are the
    rulebook's."""
    c = default_content()
    for group in (c.anomalies, c.cores, c.action_cards, c.draft_tokens, c.challenges,
                  c.resource_cards):
        assert {x.provenance for x in group} == {"reconstructed"}
    assert c.draft.provenance == "reconstructed"
    assert [a.name for a in c.anomaly_order[:5]] == SIPHON_NAMES
    assert c.anomaly_order[0].cost == 2
    assert {r.provenance for r in c.siphon_rewards} == {"rulebook"}
    assert not any(x.provenance == "public" for x in (*c.anomalies, *c.action_cards))


# UM-EFFECT-2
@pytest.mark.parametrize(("anomalies", "gain"), [(1, 2), (7, 3)])
def test_x_solar_mass_counts_a_quantity_as_on_alpha(anomalies: int, gain: int) -> None:
    """Alpha: 1 Solar Mass for each Anomaly you have (Alpha included), at most 3."""
    s = at_actions()
    own(s, 0, *["siphon_1", "matter_1", "orbit_1", "siphon_2a", "matter_2a", "orbit_2a",
                "siphon_3"][:anomalies])
    own_core(s, 0, ALPHA)
    s.apply(A.USE + 15 + ALPHA)
    assert s.sm[0] == gain


# UM-EFFECT-2
def test_x_discovery_counts_stacks_as_on_delta() -> None:
    """Delta: 1 Discovery for each stack on the board (three stacks: 3)."""
    s = at_actions()
    put(s, 0, {"blue 1": ["blue_giant"], "blue 4": ["supergiant", "blue_giant"],
               "pink 2": ["major"]})
    s.disc[0] = 2
    own_core(s, 0, DELTA)
    s.apply(A.USE + 15 + DELTA)
    assert s.disc[0] == 5


# UM-EFFECT-2
@pytest.mark.parametrize(("size", "gain"), [(0, 0), (1, 2), (2, 2)])
def test_a_condition_on_the_size_of_the_black_hole(size: int, gain: int) -> None:
    """'If your Black Hole is at least Stellar' holds for Stellar and Supermassive only."""
    s = at_actions()
    s.size[0] = size
    run_steps(s, [{"op": "if_size", "at_least": "stellar",
                   "then": [{"op": "solar_mass", "n": 2}]}])
    assert s.sm[0] == gain


# UM-EFFECT-2
def test_choose_one_of_several_effects() -> None:
    """A choice offers each option and carries out only the chosen one."""
    s = at_actions()
    s.disc[0] = 4
    run_steps(s, [{"op": "choose", "options": [[{"op": "discovery", "n": 3}],
                                               [{"op": "solar_mass", "n": 2}]]}])
    assert s.legal_actions() == [A.OPTION, A.OPTION + 1]
    s.apply(A.OPTION + 1)
    assert (s.sm[0], s.disc[0]) == (2, 4)


# UM-EFFECT-2
def test_a_text_outside_the_vocabulary_is_refused() -> None:
    """A card step that is not a primitive of the vocabulary does not load."""
    data = default_content().model_dump(mode="json")
    data["action_cards"][0]["primary"] = [{"op": "teleport"}]
    with pytest.raises(ContentError, match=r"action_cards\.0\.primary"):
        load_content(data)


# UM-EFFECT-3
def test_place_on_a_wormhole_open_or_closed() -> None:
    """A token placed on a Wormhole may go to any of the four, the closed one included."""
    s = at_actions()
    s.worm_open[0] = [True, False, True, True]
    run_steps(s, [{"op": "gain", "token": "supergiant", "to": "wormhole"}])
    assert s.legal_actions() == [A.WORMHOLE + w for w in range(4)]
    s.apply(A.WORMHOLE + 1)  # the closed Wormhole on blue 7
    assert tokens_at(s, 0, "blue 7") == ["supergiant"] and tokens_at(s, 0, "blue 1") == []


# UM-EFFECT-3
def test_placing_on_a_wormhole_follows_the_placement_rules() -> None:
    """Blue 7 is full (8 Solar Mass), pink 1 holds a Minor Antimatter: a Supergiant Star may
    not go to blue 7, and on pink 1 it detonates."""
    s = at_actions()
    put(s, 0, {"blue 7": ["primordial", "primordial"], "pink 1": ["minor"]})
    run_steps(s, [{"op": "gain", "token": "supergiant", "to": "wormhole"}])
    assert A.WORMHOLE + 1 not in s.legal_actions()
    s.apply(A.WORMHOLE + 2)
    assert tokens_at(s, 0, "pink 1") == [] and s.worm[0][2] == cell("pink 1")


# UM-EFFECT-3
def test_a_removed_token_gives_nothing() -> None:
    """Removing a Primordial Black Hole token adds no Solar Mass."""
    s = at_actions()
    put(s, 0, {"blue 6": ["primordial"], "pink 3": ["major"]})
    run_steps(s, [{"op": "remove", "token": "any"}])
    s.apply(A.REMOVE + cell("blue 6") * 5 + 2)
    assert tokens_at(s, 0, "blue 6") == [] and (s.sm[0], s.disc[0]) == (0, 4)


# UM-EFFECT-4
@pytest.mark.parametrize(("steps", "space"), [
    ([{"op": "orbit", "n": 1}, {"op": "gain", "token": "blue_giant"}], "blue 1"),
    ([{"op": "gain", "token": "blue_giant"}, {"op": "orbit", "n": 1}], "blue 2"),
])
def test_effects_are_carried_out_in_the_order_written(steps: list, space: str) -> None:
    """Orbit then gain leaves the Blue Giant Star on blue 1; gain then Orbit moves it to blue 2."""
    s = at_actions()
    run_steps(s, steps, BLUE, BLUE)
    assert tokens_at(s, 0, space) == ["blue_giant"]


# UM-EFFECT-4
def test_a_token_with_no_legal_space_is_lost_and_the_rest_still_happens() -> None:
    """Both spaces 1 are full: the Supergiant Star returns to the supply, and the 2 Discovery
    are still gained."""
    s = at_actions()
    full = ["primordial", "primordial"]
    put(s, 0, {"blue 1": full, "pink 1": full})
    run_steps(s, [{"op": "gain", "token": "supergiant"}, {"op": "discovery", "n": 2}])
    assert s.disc[0] == 6
    assert tokens_at(s, 0, "blue 1") == full and tokens_at(s, 0, "pink 1") == full
    assert any(e.kind == "returned" for e in s.events)


# UM-EFFECT-4
def test_nothing_to_pay_or_remove_skips_only_that_effect() -> None:
    """Too little Discovery to pay and no Matter to remove: both do nothing, and the last step
    still happens."""
    s = at_actions()
    s.disc[0] = 2
    run_steps(s, [
        {"op": "pay", "discovery": 3, "optional": False, "then": [{"op": "solar_mass", "n": 9}]},
        {"op": "remove", "token": "matter", "then": [{"op": "solar_mass", "n": 9}]},
        {"op": "solar_mass", "n": 1},
    ])
    assert (s.sm[0], s.disc[0]) == (1, 2)


# UM-EFFECT-5
def test_a_passive_works_in_the_resource_draft_and_without_limit() -> None:
    """Singularity Vortex (Orbit 4): each Orbit gains 1 Solar Mass. Seat 0 drafts Orbit
    twice and Orbit three times and gains 1 Solar Mass for each in the draft, then once more
    for the Orbit of Tidal Drift in the Actions phase."""
    s = new()
    own(s, 0, "orbit_1", "orbit_2a", "orbit_3", "orbit_4")
    s.apply(A.DRAFT + 2)  # seat 0, set 1: Orbit twice
    s.apply(A.DRAFT + 1)  # seat 1, set 1: Primordial Black Hole
    s.apply(A.DRAFT + 0)  # seat 1, set 2: Supergiant Star
    s.apply(A.DRAFT + 1)  # seat 0, set 2: Orbit three times
    assert s.phase == S.GAIN and s.actor == 0
    while s.phase == S.GAIN and s.actor == 0:
        legal = s.legal_actions()
        s.apply(BLUE if BLUE in legal else legal[0])
    assert s.sm[0] == 2
    to_phase(s, S.ACTIONS)
    s.apply(A.USE + TIDAL_DRIFT)
    s.apply(PINK)
    assert s.sm[0] == 3


# UM-EFFECT-6
def test_a_passive_waits_until_the_triggering_action_is_complete() -> None:
    """Ignited Singularity: whenever you Siphon, gain 1 Solar Mass. Tidal Disruption
    Siphons, then Orbits: the Solar Mass comes only after the Orbit."""
    s = at_actions()
    own(s, 0, "siphon_1", "siphon_2b", "siphon_3", "siphon_4")
    card = hold(s, 0, "tidal_disruption")
    s.apply(A.PLAY + card)
    s.apply(A.OPTION + 1)  # Siphon: 1 Discovery
    assert s.sm[0] == 0 and s.legal_actions() == [BLUE, PINK]
    s.apply(BLUE)
    assert s.sm[0] == 0  # the card is not done: its Empowered effect is still offered
    s.apply(A.DECLINE)
    assert s.sm[0] == 1


# UM-EFFECT-6
def test_a_passive_comes_after_the_actions_absorptions_and_expansion() -> None:
    """Singularity Vortex at 19 Solar Mass: Tidal Drift orbits a Blue Giant Star in (21,
    Stellar), and only then does the Passive add its 1 Solar Mass."""
    s = at_actions()
    own(s, 0, "orbit_1", "orbit_2a", "orbit_3", "orbit_4")
    s.sm[0] = 19
    put(s, 0, {"blue 7": ["blue_giant"]})
    since = len(s.events)
    s.apply(A.USE + TIDAL_DRIFT)
    s.apply(BLUE)
    assert kinds(s, since, "absorb", "expand", "solar_mass") == [
        ("absorb", ["blue_giant"]), ("expand", None), ("solar_mass", 1)]
    assert s.sm[0] == 22


# UM-EFFECT-6
@pytest.mark.parametrize(("order", "gains"), [
    (("orbit_3", "orbit_4"), ["discovery", "solar_mass"]),
    (("orbit_4", "orbit_3"), ["solar_mass", "discovery"])])
def test_passives_of_one_trigger_resolve_in_the_order_they_were_gained(
        order: tuple[str, str], gains: list[str]) -> None:
    """Frame Dragging (+1 Discovery) and Singularity Vortex (+1 Solar Mass) both answer an
    Orbit: they resolve in the order the player gained them."""
    s = at_actions()
    own(s, 0, "orbit_1", "orbit_2a", *order)
    since = len(s.events)
    s.apply(A.USE + TIDAL_DRIFT)
    s.apply(BLUE)
    assert [k for k, _ in kinds(s, since, "discovery", "solar_mass")] == gains


# UM-EFFECT-6
def test_a_core_anomaly_gained_first_resolves_its_passive_first() -> None:
    """Content where Beta's Passive is 'whenever you Siphon, gain 1 Discovery'. Seat 0 takes
    Beta on becoming Stellar in Round 1 and discovers Intermittent Combustion in Round 2;
    a Siphon then resolves Beta's Passive first."""
    data = default_content().model_dump(mode="json")
    beta = next(c for c in data["cores"] if c["id"] == "beta")
    beta["passive"] = [{"on": "siphon", "do": [{"op": "discovery", "n": 1}]}]
    combustion = next(a for a in data["anomalies"] if a["id"] == "siphon_2b")
    combustion["passive"] = [{"on": "siphon", "do": [{"op": "solar_mass", "n": 1}]}]
    s = GAME.new_game(players=2, content=data, options={"starting_player": "seat0"})
    while s.phase == S.WORMHOLES:
        s.apply(s.legal_actions()[0])
    to_phase(s, S.ACTIONS)
    own(s, 0, "siphon_1")
    s.cores_drawn[0] = [ALPHA, BETA, 2]
    s.sm[0], s.disc[0] = 19, 1
    s.apply(A.EXCHANGE)  # 20 Solar Mass: Stellar
    s.apply(A.CORE + BETA)
    assert s.cores_owned[0] == [BETA]
    while s.phase != S.DISCOVERY:
        proceed(s)
    s.disc[0] = 4
    while s.actor != 0:
        proceed(s)
    s.apply(A.DISCOVER + 2)  # Intermittent Combustion
    while not (s.phase == S.ACTIONS and s.actor == 0):
        proceed(s)
    since = len(s.events)
    s.apply(A.USE + SIPHON_1)
    s.apply(A.OPTION + 1)
    assert [k for k, _ in kinds(s, since, "discovery", "solar_mass")] == [
        "discovery", "solar_mass", "discovery", "solar_mass"]  # reward, own +1, Beta, IC
