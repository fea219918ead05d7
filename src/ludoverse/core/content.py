"""Content (cards, boards) as TOML validated by typed schemas, each entry with its provenance.

``rulebook`` means the rulebook gives it, ``public`` that a published source does (and
``source`` must say which), ``reconstructed`` that we designed it because nobody published it.
"""

from __future__ import annotations

import marshal
import tomllib
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

Provenance = Literal["rulebook", "public", "reconstructed"]

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


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


_CACHE_SIZE = 16
_LOADED: OrderedDict[tuple[type[BaseModel], bytes], BaseModel] = OrderedDict()
_DUMPED: OrderedDict[int, tuple[BaseModel, bytes]] = OrderedDict()


def load(model: type[M], source: str | Path | dict[str, Any]) -> M:
    """Validate ``source`` (a TOML path or a parsed dict) against ``model``.

    A dict seen lately gives back the same (frozen) object: every saved state carries its
    content, and validating it again for each state a bot or a replay restores cost more than
    the rest of the restore."""
    if not isinstance(source, dict):
        return validate(model, read_toml(source), where=str(source))
    try:
        key = (model, marshal.dumps(source))
    except ValueError:  # not plain data: validation will say what is wrong
        return validate(model, source)
    hit = _LOADED.get(key)
    if hit is None:
        hit = _LOADED[key] = validate(model, source)
        if len(_LOADED) > _CACHE_SIZE:
            _LOADED.popitem(last=False)
    else:
        _LOADED.move_to_end(key)
    return hit  # type: ignore[return-value]


def to_json(content: BaseModel) -> dict[str, Any]:
    """``content`` as plain data of its own (the caller may change it), dumped once per object:
    a state's ``to_json`` needs it every time and the model never changes (it is frozen)."""
    hit = _DUMPED.get(id(content))
    if hit is None or hit[0] is not content:
        hit = _DUMPED[id(content)] = (content, marshal.dumps(content.model_dump(mode="json")))
        if len(_DUMPED) > _CACHE_SIZE:
            _DUMPED.popitem(last=False)
    return marshal.loads(hit[1])  # type: ignore[no-any-return]


def per_content(build: Callable[[M], T]) -> Callable[[M], T]:
    """Memoise ``build`` (tables compiled from content) per content object, a few at a time.

    Keyed by identity, not by value: hashing or comparing a whole deck on every call would
    cost more than the lookup saves, and :func:`load` already hands out one object per
    content."""
    memo: OrderedDict[int, tuple[M, T]] = OrderedDict()

    def get(content: M) -> T:
        hit = memo.get(id(content))
        if hit is None or hit[0] is not content:
            hit = memo[id(content)] = (content, build(content))
            if len(memo) > _CACHE_SIZE:
                memo.popitem(last=False)
        return hit[1]

    get.__doc__ = build.__doc__
    get.__name__ = build.__name__
    return get


PROVENANCE_KEY = "provenance"


def find_entry_tables(obj: Any, path: str = "") -> list[tuple[str, list[dict[str, Any]]]]:
    """Every group of content entries (dicts with a ``provenance`` key), with where it sits.

    Content schemas differ per game, so this walks the JSON form generically: a list of
    entries, a mapping of names to entries (the name becomes a ``key`` column), or a single
    entry each make one table.
    """

    def is_entry(x: Any) -> bool:
        return isinstance(x, dict) and PROVENANCE_KEY in x

    if isinstance(obj, list):
        if obj and all(is_entry(x) for x in obj):
            return [(path or "entries", obj)]
        return [t for i, x in enumerate(obj) for t in find_entry_tables(x, f"{path}[{i}]")]
    if not isinstance(obj, dict):
        return []
    if is_entry(obj):
        return [(path or "entry", [obj])]
    values = list(obj.values())
    if values and all(is_entry(v) for v in values):
        return [(path or "entries", [{"key": k, **v} for k, v in obj.items()])]
    return [t for k, v in obj.items() for t in find_entry_tables(v, f"{path}.{k}" if path else k)]
