"""The Multiuniversum :class:`~ludoverse.core.api.Game`: static facts and the state factory."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from ludoverse.core.api import Event, Game
from ludoverse.core.help import Component
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum.content import MultiuniversumContent, default_content
from ludoverse.games.multiuniversum.options import PRESETS, MultiuniversumOptions
from ludoverse.games.multiuniversum.state import MultiuniversumState


class MultiuniversumGame(Game):
    name: ClassVar[str] = "multiuniversum"
    title: ClassVar[str] = "Multiuniversum"
    summary: ClassVar[str] = (
        "Multiuniversum is a competitive card game for 1 to 5 players (2 to 5 in our rulebook "
        "text, 1 with the public solo rules). Each player is a scientist moving among five "
        "transformers set in a circle, each with a stack of portal cards above it. The same "
        "action card does something different depending on the transformer its player stands at: "
        "draw cards, use that transformer's ability, move, seal the portal there or take a card "
        "back from the discard pile. Cards can also be set aside as tools, and a portal is sealed "
        "by spending the tools it shows. Sealed portals are worth DP and carry dimension icons "
        "that score bonus sets. When enough stacks are empty the game ends, and the player with "
        "the most DP wins."
    )
    version: ClassVar[str] = "2"
    """2: the solo game goes on while the virtual scientist can still seal; records of version
    1 replay differently."""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 5
    Options: ClassVar[type[BaseModel]] = MultiuniversumOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    state_class: ClassVar[type[MultiuniversumState]] = MultiuniversumState
    content_model: ClassVar[type[BaseModel]] = MultiuniversumContent
    bot_levels: ClassVar[dict[str, str]] = {
        "easy": "greedy",
        "medium": "ismcts:iters=800,c=0.2",
        "hard": "ismcts:iters=2000,c=0.2,ms=800",
    }

    @property
    def num_actions(self) -> int:
        return A.NUM_ACTIONS

    def state_from_json(self, d: dict[str, Any]) -> MultiuniversumState:
        from ludoverse.games.multiuniversum.views import state_from_json

        return state_from_json(self, d)

    def action_info(self, action: int) -> dict[str, Any]:
        return A.info(action)

    def event_text(self, event: Event, viewer: int | None) -> str:
        """The log entry as a sentence for ``viewer`` (see ``multiuniversum/log.py``)."""
        from ludoverse.games.multiuniversum.log import event_text

        return event_text(event, viewer)

    def components(self, content: Any = None) -> list[Component]:
        """Every transformer, portal, action card and tool kind, explained
        (``multiuniversum/help.py``)."""
        from ludoverse.games.multiuniversum.help import components

        return components(self.default_content() if content is None
                          else self.load_content(content))

    def encoder(self, players: int | None = None,
                options: BaseModel | dict[str, Any] | None = None,
                content: Any = None) -> Any:
        """The observation encoder for learning agents (``multiuniversum/encoding.py``)."""
        from ludoverse.games.multiuniversum.encoding import MultiuniversumEncoder

        return MultiuniversumEncoder(self.check_players(players), self.make_options(options),
                                     self.default_content() if content is None
                                     else self.load_content(content))

    def default_content(self) -> MultiuniversumContent:
        return default_content()

    def conformance_options(self) -> dict[str, dict[str, Any]]:
        return {
            "rulebook": {},
            "basic_scoring": {"variant": "basic_scoring"},
            "deadly_portals": {"variant": "deadly_portals"},
            "short_game": {"variant": "short_game"},
            "other_readings": {"end_mode": "one_more_each", "recycle_mode": "free_anytime",
                               "portal_visibility": "all_face_up",
                               "stack_composition": "random_4",
                               "played_card_timing": "start_of_turn", "move_range": "adjacent",
                               "set_assignment": "player_choice", "first_player": "seat0",
                               "round_limit": 20},
            "immediate": {"end_mode": "immediate", "set_assignment": "player_choice"},
            "manual": {"auto_forced": False},
        }

    def conformance_player_counts(self, label: str) -> list[int]:
        """The rulebook game at every count; each variant solo and at 4; other sets at 3."""
        if label == "rulebook":
            return [1, 2, 3, 4, 5]
        if label in ("basic_scoring", "deadly_portals", "short_game"):
            return [1, 4]
        return [3]

    conformance_scale: ClassVar[float] = 0.08
    """A random game takes about 200 decisions (random players rarely seal, so most games run
    until every action card sits in a lab): 24 games per option set and player count."""

    def check_invariants(self, state: Any) -> None:
        from ludoverse.games.multiuniversum.invariants import check

        check(state)

    def studies(self) -> dict[str, Any]:
        from ludoverse.games.multiuniversum import studies

        return {"portals": studies.portals, "abilities": studies.abilities}

    def game_metrics(self, state: Any) -> dict[str, float]:
        from ludoverse.games.multiuniversum.reporting import metrics

        return metrics(state)

    def game_tables(self, state: Any) -> dict[str, list[dict[str, Any]]]:
        from ludoverse.games.multiuniversum.reporting import tables

        return tables(state)

    @property
    def heuristics(self) -> Any:  # type: ignore[override]
        from ludoverse.games.multiuniversum import heuristics

        return heuristics

    def render(self, observation: dict[str, Any], seat: int | None) -> Any:
        from ludoverse.games.multiuniversum.render import render

        return render(observation, seat)


GAME = MultiuniversumGame()
"""Multiuniversum: move among five transformers, turn action cards into tools and seal
portals for the most DP (1-5 players; 1 against a virtual scientist)."""
