"""Rule options: typed models, named presets, and ``k=v`` parsing for the command line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, get_args

from pydantic import BaseModel, ValidationError

if TYPE_CHECKING:
    from ludoverse.core.api import Game

PRESET_KEY = "preset"


class OptionError(ValueError):
    """A rule option that does not exist or has a value it cannot take."""


def make_options(game: Game, options: BaseModel | dict[str, Any] | None) -> BaseModel:
    """Build ``game.Options`` from ``None``, a model, or a dict that may name a ``preset``.

    Preset values come first and explicit keys override them, so
    ``{"preset": "japanese", "overwork": "on"}`` means "the Japanese rules, with Overwork".
    """
    if options is None:
        return game.Options()
    if isinstance(options, game.Options):
        return options
    if isinstance(options, BaseModel):
        options = options.model_dump()
    values = dict(options)
    preset = values.pop(PRESET_KEY, None)
    merged: dict[str, Any] = {}
    if preset is not None:
        if preset not in game.presets:
            known = ", ".join(sorted(game.presets)) or "none"
            raise OptionError(f"{game.name} has no preset {preset!r} (presets: {known})")
        merged.update(game.presets[preset])
    merged.update(values)
    unknown = sorted(set(merged) - set(game.Options.model_fields))
    if unknown:
        known = ", ".join(game.Options.model_fields)
        raise OptionError(f"{game.name} has no option {unknown[0]!r} (options: {known})")
    try:
        return game.Options(**merged)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        raise OptionError(f"{game.name} option {field}: {err['msg']}") from None


def parse_option_args(pairs: list[str]) -> dict[str, Any]:
    """``["overwork=on", "preset=japanese"]`` -> dict; pydantic coerces the string values."""
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise OptionError(f"option {pair!r} is not of the form key=value")
        key, value = pair.split("=", 1)
        key = key.strip().replace("-", "_")
        if not key:
            raise OptionError(f"option {pair!r} has no name")
        out[key] = value.strip()
    return out


def describe_options(game: Game) -> list[dict[str, Any]]:
    """One row per option: name, default, allowed values, explanation (for ``ludoverse rules``)."""
    rows = []
    for name, f in game.Options.model_fields.items():
        ann = f.annotation
        args = get_args(ann)
        if ann is bool:
            choices = ["true", "false"]
        elif args and all(isinstance(a, str) for a in args):
            choices = list(args)
        else:
            choices = []
        default = f.default
        rows.append(
            {
                "name": name,
                "default": default,
                "choices": choices,
                "description": f.description or "",
            }
        )
    return rows


def options_to_json(options: BaseModel) -> dict[str, Any]:
    return options.model_dump(mode="json")
