"""The conformance checks pass a correct game and fail each deliberately broken one.

High Card (``tests/toygames/highcard.py``) implements the API properly; every mutant in
``tests/toygames/mutants.py`` has one bug. A check that passed a mutant would be a check that
cannot fail, so each mutant must be caught by the check meant for its bug, with a message
that names the bug.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from tests.plain_python import rerun_as_plain_python

import ludoverse
from ludoverse.core import conformance as conf
from ludoverse.core import registry
from ludoverse.core.api import Game
from toygames import use_game
from toygames.highcard import GAME
from toygames.mutants import MUTANTS

SEEDS = range(12)

Check = Callable[[Game, int, Path], None]


def _per_seed(check: Callable[[conf.Case, Path], object]) -> Check:
    """A check over every player count and option set of ``game`` for ``seeds`` seeds."""

    def run(game: Game, seeds: int, tmp: Path) -> None:
        for label, options in game.conformance_options().items():
            for players in game.player_counts():
                for seed in range(seeds):
                    check(conf.Case(game, players, seed, options, label), tmp)

    return run


def _determinize(game: Game, seeds: int, tmp: Path) -> None:
    for label, options in game.conformance_options().items():
        for players in game.player_counts():
            stats = conf.DeterminizeStats()
            for seed in range(seeds):
                conf.check_determinize(conf.Case(game, players, seed, options, label), stats=stats)
            conf.assert_determinize_resamples(game, stats)


CHECKS: dict[str, Check] = {
    "setup": _per_seed(lambda case, _: conf.check_setup(case)),
    "random_game": _per_seed(lambda case, _: conf.check_random_game(case)),
    "clone_independence": _per_seed(lambda case, _: conf.check_clone_independence(case)),
    "json_roundtrip": _per_seed(lambda case, _: conf.check_json_roundtrip(case)),
    "replay": _per_seed(conf.check_replay),
    "determinize": _determinize,
    "illegal_actions": _per_seed(lambda case, _: conf.check_illegal_actions(case)),
    "json_safe": _per_seed(lambda case, _: conf.check_json_safe(case)),
    "fresh_views": _per_seed(lambda case, _: conf.check_fresh_views(case)),
    "public_shape": _per_seed(lambda case, _: conf.check_public_shape(case)),
    "action_space": lambda game, _seeds, _tmp: conf.check_action_space(game),
}

CAUGHT_BY: dict[str, tuple[str, str]] = {
    "LeakyObservation": ("determinize", r"observation\(\d\) differs in a world determinised"),
    "SharedClone": ("clone_independence", r"on a clone changed the original"),
    "JsonDropsRng": ("json_roundtrip", r"diverged after the same moves"),
    "DeterminizeOwnHand": ("determinize", r"observation\(\d\) differs in a world determinised"),
    "ErrorNamesCard": ("determinize", r"refusing \d+ depends on what seat \d cannot know"),
    "PlainCloneDeterminize": ("determinize", r"copies the truth"),
    "DeterminizeKeepsLog": ("determinize", r"keeps events seat \d may not see"),
    "DeterminizeSharesScores": ("determinize", r"determinised world changed the real game"),
    "ChangesOnIllegal": ("illegal_actions", r"refusing .* changed the state"),
    "UnsortedLegal": ("random_game", r"must be sorted"),
    "DuplicatingDraw": ("random_game", r"check_invariants\(\) raised .*cards not conserved"),
    "EveryoneWins": ("random_game", r"winners \(.*\) are not the seats placed first"),
    "TupleObservation": ("json_safe", r"observation\(\d\) is not JSON-safe: .* tuple"),
    "LiveHand": ("fresh_views", r"observation\(\d\) returns live data: two calls share \$\.hand"),
    "UnseededShuffle": ("replay", r"replay differs from the recorded game"),
    "LabelNamesBid": ("public_shape", r"tell apart two moves of seat \d that look the same to"),
    "BidsTopCardUnasked": ("public_shape", r"seat \d can tell the real game from a world it "
                           r"cannot tell apart by what happens next"),
}


def test_every_mutant_has_its_check() -> None:
    assert set(CAUGHT_BY) == set(MUTANTS)
    assert {check for check, _ in CAUGHT_BY.values()} <= set(CHECKS)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_correct_game_passes(check: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    use_game(monkeypatch, GAME)
    CHECKS[check](GAME, len(SEEDS), tmp_path)


@pytest.mark.parametrize("mutant", sorted(MUTANTS))
def test_mutant_is_caught(mutant: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    game = MUTANTS[mutant]
    use_game(monkeypatch, game)
    check, message = CAUGHT_BY[mutant]
    with pytest.raises(conf.ConformanceError, match=message):
        CHECKS[check](game, len(SEEDS), tmp_path)


def test_nondeterministic_setup_is_caught() -> None:
    with pytest.raises(conf.ConformanceError, match="two new games with the same seed differ"):
        conf.check_setup(conf.Case(MUTANTS["UnseededShuffle"], 2, 0))


def test_declared_hidden_information_overrides_the_log() -> None:
    """A game that declares hidden information must resample even if it logs nothing private."""
    stats = conf.DeterminizeStats(points=5, private_events=False)
    conf.assert_determinize_resamples(GAME, stats)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(type(GAME), "hidden_information", True, raising=False)
        with pytest.raises(conf.ConformanceError, match="copies the truth"):
            conf.assert_determinize_resamples(GAME, stats)
        mp.setattr(type(GAME), "hidden_information", False)
        conf.assert_determinize_resamples(GAME, conf.DeterminizeStats(5, private_events=True))


def test_failures_name_the_case_and_step() -> None:
    case = conf.Case(MUTANTS["SharedClone"], 3, 7, {"rounds": 2}, "two-rounds")
    with pytest.raises(conf.ConformanceError) as info:
        conf.check_clone_independence(case)
    assert str(info.value).startswith(
        "toy_mutant_sharedclone players=3 options=two-rounds seed=7, step "
    )


def test_toy_games_stay_out_of_the_registry(tmp_path: Path) -> None:
    with pytest.MonkeyPatch.context() as mp:
        use_game(mp, GAME)
        assert GAME.name in registry.games()
        assert ludoverse.load(GAME.name) is GAME
    assert GAME.name not in registry.games()
    assert not any(name.startswith("toy_") for name in registry.games())


def test_the_old_forced_plays_of_a_real_game_are_caught(
        monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """ULTIA before issue 21 played any lone legal card for its holder, so whether a seat was
    asked told everyone whether it held exactly one card of the suit led."""
    if rerun_as_plain_python(request, "ludoverse.games.ultia"):
        return
    from ludoverse.games.ultia.rules import UltiaState

    def any_lone_move(self: UltiaState) -> int:
        legal = self._legal()
        return legal[0] if len(legal) == 1 else -1

    monkeypatch.setattr(UltiaState, "_forced", any_lone_move)
    game = ludoverse.load("ultia")
    with pytest.raises(conf.ConformanceError, match="can tell the real game from a world"):
        for seed in range(8):
            conf.check_public_shape(conf.Case(game, 3, seed))
