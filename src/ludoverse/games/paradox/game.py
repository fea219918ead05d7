"""The PARADOX :class:`~ludoverse.core.api.Game`: static facts and the state factory."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from ludoverse.core.api import Event, Game
from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox.content import ParadoxContent, default_content
from ludoverse.games.paradox.options import PRESETS, ParadoxOptions
from ludoverse.games.paradox.state import ParadoxState


class ParadoxGame(Game):
    name: ClassVar[str] = "paradox"
    title: ClassVar[str] = "PARADOX"
    summary: ClassVar[str] = (
        "PARADOX is a puzzle game for 2 to 4 players. Over twelve turns everyone drafts damaged "
        "Timeline and Nexus cards of fifteen Worlds and repairs them with resources won by lining "
        "up coloured discs in a private 5×5 Matrix, while each repair pushes a Quake round the "
        "board that fractures the Worlds it lands on. Repaired cards score in sets per World, but "
        "a World still Fractured at the end takes its cards down with it."
    )
    version: ClassVar[str] = "2"
    """2: score piles face down, reveals logged before their consequences, a Chief Scientist
    whose pick depends on hidden cards is asked, and overlapping Level-2 boxes form one Strand;
    records of version 1 replay differently."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = ParadoxOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    state_class: ClassVar[type[ParadoxState]] = ParadoxState
    content_model: ClassVar[type[BaseModel]] = ParadoxContent
    bot_levels: ClassVar[dict[str, str]] = {
        "easy": "greedy",
        "medium": "ismcts:iters=300",
        "hard": "ismcts:iters=1000,ms=800",
    }

    @property
    def num_actions(self) -> int:
        return A.NUM_ACTIONS

    def state_from_json(self, d: dict[str, Any]) -> ParadoxState:
        from ludoverse.games.paradox.views import state_from_json

        return state_from_json(self, d)

    def action_info(self, action: int) -> dict[str, Any]:
        return A.info(action)

    def default_content(self) -> ParadoxContent:
        return default_content()

    def event_text(self, event: Event, viewer: int | None) -> str:
        from ludoverse.games.paradox.log import event_text

        return event_text(event, viewer)

    def components(self, content: Any = None) -> list[Any]:
        from ludoverse.games.paradox.help import components

        return components(self.default_content() if content is None else content)

    def encoder(self, players: int | None = None,
                options: BaseModel | dict[str, Any] | None = None, content: Any = None) -> Any:
        """The observation vector for learning agents (``encoding.py``); imported only when
        asked for, as the help pages are."""
        from ludoverse.games.paradox.encoding import ParadoxEncoder

        opts: ParadoxOptions = self.make_options(options)  # type: ignore[assignment]
        cont = self.default_content() if content is None else self.load_content(content)
        return ParadoxEncoder(self.check_players(players), opts, cont)

    def conformance_options(self) -> dict[str, dict[str, Any]]:
        return {
            "rulebook": {},
            "training": {"preset": "training"},
            "child_to_work": {"preset": "child_to_work"},
            "flare": {"deck_scenario": "flare"},
            "parallel_universe": {"deck_scenario": "parallel_universe"},
            "mad_scientist": {"preset": "mad_scientist"},
            "maelstrom": {"triggered_scenario": "maelstrom", "alliances": True},
            "matrix_levels": {"triggered_scenario": "matrix"},
            "variants": {"phase_mode": "speed_variant", "nexus_start_space": "past",
                         "nebula_effect": "none", "black_white_on_past": "printed_only",
                         "shield_supply": "unlimited", "first_chief_scientist": "seat0",
                         "triggered_scenario": "matrix", "matrix_scenario_mode": "add",
                         "matrix_scenario_progression": "apply_then_rotate",
                         "maelstrom_non_timeline": "redraw", "alliances": True,
                         "score_piles": "face_up", "overlapping_boxes": "each_box"},
            "manual": {"auto_forced": False, "locked_board_reset": "off",
                       "research_goals": False, "deck_scenario": "none"},
        }

    conformance_scale: ClassVar[float] = 0.34
    """A PARADOX game is long (about 150 decisions) and has ten option sets: 100 games each."""

    def conformance_player_counts(self, label: str) -> list[int]:
        """The rulebook game at 2, 3 and 4 players; each variant at one count. The 2-player
        runs are games with Research Goals, where a Secret Objective keeps something hidden
        even when the (optional) Research Hand is not drawn."""
        return _CONFORMANCE_COUNTS.get(label, list(self.player_counts()))

    def studies(self) -> dict[str, Any]:
        from ludoverse.games.paradox import studies

        return {"locked-board": studies.locked_board, "matrix-boxes": studies.matrix_boxes}

    def game_metrics(self, state: Any) -> dict[str, float]:
        """What a designer balancing the cards watches: VP, repairs, the Quake's damage."""
        s: ParadoxState = state
        kinds = [e.kind for e in s.events]
        totals = [f["total"] for f in s.final] if s.final else [0]
        return {
            "VP per player": sum(totals) / len(totals),
            "winning VP": float(max(totals)),
            "Strands per player": kinds.count("strand") / s.n,
            "Timelines repaired per player": kinds.count("repaired") / s.n,
            "cards Lost per player": kinds.count("lost") / s.n,
            "Worlds fractured by the Quake": float(sum(
                1 for e in s.events if e.kind == "quake" and e.data.get("effect") == "fractured")),
            "Fractured Worlds at the end": float(sum(s.fractured)),
        }

    def game_tables(self, state: Any) -> dict[str, list[dict[str, Any]]]:
        """One row per drafted card: its type and whether it was saved before it was Lost."""
        from ludoverse.games.paradox import cards as K

        s: ParadoxState = state
        saved = {"repaired", "nexus_repaired", "flare_scored", "maelstrom_claimed"}
        fate: dict[int, int] = {}
        for e in s.events:
            card = e.data.get("card")
            if e.kind == "draft":
                fate[card] = 0
            elif e.kind in saved and card in fate:
                fate[card] = 1
        rows = []
        for card, made in fate.items():
            era = K.era_of(card)
            kind = (f"{('Past', 'Present', 'Future')[era]} Timeline" if era >= 0
                    else K.kind(card).replace("_", " ").capitalize())
            rows.append({"card type": kind, "saved": made})
        return {"cards drafted": rows}

    def check_invariants(self, state: Any) -> None:
        from ludoverse.games.paradox.invariants import check

        check(state)

    @property
    def heuristics(self) -> Any:  # type: ignore[override]
        from ludoverse.games.paradox import heuristics

        return heuristics

    def render(self, observation: dict[str, Any], seat: int | None) -> Any:
        from ludoverse.games.paradox.render import render

        return render(observation, seat)


_CONFORMANCE_COUNTS = {
    "training": [3], "child_to_work": [4], "flare": [2], "parallel_universe": [2],
    "mad_scientist": [3], "maelstrom": [4], "matrix_levels": [3], "variants": [4], "manual": [3],
}

GAME = ParadoxGame()
