"""The Multiuniversum state: set-up, shared helpers, and the dispatch of decisions.

A game is a series of turns clockwise (``turn``): up to 3 actions, each a card played for
the row action of the transformer its player stands on (``card_actions``, the abilities in
``abilities``), a card prepared as a tool, or a card discarded to draw; then the end of the
turn. When enough stacks are empty the game ends and is scored (``scoring``). With one
player a virtual scientist takes a turn after each of the player's (``turn.solo_turn``).

Labs are indexed by seat; in the solo mode the virtual scientist has lab ``1``.
"""

from __future__ import annotations

import random
from typing import Any

from ludoverse.core.api import TERMINAL, Event, Outcome, new_event
from ludoverse.core.fast import FastState
from ludoverse.core.rng import Rng
from ludoverse.games.multiuniversum import abilities, card_actions, knowledge, scoring, turn
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.content import MultiuniversumContent, Tables, tables
from ludoverse.games.multiuniversum.options import MultiuniversumOptions
from ludoverse.games.multiuniversum.phases import ACTIONS_PER_TURN, HAND, STARTING_DISCARD

MAX_SEATS = 5  # the game's max_players
SEAT_ONLY = tuple(frozenset((q,)) for q in range(MAX_SEATS))
"""The ``visible_to`` of an event only one seat may see, built once (events are immutable)."""

LIST_FIELDS = ("deck", "discard", "pos", "revealed", "pknow", "removed", "need", "order",
               "kept", "played", "forming", "removed_from", "drawn_gen")
NESTED_FIELDS = ("hands", "area", "tools", "sealed", "stacks", "sets", "lost")
SCALAR_FIELDS = ("n", "labs", "first", "active", "turn", "phase", "actions", "keep5", "gen",
                 "a1_stack", "seal_portal", "end_after", "end_turn", "set_seat", "end_reason")


_FIELDS: tuple[str, ...] = ("T", "content", "events", "game", "opts", "quiet", "legal_cache",
                           "rng", *LIST_FIELDS, *NESTED_FIELDS, *SCALAR_FIELDS)
"""Every field of a state: a copy copies them all (``clone``)."""


class MultiuniversumState(FastState):
    __slots__ = _FIELDS

    def __init__(self, game: Any, opts: MultiuniversumOptions, content: MultiuniversumContent,
                 players: int, seed: int | None) -> None:
        """A new game from ``seed``; with ``seed=None``, an empty shell for a copy to fill in
        (a compiled class can only be made through its ``__init__``)."""
        self.game = game
        self.opts = opts
        self.content = content
        if seed is None:
            return
        if opts.ages and len(opts.ages) != players:
            raise ValueError(f"ages gives {len(opts.ages)} ages for {players} players; give "
                             "one per seat, or none")
        self.T: Tables = tables(content)
        self.n = players
        self.rng = Rng(seed)
        self.events: list[Event] = []
        self.quiet = 0
        self.legal_cache: list[int] | None = None
        self._setup()

    # Set-up (MU-SETUP) -------------------------------------------------------------------------

    def _setup(self) -> None:
        T, n, rng = self.T, self.n, self.rng
        self.labs = n + (n == 1)  # MU-SOLO-1: the virtual scientist's lab
        # MU-SETUP-4: 5 stacks, each shuffled on its own (the top is the last item)
        if self.opts.stack_composition == "tiered":
            tiers: list[list[int]] = [[p for p in range(A.PORTALS) if T.tier[p] == k]
                                      for k in range(3)]
            for group in tiers:
                rng.shuffle(group)
            self.stacks = [[tiers[0][t], tiers[1][2 * t], tiers[1][2 * t + 1], tiers[2][t]]
                           for t in range(A.TRANSFORMERS)]
        else:
            pool = list(range(A.PORTALS))
            rng.shuffle(pool)
            self.stacks = [pool[4 * t:4 * t + 4] for t in range(A.TRANSFORMERS)]
        for stack in self.stacks:
            rng.shuffle(stack)
        self.removed: list[int] = []
        self.removed_from: list[int] = []
        if self.opts.variant == "short_game":  # MU-VAR-3: one portal out of each stack, unseen
            for t, stack in enumerate(self.stacks):
                self.removed.append(stack.pop(rng.below(len(stack))))
                self.removed_from.append(t)
        # MU-SETUP-5, MU-OPT-3: who knows each portal in its place
        hidden = P.PUBLIC if self.opts.portal_visibility == "all_face_up" else 0
        self.pknow = [hidden] * A.PORTALS
        for stack in self.stacks:
            self.pknow[stack[-1]] = P.PUBLIC
        # MU-SETUP-6: scientists on their own colour's transformer; seat s plays colour s + 1
        self.pos = list(range(self.labs))
        self.tools: list[list[int]] = [[] for _ in range(self.labs)]
        self.sealed: list[list[int]] = [[] for _ in range(self.labs)]
        self.lost: list[list[int]] = [[] for _ in range(self.labs)]
        self.sets: list[list[int]] = [[] for _ in range(self.labs)]
        # MU-SETUP-7, MU-SETUP-8: deal 3 each from seat 0, then 5 face up as the discard pile
        self.deck = list(range(A.CARDS))
        rng.shuffle(self.deck)
        self.hands: list[list[int]] = [[self.deck.pop() for _ in range(HAND)] for _ in range(n)]
        self.discard = [self.deck.pop() for _ in range(STARTING_DISCARD)]
        self.revealed = [False] * A.CARDS
        self.gen = 0
        """How many times the deck has been rebuilt: everyone saw which cards each new deck
        got (the discard pile is public), so cards drawn from it are told apart (knowledge)."""
        self.drawn_gen = [0] * A.CARDS
        """For a card in a hand: the deck (``gen``) it was drawn from."""
        self.area: list[list[int]] = [[] for _ in range(n)]
        # MU-SETUP-9, MU-SOLO-2
        self.first = 0 if n == 1 or self.opts.first_player == "seat0" else rng.below(n)
        self.active = self.first
        self.turn = 0
        self.phase = P.TURN
        self.actions = 0
        self.keep5 = 0
        self.played: list[int] = []
        self.a1_stack = -1
        self.order: list[int] = []
        self.kept: list[int] = []
        self.seal_portal = -1
        self.need: list[int] = []
        self.end_after = -1
        self.end_turn = -1
        self.set_seat = -1
        self.forming: list[int] = []
        self.end_reason = ""
        self.log("setup", players=n, first_player=self.first,
                 stacks=[len(s) for s in self.stacks],
                 face_up=[s[-1] for s in self.stacks], discard=list(self.discard),
                 variant=self.opts.variant)
        if self.opts.portal_visibility == "all_face_up":
            self.log("stacks_shown", stacks=[list(s) for s in self.stacks])
        for p in range(n):
            self.log("dealt", seat=p, cards=list(self.hands[p]), visible_to=p)
        self.log("turn_start", seat=self.active, turn=1)

    # Shared helpers ----------------------------------------------------------------------------

    def log(self, kind: str, visible_to: int | None = None, **data: Any) -> None:
        if self.quiet:
            return
        self.events.append(new_event(kind, data, None if visible_to is None
                                 else SEAT_ONLY[visible_to]))

    def draw(self, seat: int) -> int:
        """Draw the top card into ``seat``'s hand (the virtual scientist's lab in the solo
        mode), rebuilding the deck the moment it is empty (MU-DECK-5); -1 if no card can be
        had (MU-DECK-6)."""
        if not self.deck:
            self.rebuild()
            if not self.deck:
                self.log("nothing_to_draw", seat=seat,
                         **({"virtual": True} if seat >= self.n else {}))
                return -1
        card = self.deck.pop()
        if seat < self.n:
            self.hands[seat].append(card)
            self.revealed[card] = False
            self.drawn_gen[card] = self.gen
            self.log("drew", seat=seat, card=card, visible_to=seat)
            self.log("drew_card", seat=seat, hand=len(self.hands[seat]))
        if not self.deck:
            self.rebuild()
        return card

    def rebuild(self) -> None:
        """MU-DECK-5, MU-DECK-6: the discard pile becomes the deck and 5 cards (one fewer than
        the pile holds, if it holds 5 or fewer) are turned up as the new pile."""
        if not self.discard:
            return
        deck = self.discard
        self.rng.shuffle(deck)
        k = STARTING_DISCARD if len(deck) > STARTING_DISCARD else len(deck) - 1
        self.discard = [deck.pop() for _ in range(k)]
        self.deck = deck
        self.gen += 1
        self.log("deck_rebuilt", deck=len(deck), discard=list(self.discard))

    def face_up(self, t: int) -> int:
        """The face-up portal of transformer ``t``, or -1 if it is deactivated."""
        stack = self.stacks[t]
        return stack[-1] if stack else -1

    def empty_stacks(self) -> int:
        return sum(1 for s in self.stacks if not s)

    def card_name(self, card: int) -> str:
        return self.T.card_names[card]

    def portal_name(self, portal: int) -> str:
        return self.T.portal_names[portal]

    # The API -------------------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        ph = self.phase
        if ph == P.OVER:
            return TERMINAL
        if ph == P.SETS:
            return self.set_seat
        return self.active

    def _legal(self) -> list[int]:
        ph = self.phase
        if ph == P.TURN:
            return turn.legal(self)
        if ph <= P.SEAL:
            return card_actions.legal(self)
        if ph <= P.KEEP_TOOL:
            return abilities.legal(self)
        if ph == P.SETS:
            return scoring.sets_legal(self)
        return []

    def _play(self, a: int) -> None:
        self.legal_cache = None
        ph = self.phase
        if ph == P.TURN:
            turn.play(self, a)
        elif ph <= P.SEAL:
            card_actions.play(self, a)
        elif ph <= P.KEEP_TOOL:
            abilities.play(self, a)
        else:
            scoring.sets_play(self, a)
        turn.run(self)

    def _why_illegal(self, action: int) -> str:
        try:
            kind, _ = A.split(action)
        except ValueError as exc:
            return str(exc)
        what_move = self.action_label(action, self.current_player)
        card_move = kind in ("play", "prepare_tool", "discard_draw")
        if card_move and self.phase == P.TURN and self.actions < ACTIONS_PER_TURN:
            # The mover's own hand decides, so the reason may speak of it (and of nothing else).
            card = action - {"play": A.PLAY, "prepare_tool": A.PREPARE,
                             "discard_draw": A.DISCARD}[kind]
            if card not in self.hands[self.active]:
                return f"{what_move} is not possible: {self.card_name(card)} is not in your hand"
            return (f"{what_move} is not possible: that action would change nothing where "
                    "you stand (MU-TURN-4)")
        return (f"{kind.replace('_', ' ')} ({what_move}) is not legal now: "
                f"seat {self.current_player} is to decide: "
                f"{P.PHASES[self.phase].replace('_', ' ')}")

    def is_terminal(self) -> bool:
        return self.phase == P.OVER

    def outcome(self) -> Outcome | None:
        if self.phase != P.OVER:
            return None
        return scoring.outcome(self)

    @classmethod
    def shell(cls, game: Any, opts: Any, content: Any) -> MultiuniversumState:
        return MultiuniversumState(game, opts, content, 0, None)

    def search_clone(self) -> MultiuniversumState:
        """As ``FastState.search_clone``, typed for this state (the compiled build needs it)."""
        t = self.clone()
        t.quiet = 1
        t.legal_cache = None
        t.events = []
        return t

    def clone(self) -> MultiuniversumState:
        t = MultiuniversumState(self.game, self.opts, self.content, self.n, None)
        for name in _FIELDS:
            setattr(t, name, getattr(self, name))
        for name in LIST_FIELDS:
            setattr(t, name, list(getattr(self, name)))
        for name in NESTED_FIELDS:
            setattr(t, name, [list(x) for x in getattr(self, name)])
        t.events = list(self.events)
        t.rng = self.rng.copy()
        return t

    def determinize(self, seat: int, rng: random.Random) -> MultiuniversumState:
        return knowledge.determinize(self, seat, rng)

    def _forced_is_public(self) -> bool:
        """Always: how many moves the seat to move has follows from public facts alone
        (MU-OPT-11, MU-KNOW-5). The hand is the only secret that shapes a decision, and only
        the choice of the next action looks at it; there any card in hand allows at least three
        moves (prepare it, discard it, pass), so a lone move means an empty hand or no action
        left, both public. Every follow-up counts public things: the
        transformers (Move), the discard pile (Recycle), the lab's tools (Seal), the stacks
        and how many portals are placed (ability 1), the hand's size less the cards kept
        (ability 2), the face-up portals (ability 3), the play area (ability 5) and the
        sealed portals (forming sets)."""
        return True

    def action_label(self, action: int, seat: int | None) -> str:
        from ludoverse.games.multiuniversum.views import label

        return label(self, action, seat)

    def observation(self, seat: int | None) -> dict[str, Any]:
        from ludoverse.games.multiuniversum.views import observation

        return observation(self, seat)

    def to_json(self) -> dict[str, Any]:
        from ludoverse.games.multiuniversum.views import state_to_json

        return state_to_json(self)
