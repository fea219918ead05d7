"""Terminal rendering of an ULTRAMASSIVE observation: every Black Hole board space by space, the
tracks, Anomalies, the Resource Draft (or the solo Challenges) and what the viewer holds.

It reads only the observation dict (never the state), so it cannot show what the viewer may
not know: another player's hand and undiscovered Core Anomalies, and the solo Resource offer
of a spectator, arrive as counts and are shown as counts. Tokens and Wormholes carry a short
name or mark as well as a colour, so the plain text (and a colour-blind player) reads the
same. Every name is put in a ``Text``, never in a markup string, so a card text such as
``[Empowered: ...]`` shows as written.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

ROUNDS = 6
DISCOVERY_MAX = 10
TOKENS = {
    "blue_giant": ("BG2", "bold bright_cyan"),
    "supergiant": ("SG3", "bold red"),
    "primordial": ("PBH4", "bold bright_white on grey23"),
    "major": ("MAJ", "bold bright_green"),
    "minor": ("min", "green"),
}
"""Short token names: Matter with the Solar Mass it is worth, Antimatter as Major or minor."""
CHANNEL_STYLE = {"blue": "bold bright_blue", "pink": "bold hot_pink"}
OPEN_MARK = "◎W"
CLOSED_MARK = "⊘W"
"""A Wormhole on a space: open (it can be activated) or closed."""
COVERED_MARK = "▒ Black Hole"
BLACK_HOLE_MARK = "◉ Black Hole"
NEXT_SIZE = {"Primordial": ("Stellar", 20), "Stellar": ("Supermassive", 50)}
"""The expansions every game has (UM-EXPAND-1); 100 is only a mark unless an option says so."""
PHASE_TEXT = {
    "wormhole set-up": "Set-up: place Wormholes",
    "resource draft": "Resource Draft",
    "gain drafted resources": "Resource Draft: gain drafted resources",
    "resource card": "Resource Draft: keep a Resource card",
    "discovery": "Discovery phase",
    "actions": "Actions phase",
    "solar mass bonus": "Solar Mass Bonus",
    "wormhole repositioning": "Wormhole repositioning",
    "over": "Game over",
}
LEGEND = ("Tokens: BG2 Blue Giant Star · SG3 Supergiant Star · PBH4 Primordial Black Hole · "
          "MAJ/min Major/Minor Antimatter (2/3/4 = Solar Mass) · "
          f"{OPEN_MARK} open, {CLOSED_MARK} closed Wormhole · space 3 is the Rift Space · "
          f"{COVERED_MARK} = a covered space, part of the Black Hole")


# Small pieces ------------------------------------------------------------------------------


def who(p: int | None, seat: int | None) -> str:
    """A seat as text, marking the viewer's own seat "(you)"."""
    if p is None or p < 0:
        return "-"
    return f"seat {p} (you)" if p == seat else f"seat {p}"


def token_text(token: str) -> Text:
    """One token by its short name in its colour (an unknown id as written)."""
    short, style = TOKENS.get(token, (token, "bold"))
    return Text(short, style=style)


def wormhole_text(w: dict[str, Any]) -> Text:
    return Text(OPEN_MARK, style="bold green") if w["open"] else Text(CLOSED_MARK, style="red")


def space_text(space: dict[str, Any]) -> Text:
    """A space's Wormhole then its stack, in board order; a dot for an empty space."""
    parts: list[Text] = []
    if space.get("wormhole") is not None:
        parts.append(wormhole_text(space["wormhole"]))
    parts += [token_text(t) for t in space["tokens"]]
    if parts:
        return Text(" ").join(parts)
    if space["covered"]:
        return Text(COVERED_MARK, style="magenta")
    return Text("·", style="dim")


def discovery_text(d: int) -> Text:
    """Discovery as a number and a 0-10 track."""
    filled = max(0, min(d, DISCOVERY_MAX))
    return Text.assemble((f"{d:>2}/{DISCOVERY_MAX} ", "bold"), ("●" * filled, "bright_cyan"),
                         ("○" * (DISCOVERY_MAX - filled), "dim"))


def card_line(card: dict[str, Any]) -> Text:
    """A card in a few words: name, type and Power."""
    return Text.assemble((card["name"], "bold"),
                         (f" ({card['type']}, Power {card['power']})", "dim"))


# A player's Black Hole board ---------------------------------------------------------------


def board_table(pv: dict[str, Any]) -> Table:
    """Spaces 1-7 of both Channels, outermost first, then the Black Hole they spiral into."""
    channels = pv["channels"]
    t = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    t.add_column("Space", header_style="bold dim", no_wrap=True)
    for name in channels:
        t.add_column(Text(f"{name} Channel", style=CHANNEL_STYLE.get(name, "bold")),
                     min_width=16)
    spaces = list(zip(*channels.values(), strict=True))
    for row in spaces:
        first = row[0]
        label = Text(str(first["space"]), style="bold")
        if first["rift"]:
            label.append(" Rift", style="bold yellow")
        if all(s["covered"] for s in row):
            label.append(" (BH)", style="magenta")
        t.add_row(label, *(space_text(s) for s in row))
    t.add_row(Text("Black Hole", style="bold magenta"),
              *(Text(BLACK_HOLE_MARK, style="bold magenta") for _ in channels))
    return t


def stats_table(pv: dict[str, Any]) -> Table:
    """The tracks of one player, and what they have played and drafted this round."""
    t = Table.grid(padding=(0, 1))
    t.add_column(style="dim", no_wrap=True)
    t.add_column()
    size = pv["size"]
    sm = Text(str(pv["solar_mass"]), style="bold bright_yellow")
    if size in NEXT_SIZE:
        nxt, at = NEXT_SIZE[size]
        sm.append(f"  ({nxt} at {at})", style="dim")
    t.add_row("Solar Mass", sm)
    t.add_row("Discovery", discovery_text(pv["discovery"]))
    t.add_row("Black Hole", Text(size, style="bold magenta"))
    t.add_row("Disc. spent", Text(f"{pv['discovery_spent']} on Anomalies"))
    t.add_row("Played", played_text(pv))
    if pv["drafted"]:
        t.add_row("Drafted", Text("; ".join(pv["drafted"]), style="bold cyan"))
    unplaced = [w for w in pv.get("wormholes", []) if w["space"] is None]
    if unplaced:
        t.add_row("Wormholes", Text(f"{len(unplaced)} still to place", style="bold yellow"))
    hand = pv["hand"]
    if not isinstance(hand, list):
        t.add_row("Hand", Text(f"{hand} cards (hidden)"))
    return t


def played_text(pv: dict[str, Any]) -> Text:
    """Cards played this round (the list, not ``cards_played_this_round``: that count is reset
    only when the player's own Actions phase begins, so it lags for the players after them)."""
    played = pv["played"]
    if not played:
        return Text("no card this round", style="dim")
    return Text("; ").join(card_line(c) for c in played)


def anomaly_state(a: dict[str, Any]) -> Text:
    """Cooldown: an Effect is ready or used this round; an Anomaly without one is passive."""
    if not a["has_effect"]:
        return Text("passive only", style="cyan")
    if a["used_this_round"]:
        return Text("used this round", style="red")
    return Text("ready", style="bold green")


def anomalies_table(pv: dict[str, Any], own: bool) -> RenderableType:
    """Discovered Anomalies and Core Anomalies; the Effect text only on the viewer's board."""
    rows = pv["anomalies"] + pv["core_anomalies"]
    if not rows:
        return Text("Anomalies: none discovered", style="dim")
    t = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    t.add_column("Anomaly", header_style="bold dim", no_wrap=True)
    t.add_column("Kind", header_style="bold dim", no_wrap=True)
    t.add_column("Cooldown", header_style="bold dim", no_wrap=True)
    if own:
        t.add_column("Text", header_style="bold dim", style="dim")
    for a in rows:
        if a["type"] == "core":
            kind = Text("Core", style="bold magenta")
        else:
            kind = Text(f"{a['type']} {a.get('tier', '')}".strip())
        cells = [Text(a["name"], style="bold"), kind, anomaly_state(a)]
        if own:
            cells.append(Text(a.get("text", "")))
        t.add_row(*cells)
    return t


def cores_waiting(pv: dict[str, Any]) -> Text | None:
    """Core Anomalies drawn and not yet discovered: names for their owner, else a count."""
    waiting = pv["core_anomalies_waiting"]
    if isinstance(waiting, list):
        if not waiting:
            return None
        return Text.assemble(("Your Core Anomalies waiting (one per expansion): ", "bold"),
                             Text(", ".join(waiting), style="magenta"))
    if not waiting:
        return None
    return Text(f"Core Anomalies still undiscovered: {waiting} (hidden)", style="dim")


def hand_table(hand: list[dict[str, Any]]) -> RenderableType:
    """The viewer's Action Cards in full (UM-KNOW-1: no one else sees them)."""
    if not hand:
        return Text("Your hand: empty", style="dim")
    t = Table(title=Text("Your hand", style="bold"), title_justify="left", box=None,
              padding=(0, 1), show_edge=False, pad_edge=False)
    t.add_column("Card", header_style="bold dim", no_wrap=True, style="bold")
    t.add_column("Type", header_style="bold dim", no_wrap=True)
    t.add_column("Power", header_style="bold dim", justify="right")
    t.add_column("Text", header_style="bold dim")
    for c in hand:
        t.add_row(Text(c["name"]), Text(c["type"]), Text(str(c["power"])), Text(c["text"]))
    return t


def player_panel(obs: dict[str, Any], p: int, seat: int | None) -> Panel:
    """One player's board beside their tracks, then Anomalies (and the viewer's hand)."""
    pv = obs["players_view"][p]
    own = p == seat
    title = Text(who(p, seat), style="bold yellow" if own else "bold")
    if p == obs["starting_player"]:
        title.append(" · starting player", style="dim")
    if p == obs["current_player"]:
        title.append(" · ▶ to act", style="bold yellow")
    top = Table.grid(padding=(0, 3))
    top.add_column(no_wrap=True)
    top.add_column()
    top.add_row(board_table(pv), stats_table(pv))
    parts: list[RenderableType] = [top, anomalies_table(pv, own)]
    waiting = cores_waiting(pv)
    if waiting is not None:
        parts.append(waiting)
    if isinstance(pv["hand"], list):
        parts.append(hand_table(pv["hand"]))
    return Panel(Group(*parts), title=title, title_align="left",
                 border_style="yellow" if own else "dim")


# Shared parts ------------------------------------------------------------------------------


def header(obs: dict[str, Any], seat: int | None) -> Text:
    """The phase, who acts and what they are asked."""
    phase = obs["phase"]
    t = Text(PHASE_TEXT.get(phase, phase), style="bold cyan")
    cp = obs["current_player"]
    if cp is not None and cp >= 0:
        t.append(f" · to act: {who(cp, seat)}", style="bold yellow")
        if obs.get("prompt"):
            t.append(" — ").append(Text(obs["prompt"], style="italic"))
    return t


def supply_line(obs: dict[str, Any]) -> Text:
    discard = obs["discard"]
    t = Text(f"Action deck {obs['deck']} cards · discard pile {len(discard)}")
    if discard:
        t.append(" (top: ").append_text(card_line(discard[-1])).append(")")
    return t


def draft_section(obs: dict[str, Any], seat: int | None) -> RenderableType:
    """Both Draft sets, space by space: the option, who took it, and the 4-player-only space."""
    draft = obs["draft"]
    in_play = draft["spaces_in_play"]
    title = Text("Resource Draft", style="bold")
    title.append(f" · {in_play} spaces per set in play", style="dim")
    if draft["tokens"]:
        tokens = [t.removeprefix("token_").replace("_", " ").title() for t in draft["tokens"]]
        title.append(" · Draft tokens: " + ", ".join(tokens), style="dim")
    sets = draft["sets"]
    drafting = None
    if obs["phase"] == "resource draft" and sets:
        picked = sum(1 for o in sets[0] if taken_seat(o) is not None)
        drafting = 0 if picked < len(obs["players_view"]) else 1
    t = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, expand=True)
    for j in range(len(sets)):
        head = f"Set {j + 1}" + (" ◀ drafting" if j == drafting else "")
        t.add_column(Text(head, style="bold yellow" if j == drafting else "bold dim"),
                     ratio=1)
        t.add_column(Text("taken by", style="bold dim"), no_wrap=True)
    for k in range(max((len(s) for s in sets), default=0)):
        cells: list[Text] = []
        for s in sets:
            cells += draft_cells(s[k], in_play, seat) if k < len(s) else [Text(""), Text("")]
        t.add_row(*cells)
    return Group(title, t)


def taken_seat(option: dict[str, Any]) -> int | None:
    """Who took a Draft space this round (``taken_by`` is -1 or None when no one has)."""
    taken = option.get("taken_by")
    return taken if taken is not None and taken >= 0 else None


def draft_cells(o: dict[str, Any], in_play: int, seat: int | None) -> list[Text]:
    t = Text(f"{o['space']} ", style="dim")
    t.append(Text(o["option"], style="dim strike" if o["space"] > in_play else ""))
    if o["four_players_only"]:
        t.append(" (4 players only)", style="dim")
    taken = taken_seat(o)
    if taken is None:
        return [t, Text("")]
    return [t, Text(f"✓ {who(taken, seat)}", style="bold yellow" if taken == seat else "bold")]


def solo_section(obs: dict[str, Any], seat: int | None) -> RenderableType:
    """The Challenges with completion, the goal, and the Resource card offer."""
    solo = obs["solo"]
    goal = solo["goal"]
    done = sum(1 for c in solo["challenges"] if c["completed"])
    title = Text.assemble(("Solo", "bold"), (f" ({solo['difficulty']})", "dim"),
                          " · goal: ", (f"{goal['challenges']} Challenges", "bold"),
                          " and ", (f"{goal['solar_mass']} Solar Mass", "bold"),
                          f" · completed {done}/{len(solo['challenges'])}")
    t = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    for col in ("", "Challenge", "Reward", "When", "Condition"):
        t.add_column(col, header_style="bold dim", no_wrap=col != "Condition")
    for c in solo["challenges"]:
        mark = Text("✓", style="bold green") if c["completed"] else Text("·", style="dim")
        when = c.get("when", "").replace("_", " ")
        t.add_row(mark, Text(c["name"], style="bold green" if c["completed"] else "bold"),
                  Text(f"+{c['reward']} SM", style="yellow"), Text(when, style="dim"),
                  Text(c["text"]))
    parts: list[RenderableType] = [title, t]
    offer = solo["resource_offer"]
    deck = f" (Resource deck {solo['resource_deck']})"
    if isinstance(offer, list):
        if offer:
            parts.append(Text("Resource card offer, keep one:" + deck, style="bold"))
            parts += [Text.assemble(f"  {k + 1}. ", Text(r["text"]))
                      for k, r in enumerate(offer)]
        else:
            parts.append(Text("No Resource card on offer" + deck, style="dim"))
    elif offer:
        parts.append(Text(f"Resource card offer: {offer} cards (hidden){deck}", style="dim"))
    return Group(*parts)


def outcome_section(obs: dict[str, Any], seat: int | None) -> RenderableType:
    """Solo: won or lost, and why. Otherwise final Solar Mass and places, the reason, and any
    tie-breakers consulted."""
    out = obs["outcome"]
    winners = set(out["winners"])
    if "solo" in obs:
        won = bool(winners)
        return Text.assemble(("Solo game WON" if won else "Solo game LOST",
                              "bold green" if won else "bold red"),
                             (" — " + out["reason"], "bold"))
    t = Table(title=Text("Final result", style="bold green"), title_justify="left",
              box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    for col in ("Seat", "Solar Mass", "Place"):
        t.add_column(col, header_style="bold dim", justify="left" if col == "Seat" else "right")
    for p, score in enumerate(out["scores"]):
        won = p in winners
        t.add_row(Text(("★ " if won else "  ") + who(p, seat), style="bold green" if won else ""),
                  Text(f"{score:g}", style="bold"), Text(str(out["ranking"][p])))
    parts: list[RenderableType] = [t, Text(out["reason"], style="bold")]
    parts += [Text("  " + line, style="dim") for line in out.get("tiebreak_trace", [])]
    return Group(*parts)


# The whole table ---------------------------------------------------------------------------


def render(observation: dict[str, Any], seat: int | None) -> RenderableType:
    """The table as ``seat`` sees it (``None``: a spectator): the viewer's board first, then
    the others clockwise; a spectator sees the player to act first."""
    obs = observation
    views = obs["players_view"]
    n = len(views)
    if seat is not None and not 0 <= seat < n:
        seat = None
    title = Text(f"ULTRAMASSIVE · Round {obs['round']}/{ROUNDS} · starting player: "
                 f"{who(obs['starting_player'], seat)}", style="bold")
    parts: list[RenderableType] = [header(obs, seat)]
    if "outcome" in obs:
        parts.append(outcome_section(obs, seat))
    parts.append(supply_line(obs))
    if "solo" in obs:
        parts.append(solo_section(obs, seat))
    else:
        parts.append(draft_section(obs, seat))
    cp = obs["current_player"]
    focus = seat if seat is not None else (cp if cp is not None and 0 <= cp < n else 0)
    parts += [player_panel(obs, (focus + k) % n, seat) for k in range(n)]
    parts.append(Text(LEGEND, style="dim"))
    return Panel(Group(*parts), title=title, title_align="left")
