"""Hidden-information checks: a determinised world must look the same to its observer."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ludoverse.core.api import Game, State
from ludoverse.core.conformance.checks import random_actions
from ludoverse.core.conformance.support import (
    Case,
    ConformanceError,
    Tracker,
    check_position,
    expect_unchanged,
    first_difference,
    illegal_ids,
    random_moves,
    refusal,
    sample_points,
    snap,
    walk,
)


@dataclass
class DeterminizeStats:
    """What determinisation did over many positions; see :func:`assert_determinize_resamples`."""

    points: int = 0
    other_observation_changed: bool = False
    state_changed: bool = False
    private_events: bool = False
    seats: int = 0


def check_determinize(
    case: Case,
    actions: Sequence[int] | None = None,
    points: int = 3,
    stats: DeterminizeStats | None = None,
) -> DeterminizeStats:
    """``determinize(p, rng)`` is a full state that seat ``p`` cannot tell from the truth.

    For every seat at sampled positions the determinised world must show ``p`` (and a
    spectator) the same observation and log, hold no event ``p`` may not see, offer ``p`` the
    same moves, labels and refusal reasons, be a function of the rng, and play on to the end;
    neither making it nor playing it may touch the real game (bots search such worlds).
    Returns ``stats`` updated, for :func:`assert_determinize_resamples` over a whole run.
    """
    actions = random_actions(case) if actions is None else actions
    stats = DeterminizeStats() if stats is None else stats
    with Tracker(case) as t:
        rng = case.rng(5)
        for state in walk(t, actions, sample_points(case, len(actions), points, 5, False)):
            step = t.step or 0
            stats.points += 1
            stats.seats = case.players
            before = snap(t, state)
            for p in range(case.players):
                key = case.seed * 7919 + step * 31 + p
                t.doing = f"determinize({p})"
                d = state.determinize(p, random.Random(key))
                if d is state:
                    t.fail(f"determinize({p}) returned the original itself")
                expect_unchanged(t, state, before, f"determinize({p}) changed the original")
                d_snap = snap(t, d)
                t.doing = f"determinize({p}) again with the same rng seed"
                again = state.determinize(p, random.Random(key))
                expect_unchanged(t, again, d_snap, f"determinize({p}) is not a function of its rng")
                _check_world(t, state, d, p, rng)
                stats.state_changed = stats.state_changed or d_snap != before
                if not stats.other_observation_changed:
                    stats.other_observation_changed = any(
                        d.observation(q) != state.observation(q)
                        for q in range(case.players)
                        if q != p
                    )
                if p == step % case.players:
                    _play_on(t, d, rng, f"a world determinised for seat {p}")
                    expect_unchanged(t, state, before, "playing on in a determinised world "
                                     "changed the real game")
            if not stats.private_events:
                stats.private_events = any(e.visible_to is not None for e in state.events)
    return stats


def _check_world(t: Tracker, state: State, d: State, p: int, rng: random.Random) -> None:
    """Seat ``p`` sees the same in the determinised world ``d`` as in the real ``state``."""
    for seat in (p, None):
        t.doing = f"observation({seat}) of a world determinised for seat {p}"
        if (real := state.observation(seat)) != (fake := d.observation(seat)):
            t.fail(
                f"observation({seat}) differs in a world determinised for seat {p}, so it shows "
                f"what seat {p} cannot know: {first_difference(real, fake)}"
            )
    t.doing = f"events_for({p})"
    real_log = [e.to_json() for e in state.events_for(p)]
    fake_log = [e.to_json() for e in d.events_for(p)]
    if real_log != fake_log:
        diff = first_difference(real_log, fake_log)
        t.fail(f"seat {p}'s log differs after determinize({p}): {diff}")
    hidden = [e.kind for e in d.events if not e.visible(p)]
    if hidden:
        t.fail(f"determinize({p}) keeps events seat {p} may not see: {hidden[:5]}")
    if d.is_terminal() != state.is_terminal():
        t.fail(f"determinize({p}) changed whether the game is over")
    if state.current_player != p:
        return
    t.doing = "legal_actions() after determinize"
    if d.current_player != p or (legal := d.legal_actions()) != state.legal_actions():
        t.fail(f"seat {p} is offered other moves in a world determinised for it")
    for a in legal:
        t.doing = f"action_label({a})"
        if (real_label := state.action_label(a)) != (fake_label := d.action_label(a)):
            t.fail(
                f"action_label({a}) depends on what seat {p} cannot know: "
                f"{real_label!r} / {fake_label!r}"
            )
    probe, fake_probe = state.clone(), d.clone()
    for a in illegal_ids(rng, legal, t.case.game.num_actions, 6):
        t.doing = f"apply({a!r}) (illegal)"
        if (real_reason := refusal(probe, a)) != (fake_reason := refusal(fake_probe, a)):
            t.fail(
                f"refusing {a!r} depends on what seat {p} cannot know: "
                f"{real_reason!r} / {fake_reason!r}"
            )


def _play_on(t: Tracker, state: State, rng: random.Random, what: str) -> None:
    """A determinised world is a full state: random play takes it to a proper end."""
    t.doing = f"playing on in {what}"
    for _ in range(t.case.max_decisions):
        if not check_position(t, state):
            return
        random_moves(t, state, rng, 1)
    t.fail(f"{what} does not end within {t.case.max_decisions} decisions")


def assert_determinize_resamples(game: Game, stats: DeterminizeStats) -> None:
    """In a hidden-information game determinisation must not copy the truth.

    A game may say whether it hides information with a ``hidden_information`` attribute;
    without one, a private event in the log (one only some seats may see) is taken as proof
    that seats know different things, so some determinisation must change what another seat
    sees.
    """
    declared = getattr(game, "hidden_information", None)
    hidden = stats.private_events if declared is None else bool(declared)
    if hidden and stats.points and stats.seats == 1:
        # Solo: nobody else sees anything, so the hidden part itself must be resampled.
        if not stats.state_changed:
            raise ConformanceError(
                f"{game.name}: in {stats.points} solo positions determinize(0) never changed "
                "the hidden state: it copies the truth instead of resampling it")
        return
    if hidden and stats.points and not stats.other_observation_changed:
        raise ConformanceError(
            f"{game.name}: in {stats.points} positions determinize(p) never changed another "
            "seat's observation: it copies the truth instead of resampling hidden information"
        )
