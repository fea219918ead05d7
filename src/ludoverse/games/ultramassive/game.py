"""The ULTRAMASSIVE :class:`~ludoverse.core.api.Game`: static facts and the state factory."""

from __future__ import annotations

from typing import Any, ClassVar, cast

from pydantic import BaseModel

from ludoverse.core.api import Event, Game
from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive.content import UltramassiveContent, default_content
from ludoverse.games.ultramassive.options import PRESETS, UltramassiveOptions
from ludoverse.games.ultramassive.state import UltramassiveState


class UltramassiveGame(Game):
    name: ClassVar[str] = "ultramassive"
    title: ClassVar[str] = "ULTRAMASSIVE"
    summary: ClassVar[str] = (
        "ULTRAMASSIVE is an engine-building game for 1 to 4 players in which each player is a "
        "young black hole. Over six rounds everyone drafts Matter, Antimatter and other "
        "resources, lets them spiral down the two Channels of their own board into the Black Hole "
        "at its centre, and spends Discovery Counters on Anomalies that make the flow more "
        "efficient. Solar Mass pulled in makes the Black Hole grow, and the player with the most "
        "Solar Mass after the sixth round wins. A Solo Mode replaces the draft with Resource "
        "cards and the opponents with Challenges."
    )
    version: ClassVar[str] = "3"
    """2: the basic Resource Draft has all the rulebook's Draft Spaces (action ids after the
    draft moved up by 2) and Wormholes on the move are public; records of version 1 replay
    differently. 3: an extra Action Card play gained before the Actions phase (the Advanced
    Draft's "draw 1, play 1 more card this round", the solo Resource card of the same text)
    is no longer lost when that phase starts; records of version 2 replay differently."""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = UltramassiveOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    state_class: ClassVar[type[UltramassiveState]] = UltramassiveState
    content_model: ClassVar[type[BaseModel]] = UltramassiveContent
    cards_hidden_fields: ClassVar[frozenset[str]] = frozenset(
        ("effect", "passive", "primary", "empowered", "do", "conditions"))
    bot_levels: ClassVar[dict[str, str]] = {
        "easy": "greedy",
        "medium": "ismcts:iters=300",
        "hard": "ismcts:iters=1000,ms=800",
    }

    @property
    def num_actions(self) -> int:
        return A.NUM_ACTIONS

    def state_from_json(self, d: dict[str, Any]) -> UltramassiveState:
        from ludoverse.games.ultramassive.views import state_from_json

        return state_from_json(self, d)

    def action_info(self, action: int) -> dict[str, Any]:
        return A.info(action)

    def default_content(self) -> UltramassiveContent:
        return default_content()

    def event_text(self, event: Event, viewer: int | None) -> str:
        from ludoverse.games.ultramassive.log import event_text

        return event_text(event, viewer)

    def components(self, content: Any = None) -> list[Any]:
        from ludoverse.games.ultramassive.help import components

        return components(self.default_content() if content is None else content)

    def encoder(self, players: int | None = None,
                options: BaseModel | dict[str, Any] | None = None,
                content: Any = None) -> Any:
        """The observation encoder for learning agents; ``content`` as for ``new_game``."""
        from ludoverse.games.ultramassive.encoding import UltramassiveEncoder

        opts = cast(UltramassiveOptions, self.make_options(options))
        return UltramassiveEncoder(self.check_players(players), opts,
                                   self.default_content() if content is None
                                   else self.load_content(content))

    def conformance_options(self) -> dict[str, dict[str, Any]]:
        return {
            "basic": {},
            "advanced": {"preset": "advanced"},
            "solo_hard": {"preset": "solo_hard"},
            "variants": {"ultramassive_size": "third_expansion", "starting_player": "seat0",
                         "advanced_draft": True},
            "manual": {"auto_forced": False},
        }

    conformance_scale: ClassVar[float] = 0.25
    """A random ULTRAMASSIVE game takes 200-400 decisions and there are five option sets:
    75 games each (25 of them replayed and checked step by step), to keep the whole test
    suite within its 10 minutes on two cores."""

    def conformance_player_counts(self, label: str) -> list[int]:
        """The basic game at every count (1 is solo Normal); the advanced draft at 2-4
        (solo has no draft); solo Hard alone; the variants at 4."""
        return _CONFORMANCE_COUNTS.get(label, list(self.player_counts()))

    def studies(self) -> dict[str, Any]:
        from ludoverse.games.ultramassive import studies

        return {"cards": studies.cards}

    def game_metrics(self, state: Any) -> dict[str, float]:
        from ludoverse.games.ultramassive.reporting import metrics

        return metrics(state)

    def game_tables(self, state: Any) -> dict[str, list[dict[str, Any]]]:
        from ludoverse.games.ultramassive.reporting import tables

        return tables(state)

    def check_invariants(self, state: Any) -> None:
        from ludoverse.games.ultramassive.invariants import check

        check(state)

    @property
    def heuristics(self) -> Any:  # type: ignore[override]
        from ludoverse.games.ultramassive import heuristics

        return heuristics

    def render(self, observation: dict[str, Any], seat: int | None) -> Any:
        from ludoverse.games.ultramassive.render import render

        return render(observation, seat)


_CONFORMANCE_COUNTS = {"advanced": [2, 3, 4], "solo_hard": [1], "variants": [4],
                       "manual": [2]}

GAME = UltramassiveGame()
"""ULTRAMASSIVE: grow a Black Hole over six rounds by drafting Matter, discovering Anomalies
and orbiting stars into it (1-4 players; 1 is the solo mode)."""
