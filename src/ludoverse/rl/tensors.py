"""A seat's observation as a NumPy vector, and the legal actions as a mask."""

from __future__ import annotations

from array import array
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np

from ludoverse.core.api import Game, State
from ludoverse.core.encoding import Encoder

_CACHE: OrderedDict[tuple[Any, ...], tuple[Any, Encoder]] = OrderedDict()
_CACHE_SIZE = 64


def encoder_for(game: Game, players: int, options: Any = None, content: Any = None) -> Encoder:
    """The game's encoder for this setup, built once and kept (building one walks the
    content, and environments ask for it on every step)."""
    opts = game.make_options(options)
    key = (game.name, players, opts.model_dump_json(), id(content))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is content:
        _CACHE.move_to_end(key)
        return hit[1]
    enc = game.encoder(players, opts, content)
    _CACHE[key] = (content, enc)  # the content is kept alive so its id is not reused
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return enc


def state_encoder(state: State) -> Encoder:
    players, opts, content = state.setup()
    return encoder_for(state.game, players, opts, content)


def observation_tensor(state: State, seat: int) -> np.ndarray:
    """What ``seat`` sees, as a float32 vector laid out by the game's encoder. A function of
    ``state.observation(seat)`` only: two states the seat cannot tell apart give it the same
    vector."""
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise TypeError(f"a seat is an int, not {type(seat).__name__}")
    players = state.setup()[0]
    if not 0 <= seat < players:
        raise ValueError(f"seat {seat} is not at this table of {players}")
    enc = state_encoder(state)
    return as_vector(enc.encode(state.observation(seat)))


def as_vector(encoded: Sequence[float]) -> np.ndarray:
    """An encoder's output as a float32 NumPy vector; a filled ``Layout.blank()`` is taken
    as it is, without a copy."""
    if isinstance(encoded, array) and encoded.typecode == "f":
        return np.frombuffer(encoded, dtype=np.float32)
    return np.array(encoded, dtype=np.float32)


def action_mask(state: State) -> np.ndarray:
    """int8 vector over every action id: 1 exactly for the legal ones of the seat to move
    (all 0 once the game is over)."""
    mask = np.zeros(state.game.num_actions, dtype=np.int8)
    if not state.is_terminal():
        mask[state.legal_actions()] = 1
    return mask
