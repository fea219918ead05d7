"""``ludoverse compare``: two variants on the same seeds, paired differences."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ludoverse.cli import app
from ludoverse.sim.compare import Variant, compare
from ludoverse.sim.simulate import game_seed


def test_variant_parsing() -> None:
    v = Variant.parse("B", "overwork=on preset=japanese content='my plans.toml'")
    assert v.options == {"overwork": "on", "preset": "japanese"}
    assert v.content == "my plans.toml"
    assert Variant.parse("A", "").describe() == "(rulebook defaults)"


def test_both_variants_play_the_same_seeds_and_differences_are_paired() -> None:
    c = compare("ultia", Variant.parse("A", ""), Variant.parse("B", "overwork=on"), 6,
                ["greedy", "random", "random"], seed=4)
    assert [r.seed for r in c.summary_a.results] == [game_seed(4, i) for i in range(6)]
    assert [r.seed for r in c.summary_b.results] == [game_seed(4, i) for i in range(6)]
    rows = {d.name: d for d in c.differences()}
    length = rows["game length (decisions)"]
    pairs = [b.decisions - a.decisions
             for a, b in zip(c.summary_a.results, c.summary_b.results, strict=True)]
    assert length.diff.mean == pytest.approx(sum(pairs) / len(pairs))
    assert rows["Overwork declared"].a == 0  # overwork is off in A
    assert rows["Overwork declared"].b > 0


def test_the_same_variant_twice_differs_by_nothing() -> None:
    v = Variant.parse("A", "")
    c = compare("ultia", v, v, 4, ["greedy", "random", "random"], seed=1)
    assert all(d.diff.mean == 0 and not d.significant for d in c.differences())


def test_compare_command() -> None:
    res = CliRunner().invoke(app, ["compare", "ultia", "--b", "overwork=on", "-n", "30",
                                   "--seats", "greedy,random,random", "-w", "1"])
    assert res.exit_code == 0, res.output
    assert "B - A" in res.output and "overwork=on" in res.output
    assert "game length (decisions)" in res.output and "yes" in res.output


@pytest.mark.parametrize(("variant", "message"), [
    ("nosuch=1", "has no option 'nosuch'"),
    ("content=/no/such.toml", "content file not found"),
    ("overwork", "key=value"),
])
def test_bad_variants_are_one_line_errors(variant: str, message: str) -> None:
    res = CliRunner().invoke(app, ["compare", "ultia", "--b", variant, "-n", "2"])
    assert res.exit_code == 2 and message in res.output
