"""Multiuniversum's pieces a player can look up: the five transformers (with their ability in
full), the 20 portals (what sealing costs, what it scores, how its icon counts in sets), the
50 action cards (what each row does) and the five tool kinds.

Keys: ``transformer:<number>``, ``portal:<id>``, ``card:<id>``, ``tool:<id>``, all from the
content, so a board computes them from what its observation shows.
"""

from __future__ import annotations

from collections import Counter

from ludoverse.core.help import Component
from ludoverse.core.words import listing
from ludoverse.games.multiuniversum.content import (
    ActionCard,
    MultiuniversumContent,
    Portal,
    ToolKind,
    Transformer,
)

ABILITY_TEXT = {
    "reorder_stack": "Pick any stack with at least 2 portals, look at all its portals in secret "
                     "and put them back in the order you like, top first; the new top portal is "
                     "face up. Only you learn the new order.",
    "draw_three_keep_two": "Draw 3 cards, then keep just 2 cards of your whole hand (chosen one "
                           "at a time) and discard the rest. With 2 cards or fewer you keep all.",
    "swap_portals": "Swap the face-up portals of two different transformers; no stack changes "
                    "size.",
    "rotate_stacks": "On every transformer whose stack holds 2 or more portals, the face-up "
                     "portal goes to the bottom face down and the one beneath turns face up.",
    "keep_played_as_tool": "At the end of this turn, keep one card you played for a row action "
                           "this turn (this one included) in your lab as a tool instead of "
                           "discarding it.",
}
ABILITY_SHORT = {
    "reorder_stack": "rearrange one portal stack in secret",
    "draw_three_keep_two": "draw 3 cards, then keep only 2 of your whole hand",
    "swap_portals": "swap two face-up portals",
    "rotate_stacks": "send every face-up portal to the bottom of its stack",
    "keep_played_as_tool": "keep one card you played this turn as a tool",
}
ROW_SHORT = {
    "search": "Search, draw 2 cards",
    "move": "Move your scientist to another transformer",
    "seal": "Seal Portal, spend the tools the face-up portal there shows and take it",
    "recycle": "Recycle, take any card of the discard pile into your hand",
}
ROW_NAMES = {"search": "Search", "ability": "Ability", "move": "Move", "seal": "Seal Portal",
             "recycle": "Recycle"}
SETS_TEXT = ("A Specialisation set is 2 sealed portals with the same icon (4 DP) or 3 (9 DP); an "
             "Omni set is 5 portals with 5 different icons (9 DP). Each portal counts in at most "
             "one set.")


def transformer_component(t: Transformer) -> Component:
    return Component(
        key=f"transformer:{t.number}", kind="Transformer", name=f"{t.number}. {t.name}",
        text=(f"Ability {t.number}: {ABILITY_TEXT[t.ability]} A card played here for its "
              f"Transformer ability row does this. Its portal stack sits above it; when the "
              "stack is empty the transformer is deactivated, but scientists can still stand "
              "on it and every row action still works there, except Seal."),
        provenance=t.provenance, source=t.source,
        facts=(("Number", str(t.number)), ("Colour", t.colour.capitalize())),
    )


def portal_component(p: Portal, kinds: dict[str, ToolKind], icon_count: int) -> Component:
    tools = listing([kinds[k].name for k in p.tools])
    text = (f"Sealing it spends one tool for each tool icon it shows: {tools}. It is worth "
            f"{p.dp} DP to whoever seals it, and carries the {p.icon} icon, which "
            f"{'only this portal shows' if icon_count == 1 else f'{icon_count} portals show'}. "
            f"{SETS_TEXT} Under the Deadly Portals variant, it is lost at the end if a face-up "
            "portal then shows its icon.")
    return Component(
        key=f"portal:{p.id}", kind="Portal", name=p.name, text=text,
        provenance=p.provenance, source=p.source,
        facts=(("DP", str(p.dp)), ("Tier", p.tier.capitalize()), ("Icon", p.icon),
               ("Tools", tools)),
    )


def card_component(c: ActionCard, kinds: dict[str, ToolKind],
                   transformers: list[Transformer]) -> Component:
    rows = " ".join(f"On transformer {t.number} ({t.name}): {_row(r, t)}."
                    for r, t in zip(c.rows, transformers, strict=True))
    kind = kinds[c.tool].name
    return Component(
        key=f"card:{c.id}", kind="Action Card", name=c.id,
        text=(f"Play it to do the action of its row for the transformer you stand on. {rows} "
              f"Instead of playing it, you may prepare it as a {kind} tool (it stays in your "
              "lab until a Seal spends it; an unused tool costs 1 DP at the end) or discard it "
              "to draw a card."),
        provenance=c.provenance, source=c.source,
        facts=(("Tool", kind), ("Rows", ", ".join(f"{i + 1} {ROW_NAMES[r]}"
                                                  for i, r in enumerate(c.rows)))),
    )


def _row(action: str, t: Transformer) -> str:
    """What a row does on transformer ``t``: the ability row names that transformer's."""
    if action == "ability":
        return f"its ability, {ABILITY_SHORT[t.ability]}"
    return ROW_SHORT[action]


def tool_component(k: ToolKind, cards: int, portals: int) -> Component:
    return Component(
        key=f"tool:{k.id}", kind="Tool", name=k.name,
        text=(f"The {k.colour} tool kind, shown as a {k.symbol}. {cards} action cards carry it; "
              f"{portals} portal icons ask for it. A card prepared as a tool counts only for its "
              "kind; sealing a portal spends one tool for each tool icon it shows, and each "
              "tool left in your lab at the end costs 1 DP."),
        provenance=k.provenance, source=k.source, facts=(("Colour", k.colour.capitalize()),),
    )


def components(content: MultiuniversumContent) -> list[Component]:
    """Transformers, then portals, tool kinds and action cards of ``content``."""
    kinds = {k.id: k for k in content.tool_kinds}
    icons = Counter(p.icon for p in content.portals)
    per_kind_cards = Counter(c.tool for c in content.cards)
    per_kind_needs = Counter(k for p in content.portals for k in p.tools)
    by_number = sorted(content.transformers, key=lambda t: t.number)
    return [
        *(transformer_component(t) for t in by_number),
        *(portal_component(p, kinds, icons[p.icon]) for p in content.portals),
        *(tool_component(k, per_kind_cards[k.id], per_kind_needs[k.id])
          for k in content.tool_kinds),
        *(card_component(c, kinds, by_number) for c in content.cards),
    ]
