"""The ULTIA state machine: set-up and deal, then the three phases of each year (round).

Seats are numbered in counter-clockwise order: the player on your right is ``seat + 1``, so
every "to the right" of the rulebook is ``+ 1`` (UL-SETUP-7). The phase logic lives in ``bidding``,
``exploration`` and ``reporting``; this module holds the state, the deal, and the views.
"""

from __future__ import annotations

import random
from typing import Any

from ludoverse.core.api import TERMINAL, Event, IllegalAction, Outcome, State, new_event
from ludoverse.core.rng import Rng
from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia import bidding, exploration, knowledge, reporting
from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia.content import PlanList
from ludoverse.games.ultia.options import UltiaOptions
from ludoverse.games.ultia.phases import DISCARD, OVER, PLAY, RPS

PLAYERS = 3
# Hot-path names bound once (module attribute lookups on every card play add up).
_PLAY, _OVERWORK, _NUM_CARDS = A.PLAY, A.OVERWORK, C.NUM_CARDS
_play_card, _playable = exploration.play_card, exploration.playable
_play_ids, _overwork_allowed = exploration.play_ids, exploration.overwork_allowed
DEALER_CARDS = 12
HAND_CARDS = 10


class UltiaState(State):
    __slots__ = (
        "best",
        "best_seat",
        "bid_log",
        "bidder",
        "dealer",
        "discards_left",
        "events",
        "excluded",
        "game",
        "hands",
        "high_bidder",
        "high_plan",
        "high_trump",
        "known",
        "last_round",
        "last_trick",
        "last_trick_leader",
        "leader",
        "legal_cache",
        "main",
        "n",
        "opts",
        "out",
        "overwork",
        "passes",
        "phase",
        "plan",
        "plans",
        "playable_cache",
        "progress",
        "quiet",
        "reveal_queue",
        "revealed",
        "rng",
        "round",
        "round_results",
        "rps_choices",
        "rps_points",
        "rps_seats",
        "rps_throws",
        "talon",
        "talon_owner",
        "trace",
        "trick",
        "trick_no",
        "trick_winners",
        "tricks",
        "trump",
        "winners",
        "won",
    )
    # Set when a year's bidding starts (bidding.start), not here; declared so that the
    # compiled build (mypyc, see ``ludoverse.core.compiled``) knows their types.
    phase: int
    bidder: int
    passes: int
    out: int  # bit per seat
    discards_left: int
    high_plan: int
    high_bidder: int
    high_trump: int
    bid_log: list[list[Any]]

    def __init__(self, game: Any, opts: UltiaOptions, plans: PlanList, seed: int | None) -> None:
        """A new game from ``seed``; with ``seed=None``, an empty shell for a copy to fill in.

        (A compiled class can only be made through its ``__init__``, so copies come here too.)
        """
        self.game = game
        self.opts = opts
        self.plans = plans
        if seed is None:
            return
        self.quiet = 0
        self.legal_cache: list[int] | None = None
        self.playable_cache = -1
        self.n = PLAYERS
        self.rng = Rng(seed)
        self.events: list[Event] = []
        self.progress = [0] * self.n
        self.round = 0
        self.round_results: list[dict[str, Any]] = []
        self.last_round: list[list[int]] = [[0, 0, 0, 0] for _ in range(self.n)]
        self.winners: list[int] = []
        self.trace: list[str] = []
        self.rps_seats: list[int] = []
        self.rps_points: dict[int, int] = {}
        self.rps_choices: dict[int, int] = {}
        self.rps_throws = 0
        first = 0 if opts.first_dealer == "seat0" else self.rng.below(self.n)  # UL-SETUP-3
        self.start_round(first)

    # Set-up ----------------------------------------------------------------------------------

    def start_round(self, dealer: int) -> None:
        """UL-SETUP-4: shuffle the 32 cards; the dealer gets 12, the others 10 each."""
        self.round += 1
        self.dealer = dealer
        deck = list(range(C.NUM_CARDS))
        self.rng.shuffle(deck)
        self.hands = [0] * self.n
        pos = 0
        for k in range(self.n):
            seat = (dealer + k) % self.n
            size = DEALER_CARDS if seat == dealer else HAND_CARDS
            hand = 0
            for c in deck[pos : pos + size]:
                hand |= 1 << c
            self.hands[seat] = hand
            pos += size
        self.talon = 0
        self.talon_owner = -1
        self.known: list[dict[int, int]] = [{} for _ in range(self.n)]
        self.excluded = [0] * self.n
        self.revealed = [0] * self.n
        self.main = -1
        self.plan = -1
        self.trump = exploration.NO_TRUMP
        self.trick: list[int] = []
        self.trick_no = 0
        self.leader = -1
        self.best = self.best_seat = -1
        self.won = [0] * self.n
        self.tricks = [0] * self.n
        self.trick_winners: list[int] = []
        self.last_trick: list[int] = []
        self.last_trick_leader = -1
        self.overwork = 0
        self.reveal_queue: list[int] = []
        if not self.quiet:
            self.log("deal", round=self.round, dealer=dealer,
                     hand_sizes=[h.bit_count() for h in self.hands])
            for p in range(self.n):
                self.log("hand", seat=p, cards=C.codes_of(self.hands[p]),
                         visible_to=p)
        bidding.start(self)

    def log(self, kind: str, visible_to: int | None = None, **data: Any) -> None:
        if self.quiet:
            return
        if visible_to is None:
            self.events.append(new_event(kind, data))
        else:
            self.events.append(new_event(kind, data, frozenset((visible_to,))))

    # The API -----------------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        ph = self.phase
        if ph <= DISCARD:
            return self.bidder
        if ph <= PLAY:
            return exploration.current(self)
        if ph == RPS:
            return reporting.rps_current(self)
        return TERMINAL

    def edited(self) -> None:
        """Forget the kept legal moves: call it after changing a position in place other than
        by playing a move (a determinisation, a position built by hand)."""
        self.legal_cache = None
        self.playable_cache = -1

    def legal_actions(self) -> list[int]:
        # One list per position, kept until the next move. In trick play the forced check
        # after a move leaves the playable mask (``playable_cache``), and the list is built
        # from it only when asked for: playouts pick cards without it. ``_apply`` clears
        # both; anything else that edits a state in place calls ``edited``.
        legal = self.legal_cache
        if legal is None:
            m = self.playable_cache
            if m >= 0:
                overwork = self.trick_no < 2 and _overwork_allowed(
                    self, (self.leader + len(self.trick)) % self.n)
                legal = _play_ids(m, overwork)
                if not self.quiet:  # a fresh list for the caller; the mask answers ``apply``
                    return legal
            else:
                legal = self._legal()
            self.legal_cache = legal
        return legal if self.quiet else list(legal)  # search reads its own list; others copy

    def _legal(self) -> list[int]:
        ph = self.phase
        if ph <= DISCARD:
            return bidding.legal(self)
        if ph <= PLAY:
            return exploration.legal(self)
        if ph == RPS:
            return [A.RPS, A.RPS + 1, A.RPS + 2]
        return []

    # ``object``, not ``int``: compiled, an ``int`` parameter would answer a hostile argument
    # with a TypeError instead of the rules' IllegalAction.
    def apply(self, action: object) -> None:
        if self.phase == PLAY and type(action) is int:
            # Fast path: a card this position is known to allow needs no checks. The kept
            # playable mask answers for plain card plays, the kept list for the rest.
            m = self.playable_cache
            c = action - _PLAY
            if m >= 0 and 0 <= c < _NUM_CARDS:
                listed = m >> c & 1
            else:
                legal = self.legal_cache
                listed = legal is not None and action in legal
            if listed:
                self.legal_cache = None
                self.playable_cache = -1
                if self.quiet:
                    self.quiet = 2  # played on: its knowledge is no longer kept (search_clone)
                seat = (self.leader + len(self.trick)) % self.n
                if action < _OVERWORK:
                    _play_card(self, seat, c, False)
                else:
                    _play_card(self, seat, action - _OVERWORK, True)
            else:
                self._checked_apply(action)
        else:
            self._checked_apply(action)
        if self.opts.auto_forced:  # UL-OPT-13
            while self.phase != OVER:
                forced = self._forced()
                if forced < 0:
                    break
                if self.phase == PLAY:  # the card came from the rules: no checks
                    seat = (self.leader + len(self.trick)) % self.n
                    _play_card(self, seat, forced - _PLAY, False)
                else:
                    self._apply(forced)

    def _checked_apply(self, action: object) -> None:
        if type(action) is not int:  # bool included
            raise IllegalAction(f"an action is an int id, not {type(action).__name__}")
        if not self.quiet and not 0 <= action < A.NUM_ACTIONS:
            raise IllegalAction(
                f"ULTIA has no action {action} (ids are 0-{A.NUM_ACTIONS - 1})", action)
        self._apply(action)

    def _forced(self) -> int:
        """The only legal action if everyone can see it is the only one, else -1 (UL-OPT-13).

        Outside trick play what a seat may do follows from public facts alone (the standing
        bid, who passed, hand and reveal counts), so a lone legal action there is a public
        one: e.g. the high bidder's pass. Discards, trump naming and rock-paper-scissors
        always offer several choices. In trick play the legal cards depend on the hidden
        hand; a card is played for its owner only when the public view pins the number of
        legal moves to one (:func:`exploration.publicly_forced`), never merely because the
        hand happens to allow one card. Otherwise the seat is asked, like any other.

        When the seat is asked, its playable cards are kept (``playable_cache``) for
        ``legal_actions``, ``apply`` and the playout policy.
        """
        if self.phase == PLAY:
            seat = (self.leader + len(self.trick)) % self.n
            m = _playable(self, seat)
            # A publicly forced seat always has exactly one legal card, so several playable
            # cards answer the question without the public view (most positions). With
            # Overwork allowed there is always a choice: the card with it or without.
            if m & (m - 1) or (self.trick_no < 2 and _overwork_allowed(self, seat)) \
                    or not exploration.publicly_forced(self, seat, m):
                self.playable_cache = m
                return -1
            return A.PLAY + m.bit_length() - 1
        legal = self.legal_actions()
        return legal[0] if len(legal) == 1 else -1

    def _apply(self, a: int) -> None:
        self.legal_cache = None
        self.playable_cache = -1
        if self.quiet:
            self.quiet = 2  # played on: its knowledge is no longer kept (see search_clone)
        ph = self.phase
        if ph <= DISCARD:
            bidding.apply(self, a)
        elif ph <= PLAY:
            exploration.apply(self, a)
        elif ph == RPS:
            reporting.rps_apply(self, a)
        else:
            raise IllegalAction("the game is over", a)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        winners = tuple(self.winners)
        names = " and ".join(f"seat {p}" for p in winners)
        reached = "above" if self.opts.win_compare == "exceed" else "at or above"
        top = self.progress[winners[0]] / 2
        reason = f"{names} {'share' if len(winners) > 1 else 'wins'} with {top:g}% progress " \
                 f"({reached} 100% after year {self.round})"
        return Outcome(
            scores=tuple(v / 2 for v in self.progress),
            ranking=reporting.outcome_places(self),
            winners=winners,
            reason=reason,
            tiebreak_trace=tuple(self.trace),
        )

    def setup(self) -> tuple[int, UltiaOptions, PlanList]:
        return self.n, self.opts, self.plans

    def clone(self) -> UltiaState:
        return self.clone_with(list(self.events))

    def clone_with(self, events: list[Event]) -> UltiaState:
        """A copy that shares nothing mutable, with ``events`` as its log.

        Field by field, written out: a getattr/setattr loop over ``__slots__`` costs several
        times more, and search copies a state at every iteration. Every slot is set here.
        """
        t = UltiaState(self.game, self.opts, self.plans, None)
        t.n, t.rng = self.n, self.rng.copy()
        t.quiet, t.legal_cache, t.playable_cache = \
            self.quiet, self.legal_cache, self.playable_cache
        t.events = events
        t.phase, t.round, t.dealer = self.phase, self.round, self.dealer
        # Phase 1: bidding
        t.bidder, t.passes, t.out, t.discards_left = \
            self.bidder, self.passes, self.out, self.discards_left
        t.high_plan, t.high_bidder, t.high_trump = \
            self.high_plan, self.high_bidder, self.high_trump
        t.talon, t.talon_owner = self.talon, self.talon_owner
        t.bid_log = list(self.bid_log)
        t.known = [dict(k) for k in self.known]
        # Phase 2: exploration
        t.main, t.plan, t.trump, t.overwork = self.main, self.plan, self.trump, self.overwork
        t.trick_no, t.leader, t.best, t.best_seat, t.last_trick_leader = \
            self.trick_no, self.leader, self.best, self.best_seat, self.last_trick_leader
        t.hands, t.won, t.tricks = list(self.hands), list(self.won), list(self.tricks)
        t.revealed, t.excluded = list(self.revealed), list(self.excluded)
        t.trick, t.trick_winners = list(self.trick), list(self.trick_winners)
        t.last_trick, t.reveal_queue = list(self.last_trick), list(self.reveal_queue)
        # Phase 3: reporting and the end
        t.progress, t.round_results = list(self.progress), list(self.round_results)
        t.last_round = [list(r) for r in self.last_round]
        t.winners, t.trace = list(self.winners), list(self.trace)
        t.rps_seats, t.rps_throws = list(self.rps_seats), self.rps_throws
        t.rps_points, t.rps_choices = dict(self.rps_points), dict(self.rps_choices)
        return t

    def search_clone(self) -> UltiaState:
        """No event log, no legality checks, and no knowledge bookkeeping once it plays on."""
        t = self.clone_with([])
        t.quiet = 1
        t.edited()
        return t

    def determinize(self, seat: int, rng: random.Random) -> UltiaState:
        return knowledge.determinize(self, seat, rng)

    def action_label(self, action: int, seat: int | None) -> str:
        """The mover reads its choice in full; others only what the move shows (UL-KNOW-2,
        UL-KNOW-8)."""
        if seat is not None and seat == self.current_player:
            return A.label(action, self.plans)
        last_throw = self.phase == RPS and len(self.rps_choices) + 1 == len(self.rps_seats)
        return A.public_label(action, self.plans, last_throw)

    # Views -------------------------------------------------------------------------------------

    def observation(self, seat: int | None) -> dict[str, Any]:
        from ludoverse.games.ultia.views import observation

        return observation(self, seat)

    def to_json(self) -> dict[str, Any]:
        from ludoverse.games.ultia.views import state_to_json

        return state_to_json(self)

