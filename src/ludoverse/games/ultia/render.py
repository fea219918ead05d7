"""Terminal rendering of an ULTIA observation: everything a seat needs to decide, compactly.

It reads only the observation dict (never the state), so it cannot show hidden information
the observation does not already give; the plan list supplies the plans' static texts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia.content import Plan, PlanList

BAR_CELLS = 20
"""Cells of a progress bar; each is 5 % of the 100 % goal."""
GOAL = 100.0
BID_LOG_SHOWN = 8
ROUNDS_SHOWN = 3

PHASE_TEXT = {
    "bidding": "Plan Declaration: pass or take the face-down cards",
    "declare_plan": "Plan Declaration: declare a plan",
    "bid_trump": "Plan Declaration: name trump for the plan",
    "discard": "Plan Declaration: discard face down",
    "name_trump": "Exploration: the Main Surveyor names trump",
    "reveal": "Exploration: revealing cards",
    "trick": "Exploration: trick play",
    "rock_paper_scissors": "Tie-break: rock-paper-scissors",
    "over": "Game over",
}
TRUMP_TIMING = {
    "exploration": "Main names trump before play",
    "bid": "trump named with the bid",
    "none": "no trump",
}
REVEAL_WHO = {"main": "Main", "subs": "each Sub", "all": "everyone"}
ENDED = ("rock_paper_scissors", "over")
"""Phases after the last year's play: no hand, no live plan status."""


# Cards -------------------------------------------------------------------------------------


def suit_index(code_or_name: str) -> int:
    """Suit of a card code (``"P7"``) or a suit name (``"Probes"``)."""
    if code_or_name in C.SUIT_NAMES:
        return C.SUIT_NAMES.index(code_or_name)
    return C.SUIT_LETTERS.index(code_or_name[0])


def card_text(code: str, trump: int | None = None) -> Text:
    """A card as its short code in its suit's colour; trumps in bold reverse so they stand out."""
    s = suit_index(code)
    style = C.SUIT_COLOURS[s] + (" bold reverse" if s == trump else " bold")
    return Text(code, style=style)


def cards_text(codes: Iterable[str], trump: int | None = None) -> Text:
    """Cards side by side; a dash for none, so an empty list still reads as a value."""
    return Text(" ").join(card_text(c, trump) for c in codes) or Text("-", style="dim")


def suit_text(s: int) -> Text:
    """A suit name in its colour, so trump is recognisable at a glance."""
    return Text(C.SUIT_NAMES[s], style=f"bold {C.SUIT_COLOURS[s]}")


def trick_winner(trick: Sequence[Sequence[Any]], trump: int | None) -> int | None:
    """Index in ``trick`` of the card winning so far: highest trump, else highest of the lead."""
    if not trick:
        return None
    lead = suit_index(trick[0][1])
    best = 0
    for i, (_, code) in enumerate(trick):
        s, r = suit_index(code), int(code[1])
        bs, br = suit_index(trick[best][1]), int(trick[best][1][1])
        if (s == trump and bs != trump) or (s == bs and r > br and s in (lead, trump)):
            best = i
    return best


# Plans -------------------------------------------------------------------------------------


def conditions_text(plan: Plan) -> str:
    """The plan's conditions as a short checklist line (the description says it in prose)."""
    c = plan.conditions
    parts: list[str] = []
    if c.tricks_max == 0:
        parts.append("win no trick")
    elif c.tricks_max is not None:
        parts.append(f"at most {c.tricks_max} tricks")
    if c.tricks_min is not None:
        parts.append("every trick" if c.tricks_min == 10 else f">={c.tricks_min} tricks")
    if c.win_tricks:
        parts.append("win trick " + " & ".join(map(str, c.win_tricks)))
    if c.high_cards is not None:
        parts.append(f">={c.high_cards.count} cards of rank {c.high_cards.rank_min}+")
    if c.points_min is not None:
        parts.append(f"card points >={c.points_min}")
    if c.trumps_won_min is not None:
        parts.append(f">={c.trumps_won_min} trumps won")
    if c.last_trick_card is not None:
        parts.append(f"last trick won with trump {c.last_trick_card.rank}")
    parts.append(TRUMP_TIMING[plan.trump])
    if plan.reveal is not None:
        rv = plan.reveal
        what = {"hand": "whole hand", "trumps": "all trumps"}.get(rv.cards, f"{rv.count} cards")
        parts.append(f"{REVEAL_WHO[rv.who]} shows {what}")
    return "; ".join(parts)


def plan_status(plan: Plan, obs: dict[str, Any], main: int, trump: int | None) -> str:
    """How the Main Surveyor stands on the countable conditions, from public won cards."""
    c = plan.conditions
    won = obs["won_cards"][main]
    tricks = obs["tricks_won"][main]
    bits: list[str] = []
    if c.tricks_min is not None or c.tricks_max is not None:
        bits.append(f"tricks {tricks}")
    if c.high_cards is not None:
        n = sum(int(w[1]) >= c.high_cards.rank_min for w in won)
        bits.append(f"rank {c.high_cards.rank_min}+ cards {n}/{c.high_cards.count}")
    if c.points_min is not None:
        bits.append(f"points {sum(int(w[1]) for w in won)}/{c.points_min}")
    if c.trumps_won_min is not None and trump is not None:
        bits.append(f"trumps {sum(suit_index(w) == trump for w in won)}/{c.trumps_won_min}")
    return ", ".join(bits)


def plan_line(plan: Plan | None, plan_id: str, overwork: int = 0) -> Text:
    """``Name (B%)``, with the Overwork-multiplied value when anyone declared it."""
    if plan is None:
        return Text(f"{plan_id} (not in this plan list)", style="bold")
    t = Text.assemble((plan.name, "bold magenta"))
    value = f" ({plan.progress}%"
    if overwork:
        value += f", x{2**overwork} Overwork = {plan.progress * 2**overwork}%"
    return t.append(value + ")")


# Sections ----------------------------------------------------------------------------------


def who(p: int | None, seat: int | None) -> str:
    """A seat as text, marking the viewer's own seat "(you)"."""
    if p is None:
        return "-"
    return f"seat {p} (you)" if p == seat else f"seat {p}"


def progress_bar(value: float, main: bool) -> Text:
    """A 0-100 % bar; progress past the goal fills it and is marked "+"."""
    filled = min(BAR_CELLS, int(value * BAR_CELLS / GOAL))
    t = Text.assemble(("█" * filled, "green" if value < GOAL else "bold green"),
                      ("░" * (BAR_CELLS - filled), "dim"))
    t.append(f" {value:g}%" + ("+" if value > GOAL else ""), style="bold" if main else "")
    return t


def known_voids(obs: dict[str, Any], p: int) -> list[int]:
    """Suits seat ``p`` is publicly known not to hold (every unseen card of it ruled out)."""
    seen = {c for w in obs["won_cards"] for c in w} | {c for _, c in obs["trick"]}
    seen |= set(obs.get("hand", ()))
    out = set(obs["cannot_hold"][p])
    return [
        s for s in range(C.NUM_SUITS)
        if all(f"{C.SUIT_LETTERS[s]}{r}" in out | seen for r in range(1, C.NUM_RANKS + 1))
        and obs["hand_sizes"][p] > 0
    ]


def seats_table(obs: dict[str, Any], seat: int | None) -> Table:
    """One row per seat: turn marker, role badge, progress, hand size, tricks and notes."""
    main = obs["main_surveyor"]
    t = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
    for col in ("Seat", "Role", "Progress"):
        t.add_column(col, header_style="bold dim", no_wrap=True)
    for col in ("Cards", "Tricks"):
        t.add_column(col, header_style="bold dim", justify="right", no_wrap=True)
    t.add_column("Notes", header_style="bold dim")
    for p in range(obs["players"]):
        name = Text(who(p, seat), style="bold" if p == seat else "")
        if p == obs["current_player"]:
            name = Text.assemble(("▶ ", "bold yellow"), name)
        role = Text.assemble(("★ Main Surveyor", "bold yellow")) if p == main else Text(
            "Sub Surveyor" if main is not None else "", style="dim")
        notes = Text("dealer ", style="dim") if p == obs["dealer"] else Text()
        if p in obs["overwork"]:
            notes.append("OVERWORK ", style="bold red")
        if p in obs["bidding"]["out"]:
            notes.append("out of bidding ", style="dim")
        voids = known_voids(obs, p) if p != seat else []
        if voids:
            notes.append("void: " + " ".join(C.SUIT_LETTERS[s] for s in voids), style="dim")
        t.add_row(name, role, progress_bar(obs["progress"][p], p == main),
                  str(obs["hand_sizes"][p]), str(obs["tricks_won"][p]), notes)
    return t


def bid_entry(entry: Sequence[Any], plans: dict[str, Plan], seat: int | None) -> str:
    """One bid-log entry, short: ``s2: Full Sweep 80%``, ``you: take``, ``s1: pass``."""
    p, kind, *rest = entry
    name = "you" if p == seat else f"s{p}"
    if kind == "declare":
        plan = plans.get(rest[0])
        return f"{name}: {plan.name} {plan.progress}%" if plan else f"{name}: {rest[0]}"
    return f"{name}: {kind}"


def bidding_section(obs: dict[str, Any], plans: dict[str, Plan], seat: int | None) -> list[Any]:
    """The bid to beat, its conditions, the recent bids and how close bidding is to ending."""
    b = obs["bidding"]
    out: list[Any] = []
    high = b["high_plan"]
    if high is None:
        out.append(Text("No plan declared yet: the dealer opens (and may not pass).", "italic"))
    else:
        line = Text("High bid: ").append(plan_line(plans.get(high), high))
        line.append(f" by {who(b['high_bidder'], seat)}")
        if b["trump"]:
            line.append(", trump ").append(suit_text(C.SUIT_NAMES.index(b["trump"])))
        out.append(line)
        if high in plans:
            out.append(Text(f"  {plans[high].description}", style="italic"))
            out.append(Text(f"  Needs: {conditions_text(plans[high])}", style="dim"))
    log = b["log"]
    if log:
        shown = [bid_entry(e, plans, seat) for e in log[-BID_LOG_SHOWN:]]
        out.append(Text("Bid log: " + ("... " if len(log) > BID_LOG_SHOWN else "")
                        + " · ".join(shown), style="dim"))
    status = f"Consecutive passes: {b['consecutive_passes']}"
    if b["out"]:
        status += " · out: " + ", ".join(who(p, seat) for p in b["out"])
    n = obs["face_down"]
    status += f" · face-down pile: {n} card{'s' if n != 1 else ''}"
    out.append(Text(status))
    return out


def exploration_section(
    obs: dict[str, Any], plans: dict[str, Plan], seat: int | None, trump: int | None
) -> list[Any]:
    """The adopted plan and its progress, trump, revealed cards and the current trick."""
    main, plan_id = obs["main_surveyor"], obs["plan"]
    plan = plans.get(plan_id)
    out: list[Any] = []
    line = Text("Plan: ").append(plan_line(plan, plan_id, len(obs["overwork"])))
    line.append(f" · Main Surveyor {who(main, seat)} · Trump: ")
    if trump is not None:
        line.append(suit_text(trump))
    elif plan is not None and plan.trump == "none":
        line.append("none this year", style="italic")
    else:
        line.append("not named yet", style="italic")
    out.append(line)
    if plan is not None:
        out.append(Text(f"  {plan.description}", style="italic"))
        needs = Text(f"  Needs: {conditions_text(plan)}", style="dim")
        status = plan_status(plan, obs, main, trump)
        if status and obs["phase"] not in ENDED:
            needs.append(f"  [now: {status}]", style="cyan")
        out.append(needs)
    for p, shown in enumerate(obs["revealed"]):
        if shown:
            out.append(Text(f"Revealed by {who(p, seat)}: ").append(cards_text(shown, trump)))
    if obs["phase"] in ("trick", "reveal", "name_trump"):
        out.append(trick_line(obs, seat, trump))
    return out


def trick_line(obs: dict[str, Any], seat: int | None, trump: int | None) -> Text:
    """The trick on the table, its lead suit, and the card winning it so far."""
    trick = obs["trick"]
    t = Text.assemble((f"Trick {obs['trick_number']}/10", "bold"))
    t.append(f" · {who(obs['leader'], seat)} leads: ")
    if not trick:
        return t.append("no card yet", style="italic")
    best = trick_winner(trick, trump)
    for p, code in trick:
        t.append(f"{who(p, seat)} ").append(card_text(code, trump))
        t.append("  ")
    lead = suit_index(trick[0][1])
    t.append("(lead ").append(suit_text(lead)).append(") ")
    if best is not None:
        t.append(f"winning: {trick[best][1]} by {who(trick[best][0], seat)}", style="bold green")
    return t


def hand_section(obs: dict[str, Any], trump: int | None) -> list[Any]:
    """Own hand grouped by suit, trumps first, then cards the seat knows lie face down."""
    hand: list[str] = obs.get("hand", [])
    order = sorted(range(C.NUM_SUITS), key=lambda s: (s != trump, s))
    line = Text.assemble(("Your hand: ", "bold"))
    groups = 0
    for s in order:
        mine = sorted((c for c in hand if suit_index(c) == s), key=lambda c: int(c[1]))
        if not mine:
            continue
        if groups:
            line.append(" │ ", style="dim")
        label = C.SUIT_NAMES[s] + (" (trump)" if s == trump else "")
        line.append(f"{label} ", style=C.SUIT_COLOURS[s]).append(cards_text(mine, trump))
        groups += 1
    if not hand:
        line.append("(empty)", style="dim")
    out: list[Any] = [line]
    if obs.get("my_face_down"):
        out.append(Text("Your face-down discards: ").append(cards_text(obs["my_face_down"])))
    public = {c for shown in obs["revealed"] for c in shown}
    known = {c: w for c, w in (obs.get("known_elsewhere") or {}).items() if c not in public}
    if known:
        place = {"face_down": "face down"}
        where = [f"{c} with {' or '.join(place.get(str(w), f'seat {w}') for w in ws)}"
                 for c, ws in known.items()]
        out.append(Text("You know: " + ", ".join(where), style="dim"))
    return out


def rps_section(obs: dict[str, Any], seat: int | None) -> list[Any]:
    """The rock-paper-scissors tie-break: points, who has chosen, and only our own choice."""
    r = obs.get("rock_paper_scissors")
    if not r:
        return []
    pts = ", ".join(f"{who(int(p), seat)} {v}" for p, v in r["points"].items())
    t = Text(f"Rock-paper-scissors (best of three, throw {r['throws'] + 1}): {pts}", "bold")
    if r["chosen"]:
        t.append(" · chosen: " + ", ".join(who(p, seat) for p in r["chosen"]))
    out: list[Any] = [t]
    if obs.get("my_rps_choice"):
        out.append(Text(f"Your secret choice: {obs['my_rps_choice']}"))
    return out


def end_section(obs: dict[str, Any], seat: int | None) -> list[Any]:
    """Winners, final progress and the tie-break trace that decided them."""
    if obs["phase"] != "over":
        return []
    names = " and ".join(who(p, seat) for p in obs.get("winners", []))
    out: list[Any] = [Text(f"Winner: {names}", style="bold green")]
    final = " · ".join(f"{who(p, seat)} {v:g}%" for p, v in enumerate(obs["progress"]))
    out.append(Text(f"Final progress: {final}"))
    for step in obs.get("tiebreak_trace", []):
        out.append(Text(f"  tie-break: {step}", style="dim"))
    return out


def rounds_section(obs: dict[str, Any], plans: dict[str, Plan], seat: int | None) -> list[Any]:
    """The last few years' results, so a player sees how the scores came about."""
    out: list[Any] = []
    for r in obs["rounds"][-ROUNDS_SHOWN:]:
        plan = plans.get(r["plan"])
        t = Text(f"Year {r['round']}: {who(r['main'], seat)} ")
        t.append(plan.name if plan else r["plan"])
        t.append(" succeeded" if r["success"] else " failed",
                 style="green" if r["success"] else "red")
        if r["overwork"]:
            t.append(f" (Overwork x{2 ** r['overwork']})")
        gains = ", ".join(f"+{g:g}" for g in r["gains"])
        out.append(t.append(f"; gains {gains}", style="dim"))
    return out


def render(observation: dict[str, Any], seat: int | None, plans: PlanList) -> RenderableType:
    """The table as ``seat`` sees it (``None``: a spectator, who has no hand)."""
    obs = observation
    by_id = {p.id: p for p in plans.plan}
    trump = C.SUIT_NAMES.index(obs["trump"]) if obs.get("trump") else None
    title = Text(f"ULTIA · Year {obs['round']} · dealer {who(obs['dealer'], seat)}", "bold")
    phase = PHASE_TEXT.get(obs["phase"], obs["phase"])
    cp = obs["current_player"]
    sub = phase + (f" · to act: {who(cp, seat)}" if cp is not None and cp >= 0 else "")
    parts: list[Any] = [Text(sub, style="bold cyan"), seats_table(obs, seat)]
    if obs["main_surveyor"] is None:
        parts += bidding_section(obs, by_id, seat)
    else:
        parts += exploration_section(obs, by_id, seat, trump)
    parts += rps_section(obs, seat) + end_section(obs, seat)
    if seat is not None and obs["phase"] not in ENDED:
        parts += hand_section(obs, trump)
    history = rounds_section(obs, by_id, seat)
    if history:
        parts += [Text("Recent years:", style="bold dim"), *history]
    return Panel(Group(*parts), title=title, title_align="left", expand=False)
