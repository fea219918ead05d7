"""Terminal rendering of a Universal Rule observation: every player's galaxy planet by planet
with both sides' stats, their credits, VP and hand against the limits, the Universal Rule
card, the deck and discard pile, and the step the turn is in (the follow prompt, a battle, a
Sneak Attack Victory attempt, the set-up choice, the outcome).

It reads only the observation dict (never the state), so it cannot show what the viewer may
not know (UR-KNOW): another player's hand arrives as a count plus the cards known to all, the
cards committed to a battle as counts, and the given-up card and secret funds only to their
owner; they are shown just so. The side of a planet in play is marked "▶" as well as set in
bold, and every mark that has a colour has a word or sign too, so the plain text (and a
colour-blind player) reads the same. Every name is put in a ``Text``, never in a markup
string, so a name such as ``[Wim Star]`` shows as written.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

SIDES = ("basic", "upgraded")
UP_MARK = "▶"
"""Marks the side of a planet in play that is up (the other side is dim)."""
COUNTER_MARK = "◆"
HOLDER_MARK = "★"
CHOSEN_MARK = "✓"
WAITING_MARK = "…"
STATS = (("cost", "Cost"), ("income", "Inc"), ("military", "Mil"), ("fleet", "Flt"),
         ("vp", "VP"))
PHASE_TEXT = {
    "keep": "Set-up: keep 2 of the 3 cards dealt, give up 1",
    "choose": "Choose an action",
    "follow_cost": "Set the follow cost",
    "act": "Carry out the action",
    "target": "Attack: choose the defending planet",
    "instigate": "Attack: the Instigator may redirect the attack (pays the attacker 4)",
    "commit": "Attack, fleet step: commit cards face down",
    "funds": "Attack, funds step: commit credits and pick a side in secret",
    "follow": "Follow step",
    "free_explore": "Free Explores after a failed attack",
    "end": "End of the turn",
    "sneak": "Sneak Attack Victory: reveal cards from hand",
    "counter": "Sneak Attack Victory: the others may reveal a larger fleet",
    "over": "Game over",
}
PENDING_TEXT = {
    "thug_target": "choose the opponent the Thug collects from",
    "hand_limit_discard": "discard a card down to the hand limit",
    "sneak_attack_discard": "discard a card (the Sneak Attack was stopped)",
}
LEGEND = (f"{UP_MARK} = the side up · Inc income · Mil military · Flt fleet (winged number) · "
          f"{COUNTER_MARK} counters (their VP) · {HOLDER_MARK} holds the Universal Rule card · "
          f"{CHOSEN_MARK} chosen, {WAITING_MARK} still choosing")


# Small pieces ------------------------------------------------------------------------------


def who(p: int | None, seat: int | None) -> str:
    """A seat as text, marking the viewer's own seat "(you)"."""
    if p is None or p < 0:
        return "-"
    return f"seat {p} (you)" if p == seat else f"seat {p}"


def plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def follow_prompt(obs: dict[str, Any]) -> str | None:
    """"follow Colonize for 2 credits" once the follow cost is set (never for an Attack)."""
    action, cost = obs.get("action"), obs.get("follow_cost")
    if not action or not cost or action == "attack":
        return None
    return f"follow {action.capitalize()} for {plural(cost, 'credit')}"


def ratio(have: int, limit: int, style: str) -> Text:
    """"7/10", bold once the limit is reached."""
    return Text(f"{have}/{limit}", style=f"bold {style}" if have >= limit else style)


def card_name(card: dict[str, Any]) -> Text:
    return Text(card["name"], style="bold")


def card_brief(card: dict[str, Any]) -> Text:
    """A card in a few words: its name and the fleet it brings from hand."""
    return Text.assemble(card_name(card), (f" (fleet {card['fleet_from_hand']})", "dim"))


def card_list(cards: list[dict[str, Any]]) -> Text:
    if not cards:
        return Text("none", style="dim")
    return Text(", ").join(card_brief(c) for c in cards)


# Planets and hands -------------------------------------------------------------------------


def card_table(cards: list[dict[str, Any]], in_play: bool) -> Group:
    """Two rows a card, basic side then upgraded side. A planet in play marks the side up
    and shows its counters; a card in hand shows the fleet it brings to a battle. The rows
    are aligned ``Text`` lines, not a rich ``Table``: laying out a table for every galaxy
    costs several times the whole rest of the view."""
    rows: list[tuple[Text, str | None, dict[str, Any]]] = []
    for c in cards:
        up = c.get("side") if in_play else None
        below = counters_text(c) if in_play else Text(f"hand fleet {c['fleet_from_hand']}",
                                                      style="dim")
        rows.append((card_name(c), up, c["basic"]))
        rows.append((below, up, c["upgraded"]))
    head = "Planet" if in_play else "Card"
    width = max(len(head), *(len(first) for first, _, _ in rows))
    lines = [Text(head.ljust(width) + "  Side      " + "".join(f" {h:>4}" for _, h in STATS)
                  + "  Ability", style="bold dim", no_wrap=True, overflow="ellipsis")]
    for k, (first, up, stats) in enumerate(rows):
        side = SIDES[k % 2]
        style = "bold" if side == up else "dim" if up else ""
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append_text(first)
        line.append(" " * (width - len(first) + 2))
        mark = f"{UP_MARK} " if side == up else "  "
        line.append(f"{mark}{side:<8}", style="bold green" if side == up else style)
        for key, _ in STATS:
            line.append(f" {stats[key]:>4}", style=style)
        ability = stats["ability"]
        line.append("  ")
        line.append(ability or "—", style=style if ability else "dim")
        lines.append(line)
    return Group(*lines)


def counters_text(planet: dict[str, Any]) -> Text:
    """Wim Star counters (their VP): shown on a Wim Star even at 0, elsewhere when any."""
    n = planet.get("counters", 0)
    if n or planet.get("key") == "wim_star":
        return Text(f"{COUNTER_MARK} counters {n} VP", style="bold magenta" if n else "magenta")
    return Text("")


def ability_notes(obs: dict[str, Any], seat: int | None) -> RenderableType | None:
    """What the abilities that count do: the side up of every planet in play, and both sides
    of the viewer's own cards (nothing from anyone else's hand)."""
    seen: dict[str, str] = {}
    for pv in obs["players_view"]:
        for c in pv["planets"]:
            side = c[c["side"]]
            if side["ability"]:
                seen.setdefault(side["ability"], side["text"])
        if pv["seat"] == seat:
            for c in pv.get("hand", []):
                for name in SIDES:
                    if c[name]["ability"]:
                        seen.setdefault(c[name]["ability"], c[name]["text"])
    if not seen:
        return None
    lines = [Text.assemble((name, "bold"), ": ", Text(text, style="dim"))
             for name, text in sorted(seen.items())]
    return Group(Text("Abilities", style="bold dim"), *lines)


def stats_line(obs: dict[str, Any], pv: dict[str, Any]) -> Text:
    """Credits against the credit limit, VP against the target, hand against the hand limit."""
    t = Text("Credits ")
    t.append_text(ratio(pv["credits"], pv["credit_limit"], "yellow"))
    t.append(" · VP ")
    t.append_text(ratio(pv["vp"], obs["target_vp"], "green"))
    t.append(" · Hand ")
    t.append_text(ratio(pv["hand_size"], pv["hand_limit"], "cyan"))
    return t


def player_panel(obs: dict[str, Any], p: int, seat: int | None) -> Panel:
    """One player's galaxy: stats, planets in play, then the hand (or what is known of it)."""
    pv = obs["players_view"][p]
    own = p == seat
    title = Text(who(p, seat), style="bold yellow" if own else "bold")
    if p == obs["active"] and obs["phase"] not in ("keep", "over"):
        title.append(" · active player", style="bold cyan")
    if p == obs["current_player"]:
        title.append(" · ▶ to act", style="bold yellow")
    if p == obs["first_player"]:
        title.append(" · first player", style="dim")
    if pv["holds_universal_rule"]:
        title.append(f" · {HOLDER_MARK} Universal Rule", style="bold magenta")
    parts: list[RenderableType] = [stats_line(obs, pv)]
    if pv["planets"]:
        parts.append(card_table(pv["planets"], in_play=True))
    else:
        parts.append(Text("No planets in play", style="dim"))
    if "hand" in pv:
        if pv["hand"]:
            parts.append(Text("Your hand", style="bold"))
            parts.append(card_table(pv["hand"], in_play=False))
        else:
            parts.append(Text("Your hand: empty", style="dim"))
    else:
        known = pv.get("known_hand", [])
        hidden = pv["hand_size"] - len(known)
        line = Text(f"Hand: {plural(pv['hand_size'], 'card')}", style="dim")
        if hidden and known:
            line.append(f", {hidden} hidden", style="dim")
        elif hidden:
            line.append(" (hidden)", style="dim")
        parts.append(line)
        if known:
            parts.append(Text("Known to all (revealed)", style="bold"))
            parts.append(card_table(known, in_play=False))
    return Panel(Group(*parts), title=title, title_align="left",
                 border_style="yellow" if own else "dim")


# The turn ----------------------------------------------------------------------------------


def header(obs: dict[str, Any], seat: int | None) -> Group:
    """The phase in words and who acts, the action and follow cost, then any interruption."""
    phase = obs["phase"]
    t = Text(PHASE_TEXT.get(phase, phase), style="bold cyan")
    if phase == "follow_cost":
        t.append(f" (1-{obs['max_follow_cost']})", style="cyan")
    cp = obs["current_player"]
    if cp is not None and cp >= 0:
        t.append(f" · to act: {who(cp, seat)}", style="bold yellow")
    lines = [t]
    if phase not in ("keep", "over"):
        turn = Text(f"Turn of {who(obs['active'], seat)}", style="bold")
        if obs.get("action"):
            turn.append(" · action: ").append(obs["action"].capitalize(), style="bold")
        prompt = follow_prompt(obs)
        if prompt:
            turn.append(" · ").append(prompt, style="bold yellow" if phase == "follow" else "")
            if phase == "follow":
                turn.append(" (or decline and gain 1 credit)", style="dim")
        lines.append(turn)
    pending = obs.get("pending")
    if pending:
        what = PENDING_TEXT.get(pending["decision"], pending["decision"].replace("_", " "))
        lines.append(Text(f"⚠ Waiting: {who(pending['seat'], seat)} must {what}",
                          style="bold red"))
    return Group(*lines)


def table_line(obs: dict[str, Any], seat: int | None) -> Group:
    """The Universal Rule card, the deck, the discard pile and any removed planets."""
    holder = obs["universal_rule"]
    t = Text(f"{HOLDER_MARK} Universal Rule card ({obs['universal_rule_vp']} VP): ")
    t.append("centre" if holder is None else who(holder, seat), style="bold magenta")
    t.append(f" · Deck {plural(obs['deck'], 'card')}")
    if obs.get("removed"):
        t.append(f" · {obs['removed']} removed unseen (Edge of War)", style="dim")
    discard = obs["discard"]
    d = Text(f"Discard pile ({len(discard)}): ")
    d.append_text(Text(", ").join(card_name(c) for c in discard) if discard
                  else Text("empty", style="dim"))
    return Group(t, d)


def battle_section(obs: dict[str, Any], seat: int | None) -> Panel:
    """Attacker and defender with their planets' military, the cards each player committed
    face down (counts only), who has chosen funds, and the viewer's own secret choices."""
    b = obs["battle"]
    att, dfn = b["attacker"], b["defender"]
    a, d = b["attacking_planet"], b["defending_planet"]
    vs = Text.assemble(("Attacker ", "dim"), (who(att, seat), "bold red"), " with ",
                       card_name(a), f" ({a['side']}, military {a['military']})")
    vs2 = Text("Defender ", style="dim")
    if d is None:
        vs2.append("not chosen yet", style="dim")
    else:
        vs2.append_text(Text.assemble((who(dfn, seat), "bold blue"), " with ", card_name(d),
                                      f" ({d['side']}, military {d['military']})"))
    t = Table(box=None, padding=(0, 2), show_edge=False, pad_edge=False)
    for col in ("Seat", "Role", "Cards face down", "Funds"):
        t.add_column(col, header_style="bold dim", no_wrap=True)
    for q, count in enumerate(b["cards_committed"]):
        role = "attacker" if q == att else "defender" if q == dfn else "supporter"
        chosen = b["funds_chosen"][q]
        t.add_row(Text(who(q, seat), style="bold yellow" if q == seat else ""), Text(role),
                  Text(plural(count, "card"), style="bold" if count else "dim"),
                  Text(f"{CHOSEN_MARK} chosen", style="bold green") if chosen
                  else Text(f"{WAITING_MARK} not yet", style="dim"))
    parts: list[RenderableType] = [vs, vs2, t]
    if "my_cards" in b:
        mine = Text("You committed: ", style="bold")
        mine.append_text(card_list(b["my_cards"]))
        credits = b.get("my_credits")
        mine.append(" · credits ").append("not chosen" if credits is None else str(credits),
                                          style="bold")
        side = b.get("my_side")
        mine.append(" · side ").append("not chosen" if side is None else side, style="bold")
        if b.get("my_fleet_capacity") is not None:
            mine.append(f" · fleet capacity {b['my_fleet_capacity']}")
        parts.append(mine)
    return Panel(Group(*parts), title=Text("Battle", style="bold red"), title_align="left",
                 border_style="red")


def sneak_section(obs: dict[str, Any], seat: int | None) -> Panel:
    """The trying player's fleet and every card shown so far, by seat."""
    sa = obs["sneak_attack"]
    parts: list[RenderableType] = [Text.assemble(
        ("Attempt by ", "dim"), (who(sa["seat"], seat), "bold"),
        " · fleet ", (str(sa["fleet"]), "bold"))]
    for q, shown in enumerate(sa["shown"]):
        fleet = sum(c["fleet_from_hand"] for c in shown)
        line = Text(f"{who(q, seat)} shows: ")
        line.append_text(card_list(shown))
        if shown:
            line.append(f" = fleet {fleet}", style="bold")
        parts.append(line)
    return Panel(Group(*parts), title=Text("Sneak Attack Victory", style="bold magenta"),
                 title_align="left", border_style="magenta")


def setup_section(obs: dict[str, Any], seat: int | None) -> Panel:
    """Who has chosen the card to give up, and (to its owner only) the card given up."""
    su = obs["setup"]
    t = Text("Chosen: ")
    t.append_text(Text(" · ").join(
        Text(f"{who(q, seat)} {CHOSEN_MARK if done else WAITING_MARK}",
             style="bold green" if done else "dim") for q, done in enumerate(su["chosen"])))
    parts: list[RenderableType] = [t]
    if su.get("gave_up"):
        parts.append(Text.assemble("You gave up: ", card_name(su["gave_up"]),
                                   " (shuffled into the deck)"))
    return Panel(Group(*parts), title=Text("Set-up", style="bold"), title_align="left")


def outcome_section(obs: dict[str, Any], seat: int | None) -> RenderableType:
    """Winners, the reason, every seat's VP and place, and the tiebreak trace."""
    out = obs["outcome"]
    winners = set(out["winners"])
    t = Table(title=Text("Final result", style="bold green"), title_justify="left",
              box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    for col in ("Seat", "VP", "Place"):
        t.add_column(col, header_style="bold dim", justify="left" if col == "Seat" else "right")
    for p, score in enumerate(out["scores"]):
        won = p in winners
        t.add_row(Text((f"{HOLDER_MARK} " if won else "  ") + who(p, seat),
                       style="bold green" if won else ""),
                  Text(f"{score:g}", style="bold"), Text(str(out["ranking"][p])))
    names = ", ".join(who(p, seat) for p in sorted(winners)) or "no one"
    parts: list[RenderableType] = [Text(f"Winner: {names} — ", style="bold green")
                                   .append(Text(out["reason"], style="bold")), t]
    parts += [Text("  " + line, style="dim") for line in out.get("tiebreak_trace", [])]
    return Group(*parts)


# The whole table ---------------------------------------------------------------------------


def render(observation: dict[str, Any], seat: int | None) -> RenderableType:
    """The table as ``seat`` sees it (``None``: a spectator): the turn, the panel of the step
    under way, then each galaxy, the viewer's first and the others clockwise (a spectator
    sees the active player first)."""
    obs = observation
    views = obs["players_view"]
    n = len(views)
    if seat is not None and not 0 <= seat < n:
        seat = None
    title = Text(f"UNIVERSAL RULE · Turn {obs['turn']} · Round {obs['round']} · "
                 f"{obs['target_vp']} VP to win", style="bold")
    parts: list[RenderableType] = [header(obs, seat)]
    if "outcome" in obs:
        parts.append(outcome_section(obs, seat))
    if "setup" in obs:
        parts.append(setup_section(obs, seat))
    if "battle" in obs:
        parts.append(battle_section(obs, seat))
    if "sneak_attack" in obs:
        parts.append(sneak_section(obs, seat))
    parts.append(table_line(obs, seat))
    active = obs["active"]
    focus = seat if seat is not None else (active if active is not None and
                                          0 <= active < n else 0)
    parts += [player_panel(obs, (focus + k) % n, seat) for k in range(n)]
    notes = ability_notes(obs, seat)
    if notes is not None:
        parts.append(notes)
    parts.append(Text(LEGEND, style="dim"))
    return Panel(Group(*parts), title=title, title_align="left")
