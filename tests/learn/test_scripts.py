"""Every shipped tutorial script: it validates, replays to the end of the game, names each
move unambiguously, cites rule IDs that exist, asks the learner only for their own moves,
and reaches the scoring and the end in a reasonable number of moves. Broken scripts are
refused with a reason."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludoverse.learn.engine import Tutorial, resolve, tutorial
from ludoverse.learn.script import (
    MoveRef,
    ScriptError,
    load_script,
    parse_script,
    script_path,
    tutorial_games,
)

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["multiuniversum", "paradox", "ultia", "ultramassive", "universal_rule"]
ENDING_AREAS = {"END", "SCORE", "WIN", "REPORT"}


def defined_rules(game: str) -> set[str]:
    """The rule IDs that ``docs/rules/<game>.md`` defines (a table row starting with one)."""
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    return set(re.findall(r"^\|\s*([A-Z]{2,4}-[A-Z]+-\d+)\s*\|", text, re.M))


def test_every_game_ships_a_tutorial() -> None:
    assert sorted(tutorial_games()) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_script_replays_to_the_end(game: str) -> None:
    t = tutorial(game)
    end = t.state_at(t.last)
    assert end.is_terminal()
    assert t.moves_before(t.last) == len(t.script.moves)
    # Each step starts where the previous one stopped: no move is played twice or dropped.
    at = 0
    for st in t.steps:
        assert st.start == at
        at = st.end
    assert at == len(t.actions)


@pytest.mark.parametrize("game", GAMES)
def test_every_label_matches_exactly_one_legal_move(game: str) -> None:
    s = load_script(game)
    t = tutorial(game)
    state = t.new_state()
    for i, move in enumerate(s.moves):
        seat = state.current_player
        label = move.label if isinstance(move, MoveRef) else move
        hits = [a for a in state.legal_actions() if state.action_label(a, seat) == label]
        if isinstance(move, MoveRef):
            assert move.id in hits and len(hits) > 1, f"move {i}: an id that is not needed"
        else:
            assert len(hits) == 1, f"move {i}: {label!r} matches {len(hits)} moves"
        state.apply(resolve(state, move))


@pytest.mark.parametrize("game", GAMES)
def test_rule_ids_exist(game: str) -> None:
    rules = defined_rules(game)
    cited = {r for st in load_script(game).steps for r in st.rules}
    assert cited, "a tutorial teaches rules"
    assert cited <= rules, f"not in docs/rules/{game}.md: {sorted(cited - rules)}"


@pytest.mark.parametrize("game", GAMES)
def test_learner_steps_are_the_learners_moves(game: str) -> None:
    t = tutorial(game)
    me = t.script.learner
    skipped = {i for st in t.steps if st.kind == "skip" for i in range(st.start, st.end)}
    asked = {st.start for st in t.steps if st.kind == "move"}
    for st in t.steps:
        if st.kind == "move":
            assert t.movers[st.start] == me
        if st.kind == "bot":
            assert t.movers[st.start] != me
    # Outside the skips, every move of the learner is theirs to make.
    mine = {i for i, seat in enumerate(t.movers) if seat == me} - skipped
    assert mine == asked


@pytest.mark.parametrize("game", GAMES)
def test_covers_the_loop_the_scoring_and_the_end(game: str) -> None:
    t = tutorial(game)
    learner_moves = sum(st.kind == "move" for st in t.steps)
    assert 15 <= learner_moves <= 40
    assert t.ending(), "an explanation after the last move says why the game ended"
    areas = {r.split("-")[1] for st in t.steps for r in st.rules}
    assert areas & ENDING_AREAS, "the scoring and the end are explained"
    written = [st for st in t.steps if st.written]
    assert all(len(st.text) <= 320 for st in written), "texts a newcomer reads in seconds"
    pauses = [st for st in t.steps if st.kind == "explain"]
    assert len(pauses) >= 4


@pytest.mark.parametrize("game", GAMES)
def test_shipped_file_parses_as_written(game: str) -> None:
    assert parse_script(script_path(game).read_text(encoding="utf-8")) == load_script(game)


# Broken scripts ------------------------------------------------------------------------------

BASE = script_path("universal_rule").read_text(encoding="utf-8")


def broken(text: str) -> Tutorial:
    return Tutorial(parse_script(text))


def test_unknown_rule_id_shape_is_refused() -> None:
    with pytest.raises(ScriptError, match="rule IDs"):
        parse_script(BASE.replace('rules = ["UR-WIN-2"', 'rules = ["win-2"', 1))


def test_step_past_the_end_is_refused() -> None:
    n = len(parse_script(BASE).moves)
    assert f"at = {n}\n" in BASE
    with pytest.raises(ScriptError, match="past the last move"):
        parse_script(BASE.replace(f"at = {n}\n", f"at = {n + 1}\n", 1))


def test_unknown_field_is_refused() -> None:
    with pytest.raises(ScriptError):
        parse_script(BASE.replace("[[steps]]", "[[steps]]\ncolour = 'red'", 1))


def test_move_step_on_another_seats_move_is_refused() -> None:
    # Move 0 is Seat 2's (the first player gives up a card).
    text = BASE + '\n[[steps]]\nkind = "move"\nat = 0\ntext = "x"\n'
    with pytest.raises(ScriptError, match="not a move of the learner"):
        broken(text)


def test_label_that_matches_nothing_is_refused() -> None:
    with pytest.raises(ScriptError, match="matches 0 legal moves"):
        broken(BASE.replace('"Give up Cheroa (keep the other two)"', '"Give up Nowhere"', 1))


def test_moves_that_stop_before_the_end_are_refused() -> None:
    text = re.sub(r'\n  "Reveal no more",\n\]', "\n]", BASE)
    assert text != BASE
    with pytest.raises(ScriptError, match=r"before the game is over|past the last move"):
        broken(text)


def test_step_inside_a_skip_is_refused() -> None:
    text = script_path("paradox").read_text(encoding="utf-8")
    text += '\n[[steps]]\nkind = "explain"\nat = 50\ntext = "inside"\n'
    with pytest.raises(ScriptError, match="inside the skip"):
        broken(text)
