"""The PARADOX state: set-up, and the dispatch of decisions to the phase modules.

A turn is the Wormhole phase (``wormhole``), the Matrix phase of every player (``matrix``,
with resources allocated in ``resources``), and the Chief Scientist's Cleanup (``turns``);
after 12 turns ``scoring`` ends the game. Seats go to the left: the player on a seat's left is
``seat + 1`` (PX-SETUP-13).
"""

from __future__ import annotations

import random
from typing import Any

from ludoverse.core.api import TERMINAL, Event, Outcome, new_event
from ludoverse.core.fast import FastState
from ludoverse.core.rng import Rng
from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox import knowledge, matrix, resources, scoring, turns, wormhole
from ludoverse.games.paradox.content import ParadoxContent
from ludoverse.games.paradox.options import ParadoxOptions
from ludoverse.games.paradox.phases import (  # re-exported: other modules import them from here
    ALLIANCE_RESOURCE as ALLIANCE_RESOURCE,
)
from ludoverse.games.paradox.phases import (
    ALLOCATE,
    DRAFT,
    END_DISCARD,
    FLARE,
    MATRIX,
    OVER,
    PHASES,
)
from ludoverse.games.paradox.scenarios import process_triggers

TURNS = 12
SETS = {2: 4, 3: 5, 4: 7}
"""Energy Disc sets in the bag before the Matrices are drawn (PX-SETUP-7)."""
EXTRA_SETS = 2
TRIGGER_DISCS = 5
SHIELD_TOKENS = 15


class MatCard:
    """A card on a Player Mat: its space and what has been placed on it."""

    __slots__ = ("allies", "card", "discs", "marks", "space", "step")

    def __init__(self, card: int, space: int) -> None:
        self.card = card
        self.space = space
        self.discs: list[int] = []
        """Resource discs placed on a Timeline or Parallel Universe."""
        self.allies: list[int] = []
        """Colours of Alliance tokens used on it."""
        self.step = 0
        """Flare: benefits earned so far (0-3)."""
        self.marks: list[int] = []
        """Flare: one disc from each Strand that earned a step."""

    def copy(self) -> MatCard:
        t = MatCard(self.card, self.space)
        t.discs = list(self.discs)
        t.allies = list(self.allies)
        t.step = self.step
        t.marks = list(self.marks)
        return t

    def placed(self) -> list[int]:
        """Resources on the card by colour (Alliance tokens count as their colour)."""
        counts = [0] * G.NUM_COLOURS
        for d in self.discs:
            counts[d // G.NUM_SYMBOLS] += 1
        for c in self.allies:
            counts[c] += 1
        return counts


_LIST_FIELDS = ("hand", "deck", "deck_knower", "discard", "gone", "stable", "unstable", "bag",
                "anomaly", "nebulas", "world_at", "fractured", "world_shield", "goals", "secret",
                "ally_holder", "ally_since", "ally_on_card", "matrix_queue", "pending",
                "flare_queue", "level_stack", "maelstrom_deck", "fracture_queue", "final")
_NESTED_FIELDS = ("matrices", "locks", "mat_discard", "score", "maelstrom_res")


_FIELDS: tuple[str, ...] = (
    "actions_left",
    "ally_holder",
    "ally_on_card",
    "ally_since",
    "anomaly",
    "bag",
    "content",
    "cs",
    "cs_taken",
    "deck",
    "deck_knower",
    "discard",
    "events",
    "final",
    "flare_queue",
    "flare_turn",
    "fracture_queue",
    "fractured",
    "game",
    "goals",
    "gone",
    "hand",
    "hand_drawn",
    "legal_cache",
    "level",
    "level_stack",
    "locked_offer",
    "locks",
    "maelstrom",
    "maelstrom_card",
    "maelstrom_deck",
    "maelstrom_res",
    "mat_discard",
    "matrices",
    "matrix_queue",
    "mats",
    "mover",
    "n",
    "nebulas",
    "opts",
    "pending",
    "phase",
    "picker",
    "purple_aside",
    "quake",
    "quake_due",
    "quiet",
    "rng",
    "score",
    "secret",
    "stable",
    "trigger_due",
    "turn",
    "unstable",
    "world_at",
    "world_shield",
)
"""Every field of a state: a copy copies them all (``clone``)."""


class ParadoxState(FastState):
    __slots__ = _FIELDS

    phase: int  # set by the set-up and every phase change, not in one place here

    def __init__(self, game: Any, opts: ParadoxOptions, content: ParadoxContent, players: int,
                 seed: int | None) -> None:
        """A new game from ``seed``; with ``seed=None``, an empty shell for a copy to fill in
        (a compiled class can only be made through its ``__init__``)."""
        self.game = game
        self.opts = opts
        self.content = content
        if seed is None:
            return
        self.n = players
        self.rng = Rng(seed)
        self.events: list[Event] = []
        self.quiet = 0
        self.legal_cache: list[int] | None = None
        self._setup_board()
        self._setup_deck()
        self.cs = 0 if opts.first_chief_scientist == "seat0" else self.rng.below(players)
        self._setup_discs()
        note = wormhole.fill(self)  # PX-SETUP-11
        self._setup_goals()
        self.log("setup", players=players, chief_scientist=self.cs,
                 world_at=list(self.world_at), quake=self.quake, anomaly=list(self.anomaly),
                 stable=list(self.stable), unstable=list(self.unstable),
                 nebulas=note["nebulas"],
                 goals=[self.content.research_goals[g].id for g in self.goals])
        for p in range(players):
            if self.secret[p] >= 0:
                self.log("secret_objective", seat=p,
                         goal=self.content.research_goals[self.secret[p]].id, visible_to=p)
        turns.start_turn(self)

    # Set-up ----------------------------------------------------------------------------------

    def _setup_board(self) -> None:
        """PX-SETUP-3, PX-SETUP-4: World discs at random on the ring, Quake on its start."""
        track = self.content.quake_track
        self.world_at = [-1] * track.spaces
        self.fractured = [False] * 15
        self.world_shield = [-1] * 15
        self.quake = track.start
        if not self.opts.take_your_child_to_work:  # PX-VAR-3: no Worlds, no Quake
            order = list(range(15))
            self.rng.shuffle(order)
            for space, w in zip(track.world_spaces, order, strict=True):
                self.world_at[space] = w
        self.turn = 1

    def _setup_deck(self) -> None:
        """PX-SETUP-6: Timelines, Nexus cards, Nebulas and the Deck Scenario, shuffled."""
        o = self.opts
        counts = {"breakthrough": o.breakthrough_cards, "flare": o.flare_cards,
                  "parallel_universe": o.parallel_universe_cards}
        box = K.box_scenario_cards(counts)
        self.rng.shuffle(box)
        scenario = K.deck_scenario_cards(o.deck_scenario, counts, box)
        self.deck = [*range(K.NEBULA + K.NEBULAS), *scenario]
        self.rng.shuffle(self.deck)
        self.deck_knower = [-1] * len(self.deck)
        self.discard: list[int] = []
        self.gone: list[int] = [c for c in K.box_scenario_cards(counts) if c not in scenario]
        self.stable = [-1] * 4
        self.unstable = [-1] * 4
        self.hand: list[int] = []
        self.hand_drawn = False
        self.nebulas: list[int] = []
        self.maelstrom_deck = list(range(o.maelstrom_cards))
        self.rng.shuffle(self.maelstrom_deck)
        self.maelstrom = -1
        self.maelstrom_card = -1
        self.maelstrom_res: list[list[int]] = [[] for _ in range(self.n)]
        self.level = 1
        self.level_stack = [1, 2, 3]

    def _setup_discs(self) -> None:
        """PX-SETUP-7..10: the bag, each Matrix drawn in turn, 2 more sets, the Anomaly."""
        self.bag = list(range(G.DISC_TYPES)) * SETS[self.n]
        self.purple_aside = 0
        self.trigger_due = False
        self.matrices = [[G.EMPTY] * G.CELLS for _ in range(self.n)]
        self.locks = [[-1] * G.CELLS for _ in range(self.n)]
        self.mats: list[list[MatCard]] = [[] for _ in range(self.n)]
        self.mat_discard: list[list[int]] = [[] for _ in range(self.n)]
        self.score: list[list[int]] = [[] for _ in range(self.n)]
        self.flare_turn: dict[int, int] = {}
        for k in range(1, self.n + 1):
            matrix.refill(self, (self.cs + k) % self.n, log=False)
        self.bag += list(range(G.DISC_TYPES)) * EXTRA_SETS
        if self.opts.triggered_scenario != "none":  # decision 10: purple discs enter now
            self.bag += [G.PURPLE] * TRIGGER_DISCS
        self.anomaly = [G.EMPTY] * G.NUM_SYMBOLS
        drawn = []
        while G.EMPTY in self.anomaly:
            d = matrix.draw(self)
            if d == G.EMPTY:
                break
            if self.anomaly[d % G.NUM_SYMBOLS] == G.EMPTY:
                self.anomaly[d % G.NUM_SYMBOLS] = d
            else:
                drawn.append(d)
        self.bag += drawn  # duplicates go back
        self.ally_holder = [-1] * G.NUM_COLOURS
        self.ally_since = [0] * G.NUM_COLOURS
        self.ally_on_card = [False] * G.NUM_COLOURS
        self.matrix_queue: list[int] = []
        self.pending: list[int] = []
        self.flare_queue: list[int] = []
        self.fracture_queue: list[int] = []
        self.final: list[Any] = []
        self.quake_due = 0
        self.mover = -1
        self.actions_left = 0
        self.locked_offer = False
        self.picker = -1
        self.cs_taken = 0
        process_triggers(self)  # purple discs drawn for the Anomaly may already trigger

    def _setup_goals(self) -> None:
        """PX-SETUP-12, PX-GOAL-7: three Research Goals face up; a Secret Objective deals every
        player a personal goal from the rest."""
        self.goals: list[int] = []
        self.secret = [-1] * self.n
        if not self.opts.research_goals:
            return
        order = list(range(len(self.content.research_goals)))
        self.rng.shuffle(order)
        self.goals = order[:3]
        if any(self.content.research_goals[g].kind == "secret" for g in self.goals):
            rest = [g for g in order[3:] if self.content.research_goals[g].kind != "secret"]
            for p in range(self.n):
                self.secret[p] = rest[p % len(rest)]

    def log(self, kind: str, visible_to: int | None = None, **data: Any) -> None:
        if self.quiet:
            return
        vis = None if visible_to is None else frozenset((visible_to,))
        self.events.append(new_event(kind, data, vis))

    # Shared helpers ----------------------------------------------------------------------------

    def shields_free(self) -> int:
        """Shield tokens not on a Matrix or a World (PX-WORM-5)."""
        if self.opts.shield_supply == "unlimited":
            return SHIELD_TOKENS
        # Free places hold -1 (counted in C: the draft asks before every pick).
        used = len(self.world_shield) - self.world_shield.count(-1)
        used += sum(len(locks) - locks.count(-1) for locks in self.locks)
        return SHIELD_TOKENS - used

    def world_name(self, w: int) -> str:
        return self.content.worlds[w].name

    def card_name(self, card: int) -> str:
        return K.name(card, tuple(w.name for w in self.content.worlds))

    # The API -----------------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        ph = self.phase
        if ph == DRAFT:
            return self.picker
        if ph <= FLARE:
            return self.mover
        if ph == END_DISCARD:
            return self.fracture_queue[0] // 16
        return TERMINAL

    def _legal(self) -> list[int]:
        ph = self.phase
        if ph == DRAFT:
            return wormhole.legal(self)
        if ph == MATRIX:
            return matrix.legal(self)
        if ph == ALLOCATE:
            return resources.legal(self)
        if ph == FLARE:
            return matrix.flare_legal(self)
        if ph == END_DISCARD:
            return scoring.discard_legal(self)
        return []

    def _why_illegal(self, action: int) -> str:
        """The refusal, for the seat to move: it names only what that seat may see."""
        try:
            kind, p = A.split(action)
        except ValueError as exc:
            return str(exc)
        if self.phase == DRAFT and kind in ("draft", "take_from_hand"):
            from ludoverse.games.paradox.wormhole import draftable

            if kind == "draft":
                card = (*self.stable, *self.unstable)[p]
            else:
                card = self.hand[p] if self.picker == self.cs and p < len(self.hand) else -1
            if card >= 0 and not draftable(self, card):  # PX-WORM-5
                return (f"{self.card_name(card)} cannot be taken: a Nexus needs a free Shield "
                        "token and all 15 are in use")
        from ludoverse.core.words import seat_word

        what_move = self.action_label(action, self.current_player)
        return (f"{kind.replace('_', ' ')} ({what_move}) is not legal now: "
                f"{seat_word(self.current_player, None)} is in the {PHASES[self.phase]} phase")

    def _play(self, a: int) -> None:
        self.legal_cache = None
        ph = self.phase
        if ph == DRAFT:
            wormhole.apply(self, a)
        elif ph == MATRIX:
            matrix.apply(self, a)
        elif ph == ALLOCATE:
            resources.apply(self, a)
        elif ph == FLARE:
            matrix.flare_apply(self, a)
        elif ph == END_DISCARD:
            scoring.discard_apply(self, a)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return scoring.outcome(self)

    @classmethod
    def shell(cls, game: Any, opts: Any, content: Any) -> ParadoxState:
        return ParadoxState(game, opts, content, 0, None)

    def search_clone(self) -> ParadoxState:
        """As ``FastState.search_clone``, typed for this state (the compiled build needs it)."""
        t = self.clone()
        t.quiet = 1
        t.legal_cache = None
        t.events = []
        return t

    def clone(self) -> ParadoxState:
        t = ParadoxState(self.game, self.opts, self.content, self.n, None)
        for name in _FIELDS:
            setattr(t, name, getattr(self, name))
        for name in _LIST_FIELDS:
            setattr(t, name, list(getattr(self, name)))
        for name in _NESTED_FIELDS:
            setattr(t, name, [list(x) for x in getattr(self, name)])
        t.mats = [[mc.copy() for mc in m] for m in self.mats]
        t.flare_turn = dict(self.flare_turn)
        t.events = list(self.events)
        t.rng = self.rng.copy()
        return t

    def determinize(self, seat: int, rng: random.Random) -> ParadoxState:
        return knowledge.determinize(self, seat, rng)

    def _forced_is_public(self) -> bool:
        """PX-KNOW-9: a lone move is played unasked only when everyone can count the moves.

        Every decision's moves follow from what lies face up, except two: the Chief
        Scientist's pick from a Research Hand when no Shield token is free (whether its cards
        can be taken depends on which are Nexus cards), and the end of a Matrix phase when the
        mover's face-down score pile may hold a Flare to spend (PX-SCEN-6).
        """
        if self.phase == DRAFT:
            return not (self.picker == self.cs and self.hand and not self.cs_taken
                        and self.shields_free() == 0)
        if self.phase == MATRIX:
            return not (knowledge.piles_hidden(self) and self.score[self.mover]
                        and self.opts.deck_scenario in ("flare", "mad_scientist"))
        return True

    def action_label(self, action: int, seat: int | None) -> str:
        from ludoverse.games.paradox.views import label

        return label(self, action, seat)

    def observation(self, seat: int | None) -> dict[str, Any]:
        from ludoverse.games.paradox.views import observation

        return observation(self, seat)

    def to_json(self) -> dict[str, Any]:
        from ludoverse.games.paradox.views import state_to_json

        return state_to_json(self)

