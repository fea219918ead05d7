"""Build ULTRAMASSIVE positions for rule tests: a game moved to a phase, boards set by name.

Spaces are written as on the board, ``"blue 3"`` (the Rift Space of the blue Channel) or
``"pink 7"``; tokens by their ids (``"blue_giant"``, ``"supergiant"``, ``"primordial"``,
``"major"``, ``"minor"``).
"""

from __future__ import annotations

from typing import Any

import ludoverse
from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive import effects as E
from ludoverse.games.ultramassive import flow
from ludoverse.games.ultramassive import state as S
from ludoverse.games.ultramassive.compiled import compile_steps
from ludoverse.games.ultramassive.content import Step
from ludoverse.games.ultramassive.state import UltramassiveState

GAME = ludoverse.load("ultramassive")
WORMHOLES = ("blue 1", "blue 7", "pink 1", "pink 7")
"""The set-up the rulebook recommends to new players: a Wormhole on a 1 and on a 7."""


def cell(name: str) -> int:
    channel, space = name.split()
    return B.CHANNELS.index(channel) * B.SPACES + int(space) - 1


def token(name: str) -> int:
    return B.TOKEN_IDS.index(name)


def new(players: int = 2, seed: int = 0, wormholes: tuple[str, ...] = WORMHOLES,
        **options: Any) -> UltramassiveState:
    """A game with every player's Wormholes placed, at the first pick of Round 1."""
    options.setdefault("starting_player", "seat0")
    s = GAME.new_game(players=players, seed=seed, options=options)
    while s.phase == S.WORMHOLES:
        s.apply(A.SPACE + cell(wormholes[s.placed[s.actor]]))
    return s


def to_phase(s: UltramassiveState, phase: int, choose: Any = None) -> UltramassiveState:
    """Play on until ``phase`` begins; every decision takes ``choose(s, legal)`` (default: the
    first legal action, declining discoveries and ending Actions phases at once)."""
    def default(st: UltramassiveState, legal: list[int]) -> int:
        for quiet in (A.DECLINE, A.END_ACTIONS, A.STOP):
            if quiet in legal:
                return quiet
        return legal[0]

    pick = choose or default
    while s.phase != phase and not s.is_terminal():
        s.apply(pick(s, s.legal_actions()))
    return s


def at_actions(players: int = 2, seed: int = 0, **options: Any) -> UltramassiveState:
    """Round 1's Actions phase, seat 0 to act, with an empty board."""
    s = to_phase(new(players, seed, **options), S.ACTIONS)
    clear(s)
    return s


def play_out(s: UltramassiveState, card: int) -> None:
    """The actor plays Action Card ``card`` and answers its decisions quietly (decline, stop,
    else the first choice) until they are back to choosing their next action."""
    s.apply(A.PLAY + card)
    while A.END_ACTIONS not in (legal := s.legal_actions()):
        s.apply(next((q for q in (A.DECLINE, A.STOP) if q in legal), legal[0]))


def card_plays(s: UltramassiveState) -> list[int]:
    """The Action Cards the actor may play now (action ids)."""
    return [a for a in s.legal_actions() if A.PLAY <= a < A.USE]


def clear(s: UltramassiveState) -> None:
    for p in range(s.n):
        s.boards[p] = [[] for _ in range(B.CELLS)]
    s.edited()  # edited in place: the moves must be computed afresh


def put(s: UltramassiveState, p: int, layout: dict[str, list[str]]) -> None:
    """Place tokens directly (no detonation, no cap): ``{"blue 3": ["supergiant"]}``."""
    for where, tokens in layout.items():
        s.boards[p][cell(where)] = [token(t) for t in tokens]
    s.edited()


def tokens_at(s: UltramassiveState, p: int, where: str) -> list[str]:
    return [B.TOKEN_IDS[t] for t in s.boards[p][cell(where)]]


def layout(s: UltramassiveState, p: int) -> dict[str, list[str]]:
    """Every non-empty space of seat ``p`` by name."""
    return {B.space_name(c): [B.TOKEN_IDS[t] for t in st]
            for c, st in enumerate(s.boards[p]) if st}


def give_wormholes(s: UltramassiveState, p: int, spaces: tuple[str, ...],
                   open_: tuple[bool, ...] = (True, True, True, True)) -> None:
    s.worm[p] = [cell(x) for x in spaces]
    s.worm_open[p] = list(open_)
    s.edited()


def own(s: UltramassiveState, p: int, *anomalies: str) -> None:
    """Give seat ``p`` Anomalies by id (``"siphon_1"``) without paying for them."""
    ids = [a.id for a in s.content.anomaly_order]
    for a in anomalies:
        s.owned[p].append(ids.index(a))
        s.gained[p].append(ids.index(a))
    E.recompute_mods(s, p)
    s.edited()


def own_core(s: UltramassiveState, p: int, core: int) -> None:
    """Give seat ``p`` Core Anomaly ``core`` (0 Alpha ... 5 Omega) as if discovered."""
    s.cores_owned[p].append(core)
    s.gained[p].append(15 + core)
    E.recompute_mods(s, p)
    s.edited()


def run_steps(s: UltramassiveState, steps: list[dict[str, Any]], *answers: int) -> None:
    """Carry out effect steps (schema dicts) as the actor's action, answering its decisions
    with ``answers`` in order."""
    from pydantic import TypeAdapter

    prog = compile_steps(TypeAdapter(tuple[Step, ...]).validate_python(steps))
    E.push(s, prog)
    s.edited()
    flow.advance(s)
    for a in answers:
        s.apply(a)


def channel(name: str) -> int:
    return A.CHANNEL + B.CHANNELS.index(name)
