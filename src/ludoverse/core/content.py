"""Content (cards, boards) as TOML validated by typed schemas, each entry with its provenance.

``rulebook`` means the rulebook gives it, ``public`` that a published source does (and
``source`` must say which), ``reconstructed`` that we designed it because nobody published it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

Provenance = Literal["rulebook", "public", "reconstructed"]

M = TypeVar("M", bound=BaseModel)


class ContentError(ValueError):
    """Content that fails its schema; the message names the file and the offending field."""


class Entry(BaseModel):
    """Base of every content entry: where the data comes from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    provenance: Provenance
    source: str | None = None
    note: str | None = None
    """Why a reconstructed entry looks as it does, or which part of it is public."""

    @model_validator(mode="after")
    def _public_needs_source(self) -> Entry:
        if self.provenance == "public" and not self.source:
            raise ValueError("an entry with provenance 'public' must name its source")
        return self


def read_toml(path: str | Path) -> dict[str, Any]:
    p = Path(path)
    try:
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(f"content file not found: {p}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{p}: not valid TOML: {exc}") from None


def validate(model: type[M], data: dict[str, Any], where: str = "content") -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"])
        at = f"{where}: {loc}" if loc else where
        raise ContentError(f"{at}: {err['msg']}") from None


def load(model: type[M], source: str | Path | dict[str, Any]) -> M:
    """Validate ``source`` (a TOML path or a parsed dict) against ``model``."""
    if isinstance(source, dict):
        return validate(model, source)
    return validate(model, read_toml(source), where=str(source))
