"""The conformance checks that hold for every game: play, clone, JSON, replay, refusals."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ludoverse.core.api import Game, IllegalAction, State
from ludoverse.core.conformance.support import (
    Case,
    ConformanceError,
    Snap,
    Tracker,
    assert_json_safe,
    expect_unchanged,
    first_difference,
    illegal_ids,
    live_data,
    play_random,
    random_moves,
    sample_points,
    snap,
    walk,
)
from ludoverse.core.records import GameRecord, Recorder, replay, replay_iter


def random_actions(case: Case) -> list[int]:
    """The moves of the case's random game, unchecked (to revisit its positions cheaply)."""
    return play_random(case, checked=False)


def check_random_game(case: Case) -> list[int]:
    """Random legal play reaches the end, every per-position bar holding at every step.

    Returns the moves, which are exactly :func:`random_actions` (same seed, same choices).
    """
    return play_random(case, checked=True)


def check_setup(case: Case) -> None:
    """``new_game`` is a pure function of its arguments and refuses impossible player counts."""
    with Tracker(case) as t:
        expect_unchanged(t, case.new_state(), snap(t, case.new_state()),
                         "two new games with the same seed differ")
        g = case.game
        for bad in (g.min_players - 1, g.max_players + 1):
            t.doing = f"new_game(players={bad})"
            try:
                g.new_game(bad, case.seed, dict(case.options))
            except ValueError:
                continue
            t.fail(f"new_game(players={bad}) was accepted, not {g.min_players}-{g.max_players}")


def check_action_space(game: Game) -> None:
    """Every action id has a JSON-safe ``action_info`` dict with a ``kind``."""
    n = game.num_actions
    if type(n) is not int or n <= 0:
        raise ConformanceError(f"{game.name}: num_actions is {n!r}")
    for a in range(n):
        info = game.action_info(a)
        if not isinstance(info, dict) or not isinstance(info.get("kind"), str):
            raise ConformanceError(f"{game.name}: action_info({a}) = {info!r} has no str 'kind'")
        assert_json_safe(info, f"{game.name}: action_info({a})")


def check_clone_independence(
    case: Case, actions: Sequence[int] | None = None, points: int = 4, horizon: int = 6
) -> None:
    """A clone equals its original, and moving either one never changes the other.

    Two clones given the same moves must stay equal, which shows the RNG travels with a clone.
    The clones made on the way are re-examined at every later point and at the end, after
    the original has moved on.
    """
    actions = random_actions(case) if actions is None else actions
    with Tracker(case) as t:
        rng = case.rng(2)
        steps = sorted({*sample_points(case, len(actions), points, 2, False), len(actions)})
        alive: list[tuple[State, Snap, int | None]] = []
        for state in walk(t, actions, steps):
            for c, c_snap, made in alive:
                expect_unchanged(t, c, c_snap, f"moving the original changed its step-{made} clone")
            before = snap(t, state)
            legal = state.legal_actions()
            t.doing = "clone()"
            c, twin = state.clone(), state.clone()
            if c is state:
                t.fail("clone() returned the original itself")
            expect_unchanged(t, c, before, "clone() is not an equal copy")
            if (c.current_player, c.legal_actions()) != (state.current_player, legal):
                t.fail("a clone has other legal actions or another player to move")
            moves = random_moves(t, c, rng, horizon)
            expect_unchanged(t, state, before, f"playing {moves} on a clone changed the original")
            for a in moves:
                t.doing = f"apply({a}) to a second clone"
                twin.apply(a)
            c_snap = snap(t, c)
            expect_unchanged(t, twin, c_snap, f"two clones given the same moves {moves} differ")
            alive.append((c, c_snap, t.step))


def same_state(t: Tracker, a: State, b: State, what: str) -> None:
    """``b`` cannot be told from ``a`` through the API: JSON, moves, views, log, outcome."""
    expect_unchanged(t, b, snap(t, a), f"{what} has another to_json()")
    if a.current_player != b.current_player or a.legal_actions() != b.legal_actions():
        t.fail(f"{what} has another player to move or other legal actions")
    for p in [*range(t.case.players), None]:
        t.doing = f"observation({p})"
        if (oa := a.observation(p)) != (ob := b.observation(p)):
            t.fail(f"{what} shows seat {p} something else: {first_difference(oa, ob)}")
    if [e.to_json() for e in a.events] != [e.to_json() for e in b.events]:
        t.fail(f"{what} has another event log")
    if a.is_terminal() and a.outcome() != b.outcome():
        t.fail(f"{what} has another outcome: {a.outcome()} != {b.outcome()}")


def check_json_roundtrip(case: Case, actions: Sequence[int] | None = None, points: int = 3) -> None:
    """``state_from_json(to_json())`` is the same state, and stays so as both play on.

    The rebuilt copies follow the game's own moves to the end, so a missing RNG (or any state
    that only matters later) shows up as a divergence. Loading must not adopt the input dict.
    """
    actions = random_actions(case) if actions is None else actions
    with Tracker(case) as t:
        steps = set(sample_points(case, len(actions), points, 3, True))
        state = case.new_state()
        copies: list[tuple[State, int, dict[str, Any], str]] = []
        for step in range(len(actions) + 1):
            t.step = step
            if step in steps:
                t.doing = "to_json()"
                raw = state.to_json()
                assert_json_safe(raw, f"{t.where()}: to_json()")
                text = json.dumps(raw)
                data = json.loads(text)
                t.doing = "state_from_json()"
                copy = case.game.state_from_json(data)
                same_state(t, state, copy, "a state rebuilt from its JSON")
                copies.append((copy, step, data, text))
            legal = state.legal_actions() if copies else []
            for copy, made, _, _ in copies:
                if copy.legal_actions() != legal:
                    t.fail(f"a state rebuilt from JSON at step {made} diverged after the same "
                           "moves (is all of the state, e.g. the RNG, in to_json()?)")
            if step == len(actions):
                break
            t.doing = f"apply({actions[step]})"
            state.apply(actions[step])
            for copy, _, _, _ in copies:
                copy.apply(actions[step])
        for copy, made, data, text in copies:
            same_state(t, state, copy, f"a state rebuilt from JSON at step {made}, played on,")
            if json.dumps(data) != text:
                t.fail(f"state_from_json() keeps and changes its input (loaded at step {made})")


def check_replay(case: Case, directory: str | Path, points: int = 12) -> None:
    """A :class:`Recorder` record replays every state bit for bit, also after a trip to disk.

    The record of a random game is written and read back; its replay then runs in lockstep
    with a second recording of the same moves, comparing ``to_json()`` at every step. The
    game must be registered under ``game.name``: replay finds games through the registry.
    """
    with Tracker(case) as t:
        rec = Recorder(case.game, case.players, case.seed, dict(case.options))
        rng = case.rng(0)
        while not rec.state.is_terminal():
            t.step = len(rec.record.actions)
            if t.step >= case.max_decisions:
                t.fail(f"no end after {case.max_decisions} decisions")
            a = rng.choice(rec.state.legal_actions())
            t.doing = f"Recorder.apply({a})"
            rec.apply(a)
        out = rec.state.outcome()
        if rec.record.outcome != (None if out is None else out.to_json()):
            t.fail("the record's outcome is not the game's outcome")
        path = Path(directory) / f"{case.game.name}-{case.players}-{case.label}-{case.seed}.json"
        t.step, t.doing = None, f"writing and reading {path}"
        rec.record.write(path)
        back = GameRecord.read(path)
        if back != rec.record:
            t.fail(f"the record read back from {path} differs from the one written")
        # Compared at sampled steps and the end first (a divergence persists, and comparing
        # every step costs the square of the game's length); only a mismatch pays for the
        # step-by-step scan that names the first step where the replay goes astray.
        checked = {0, *sample_points(case, len(back.actions), points, 5, True), len(back.actions)}
        if not _replay_matches(t, back, path, checked):
            _replay_matches(t, back, path, None)
            t.step = None
            t.fail("replay differs from the recorded game at a sampled step, but at no step "
                   "when replayed again: replay is not deterministic")
        t.step, t.doing = None, "replay(record)"
        expect_unchanged(t, replay(rec.record), snap(t, rec.state), "replay() ends elsewhere")


def _replay_matches(t: Tracker, record: GameRecord, path: Path, steps: set[int] | None) -> bool:
    """Replay ``record`` beside a fresh recording of its moves, comparing states at ``steps``
    (every step if ``None``, failing at the first difference)."""
    again = Recorder(t.case.game, t.case.players, t.case.seed, dict(t.case.options))
    for n, (_, state) in enumerate(replay_iter(record)):
        t.step, t.doing = n, f"replaying the record read from {path}"
        if n:
            again.apply(record.actions[n - 1])
        if steps is not None and n not in steps:
            continue
        if (real := again.state.to_json()) != (copy := state.to_json()):
            if steps is not None:
                return False
            t.fail(f"replay differs from the recorded game: {first_difference(real, copy)}")
    return True


def check_illegal_actions(
    case: Case, actions: Sequence[int] | None = None, points: int = 4, per_point: int = 6
) -> None:
    """Illegal ids, out-of-range ids and non-ids raise IllegalAction, with a reason, changing
    nothing. The end of the game is always one of the positions (everything is illegal there).
    """
    actions = random_actions(case) if actions is None else actions
    with Tracker(case) as t:
        rng = case.rng(6)
        n = case.game.num_actions
        steps = sorted({*sample_points(case, len(actions), points, 6, False), len(actions)})
        for state in walk(t, actions, steps):
            before = snap(t, state)
            for a in illegal_ids(rng, state.legal_actions(), n, per_point):
                t.doing = f"apply({a!r}) (illegal)"
                try:
                    state.apply(a)
                except IllegalAction as exc:
                    if not isinstance(exc.reason, str) or not exc.reason.strip():
                        t.fail(f"IllegalAction for {a!r} has no reason: {exc.reason!r}")
                except Exception as exc:
                    t.fail(f"apply({a!r}) raised {type(exc).__name__}, not IllegalAction: {exc}")
                else:
                    t.fail(f"apply({a!r}) accepted an illegal action")
                expect_unchanged(t, state, before, f"refusing {a!r} changed the state")


def check_json_safe(case: Case, actions: Sequence[int] | None = None, points: int = 3) -> None:
    """Observations, events, to_json, labels and action infos are JSON-safe at sampled positions;
    events are visible only to real seats and every legal move has a label for every viewer."""
    actions = random_actions(case) if actions is None else actions
    with Tracker(case) as t:
        seen_events = 0
        for state in walk(t, actions, sample_points(case, len(actions), points, 7, True)):
            for p in [*range(case.players), None]:
                t.doing = f"observation({p})"
                obs = state.observation(p)
                if not isinstance(obs, dict):
                    t.fail(f"observation({p}) is a {type(obs).__name__}, not a dict")
                assert_json_safe(obs, f"{t.where()}: observation({p})")
            t.doing = "to_json()"
            assert_json_safe(state.to_json(), f"{t.where()}: to_json()")
            for i, e in enumerate(state.events[seen_events:], seen_events):
                assert_json_safe(e.to_json(), f"{t.where()}: events[{i}] ({e.kind})")
                if e.visible_to is not None and not e.visible_to <= set(range(case.players)):
                    t.fail(f"events[{i}] ({e.kind}) is visible to non-seats {sorted(e.visible_to)}")
            seen_events = len(state.events)
            for a in state.legal_actions():
                for viewer in [*range(case.players), None]:
                    t.doing = f"action_label({a}, {viewer})"
                    label = state.action_label(a, viewer)
                    if not isinstance(label, str) or not label.strip():
                        t.fail(f"action_label({a}, {viewer}) is {label!r}, not a non-empty "
                               "string")
                t.doing = f"action_info({a})"
                assert_json_safe(case.game.action_info(a), f"{t.where()}: action_info({a})")


def check_fresh_views(case: Case, actions: Sequence[int] | None = None, points: int = 3) -> None:
    """``observation()`` and ``to_json()`` hand out fresh data, never the game's own lists.

    Two calls must share no list or dict, so a caller (the server, a bot, a UI) may change
    what it gets without silently changing the game, its saves and its replays.
    """
    actions = random_actions(case) if actions is None else actions
    with Tracker(case) as t:
        for state in walk(t, actions, sample_points(case, len(actions), points, 8, True)):
            for p in [*range(case.players), None]:
                t.doing = f"observation({p})"
                where = live_data(state, state.observation(p), state.observation(p))
                if where is not None:
                    t.fail(f"observation({p}) returns live data: two calls share {where}")
            t.doing = "to_json()"
            if (where := live_data(state, state.to_json(), state.to_json())) is not None:
                t.fail(f"to_json() returns live data: two calls share {where}")
