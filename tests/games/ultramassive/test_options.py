"""Rule options and presets (docs/rules/ultramassive.md, section 18).

One test per option shows the default reading and the other side by side on the same
position; the rules an option changes are tested in full in the file of that rule. This file
also checks the presets, that bad values are refused with a clear message, and that the rules
document states every option with its real default.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludoverse.core.options import OptionError
from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import state as S
from ludoverse.games.ultramassive.game import GAME
from ludoverse.games.ultramassive.options import PRESETS, UltramassiveOptions

from .builders import at_actions, channel, new, own, put, tokens_at

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "ultramassive.md"
SUPERMASSIVE, ULTRAMASSIVE = 2, 3


# UM-OPT-1
def test_starting_player() -> None:
    """random: any seat, reproducible per seed (default); seat0: always seat 0."""
    randomly = {new(3, seed=k, starting_player="random").start for k in range(12)}
    assert randomly == {0, 1, 2}
    assert {new(3, seed=k, starting_player="seat0").start for k in range(12)} == {0}
    assert UltramassiveOptions().starting_player == "random"
    same = [GAME.new_game(players=4, seed=7).start for _ in range(2)]
    assert same[0] == same[1]


# UM-OPT-2
@pytest.mark.parametrize(("option", "size", "core"), [("track_only", SUPERMASSIVE, False),
                                                       ("third_expansion", ULTRAMASSIVE, True)])
def test_ultramassive_size(option: str, size: int, core: bool) -> None:
    """A Supermassive Black Hole reaches 100 Solar Mass by an exchange: only with the third
    expansion does it grow and discover its third Core Anomaly; the board never changes."""
    s = at_actions(ultramassive_size=option)
    s.size[0], s.sm[0], s.disc[0] = SUPERMASSIVE, 99, 2
    s.cores_owned[0] = list(s.cores_drawn[0][:2])
    put(s, 0, {"blue 5": ["supergiant"]})
    s.apply(A.EXCHANGE)
    assert s.sm[0] == 100 and s.size[0] == size
    assert len(s.cores_owned[0]) == (3 if core else 2)
    assert tokens_at(s, 0, "blue 5") == ["supergiant"]
    assert s.observation(1)["players_view"][0]["size"] == (
        "ULTRAMASSIVE" if core else "Supermassive")
    assert UltramassiveOptions().ultramassive_size == "track_only"


# UM-OPT-3
@pytest.mark.parametrize("advanced", [False, True])
def test_advanced_draft(advanced: bool) -> None:
    """false: the basic layout (default); true: two Draft tokens."""
    s = new(2, advanced_draft=advanced)
    basic = [*s.rules.basic_sets[0], *s.rules.basic_sets[1]]
    assert (s.draft_sets == basic) is not advanced
    assert len(s.tokens_in_play) == (2 if advanced else 0)
    assert UltramassiveOptions().advanced_draft is False


# UM-OPT-4
@pytest.mark.parametrize(("difficulty", "dealt", "goal"), [("normal", 3, (3, 80)),
                                                           ("hard", 5, (5, 100))])
def test_solo_difficulty(difficulty: str, dealt: int, goal: tuple[int, int]) -> None:
    """normal: 3 Challenges and 80 Solar Mass (default); hard: 5 and 100."""
    s = new(1, solo_difficulty=difficulty)
    assert len(s.challenges) == dealt
    shown = s.observation(0)["solo"]
    assert (shown["goal"]["challenges"], shown["goal"]["solar_mass"]) == goal
    assert UltramassiveOptions().solo_difficulty == "normal"


# UM-OPT-4
def test_solo_difficulty_changes_nothing_with_two_players() -> None:
    """Outside Solo Mode the two difficulties give the same game."""
    normal = new(2, seed=5, solo_difficulty="normal").to_json()
    hard = new(2, seed=5, solo_difficulty="hard").to_json()
    assert normal.pop("options") != hard.pop("options")
    assert normal == hard and normal["challenges"] == []


# UM-OPT-5
@pytest.mark.parametrize("auto", [True, False])
def test_auto_forced(auto: bool) -> None:
    """Blue 1 is full, so Accretion Disk's Blue Giant Star can only go to pink 1."""
    s = at_actions(auto_forced=auto)
    own(s, 0, "matter_1")
    put(s, 0, {"blue 1": ["primordial", "primordial"]})
    s.apply(A.USE + 5)
    if auto:
        assert tokens_at(s, 0, "pink 1") == ["blue_giant"] and not s.stack
    else:
        assert s.legal_actions() == [channel("pink")] and tokens_at(s, 0, "pink 1") == []
        s.apply(channel("pink"))
        assert tokens_at(s, 0, "pink 1") == ["blue_giant"]
    assert UltramassiveOptions().auto_forced is True


# UM-OPT-5
def test_without_auto_forced_every_decision_is_asked() -> None:
    """After using Tidal Drift, seat 0 has nothing left to do but end its Actions phase;
    only without auto_forced is it asked to."""
    for auto, asked in ((True, False), (False, True)):
        s = at_actions(auto_forced=auto)
        own(s, 0, "orbit_1")
        s.hands[0], s.disc[0], s.worm_open[0] = [], 0, [False] * 4
        s.apply(A.USE + 10)
        s.apply(channel("blue"))
        assert (s.actor == 0 and s.phase == S.ACTIONS) is asked


# UM-OPT-3, UM-OPT-4
def test_presets() -> None:
    """basic, advanced and solo_hard, with explicit options overriding a preset."""
    assert PRESETS == {"basic": {}, "advanced": {"advanced_draft": True},
                       "solo_hard": {"solo_difficulty": "hard"}}
    assert GAME.make_options({"preset": "basic"}) == UltramassiveOptions()
    assert GAME.new_game(players=2, options={"preset": "advanced"}).opts.advanced_draft
    hard = GAME.new_game(players=1, options={"preset": "solo_hard", "auto_forced": False})
    assert hard.opts.solo_difficulty == "hard" and hard.opts.auto_forced is False
    assert len(hard.challenges) == 5


@pytest.mark.parametrize(("options", "message"), [
    ({"preset": "expert"}, "no preset 'expert'"),
    ({"draft_tokens": True}, "no option 'draft_tokens'"),
    ({"solo_difficulty": "brutal"}, "option solo_difficulty"),
    ({"ultramassive_size": "yes"}, "option ultramassive_size"),
])
def test_bad_options_are_refused_clearly(options: dict[str, object], message: str) -> None:
    """An unknown preset, option or value names what is wrong."""
    with pytest.raises(OptionError, match=re.escape(message)):
        GAME.new_game(players=2, options=options)


# UM-OPT-1, UM-OPT-2, UM-OPT-3, UM-OPT-4, UM-OPT-5
def test_the_rules_document_states_every_default() -> None:
    """Each option's default in the options model is the one the rules page marks (default)."""
    text = DOC.read_text(encoding="utf-8")
    for name, field in UltramassiveOptions.model_fields.items():
        default = str(field.default).lower()
        assert f"`{name}={default}` (default)" in text, name
