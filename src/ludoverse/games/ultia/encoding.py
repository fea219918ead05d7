"""ULTIA observations as fixed-size vectors, for learning agents.

The vector is built from ``state.observation(seat)`` alone (plus the table's fixed options and
plan list), seat blocks in the viewer's order: you, the player on your right (who plays after
you), the player on your left. Cards are multi-hot over the 32 Planet Cards (index ``suit * 8 +
rank - 1``, suits D, S, P, B); plans are one-hot over the plan list, and the terms of the
standing bid and of the adopted plan are spelled out so a policy can generalise across lists.

ULTIA is the environment speed benchmark, so ``encode`` only indexes precomputed tables.
"""

from __future__ import annotations

import math
from array import array
from typing import Any, ClassVar

from ludoverse.core.encoding import Encoder, Field, Layout
from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia.content import Plan, PlanList
from ludoverse.games.ultia.options import UltiaOptions
from ludoverse.games.ultia.phases import NAMES
from ludoverse.games.ultia.reporting import GOAL, RPS_MAX_THROWS, RPS_TARGET

SEATS = 3
TRICKS = 10
PHASES = tuple(NAMES[k] for k in sorted(NAMES))
TRUMP_TIMINGS = ("exploration", "bid", "none")
REVEAL_WHO = ("main", "subs", "all")
REVEAL_CARDS = ("hand", "trumps", "choose")
RPS_SIGNS = ("rock", "paper", "scissors")
YEARS_IF_ENDLESS = 64
"""Years of results kept when the plan list lets a game run on without end (a plan worth 1%
with ``sub_reward_rounding=floor`` can give nobody progress); only the latest are encoded then."""

CARD = {code: i for i, code in enumerate(C.CODES)}
SUIT = {name: i for i, name in enumerate(C.SUIT_NAMES)}
PHASE = {name: i for i, name in enumerate(PHASES)}
SIGN = {name: i for i, name in enumerate(RPS_SIGNS)}
SEAT_KEY = {str(p): p for p in range(SEATS)}
REL = tuple(tuple((p - v) % SEATS for p in range(SEATS)) for v in range(SEATS))
"""``REL[viewer][seat]``: where ``seat`` sits as the viewer sees it (0 you, 1 right, 2 left)."""


def plan_terms_fields(prefix: str, what: str, max_progress: int) -> list[Field]:
    """What a plan asks, in the plan list's terms (UL-PLAN-1, UL-PLAN-4, UL-EXP-4); an absent
    condition reads as the value that always holds (at least 0, at most 10)."""
    return [
        Field(f"{prefix}_progress", 1, f"{what}: its progress value in percent",
              0, max_progress),
        Field(f"{prefix}_trump_timing", 3, f"{what}: trump named by the Main Surveyor at the "
              "start of Exploration, named with the bid, or no trump"),
        Field(f"{prefix}_tricks_min", 1, f"{what}: fewest tricks the Main Surveyor must win",
              0, TRICKS),
        Field(f"{prefix}_tricks_max", 1, f"{what}: most tricks the Main Surveyor may win "
              "(10: no limit)", 0, TRICKS),
        Field(f"{prefix}_win_tricks", TRICKS, f"{what}: tricks 1 to 10 the Main Surveyor "
              "must win"),
        Field(f"{prefix}_high_cards_rank", 1, f"{what}: lowest rank that counts as a high "
              "card (0: no high-card condition)", 0, C.NUM_RANKS),
        Field(f"{prefix}_high_cards_count", 1, f"{what}: won cards of at least that rank "
              "needed", 0, C.NUM_CARDS),
        Field(f"{prefix}_points_min", 1, f"{what}: total rank of won cards needed",
              0, 144),
        Field(f"{prefix}_trumps_won_min", 1, f"{what}: trumps among won cards needed",
              0, C.NUM_RANKS),
        Field(f"{prefix}_last_trick_card", C.NUM_RANKS, f"{what}: rank 1 to 8 of the trump "
              "the Main Surveyor must win the last trick with"),
        Field(f"{prefix}_reveal_who", 3, f"{what}: who shows cards before play: the Main "
              "Surveyor, the Sub Surveyors, everyone"),
        Field(f"{prefix}_reveal_cards", 3, f"{what}: what they show: the whole hand, all "
              "trumps, cards of their choice"),
        Field(f"{prefix}_reveal_count", 1, f"{what}: how many cards of their choice each "
              "shows", 0, TRICKS),
    ]


def plan_terms_vector(plan: Plan) -> list[float]:
    """The numbers of :func:`plan_terms_fields` for one plan."""
    c = plan.conditions
    v = [0.0] * TERMS_SIZE
    v[0] = float(plan.progress)
    v[1 + TRUMP_TIMINGS.index(plan.trump)] = 1.0
    v[4] = float(c.tricks_min or 0)
    v[5] = float(TRICKS if c.tricks_max is None else c.tricks_max)
    for t in c.win_tricks:
        v[6 + t - 1] = 1.0
    if c.high_cards is not None:
        v[16] = float(c.high_cards.rank_min)
        v[17] = float(c.high_cards.count)
    v[18] = float(c.points_min or 0)
    v[19] = float(c.trumps_won_min or 0)
    if c.last_trick_card is not None:
        v[20 + c.last_trick_card.rank - 1] = 1.0
    rv = plan.reveal
    if rv is not None:
        v[28 + REVEAL_WHO.index(rv.who)] = 1.0
        v[31 + REVEAL_CARDS.index(rv.cards)] = 1.0
        v[34] = float(rv.count)
    return v


TERMS_SIZE = sum(f.size for f in plan_terms_fields("x", "x", 1))


def max_years(options: UltiaOptions, plans: PlanList) -> int | None:
    """The most years a game can last, or ``None`` if it can last for ever.

    Until the last year nobody is at the goal, so the three markers add up to at most three
    times just under it; every year adds at least the cheapest plan's least gain (the Main
    Surveyor's B on success, two halves of B on failure; Overwork only adds).
    """
    cap = GOAL if options.win_compare == "exceed" else GOAL - 1  # half-percent units
    least = min(min(2 * p.progress, 2 * _half(options, p.progress)) for p in plans.plan)
    if least <= 0:
        return None
    return 3 * cap // least + 1


def _half(options: UltiaOptions, progress: int) -> int:
    """A Sub Surveyor's share, in half-percent units (as ``reporting._half``)."""
    if options.sub_reward_rounding == "floor":
        return 2 * (progress // 2)
    if options.sub_reward_rounding == "ceil":
        return 2 * (-(-progress // 2))
    return progress


class UltiaEncoder(Encoder):
    """One seat's ULTIA observation as ``layout.size`` numbers (see ``docs/rl.md``)."""

    not_encoded: ClassVar[dict[str, str]] = {
        "game": "fixed for the environment",
        "players": "fixed for the environment (always 3)",
        "options": "fixed for the environment",
        "legal_actions": "the action mask carries it",
        "tiebreak_trace": "text explaining how the finished game's tie was broken; shown only "
                          "once the game is over, when no decision is left (the result is in "
                          "winners)",
    }

    def __init__(self, players: int, options: UltiaOptions, content: PlanList) -> None:
        if players != SEATS:
            raise ValueError(f"ULTIA is played by 3 players, not {players}")
        self.players = players
        self.options = options
        self.content = content
        plans = content.plan
        n_plans = len(plans)
        top = max(p.progress for p in plans)
        years = max_years(options, content)
        self.years = YEARS_IF_ENDLESS if years is None else years
        doubling = 2 ** SEATS if options.overwork == "on" else 1
        cap = GOAL if options.win_compare == "exceed" else GOAL - 1
        most_progress = (cap + 2 * top * doubling) / 2
        y = self.years
        fields = [
            Field("seat", SEATS, "your seat at the table (0, 1, 2)"),
            Field("to_move", SEATS, "who decides now: you, the player on your right, the "
                  "player on your left (none once the game is over)"),
            Field("dealer", SEATS, "this year's dealer, you first"),
            Field("phase", len(PHASES), "the decision being asked: pass or take, declare a "
                  "plan, name trump with the bid, discard face down, name trump, reveal, play "
                  "a card, rock-paper-scissors, game over"),
            Field("year", 1, "the year (round) number", 1, math.inf if years is None else y),
            Field("progress", SEATS, "Progress Meter in percent, you first", 0, most_progress),
            Field("hand_sizes", SEATS, "cards in hand, you first", 0, 12),
            Field("face_down", 1, "face-down cards on the table", 0, 2),
            Field("bidder", SEATS, "whose turn it is to bid, you first"),
            Field("high_plan", n_plans, "the standing bid: highest plan declared this year"),
            *plan_terms_fields("high_plan", "standing bid", top),
            Field("high_bidder", SEATS, "who holds the standing bid, you first"),
            Field("bid_trump", C.NUM_SUITS, "trump suit named with the standing bid"),
            Field("consecutive_passes", 1, "passes in a row since the last declaration", 0, 3),
            Field("out_of_bidding", SEATS, "players out of this year's bidding, you first"),
            Field("declared_by", SEATS * n_plans, "for each plan of the list, who declared it "
                  "this year (3 per plan: you, right, left)"),
            Field("passes_before", n_plans, "for each plan declared this year, the passes in "
                  "a row just before it was taken up", 0, 2),
            Field("main_surveyor", SEATS, "the Main Surveyor, you first"),
            Field("plan", n_plans, "the plan adopted for this year"),
            *plan_terms_fields("plan", "adopted plan", top),
            Field("trump", C.NUM_SUITS, "this year's trump suit"),
            Field("revealed", SEATS * C.NUM_CARDS, "cards shown before play and still in hand, "
                  "32 per player, you first"),
            Field("trick", SEATS * C.NUM_CARDS, "the card each player has put in the current "
                  "trick, 32 per player, you first"),
            Field("trick_number", 1, "the trick being played, 1 to 10 (0: none; 11: all ten "
                  "played, during the tie-break)", 0, TRICKS + 1),
            Field("leader", SEATS, "who starts the current trick, you first"),
            Field("trick_winners", SEATS * TRICKS, "who won each trick of this year so far "
                  "(3 per trick, you first)"),
            Field("last_trick_leader", SEATS, "who started the last complete trick, you first"),
            Field("last_trick", SEATS * C.NUM_CARDS, "the card each player put in the last "
                  "complete trick, 32 per player, you first"),
            Field("tricks_won", SEATS, "tricks won this year, you first", 0, TRICKS),
            Field("won_cards", SEATS * C.NUM_CARDS, "cards in the tricks each player won this "
                  "year, 32 per player, you first"),
            Field("overwork", SEATS, "who declared Overwork this year, you first"),
            Field("cannot_hold", SEATS * C.NUM_CARDS, "cards everyone can tell a player does "
                  "not hold (shown out of a suit, did not trump or beat), 32 per player, "
                  "you first"),
            Field("years_main", SEATS * y, "earlier years, the latest first: who was Main "
                  "Surveyor (3 per year)"),
            Field("years_plan", y, "earlier years, the latest first: the progress value of the "
                  "plan adopted (each plan has its own)", 0, top),
            Field("years_success", y, "earlier years, the latest first: 1 if the plan "
                  "succeeded"),
            Field("years_overwork", y, "earlier years, the latest first: Overwork declarations",
                  0, SEATS),
            Field("years_tricks", SEATS * y, "earlier years, the latest first: tricks won by "
                  "each player (3 per year, you first)", 0, TRICKS),
            Field("rps_players", SEATS, "players in the rock-paper-scissors tie-break, you "
                  "first"),
            Field("rps_points", SEATS, "rock-paper-scissors points, you first", 0, RPS_TARGET),
            Field("rps_chosen", SEATS, "who has chosen a sign for this throw, you first"),
            Field("rps_throws", 1, "rock-paper-scissors throws so far", 0, RPS_MAX_THROWS),
            Field("winners", SEATS, "the winners once the game is over, you first"),
            Field("hand", C.NUM_CARDS, "your hand"),
            Field("my_face_down", C.NUM_CARDS, "the face-down cards you laid, while they lie "
                  "there"),
            Field("known_elsewhere", 3 * C.NUM_CARDS, "cards you laid face down that someone "
                  "took: where each may be now (32 each: the player on your right, on your "
                  "left, face down)"),
            Field("my_rps_choice", 3, "your secret sign for this throw: rock, paper, "
                  "scissors"),
        ]
        self.layout = Layout(fields)
        self.size = self.layout.size
        o = self.layout.offset
        self._plan = {p.id: i for i, p in enumerate(plans)}
        self._progress_of = {p.id: float(p.progress) for p in plans}
        self._terms = [array("f", plan_terms_vector(p)) for p in plans]
        self._o = (
            o("seat"), o("to_move"), o("dealer"), o("phase"), o("year"), o("progress"),
            o("hand_sizes"), o("face_down"), o("bidder"), o("high_plan"),
            o("high_plan_progress"), o("high_bidder"), o("bid_trump"),
            o("consecutive_passes"), o("out_of_bidding"), o("declared_by"), o("passes_before"),
            o("main_surveyor"), o("plan"), o("plan_progress"), o("trump"), o("revealed"),
            o("trick"), o("trick_number"), o("leader"), o("trick_winners"),
            o("last_trick_leader"), o("last_trick"), o("tricks_won"), o("won_cards"),
            o("overwork"), o("cannot_hold"), o("years_main"), o("years_plan"),
            o("years_success"), o("years_overwork"), o("years_tricks"), o("rps_players"),
            o("rps_points"), o("rps_chosen"), o("rps_throws"), o("winners"), o("hand"),
            o("my_face_down"), o("known_elsewhere"), o("my_rps_choice"),
        )

    def encode(self, observation: dict[str, Any]) -> array[float]:
        obs = observation
        v = obs["seat"]
        if v is None:
            raise ValueError("encode a seat's observation, not the spectator's")
        (o_seat, o_to_move, o_dealer, o_phase, o_year, o_progress, o_sizes, o_face_down,
         o_bidder, o_high_plan, o_high_terms, o_high_bidder, o_bid_trump, o_passes, o_out,
         o_declared, o_passes_before, o_main, o_plan, o_plan_terms, o_trump, o_revealed,
         o_trick, o_trick_no, o_leader, o_winners_of, o_last_leader, o_last, o_tricks, o_won,
         o_overwork, o_cannot, o_y_main, o_y_plan, o_y_success, o_y_overwork, o_y_tricks,
         o_rps_players, o_rps_points, o_rps_chosen, o_rps_throws, o_winners, o_hand,
         o_mine_down, o_known, o_my_rps) = self._o
        out = self.layout.blank()
        r = REL[v]
        card = CARD
        out[o_seat + v] = 1.0
        cp = obs["current_player"]
        if cp is not None and cp >= 0:
            out[o_to_move + r[cp]] = 1.0
        out[o_dealer + r[obs["dealer"]]] = 1.0
        out[o_phase + PHASE[obs["phase"]]] = 1.0
        out[o_year] = obs["round"]
        r0, r1, r2 = r
        x = obs["progress"]
        out[o_progress + r0], out[o_progress + r1], out[o_progress + r2] = x
        x = obs["hand_sizes"]
        out[o_sizes + r0], out[o_sizes + r1], out[o_sizes + r2] = x
        x = obs["tricks_won"]
        out[o_tricks + r0], out[o_tricks + r1], out[o_tricks + r2] = x
        out[o_face_down] = obs["face_down"]

        b = obs["bidding"]
        if (x := b["bidder"]) is not None:
            out[o_bidder + r[x]] = 1.0
        if (x := b["high_plan"]) is not None:
            i = self._plan[x]
            out[o_high_plan + i] = 1.0
            out[o_high_terms : o_high_terms + TERMS_SIZE] = self._terms[i]
        if (x := b["high_bidder"]) is not None:
            out[o_high_bidder + r[x]] = 1.0
        if (x := b["trump"]) is not None:
            out[o_bid_trump + SUIT[x]] = 1.0
        out[o_passes] = b["consecutive_passes"]
        for p in b["out"]:
            out[o_out + r[p]] = 1.0
        passes = 0
        for entry in b["log"]:
            kind = entry[1]
            if kind == "pass":
                passes += 1
            elif kind == "declare":
                i = self._plan[entry[2]]
                out[o_declared + 3 * i + r[entry[0]]] = 1.0
                out[o_passes_before + i] = passes
                passes = 0

        if (x := obs["main_surveyor"]) is not None:
            out[o_main + r[x]] = 1.0
        if (x := obs["plan"]) is not None:
            i = self._plan[x]
            out[o_plan + i] = 1.0
            out[o_plan_terms : o_plan_terms + TERMS_SIZE] = self._terms[i]
        if (x := obs["trump"]) is not None:
            out[o_trump + SUIT[x]] = 1.0

        b0, b1, b2 = 32 * r0, 32 * r1, 32 * r2
        for base, (c0, c1, c2) in ((o_revealed, obs["revealed"]), (o_won, obs["won_cards"]),
                                   (o_cannot, obs["cannot_hold"])):
            if c0:
                at = base + b0
                for c in c0:
                    out[at + card[c]] = 1.0
            if c1:
                at = base + b1
                for c in c1:
                    out[at + card[c]] = 1.0
            if c2:
                at = base + b2
                for c in c2:
                    out[at + card[c]] = 1.0
        for p, c in obs["trick"]:
            out[o_trick + 32 * r[p] + card[c]] = 1.0
        if (x := obs["trick_number"]) is not None:
            out[o_trick_no] = x
        if (x := obs["leader"]) is not None:
            out[o_leader + r[x]] = 1.0
        for t, p in enumerate(obs["trick_winners"]):
            out[o_winners_of + 3 * t + r[p]] = 1.0
        last = obs["last_trick"]
        if last is not None:
            lead = last["leader"]
            out[o_last_leader + r[lead]] = 1.0
            for k, c in enumerate(last["cards"]):
                out[o_last + 32 * r[(lead + k) % SEATS] + card[c]] = 1.0
        for p in obs["overwork"]:
            out[o_overwork + r[p]] = 1.0

        rounds = obs["rounds"]
        if rounds:
            progress_of = self._progress_of
            for k, year in enumerate(reversed(rounds[-self.years :])):
                out[o_y_main + 3 * k + r[year["main"]]] = 1.0
                out[o_y_plan + k] = progress_of[year["plan"]]
                if year["success"]:
                    out[o_y_success + k] = 1.0
                out[o_y_overwork + k] = year["overwork"]
                at = o_y_tricks + 3 * k
                out[at + r0], out[at + r1], out[at + r2] = year["tricks"]

        rps = obs.get("rock_paper_scissors")
        if rps is not None:
            for p in rps["seats"]:
                out[o_rps_players + r[p]] = 1.0
            for key, points in rps["points"].items():
                out[o_rps_points + r[SEAT_KEY[key]]] = points
            for p in rps["chosen"]:
                out[o_rps_chosen + r[p]] = 1.0
            out[o_rps_throws] = rps["throws"]
        for p in obs.get("winners", ()):
            out[o_winners + r[p]] = 1.0

        for c in obs["hand"]:
            out[o_hand + card[c]] = 1.0
        for c in obs.get("my_face_down", ()):
            out[o_mine_down + card[c]] = 1.0
        for c, places in obs["known_elsewhere"].items():
            i = card[c]
            for where in places:
                if where == "face_down":
                    out[o_known + 64 + i] = 1.0
                else:
                    q = r[where]
                    if q == 0:
                        raise ValueError(f"known_elsewhere places {c} in the viewer's own hand")
                    out[o_known + 32 * (q - 1) + i] = 1.0
        if (x := obs.get("my_rps_choice")) is not None:
            out[o_my_rps + SIGN[x]] = 1.0
        return out
