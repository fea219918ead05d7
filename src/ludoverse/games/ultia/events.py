"""The event log's records, built cheaply.

A year logs about 56 events, and :class:`~ludoverse.core.api.Event` is a frozen dataclass
whose generated ``__init__`` sets each field through ``object.__setattr__``: the records cost
more than the rules they describe. :func:`event` fills the three slots directly; the result
is an ordinary ``Event``, equal to ``Event(kind, data, visible_to)``.
"""

from __future__ import annotations

from typing import Any

from ludoverse.core.api import Event

_new = object.__new__
_set_kind = Event.kind.__set__  # type: ignore[attr-defined]
_set_data = Event.data.__set__  # type: ignore[attr-defined]
_set_visible_to = Event.visible_to.__set__  # type: ignore[attr-defined]


def event(kind: str, data: dict[str, Any], visible_to: frozenset[int] | None = None) -> Event:
    """``Event(kind, data, visible_to)``, without the frozen dataclass's ``__init__``."""
    e = _new(Event)
    _set_kind(e, kind)
    _set_data(e, data)
    _set_visible_to(e, visible_to)
    return e
