"""Phase 2: Exploration (trick-taking).

At the start the Main Surveyor names trump unless the plan fixed it while bidding, and any
reveals the plan requires happen. Then 10 tricks: the Main Surveyor leads the first, players
follow suit when they can, the highest trump wins (else the highest card of the lead suit)
and the winner leads the next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.core.api import IllegalAction, new_event
from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia import knowledge, reporting
from ludoverse.games.ultia.phases import PLAY, REVEAL, TRUMP_CHOICE

if TYPE_CHECKING:
    from ludoverse.games.ultia.rules import UltiaState

NO_TRUMP = -1
TRICKS_PER_ROUND = 10


BEATS = C.BEATS  # the table lives with the cards; its old home still names it


def start(s: UltiaState) -> None:
    """UL-EXP-1..UL-EXP-3, UL-PLAY-1: settle trump, then reveals; the Main Surveyor leads."""
    plan = s.plans.plan[s.plan]
    s.trick = []
    s.trick_no = 0
    s.leader = s.main
    s.won = [0] * s.n
    s.tricks = [0] * s.n
    s.trick_winners = []
    s.overwork = 0
    s.revealed = [0] * s.n
    if plan.trump == "bid":
        s.trump = s.high_trump
        _trump_named(s)
    elif plan.trump == "none":
        s.trump = NO_TRUMP
        s.log("no_trump")
        _start_reveals(s)
    else:
        s.trump = NO_TRUMP
        s.phase = TRUMP_CHOICE


def _trump_named(s: UltiaState) -> None:
    s.log("trump", seat=s.main, suit=C.SUIT_NAMES[s.trump])
    _start_reveals(s)


def _start_reveals(s: UltiaState) -> None:
    """UL-EXP-4: reveals happen before the first card, starting with the Main Surveyor."""
    plan = s.plans.plan[s.plan]
    s.reveal_queue = []
    rv = plan.reveal
    if rv is not None:
        order = [(s.main + k) % s.n for k in range(s.n)]
        seats = [p for p in order if rv.who == "all" or (rv.who == "main") == (p == s.main)]
        for p in seats:
            if rv.cards == "hand":
                _show(s, p, s.hands[p])
            elif rv.cards == "trumps":
                trumps = C.SUIT_MASK[s.trump] if s.trump >= 0 else 0
                _show(s, p, s.hands[p] & trumps)
                # Everyone now knows every trump this seat holds: no other can be imagined
                # in its hand (UL-KNOW-7).
                s.excluded[p] |= trumps & ~s.hands[p]
            else:
                s.reveal_queue.extend([p] * min(rv.count, s.hands[p].bit_count()))
    _next_reveal(s)


def _show(s: UltiaState, seat: int, mask: int) -> None:
    """UL-KNOW-5: revealed cards stay public until they are played."""
    s.revealed[seat] |= mask
    for c in C.cards_of(mask):
        knowledge.on_public(s, c)  # its place is public now
    s.log("reveal", seat=seat, cards=C.codes_of(mask))


def _next_reveal(s: UltiaState) -> None:
    if s.reveal_queue:
        s.phase = REVEAL
    else:
        s.phase = PLAY
        s.log("exploration_begins", leader=s.leader)


def current(s: UltiaState) -> int:
    if s.phase == TRUMP_CHOICE:
        return s.main
    if s.phase == REVEAL:
        return s.reveal_queue[0]
    return (s.leader + len(s.trick)) % s.n


def playable(s: UltiaState, seat: int) -> int:
    """The cards ``seat`` may play now, as a mask (UL-PLAY-2..UL-PLAY-5; the Japanese options
    UL-OPT-3 and UL-OPT-4)."""
    hand = s.hands[seat]
    if not s.trick:
        return hand
    lead = C.suit_of(s.trick[0])
    trump = s.trump
    follow = hand & C.SUIT_MASK[lead]
    opts = s.opts
    if follow:
        cands, ruffing = follow, False
    elif opts.void_play != "free" and trump >= 0 and hand & C.SUIT_MASK[trump]:
        cands, ruffing = hand & C.SUIT_MASK[trump], True
    else:
        cands, ruffing = hand, False
    if opts.must_win or (ruffing and opts.void_play == "must_ruff_overruff"):
        winners = cands & BEATS[trump + 1][s.best]
        if winners:
            return winners
    return cands


def _count_bounds(sure: int, possible: int, size: int, cls: int) -> tuple[int, int]:
    """Fewest and most cards of ``cls`` in a hand of ``size`` cards that holds ``sure`` and
    lies within ``possible``."""
    low = max((sure & cls).bit_count(), size - (possible & ~cls).bit_count())
    return low, min((possible & cls).bit_count(), size)


def public_hand(s: UltiaState, seat: int) -> tuple[int, int]:
    """``(sure, possible)``: the cards everyone knows ``seat`` holds (shown and not yet
    played), and every card it may hold as far as a spectator can tell: not yet played, not
    shown in another hand, not ruled out by its own plays (``excluded``, UL-KNOW-7)."""
    # Every card is in a hand, face down, in the trick or in a won pile, so the cards not
    # yet played are the hands and the face-down pair: one OR per seat, no pile scan.
    unplayed = s.talon
    shown_elsewhere = 0
    for p in range(s.n):
        unplayed |= s.hands[p]
        if p != seat:
            shown_elsewhere |= s.revealed[p]
    sure = s.revealed[seat]
    return sure, (unplayed & ~shown_elsewhere & ~s.excluded[seat]) | sure


def publicly_forced(s: UltiaState, seat: int, m: int = -1) -> bool:
    """Whether every seat and a spectator can tell that ``seat`` has exactly one card to
    play now (UL-OPT-13). Conservative: it answers from public facts only, so it is the same
    in every deal a seat cannot tell from the real one, and True guarantees one legal card.

    Public facts settle it when the seat holds one card; when its whole hand is known (shown,
    or pinned down by what has been played and ruled out) and allows one card; when it
    surely holds exactly one card of the suit led; or, when it must trump, when it is surely
    void in the suit led and surely holds exactly one trump. ``m`` is :func:`playable`'s
    mask when the caller has it already.
    """
    hands = s.hands
    size = hands[seat].bit_count()
    if size <= 1:
        return True
    # public_hand(s, seat), written out for the three seats: this runs after every move
    unplayed = s.talon | hands[0] | hands[1] | hands[2]
    revealed = s.revealed
    sure = revealed[seat]
    possible = (unplayed & ~(revealed[0] | revealed[1] | revealed[2]) & ~s.excluded[seat]) | sure
    if sure.bit_count() == size or possible == hands[seat]:  # (the hand lies within possible)
        if m < 0:
            m = playable(s, seat)  # the hand is public, so is what it may play
        return not m & (m - 1)
    if not s.trick:
        return False  # the leader may lead any of its cards
    # ``_count_bounds`` for the suit led, written out: at most one possible card of it
    # decides most calls without the lower bound.
    led = C.SUIT_MASK[s.trick[0] >> 3]
    most = (possible & led).bit_count()
    if most == 1:
        least = max((sure & led).bit_count(), size - (possible & ~led).bit_count())
        return least == 1  # its one card of the suit led, whatever the other options say
    trump = s.trump
    if most == 0 and s.opts.void_play != "free" and trump >= 0:
        return _count_bounds(sure, possible, size, C.SUIT_MASK[trump]) == (1, 1)
    return False


def overwork_allowed(s: UltiaState, seat: int) -> bool:
    """UL-OW-2, UL-OW-3: Sub Surveyors with their card in trick 1, the Main Surveyor in trick 2,
    once each."""
    if s.opts.overwork != "on" or s.overwork >> seat & 1:
        return False
    if seat == s.main:
        return s.trick_no == 1
    return s.trick_no == 0


_PLAY_IDS = C.id_tables(A.PLAY)


def legal(s: UltiaState) -> list[int]:
    if s.phase == TRUMP_CHOICE:
        return [A.TRUMP + t for t in range(C.NUM_SUITS)]
    if s.phase == REVEAL:
        seat = s.reveal_queue[0]
        return [A.REVEAL + c for c in C.cards_of(s.hands[seat] & ~s.revealed[seat])]
    seat = (s.leader + len(s.trick)) % s.n
    m = playable(s, seat)
    return play_ids(m, s.trick_no < 2 and overwork_allowed(s, seat))


def play_ids(m: int, overwork: bool) -> list[int]:
    """The legal list of trick play: each card of mask ``m``, then each with Overwork."""
    d, sc, p, b = _PLAY_IDS
    out = [*d[m & 255], *sc[m >> 8 & 255], *p[m >> 16 & 255], *b[m >> 24 & 255]]
    if overwork:
        out += [A.OVERWORK + c for c in C.cards_of(m)]
    return out


def apply(s: UltiaState, a: int) -> None:
    if s.phase == TRUMP_CHOICE:
        if not A.TRUMP <= a < A.TRUMP + C.NUM_SUITS:
            raise IllegalAction("name the trump suit", a)
        s.trump = a - A.TRUMP
        _trump_named(s)
        return
    if s.phase == REVEAL:
        seat = s.reveal_queue[0]
        c = a - A.REVEAL
        if not 0 <= c < C.NUM_CARDS:
            raise IllegalAction("choose a card of your hand to reveal", a)
        if not (s.hands[seat] & ~s.revealed[seat]) >> c & 1:
            raise IllegalAction(f"{C.name(c)} is not an unrevealed card of your hand", a)
        s.reveal_queue.pop(0)
        _show(s, seat, 1 << c)
        _next_reveal(s)
        return
    seat = (s.leader + len(s.trick)) % s.n
    if s.quiet:  # a search copy: ``a`` came from legal_actions()
        if a < A.OVERWORK:
            play_card(s, seat, a - A.PLAY, False)
        else:
            play_card(s, seat, a - A.OVERWORK, True)
        return
    if A.PLAY <= a < A.PLAY + C.NUM_CARDS:
        c, ow = a - A.PLAY, False
    elif A.OVERWORK <= a < A.OVERWORK + C.NUM_CARDS:
        c, ow = a - A.OVERWORK, True
        if not overwork_allowed(s, seat):
            raise IllegalAction(_why_no_overwork(s, seat), a)
    else:
        raise IllegalAction("play a card", a)
    if not s.hands[seat] >> c & 1:
        raise IllegalAction(f"{C.name(c)} is not in your hand", a)
    if not playable(s, seat) >> c & 1:
        raise IllegalAction(_why_unplayable(s, seat, c), a)
    play_card(s, seat, c, ow)


def _why_no_overwork(s: UltiaState, seat: int) -> str:
    if s.opts.overwork != "on":
        return "Overwork is not in play (option overwork=off)"
    if s.overwork >> seat & 1:
        return "you have already declared Overwork"
    if seat == s.main:
        return "the Main Surveyor may declare Overwork only with their card in trick 2"
    return "Sub Surveyors may declare Overwork only with their card in trick 1"


def _why_unplayable(s: UltiaState, seat: int, c: int) -> str:
    lead = C.suit_of(s.trick[0])
    hand = s.hands[seat]
    if hand & C.SUIT_MASK[lead]:
        if C.suit_of(c) != lead:
            return f"you must follow suit: play {C.SUIT_NAMES[lead]}"
        return f"you must beat the trick with a higher {C.SUIT_SINGULAR[lead]} when you can"
    if s.trump >= 0 and hand & C.SUIT_MASK[s.trump] and s.opts.void_play != "free":
        if C.suit_of(c) != s.trump:
            return f"you cannot follow, so you must play {C.SUIT_NAMES[s.trump]} (trump)"
        return "you must over-trump the trick when you can"
    return "you must play a card that beats the trick when you can"


def play_card(s: UltiaState, seat: int, c: int, overwork: bool) -> None:
    b = 1 << c
    trick = s.trick
    if not s.quiet:  # search copies are not determinised again, so they skip the bookkeeping
        if trick and (c >> 3 != trick[0] >> 3 or s.opts.must_win):
            # Following suit proves nothing unless the card had to beat the trick.
            knowledge.on_play_inference(s, seat, c)
        for known in s.known:  # knowledge.on_public, inlined: the card's place is public now
            if c in known:
                del known[c]
        # The event built directly: ``log``'s keyword packing costs more than the record.
        data = {"seat": seat, "card": C.CODES[c], "overwork": True} if overwork else \
            {"seat": seat, "card": C.CODES[c]}
        s.events.append(new_event("play", data))
    s.hands[seat] &= ~b
    s.revealed[seat] &= ~b
    if overwork:
        s.overwork |= 1 << seat
    if not trick or BEATS[s.trump + 1][s.best] & b:
        s.best, s.best_seat = c, seat
    trick.append(c)
    if len(trick) == s.n:
        _end_trick(s)


def _end_trick(s: UltiaState) -> None:
    """UL-PLAY-6..UL-PLAY-8: the highest trump (else highest of the lead suit) wins and leads
    next; after the 10th trick the year is reported."""
    w = s.best_seat
    trick = s.trick
    pile = 0
    for c in trick:
        pile |= 1 << c
    s.won[w] |= pile
    s.tricks[w] += 1
    s.trick_winners.append(w)
    s.last_trick = trick  # the finished trick's list is not changed again, so it is kept
    s.last_trick_leader = s.leader
    if not s.quiet:
        codes = C.CODES
        s.events.append(new_event("trick", {"number": s.trick_no + 1, "winner": w,
                                        "cards": [codes[c] for c in trick]}))
    s.trick = []
    s.leader = w
    s.trick_no += 1
    if s.trick_no == TRICKS_PER_ROUND:
        reporting.report(s)
