"""Builders for the ULTIA rule tests: positions written as card codes, and a small plan list.

Cards are written as in the engine's notation: a suit letter (D = Drills, S = Scanners,
P = Probes, B = Beacons) and a rank 1-8, e.g. ``"D8"``. Seats are numbered counter-clockwise,
so the player on a seat's right is ``seat + 1``.

The tests use their own plan list (:data:`TEST_PLANS`) so that they never depend on the
progress values of the shipped list, which are tuned by simulation.
"""

from __future__ import annotations

from typing import Any

from ludoverse.games.ultia import GAME, UltiaState, reporting
from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia.phases import CHOOSE, DECLARE, DISCARD, TRUMP_CHOICE


def plan(
    plan_id: str,
    progress: int,
    trump: str = "exploration",
    reveal: dict[str, Any] | None = None,
    **conditions: Any,
) -> dict[str, Any]:
    """One entry of a plan list, in the TOML schema."""
    entry: dict[str, Any] = {
        "id": plan_id,
        "name": plan_id.replace("_", " ").title(),
        "progress": progress,
        "trump": trump,
        "conditions": conditions,
        "description": f"test plan {plan_id}",
        "provenance": "reconstructed",
    }
    if reveal is not None:
        entry["reveal"] = reveal
    return entry


TEST_PLANS: dict[str, Any] = {
    "name": "rule-test plans",
    "plan": [
        plan("survey", 10, tricks_min=5),  # 10%: the value of the rulebook's Overwork example
        plan("odd_survey", 15, tricks_min=5),
        plan("rich_vein", 20, high_cards={"rank_min": 7, "count": 5}),
        plan("declared", 30, trump="bid", tricks_min=6),
        plan("silent", 40, trump="none", tricks_max=0),
        plan("open_hand", 50, reveal={"who": "main", "cards": "hand"}, tricks_min=6),
        plan("open_trumps", 60, reveal={"who": "main", "cards": "trumps"}, tricks_min=6),
        plan("scouted", 70, reveal={"who": "subs", "cards": "choose", "count": 2}, tricks_min=6),
        plan("sweep", 80, tricks_min=10),
    ],
}
PLAN_IDS = [p["id"] for p in TEST_PLANS["plan"]]


# Cards -------------------------------------------------------------------------------------------


def mask(codes: str) -> int:
    """``"D8 S1"`` -> bitmask; duplicates are a mistake in the test."""
    m = 0
    for token in codes.split():
        b = 1 << C.parse(token)
        assert not m & b, f"{token} written twice"
        m |= b
    return m


def codes(m: int) -> str:
    return " ".join(C.code(c) for c in C.cards_of(m))


def suit(letter: str) -> int:
    return C.SUIT_LETTERS.index(letter)


# Action ids --------------------------------------------------------------------------------------


def declare_id(s: UltiaState, plan_id: str) -> int:
    return A.DECLARE + [p.id for p in s.plans.plan].index(plan_id)


def play_id(code: str, overwork: bool = False) -> int:
    return (A.OVERWORK if overwork else A.PLAY) + C.parse(code)


def legal_cards(s: UltiaState, overwork: bool = False) -> set[str]:
    """The cards the current player may play (optionally: with an Overwork declaration)."""
    base = A.OVERWORK if overwork else A.PLAY
    return {C.code(a - base) for a in s.legal_actions() if base <= a < base + C.NUM_CARDS}


# Building positions ------------------------------------------------------------------------------


def new_game(seed: int = 0, plans: Any = None, **options: Any) -> UltiaState:
    """A game on the test plan list; seat 0 deals first unless ``first_dealer`` says otherwise."""
    options.setdefault("first_dealer", "seat0")
    return GAME.new_game(players=3, seed=seed, options=options,
                         content=TEST_PLANS if plans is None else plans)


def new_round(dealer: int = 0, seed: int = 0, plans: Any = None, **options: Any) -> UltiaState:
    """The first year of a game, dealt by ``dealer``."""
    s = new_game(seed=seed, plans=plans, **options)
    if dealer != s.dealer:
        s.events.clear()
        s.round = 0
        s.start_round(dealer)
    return s


def set_hands(s: UltiaState, hands: list[str], face_down: str | None = None) -> None:
    """Replace the hands (and the face-down pile: by default every card not in a hand)."""
    masks = [mask(h) for h in hands]
    used = 0
    for m in masks:
        assert not used & m, "a card is in two hands"
        used |= m
    s.hands = masks
    s.talon = C.ALL_CARDS & ~used if face_down is None else mask(face_down)
    # The old deal is gone: so is its log, which would show each seat its old hand.
    s.events.clear()
    for p in range(3):
        s.log("hand", seat=p, cards=codes(masks[p]).split(), visible_to=p)


def declare(s: UltiaState, plan_id: str, trump: str | None = None) -> None:
    """Declare a plan (naming trump if the plan fixes it while bidding)."""
    if s.phase == CHOOSE:
        s.apply(A.TAKE)
    s.apply(declare_id(s, plan_id))
    if trump is not None:
        s.apply(A.TRUMP + suit(trump))


def discard(s: UltiaState, cards: str) -> None:
    for token in cards.split():
        s.apply(A.DISCARD + C.parse(token))


def bid(s: UltiaState, plan_id: str, discards: str | None = None, trump: str | None = None) -> None:
    """A whole bid by the active bidder: take (unless opening), declare, discard two cards.

    Without ``discards`` the bidder lets go of the two lowest cards of their hand.
    """
    seat = s.current_player
    declare(s, plan_id, trump)
    assert s.phase == DISCARD
    if discards is None:
        discards = codes(s.hands[seat]).split()[0] + " " + codes(s.hands[seat]).split()[1]
    discard(s, discards)


def pass_bid(s: UltiaState) -> None:
    s.apply(A.PASS)


def exploration_state(
    hands: list[str],
    plan_id: str = "survey",
    main: int = 0,
    trump: str | None = None,
    face_down: str | None = None,
    seed: int = 0,
    plans: Any = None,
    **options: Any,
) -> UltiaState:
    """A year whose bidding ended with ``main`` declaring ``plan_id`` and everyone else passing.

    ``hands`` replaces the deal after the declaration (before the first trick). ``trump`` is
    the suit letter: named while bidding for plans that fix it then, else chosen by the Main
    Surveyor when Exploration begins (leave it ``None`` to stop before that choice).

    Forced moves are not played automatically here (``auto_forced=False`` unless given), so
    an example plays every card itself, even a player's last or only legal one.
    """
    options.setdefault("auto_forced", False)
    s = new_round(dealer=main, seed=seed, plans=plans, **options)
    assert s.phase == DECLARE
    fixes_trump = s.plans.plan[declare_id(s, plan_id) - A.DECLARE].trump == "bid"
    bid(s, plan_id, trump=trump if fixes_trump else None)
    set_hands(s, hands, face_down)
    while s.phase == CHOOSE:
        pass_bid(s)
    if s.phase == TRUMP_CHOICE and trump is not None:
        s.apply(A.TRUMP + suit(trump))
    return s


def play(s: UltiaState, *cards: str) -> None:
    """Play cards in turn order; a trailing ``!`` declares Overwork with the card (``"D5!"``)."""
    for token in cards:
        s.apply(play_id(token.rstrip("!"), overwork=token.endswith("!")))


def reveal(s: UltiaState, *cards: str) -> None:
    """The current revealing player shows these cards, one decision each."""
    for token in cards:
        s.apply(A.REVEAL + C.parse(token))


def finish_year(s: UltiaState) -> None:
    """Play the rest of the year with the lowest legal action id at every decision.

    That is: pass when allowed (else the cheapest plan), the lowest cards for discards and
    reveals, the first suit as trump, the lowest legal card without Overwork, and "rock".
    """
    year = s.round
    while s.round == year and not s.is_terminal():
        s.apply(min(s.legal_actions()))


def end_round(
    s: UltiaState,
    tricks: list[int],
    won: list[str] | None = None,
    overwork: tuple[int, ...] = (),
) -> None:
    """Skip the card play: record how many tricks (and which cards) each seat won, then report.

    Trick winners are recorded in seat order (the Main Surveyor's tricks are not the last
    unless they won all of them); use a real played-out round for trick-position plans.
    """
    assert sum(tricks) == 10
    s.tricks = list(tricks)
    s.trick_winners = [p for p in range(3) for _ in range(tricks[p])]
    s.won = [0, 0, 0] if won is None else [mask(w) for w in won]
    s.hands = [0, 0, 0]
    s.trick_no = 10
    for p in overwork:
        s.overwork |= 1 << p
    reporting.report(s)


def set_progress(s: UltiaState, percent: list[float]) -> None:
    """Put the markers on the Progress Meter (percent; stored in half-percent units)."""
    s.progress = [round(2 * v) for v in percent]


def progress(s: UltiaState) -> list[float]:
    return [v / 2 for v in s.progress]


def visible_text(s: UltiaState, seat: int | None) -> str:
    """Everything ``seat`` may see: its observation and its events, as one string to search."""
    import json

    obs = s.observation(seat)
    events = [e.to_json() for e in s.events_for(seat)]
    return json.dumps([obs, events])
