"""The ULTRAMASSIVE state: set-up, and the dispatch of decisions to the phase modules.

A round is the Resource Draft (``draft``; solo: a Resource card, ``solo``), Discovery
(``discovery``), Actions (``actions_phase``) and the Solar Mass Bonus with the end of the
round (``rounds``). Whatever a card or Anomaly does runs through ``effects``. Seats go
clockwise: the player after seat ``p`` is ``p + 1``.
"""

from __future__ import annotations

import random
from typing import Any

from ludoverse.core.api import TERMINAL, Event, Outcome, new_event
from ludoverse.core.fast import FastState
from ludoverse.core.rng import Rng
from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive import flow
from ludoverse.games.ultramassive.compiled import rules_for
from ludoverse.games.ultramassive.content import UltramassiveContent
from ludoverse.games.ultramassive.draft import layout
from ludoverse.games.ultramassive.options import UltramassiveOptions
from ludoverse.games.ultramassive.phases import (  # noqa: F401 - also read from here
    ACTIONS,
    BONUS,
    CORES_DRAWN,
    DISCOVERY,
    DRAFT,
    GAIN,
    HAND,
    OVER,
    PHASES,
    REPOSITION,
    ROUNDS,
    SOLO_RESOURCE,
    WORMHOLES,
)


class UltramassiveState(FastState):
    __slots__ = (
        "actor", "arrived", "boards", "challenges", "completed", "content", "cooldown",
        "core_due", "cores_drawn", "cores_owned", "deck", "disc", "discard", "done",
        "draft_sets", "events", "extra_plays", "gained", "game", "hands", "idx",
        "legal_cache", "mods", "moved", "n", "opts", "order", "owned", "pending", "phase",
        "picks", "placed", "played", "plays", "quiet", "resource_deck", "resource_offer",
        "resource_used", "rng", "round", "rules", "size", "sm", "spent", "stack", "start",
        "stats_game", "stats_round", "taken", "token_bag", "tokens_in_play", "triggered",
        "worm", "worm_open",
    )

    def __init__(self, game: Any, opts: UltramassiveOptions, content: UltramassiveContent,
                 players: int, seed: int | None) -> None:
        """A new game from ``seed``; with ``seed=None``, an empty shell for a copy to fill in
        (a compiled class can only be made through its ``__init__``)."""
        self.game = game
        self.opts = opts
        self.content = content
        if seed is None:
            return
        self.rules = rules_for(content)
        self.n = players
        self.rng = Rng(seed)
        self.events: list[Event] = []
        self.quiet = 0
        self.legal_cache: list[int] | None = None
        n = players
        # UM-SETUP-5: each player's board, tracks and Wormholes.
        self.boards: list[list[list[int]]] = [[[] for _ in range(B.CELLS)] for _ in range(n)]
        self.sm = [0] * n
        self.disc = [4] * n
        self.size = [0] * n
        self.spent = [0] * n
        self.worm = [[-1] * 4 for _ in range(n)]
        self.worm_open = [[True] * 4 for _ in range(n)]
        self.placed = [0] * n
        self.moved = [[False] * 4 for _ in range(n)]
        self.owned: list[list[int]] = [[] for _ in range(n)]
        self.cores_owned: list[list[int]] = [[] for _ in range(n)]
        self.gained: list[list[int]] = [[] for _ in range(n)]
        """Anomalies (0-14) and Core Anomalies (15 + core) in the order gained: Passives
        triggered together resolve in this order (UM-EFFECT-6)."""
        self.cooldown = [[False] * 21 for _ in range(n)]
        self.mods = [_no_mods() for _ in range(n)]
        self.plays = [0] * n
        self.extra_plays = [0] * n
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.pending: list[list[int]] = [[] for _ in range(n)]
        self.stats_round: list[dict[str, int]] = [{} for _ in range(n)]
        self.stats_game: list[dict[str, int]] = [{} for _ in range(n)]
        # The effect runner's working lists (see effects.run).
        self.stack: list[tuple[Any, ...]] = []
        self.arrived: list[int] = []
        self.triggered: list[Any] = []
        self.core_due = 0
        self.round = 1
        self.start = 0 if opts.starting_player == "seat0" else self.rng.below(n)
        self._setup_cards()
        self._setup_draft()
        self.log("setup", players=n, starting_player=self.start,
                 challenges=[self.content.challenges[c].id for c in self.challenges],
                 draft_tokens=[self.content.draft_tokens[t].id for t in self.tokens_in_play])
        for p in range(n):
            self.log("dealt", visible_to=p, seat=p, hand=list(self.hands[p]),
                     names=[self.content.deck[c].name for c in self.hands[p]],
                     cores=[self.rules.abilities[15 + c].name for c in self.cores_drawn[p]])
        self.phase = WORMHOLES
        self.order = self.turn_order()
        self.idx = 0
        self.done = False
        self.actor = self.order[0]
        flow.advance(self)

    # Set-up ----------------------------------------------------------------------------------

    def _setup_cards(self) -> None:
        """UM-SETUP-4, UM-SETUP-6, UM-SOLO-1, UM-SOLO-3: the Action deck (solo: without its
        Power-2 Siphon and Power-1 Matter cards), hands of 3, three Core Anomalies each."""
        solo = self.n == 1
        out = set(self.rules.solo_removed) if solo else set()
        self.deck = [c for c in range(len(self.rules.card_type)) if c not in out]
        self.rng.shuffle(self.deck)
        self.discard: list[int] = []
        self.hands = [[self.deck.pop() for _ in range(HAND)] for _ in range(self.n)]
        self.cores_drawn = []
        for _ in range(self.n):
            cores = list(range(6))
            self.rng.shuffle(cores)
            self.cores_drawn.append(sorted(cores[:CORES_DRAWN]))
        self.challenges: list[int] = []
        self.completed: list[bool] = []
        self.resource_deck: list[int] = []
        self.resource_offer: list[int] = []
        self.resource_used: list[int] = []
        if solo:
            k = 5 if self.opts.solo_difficulty == "hard" else 3
            order = list(range(len(self.content.challenges)))
            self.rng.shuffle(order)
            self.challenges = sorted(order[:k])
            self.completed = [False] * k
            self.resource_deck = list(range(len(self.content.resource_cards)))
            self.rng.shuffle(self.resource_deck)

    def _setup_draft(self) -> None:
        """UM-DRAFT-1, UM-ADV-3: the basic Draft sets, or two random Draft tokens."""
        self.token_bag: list[int] = []
        self.tokens_in_play: list[int] = []
        self.picks: list[int] = []
        self.taken: list[int] = []
        if self.opts.advanced_draft and self.n > 1:
            self.token_bag = list(range(len(self.rules.tokens)))
            self.rng.shuffle(self.token_bag)
            self.tokens_in_play = [self.token_bag.pop(), self.token_bag.pop()]
            self.draft_sets = layout(*(self.rules.tokens[t] for t in self.tokens_in_play))
        else:
            self.draft_sets = layout(*self.rules.basic_sets)

    # Shared helpers ----------------------------------------------------------------------------

    def turn_order(self) -> list[int]:
        """Seats clockwise from this round's starting player."""
        return [(self.start + k) % self.n for k in range(self.n)]

    def log(self, kind: str, visible_to: int | None = None, **data: Any) -> None:
        if self.quiet:
            return
        vis = None if visible_to is None else frozenset((visible_to,))
        self.events.append(new_event(kind, data, vis))

    def count(self, p: int, stat: str, k: int = 1) -> None:
        r = self.stats_round[p]
        r[stat] = r.get(stat, 0) + k
        g = self.stats_game[p]
        g[stat] = g.get(stat, 0) + k

    # The API -----------------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.actor

    @classmethod
    def shell(cls, game: Any, opts: Any, content: Any) -> UltramassiveState:
        return UltramassiveState(game, opts, content, 0, None)

    # The phase machine's own functions, behind the methods the shared code calls.
    def _legal(self) -> list[int]:
        return flow.legal(self)

    def _play(self, action: int) -> None:
        flow.apply(self, action)

    def search_clone(self) -> UltramassiveState:
        """As ``FastState.search_clone``, typed for this state (the compiled build needs it)."""
        t = self.clone()
        t.quiet = 1
        t.legal_cache = None
        t.events = []
        return t

    def _forced(self) -> int:
        """As ``FastState._forced``, with the method calls of the hot path written out, and
        reusing the legal moves ``effects.run`` found when it stopped at a decision (the
        move just played cleared the cache before it)."""
        if self.phase == OVER:
            return -1
        legal = self.legal_cache
        if legal is None:
            legal = self.legal_cache = flow.legal(self)
        return legal[0] if len(legal) == 1 and self._forced_is_public() else -1

    def _why_illegal(self, action: int) -> str:
        try:
            kind, _ = A.split(action)
        except ValueError as exc:
            return str(exc)
        from ludoverse.core.words import seat_word
        from ludoverse.games.ultramassive.views import prompt

        what_move = self.action_label(action, self.current_player)
        return (f"{kind.replace('_', ' ')} ({what_move}) is not legal now: "
                f"{seat_word(self.actor, None)} is asked to {prompt(self)}")

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        from ludoverse.games.ultramassive.rounds import outcome

        return outcome(self)

    def clone(self) -> UltramassiveState:
        """Field by field (search clones thousands of times per move). Lists that play only
        ever replaces whole, never edits in place, are shared: ``challenges``, ``order``,
        ``picks``, ``draft_sets``, ``tokens_in_play``, ``resource_offer``, and each player's
        ``mods`` and ``cores_drawn`` (their outer lists are copied)."""
        t = UltramassiveState(self.game, self.opts, self.content, self.n, None)
        # Shared: fixed for the game, immutable, or replaced whole.
        t.game, t.opts, t.content, t.rules = self.game, self.opts, self.content, self.rules
        t.n, t.quiet, t.legal_cache = self.n, self.quiet, self.legal_cache
        t.phase, t.round, t.start, t.actor = self.phase, self.round, self.start, self.actor
        t.idx, t.done, t.core_due = self.idx, self.done, self.core_due
        t.challenges, t.order, t.picks = self.challenges, self.order, self.picks
        t.draft_sets, t.tokens_in_play = self.draft_sets, self.tokens_in_play
        t.resource_offer = self.resource_offer
        t.mods, t.cores_drawn = self.mods[:], self.cores_drawn[:]
        # Copied: edited in place by play.
        t.boards = [list(map(_copy, b)) for b in self.boards]
        t.sm, t.disc, t.size, t.spent = self.sm[:], self.disc[:], self.size[:], self.spent[:]
        t.plays, t.extra_plays, t.placed = self.plays[:], self.extra_plays[:], self.placed[:]
        t.gained, t.owned = list(map(_copy, self.gained)), list(map(_copy, self.owned))
        t.worm, t.worm_open = list(map(_copy, self.worm)), list(map(_copy, self.worm_open))
        t.hands, t.played = list(map(_copy, self.hands)), list(map(_copy, self.played))
        t.cores_owned = list(map(_copy, self.cores_owned))
        t.cooldown = list(map(_copy, self.cooldown))
        t.pending, t.moved = list(map(_copy, self.pending)), list(map(_copy, self.moved))
        t.deck, t.discard, t.stack = self.deck[:], self.discard[:], self.stack[:]
        t.arrived, t.triggered, t.taken = self.arrived[:], self.triggered[:], self.taken[:]
        t.token_bag, t.completed = self.token_bag[:], self.completed[:]
        t.resource_deck, t.resource_used = self.resource_deck[:], self.resource_used[:]
        t.stats_round = list(map(dict.copy, self.stats_round))
        t.stats_game = list(map(dict.copy, self.stats_game))
        t.events = self.events[:]
        t.rng = self.rng.copy()
        return t

    def determinize(self, seat: int, rng: random.Random) -> UltramassiveState:
        from ludoverse.games.ultramassive.knowledge import determinize

        return determinize(self, seat, rng)

    def _forced_is_public(self) -> bool:
        """Always: how many moves the player to move has follows from public facts alone
        (UM-OPT-5, UM-KNOW-4). The secrets are the Action Card hand, the undiscovered Core
        Anomalies and the solo Resource offer, and each decision that looks at them offers one
        move per card: a card to play (besides the moves that are always there, such as
        ending the phase), a card to discard or stop, a Core Anomaly to discover, a Resource
        card to keep. So their count is the hand's size, the Cores drawn less those shown, or
        the offer's size, all public. Every other decision counts public things: the boards
        and Wormholes, Discovery, the Anomalies owned, the draft and the drafted resources."""
        return True

    def action_label(self, action: int, seat: int | None) -> str:
        from ludoverse.games.ultramassive.views import label

        return label(self, action, seat)

    def observation(self, seat: int | None) -> dict[str, Any]:
        from ludoverse.games.ultramassive.views import observation

        return observation(self, seat)

    def to_json(self) -> dict[str, Any]:
        from ludoverse.games.ultramassive.views import state_to_json

        return state_to_json(self)


_copy = list.copy


def _no_mods() -> list[int]:
    """Modifiers: stack_cap, card_plays, siphon_size, hand_size, absorb_bonus per token (5),
    empower per Action Card type (3)."""
    return [0] * 12
