"""Terminal rendering of a PARADOX observation: the board a player needs to decide, compactly.

It reads only the observation dict (never the state), so it cannot show what the viewer may
not know: the Research Hand is a count unless the observation lists its cards, and a Secret
Objective appears only in its owner's observation. Discs and costs carry a colour letter as
well as a colour, so the plain text (and a colour-blind player) reads the same. Every name is
put in a ``Text``, never in a markup string, so a name like ``[red]`` shows as written
(``rich.markup.escape`` would add visible backslashes there).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

COLOURS = ("red", "yellow", "blue", "black", "white")
LETTER = {"red": "R", "yellow": "Y", "blue": "B", "black": "K", "white": "W", "purple": "P"}
"""One letter per disc colour; black is K so it differs from blue."""
PIP_STYLE = {"red": "bold red", "yellow": "bold yellow", "blue": "bold bright_blue",
             "black": "bold bright_black", "white": "bold bright_white",
             "purple": "bold magenta"}
"""Foreground colours for costs and resources; black is bright_black to show on dark screens."""
CHIP_STYLE = {"red": "bold bright_white on red3", "yellow": "bold black on yellow3",
              "blue": "bold bright_white on blue3", "black": "bold bright_white on grey23",
              "white": "bold black on grey85", "purple": "bold bright_white on purple4"}
"""Matrix disc backgrounds: a black disc is white-on-dark-grey so it never vanishes."""
GLYPHS = {"helix": "§", "star": "★", "ring": "◯", "": "•"}
ASCII_GLYPHS = {"helix": "$", "star": "*", "ring": "o", "": "."}
"""Three clearly different symbols (the printed shapes are not public), and a fallback."""

QUAKE_MARK = "◆QUAKE"
"""The Quake marker on the ring; the word appears nowhere else in upper case."""
QUAKE_STEPS = ((5, "Past"), (3, "Present"), (1, "Future"))
"""Where a repair would send the Quake: worth marking, as that World may fracture."""
RING_COLUMNS = 5
SPACES = ("Past", "Present", "Future", "Danger!")
SPACE_SHORT = {"Past": "Pa", "Present": "Pr", "Future": "Fu", "Danger!": "D!"}
GOAL_REWARD = ("+1/card", "+3/pair", "+6/triple")
SIZE = 5
KNOWN_SHOWN = 4
"""Known deck cards listed, from the top (the next Research Hand or refill)."""
TURNS = 12

PHASE_TEXT = {
    "wormhole": "Wormhole phase",
    "matrix": "Matrix phase",
    "allocate": "Matrix phase: allocate resources",
    "flare": "Matrix phase: Flare benefit",
    "end_discard": "Game end: discard a card of a Fractured World",
    "over": "Game over",
}
KIND_TEXT = {
    "breakthrough": "Danger!: +1 action or wipe a line",
    "nebula": "blocks the Anomaly",
    "parallel_universe": "3 black/white; wild card in a World set",
}


# Small pieces ------------------------------------------------------------------------------


def who(p: int | None, seat: int | None) -> str:
    """A seat as text, marking the viewer's own seat "(you)"."""
    if p is None or p < 0:
        return "-"
    return f"seat {p} (you)" if p == seat else f"seat {p}"


def pips(counts: dict[str, int]) -> Text:
    """Resources as coloured letters, e.g. ``RRY`` (a dash for none)."""
    t = Text()
    for c in COLOURS:
        t.append(LETTER[c] * counts.get(c, 0), style=PIP_STYLE[c])
    return t if t.plain else Text("-", style="dim")


def space_name(cell: Sequence[int]) -> str:
    """A Matrix space as the action labels name it: row 0 column 2 is ``r1c3``."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def disc_chip(d: dict[str, str] | None, shielded: bool = False, ascii_glyphs: bool = False
              ) -> Text:
    """One Matrix disc: colour letter and symbol on the disc's colour; a shield is brackets."""
    if d is None:
        return Text(" ·  ", style="dim")
    glyph = (ASCII_GLYPHS if ascii_glyphs else GLYPHS).get(d["symbol"], "?")
    body = LETTER.get(d["colour"], "?") + glyph
    style = CHIP_STYLE.get(d["colour"], "reverse")
    if shielded:
        return Text(f"[{body}]", style=style + " underline")
    return Text(f" {body} ", style=style)


def matrix_text(pv: dict[str, Any], ascii_glyphs: bool) -> Text:
    """The 5x5 Matrix with rows r1-r5 (top to bottom) and columns c1-c5 labelled."""
    shields = {tuple(c["space"]) for c in pv["shields"]}
    t = Text("   " + "".join(f" c{c + 1} " for c in range(SIZE)), style="dim")
    for r, row in enumerate(pv["matrix"]):
        t.append("\n")
        t.append(f"r{r + 1} ", style="dim")
        for c, d in enumerate(row):
            t.append_text(disc_chip(d, (r, c) in shields, ascii_glyphs))
    return t


def card_detail(card: dict[str, Any] | None) -> Text:
    """What a card asks for: a Timeline's cost and Research Asset, a Nexus's locked space."""
    if card is None:
        return Text("")
    kind = card["kind"]
    if kind == "timeline":
        return pips(card["cost"]).append(f"  {card['asset']}", style="italic")
    if kind == "nexus":
        return Text(f"locks {space_name(card['lock'])}", style="cyan")
    if kind == "flare":
        t = Text("Strands ")
        for c in card["colours"]:
            t.append(LETTER[c], style=PIP_STYLE[c])
        return t.append(", 3rd scores 2 VP")
    return Text(KIND_TEXT.get(kind, kind), style="dim")


def card_name(card: dict[str, Any] | None) -> Text:
    """A card's name as written; scenario cards are tinted so they stand out in the Wormhole."""
    if card is None:
        return Text("—", style="dim")
    style = {"timeline": "bold", "nexus": "bold cyan"}.get(card["kind"], "bold magenta")
    return Text(card["name"], style=style)


# The board ---------------------------------------------------------------------------------


def ring_section(obs: dict[str, Any]) -> RenderableType:
    """The Multiverse ring, clockwise from space 1: each World's state, shield and the Quake."""
    quake = obs["quake"]
    if quake is None:
        return Text("Take Your Child to Work Day: no Worlds on the board and no Quake.",
                    style="italic dim")
    ring = obs["ring"]
    hints = {(quake + step) % len(ring): f"+{step}" for step, _ in QUAKE_STEPS}
    t = Table.grid(padding=(0, 1))
    for _ in range(RING_COLUMNS):
        t.add_column(no_wrap=True)
    cells: list[Text] = []
    for i, w in enumerate(ring):
        top = Text(f"{i + 1:>2} ", style="dim")
        low = Text("   ")
        if w is None:
            top.append("(no World)", style="dim")
        elif w["fractured"]:
            top.append(w["name"], style="bold red strike")
            low.append("✗ FRACTURED", style="bold red")
        else:
            top.append(w["name"], style="bold green")
            low.append("stable", style="green")
        if w is not None and w["shield"] is not None:
            low.append(f" [S{w['shield']}]", style="bold cyan")
        if i == quake:
            low.append(" ").append(QUAKE_MARK, style="bold bright_white on magenta")
        elif i in hints:
            low.append(f" {hints[i]}", style="yellow")
        cells.append(Text.assemble(top, "\n", low))
    while len(cells) % RING_COLUMNS:
        cells.append(Text(""))
    for k in range(0, len(cells), RING_COLUMNS):
        t.add_row(*cells[k:k + RING_COLUMNS])
    steps = "/".join(f"+{k}" for k, _ in QUAKE_STEPS)
    eras = "/".join(era for _, era in QUAKE_STEPS)
    title = Text.assemble(("Multiverse", "bold"),
                          (f" (clockwise) · [Sn] shield of seat n · {steps} = the Quake after a "
                           f"{eras} repair", "dim"))
    return Group(title, t)


def board_line(obs: dict[str, Any], ascii_glyphs: bool) -> Text:
    """Anomaly discs, bag, Trigger Discs aside, shields and deck: the shared supplies."""
    t = Text.assemble(("Anomaly ", "bold"))
    for d in obs["anomaly"]:
        t.append_text(disc_chip(d, ascii_glyphs=ascii_glyphs))
    if obs["anomaly_blocked"]:
        t.append(" blocked by a Nebula", style="bold red")
    elif obs["nebulas"]:
        t.append(f" ({obs['nebulas']} Nebula, no effect)", style="dim")
    bag = obs["bag"]
    by_colour = {c: sum(n for k, n in bag["by_type"].items() if k.split()[0] == c)
                 for c in COLOURS}
    t.append(f" │ Bag {bag['discs']}: ")
    for c in COLOURS:
        t.append(f"{LETTER[c]}{by_colour[c]} ", style=PIP_STYLE[c])
    if bag["purple"] or obs["trigger_discs_aside"]:
        t.append(f"P{bag['purple']} ", style=PIP_STYLE["purple"])
        t.append(f"│ Trigger discs aside {obs['trigger_discs_aside']} ")
    t.append(f"│ Shields free {obs['shields_free']} │ Deck {obs['deck']} │ "
             f"Discard {len(obs['discard'])}")
    return t


def wormhole_table(obs: dict[str, Any]) -> Table:
    """Stable 1-4 then Unstable 1-4, named as the draft actions name them; the Research Hand
    follows when the observation shows its cards (the Chief Scientist's own view)."""
    t = Table(title="Wormhole", title_justify="left", title_style="bold", box=None,
              padding=(0, 1), show_edge=False, pad_edge=False)
    t.add_column("Slot", style="dim", no_wrap=True)
    t.add_column("Card", no_wrap=True)
    t.add_column("Cost · Research Asset / effect", no_wrap=True)
    sections = [("stable", "Stable"), ("unstable", "Unstable")]
    if isinstance(obs["research_hand"], list) and obs["research_hand"]:
        sections.append(("research_hand", "Hand"))
    for section, label in sections:
        for i, card in enumerate(obs[section]):
            t.add_row(f"{label} {i + 1}", card_name(card), card_detail(card),
                      end_section=i == len(obs[section]) - 1)
    return t


def hand_lines(obs: dict[str, Any]) -> list[Text]:
    """The Research Hand as a count for all but the Chief Scientist, and deck cards known."""
    hand = obs["research_hand"]
    out: list[Text] = []
    if isinstance(hand, list):
        if hand:
            out.append(Text(f"Research Hand: Hand 1-{len(hand)} (only you see them)",
                            style="bold"))
    elif hand:
        out.append(Text(f"Research Hand: {hand} cards, seen only by the Chief Scientist",
                        style="bold"))
    known = obs.get("known_deck_top") or []
    if known:
        t = Text("You know the deck top: ", style="dim")
        t.append_text(Text(", ").join(card_name(c) for c in known[:KNOWN_SHOWN]))
        out.append(t.append(" …" if len(known) > KNOWN_SHOWN else ""))
    return out


def goals_section(obs: dict[str, Any]) -> list[RenderableType]:
    """The three Research Goals with their slot's reward, then the viewer's Secret Objective."""
    goals = obs["research_goals"]
    if not goals:
        return [Text("Training Mission: no Research Goals.", style="dim")]
    t = Table.grid(padding=(0, 1))
    t.add_column(no_wrap=True)
    t.add_column()
    for g in goals:
        slot = g["slot"]
        reward = GOAL_REWARD[slot - 1] if 1 <= slot <= len(GOAL_REWARD) else ""
        t.add_row(f"{slot}.", Text.assemble((g["name"], "bold yellow"),
                                            (f" {reward}\n", "yellow"), (g["text"], "dim")))
    out: list[RenderableType] = [Text("Research Goals:", style="bold"), t]
    if obs["secret_objective"] is not None:
        out.append(Text.assemble(("Your Secret Objective: ", "bold"),
                                 (obs["secret_objective"]["name"], "bold yellow")))
    return out


def extras_lines(obs: dict[str, Any], seat: int | None) -> list[Text]:
    """The optional modules: Matrix level, Alliances and the Maelstrom, when in play."""
    out: list[Text] = []
    if obs["matrix_level"] != 1:
        shapes = ", ".join(obs["strand_shapes"])
        out.append(Text(f"Matrix level {obs['matrix_level']}: Strands are {shapes}",
                        style="bold magenta"))
    if obs["alliances"] is not None:
        t = Text("Alliances: ", style="bold")
        for k, a in enumerate(obs["alliances"]):
            if k:
                t.append(" · ")
            t.append(LETTER[a["colour"]], style=PIP_STYLE[a["colour"]])
            if a["holder"] < 0:
                t.append(" beside the Wormhole", style="dim")
            else:
                t.append(f" {who(a['holder'], seat)}" + (" (on a card)" if a["on_card"] else ""))
        out.append(t)
    m = obs["maelstrom"]
    if m is not None:
        t = Text("Maelstrom", style="bold magenta")
        if m["card"] is not None:
            t.append(" over ").append_text(card_name(m["card"]))
        t.append(": cost ").append_text(pips(m["cost"])).append("; paid ")
        for p, paid in enumerate(m["paid"]):
            counts: dict[str, int] = {}
            for d in paid:
                c = d.get("alliance") or d.get("colour", "")
                counts[c] = counts.get(c, 0) + 1
            t.append(f"{who(p, seat)} ").append_text(pips(counts)).append("  ")
        out.append(t)
    return out


# Players -----------------------------------------------------------------------------------


def placed_of(mc: dict[str, Any]) -> tuple[int, int]:
    """Resources placed on a mat card and how many it needs in all (0 when it takes none)."""
    placed = sum(mc.get("placed", {}).values())
    if mc["kind"] == "timeline":
        return placed, sum(mc["cost"].values())
    if mc["kind"] == "parallel_universe":
        return placed, 3
    return placed, 0


def mat_table(pv: dict[str, Any]) -> Table | Text:
    """The viewer's mat, one card a row in space order (Danger! last: it is Lost next)."""
    mat = sorted(pv["mat"], key=lambda mc: SPACES.index(mc["space"]))
    if not mat:
        return Text("Mat: empty", style="dim")
    t = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    for col in ("Mat", "Card", "Needs", "Placed"):
        t.add_column(col, header_style="bold dim", no_wrap=col in ("Mat", "Placed"))
    for mc in mat:
        space = mc["space"]
        t.add_row(Text(space, style="bold red" if space == "Danger!" else ""),
                  card_name(mc), mat_need(mc), mat_done(mc))
    return t


def mat_need(mc: dict[str, Any]) -> Text:
    """The cost column of a mat card (a Nexus shows the space it locks)."""
    if mc["kind"] == "nexus":
        return Text("a Strand through its shield", style="cyan")
    return card_detail(mc)


def mat_done(mc: dict[str, Any]) -> Text:
    """The progress column of a mat card: resources placed or the Flare's steps."""
    if mc["kind"] == "flare":
        return Text(f"step {mc.get('step', 0)}/3", style="bold")
    placed, need = placed_of(mc)
    if not need:
        return Text("")
    t = pips(mc["placed"]) if placed else Text("none", style="dim")
    return t.append(f" {placed}/{need}", style="bold green" if placed else "dim")


def mat_line(mc: dict[str, Any]) -> Text:
    """One mat card in a line, for the compact opponent view."""
    space = mc["space"]
    t = Text(SPACE_SHORT.get(space, space) + " ", style="bold red" if space == "Danger!"
             else "dim")
    t.append_text(card_name(mc)).append(" ")
    if mc["kind"] == "nexus":
        return t.append("(shielded disc)", style="cyan")
    if mc["kind"] in ("timeline", "parallel_universe"):
        need = pips(mc["cost"]) if mc["kind"] == "timeline" else Text("K/W×3")
        placed, total = placed_of(mc)
        return t.append_text(need).append(f" {placed}/{total}")
    return t.append_text(mat_done(mc))


def score_text(pv: dict[str, Any], fractured: set[str]) -> Text:
    """The score pile: count by World, each World's cards, and the scenario cards; a World
    now Fractured is marked, as its cards are lost if it still is at the end. Another
    player's face-down pile shows only its size (PX-KNOW-10)."""
    pile = pv["score_pile"]
    size = pv.get("score_pile_size", len(pile))
    t = Text.assemble(("Score pile ", "bold"), (f"{size}", "bold"))
    if pv.get("score_pile_face_down"):
        return t.append(" (face down)", style="dim") if size else t
    if not pile:
        return t
    groups: dict[str, list[str]] = {}
    for card in pile:
        name = card["name"]
        if card["kind"] in ("timeline", "nexus"):
            world, _, part = name.rpartition(" ")
        else:
            world, part = name.rstrip("0123456789 "), ""
        groups.setdefault(world, []).append(part)
    t.append(": ")
    for k, (world, parts) in enumerate(groups.items()):
        if k:
            t.append(" · ")
        t.append(f"{world} {len(parts)}", style="bold")
        shown = [p for p in parts if p]
        if shown:
            t.append(f" ({', '.join(shown)})", style="dim")
        if world in fractured:
            t.append(" ✗", style="bold red")
    return t


def status_text(obs: dict[str, Any], p: int) -> Text | None:
    """``▶ deciding`` and the details, on the panel of the player deciding now."""
    if p != obs["current_player"] or "final" in obs:
        return None
    return Text("▶ deciding", style="bold yellow").append_text(decision_details(obs))


def decision_details(obs: dict[str, Any]) -> Text:
    """Actions left, resources waiting to be allocated, and a locked Matrix's rebuild offer."""
    t = Text()
    if obs["actions_left"] is not None:
        t.append(f" · actions left {obs['actions_left']}")
    pending = obs["pending_resources"]
    if pending:
        t.append(" · to allocate: ")
        for k, r in enumerate(pending):
            colour = r.split()[0]
            t.append((", " if k else "") + r, style=PIP_STYLE.get(colour, ""))
    if obs["locked_board"]:
        t.append(" · Matrix locked: rebuild offered", style="bold red")
    return t


def player_panel(obs: dict[str, Any], p: int, seat: int | None, full: bool,
                 ascii_glyphs: bool) -> Panel:
    """One player's Matrix, mat and score pile; the full form has a table for the mat."""
    pv = obs["players_view"][p]
    role = " · Chief Scientist" if p == obs["chief_scientist"] else ""
    title = Text(who(p, seat) + role, style="bold yellow" if p == seat else "bold")
    side: list[RenderableType] = []
    status = status_text(obs, p)
    if status is not None:
        side.append(status)
    if full:
        side.append(mat_table(pv))
    else:
        side += [mat_line(mc) for mc in sorted(pv["mat"], key=lambda m: SPACES.index(m["space"]))]
        if not pv["mat"]:
            side.append(Text("Mat: empty", style="dim"))
    fractured = {w["name"] for w in obs["ring"] if w is not None and w["fractured"]}
    side.append(score_text(pv, fractured))
    if pv["shields"]:
        side.append(Text("Shielded: " + ", ".join(f"{space_name(c['space'])} ({c['name']})"
                                                  for c in pv["shields"]),
                         style="cyan"))
    if pv["mat_discard"]:
        side.append(Text(f"Mat discard pile: {pv['mat_discard']} discs", style="dim"))
    grid = matrix_text(pv, ascii_glyphs)
    if full:
        body: RenderableType = Table.grid(padding=(0, 2))
        body.add_column(no_wrap=True)
        body.add_column()
        body.add_row(grid, Group(*side))
    else:
        body = Group(grid, *side)
    return Panel(body, title=title, title_align="left",
                 border_style="yellow" if p == seat else "dim")


def final_table(obs: dict[str, Any], seat: int | None) -> Table:
    """Final scores by source; the winner by VP, then cards, then Nexus cards (PX-SCORE-6)."""
    final = obs["final"]
    keys = [(f["total"], f["cards"], f["nexus"]) for f in final]
    best = max(keys)
    t = Table(title="Final scores", title_justify="left", title_style="bold green",
              caption="★ wins: most VP, then most cards, then most Nexus cards",
              caption_justify="left", caption_style="dim",
              box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    for col in ("Seat", "Worlds", "Goals", "Flares", "Alliances", "Total", "Cards", "Nexus"):
        t.add_column(col, header_style="bold dim", justify="left" if col == "Seat" else "right")
    for p, f in enumerate(final):
        won = keys[p] == best
        name = Text(("★ " if won else "  ") + who(p, seat), style="bold green" if won else "")
        goals = "+".join(str(g) for g in f["goals"]) or "0"
        t.add_row(name, str(f["worlds"]), goals, str(f["flares"]), str(f["alliances"]),
                  Text(str(f["total"]), style="bold"), str(f["cards"]), str(f["nexus"]))
    return t


# The whole table ---------------------------------------------------------------------------


def header(obs: dict[str, Any], seat: int | None) -> Text:
    """Whose decision it is and what it is about."""
    cp = obs["current_player"]
    phase = obs["phase"]
    t = Text(PHASE_TEXT.get(phase, phase), style="bold cyan")
    if cp is not None and cp >= 0:
        t.append(f" · to decide: {who(cp, seat)}", style="bold yellow")
        if phase == "wormhole":
            t.append(" (Chief Scientist picks last)" if cp == obs["chief_scientist"]
                     else " (take one card)", style="dim")
        if "final" not in obs:
            t.append_text(decision_details(obs))
    return t


def render(observation: dict[str, Any], seat: int | None, *, ascii_glyphs: bool = False
           ) -> RenderableType:
    """The table as ``seat`` sees it (``None``: a spectator); ``ascii_glyphs`` for terminals
    whose fonts lack the disc symbols."""
    obs = observation
    n = obs["players"]
    if seat is not None and not 0 <= seat < n:
        seat = None
    title = Text(f"PARADOX · Turn {obs['turn']}/{TURNS} · Chief Scientist: "
                 f"{who(obs['chief_scientist'], seat)}", style="bold")
    parts: list[RenderableType] = [header(obs, seat)]
    if "final" in obs:
        parts.append(final_table(obs, seat))
    parts += [ring_section(obs), board_line(obs, ascii_glyphs)]
    side = [*hand_lines(obs), *goals_section(obs)]
    top = Table.grid(padding=(0, 3))
    top.add_column(no_wrap=True)
    top.add_column()
    top.add_row(wormhole_table(obs), Group(*side))
    parts.append(top)
    parts += extras_lines(obs, seat)
    cp = obs["current_player"]
    focus = seat if seat is not None else (cp if cp is not None and 0 <= cp < n else 0)
    parts.append(player_panel(obs, focus, seat, True, ascii_glyphs))
    others = [(focus + k) % n for k in range(1, n)]
    if len(others) == 1:  # one opponent: the wide form is shorter
        parts.append(player_panel(obs, others[0], seat, True, ascii_glyphs))
    elif others:
        row = Table.grid(padding=(0, 1), expand=True)
        for _ in others:
            row.add_column(ratio=1)
        row.add_row(*(player_panel(obs, p, seat, False, ascii_glyphs) for p in others))
        parts.append(row)
    symbols = ASCII_GLYPHS if ascii_glyphs else GLYPHS
    parts.append(Text(f"Discs: colour R Y B K(black) W; symbol {symbols['helix']} helix, "
                      f"{symbols['star']} star, {symbols['ring']} ring; [..] = shielded; "
                      "✗ = Fractured World",
                      style="dim"))
    return Panel(Group(*parts), title=title, title_align="left", expand=False)
