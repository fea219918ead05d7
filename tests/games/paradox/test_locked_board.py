"""The exact locked-board check against a brute-force search, the setup sampler, the study,
and the CLI plumbing that forwards a study's own options."""

from __future__ import annotations

import math
import random
import sys
from collections import Counter
from typing import ClassVar

import numpy as np
import pytest
from click.testing import Result
from tests.plain_python import rerun_as_plain_python
from typer.testing import CliRunner

from ludoverse.games.paradox import locked, studies
from ludoverse.games.paradox.grid import (
    BLACK,
    BLUE,
    CELLS,
    DISC_TYPES,
    FILL_ORDER,
    LEVEL_SHAPES,
    NUM_SYMBOLS,
    RED,
    WHITE,
    YELLOW,
    cell,
    disc,
    mask_of,
    strands,
    symbol_of,
)
from ludoverse.games.paradox.locked import NO_STRAND, actions_to_strand, is_locked
from ludoverse.games.paradox.options import PRESETS, ParadoxOptions
from toygames import use_game
from toygames.highcard import HighCardGame

ROWS_COLS = LEVEL_SHAPES[1]
BOXES = LEVEL_SHAPES[2]
DIAGONALS = LEVEL_SHAPES[3]


# --------------------------------------------------------------------------------------------
# Brute force: real swaps, Strands found by grid.strands


def swaps(grid: list[int], anomaly: list[int] | None, shielded: int
          ) -> list[tuple[list[int], list[int] | None]]:
    """Every legal action from a position: two same-symbol discs (Matrix-Matrix or
    Matrix-Anomaly) that differ, neither shielded."""
    free = [i for i in range(CELLS) if not shielded >> i & 1 and 0 <= grid[i] < DISC_TYPES]
    out = []
    for x, i in enumerate(free):
        for j in free[x + 1:]:
            if grid[i] != grid[j] and symbol_of(grid[i]) == symbol_of(grid[j]):
                g = list(grid)
                g[i], g[j] = g[j], g[i]
                out.append((g, anomaly))
        if anomaly is not None:
            for k, a in enumerate(anomaly):
                if 0 <= a < DISC_TYPES and a != grid[i] and symbol_of(a) == symbol_of(grid[i]):
                    g = list(grid)
                    an = list(anomaly)
                    g[i], an[k] = an[k], g[i]
                    out.append((g, an))
    return out


def brute_force(grid: list[int], anomaly: list[int] | None, shielded: int, shapes: tuple,
                depth: int) -> int | None:
    """Fewest actions to a Strand by breadth-first search over swap sequences, or None if
    more than ``depth`` are needed. A Strand already on the board costs one action."""
    if strands(grid, shapes):
        return 1
    frontier = [(list(grid), None if anomaly is None else list(anomaly))]
    seen = {(tuple(grid), None if anomaly is None else tuple(anomaly))}
    for k in range(1, depth + 1):
        nxt = []
        for g0, a0 in frontier:
            for g, a in swaps(g0, a0, shielded):
                if strands(g, shapes):
                    return k
                key = (tuple(g), None if a is None else tuple(a))
                if k < depth and key not in seen:
                    seen.add(key)
                    nxt.append((g, a))
        frontier = nxt
    return None


def capped(value: int, depth: int) -> int | None:
    return value if value <= depth else None


# --------------------------------------------------------------------------------------------
# Random boards, skewed so that near and locked boards both occur


def random_board(rng: random.Random) -> tuple[list[int], list[int] | None, int]:
    kind = rng.randrange(4)
    if kind == 0:  # as dealt: any disc
        grid = [rng.randrange(DISC_TYPES) for _ in range(CELLS)]
    elif kind == 1:  # a small colour alphabet, uneven weights
        colours = rng.sample(range(5), rng.choice((2, 3)))
        weights = [rng.random() + 0.2 for _ in colours]
        grid = [disc(rng.choices(colours, weights)[0], rng.randrange(3)) for _ in range(CELLS)]
    else:  # each colour mostly keeps one symbol: supply runs out, so locked boards occur
        home = [rng.randrange(3) for _ in range(5)]
        grid = []
        for _ in range(CELLS):
            c = rng.randrange(5)
            grid.append(disc(c, home[c] if rng.random() < 0.85 else rng.randrange(3)))
    anomaly = None if rng.random() < 0.3 else [disc(rng.randrange(5), s) for s in range(3)]
    shielded = mask_of(rng.sample(range(CELLS), rng.randrange(6))) if kind >= 2 else 0
    return grid, anomaly, shielded


BOARDS = [random_board(random.Random(seed)) for seed in range(400)]


# --------------------------------------------------------------------------------------------
# Hand-built boards. Symbols run (row + column) mod 3, so every row or column window of 4 or 5
# holds all three symbols; each colour keeps one symbol (helix: red/black, star:
# yellow/white, ring: blue), so no colour can ever fill a window: a truly locked board.

HELIX, STAR, RING = range(3)


def locked_base() -> tuple[list[int], list[int]]:
    grid = []
    for r in range(5):
        for c in range(5):
            s = (r + c) % 3
            even = (r + c) % 2 == 0
            colour = {HELIX: RED if even else BLACK, STAR: YELLOW if even else WHITE,
                      RING: BLUE}[s]
            grid.append(disc(colour, s))
    return grid, [disc(BLACK, HELIX), disc(WHITE, STAR), disc(BLUE, RING)]


def one_swap_away() -> tuple[list[int], list[int]]:
    """Row 1 (cells 0-3, symbols helix star ring helix) gets a red star and a red ring; its
    first space is red, the last black: one swap with any red helix outside fixes it."""
    grid, anomaly = locked_base()
    grid[cell(0, 1)] = disc(RED, STAR)
    grid[cell(0, 2)] = disc(RED, RING)
    assert grid[cell(0, 0)] == disc(RED, HELIX) and grid[cell(0, 3)] == disc(BLACK, HELIX)
    return grid, anomaly


def needs_anomaly() -> tuple[list[int], list[int]]:
    """Row 1 reads red helix, yellow star, red ring, red helix; the only red star is the
    Anomaly's, so the one completion swaps it in."""
    grid, anomaly = locked_base()
    grid[cell(0, 2)] = disc(RED, RING)
    grid[cell(0, 3)] = disc(RED, HELIX)
    anomaly[STAR] = disc(RED, STAR)
    return grid, anomaly


def test_hand_built_boards_rows_and_columns() -> None:
    # PX-LOCK-1: the engine decides exactly; each answer is confirmed by brute force
    grid, anomaly = locked_base()
    assert actions_to_strand(grid, anomaly, 0, ROWS_COLS) == NO_STRAND
    assert is_locked(grid, anomaly, 0, ROWS_COLS)
    assert brute_force(grid, anomaly, 0, ROWS_COLS, 2) is None

    strand = list(grid)
    for c in range(4):  # row 3 already a red 4-Strand (made by a refill): one action
        strand[cell(2, c)] = disc(RED, (2 + c) % 3)
    assert actions_to_strand(strand, anomaly, 0, ROWS_COLS) == 1
    assert brute_force(strand, anomaly, 0, ROWS_COLS, 1) == 1

    near, anomaly = one_swap_away()
    assert actions_to_strand(near, anomaly, 0, ROWS_COLS) == 1
    assert actions_to_strand(near, None, 0, ROWS_COLS) == 1
    assert brute_force(near, anomaly, 0, ROWS_COLS, 1) == 1
    assert not is_locked(near, anomaly, 0, ROWS_COLS, max_actions=1)
    # a Shield on the black helix blocks the only one-swap fix
    shield = mask_of([cell(0, 3)])
    blocked = actions_to_strand(near, anomaly, shield, ROWS_COLS)
    assert blocked == 3  # now two non-red helix spaces plus a star or ring must change
    assert brute_force(near, anomaly, shield, ROWS_COLS, 2) is None
    # and a Shield on a red space of the Strand-to-be does not
    assert actions_to_strand(near, anomaly, mask_of([cell(0, 1)]), ROWS_COLS) == 1

    via, anomaly = needs_anomaly()
    assert actions_to_strand(via, anomaly, 0, ROWS_COLS) == 1
    assert brute_force(via, anomaly, 0, ROWS_COLS, 1) == 1
    assert actions_to_strand(via, None, 0, ROWS_COLS) == NO_STRAND  # a Nebula on the Anomaly
    assert brute_force(via, None, 0, ROWS_COLS, 2) is None


def test_hand_built_boards_depth_three() -> None:
    # PX-LOCK-1: "3 or fewer actions": the truly locked and the Anomaly-only boards
    grid, anomaly = locked_base()
    assert brute_force(grid, anomaly, 0, ROWS_COLS, 3) is None
    via, _ = needs_anomaly()
    assert brute_force(via, None, 0, ROWS_COLS, 3) is None
    near, anomaly = one_swap_away()
    assert brute_force(near, anomaly, mask_of([cell(0, 3)]), ROWS_COLS, 3) == 3


def test_hand_built_boards_other_levels() -> None:
    # PX-LOCK-1: Boxes and Diagonals (Matrix scenario levels 2 and 3) use the same formula.
    # The base board's boxes hold all three symbols (locked), but each down-left diagonal
    # holds one symbol and one colour: two are Strands already (black, yellow).
    grid, anomaly = locked_base()
    assert actions_to_strand(grid, anomaly, 0, BOXES) == NO_STRAND
    assert brute_force(grid, anomaly, 0, BOXES, 2) is None
    assert actions_to_strand(grid, anomaly, 0, DIAGONALS) == 1
    assert brute_force(grid, anomaly, 0, DIAGONALS, 1) == 1
    box = list(grid)
    for r, c in ((0, 0), (0, 1), (1, 0)):
        box[cell(r, c)] = disc(WHITE, (r + c) % 3)
    box[cell(4, 4)] = disc(WHITE, RING)  # a white ring to swap into (1, 1)
    assert actions_to_strand(box, anomaly, 0, BOXES) == 1
    assert brute_force(box, anomaly, 0, BOXES, 1) == 1


def test_random_boards_match_brute_force_depth_two() -> None:
    # PX-LOCK-1: a few hundred boards, with and without the Anomaly and Shields
    seen = Counter()
    for grid, anomaly, shielded in BOARDS:
        exact = actions_to_strand(grid, anomaly, shielded, ROWS_COLS)
        assert capped(exact, 2) == brute_force(grid, anomaly, shielded, ROWS_COLS, 2), (
            grid, anomaly, shielded)
        seen[min(exact, 3)] += 1
    assert seen[1] and seen[2] and seen[3] >= 10, seen  # near, and locked-at-2 boards occur


def test_random_boards_other_levels_match_brute_force() -> None:
    # PX-LOCK-1
    for shapes in (BOXES, DIAGONALS):
        for grid, anomaly, shielded in BOARDS[:200]:
            exact = actions_to_strand(grid, anomaly, shielded, shapes)
            assert capped(exact, 2) == brute_force(grid, anomaly, shielded, shapes, 2)


@pytest.mark.slow
@pytest.mark.parametrize(("shapes", "branching"), [(ROWS_COLS, 60), (DIAGONALS, 60)])
def test_random_boards_depth_three(shapes: tuple, branching: int) -> None:
    # PX-LOCK-1: the boards that need 3 or more actions, searched to depth 3 when cheap
    found = Counter()
    for grid, anomaly, shielded in BOARDS:
        exact = actions_to_strand(grid, anomaly, shielded, shapes)
        if exact < 3 or len(swaps(grid, anomaly, shielded)) > branching:
            continue
        assert capped(exact, 3) == brute_force(grid, anomaly, shielded, shapes, 3)
        found[min(exact, 4)] += 1
    assert found[3] >= 1 and found[4] >= 3 and found.total() >= 6, found


def test_empty_spaces_have_no_colour() -> None:
    # PX-LOCK-1: an empty space cannot be swapped, so no Strand through it
    near, anomaly = one_swap_away()
    holed = list(near)
    holed[cell(0, 0)] = -1
    assert actions_to_strand(holed, anomaly, 0, ROWS_COLS) == actions_to_strand(
        holed, anomaly, mask_of([cell(0, 0)]), ROWS_COLS)
    assert actions_to_strand(holed, anomaly, 0, ROWS_COLS) > 1


# --------------------------------------------------------------------------------------------
# The vectorised version and the setup sampler (PX-LOCK-2)


def test_batch_matches_scalar_on_the_same_boards() -> None:
    # PX-LOCK-2
    boards = [*BOARDS, (*locked_base(), 0), (*one_swap_away(), mask_of([cell(0, 3)])),
              (needs_anomaly()[0], None, 0)]
    grids = np.array([g for g, _, _ in boards])
    anomaly = np.array([a if a is not None else [0, 1, 2] for _, a, _ in boards])
    usable = np.array([a is not None for _, a, _ in boards])
    shielded = np.array([[bool(s >> i & 1) for i in range(CELLS)] for _, _, s in boards])
    for shapes in (ROWS_COLS, BOXES, DIAGONALS):
        got = locked.batch_actions_to_strand(grids, anomaly, usable, shapes, shielded)
        want = [actions_to_strand(g, a, s, shapes) for g, a, s in boards]
        assert got.tolist() == want


def test_sampled_setups_batch_matches_scalar() -> None:
    # PX-LOCK-2
    grids, anomaly, nebula = locked.sample_setups(np.random.default_rng(3), 4, 500)
    flat = grids.reshape(-1, CELLS)
    an = np.repeat(anomaly, 4, axis=0)
    use = np.repeat(~nebula, 4)
    got = locked.batch_actions_to_strand(flat, an, use, ROWS_COLS)
    want = [actions_to_strand(flat[i].tolist(), an[i].tolist() if use[i] else None, 0,
                              ROWS_COLS) for i in range(len(flat))]
    assert got.tolist() == want


class _Identity:
    """An rng that shuffles nothing: shows where each draw lands."""

    def permuted(self, x: np.ndarray, axis: int) -> np.ndarray:
        return np.array(x)

    def random(self, size: tuple[int, ...]) -> np.ndarray:
        return np.zeros(size)

    def hypergeometric(self, good: int, bad: int, n: int, size: int) -> np.ndarray:
        return np.zeros(size, dtype=int)


def test_matrices_are_drawn_in_fill_order() -> None:
    # PX-LOCK-2: the i-th disc drawn fills FILL_ORDER[i], players in turn
    grids, anomaly, nebula = locked.sample_setups(_Identity(), 2, 1)
    bag = sorted(t for t in range(DISC_TYPES) for _ in range(4))
    for p in range(2):
        for i, space in enumerate(FILL_ORDER):
            assert grids[0, p, space] == bag[25 * p + i]
    # u = 0 picks the first colour with a disc left of each symbol; 2 sets were added
    assert anomaly[0].tolist() == [disc(RED, s) for s in range(3)]
    assert not nebula[0]


def literal_setup(rng: random.Random, players: int, deck_cards: int
                  ) -> tuple[list[list[int]], list[int], bool]:
    """The rulebook's setup, one draw at a time (the engine's procedure)."""
    bag = [t for t in range(DISC_TYPES) for _ in range(locked.SETS_AT_SETUP[players])]
    grids = []
    for _ in range(players):
        g = [-1] * CELLS
        for space in FILL_ORDER:
            g[space] = bag.pop(rng.randrange(len(bag)))
        grids.append(g)
    bag += [t for t in range(DISC_TYPES) for _ in range(locked.SETS_ADDED)]
    anomaly = [-1] * NUM_SYMBOLS
    aside = []
    while -1 in anomaly:
        d = bag.pop(rng.randrange(len(bag)))
        if anomaly[symbol_of(d)] == -1:
            anomaly[symbol_of(d)] = d
        else:
            aside.append(d)  # a duplicate goes back to the bag afterwards
    bag += aside
    deck = ["nebula"] * 3 + ["card"] * (deck_cards - 3)
    rng.shuffle(deck)
    shown, nebula = 0, False
    wanted = 8 + (4 if players > 2 else 0)  # the Wormhole, then the turn-1 Research Hand
    while shown < wanted:  # a Nebula turned up goes onto the Anomaly and is replaced
        if deck.pop() == "nebula":
            nebula = True
        else:
            shown += 1
    return grids, anomaly, nebula


@pytest.mark.parametrize("players", [2, 4])
def test_setup_distribution_matches_the_literal_procedure(players: int) -> None:
    # PX-LOCK-2: same disc frequencies, same Anomaly bias, same Nebula rate, same distances
    n = 6000
    grids, anomaly, nebula = locked.sample_setups(np.random.default_rng(11), players, n)
    rng = random.Random(12)
    lit = [literal_setup(rng, players, 68) for _ in range(n)]
    lit_grids = np.array([g for g, _, _ in lit])
    lit_anomaly = np.array([a for _, a, _ in lit])
    lit_nebula = np.array([b for _, _, b in lit])

    def close(x: np.ndarray, y: np.ndarray, z: float = 4.5) -> bool:
        se = math.sqrt(x.var() / len(x) + y.var() / len(y)) or 1e-9
        return abs(x.mean() - y.mean()) <= z * se

    for t in range(DISC_TYPES):  # each type 25/15 per Matrix on average
        mine = (grids[:, 0] == t).sum(1)
        assert abs(mine.mean() - 25 / 15) < 0.06
        assert close(mine, (lit_grids[:, 0] == t).sum(1))
    for s in range(NUM_SYMBOLS):  # the Anomaly disc is rarer in the Matrices than others
        assert close(anomaly[:, s] // 3, lit_anomaly[:, s] // 3)
        same = (grids == anomaly[:, s][:, None, None]).sum((1, 2))
        lit_same = (lit_grids == lit_anomaly[:, s][:, None, None]).sum((1, 2))
        assert close(same, lit_same)
        assert same.mean() < players * 25 / 15
    p = locked.nebula_probability(68, players)
    assert abs(p - (0.31718 if players == 2 else 0.44688)) < 1e-4
    for x in (nebula, lit_nebula):
        assert abs(x.mean() - p) < 4.5 * math.sqrt(p * (1 - p) / n)
    acts = locked.batch_actions_to_strand(grids.reshape(-1, CELLS),
                                          np.repeat(anomaly, players, 0), None, ROWS_COLS)
    lit_acts = np.array([actions_to_strand(g, a, 0, ROWS_COLS)
                         for gs, a, _ in lit for g in gs])
    assert close((acts == 1).astype(float), (lit_acts == 1).astype(float))


# --------------------------------------------------------------------------------------------
# The study (PX-LOCK-2)


def test_study_rows_deterministic_and_consistent() -> None:
    # PX-LOCK-2
    a = locked.study(3, 3000, seed=7)
    assert a == locked.study(3, 3000, seed=7)
    assert [r["K"] for r in a] == [1, 2, 3]
    for r in a:
        assert r["boards"] == 9000 and r["games"] == 3000
        assert r["board CI low"] <= r["P(board locked)"] <= r["board CI high"]
        assert r["game CI low"] <= r["P(game locked)"] <= r["game CI high"]
        assert r["boards locked"] >= r["games locked"]
    assert a[0]["games locked"] >= a[1]["games locked"] >= a[2]["games locked"]
    assert a[0]["games locked"] > 0  # roughly a fifth of boards need 2 swaps


def test_study_counts_every_game_across_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    # PX-LOCK-2: chunks (here 700, 700, 600 games) are consecutive draws from one generator
    monkeypatch.setattr(locked, "CHUNK_GAMES", 700)
    rows = locked.study(2, 2000, seed=1, max_actions=2)
    assert rows[0]["games"] == 2000 and rows[0]["boards"] == 4000
    assert rows == locked.study(2, 2000, seed=1, max_actions=2)


def test_study_without_numpy_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch,
                                                request: pytest.FixtureRequest) -> None:
    # PX-LOCK-2: the engine's check is pure Python; only the study needs the extra
    if rerun_as_plain_python(request, "ludoverse.games.paradox"):
        return  # a compiled import does not see numpy hidden through sys.modules
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ImportError, match=r"pip install 'ludoverse\[analysis\]'"):
        locked.study(2, 10, seed=0)
    grid, anomaly = locked_base()
    assert actions_to_strand(grid, anomaly, 0, ROWS_COLS) == NO_STRAND


def test_wilson_at_the_edges() -> None:
    # PX-LOCK-2: a study that sees no locked game still gives a useful upper bound
    lo, hi = locked.wilson(0, 1_000_000)
    assert lo == 0 and 3.0e-6 < hi < 4.0e-6
    lo, hi = locked.wilson(20, 1_000_000)
    assert lo < 2e-5 < hi
    assert locked.wilson(5, 5)[1] == 1.0


def test_locked_board_study_rows_and_errors() -> None:
    # PX-LOCK-2
    opts = ParadoxOptions().model_dump()
    rows = studies.locked_board(500, 2, opts, players=4, max_actions=2)
    assert [r["K"] for r in rows] == [1, 2]
    assert rows == studies.locked_board(500, 2, opts, players=4, max_actions=2)
    assert rows[1]["1 game in"].startswith("none seen") or rows[1]["games locked"] > 0
    with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
        studies.locked_board(10, 0, opts, players=5)
    with pytest.raises(ValueError, match="max-actions must be between 1 and 5"):
        studies.locked_board(10, 0, opts, max_actions=0)


def test_deck_size_follows_the_deck_scenario() -> None:
    # PX-LOCK-2: the deck size sets how often a Nebula blocks the Anomaly on turn 1
    cards = studies.deck_scenario_cards
    assert cards(ParadoxOptions().model_dump()) == 5
    assert cards({"deck_scenario": "flare", "flare_cards": 4}) == 4
    assert cards({"deck_scenario": "flare"}) == 6
    assert cards({"deck_scenario": "mad_scientist"}) == 5
    assert cards({"deck_scenario": "none"}) == 0
    assert locked.deck_size(5) == 68


# --------------------------------------------------------------------------------------------
# CLI: the study's own options after its name (generic; exercised on a stand-in game)


def echo(n: int, seed: int, options: dict, *, ratio: float = 1.0, flag: bool = False,
         label: str = "x") -> list[dict]:
    """Echo the arguments (a test study)."""
    return [{"n": n, "seed": seed, "ratio": ratio, "flag": flag, "label": label,
             "nebula": options.get("nebula_effect")}]


class _StandIn(HighCardGame):
    """A registered game whose studies are PARADOX's (the real PARADOX game comes later)."""

    name = "px_standin"
    title = "PARADOX stand-in"
    Options = ParadoxOptions
    presets: ClassVar[dict] = PRESETS

    def studies(self) -> dict:
        return {"locked-board": studies.locked_board, "echo": echo}


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    from ludoverse.cli import common

    for con in (common.console, common.err_console):
        monkeypatch.setattr(con, "_width", 250)
    use_game(monkeypatch, _StandIn())
    return CliRunner(env={"COLUMNS": "250", "NO_COLOR": "1"})


def run(cli: CliRunner, *args: str) -> Result:
    from ludoverse.cli import app

    return cli.invoke(app, ["analyze", *args])


def test_cli_forwards_study_options(cli: CliRunner) -> None:
    # PX-LOCK-2
    r = run(cli, "px_standin", "echo", "--samples", "7", "--seed", "3", "--ratio", "2.5",
            "--flag", "--label=hi", "-o", "nebula_effect=none")
    assert r.exit_code == 0, r.output
    assert "│ 7 " in r.output and "2.5" in r.output and "True" in r.output
    assert "hi" in r.output and "none" in r.output
    r = run(cli, "px_standin", "locked-board", "--players", "3", "--max-actions", "2",
            "--samples", "300", "--seed", "1")
    assert r.exit_code == 0, r.output
    assert "players=3" in r.output and "max_actions=2" in r.output
    assert "P(game locked)" in r.output


def test_cli_lists_study_options(cli: CliRunner) -> None:
    r = run(cli, "px_standin")
    assert r.exit_code == 0
    assert "Locked boards at setup" in r.output and "--max-actions" in r.output


@pytest.mark.parametrize(("args", "message"), [
    (["--bogus", "1"], "has no option --bogus; its options: --players, --max-actions"),
    (["--players", "three"], "--players must be int"),
    (["--players", "5"], "--players must be 2, 3 or 4"),
    (["--max-actions"], "--max-actions needs a value"),
    (["stray"], "unexpected argument 'stray'"),
])
def test_cli_rejects_bad_study_options(cli: CliRunner, args: list[str], message: str) -> None:
    # PX-LOCK-2
    r = run(cli, "px_standin", "locked-board", "-n", "10", *args)
    assert r.exit_code != 0
    assert message in " ".join(r.output.split()), r.output


def test_cli_studies_without_options_still_work(cli: CliRunner) -> None:
    r = run(cli, "px_standin", "echo", "-n", "4")
    assert r.exit_code == 0 and "│ 4 " in r.output
    r = run(cli, "px_standin", "echo", "--players", "2")
    assert r.exit_code != 0 and "its options: --ratio, --flag, --label" in r.output


def test_cli_ultia_studies_keep_working(cli: CliRunner) -> None:
    r = run(cli, "ultia", "plans", "--samples", "2", "--seed", "1")
    assert r.exit_code == 0, r.output
    assert "n=2, seed=1)" in r.output and "survey" in r.output
