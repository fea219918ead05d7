"""Hidden-information checks: a determinised world must look the same to its observer."""

from __future__ import annotations

import json
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
    if state.is_terminal():
        return
    legal = state.legal_actions()
    if state.current_player == p:
        t.doing = "legal_actions() after determinize"
        if d.current_player != p or d.legal_actions() != legal:
            t.fail(f"seat {p} is offered other moves in a world determinised for it")
    shared = set(d.legal_actions())
    for a in legal:
        if a not in shared:
            continue
        for viewer in (p, None):
            t.doing = f"action_label({a}, {viewer})"
            real_label, fake_label = state.action_label(a, viewer), d.action_label(a, viewer)
            if real_label != fake_label:
                t.fail(
                    f"action_label({a}, {viewer}) depends on what seat {p} cannot know: "
                    f"{real_label!r} / {fake_label!r}"
                )
    if state.current_player != p:
        return
    probe, fake_probe = state.clone(), d.clone()
    for a in illegal_ids(rng, legal, t.case.game.num_actions, 6):
        t.doing = f"apply({a!r}) (illegal)"
        if (real_reason := refusal(probe, a)) != (fake_reason := refusal(fake_probe, a)):
            t.fail(
                f"refusing {a!r} depends on what seat {p} cannot know: "
                f"{real_reason!r} / {fake_reason!r}"
            )


def check_public_shape(
    case: Case,
    actions: Sequence[int] | None = None,
    points: int = 6,
    worlds: int = 2,
    moves: int = 3,
    labels: int = 16,
) -> None:
    """Which seat the game asks next, and what it asks, follow from what each seat knows.

    At a real table nobody learns a hand from the fact that its owner was (or was not) asked
    to decide. So for every seat ``q`` at sampled positions, take worlds determinised for
    ``q`` (states ``q`` cannot tell from the truth) and play the same move in the real game
    and in each world wherever it is legal in both. Afterwards ``q`` must still be unable to
    tell them apart: the same log entries, the same observation (seat to move, phase, prompt),
    the same moves if ``q`` is to move. The one excuse is what the rules reveal to ``q``: if
    the first log entry that differs is of the same kind in both (a card drawn, a card
    turned face up), everything after it may differ. So a game must log a reveal before its
    consequences, and never skip a seat, play a forced move for it or open a prompt for it
    in a way that depends on cards ``q`` cannot see.

    Labels are checked at the same positions, on up to ``labels`` of the legal moves: two
    moves that look the same to a viewer once played must have the same label for that viewer.
    """
    actions = random_actions(case) if actions is None else actions
    with Tracker(case) as t:
        rng = case.rng(11)
        for state in walk(t, actions, sample_points(case, len(actions), points, 11, False)):
            step = t.step or 0
            cp = state.current_player
            legal = state.legal_actions()
            _check_labels(t, state, legal, rng, labels)
            for q in range(case.players):
                for w in range(worlds):
                    t.doing = f"determinize({q})"
                    key = case.seed * 7919 + step * 31 + q * 7 + w
                    d = state.determinize(q, random.Random(key))
                    both = legal if cp == q else sorted(set(legal) & set(d.legal_actions()))
                    for a in rng.sample(both, min(moves, len(both))):
                        _same_shape(t, state, d, q, a)


def _check_labels(t: Tracker, state: State, legal: list[int], rng: random.Random,
                  most: int = 40) -> None:
    """A viewer's label of a move says no more than the viewer sees once it is played."""
    mover = state.current_player
    viewers = [v for v in [*range(t.case.players), None] if v != mover]
    seen: dict[int | None, dict[str, tuple[int, str]]] = {v: {} for v in viewers}
    for a in rng.sample(legal, min(most, len(legal))):
        after = state.clone()
        t.doing = f"apply({a}) to a clone"
        after.apply(a)
        log = len(state.events)
        for v in viewers:
            t.doing = f"action_label({a}, {v})"
            text = state.action_label(a, v)
            shown = json.dumps([after.observation(v),
                                [e.to_json() for e in after.events[log:] if e.visible(v)]],
                               sort_keys=True)
            other, other_text = seen[v].setdefault(shown, (a, text))
            if other_text != text:
                t.fail(f"action_label({other}, {v}) = {other_text!r} and action_label({a}, {v}) "
                       f"= {text!r} tell apart two moves of seat {mover} that look the same to "
                       f"{'a spectator' if v is None else f'seat {v}'} once played")


def _same_shape(t: Tracker, state: State, d: State, q: int, a: int) -> None:
    """Seat ``q`` cannot tell ``state`` and its world ``d`` apart after both play ``a``."""
    real, fake = state.clone(), d.clone()
    seen_real, seen_fake = len(real.events), len(fake.events)
    who = state.current_player
    t.doing = f"apply({a}) in the game and in a world determinised for seat {q}"
    real.apply(a)
    fake.apply(a)
    log_real = [e.to_json() for e in real.events[seen_real:] if e.visible(q)]
    log_fake = [e.to_json() for e in fake.events[seen_fake:] if e.visible(q)]
    move = f"after seat {who} plays {state.action_label(a, q)!r} ({a})"
    if log_real != log_fake:
        common = min(len(log_real), len(log_fake))
        i = next((i for i in range(common) if log_real[i] != log_fake[i]), common)
        if i < common and log_real[i]["kind"] == log_fake[i]["kind"]:
            return  # a reveal: q learns something either way, and may see things diverge
        t.fail(f"{move}, seat {q} can tell the real game from a world it cannot tell apart "
               f"by what happens next, with nothing revealed first: the log goes on with "
               f"{log_real[i:i + 2]} / {log_fake[i:i + 2]}. Whom the game asks, and what, must "
               "not depend on hidden cards (ask the seat even with one choice, or offer the "
               "prompt whenever the public situation allows it)")
    t.doing = f"observation({q}) {move}"
    if (seen := real.observation(q)) != (other := fake.observation(q)):
        t.fail(f"{move}, seat {q} can tell the real game from a world it cannot tell apart, "
               f"with no log entry to explain it: {first_difference(seen, other)}. A rule "
               "that reveals something must log it; otherwise the seat asked or the "
               "decision shown depends on hidden cards")
    if real.current_player == q and not real.is_terminal():
        t.doing = f"legal_actions() {move}"
        if real.legal_actions() != fake.legal_actions():
            t.fail(f"{move}, seat {q} is offered other moves in a world it cannot tell apart")


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
