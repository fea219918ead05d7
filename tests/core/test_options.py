"""Rule options: models, presets with overrides, command-line parsing and descriptions."""

from __future__ import annotations

import pytest

from ludoverse.core.options import (
    OptionError,
    describe_options,
    make_options,
    options_to_json,
    parse_option_args,
)
from toygames.highcard import GAME, Options


def test_none_and_empty_give_the_defaults() -> None:
    assert make_options(GAME, None) == Options()
    assert make_options(GAME, {}) == Options()
    assert GAME.make_options(None) == Options()


def test_a_model_passes_through_and_a_foreign_model_is_converted() -> None:
    opts = Options(rounds=2)
    assert make_options(GAME, opts) is opts
    from pydantic import BaseModel

    class Other(BaseModel):
        rounds: int = 4

    assert make_options(GAME, Other()) == Options(rounds=4)


def test_preset_then_explicit_keys_override_it() -> None:
    assert make_options(GAME, {"preset": "short"}) == Options(rounds=1)
    assert make_options(GAME, {"preset": "short", "rounds": 5}) == Options(rounds=5)
    assert make_options(GAME, {"preset": "nodraw", "rounds": "2"}) == Options(rounds=2, draw=False)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"preset": "huge"}, r"no preset 'huge' \(presets: nodraw, short\)"),
        ({"colour": "red"}, r"no option 'colour' \(options: rounds, draw\)"),
        ({"rounds": 0}, r"option rounds: "),
        ({"rounds": "many"}, r"option rounds: "),
    ],
)
def test_bad_options_say_what_is_wrong(options: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_options(GAME, options)


def test_parse_option_args() -> None:
    assert parse_option_args(["rounds=2", " preset = short ", "two-words=a=b"]) == {
        "rounds": "2",
        "preset": "short",
        "two_words": "a=b",
    }
    assert parse_option_args([]) == {}
    with pytest.raises(OptionError, match="not of the form key=value"):
        parse_option_args(["rounds"])
    with pytest.raises(OptionError, match="has no name"):
        parse_option_args(["=3"])


def test_describe_options_lists_every_option() -> None:
    rows = {r["name"]: r for r in describe_options(GAME)}
    assert set(rows) == {"rounds", "draw"}
    assert rows["draw"]["choices"] == ["true", "false"]
    assert rows["draw"]["default"] is True
    assert rows["rounds"] == {
        "name": "rounds",
        "default": 3,
        "choices": [],
        "description": "rounds in a game",
    }


def test_literal_options_list_their_choices() -> None:
    from typing import Literal

    from pydantic import BaseModel

    class Opts(BaseModel):
        mode: Literal["soft", "hard"] = "soft"

    class G:
        Options = Opts

    assert describe_options(G)[0]["choices"] == ["soft", "hard"]  # type: ignore[arg-type]


def test_options_to_json() -> None:
    assert options_to_json(Options(rounds=2)) == {"rounds": 2, "draw": True}
