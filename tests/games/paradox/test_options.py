"""Rule options and presets (docs/rules/paradox.md, section 16).

One test per option shows the default reading and the other reading(s) side by side, on the
same position; the rules each option changes are tested in full in the file of that rule.
This file also checks the presets, that bad values are refused with a clear message, and that
the rules document states every option with its real default.
"""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

from ludoverse.core.options import OptionError
from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox.game import GAME
from ludoverse.games.paradox.options import PRESETS, ParadoxOptions
from ludoverse.games.paradox.state import ALLOCATE, DRAFT, MATRIX

from .builders import (
    ROW_AND_DIAGONAL_FREE,
    card,
    draw_purples,
    end,
    fracture,
    give,
    level_phase,
    mat_card,
    matrix_phase,
    names,
    new,
    on_top,
    one_swap_strand,
    park_purples,
    pending_colours,
    set_anomaly,
    set_matrix,
    shield,
    swap,
    take,
    to_mat,
    to_score,
    to_wormhole,
)

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "paradox.md"
WORLD_NAMES = [w.name for w in GAME.default_content().worlds]


def strand(s, colour: str, length: int = 4, seat: int = 0) -> None:
    set_matrix(s, seat, *one_swap_strand(colour, length))
    swap(s, "r5c3", "r4c3")


# PX-OPT-1
def test_research_goals() -> None:
    full, training = new(2), new(2, research_goals=False)
    assert len(full.goals) == 3 and training.goals == []
    for s in (full, training):
        to_score(s, 0, "Alphoria Past", "Alphoria Present")
        fracture(s, "Alphoria")
        end(s)
    assert full.score[0] == [] and names(training.score[0]) == ["Alphoria Present"]


# PX-OPT-2
@pytest.mark.parametrize(("choice", "kinds"), [
    ("breakthrough", {"breakthrough"}), ("flare", {"flare"}),
    ("parallel_universe", {"parallel_universe"}),
    ("mad_scientist", {"breakthrough", "flare", "parallel_universe"})])
def test_deck_scenario(choice: str, kinds: set[str]) -> None:
    seen = set()
    for seed in range(6):
        s = new(3, seed=seed, deck_scenario=choice)
        seen |= {K.kind(c) for c in [*s.deck, *s.stable, *s.unstable, *s.hand]
                 if c >= K.BREAKTHROUGH}
    assert seen == kinds
    none = new(3, preset="training", deck_scenario="none")
    assert all(c < K.BREAKTHROUGH for c in [*none.deck, *none.stable, *none.unstable])
    with pytest.raises(OptionError, match="deck_scenario=none is only for a Training Mission"):
        new(3, deck_scenario="none")


# PX-OPT-3
@pytest.mark.parametrize(("choice", "purple"), [("none", 0), ("maelstrom", 5), ("matrix", 5)])
def test_triggered_scenario(choice: str, purple: int) -> None:
    s = new(3, triggered_scenario=choice)
    assert s.bag.count(G.PURPLE) + s.purple_aside == purple


# PX-OPT-4
@pytest.mark.parametrize(("alliances", "offered"), [(False, False), (True, True)])
def test_alliances(alliances: bool, offered: bool) -> None:
    s = new(2, alliances=alliances, auto_forced=False)
    matrix_phase(s, 0)
    strand(s, "R")
    assert (A.ALLOC_ALLIANCE in s.legal_actions()) is offered


# PX-OPT-5
def test_take_your_child_to_work() -> None:
    assert sorted(w for w in new(2).world_at if w >= 0) == list(range(15))
    assert set(new(2, preset="child_to_work").world_at) == {-1}
    with pytest.raises(OptionError, match="use preset=child_to_work"):
        new(2, take_your_child_to_work=True)
    assert new(2, take_your_child_to_work=True, research_goals=False).world_at.count(-1) == 15


# PX-OPT-6
@pytest.mark.parametrize(("mode", "then"), [("sequential", (DRAFT, 0)),
                                            ("speed_variant", (MATRIX, 1))])
def test_phase_mode(mode: str, then: tuple[int, int]) -> None:
    s = new(2, phase_mode=mode, auto_forced=False)
    s.apply(A.DRAFT + 0)  # seat 1's pick
    assert (s.phase, s.current_player) == then


# PX-OPT-7
@pytest.mark.parametrize(("where", "space", "turns"), [
    ("present", K.PRESENT, 3), ("past", K.PAST, 4), ("future", K.FUTURE, 2),
    ("danger", K.DANGER, 1)])
def test_nexus_start_space(where: str, space: int, turns: int) -> None:
    s = new(2, nexus_start_space=where, auto_forced=False)
    to_wormhole(s, 0, "Alphoria Nexus")
    s.apply(A.DRAFT + 0)
    nexus = mat_card(s, 1, "Alphoria Nexus")
    assert nexus.space == space and s.locks[1][2] == card("Alphoria Nexus")
    phases = 0
    while nexus in s.mats[1]:
        matrix_phase(s, 1)
        s.apply(A.END_PHASE)
        phases += 1
    assert phases == turns and s.locks[1][2] == -1


# PX-OPT-8
@pytest.mark.parametrize(("effect", "blocked"), [("block_anomaly", True), ("none", False)])
def test_nebula_effect(effect: str, blocked: bool) -> None:
    s = new(2, nebula_effect=effect, auto_forced=False)
    set_anomaly(s, "Rh Ys Br")
    if card("Nebula 1") not in s.nebulas:  # a Nebula lies on the Anomaly this turn
        s.nebulas.append(take(s, card("Nebula 1")))
    matrix_phase(s, 0)
    anomaly_swaps = [a for a in s.legal_actions() if A.SWAP_ANOMALY <= a < A.RESOLVE]
    assert (anomaly_swaps == []) is blocked
    assert s.observation(0)["anomaly_blocked"] is blocked


# PX-OPT-9
@pytest.mark.parametrize(("reading", "on_elysium"), [("wild_on_past", True),
                                                     ("printed_only", False)])
def test_black_white_on_past(reading: str, on_elysium: bool) -> None:
    s = new(2, black_white_on_past=reading, auto_forced=False)
    to_mat(s, 0, "Elysium Past")  # 2 yellow: no black printed
    to_mat(s, 0, "Alphoria Past")  # 1 red + 1 black
    matrix_phase(s, 0)
    strand(s, "K")
    legal = s.legal_actions()
    assert (A.ALLOC_CARD + card("Elysium Past") in legal) is on_elysium
    assert A.ALLOC_CARD + card("Alphoria Past") in legal  # printed black fits either way


# PX-OPT-10
@pytest.mark.parametrize(("progression", "first"), [("rotate_then_apply", 2),
                                                    ("apply_then_rotate", 1)])
def test_matrix_scenario_progression(progression: str, first: int) -> None:
    s = new(2, triggered_scenario="matrix", matrix_scenario_progression=progression,
            auto_forced=False)
    matrix_phase(s, 0)
    draw_purples(s, 0, 3, "Breakthrough 1")
    assert s.level == first
    assert sorted(s.observation(0)["strand_shapes"]) == (
        ["box"] if first == 2 else ["column", "row"])


# PX-OPT-11
@pytest.mark.parametrize(("mode", "earned"), [("replace", []), ("add", ["red"])])
def test_matrix_scenario_mode(mode: str, earned: list[str]) -> None:
    s = level_phase(2, ROW_AND_DIAGONAL_FREE, mode)  # Boxes in force; a row of four is made
    swap(s, "r5c3", "r2c4")
    assert pending_colours(s) == earned


# PX-OPT-12
@pytest.mark.parametrize(("reading", "maelstrom"), [("fizzle", False), ("redraw", True)])
def test_maelstrom_non_timeline(reading: str, maelstrom: bool) -> None:
    s = new(2, triggered_scenario="maelstrom", maelstrom_non_timeline=reading,
            auto_forced=False)
    park_purples(s, 1)
    on_top(s, "Null Beta Nexus", "Flare 2", "Parallel Universe 2")
    matrix_phase(s, 0)
    draw_purples(s, 0, 3, "Breakthrough 1")
    assert (s.maelstrom >= 0) is maelstrom
    turned = names(s.discard)
    assert turned == (["Parallel Universe 2", "Flare 2"] if maelstrom else
                      ["Parallel Universe 2"])
    if maelstrom:
        assert s.maelstrom_card == card("Null Beta Nexus")


# PX-OPT-13
@pytest.mark.parametrize(("supply", "allowed"), [("finite_15", False), ("unlimited", True)])
def test_shield_supply(supply: str, allowed: bool) -> None:
    s = new(2, shield_supply=supply, auto_forced=False)
    shield(s, 1, *WORLD_NAMES[1:])  # 14 World shields ...
    to_mat(s, 1, "Elysium Nexus")  # ... and a Nexus lock: all 15 tokens in use
    to_wormhole(s, 0, "Alphoria Nexus")
    assert (A.DRAFT + 0 in s.legal_actions()) is allowed
    matrix_phase(s, 0)
    strand(s, "K")
    assert (A.ALLOC_WORLD + 0 in s.legal_actions()) is allowed  # Alphoria is unshielded


# PX-OPT-14
def test_first_chief_scientist() -> None:
    drawn = {GAME.new_game(3, seed=k).cs for k in range(20)}
    assert drawn == {0, 1, 2}
    assert {GAME.new_game(3, seed=k, options={"first_chief_scientist": "seat0"}).cs
            for k in range(20)} == {0}


def locked_rows() -> tuple[str, ...]:
    """Symbols run (row + column) mod 3 and each colour keeps one symbol, so no line can ever
    be filled with one colour (the hand-built board of test_locked_board.py)."""
    rows = []
    for r in range(5):
        row = []
        for c in range(5):
            sym = (r + c) % 3
            even = (r + c) % 2 == 0
            colour = ("R" if even else "K", "Y" if even else "W", "B")[sym]
            row.append(colour + "hsr"[sym])
        rows.append(" ".join(row))
    return tuple(rows)


# PX-OPT-15
@pytest.mark.parametrize(("reset", "offered"), [("auto_check", True), ("off", False)])
def test_locked_board_reset(reset: str, offered: bool) -> None:
    s = new(4, locked_board_reset=reset, auto_forced=False)
    set_matrix(s, 0, *locked_rows())
    set_anomaly(s, "Kh Ws Br")
    matrix_phase(s, 0)
    assert (A.REBUILD in s.legal_actions()) is offered
    assert s.observation(0)["locked_board"] is offered


# PX-OPT-16, PX-OPT-17, PX-OPT-18, PX-OPT-19
@pytest.mark.parametrize(("option", "default", "kind"), [
    ("breakthrough_cards", 5, "breakthrough"), ("flare_cards", 6, "flare"),
    ("parallel_universe_cards", 5, "parallel_universe"), ("maelstrom_cards", 5, None)])
def test_scenario_card_counts(option: str, default: int, kind: str | None) -> None:
    assert getattr(ParadoxOptions(), option) == default

    def count(**options: object) -> int:
        s = new(2, triggered_scenario="maelstrom", **options)
        if kind is None:
            return len(s.maelstrom_deck)
        box = [*s.deck, *s.stable, *s.unstable, *s.gone]
        return sum(1 for c in box if K.kind(c) == kind)

    assert count() == default and count(**{option: 2}) == 2
    for bad in (0, default + 1):
        with pytest.raises(OptionError, match=f"option {option}"):
            GAME.make_options({option: bad})


# PX-OPT-20
@pytest.mark.parametrize(("auto", "asked"), [(True, False), (False, True)])
def test_auto_forced(auto: bool, asked: bool) -> None:
    # A red resource with nowhere to go can only be let go.
    s = new(2, auto_forced=auto)
    matrix_phase(s, 0)
    strand(s, "R")
    assert (s.phase == ALLOCATE) is asked
    if asked:
        assert s.legal_actions() == [A.ALLOC_LOSE]
        give(s, "lose")
    assert s.phase == MATRIX and s.actions_left == 1


# ---------------------------------------------------------------------------------------------
# Presets, refusals and the rules document


# PX-OPT-1, PX-OPT-2, PX-OPT-5
def test_presets() -> None:
    assert GAME.make_options({"preset": "rulebook"}) == ParadoxOptions()
    assert GAME.make_options({"preset": "training"}) == ParadoxOptions(research_goals=False)
    child = GAME.make_options({"preset": "child_to_work"})
    assert (child.research_goals, child.take_your_child_to_work) == (False, True)
    assert GAME.make_options({"preset": "mad_scientist"}).deck_scenario == "mad_scientist"
    mixed = GAME.make_options({"preset": "training", "deck_scenario": "flare"})
    assert (mixed.research_goals, mixed.deck_scenario) == (False, "flare")
    assert set(PRESETS) == {"rulebook", "training", "child_to_work", "mad_scientist"}


# PX-OPT-2, PX-OPT-7
def test_unknown_presets_options_and_values_are_refused_by_name() -> None:
    with pytest.raises(OptionError, match="no preset 'expert'"):
        GAME.make_options({"preset": "expert"})
    with pytest.raises(OptionError, match="no option 'quake_track'"):
        GAME.make_options({"quake_track": "long"})
    with pytest.raises(OptionError, match="option nexus_start_space"):
        GAME.make_options({"nexus_start_space": "nowhere"})


def option_rows() -> dict[str, str]:
    """PX-OPT rows of the rules document, by the option named in their Option column."""
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("| PX-OPT-"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows[cells[2].strip("`")] = cells[1]
    return rows


# PX-OPT-1, PX-OPT-20
def test_the_rules_document_states_every_option_and_its_default() -> None:
    rows = option_rows()
    assert set(rows) == set(ParadoxOptions.model_fields)
    for name, field in ParadoxOptions.model_fields.items():
        text, default = rows[name], field.default
        assert field.description and len(field.description) > 20, name
        if isinstance(default, bool):
            assert f"`{name}={str(default).lower()}` (default" in text, name
            assert f"`{str(not default).lower()}`" in text, name
        elif isinstance(default, int):
            assert f"`{name}` (default {default}," in text, name
        else:
            assert f"`{name}={default}` (default" in text, name
            for value in typing.get_args(field.annotation):
                assert re.search(rf"`({name}=)?{value}`", text), (name, value)
