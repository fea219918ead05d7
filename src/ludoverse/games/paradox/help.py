"""What a player can look up about a PARADOX piece: every Timeline and Nexus card, World,
Research Goal, Scenario card (Nebula, Breakthrough, Flare, Parallel Universe, Maelstrom),
Matrix level, Alliance token and the board's own pieces, each with its whole effect in our
words, built from the content and the rules (``docs/rules/paradox.md``).

Keys are ``<kind>:<id>`` and the board computes them from what it shows: a Timeline is
``timeline:<world id>_<era>``, a Nexus ``nexus:<world id>``, a World ``world:<world id>``
(a World's id is :func:`slug` of its name, a test checks it), a Scenario card
``flare:<n>`` and so on by its number, a goal ``goal:<id>``.
"""

from __future__ import annotations

import re

from ludoverse.core.help import Component
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox.content import ERAS, ParadoxContent

QUAKE = dict(zip(ERAS, K.QUAKE_STEPS, strict=True))
PHASES_ON_MAT = {"past": 4, "present": 3, "future": 2}
SETS = "A World's set scores 1, 3, 6 or 10 VP for 1, 2, 3 or 4 of its cards in your score pile"
FRACTURE = ("if the World is still Fractured at the end of the game, every card of it leaves "
            "the score piles before scoring")


def slug(name: str) -> str:
    """``"Null Beta"`` -> ``"null_beta"``: how the board turns a shown name into an id."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def cost_words(counts: dict[str, int]) -> str:
    parts = [f"{n} {c}" for c, n in counts.items() if n]
    if len(parts) <= 1:
        return "".join(parts) or "nothing"
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def components(content: ParadoxContent) -> list[Component]:
    """One :class:`Component` per piece a player can meet on a PARADOX table."""
    assets = content.asset_names
    out: list[Component] = []
    for w in content.worlds:
        for era in ERAS:
            t = getattr(w, era)
            cost = cost_words(t.cost.model_dump())
            wild = (" A black or white resource may stand in for any resource it still lacks "
                    "(the default reading)." if era == "past" else "")
            out.append(Component(
                key=f"timeline:{w.id}_{era}", kind="Timeline card",
                name=f"{w.name} {era.capitalize()}",
                text=(f"A damaged {era.capitalize()} Timeline of {w.name}. Drafted, it goes on "
                      f"the {era.capitalize()} space of your Player Mat, which gives you "
                      f"{PHASES_ON_MAT[era]} Matrix phases before it falls off Danger! and is "
                      f"Lost. Its cost is {cost}: put resources of those colours on it, and "
                      f"once the cost is covered it is repaired: it goes face down to your "
                      f"score pile and the Quake moves "
                      f"{QUAKE[era]} space{'s' if QUAKE[era] > 1 else ''}.{wild} It shows the "
                      f"Research Asset {assets.get(t.asset, t.asset)}, which Research Goals "
                      f"may count. {SETS}; {FRACTURE}."),
                provenance=t.provenance, source=t.source,
                facts=(("Cost", cost), ("Research Asset", assets.get(t.asset, t.asset)),
                       ("Quake", f"+{QUAKE[era]} when repaired"))))
        n = w.nexus
        out.append(Component(
            key=f"nexus:{w.id}", kind="Nexus card", name=f"{w.name} Nexus",
            text=(f"Drafting it puts a Shield token on your Matrix at row {n.row + 1}, column "
                  f"{n.column + 1}: that disc is locked (it cannot be swapped and never drops) "
                  "but its colour still counts for Strands. It starts on the Present space of "
                  "your mat by default (3 Matrix phases). It is repaired when a Strand you make "
                  "includes the shielded disc: the card goes to your score pile, the Shield "
                  "returns to the supply, the Strand still earns its resources and the Quake "
                  "does not move. If it is Lost, or its disc is wiped, the Shield returns and "
                  "the card scores nothing. It cannot be drafted while all 15 Shield tokens are "
                  f"in use. {SETS}; {FRACTURE}."),
            provenance=n.provenance, source=n.source,
            facts=(("Shield at", f"row {n.row + 1}, column {n.column + 1}"),
                   ("Quake", "does not move"))))
        out.append(Component(
            key=f"world:{w.id}", kind="World", name=w.name,
            text=(f"One of the 15 Worlds on the Quake track, with a Past, a Present and a "
                  f"Future Timeline card and a Nexus card. When the Quake stops on it, a Stable "
                  "World without a shield becomes Fractured, and a shielded one loses its "
                  "shield instead. A black or white resource stabilises it when Fractured, or "
                  f"shields it when Stable. {FRACTURE[0].upper()}{FRACTURE[1:]}."),
            provenance=w.provenance, source=w.source,
            facts=tuple((era.capitalize(), cost_words(getattr(w, era).cost.model_dump()))
                        for era in ERAS)))
    for g in content.research_goals:
        out.append(Component(
            key=f"goal:{g.id}", kind="Research Goal", name=g.name,
            text=(f"Counts: {g.text.rstrip('.')}. Scored at the end, after the Fractured "
                  "Worlds' cards are gone: in slot 1 it gives 1 VP per item, in slot 2 3 VP per "
                  "full pair, in slot 3 6 VP per full triple."),
            provenance=g.provenance, source=g.source))
    out += _scenario_cards(content)
    out += _rule_pieces()
    return out


def _scenario_cards(content: ParadoxContent) -> list[Component]:
    out = []
    for i in range(K.NEBULAS):
        out.append(Component(
            key=f"nebula:{i + 1}", kind="Nebula", name=f"Nebula {i + 1}",
            text=("Never drafted: when it is turned up it goes onto the Anomaly at once and "
                  "another card is dealt in its place. While it lies there nobody may swap a "
                  "disc with the Anomaly; it leaves the game at the next Cleanup."),
            provenance="rulebook"))
    for i in range(K.BREAKTHROUGHS):
        out.append(Component(
            key=f"breakthrough:{i + 1}", kind="Breakthrough", name=f"Breakthrough {i + 1}",
            text=("A Deck Scenario card. It starts on Danger!, so you use it in the turn you "
                  "draft it: either one extra Matrix action, or discard a whole row or column "
                  "of your Matrix, which then drops and refills (Strands this makes wait). You "
                  "may decide after your second action. Used, it leaves the game; unused, it "
                  "is Lost."),
            provenance="rulebook"))
    for i, f in enumerate(content.flares):
        colours = ", then ".join(f.colours)
        out.append(Component(
            key=f"flare:{i + 1}", kind="Flare", name=f"Flare {i + 1}",
            text=(f"A Deck Scenario card that starts on Past. It advances one step each time "
                  f"you resolve a Strand of its next colour ({colours}), at most one step an "
                  "action. Step 1: discard one unshielded disc and refill; step 2: discard a "
                  "row or column and refill; step 3: it goes to your score pile, worth 2 VP. "
                  "In a later turn you may remove it from the game for one extra Matrix "
                  "action, giving up its 2 VP."),
            provenance=f.provenance, source=f.source,
            facts=(("Strand colours", colours),)))
    for i in range(K.PARALLELS):
        out.append(Component(
            key=f"parallel_universe:{i + 1}", kind="Parallel Universe",
            name=f"Parallel Universe {i + 1}",
            text=("A Deck Scenario card that starts on Present and needs 3 black or white "
                  "resources, in any mix. Complete, it goes to your score pile as a wild card: "
                  "it joins one World's set as a missing card (never past 4 cards, one per "
                  "World), and is worth nothing outside a set."),
            provenance="rulebook", facts=(("Cost", "3 black or white"),)))
    for i, m in enumerate(content.maelstroms):
        cost = cost_words(m.cost.model_dump())
        out.append(Component(
            key=f"maelstrom:{i + 1}", kind="Maelstrom", name=f"Maelstrom {i + 1}",
            text=(f"Laid over a Timeline or Nexus card when the Maelstrom scenario triggers. "
                  f"Any player may pay resources onto it in their Matrix phase; the first whose "
                  f"own resources cover {cost} scores the card beneath, without moving the "
                  "Quake."),
            provenance=m.provenance, source=m.source, facts=(("Cost", cost),)))
    levels = {1: ("Rows and columns", "4 discs of one colour in a row or column earn 1, 5 "
                  "earn 2."),
              2: ("Boxes", "a 2×2 block of one colour earns 1, a 2×3 or 3×2 block earns 2; "
                  "boxes sharing two or more discs are one Strand."),
              3: ("Diagonals", "4 discs of one colour on a diagonal earn 1, 5 earn 2.")}
    for level, (name, rule) in levels.items():
        out.append(Component(
            key=f"matrix_level:{level}", kind="Matrix Level card", name=f"Level {level}: {name}",
            text=(f"Matrix scenario. At this level Strands are {name.lower()}: {rule} By "
                  "default these shapes replace rows and columns. Each trigger of the "
                  "scenario moves to the next level."),
            provenance="rulebook"))
    return out


def _rule_pieces() -> list[Component]:
    out = [Component(
        key=f"alliance:{c}", kind="Alliance token", name=f"{c.capitalize()} Alliance",
        text=(f"Spend one {c} resource to take it. In a later turn you may use it as one {c} "
              "resource (on a Timeline it stays until the card is repaired or Lost). Another "
              "player breaks your Alliance by spending one resource of its colour, or takes it "
              "by spending two. Each Alliance you hold at the end is worth 1 VP."),
        provenance="rulebook") for c in ("red", "yellow", "blue", "black", "white")]
    out += [
        Component(
            key="piece:anomaly", kind="Anomaly", name="The Anomaly",
            text=("One disc of each symbol at the centre of the board. A swap may trade a disc "
                  "of your Matrix with the Anomaly disc of the same symbol. A Nebula on the "
                  "Anomaly blocks these swaps."),
            provenance="rulebook"),
        Component(
            key="piece:quake", kind="Quake", name="The Quake",
            text=("Moves clockwise round the Worlds each time a Timeline is repaired: 5 spaces "
                  "for a Past, 3 for a Present, 1 for a Future, in one move per action. Only "
                  "the World where it stops is hit: a Stable World without a shield is "
                  "Fractured; a shield breaks instead."),
            provenance="rulebook"),
        Component(
            key="piece:chief_scientist", kind="Chief Scientist", name="Chief Scientist",
            text=("Draws a private Research Hand of 4 cards, picks last in the Wormhole phase "
                  "(one Research Hand card, or up to two Wormhole cards), plays the last Matrix "
                  "phase and does the Cleanup. The card passes to the left each turn."),
            provenance="rulebook"),
        Component(
            key="piece:wormhole", kind="Wormhole", name="The Wormhole",
            text=("Four Stable and four Unstable face-up cards. Each player but the Chief "
                  "Scientist takes one card in turn. At Cleanup the Unstable cards left are "
                  "discarded, the Stable ones move to Unstable, and both sections are refilled."),
            provenance="rulebook"),
    ]
    return out
