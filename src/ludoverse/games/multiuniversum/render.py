"""Terminal rendering of a Multiuniversum observation: the circle of five transformers with
their face-up portals and scientists, the viewer's hand with the action each card gives where
the viewer stands, every lab with its tools, sealed portals, best sets and score, and the
decision under way (a Seal being paid, ability 1, 2 or 5, forming sets, the outcome).

It reads only the observation dict (never the state), so it cannot show what the viewer may
not know (MU-KNOW): other hands arrive as counts plus recycled cards, face-down portals as
``None``. Every colour has a word too (tool kinds are colour words), so the plain text reads
the same, and every name goes into a ``Text``, never a markup string.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludoverse.games.multiuniversum.scoring import OMNI, PAIR, TRIPLE

ACTION_WORDS = {"search": "Search", "ability": "Ability", "move": "Move", "seal": "Seal",
                "recycle": "Recycle"}
ABILITY_SHORT = {"reorder_stack": "rearrange a stack", "draw_three_keep_two": "draw 3, keep 2",
                 "swap_portals": "swap 2 face-up portals", "rotate_stacks": "rotate all stacks",
                 "keep_played_as_tool": "keep a played card as a tool"}
PHASE_TEXT = {
    "turn": "Choose an action", "move": "Move: choose a transformer", "seal": "Seal: pay tools",
    "recycle": "Recycle: take a card from the discard pile", "form_sets": "Forming sets",
    "reorder_stack": "Ability 1: choose a stack to rearrange", "over": "Game over",
    "reorder_place": "Ability 1: put the portals back, top first",
    "keep_two": "Ability 2: keep 2 cards of the hand", "swap": "Ability 3: swap two portals",
    "keep_tool": "Ability 5: keep a played card as a tool"}
COLOURS = {"red", "yellow", "purple", "blue", "green", "magenta", "cyan", "white"}
"""Colour words rich can style; any other tool kind is shown bold."""
HERE = "▶"
ON = "●"
LEGEND = (f"{ON} scientists standing there (s1 = seat 1) · {HERE} your transformer, your row "
          "and the action it gives · ▲ face-up portal · ? a face-down portal you do not know")


# Small pieces ------------------------------------------------------------------------------


def who(q: int | None, seat: int | None, players: int) -> str:
    """A lab's owner: "seat 1", "seat 0 (you)" or the solo "virtual scientist"."""
    if q is None or q >= players:
        return "virtual scientist"
    return f"seat {q} (you)" if q == seat else f"seat {q}"


def plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def kind(k: str) -> Text:
    """A tool kind (a colour word) in its colour."""
    return Text(k, style=f"bold {k}" if k in COLOURS else "bold")


def listing(head: str, items: list[Text], sep: str = " · ", empty: str = "none") -> Text:
    """"head" then the items joined, or a dim "none"."""
    t = Text(head, style="bold") if head else Text()
    return t.append_text(Text(sep).join(items) if items else Text(empty, style="dim"))


def portal_text(p: dict[str, Any] | None, full: bool = False) -> Text:
    """"Umbral Crown 8 DP shadow" and, in full, its tier and the tools it needs."""
    if p is None:
        return Text("?", style="dim")
    t = Text.assemble((p["name"], "bold"), f" {p['dp']} DP ", (p["icon"], "italic"))
    if full:
        t.append(f" {p['tier']}, needs ", style="dim")
        t.append_text(Text("+").join(kind(k) for k in p["tools"]))
    return t


def portals(head: str, ps: list[dict[str, Any]], empty: str = "none") -> Text:
    return listing(head, [portal_text(p) for p in ps], empty=empty)


def names(head: str, cards: list[dict[str, Any]]) -> Text:
    return listing(head, [Text(c["name"], style="bold") for c in cards], ", ")


def cards_by_kind(cards: list[dict[str, Any]]) -> Text:
    """"red 01 03 · blue 07": a pile grouped by tool kind, the kind dropped from the names."""
    groups: dict[str, list[str]] = {}
    for c in cards:
        prefix = f"{c['tool']}-"
        name = c["name"][len(prefix):] if c["name"].startswith(prefix) else c["name"]
        groups.setdefault(c["tool"], []).append(name)
    return listing("", [Text.assemble(kind(k), " " + " ".join(v)) for k, v in groups.items()],
                   empty="empty")


# The transformer circle --------------------------------------------------------------------


def transformer_cell(tr: dict[str, Any]) -> Group:
    """A transformer's name, ability, face-up portal (or DEACTIVATED) and the stack below."""
    lines = [Text(tr["name"], style="bold"),
             Text(ABILITY_SHORT.get(tr["ability"], tr["ability_text"]), style="dim")]
    top = tr["face_up"]
    if tr["deactivated"] or top is None:
        lines.append(Text("DEACTIVATED", style="bold red"))
    else:
        lines += [Text.assemble(("▲ ", "green"), (top["name"], "bold green")),
                  Text(f"{top['dp']} DP {top['icon']} {top['tier']}"),
                  Text("needs ", style="dim").append_text(
                      Text(" ").join(kind(k) for k in top["tools"]))]
    below = tr["stack"][1:]
    if any(p is not None for p in below):  # known to the viewer: ability 1 or 4, all_face_up
        lines.append(Text(f"stack {tr['stack_size']}, below:", style="dim"))
        lines += [Text(f"{k}. ", style="dim").append_text(portal_text(p))
                  for k, p in enumerate(below, start=2)]
    else:
        down = f" ({len(below)} face down)" if below else ""
        lines.append(Text(f"stack {tr['stack_size']}{down}", style="dim"))
    return Group(*lines)


def circle(obs: dict[str, Any], seat: int | None, mine: int | None) -> Table:
    """The five transformers left to right in clockwise order (the last leads back to 1), the
    scientists standing at each on the first row; ``mine`` is the viewer's transformer."""
    t = Table(box=box.ROUNDED, expand=True, padding=(0, 1), title_justify="left",
              title=Text("Transformers ↻ clockwise 1→2→3→4→5→1", style="bold"))
    on, cells = [], []
    for tr in obs["transformers"]:
        n = tr["number"]
        head = Text.assemble((f"{n} ", "bold"), kind(tr["colour"]),
                             " →1" if n == len(obs["transformers"]) else " →")
        if n == mine:
            head.append(f" {HERE}you", style="bold yellow")
        t.add_column(head, ratio=1, overflow="fold")
        there = ", ".join("you" if q == seat else "virtual" if q >= obs["players"] else f"s{q}"
                          for q in tr["scientists"])
        on.append(Text(f"{ON} {there}" if there else "",
                       style="bold yellow" if n == mine else "bold"))
        cells.append(transformer_cell(tr))
    t.add_row(*on, end_section=True)
    t.add_row(*cells)
    return t


# The viewer's hand -------------------------------------------------------------------------


def rows_text(c: dict[str, Any], here: int) -> Text:
    """"1 Search · 2 Ability · ▶3 Move · 4 Seal · 5 Recycle", the current row marked."""
    parts = []
    for k, action in enumerate(c["rows"], start=1):
        word = f"{k} {ACTION_WORDS.get(action, action)}"
        parts.append(Text(HERE + word, style="bold reverse") if k == here
                     else Text(word, style="dim"))
    return Text(" · ").join(parts)


def hand_section(obs: dict[str, Any], lab: dict[str, Any]) -> RenderableType:
    """The viewer's cards: tool kind, the action on the current transformer, all five rows;
    what Ability and Seal do here is said once above them."""
    tr = obs["transformers"][lab["transformer"] - 1]
    n, hand = tr["number"], lab["hand"]
    title = Text.assemble((f"Your hand ({plural(len(hand), 'card')})", "bold yellow"),
                          f" · you stand on transformer {n} (", kind(tr["colour"]),
                          f"), so each card gives its row {n}")
    if not hand:
        return Group(title, Text("empty", style="dim"))
    here = Text(f"Here Ability = {ABILITY_SHORT.get(tr['ability'], tr['ability_text'])} · "
                "Seal = ", style="dim")
    here.append_text(portal_text(tr["face_up"], full=True) if tr["face_up"]
                     else Text("nothing (deactivated)"))
    kept = set((obs.get("keep_two") or {}).get("cards", []))
    t = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False)
    for col in ("Card", "Tool", "Action here", "Rows"):
        t.add_column(col, header_style="bold dim")
    for c in hand:
        name = Text(c["name"], style="bold")
        if c["id"] in kept:
            name.append(" ✓kept", style="bold cyan")
        action = c["rows"][n - 1]
        t.add_row(name, kind(c["tool"]), Text(f"{HERE} {ACTION_WORDS.get(action, action)}",
                                              style="bold green"), rows_text(c, n))
    return Group(title, here, t)


# Labs --------------------------------------------------------------------------------------


def sets_line(head: str, sets: list[tuple[str, list[int]]], by_id: dict[int, Any]) -> Text:
    """"Best sets: Omni +9 (A, B, C, D, E) · Specialisation water×2 +4 (F, G)"."""
    parts = []
    for k, ps in sets:
        icon = by_id[ps[0]]["icon"]
        what = "Omni" if k == "omni" else f"Specialisation {icon}×{len(ps)}"
        bonus = OMNI if k == "omni" else TRIPLE if len(ps) > 2 else PAIR
        parts.append(Text.assemble((what, "bold magenta"), f" +{bonus} (",
                                   ", ".join(by_id[q]["name"] for q in ps), ")"))
    return listing(head, parts)


def sets_lines(lab: dict[str, Any], obs: dict[str, Any]) -> list[Text]:
    """The best set assignment; under player_choice at the end, the sets formed as well."""
    if not obs["set_scoring"] or not (lab["sealed"] or "sets" in lab):
        return []
    by_id = {p["id"]: p for p in lab["sealed"] + lab["lost"]}
    best = sets_line("Best sets: ", [(x["kind"], x["portals"]) for x in lab["best_sets"]], by_id)
    if "sets" not in lab or obs["phase"] not in ("form_sets", "over"):
        return [best]
    formed = [("omni" if len({by_id[q]["icon"] for q in ps}) > 1 else "specialisation", ps)
              for ps in lab["sets"]]
    return [sets_line("Sets formed: ", formed, by_id), best]


def lab_panel(obs: dict[str, Any], lab: dict[str, Any], seat: int | None) -> Panel:
    """One lab: tools by kind, sealed (and lost) portals, sets, the score worked out, the hand
    size with its known cards, the play area."""
    own = lab["seat"] is not None and lab["seat"] == seat
    title = Text(who(lab["seat"], seat, obs["players"]), style="bold yellow" if own else "bold")
    title.append(" · ").append_text(kind(lab["colour"]))
    title.append(f" · on transformer {lab['transformer']} · ")
    title.append(f"score {lab['score']} DP", style="bold green")
    if lab["seat"] is not None and lab["seat"] == obs["active"] and obs["phase"] != "over":
        title.append(" · active", style="bold cyan")
    tools = Counter(c["tool"] for c in lab["tools"])
    parts: list[RenderableType] = [
        listing(f"Tools {len(lab['tools'])}: ",
                [Text.assemble(kind(k), f" ×{k_n}") for k, k_n in tools.items()]),
        portals(f"Sealed {len(lab['sealed'])}: ", lab["sealed"])]
    if lab["lost"]:
        parts.append(portals("Lost (Deadly Portals): ", lab["lost"]))
    parts += sets_lines(lab, obs)
    dp = sum(p["dp"] for p in lab["sealed"])
    penalty = 0 if lab["virtual"] else len(lab["tools"])
    cost = "" if lab["virtual"] else f" − {penalty} unused tools"
    score = Text(f"Score {lab['score']} DP = {dp} portal DP{cost} + "
                 f"{lab['score'] - dp + penalty} sets · tools used {lab['tools_used']}",
                 style="green")
    if lab["virtual"]:
        score.append(" (its unused tools cost nothing)", style="dim")
    parts.append(score)
    if not lab["virtual"]:
        hand = Text(f"Hand: {plural(lab['hand_size'], 'card')}")
        if "hand" in lab:
            hand.append(" (below)", style="dim")
        elif lab["known_hand"]:
            hand.append_text(names(", known (recycled): ", lab["known_hand"]))
        if lab["play_area"]:
            hand.append_text(names(" · Play area: ", lab["play_area"]))
        parts.append(hand)
    return Panel(Group(*parts), title=title, title_align="left",
                 border_style="yellow" if own else "dim")


# The turn, the decision under way and the outcome ------------------------------------------


def header(obs: dict[str, Any], seat: int | None) -> Group:
    """Whose turn, the phase, actions left, the deck, the discard pile and the end status."""
    n, phase, cp = obs["players"], obs["phase"], obs["current_player"]
    t = Text(PHASE_TEXT.get(phase, phase), style="bold cyan")
    if phase not in ("form_sets", "over"):
        t.append(f" · turn of {who(obs['active'], seat, n)}", style="bold")
        t.append(f" · {plural(obs['actions_left'], 'action')} left")
    if cp is not None and cp >= 0 and (cp != obs["active"] or phase == "form_sets"):
        t.append(f" · to act: {who(cp, seat, n)}", style="bold yellow")
    deck = Text(f"Deck {plural(obs['deck'], 'card')} · Discard ({len(obs['discard'])}): "
                ).append_text(cards_by_kind(obs["discard"]))
    end = obs["end"]
    e = Text(f"End: {end['empty_stacks']} of {end['threshold']} stacks empty")
    if end["triggered"]:
        e = Text(f"END TRIGGERED ({end['empty_stacks']} stacks empty)", style="bold red")
        if end["last_turn_seat"] is not None:
            e.append(f" · last turn: {who(end['last_turn_seat'], seat, n)}")
    if obs.get("removed_portals"):
        e.append(f" · {obs['removed_portals']} portals out of the game (Short Game)", style="dim")
    if not obs["set_scoring"]:
        e.append(" · no set bonuses in this variant", style="dim")
    return Group(t, deck, e)


def pending(obs: dict[str, Any], seat: int | None) -> Panel | None:
    """The panel of a decision in several steps: a Seal, ability 1, 2 or 5, forming sets. Only
    the arranger sees the portals of a stack being rearranged."""
    act = who(obs["active"], seat, obs["players"])
    lines: list[Text] = []
    if "seal" in obs:
        sl = obs["seal"]
        lines.append(Text.assemble(f"{act} seals ", portal_text(sl["portal"]),
                                   ": choose the tools; still to pay ").append_text(
            listing("", [Text.assemble(kind(k), f" ×{v}") for k, v in sl["still_needed"].items()],
                    ", ")))
    if "reorder" in obs:
        ro = obs["reorder"]
        lines.append(Text(f"{act} rearranges the stack of transformer {ro['transformer']}: "
                          f"{ro['placed']} placed"))
        if "portals" in ro:
            placed = {p["id"] for p in ro["new_order"]}
            lines.append(portals("New order from the top: ", ro["new_order"], "none yet"))
            lines.append(portals("Still to place: ",
                                 [p for p in ro["portals"] if p["id"] not in placed]))
    if "keep_two" in obs:
        lines.append(Text(f"{act} keeps 2 cards of the whole hand and discards the rest: "
                          f"{obs['keep_two']['kept']} chosen"))
    if "keep_tool" in obs:
        kt = obs["keep_tool"]
        area = obs["labs"][obs["active"]]["play_area"]
        lines.append(names(f"{act} keeps one played card as a tool ({kt['uses_left']} to "
                           "keep): ", [c for c in area if c["id"] in set(kt["played"])]))
    if "form_sets" in obs:
        fs = obs["form_sets"]
        by_id = {p["id"]: p for p in obs["labs"][fs["seat"]]["sealed"]}
        lines.append(portals(f"{who(fs['seat'], seat, obs['players'])} forms sets; set in "
                             "hand: ", [by_id[q] for q in fs["forming"] if q in by_id], "empty"))
    return Panel(Group(*lines), title=Text("Under way", style="bold cyan"), title_align="left",
                 border_style="cyan") if lines else None


def outcome_section(obs: dict[str, Any], seat: int | None) -> RenderableType:
    """The winner (or the solo win/loss), every seat's DP and place, the tie-break trace."""
    out, n = obs["outcome"], obs["players"]
    winners = set(out["winners"])
    if n == 1:
        head = Text("You won" if winners else "You lost",
                    style="bold green" if winners else "bold red")
    else:
        head = Text("Winner: " + (", ".join(who(q, seat, n) for q in sorted(winners))
                                  or "no one"), style="bold green")
    head.append(f" — {out['reason']}")
    t = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    for col in ("Seat", "DP", "Place"):
        t.add_column(col, header_style="bold dim", justify="left" if col == "Seat" else "right")
    for q, sc in enumerate(out["scores"]):
        won = q in winners
        t.add_row(Text(("★ " if won else "  ") + who(q, seat, n),
                       style="bold green" if won else ""), f"{sc:g}", str(out["ranking"][q]))
    return Group(head, t, *(Text("  tie-break: " + x, style="dim")
                            for x in out.get("tiebreak_trace", [])))


def render(observation: dict[str, Any], seat: int | None) -> RenderableType:
    """The table as ``seat`` sees it (``None``: a spectator, who sees no hand): the turn, the
    circle, the decision under way, the viewer's hand, then the labs from the viewer's
    clockwise (the virtual scientist's last)."""
    obs = observation
    n, labs = obs["players"], obs["labs"]
    if seat is not None and not 0 <= seat < n:
        seat = None
    mine = labs[seat] if seat is not None else None
    title = Text(f"MULTIUNIVERSUM · Turn {obs['turn']} · Round {obs['round']}", style="bold")
    parts: list[RenderableType] = [header(obs, seat)]
    if "outcome" in obs:
        parts.append(outcome_section(obs, seat))
    parts.append(circle(obs, seat, mine["transformer"] if mine else None))
    parts += [x for x in (pending(obs, seat),) if x is not None]
    if mine is not None and "hand" in mine:
        parts.append(hand_section(obs, mine))
    focus = seat if seat is not None else 0
    parts += [lab_panel(obs, labs[(focus + k) % n], seat) for k in range(n)]
    parts += [lab_panel(obs, lab, seat) for lab in labs[n:]]
    parts.append(Text(LEGEND, style="dim"))
    return Panel(Group(*parts), title=title, title_align="left")
