"""``ludoverse.sim.tournament``: rotated schedules, results and statistics, parallel play."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

import ludoverse
from ludoverse.bots import SpecError
from ludoverse.sim import play
from ludoverse.sim.simulate import game_seed
from ludoverse.sim.tournament import TournamentGame, TournamentResult, schedule, tournament

SEATS = ["greedy", "random", "random"]


@pytest.fixture(scope="module")
def ultia() -> str:
    try:
        ludoverse.load("ultia")
    except Exception as exc:  # pragma: no cover - only while ULTIA is being rewritten
        pytest.skip(f"ULTIA does not import ({type(exc).__name__}: {exc})")
    return "ultia"


@pytest.fixture(scope="module")
def result(ultia: str) -> TournamentResult:
    return tournament(ultia, SEATS, 6, seed=0, workers=1)


def _without_timing(g: TournamentGame) -> dict[str, Any]:
    """A game's result minus the thinking times, the only part that may differ between runs."""
    d = g.to_json()
    del d["think_seconds"], d["slowest_move"]
    return d


# schedule ------------------------------------------------------------------------------------


def test_rotation_plays_each_deal_from_every_seating() -> None:
    specs = ["a", "b", "c"]
    games = schedule(specs, 4, rotate=True)
    assert len(games) == 6  # 4 rounded up to whole rotations of 3
    assert [i for i, _, _ in games] == list(range(6))
    assert [d for _, d, _ in games] == [0, 0, 0, 1, 1, 1]
    for deal in (0, 1):
        seatings = [seats for _, d, seats in games if d == deal]
        assert seatings[0] == ("a", "b", "c")  # the first seating is the one given
        for k in range(3):
            assert {s[k] for s in seatings} == set(specs)  # every bot in every seat
        for s in seatings:  # and each seating is a rotation of the list
            start = s.index("a")
            assert s[start:] + s[:start] == ("a", "b", "c")


@pytest.mark.parametrize(("n", "games", "expected"), [(3, 1, 3), (3, 3, 3), (3, 7, 9), (2, 3, 4),
                                                      (4, 4, 4), (4, 5, 8)])
def test_rotation_rounds_up_to_a_multiple_of_the_seats(n: int, games: int, expected: int) -> None:
    specs = [f"bot{i}" for i in range(n)]
    plan = schedule(specs, games, rotate=True)
    assert len(plan) == expected
    seat_counts = Counter((k, s) for _, _, seats in plan for k, s in enumerate(seats))
    assert set(seat_counts.values()) == {expected // n}  # every bot equally often in each seat


def test_repeated_bots_rotate_as_seats() -> None:
    plan = schedule(["g", "r", "r"], 3, rotate=True)
    assert [seats for _, _, seats in plan] == [("g", "r", "r"), ("r", "g", "r"), ("r", "r", "g")]


def test_without_rotation_seats_stay_and_every_game_is_a_new_deal() -> None:
    plan = schedule(["a", "b", "c"], 4, rotate=False)
    assert plan == [(i, i, ("a", "b", "c")) for i in range(4)]


# tournament ----------------------------------------------------------------------------------


def test_games_follow_the_schedule_and_share_each_deal(result: TournamentResult) -> None:
    games = sorted(result.games, key=lambda g: g.index)
    assert len(games) == 6
    plan = schedule(SEATS, 6, rotate=True)
    assert [(g.index, g.deal, g.seats) for g in games] == plan
    for g in games:
        assert g.seed == game_seed(0, g.deal)  # the seatings of a deal play the same cards
        assert g.decisions > 0
        assert min(g.places) == 1 and all(1 <= p <= 3 for p in g.places)
        assert set(g.winners) == {k for k, p in enumerate(g.places) if p == 1}
        assert sum(g.think_moves) == g.decisions  # every recorded decision was a bot's
    assert result.bots == ["greedy", "random"]
    assert result.seats == tuple(SEATS) and result.rotate and result.game == "ultia"


def test_each_game_is_the_game_of_its_deal_seed(result: TournamentResult) -> None:
    """Rotated seatings of one deal really are the same deal: replaying the seed alone with the
    game's seating reproduces the game."""
    g = sorted(result.games, key=lambda g: g.index)[1]  # deal 0, second seating
    record, out = play("ultia", list(g.seats), seed=g.seed, options=result.options)
    assert tuple(out.scores) == g.scores and tuple(out.winners) == g.winners
    assert len(record.actions) == g.decisions


def test_seat_games_and_win_shares(result: TournamentResult) -> None:
    stats = {s.name: s for s in result.stats(bootstrap=50)}
    assert set(stats) == {"greedy", "random"}
    assert stats["greedy"].seat_games == 6 and stats["random"].seat_games == 12
    for g in result.games:  # one win is shared out in every game
        shares = [(1 / len(g.winners) if k in g.winners else 0.0) for k in range(3)]
        assert sum(shares) == pytest.approx(1.0)
    total = sum(s.win_share.mean * s.seat_games for s in stats.values())
    assert total == pytest.approx(len(result.games))
    for s in stats.values():
        assert 0.0 <= s.win_share.mean <= 1.0
        assert s.win_share.n == s.seat_games and s.score.n == s.seat_games
        assert math.isfinite(s.rating) and s.rating_ci >= 0.0
        assert s.mean_move_ms >= 0.0 and s.slowest_move_ms >= s.mean_move_ms
    assert (stats["greedy"].rating + stats["random"].rating) / 2 == pytest.approx(1500.0)
    mean_scores = {
        name: sum(g.scores[k] for g in result.games for k, sp in enumerate(g.seats) if sp == name)
        / stats[name].seat_games
        for name in stats
    }
    for name, s in stats.items():
        assert s.score.mean == pytest.approx(mean_scores[name])


def test_pairwise_scores_are_complementary(result: TournamentResult) -> None:
    pw = result.pairwise()
    assert set(pw) == {("greedy", "random"), ("random", "greedy")}
    ab, ba = pw[("greedy", "random")], pw[("random", "greedy")]
    assert ab.mean + ba.mean == pytest.approx(1.0)
    assert ab.half_width == pytest.approx(ba.half_width)
    assert ab.n == ba.n == 2 * len(result.games)  # greedy's seat meets two random seats a game
    # By hand: how often the greedy seat placed above a random seat (ties half).
    above = 0.0
    for g in result.games:
        k = g.seats.index("greedy")
        for j in range(3):
            if j != k:
                above += 1.0 if g.places[k] < g.places[j] else 0.5 if g.places[k] == g.places[j] \
                    else 0.0
    assert ab.mean == pytest.approx(above / ab.n)
    stats = {s.name: s for s in result.stats(bootstrap=20)}
    if ab.mean != 0.5:  # Bradley-Terry ranks the two bots as their head-to-head does
        assert (stats["greedy"].rating > stats["random"].rating) == (ab.mean > 0.5)


def test_result_json_has_every_part(result: TournamentResult) -> None:
    d = result.to_json()
    assert [b["name"] for b in d["bots"]] == ["greedy", "random"]
    assert {(p["a"], p["b"]) for p in d["pairwise"]} == {("greedy", "random"),
                                                         ("random", "greedy")}
    assert [g["index"] for g in d["games"]] == list(range(6))
    assert d["seats"] == SEATS and d["rotate"] is True and d["seed"] == 0


def test_parallel_games_equal_serial_games(ultia: str, result: TournamentResult) -> None:
    seen: list[int] = []
    par = tournament(ultia, SEATS, 6, seed=0, workers=2, on_game=lambda g: seen.append(g.index))
    assert sorted(seen) == list(range(6))  # every game reported once, in any order
    serial = [_without_timing(g) for g in sorted(result.games, key=lambda g: g.index)]
    parallel = [_without_timing(g) for g in sorted(par.games, key=lambda g: g.index)]
    assert parallel == serial
    assert par.pairwise() == result.pairwise()


def test_no_rotation_and_seed(ultia: str, result: TournamentResult) -> None:
    fixed = tournament(ultia, SEATS, 2, seed=5, rotate=False, workers=1)
    assert len(fixed.games) == 2
    assert all(g.seats == tuple(SEATS) for g in fixed.games)
    assert [g.seed for g in sorted(fixed.games, key=lambda g: g.index)] == [
        game_seed(5, 0), game_seed(5, 1)
    ]
    assert not fixed.rotate
    stats = {s.name: s for s in fixed.stats(bootstrap=10)}
    assert stats["greedy"].seat_games == 2 and stats["random"].seat_games == 4


def test_options_reach_the_games(ultia: str) -> None:
    r = tournament(ultia, SEATS, 1, seed=1, rotate=False, options={"must_win": True})
    assert r.options["must_win"] is True
    g = r.games[0]
    _, out = play("ultia", SEATS, seed=g.seed, options={"must_win": True})
    assert tuple(out.scores) == g.scores


@pytest.mark.parametrize(
    ("seats", "games", "error", "message"),
    [
        (["random", "random", "random"], 3, ValueError, "at least two different bots"),
        (["greedy", "robot", "random"], 3, SpecError, "unknown bot 'robot'"),
        (["greedy", "random"], 3, ValueError, "played by 3 players, not 2"),
        (["greedy", "human", "random"], 3, SpecError, "bots only"),
        (["greedy", "ismcts:iters=0", "random"], 3, SpecError, "iters must be at least 1"),
        (SEATS, 0, ValueError, "at least one game"),
        (SEATS, -2, ValueError, "at least one game"),
    ],
)
def test_bad_tournaments_are_refused(
    ultia: str, seats: list[str], games: int, error: type[Exception], message: str
) -> None:
    calls: list[TournamentGame] = []
    with pytest.raises(error, match=message):
        tournament(ultia, seats, games, workers=1, on_game=calls.append)
    assert calls == []  # refused before any game is played


def test_unknown_game_is_refused() -> None:
    with pytest.raises(KeyError):
        tournament("nosuchgame", SEATS, 3)


@pytest.mark.parametrize("seats", [["easy", "greedy", "greedy"], ["Random", "random", "random"],
                                   ["ismcts:iters=5", "ismcts:iters=5,c=0.7", "ismcts:iters=5"]])
def test_one_bot_under_two_names_is_not_a_tournament(ultia: str, seats: list[str]) -> None:
    # ULTIA's easy level is its greedy bot
    with pytest.raises(ValueError, match="at least two different bots"):
        tournament(ultia, seats, 3, workers=1)


# results file: streamed as games finish, resumed after a stop ---------------------------------


class Stop(Exception):
    """Stands for a killed run."""


def test_each_game_is_written_as_it_finishes(ultia: str, result: TournamentResult,
                                             tmp_path: Any) -> None:
    import json

    out = tmp_path / "t.jsonl"
    lines: list[int] = []

    def count(_: TournamentGame) -> None:
        lines.append(len(out.read_text().splitlines()))

    tournament(ultia, SEATS, 6, seed=0, workers=1, out=out, on_game=count)
    assert lines == [2, 3, 4, 5, 6, 7]  # the header, then one more line per finished game
    entries = [json.loads(x) for x in out.read_text().splitlines()]
    assert entries[0]["kind"] == "ludoverse-tournament" and entries[0]["seats"] == SEATS
    written = sorted((TournamentGame.from_json(e) for e in entries[1:]), key=lambda g: g.index)
    assert [_without_timing(g) for g in written] == \
        [_without_timing(g) for g in sorted(result.games, key=lambda g: g.index)]


def test_a_stopped_tournament_resumes_and_equals_an_uninterrupted_one(
        ultia: str, result: TournamentResult, tmp_path: Any) -> None:
    out = tmp_path / "t.jsonl"

    def stop_after_three(g: TournamentGame) -> None:
        if len(out.read_text().splitlines()) == 4:
            raise Stop

    with pytest.raises(Stop):
        tournament(ultia, SEATS, 6, seed=0, workers=1, out=out, on_game=stop_after_three)
    with out.open("a") as fh:
        fh.write('{"kind": "game", "index": 5, "se')  # a line cut short by the kill
    again = tournament(ultia, SEATS, 6, seed=0, workers=1, out=out)
    assert again.resumed == 3
    assert [_without_timing(g) for g in again.games] == \
        [_without_timing(g) for g in sorted(result.games, key=lambda g: g.index)]
    assert again.pairwise() == result.pairwise()
    assert len(out.read_text().splitlines()) == 7
    more = tournament(ultia, SEATS, 12, seed=0, workers=1, out=out)  # extended: 6 more
    assert more.resumed == 6 and len(more.games) == 12


def test_a_results_file_of_another_tournament_is_refused(ultia: str, tmp_path: Any) -> None:
    out = tmp_path / "t.jsonl"
    tournament(ultia, SEATS, 3, seed=0, workers=1, out=out)
    with pytest.raises(ValueError, match="its seed differs"):
        tournament(ultia, SEATS, 3, seed=1, workers=1, out=out)
    fresh = tournament(ultia, SEATS, 3, seed=1, workers=1, out=out, fresh=True)
    assert fresh.resumed == 0
