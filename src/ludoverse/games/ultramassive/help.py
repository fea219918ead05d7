"""What a player can look up about an ULTRAMASSIVE piece: every Anomaly, Core Anomaly, Action
Card, solo Challenge and Resource card, Draft token and Draft space of the content, plus the
tokens and board pieces the rules define, each with its whole effect in our words.

Keys are ``<kind>:<content id>``. The board computes them from the observation: Anomalies,
Core Anomalies, Resource cards and Draft tokens carry their ids; an Action Card or a Challenge
is shown by name, and :func:`slug` of that name is its id (the shipped content keeps it so, a
test checks it).
"""

from __future__ import annotations

import re

from ludoverse.core.help import Component
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive.content import UltramassiveContent

_TYPE = {"siphon": "Siphon", "matter": "Matter", "orbit": "Orbit"}


def slug(name: str) -> str:
    """``"Solar Wind"`` -> ``"solar_wind"``: how the board turns a shown name into an id."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def components(content: UltramassiveContent) -> list[Component]:
    """One :class:`Component` per piece a player can meet on an ULTRAMASSIVE table."""
    out: list[Component] = []
    for a in content.anomalies:
        kind = _TYPE[a.type]
        once = (" Its Effect can be used once per round, in your Actions phase; a Cooldown "
                "token shows it was used." if a.effect else "")
        unlock = (f" Owning it lets you carry out the Empowered effects of {kind} Action Cards."
                  if a.tier == "3" and "Empowered" not in a.text else "")
        out.append(Component(
            key=f"anomaly:{a.id}", kind=f"{kind} Anomaly", name=a.name,
            text=f"{a.text}{unlock}{once} You discover it for {a.cost} Discovery in the "
                 "Discovery phase (at most one Anomaly a round).",
            provenance=a.provenance, source=a.source,
            facts=(("Type", kind), ("Tier", a.tier), ("Cost", f"{a.cost} Discovery"))))
    for c in content.cores:
        once = " Its Effect can be used once per round, in your Actions phase." if c.effect else ""
        out.append(Component(
            key=f"core:{c.id}", kind="Core Anomaly", name=c.name,
            text=f"{c.text}{once} Each player draws 3 of the 6 Core Anomalies at set-up and "
                 "keeps them hidden; each time your Black Hole grows to a new size you discover "
                 "one of yours for free, your choice.",
            provenance=c.provenance, source=c.source,
            facts=(("Type", "Core"), ("Cost", "free on growing"))))
    for card in content.action_cards:
        kind = _TYPE[card.type]
        primary, _, empowered = card.text.partition("[Empowered:")
        text = primary.strip()
        if empowered:
            text += (f" Empowered (only if you own the {kind} Tier 3 Anomaly, and only if you "
                     f"wish, after the rest): {empowered.rstrip(' ]').strip()}")
        text += (f" Its Power, {card.power}, is what an Anomaly that lets you discard cards for "
                 "their Power gives you.")
        out.append(Component(
            key=f"card:{card.id}", kind=f"{kind} Action Card", name=card.name, text=text,
            provenance=card.provenance, source=card.source,
            facts=(("Type", kind), ("Power", str(card.power)),
                   ("Copies", f"{card.copies} of {sum(c.copies for c in content.action_cards)}"))))
    for ch in content.challenges:
        when = ("as soon as it is met" if ch.when == "immediate"
                else "at the end of a round's Actions phase")
        out.append(Component(
            key=f"challenge:{ch.id}", kind="Solo Challenge", name=ch.name,
            text=f"{ch.text} Checked {when}; completing it gives {ch.reward} Solar Mass, once.",
            provenance=ch.provenance, source=ch.source,
            facts=(("Reward", f"{ch.reward} Solar Mass"),
                   ("Checked", "at once" if ch.when == "immediate" else "end of round"))))
    for r in content.resource_cards:
        out.append(Component(
            key=f"resource_card:{r.id}", kind="Resource card", name=f"Resource card {r.id[-2:]}",
            text=f"{r.text} Solo Mode: each round you draw 2 Resource cards, keep one and gain "
                 "everything on it, in any order.",
            provenance=r.provenance, source=r.source))
    labels = {o.id: o.label for o in content.draft_options}
    for o in content.draft_options:
        text = (o.label if not o.antimatter else
                "The player who takes this space gains a Major Antimatter; every other player "
                "gains a Minor Antimatter.")
        out.append(Component(
            key=f"draft:{o.id}", kind="Draft space", name=o.label,
            text=f"{text.rstrip('.')}. Drafted in the Resource Draft and gained in the order "
                 "you choose once the draft is over.",
            provenance=o.provenance, source=o.source))
    for t in content.draft_tokens:
        name = t.id.removeprefix("token_").replace("_", " ").title()
        spaces = "; ".join(labels.get(x, x) for x in t.options)
        out.append(Component(
            key=f"draft_token:{t.id}", kind="Draft token", name=name,
            text=f"Covers a Draft set in the Advanced Resource Draft with these spaces, left to "
                 f"right: {spaces}. The last space is used only with 4 players.",
            provenance=t.provenance, source=t.source,
            facts=(("Spaces", str(len(t.options))),)))
    for r in content.siphon_rewards:
        out.append(Component(
            key=f"siphon:{r.size}", kind="Siphon reward", name=f"{r.size.title()} Siphon reward",
            text=f"When you Siphon you may take {r.label} if your Black Hole is "
                 f"{r.size.title()} or larger.",
            provenance=r.provenance, source=r.source))
    out += _rule_pieces()
    return out


_TOKEN_TEXT = {
    "blue_giant": "Matter worth 2 Solar Mass when your Black Hole absorbs it.",
    "supergiant": "Matter worth 3 Solar Mass when your Black Hole absorbs it.",
    "primordial": "Matter worth 4 Solar Mass when your Black Hole absorbs it.",
    "major": "Antimatter worth 4 Solar Mass when absorbed. It never shares a space with another "
             "Antimatter, and Matter placed on it (or it placed on Matter) detonates: every token "
             "on that space is destroyed. Placed on a Rift Space it is absorbed at once.",
    "minor": "Antimatter worth 1 Discovery (no Solar Mass) when absorbed. It never shares a space "
             "with another Antimatter, and Matter meeting it on a space detonates, destroying "
             "the whole space. Placed on a Rift Space it is absorbed at once.",
}


def _rule_pieces() -> list[Component]:
    """Tokens and board pieces the rulebook itself defines."""
    out = []
    for tid, name in zip(B.TOKEN_IDS, B.TOKEN_NAMES, strict=True):
        matter = tid in ("blue_giant", "supergiant", "primordial")
        extra = (" Matter stacks on a space up to 8 Solar Mass in all; a token that fits "
                 "nowhere goes back to the supply." if matter else "")
        out.append(Component(
            key=f"token:{tid}", kind="Matter token" if matter else "Antimatter token", name=name,
            text=f"{_TOKEN_TEXT[tid]}{extra} Gained tokens go on space 1 of either Channel "
                 "unless the effect says otherwise; Orbits move them towards the Black Hole.",
            provenance="rulebook",
            facts=(("Worth", f"{B.SOLAR_MASS[B.TOKEN_IDS.index(tid)]} Solar Mass"
                    if tid != "minor" else "1 Discovery"),)))
    out.append(Component(
        key="piece:wormhole", kind="Wormhole", name="Wormhole",
        text="Each player has 4, placed on their own board at set-up. As an action you activate "
             "two open Wormholes: the whole contents of their two spaces trade places, and both "
             "close. All Wormholes reopen, and may be moved, after rounds 2 and 4.",
        provenance="rulebook"))
    out.append(Component(
        key="piece:rift_space", kind="Rift Space", name="Rift Space",
        text="The third space of each Channel. Antimatter that ends a move on a Rift Space, "
             "or is placed there, is absorbed at once; Antimatter that only passes over it is "
             "not, and Matter there is unaffected.",
        provenance="rulebook"))
    return out
