"""Universal Rule's pieces a player can look up: every Planet Card (both sides, with cost,
income, military, fleet, VP and ability) and the Universal Rule card.

A planet in play shows one side; its detail view shows both, since upgrading (or being
downgraded) turns the card over and a player judging it needs the other side too.
"""

from __future__ import annotations

from ludoverse.core.help import Component
from ludoverse.games.universal_rule.content import Planet, Side, UniversalRuleContent

UR_CARD_KEY = "scoring_card:universal_rule"


def _side_text(name: str, side: Side) -> str:
    fleet = f", fleet {side.fleet} (its winged number)" if side.fleet else ", no fleet"
    text = (f"{name.capitalize()} side: costs {side.cost}; income {side.income}, military "
            f"{side.military}{fleet}, worth {side.vp} VP.")
    if side.ability is not None:
        text += f" {side.ability.name}: {side.text or 'no further text'}"
        text += "" if text.endswith(".") else "."
    return text


def planet_text(p: Planet) -> str:
    """Both sides of a planet in full, and how it enters and leaves play."""
    expansion = " It belongs to the Edge of War expansion." if p.expansion == "edge_of_war" else ""
    return (f"{_side_text('basic', p.basic)} {_side_text('upgraded', p.upgraded)} Colonizing "
            "puts it into play with either side up at that side's cost; upgrading turns a basic "
            f"planet over for the upgraded side's cost. A card committed from hand to a battle or "
            f"shown for a Sneak Attack Victory counts its basic side's fleet.{expansion}")


def planet_component(p: Planet) -> Component:
    facts = (
        ("Cost", f"{p.basic.cost} / {p.upgraded.cost}"),
        ("Income", f"{p.basic.income} / {p.upgraded.income}"),
        ("Military", f"{p.basic.military} / {p.upgraded.military}"),
        ("Fleet", f"{p.basic.fleet} / {p.upgraded.fleet}"),
        ("VP", f"{p.basic.vp} / {p.upgraded.vp}"),
    )
    return Component(key=f"planet:{p.id}", kind="Planet", name=p.name, text=planet_text(p),
                     provenance=p.provenance, source=p.source, facts=facts)


def universal_rule_card(content: UniversalRuleContent) -> Component:
    """The one card that is not a planet: VP for the strongest attacker."""
    vp = content.universal_rule_vp
    return Component(
        key=UR_CARD_KEY, kind="Scoring Card", name="Universal Rule",
        text=(f"Worth {vp} VP to whoever holds it. After a successful attack it goes to the "
              "member of the attacking side who committed the most (credits and the fleet of "
              "committed cards, plus the attacking planet's military for the attacker); on a "
              "tie it stays where it is. If an attack fails while the attacker holds it, it goes "
              "back to the centre of the table."),
        provenance="rulebook", facts=(("VP", str(vp)),),
    )


def components(content: UniversalRuleContent) -> list[Component]:
    """Every planet of ``content`` (basic values first in each fact), then the Universal Rule
    card."""
    return [*(planet_component(p) for p in content.planets), universal_rule_card(content)]
