"""Rule options (docs/rules/universal_rule.md, section 15): defaults are the rulebook's
reading, and the two rules that options change most often are computed in one place."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from ludoverse.games.universal_rule.options import UniversalRuleOptions


# UR-OPT-3
@pytest.mark.parametrize(("players", "vp"), [(3, 15), (4, 13), (5, 11)])
def test_the_vp_to_win_depends_on_the_player_count(players: int, vp: int) -> None:
    assert UniversalRuleOptions().target_vp(players) == vp
    assert UniversalRuleOptions(win_vp="flat_15").target_vp(players) == 15


# UR-OPT-4
@pytest.mark.parametrize(("limit", "planets", "cap"), [
    ("per_planet_capped_25", 0, 5), ("per_planet_capped_25", 1, 5),
    ("per_planet_capped_25", 3, 15), ("per_planet_capped_25", 7, 25),
    ("per_planet", 7, 35), ("hard_25", 0, 25)])
def test_the_credit_limit(limit: str, planets: int, cap: int) -> None:
    """5 per planet in play, 5 with none, and (by default) never above 25."""
    assert UniversalRuleOptions(credit_limit=limit).credit_cap(planets) == cap


# UR-OPT-1, UR-OPT-2, UR-OPT-5, UR-OPT-6, UR-OPT-7, UR-OPT-8, UR-OPT-9, UR-OPT-10
def test_defaults_are_the_rulebook_reading() -> None:
    o = UniversalRuleOptions()
    assert (o.attack_idle_credit, o.produce_follow_no_planets, o.fleet_value,
            o.edge_award_measure, o.sneak_attack, o.edge_of_war, o.first_player,
            o.auto_forced) == (False, "zero", "winged_icon", "sum_values", "designed", False,
                               "random", True)


def test_a_bad_value_is_refused() -> None:
    with pytest.raises(ValidationError, match="credit_limit"):
        UniversalRuleOptions(credit_limit="unlimited")


# UR-OPT-11
def test_by_default_there_is_no_round_limit_and_studies_may_set_one() -> None:
    assert UniversalRuleOptions().round_limit == 0
    assert UniversalRuleOptions(round_limit=100).round_limit == 100
    with pytest.raises(ValidationError, match="round_limit"):
        UniversalRuleOptions(round_limit=-1)
