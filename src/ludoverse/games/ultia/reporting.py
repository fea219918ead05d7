"""Phase 3: Reporting, the end of the game, and the tie-breakers.

A completed plan moves the Main Surveyor by its progress; a failed one moves each Sub
Surveyor by half. Overwork doubles the progress once per declarer. Progress is kept in
half-percent units so halves stay exact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.core.api import IllegalAction
from ludoverse.core.outcome import places
from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia.content import Plan
from ludoverse.games.ultia.phases import OVER, RPS

if TYPE_CHECKING:
    from ludoverse.games.ultia.rules import UltiaState

GOAL = 200  # 100 % in half-percent units
RPS_TARGET = 2  # best of three
RPS_MAX_THROWS = 60  # a deterministic pair of bots could tie forever; then the win is shared


def counted_cards(s: UltiaState, seat: int) -> int:
    """Cards won by ``seat`` this round, with the face-down pair if the ``talon`` option says so
    (UL-REPORT-4, UL-OPT-10)."""
    won = s.won[seat]
    rule = s.opts.talon
    if (rule == "main_surveyor" and seat == s.main) or (rule == "sub_surveyors" and seat != s.main):
        won |= s.talon
    return won


def check_plan(s: UltiaState, plan: Plan) -> list[str]:
    """The plan's conditions the Main Surveyor failed (empty list: the plan succeeded).

    UL-PLAN-4, UL-REPORT-1: every condition is checked against the Main Surveyor's won cards.
    """
    c = plan.conditions
    main = s.main
    won = counted_cards(s, main)
    tricks = s.tricks[main]
    failed = []
    if c.tricks_min is not None and tricks < c.tricks_min:
        failed.append(f"won {tricks} tricks, needed at least {c.tricks_min}")
    if c.tricks_max is not None and tricks > c.tricks_max:
        failed.append(f"won {tricks} tricks, allowed at most {c.tricks_max}")
    for t in c.win_tricks:
        if s.trick_winners[t - 1] != main:
            failed.append(f"did not win trick {t}")
    if c.high_cards is not None:
        n = (won & C.rank_at_least_mask(c.high_cards.rank_min)).bit_count()
        if n < c.high_cards.count:
            failed.append(
                f"won {n} cards of rank {c.high_cards.rank_min}+, needed {c.high_cards.count}"
            )
    if c.points_min is not None and C.points(won) < c.points_min:
        failed.append(f"won {C.points(won)} card points, needed {c.points_min}")
    trump_mask = C.SUIT_MASK[s.trump] if s.trump >= 0 else 0
    if c.trumps_won_min is not None and (won & trump_mask).bit_count() < c.trumps_won_min:
        failed.append(
            f"won {(won & trump_mask).bit_count()} trumps, needed {c.trumps_won_min}"
        )
    if c.last_trick_card is not None:
        needed = C.card(s.trump, c.last_trick_card.rank)
        seat_of = (s.last_trick_leader + s.last_trick.index(needed)) % s.n if (
            needed in s.last_trick
        ) else -1
        if not (s.trick_winners[-1] == main and seat_of == main):
            failed.append(f"did not win the last trick with {C.name(needed)}")
    return failed


def report(s: UltiaState) -> None:
    """UL-REPORT-2, UL-REPORT-3: success moves the Main Surveyor, failure each Sub by half."""
    plan = s.plans.plan[s.plan]
    failed = check_plan(s, plan)
    declarers = s.overwork.bit_count()
    progress = plan.progress * 2**declarers  # UL-OW-4: N = B x 2^P
    gains = [0] * s.n
    if not failed:
        gains[s.main] = 2 * progress
    else:
        half = _half(s, progress)
        for p in range(s.n):
            if p != s.main:
                gains[p] = half
    for p in range(s.n):
        s.progress[p] += gains[p]
    trump_mask = C.SUIT_MASK[s.trump] if s.trump >= 0 else 0
    s.last_round = [
        [
            s.tricks[p],
            (counted_cards(s, p) & trump_mask).bit_count(),
            s.overwork >> p & 1,
            (counted_cards(s, p) & C.RANK_MASK[1]).bit_count(),
        ]
        for p in range(s.n)
    ]
    if not s.quiet:
        _log_report(s, plan, failed, declarers, progress, gains)
    s.round_results.append(
        {"round": s.round, "main": s.main, "plan": plan.id, "success": not failed,
         "overwork": declarers, "tricks": list(s.tricks), "gains": [g / 2 for g in gains]}
    )
    _check_end(s)


def _log_report(s: UltiaState, plan: Plan, failed: list[str], declarers: int, progress: int,
                gains: list[int]) -> None:
    if s.opts.talon != "nobody":
        # UL-KNOW-4: the pair counts for someone, so it is shown, before the result it shapes.
        s.log("talon", cards=C.codes_of(s.talon))
    s.log(
        "report",
        main=s.main,
        plan=plan.id,
        success=not failed,
        failed=failed,
        overwork=declarers,
        progress=progress,
        gains=[g / 2 for g in gains],
        totals=[v / 2 for v in s.progress],
    )


def _half(s: UltiaState, progress: int) -> int:
    """Half of ``progress`` percent, in half-percent units, rounded as the option says
    (UL-OPT-9)."""
    rule = s.opts.sub_reward_rounding
    if rule == "floor":
        return 2 * (progress // 2)
    if rule == "ceil":
        return 2 * (-(-progress // 2))
    return progress


def _check_end(s: UltiaState) -> None:
    """UL-END-1, UL-END-2: someone at (or, by option, above) 100 % ends the game; the highest
    wins."""
    if s.opts.win_compare == "exceed":
        reached = [v > GOAL for v in s.progress]
    else:
        reached = [v >= GOAL for v in s.progress]
    if not any(reached):
        s.start_round(next_dealer(s))
        return
    top = max(s.progress)
    tied = [p for p in range(s.n) if s.progress[p] == top]
    trace: list[str] = []
    if len(tied) > 1:
        trace.append(f"tied at {top / 2:g}%: seats {', '.join(map(str, tied))}")
        if s.opts.tiebreak == "shared":
            trace.append("shared win (option tiebreak=shared)")
        else:
            tied = _tiebreak_chain(s, tied, trace)
            if len(tied) > 1:
                s.trace = trace
                _start_rps(s, tied)
                return
    s.trace = trace
    _finish(s, tied)


def next_dealer(s: UltiaState) -> int:
    """UL-SETUP-6, UL-OPT-1: the deal passes to the right (seat + 1) or, by option, the left."""
    step = 1 if s.opts.dealer_rotation == "right" else -1
    return (s.dealer + step) % s.n


TIEBREAKERS = (
    ("most tricks won in the last round", 0, 1),
    ("fewest trump cards among cards won in the last round", 1, -1),
    ("declared Overwork in the last round", 2, 1),
    ("most cards of rank 1 among cards won in the last round", 3, 1),
)


def _tiebreak_chain(s: UltiaState, tied: list[int], trace: list[str]) -> list[int]:
    """UL-END-3..UL-END-6: the rulebook writer's suggested tie-breakers, in order."""
    for label, col, sign in TIEBREAKERS:
        values = {p: s.last_round[p][col] for p in tied}
        best = max(sign * v for v in values.values())
        keep = [p for p in tied if sign * values[p] == best]
        shown = ", ".join(f"seat {p} {values[p]}" for p in tied)
        if len(keep) < len(tied):
            trace.append(f"{label}: {shown} -> seats {', '.join(map(str, keep))} stay")
            tied = keep
        else:
            trace.append(f"{label}: {shown} -> still tied")
        if len(tied) == 1:
            break
    return tied


def _start_rps(s: UltiaState, tied: list[int]) -> None:
    """UL-END-7, UL-KNOW-8: best of three rock-paper-scissors, choices secret until all have
    chosen."""
    s.phase = RPS
    s.rps_seats = list(tied)
    s.rps_points = {p: 0 for p in tied}
    s.rps_choices = {}
    s.log("rock_paper_scissors", seats=list(tied))


def rps_current(s: UltiaState) -> int:
    for p in s.rps_seats:
        if p not in s.rps_choices:
            return p
    raise AssertionError("every tied player has chosen")


def rps_apply(s: UltiaState, a: int) -> None:
    if not A.RPS <= a < A.RPS + 3:
        raise IllegalAction("choose rock, paper or scissors", a)
    seat = rps_current(s)
    s.rps_choices[seat] = a - A.RPS
    s.log("rps_choice", seat=seat, choice=A.RPS_NAMES[a - A.RPS], visible_to=seat)
    s.log("rps_chosen", seat=seat)
    if len(s.rps_choices) < len(s.rps_seats):
        return
    choices = dict(s.rps_choices)
    s.rps_choices = {}
    s.rps_throws += 1
    shown = {p: A.RPS_NAMES[c] for p, c in choices.items()}
    distinct = set(choices.values())
    winners: list[int] = []
    if len(distinct) == 2:
        x, y = sorted(distinct)
        win = x if (x - y) % 3 == 1 else y  # paper beats rock, rock scissors, scissors paper
        winners = [p for p, c in choices.items() if c == win]
        for p in winners:
            s.rps_points[p] += 1
    s.log("rps_throw", choices={str(p): v for p, v in shown.items()}, winners=winners,
          points={str(p): v for p, v in s.rps_points.items()})
    leaders = [p for p in s.rps_seats if s.rps_points[p] >= RPS_TARGET]
    if len(leaders) == 1:
        s.trace.append(
            "rock-paper-scissors (best of three): "
            + ", ".join(f"seat {p} {s.rps_points[p]}" for p in s.rps_seats)
            + f" -> seat {leaders[0]} wins"
        )
        _finish(s, leaders)
    elif len(leaders) > 1:
        s.trace.append(
            f"rock-paper-scissors: seats {', '.join(map(str, leaders))} reached "
            f"{RPS_TARGET} together and play again"
        )
        s.rps_seats = leaders
        s.rps_points = {p: 0 for p in leaders}
    elif s.rps_throws >= RPS_MAX_THROWS:
        s.trace.append(f"rock-paper-scissors undecided after {RPS_MAX_THROWS} throws: shared win")
        _finish(s, list(s.rps_seats))


def _finish(s: UltiaState, winners: list[int]) -> None:
    s.phase = OVER
    s.winners = sorted(winners)
    s.log("game_over", winners=s.winners, progress=[v / 2 for v in s.progress])


def outcome_places(s: UltiaState) -> tuple[int, ...]:
    return places([(1 if p in s.winners else 0, s.progress[p]) for p in range(s.n)])
