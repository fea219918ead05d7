"""The conveniences the Game and State base classes give every game."""

from __future__ import annotations

import pytest

from ludoverse.core.api import TERMINAL, IllegalAction
from toygames.highcard import DRAW, GAME


def test_player_counts_and_checks() -> None:
    assert list(GAME.player_counts()) == [2, 3]
    assert GAME.check_players(None) == 2 and GAME.check_players(3) == 3
    with pytest.raises(ValueError, match=r"played by 2-3 players, not 4"):
        GAME.check_players(4)


def test_conformance_options_cover_the_default_and_every_preset() -> None:
    assert GAME.conformance_options() == {
        "default": {},
        "short": {"rounds": 1},
        "nodraw": {"draw": False},
    }


def test_mask_log_views_and_terminal() -> None:
    state = GAME.new_game(2, seed=3)
    mask = state.legal_actions_mask()
    assert len(mask) == GAME.num_actions
    assert [a for a, ok in enumerate(mask) if ok] == state.legal_actions()
    assert all(e.visible(0) for e in state.events_for(0))
    assert len(state.events_for(None)) < len(state.events_for(0)) < len(state.events)
    assert repr(state) == "<toy_highcard state, player 0>" and repr(GAME) == "<Game toy_highcard>"
    assert not state.is_terminal()
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.current_player == TERMINAL and state.legal_actions_mask() == [False] * (DRAW + 1)


def test_illegal_action_carries_reason_and_action() -> None:
    exc = IllegalAction("not your turn", 7)
    assert isinstance(exc, ValueError)
    assert (exc.reason, exc.action, str(exc)) == ("not your turn", 7, "not your turn")


def test_default_render_is_json() -> None:
    state = GAME.new_game(2)
    assert '"hand"' in GAME.render(state.observation(0), 0)


def test_new_event_is_an_ordinary_equal_frozen_event() -> None:
    from dataclasses import FrozenInstanceError

    from ludoverse.core.api import Event, new_event

    for vis in (None, frozenset({1})):
        fast = new_event("play", {"seat": 1, "card": "R7"}, vis)
        plain = Event("play", {"seat": 1, "card": "R7"}, vis)
        assert type(fast) is Event
        assert fast == plain and repr(fast) == repr(plain)
        assert fast.to_json() == plain.to_json()
        assert Event.from_json(fast.to_json()) == plain
    with pytest.raises(FrozenInstanceError):
        fast.kind = "other"  # type: ignore[misc]
