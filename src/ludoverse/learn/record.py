"""Record (or remake) a tutorial's moves from bot play, and print them for writing steps.

    python -m ludoverse.learn.record GAME             # re-record the shipped script's moves
    python -m ludoverse.learn.record GAME --show      # list moves and the learner's log

Re-recording plays the whole game again with the script's bots, seed and options and
rewrites only the ``moves = [...]`` block of ``tutorial.toml``; the hand-written steps are
kept, and their ``at`` indices must then be checked (``tests/learn`` fails on a step that no
longer fits).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from ludoverse.core.api import State
from ludoverse.core.registry import load
from ludoverse.learn.script import Move, MoveRef, Script, parse_script, script_path
from ludoverse.sim.play import play_game

MOVES_BLOCK = re.compile(r"^moves = \[\n.*?^\]\n", re.S | re.M)


def label_of(state: State, action: int) -> Move:
    """The move as its own seat sees it, with the id only where the label is not unique."""
    seat = state.current_player
    label = state.action_label(action, seat)
    same = [a for a in state.legal_actions() if state.action_label(a, seat) == label]
    return label if len(same) == 1 else MoveRef(label=label, id=action)


def record(script: Script) -> list[Move]:
    """Every move of one bot game with the script's deal, as labels."""
    played = play_game(script.game, [script.bots] * script.players, seed=script.seed,
                       options=script.options or None)
    g = load(script.game)
    state = g.new_game(players=script.players, seed=script.seed,
                       options=script.options or None)
    moves = []
    for a in played.record.actions:
        moves.append(label_of(state, a))
        state.apply(a)
    return moves


def moves_toml(moves: list[Move]) -> str:
    """The ``moves = [...]`` block, one move a line."""
    def one(m: Move) -> str:
        if isinstance(m, MoveRef):
            return f"  {{ label = {_q(m.label)}, id = {m.id} }},"
        return f"  {_q(m)},"
    return "moves = [\n" + "\n".join(one(m) for m in moves) + "\n]\n"


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def rewrite(path: Path, moves: list[Move]) -> None:
    """Replace the moves block of the file at ``path``, keeping everything else."""
    text = path.read_text(encoding="utf-8")
    new, n = MOVES_BLOCK.subn(lambda _m: moves_toml(moves), text, count=1)
    if n != 1:
        raise SystemExit(f"{path}: no 'moves = [' block to replace")
    parse_script(new)  # still a valid script
    path.write_text(new, encoding="utf-8")


def show(script: Script) -> None:
    """Each move with its index, seat and label, then what the learner's log says after it."""
    g = load(script.game)
    state = g.new_game(players=script.players, seed=script.seed,
                       options=script.options or None)
    from ludoverse.learn.engine import resolve

    seen = 0
    for i, m in enumerate(script.moves):
        seat = state.current_player
        a = resolve(state, m)
        print(f"{i:4d} s{seat}{'*' if seat == script.learner else ' '} "
              f"{state.action_label(a, script.learner)}")
        state.apply(a)
        log = state.events_for(script.learner)
        for e in log[seen:]:
            print(f"        · {g.event_text(e, script.learner)}")
        seen = len(log)
    print(state.outcome())


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("game")
    p.add_argument("--show", action="store_true", help="list the moves, do not record")
    p.add_argument("--file", type=Path, help="a script file other than the shipped one")
    a = p.parse_args()
    path = a.file or script_path(a.game)
    script = parse_script(path.read_text(encoding="utf-8"))
    if a.show:
        show(script)
        return
    rewrite(path, record(script))
    print(f"{path}: recorded {len(parse_script(path.read_text()).moves)} moves")


if __name__ == "__main__":
    main()
