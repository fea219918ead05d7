"""The Universal Rule :class:`~ludoverse.core.api.Game`: static facts and the state factory."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from pydantic import BaseModel

from ludoverse.core.api import Event, Game
from ludoverse.core.help import Component
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule.content import UniversalRuleContent, default_content
from ludoverse.games.universal_rule.options import PRESETS, UniversalRuleOptions
from ludoverse.games.universal_rule.state import UniversalRuleState

if TYPE_CHECKING:
    from ludoverse.games.universal_rule.encoding import UniversalRuleEncoder


class UniversalRuleGame(Game):
    name: ClassVar[str] = "universal_rule"
    title: ClassVar[str] = "Universal Rule"
    summary: ClassVar[str] = (
        "Universal Rule is a small 4X card game for 3 to 5 players, built from 17 Planet Cards "
        "and one scoring card. On each turn the active player picks one of five actions (Explore, "
        "Colonize, Upgrade, Produce, Attack) and the other players may pay to copy it or take a "
        "credit instead. Planets bring income, military strength and Victory Points (VP); a "
        "successful Attack can downgrade or destroy an opponent's planet and win the 6-VP "
        "Universal Rule card. The first player who ends their own turn with enough VP, counted "
        "the normal way or by a Sneak Attack Victory, wins."
    )
    version: ClassVar[str] = "2"
    """2: every seat the public situation allows is asked (followers, the Sneak Attack, a
    lone Produce), and the game has no round limit; records of version 1 replay
    differently."""
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    Options: ClassVar[type[BaseModel]] = UniversalRuleOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    state_class: ClassVar[type[UniversalRuleState]] = UniversalRuleState
    content_model: ClassVar[type[BaseModel]] = UniversalRuleContent
    cards_hidden_fields: ClassVar[frozenset[str]] = frozenset(("ability",))
    bot_levels: ClassVar[dict[str, str]] = {
        "easy": "greedy",
        "medium": "ismcts:iters=300",
        "hard": "ismcts:iters=1000,ms=800",
    }

    @property
    def num_actions(self) -> int:
        return A.NUM_ACTIONS

    def state_from_json(self, d: dict[str, Any]) -> UniversalRuleState:
        from ludoverse.games.universal_rule.views import state_from_json

        return state_from_json(self, d)

    def action_info(self, action: int) -> dict[str, Any]:
        return A.info(action)

    def event_text(self, event: Event, viewer: int | None) -> str:
        """The log entry as a sentence for ``viewer`` (see ``universal_rule/log.py``)."""
        from ludoverse.games.universal_rule.log import event_text

        return event_text(event, viewer)

    def components(self, content: Any = None) -> list[Component]:
        """Every planet and the Universal Rule card, explained (``universal_rule/help.py``)."""
        from ludoverse.games.universal_rule.help import components

        return components(self.default_content() if content is None
                          else self.load_content(content))

    def encoder(self, players: int | None = None,
                options: BaseModel | dict[str, Any] | None = None,
                content: Any = None) -> UniversalRuleEncoder:
        """The observation encoder for learning agents (``universal_rule/encoding.py``)."""
        from ludoverse.games.universal_rule.encoding import UniversalRuleEncoder

        return UniversalRuleEncoder(
            self.check_players(players), cast(UniversalRuleOptions, self.make_options(options)),
            self.default_content() if content is None else self.load_content(content))

    def default_content(self) -> UniversalRuleContent:
        return default_content()

    def conformance_options(self) -> dict[str, dict[str, Any]]:
        return {
            "rulebook": {},
            "edge_of_war": {"preset": "edge_of_war"},
            "variants": {"attack_idle_credit": True, "produce_follow_no_planets": "two",
                         "win_vp": "flat_15", "credit_limit": "per_planet",
                         "fleet_value": "basic_military", "edge_award_measure": "coins_only",
                         "sneak_attack": "off", "first_player": "seat0", "round_limit": 15},
            "manual": {"auto_forced": False, "sneak_unit": "card"},
        }

    def conformance_player_counts(self, label: str) -> list[int]:
        """The base game and the expansion at 3, 4 and 5; the other option sets at 4."""
        return [3, 4, 5] if label in ("rulebook", "edge_of_war") else [4]

    conformance_scale: ClassVar[float] = 0.2
    """A random game takes about 300 decisions and 700 log entries, and a replay check saves
    the whole state at every step: 60 games per option set and player count, 20 of them
    checked step by step (the variants end at a 15-round limit, which also plays the limit's
    ending; "manual" asks every decision and counts Sneak Attack fleets in cards)."""

    def check_invariants(self, state: Any) -> None:
        from ludoverse.games.universal_rule.invariants import check

        check(state)

    def studies(self) -> dict[str, Any]:
        from ludoverse.games.universal_rule import studies

        return {"planets": studies.planets, "sneak": studies.sneak}

    def game_metrics(self, state: Any) -> dict[str, float]:
        from ludoverse.games.universal_rule.reporting import metrics

        return metrics(state)

    def game_tables(self, state: Any) -> dict[str, list[dict[str, Any]]]:
        from ludoverse.games.universal_rule.reporting import tables

        return tables(state)

    @property
    def heuristics(self) -> Any:  # type: ignore[override]
        from ludoverse.games.universal_rule import heuristics

        return heuristics

    def render(self, observation: dict[str, Any], seat: int | None) -> Any:
        from ludoverse.games.universal_rule.render import render

        return render(observation, seat)


GAME = UniversalRuleGame()
"""Universal Rule: colonize planets, make the others pay to follow your actions, and fight
for the 6-VP Universal Rule card (3-5 players)."""
