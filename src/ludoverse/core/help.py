"""What a player can look up about a game's pieces: one :class:`Component` per card, plan,
planet, portal or anomaly, with its whole effect in words and where it comes from.

Boards mark a piece with the component's ``key`` (``data-component`` in the browser), so the
same detail view serves every game. A game with nothing better gets :func:`generic_components`
from its content's entries; each game writes its own in ``games/<game>/help.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PROVENANCES = ("rulebook", "public", "reconstructed")


@dataclass(frozen=True, slots=True)
class Component:
    """One piece a player may want explained."""

    key: str
    """Stable id across games of the same content: ``"<kind>:<id>"`` (e.g. ``"planet:kepler"``)."""
    kind: str
    """What a player calls it: "Planet", "Anomaly", "Exploration Plan"."""
    name: str
    text: str
    """Its full effect, in our words: everything a player needs to judge it."""
    provenance: str
    source: str | None = None
    facts: tuple[tuple[str, str], ...] = ()
    """Short labelled values shown above the text (cost, tier, strength ...)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "kind": self.kind,
            "name": self.name,
            "text": self.text,
            "provenance": self.provenance,
            "source": self.source,
            "facts": [list(f) for f in self.facts],
        }


def provenance_note(provenance: str, source: str | None = None) -> str:
    """The sentence a detail view shows under a piece."""
    if provenance == "rulebook":
        return "From the rulebook."
    if provenance == "public":
        return f"Published: {source}." if source else "Published by the publisher."
    return ("Designed by the Ludoverse team (the real card is not public); load your own "
            "cards with --content FILE.")


def generic_components(content_json: dict[str, Any]) -> list[Component]:
    """A component for every content entry that has a name or id: a fallback for games
    that describe nothing themselves."""
    from ludoverse.core.content import find_entry_tables

    out: list[Component] = []
    for path, entries in find_entry_tables(content_json):
        kind = path.rsplit(".", 1)[-1].split("[", 1)[0].rstrip("s").replace("_", " ").title()
        for e in entries:
            ident = e.get("id", e.get("key", e.get("name")))
            if ident is None:
                continue
            text = str(e.get("text") or e.get("note") or "")
            out.append(Component(
                key=f"{kind.lower().replace(' ', '_')}:{ident}",
                kind=kind,
                name=str(e.get("name", ident)),
                text=text,
                provenance=str(e.get("provenance", "reconstructed")),
                source=e.get("source"),
            ))
    return out
