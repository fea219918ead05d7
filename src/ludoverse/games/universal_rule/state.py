"""The Universal Rule state: set-up, and the dispatch of decisions to the phase modules.

A game is the set-up choice (``turn``), then turns: the active player chooses an action and a
follow cost and carries it out (``turn``, ``actions_in_detail``; an Attack and its battle in
``attack``), the others follow or take the idle credit, and the turn ends with the win check
and a possible Sneak Attack Victory (``winning``). Seats go clockwise: the next player is
``seat + 1`` (UR-SETUP-1).
"""

from __future__ import annotations

import random
from typing import Any

from ludoverse.core.api import TERMINAL, Event, Outcome, new_event
from ludoverse.core.fast import FastState
from ludoverse.core.rng import Rng
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import attack, knowledge, turn, winning
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.content import UniversalRuleContent
from ludoverse.games.universal_rule.options import UniversalRuleOptions
from ludoverse.games.universal_rule.planets import Rules, rules

STARTING_CREDITS = 3
DEALT = 3
EDGE_OF_WAR_REMOVED = 3
SEAT_ONLY = tuple(frozenset((q,)) for q in range(A.MAX_SEATS))
"""The ``visible_to`` of an event only one seat may see, built once (events are immutable)."""

LIST_FIELDS = ("side", "owner", "counters", "credits", "deck", "discard", "removed",
               "revealed", "gave_up", "given_up", "queue", "funds", "sides", "final_vp")
NESTED_FIELDS = ("hands", "planets", "committed", "shown", "pending")
SCALAR_FIELDS = ("n", "first", "active", "turn", "phase", "action", "cost", "asked", "draws",
                 "atk_card", "def_card", "holder", "sneak_fleet", "sneak_tried", "winner",
                 "end_reason")


class UniversalRuleState(FastState):
    __slots__ = ("R", "content", "events", "game", "hands", "opts", "planets", "quiet",
                 "legal_cache", "rng", *LIST_FIELDS, *NESTED_FIELDS[2:], *SCALAR_FIELDS)

    def __init__(self, game: Any, opts: UniversalRuleOptions, content: UniversalRuleContent,
                 players: int, seed: int) -> None:
        self.game = game
        self.opts = opts
        self.content = content
        self.R: Rules = rules(content)
        self.n = players
        self.rng = Rng(seed)
        self.events: list[Event] = []
        self.quiet = 0
        self.legal_cache: list[int] | None = None
        self._setup()

    # Set-up (UR-SETUP) -------------------------------------------------------------------------

    def _setup(self) -> None:
        R = self.R
        n = self.n
        cards = list(R.base)
        self.removed: list[int] = []
        if self.opts.edge_of_war:  # UR-EXP-1: 20 planets shuffled, 3 removed unseen
            if len(R.base) == R.num_cards:
                raise ValueError("edge_of_war needs the Edge of War planets in the content")
            cards = list(range(R.num_cards))
            self.rng.shuffle(cards)
            self.removed = sorted(cards[:EDGE_OF_WAR_REMOVED])
            cards = cards[EDGE_OF_WAR_REMOVED:]
        self.rng.shuffle(cards)
        self.side = [-1] * R.num_cards
        self.owner = [-1] * R.num_cards
        self.counters = [0] * R.num_cards
        self.revealed = [False] * R.num_cards
        self.hands: list[list[int]] = [[cards.pop() for _ in range(DEALT)] for _ in range(n)]
        self.deck = cards
        self.discard: list[int] = []
        self.planets: list[list[int]] = [[] for _ in range(n)]
        self.credits = [STARTING_CREDITS] * n
        self.holder = -1  # UR-SETUP-4: the Universal Rule card in the centre
        self.gave_up = [-1] * n
        """Set-up: each player's given-up card until all have chosen."""
        self.given_up = [-1] * n
        """The card each player gave up, for ever (only that player knows it)."""
        self.draws = 0
        """Cards drawn from the deck since set-up."""
        self.first = 0 if self.opts.first_player == "seat0" else self.rng.below(n)
        self.active = self.first
        self.turn = 0
        self.phase = P.KEEP
        self.asked = self.first
        self.action = -1
        self.cost = 0
        self.pending: list[list[int]] = []
        self.queue: list[int] = []
        self._reset_battle()
        self.shown: list[list[int]] = [[] for _ in range(n)]
        self.sneak_fleet = 0
        self.sneak_tried = False
        self.winner = -1
        self.end_reason = ""
        self.final_vp: list[int] = []
        self.log("setup", players=n, first_player=self.first, deck=len(self.deck),
                 edge_of_war=self.opts.edge_of_war)
        for p in range(n):
            self.log("dealt", seat=p, cards=list(self.hands[p]), visible_to=p)

    def _reset_battle(self) -> None:
        self.atk_card = -1
        self.def_card = -1
        self.committed: list[list[int]] = [[] for _ in range(self.n)]
        self.funds = [-1] * self.n
        self.sides = [-1] * self.n

    # Shared helpers ----------------------------------------------------------------------------

    def log(self, kind: str, visible_to: int | None = None, **data: Any) -> None:
        if self.quiet:
            return
        self.events.append(new_event(kind, data, None if visible_to is None
                                 else SEAT_ONLY[visible_to]))

    def cap(self, seat: int) -> int:
        """UR-LIMIT-1, UR-LIMIT-2: the credit limit of ``seat`` now."""
        return self.opts.credit_cap(len(self.planets[seat]))

    def gain(self, seat: int, amount: int) -> int:
        """UR-LIMIT-3: credits arrive, and whatever is then above the limit is lost (the
        amount lost is returned, for the caller's log entry)."""
        total = self.credits[seat] + amount
        kept = min(total, self.opts.credit_cap(len(self.planets[seat])))
        self.credits[seat] = kept
        return total - kept

    def draw(self, seat: int) -> int:
        """Draw the top card, reshuffling the discard pile the moment the deck runs out
        (UR-TURN-6); -1 if both are empty."""
        if not self.deck:
            self.reshuffle()
            if not self.deck:
                self.log("nothing_to_draw", seat=seat)
                return -1
        card = self.deck.pop()
        self.draws += 1
        self.hands[seat].append(card)
        self.revealed[card] = False
        self.log("drew", seat=seat, card=card, visible_to=seat)
        self.log("drew_card", seat=seat)
        if not self.deck:
            self.reshuffle()
        return card

    def reshuffle(self) -> None:
        if self.discard:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.log("reshuffled", deck=len(self.deck))

    def name(self, card: int) -> str:
        return self.R.names[card]

    # The API -------------------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.pending:
            return self.pending[0][1]
        ph = self.phase
        if ph == P.OVER:
            return TERMINAL
        if ph in (P.KEEP, P.FOLLOW, P.COMMIT, P.FUNDS, P.COUNTER, P.INSTIGATE):
            return self.asked
        return self.active

    def _legal(self) -> list[int]:
        if self.pending:
            return turn.pending_legal(self)
        ph = self.phase
        if ph <= P.ACT or ph == P.FOLLOW:
            return turn.legal(self)
        if ph <= P.FUNDS:
            return attack.legal(self)
        if ph in (P.SNEAK, P.COUNTER):
            return winning.legal(self)
        return []

    def _play(self, a: int) -> None:
        self.legal_cache = None
        ph = self.phase
        if self.pending:
            turn.pending_play(self, a)
        elif ph <= P.ACT or ph == P.FOLLOW:
            turn.play(self, a)
        elif ph <= P.FUNDS:
            attack.play(self, a)
        else:
            winning.play(self, a)
        turn.run(self)

    def _why_illegal(self, action: int) -> str:
        try:
            kind, _ = A.split(action)
        except ValueError as exc:
            return str(exc)
        from ludoverse.games.universal_rule.views import why_illegal

        what_move = self.action_label(action, self.current_player)
        why = why_illegal(self, action)
        if not why:
            what = P.PENDING[self.pending[0][0]] if self.pending else P.PHASES[self.phase]
            why = f"seat {self.current_player} is to decide: {what.replace('_', ' ')}"
        return f"{kind.replace('_', ' ')} ({what_move}) is not legal now: {why}"

    def is_terminal(self) -> bool:
        return self.phase == P.OVER

    def outcome(self) -> Outcome | None:
        if self.phase != P.OVER:
            return None
        return winning.outcome(self)

    def clone(self) -> UniversalRuleState:
        t = object.__new__(UniversalRuleState)
        for name in self.__slots__:
            setattr(t, name, getattr(self, name))
        for name in LIST_FIELDS:
            setattr(t, name, list(getattr(self, name)))
        for name in NESTED_FIELDS:
            setattr(t, name, [list(x) for x in getattr(self, name)])
        t.events = list(self.events)
        t.rng = self.rng.copy()
        return t

    def determinize(self, seat: int, rng: random.Random) -> UniversalRuleState:
        return knowledge.determinize(self, seat, rng)

    def _forced_is_public(self) -> bool:
        return knowledge.forced_is_public(self)

    def action_label(self, action: int, seat: int | None) -> str:
        from ludoverse.games.universal_rule.views import label

        return label(self, action, seat)

    def observation(self, seat: int | None) -> dict[str, Any]:
        from ludoverse.games.universal_rule.views import observation

        return observation(self, seat)

    def to_json(self) -> dict[str, Any]:
        from ludoverse.games.universal_rule.views import state_to_json

        return state_to_json(self)
