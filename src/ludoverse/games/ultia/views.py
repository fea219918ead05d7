"""What a seat sees (observation) and the full save format (to_json / from_json)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoverse.core.api import Event
from ludoverse.core.rng import Rng
from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia.knowledge import TALON
from ludoverse.games.ultia.phases import DISCARD, NAMES, OVER, RPS

if TYPE_CHECKING:
    from ludoverse.games.ultia.content import Plan
    from ludoverse.games.ultia.rules import UltiaState


def _code_table(suit: int) -> tuple[tuple[str, ...], ...]:
    return tuple(
        tuple(C.CODES[suit * C.NUM_RANKS + i] for i in range(C.NUM_RANKS) if byte >> i & 1)
        for byte in range(256)
    )


# One suit is one byte of a mask: four lookups spell any set of cards (views are on the
# learning environments' hot path, so no per-card call).
_C0, _C1, _C2, _C3 = (_code_table(s) for s in range(C.NUM_SUITS))


def _codes(mask: int) -> list[str]:
    """Codes of a mask's cards in ascending order (by suit, then rank)."""
    return [*_C0[mask & 255], *_C1[mask >> 8 & 255], *_C2[mask >> 16 & 255],
            *_C3[mask >> 24 & 255]]


_SEATS_IN = tuple(tuple(p for p in range(3) if mask >> p & 1) for mask in range(8))
"""The seats of a 3-seat bit set, in order."""


def _hand_by_suit(mask: int) -> list[str]:
    """Own hand sorted by suit then rank, as players hold it."""
    return _codes(mask)


def observation(s: UltiaState, seat: int | None) -> dict[str, Any]:
    n = s.n
    plan = s.plans.plan[s.plan] if s.plan >= 0 else None
    high = s.plans.plan[s.high_plan] if s.phase <= DISCARD and s.high_plan >= 0 else None
    cp = s.current_player
    codes = C.CODES
    obs: dict[str, Any] = {
        "game": "ultia",
        "seat": seat,
        "players": n,
        "round": s.round,
        "dealer": s.dealer,
        "phase": NAMES[s.phase],
        "current_player": cp,
        "progress": [v / 2 for v in s.progress],
        "hand_sizes": [h.bit_count() for h in s.hands],
        "face_down": s.talon.bit_count(),
        "bidding": {
            "bidder": s.bidder if s.phase <= DISCARD else None,
            "high_plan": high.id if high else None,
            "high_bidder": s.high_bidder if high else None,
            "trump": C.SUIT_NAMES[s.high_trump] if s.phase <= DISCARD and s.high_trump >= 0
            else None,
            "consecutive_passes": s.passes,
            "out": list(_SEATS_IN[s.out]),
            "log": [list(x) for x in s.bid_log],
            "high_plan_terms": plan_terms(high) if high else None,
        },
        "main_surveyor": s.main if s.main >= 0 else None,
        "plan": plan.id if plan else None,
        "plan_terms": plan_terms(plan) if plan else None,
        "trump": C.SUIT_NAMES[s.trump] if s.trump >= 0 else None,
        "revealed": [_codes(r) for r in s.revealed],
        "trick": [[(s.leader + i) % n, codes[c]] for i, c in enumerate(s.trick)],
        "trick_number": s.trick_no + 1 if s.main >= 0 and s.phase != OVER else None,
        "trick_winners": list(s.trick_winners),
        "last_trick": {
            "leader": s.last_trick_leader,
            "cards": [codes[c] for c in s.last_trick],
            "winner": s.trick_winners[-1],
        } if s.last_trick and s.trick_winners else None,
        "leader": s.leader if s.main >= 0 else None,
        "tricks_won": list(s.tricks),
        "won_cards": [_codes(w) for w in s.won],
        "overwork": list(_SEATS_IN[s.overwork]),
        "cannot_hold": [_codes(e) for e in s.excluded],
        "rounds": _copy_rounds(s.round_results),
        "options": _options(s.opts),
    }
    if s.phase == RPS:
        obs["rock_paper_scissors"] = {
            "seats": list(s.rps_seats),
            "points": {str(p): v for p, v in s.rps_points.items()},
            "chosen": sorted(s.rps_choices),
            "throws": s.rps_throws,
        }
    if s.phase == OVER:
        obs["winners"] = list(s.winners)
        obs["tiebreak_trace"] = list(s.trace)
    if seat is not None:
        obs["hand"] = _hand_by_suit(s.hands[seat])
        if s.talon and s.talon_owner == seat:
            obs["my_face_down"] = _codes(s.talon)
        obs["known_elsewhere"] = {
            C.code(c): _where(m) for c, m in sorted(s.known[seat].items())
        }
        if seat in s.rps_choices:
            from ludoverse.games.ultia.actions import RPS_NAMES

            obs["my_rps_choice"] = RPS_NAMES[s.rps_choices[seat]]
        if cp == seat:
            obs["legal_actions"] = list(s.legal_actions())  # a copy: the state keeps its own
    return obs


def plan_terms(plan: Plan) -> dict[str, Any]:
    """What a plan asks of the Main Surveyor, as the plan list gives it (every player has the
    list): the observation names plans by id, and a learner or a board should not need the
    list beside it to know what the standing bid or the adopted plan demands."""
    cached = _TERMS.get(id(plan))
    if cached is None or cached[0] is not plan:
        if len(_TERMS) > 1024:
            _TERMS.clear()
        cached = _TERMS[id(plan)] = (plan, _terms_of(plan))
    t = cached[1]
    out = dict(t)
    out["conditions"] = {k: dict(v) if type(v) is dict else list(v) if type(v) is list else v
                         for k, v in t["conditions"].items()}
    if t["reveal"] is not None:
        out["reveal"] = dict(t["reveal"])
    return out


_TERMS: dict[int, tuple[Plan, dict[str, Any]]] = {}
"""Per plan object (kept alive here, so its id is not reused): its terms, built once."""


def _terms_of(plan: Plan) -> dict[str, Any]:
    c = plan.conditions
    cond: dict[str, Any] = {}
    for key in ("tricks_min", "tricks_max"):
        if getattr(c, key) is not None:
            cond[key] = getattr(c, key)
    if c.win_tricks:
        cond["win_tricks"] = list(c.win_tricks)
    if c.high_cards is not None:
        cond["high_cards"] = {"rank_min": c.high_cards.rank_min, "count": c.high_cards.count}
    for key in ("points_min", "trumps_won_min"):
        if getattr(c, key) is not None:
            cond[key] = getattr(c, key)
    if c.last_trick_card is not None:
        cond["last_trick_card"] = {"rank": c.last_trick_card.rank}
    rv = plan.reveal
    return {
        "name": plan.name,
        "progress": plan.progress,
        "trump": plan.trump,
        "conditions": cond,
        "reveal": None if rv is None else {"who": rv.who, "cards": rv.cards, "count": rv.count},
        "description": plan.description,
    }


def _options(opts: Any) -> dict[str, Any]:
    """The options as JSON, dumped once per options object (options are frozen); a fresh
    dict each time, whose values are all str or bool."""
    cached = _OPTIONS.get(id(opts))
    if cached is None or cached[0] is not opts:
        if len(_OPTIONS) > 256:
            _OPTIONS.clear()
        cached = _OPTIONS[id(opts)] = (opts, opts.model_dump(mode="json"))
    return dict(cached[1])


_OPTIONS: dict[int, tuple[Any, dict[str, Any]]] = {}


def _copy_rounds(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """:func:`_fresh_rounds` for the game's own year results, whose only lists are these two
    (the observation's hot path)."""
    out = []
    for r in rounds:
        d = dict(r)
        d["tricks"] = list(d["tricks"])
        d["gains"] = list(d["gains"])
        out.append(d)
    return out


def _fresh_rounds(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copies, so a caller editing a view can never change the game."""
    return [{k: list(v) if isinstance(v, list) else v for k, v in r.items()} for r in rounds]


def _where(mask: int) -> list[str | int]:
    out: list[str | int] = [p for p in range(3) if mask >> p & 1]
    if mask & TALON:
        out.append("face_down")
    return out


_INT_FIELDS = (
    "phase", "round", "dealer", "talon", "talon_owner", "bidder", "high_plan", "high_bidder",
    "high_trump", "passes", "out", "discards_left", "main", "plan", "trump", "trick_no",
    "leader", "best", "best_seat", "overwork", "last_trick_leader", "rps_throws",
)
_LIST_FIELDS = (
    "progress", "hands", "excluded", "revealed", "trick", "won", "tricks", "trick_winners",
    "last_trick", "reveal_queue", "winners", "rps_seats", "trace",
)


def state_to_json(s: UltiaState) -> dict[str, Any]:
    d: dict[str, Any] = {"game": "ultia", "version": s.game.version, "players": s.n}
    d["options"] = s.opts.model_dump(mode="json")
    shipped = s.game.plans_for(s.opts)
    d["content"] = None if s.plans is shipped else s.plans.model_dump(mode="json")
    d["rng"] = s.rng.state
    for f in _INT_FIELDS:
        d[f] = getattr(s, f)
    for f in _LIST_FIELDS:
        d[f] = list(getattr(s, f))
    d["round_results"] = _fresh_rounds(s.round_results)
    d["bid_log"] = [list(x) for x in s.bid_log]
    d["last_round"] = [list(r) for r in s.last_round]
    d["known"] = [{str(c): m for c, m in k.items()} for k in s.known]
    d["rps_points"] = {str(p): v for p, v in s.rps_points.items()}
    d["rps_choices"] = {str(p): v for p, v in s.rps_choices.items()}
    d["events"] = [e.to_json() for e in s.events]
    return d


def state_from_json(game: Any, d: dict[str, Any]) -> UltiaState:
    from ludoverse.games.ultia.rules import UltiaState

    if d.get("game") != "ultia":
        raise ValueError(f"not an ULTIA state: game={d.get('game')!r}")
    if d.get("version") != game.version:
        raise ValueError(f"ULTIA state version {d.get('version')} != {game.version}")
    opts = game.make_options(d["options"])
    plans = game.plans_for(opts) if d["content"] is None else game.load_content(d["content"])
    s = UltiaState(game, opts, plans, None)
    s.quiet = 0
    s.edited()
    s.n = d["players"]
    s.rng = Rng(state=d["rng"])
    for f in _INT_FIELDS:
        setattr(s, f, int(d[f]))
    for f in _LIST_FIELDS:
        setattr(s, f, list(d[f]))
    s.round_results = _fresh_rounds(d["round_results"])
    s.bid_log = [list(x) for x in d["bid_log"]]
    s.last_round = [list(r) for r in d["last_round"]]
    s.known = [{int(c): m for c, m in k.items()} for k in d["known"]]
    s.rps_points = {int(p): v for p, v in d["rps_points"].items()}
    s.rps_choices = {int(p): v for p, v in d["rps_choices"].items()}
    s.events = [Event.from_json(e) for e in d["events"]]
    return s
