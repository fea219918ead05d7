"""Rule options and presets (docs/rules/ultia.md, section 11).

The behaviour of each option is tested next to the rule it changes; this file checks the
option set itself, the presets, the automatic play of forced moves, and that the rules
document lists every option with its real default.
"""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

from ludoverse.core.options import OptionError, describe_options
from ludoverse.games.ultia import GAME
from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia.options import PRESETS, UltiaOptions
from ludoverse.games.ultia.phases import CHOOSE, PLAY

from .helpers import bid, exploration_state, new_round, pass_bid, play, play_id

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "ultia.md"

# 9 tricks' worth of cards each; the 10th trick is then forced for everybody.
DEAL = [
    "D1 D2 D3 S1 S2 S3 P1 P2 B1 B2",
    "D4 D5 D6 S4 S5 S6 P3 P4 B3 B4",
    "D7 D8 S7 S8 P5 P6 P7 B5 B6 B7",
]


# UL-OPT-13, UL-BID-8
def test_a_forced_pass_is_made_automatically_by_default() -> None:
    s = new_round(dealer=0)
    bid(s, "survey")
    pass_bid(s)
    pass_bid(s)  # seat 0 could only pass: it happens by itself and the bidding ends
    assert s.main == 0 and [e[1] for e in s.bid_log] == ["declare", "pass", "pass", "pass"]
    t = new_round(dealer=0, auto_forced=False)
    bid(t, "survey")
    pass_bid(t)
    pass_bid(t)
    assert (t.phase, t.current_player, t.legal_actions()) == (CHOOSE, 0, [A.PASS])


# UL-OPT-13, UL-KNOW-1
def test_a_card_forced_only_by_a_hidden_hand_is_still_asked_for() -> None:
    s = exploration_state(["S4 D1", "S5 B3", "S6 S7"], main=0, trump="D", auto_forced=True)
    play(s, "S4")
    # Seat 1 must follow with its only Scanner, but nobody else knows it has just one: if
    # the engine played it by itself, everyone would learn that. So seat 1 is asked, and
    # sees a single button.
    assert s.current_player == 1 and s.legal_actions() == [play_id("S5")]
    play(s, "S5")
    assert s.current_player == 2 and len(s.legal_actions()) == 2


# UL-OPT-13
def test_the_last_trick_plays_itself_by_default() -> None:
    s = exploration_state(DEAL, main=0, trump="D", auto_forced=True)
    while s.trick_no < 9:
        s.apply(min(s.legal_actions()))
        if s.round == 2:
            break
    # Once every player holds a single card, nobody has a choice: the year ends at once.
    assert s.round == 2 and len(s.round_results) == 1


# UL-OPT-14
def test_the_defaults_are_the_rulebook_preset() -> None:
    assert PRESETS["rulebook"] == {}
    assert GAME.make_options({"preset": "rulebook"}) == UltiaOptions()


# UL-OPT-14
def test_the_japanese_preset_follows_the_japanese_sources() -> None:
    o = GAME.make_options({"preset": "japanese"})
    assert (o.must_win, o.void_play, o.pass_mode, o.bidding_end) == (
        True, "must_ruff_overruff", "hard", "two_passes")
    assert o.overwork == "off" and o.dealer_rotation == "right"  # the rest stays as printed
    with_overwork = GAME.make_options({"preset": "japanese", "overwork": "on"})
    assert with_overwork.overwork == "on" and with_overwork.must_win is True


# UL-OPT-14
def test_unknown_presets_options_and_values_are_refused_by_name() -> None:
    with pytest.raises(OptionError, match="no preset 'german'"):
        GAME.make_options({"preset": "german"})
    with pytest.raises(OptionError, match="no option 'trump_first'"):
        GAME.make_options({"trump_first": True})
    with pytest.raises(OptionError, match="option void_play"):
        GAME.make_options({"void_play": "sometimes"})


# UL-OPT-14
def test_every_option_explains_itself() -> None:
    rows = describe_options(GAME)
    assert {r["name"] for r in rows} == set(UltiaOptions.model_fields)
    for name, field in UltiaOptions.model_fields.items():
        assert field.description and len(field.description) > 20, name


def documented_options() -> dict[str, tuple[str, set[str]]]:
    """Rows of the options table in the rules document: name -> (default, all values)."""
    rows = {}
    for line in DOC.read_text().splitlines():
        m = re.match(r"\|\s*`(\w+)`\s*\|\s*`([^`]+)`\s*\|\s*([^|]+)\|", line)
        if m:
            values = set(re.findall(r"`([^`]+)`", m.group(3))) | {m.group(2)}
            rows[m.group(1)] = (m.group(2), values)
    return rows


# UL-OPT-14
def test_the_rules_document_lists_every_option_with_its_default() -> None:
    rows = documented_options()
    assert set(rows) == set(UltiaOptions.model_fields)
    for name, field in UltiaOptions.model_fields.items():
        default, values = rows[name]
        shown = str(field.default).lower() if isinstance(field.default, bool) else field.default
        assert default == shown, f"{name}: the document says {default}, the code {shown}"
        choices = typing.get_args(field.annotation) or (True, False)
        assert values == {str(c).lower() if isinstance(c, bool) else c for c in choices}, name


# UL-OPT-14
def test_the_options_reach_the_game() -> None:
    s = new_round(dealer=0, preset="japanese")
    assert s.opts.pass_mode == "hard"
    t = exploration_state(DEAL, main=0, trump="D", preset="japanese")
    assert t.phase == PLAY and t.opts.must_win
