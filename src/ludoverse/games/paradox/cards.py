"""The Multiverse deck and the Player Mat: card numbering, kinds and starting spaces.

Cards are ints so a deck, a Wormhole or a score pile is a plain list: the Timeline of World
``w`` and era ``e`` is ``3 * w + e``; then the 15 Nexus cards, the 3 Nebulas and the Deck
Scenario cards (Breakthrough, Flare, Parallel Universe) of the box.
"""

from __future__ import annotations

from ludoverse.games.paradox.content import ERAS, WORLDS

PAST: int = 0  # one per line: mypy (the compiled build) cannot type range() unpacking
PRESENT: int = 1
FUTURE: int = 2
DANGER: int = 3
SPACES = ("Past", "Present", "Future", "Danger!")
"""The four spaces of a Player Mat, left to right; cards shift right each turn."""

TIMELINES = 3 * WORLDS
NEXUS = TIMELINES  # 45..59
NEBULA = NEXUS + WORLDS  # 60..62
NEBULAS = 3
BREAKTHROUGH = NEBULA + NEBULAS  # 63..67
BREAKTHROUGHS = 5
FLARE = BREAKTHROUGH + BREAKTHROUGHS  # 68..73
FLARES = 6
PARALLEL = FLARE + FLARES  # 74..78
PARALLELS = 5
NUM_CARDS = PARALLEL + PARALLELS

QUAKE_STEPS = (5, 3, 1)
"""How far the Quake moves when a Past, Present or Future Timeline is repaired."""


def is_timeline(card: int) -> bool:
    return card < TIMELINES


def is_nexus(card: int) -> bool:
    return NEXUS <= card < NEBULA


def is_nebula(card: int) -> bool:
    return NEBULA <= card < BREAKTHROUGH


def is_breakthrough(card: int) -> bool:
    return BREAKTHROUGH <= card < FLARE


def is_flare(card: int) -> bool:
    return FLARE <= card < PARALLEL


def is_parallel(card: int) -> bool:
    return PARALLEL <= card < NUM_CARDS


def world_of(card: int) -> int:
    """The World a Timeline or Nexus card belongs to (-1 for other cards)."""
    if card < TIMELINES:
        return card // 3
    if card < NEBULA:
        return card - NEXUS
    return -1


def era_of(card: int) -> int:
    """0 Past, 1 Present, 2 Future for a Timeline card (-1 otherwise)."""
    return card % 3 if card < TIMELINES else -1


def kind(card: int) -> str:
    if card < TIMELINES:
        return "timeline"
    if card < NEBULA:
        return "nexus"
    if card < BREAKTHROUGH:
        return "nebula"
    if card < FLARE:
        return "breakthrough"
    if card < PARALLEL:
        return "flare"
    return "parallel_universe"


def start_space(card: int, nexus_space: int) -> int:
    """Where a drafted card starts on the mat: a Timeline on its own era's space, a Flare on
    Past, a Parallel Universe on Present, a Breakthrough on Danger!, a Nexus per the option."""
    if card < TIMELINES:
        return card % 3
    if card < NEBULA:
        return nexus_space
    if card < FLARE:
        return DANGER
    if card < PARALLEL:
        return PAST
    return PRESENT


def name(card: int, world_names: tuple[str, ...]) -> str:
    """A player's name for a card, e.g. "Alphoria Present" or "Null Beta Nexus"."""
    if card < TIMELINES:
        return f"{world_names[card // 3]} {ERAS[card % 3].capitalize()}"
    if card < NEBULA:
        return f"{world_names[card - NEXUS]} Nexus"
    if card < BREAKTHROUGH:
        return f"Nebula {card - NEBULA + 1}"
    if card < FLARE:
        return f"Breakthrough {card - BREAKTHROUGH + 1}"
    if card < PARALLEL:
        return f"Flare {card - FLARE + 1}"
    return f"Parallel Universe {card - PARALLEL + 1}"


def deck_scenario_cards(choice: str, counts: dict[str, int], pick: list[int]) -> list[int]:
    """The Deck Scenario cards shuffled into the deck. ``pick`` is a random order of all the
    box's Deck Scenario cards, used by Mad Scientist (5 of them at random)."""
    ranges = {
        "breakthrough": range(BREAKTHROUGH, BREAKTHROUGH + counts["breakthrough"]),
        "flare": range(FLARE, FLARE + counts["flare"]),
        "parallel_universe": range(PARALLEL, PARALLEL + counts["parallel_universe"]),
    }
    if choice == "none":
        return []
    if choice == "mad_scientist":
        return pick[:5]
    return list(ranges[choice])


def box_scenario_cards(counts: dict[str, int]) -> list[int]:
    return [
        *range(BREAKTHROUGH, BREAKTHROUGH + counts["breakthrough"]),
        *range(FLARE, FLARE + counts["flare"]),
        *range(PARALLEL, PARALLEL + counts["parallel_universe"]),
    ]
