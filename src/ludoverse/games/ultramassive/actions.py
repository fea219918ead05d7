"""ULTRAMASSIVE action ids: one flat range per kind of decision.

Ids name things, never positions in a list that changes: a card by its deck index, an
Anomaly by ``type * 5 + tier``, a space by ``channel * 7 + index``. What a shared range means
(``CHANNEL`` for a placement, an Orbit or a Pull) is set by the decision being asked.
"""

from __future__ import annotations

from typing import Any

from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive.content import ACTION_CARDS, DRAFT_SPACES

MAX_OPTIONS = 64
"""Draft options a content file may define; ``RESOURCE + MINOR_PENDING`` is a forced Minor
Antimatter from someone else's Antimatter pick."""
MINOR_PENDING = MAX_OPTIONS
MAX_RESOURCE_CARDS = 32
PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
"""Pairs of a player's four Wormholes."""

SPACE = 0
DRAFT = SPACE + B.CELLS
RESOURCE = DRAFT + DRAFT_SPACES
DISCOVER = RESOURCE + MAX_OPTIONS + 1
CORE = DISCOVER + 15
PLAY = CORE + 6
USE = PLAY + ACTION_CARDS
PAIR = USE + 21
EXCHANGE = PAIR + len(PAIRS)
END_ACTIONS = EXCHANGE + 1
CHANNEL = END_ACTIONS + 1
WORMHOLE = CHANNEL + 2
OPTION = WORMHOLE + 4
CONFIRM = OPTION + 12
DECLINE = CONFIRM + 1
DISCARD = DECLINE + 1
STOP = DISCARD + ACTION_CARDS
REMOVE = STOP + 1
REMOVE_PENDING = REMOVE + B.CELLS * B.NUM_TOKENS
RESOURCE_CARD = REMOVE_PENDING + B.NUM_TOKENS
NUM_ACTIONS = RESOURCE_CARD + MAX_RESOURCE_CARDS

_RANGES: tuple[tuple[int, int, str], ...] = (
    (SPACE, B.CELLS, "space"),
    (DRAFT, DRAFT_SPACES, "draft"),
    (RESOURCE, MAX_OPTIONS + 1, "gain_resource"),
    (DISCOVER, 15, "discover"),
    (CORE, 6, "core_anomaly"),
    (PLAY, ACTION_CARDS, "play_card"),
    (USE, 21, "use_effect"),
    (PAIR, len(PAIRS), "activate_wormholes"),
    (EXCHANGE, 1, "exchange"),
    (END_ACTIONS, 1, "end_actions"),
    (CHANNEL, 2, "channel"),
    (WORMHOLE, 4, "wormhole"),
    (OPTION, 12, "option"),
    (CONFIRM, 1, "confirm"),
    (DECLINE, 1, "decline"),
    (DISCARD, ACTION_CARDS, "discard"),
    (STOP, 1, "stop"),
    (REMOVE, B.CELLS * B.NUM_TOKENS, "remove"),
    (REMOVE_PENDING, B.NUM_TOKENS, "remove_drafted"),
    (RESOURCE_CARD, MAX_RESOURCE_CARDS, "resource_card"),
)


def split(a: int) -> tuple[str, int]:
    """``(kind, index within the kind's range)``."""
    for start, size, kind in _RANGES:
        if start <= a < start + size:
            return kind, a - start
    raise ValueError(f"{a} is not an ULTRAMASSIVE action id (0-{NUM_ACTIONS - 1})")


def info(a: int) -> dict[str, Any]:
    kind, i = split(a)
    d: dict[str, Any] = {"kind": kind}
    if kind == "space":
        d.update(channel=B.CHANNELS[i // B.SPACES], space=i % B.SPACES + 1)
    elif kind == "channel":
        d["channel"] = B.CHANNELS[i]
    elif kind == "remove":
        cell, token = divmod(i, B.NUM_TOKENS)
        d.update(channel=B.CHANNELS[cell // B.SPACES], space=cell % B.SPACES + 1,
                 token=B.TOKEN_IDS[token])
    elif kind == "remove_drafted":
        d["token"] = B.TOKEN_IDS[i]
    elif kind == "activate_wormholes":
        d["wormholes"] = list(PAIRS[i])
    elif kind in ("exchange", "end_actions", "confirm", "decline", "stop"):
        pass
    elif kind == "gain_resource" and i == MINOR_PENDING:
        d["minor_antimatter"] = True
    else:
        d["index"] = i
    return d
