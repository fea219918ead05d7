"""The ULTIA :class:`~ludoverse.core.api.Game`: static facts and the state factory."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from ludoverse.core.api import Event, Game
from ludoverse.core.help import Component
from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia.content import PlanList, default_plans
from ludoverse.games.ultia.options import PRESETS, UltiaOptions
from ludoverse.games.ultia.rules import UltiaState
from ludoverse.games.ultia.views import state_from_json


class UltiaGame(Game):
    name: ClassVar[str] = "ultia"
    title: ClassVar[str] = "ULTIA"
    summary: ClassVar[str] = (
        "ULTIA is a trick-taking game for exactly three players, adapted from the Hungarian card "
        "game Ulti. Each year (round) the players bid for the right to attempt an *Exploration "
        "Plan*; the winner of the bidding, the **Main Surveyor**, plays alone against the other "
        "two, the **Sub Surveyors**, and whoever comes out ahead gains *progress*. The first to "
        "reach 100% progress ends the game."
    )
    version: ClassVar[str] = "2"
    """2: forced moves are played only when everyone can see they are forced, and the shipped
    plan list has no no-trump plans (option ``plan_list``); records of version 1 replay
    differently."""
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 3
    Options: ClassVar[type[BaseModel]] = UltiaOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    content_model: ClassVar[type[BaseModel]] = PlanList
    bot_levels: ClassVar[dict[str, str]] = {
        "easy": "greedy",
        "medium": "ismcts:iters=300",
        "hard": "ismcts:iters=2000,ms=800",
    }
    """Measured in docs/bots.md: each level beats the one below; a medium move stays well
    under a second."""

    @property
    def num_actions(self) -> int:
        return A.NUM_ACTIONS

    def new_game(
        self,
        players: int | None = None,
        seed: int = 0,
        options: BaseModel | dict[str, Any] | None = None,
        content: Any = None,
    ) -> UltiaState:
        self.check_players(players)
        opts = self.make_options(options)
        plans = self.plans_for(opts) if content is None else self.load_content(content)
        return UltiaState(self, opts, plans, seed)  # type: ignore[arg-type]

    def plans_for(self, options: BaseModel | dict[str, Any] | None) -> PlanList:
        """The shipped plan list these options select (``plan_list``; UL-OPT-15)."""
        opts = self.make_options(options)
        return default_plans(opts.plan_list)  # type: ignore[attr-defined]

    def state_from_json(self, d: dict[str, Any]) -> UltiaState:
        return state_from_json(self, d)

    def action_info(self, action: int) -> dict[str, Any]:
        """Described with the standard plan list (a declaration's ``plan`` index is exact; its
        ``plan_id`` is that of the standard list)."""
        return A.info(action, self.default_content())

    def event_text(self, event: Event, viewer: int | None) -> str:
        """The log entry as a sentence for ``viewer`` (see :mod:`ludoverse.games.ultia.log`)."""
        from ludoverse.games.ultia.log import event_text

        return event_text(event, viewer)

    def components(self, content: Any = None) -> list[Component]:
        """Every Exploration Plan, explained (see :mod:`ludoverse.games.ultia.help`)."""
        from ludoverse.games.ultia.help import components

        return components(None if content is None else self.load_content(content))

    def encoder(
        self,
        players: int | None = None,
        options: BaseModel | dict[str, Any] | None = None,
        content: Any = None,
    ) -> Any:
        """The observation encoder for learning agents (see
        :mod:`ludoverse.games.ultia.encoding`); its plan list is the one ``new_game`` would
        use with the same arguments."""
        from ludoverse.games.ultia.encoding import UltiaEncoder

        opts = self.make_options(options)
        plans = self.plans_for(opts) if content is None else self.load_content(content)
        return UltiaEncoder(self.check_players(players), opts, plans)  # type: ignore[arg-type]

    def default_content(self) -> PlanList:
        return default_plans()

    def conformance_options(self) -> dict[str, dict[str, Any]]:
        return {
            "rulebook": {},
            "japanese": {"preset": "japanese"},
            "overwork": {"overwork": "on", "talon": "main_surveyor", "win_compare": "exceed"},
            "variants": {"dealer_rotation": "left", "self_overbid": True, "bidding_end": "all_pass",
                         "sub_reward_rounding": "floor", "talon": "sub_surveyors",
                         "first_dealer": "seat0", "overwork": "on",
                         "plan_list": "with_no_trump"},
            "manual": {"auto_forced": False, "pass_mode": "hard",
                       "bidding_end": "three_consecutive_passes"},
        }

    def studies(self) -> dict[str, Any]:
        from ludoverse.games.ultia import studies

        return {"plans": studies.forced_rows, "bidding": studies.bidding_rows,
                "win_temperature": studies.win_temperature_rows}

    def game_metrics(self, state: Any) -> dict[str, float]:
        years = state.round_results
        return {
            "years": float(len(years)),
            "plans made": sum(r["success"] for r in years) / len(years) if years else 0.0,
            "Overwork declared": float(sum(r["overwork"] for r in years)),
            "tie-break needed": float(bool(state.trace)),
        }

    def game_tables(self, state: Any) -> dict[str, list[dict[str, Any]]]:
        progress = {p.id: p.progress for p in state.plans.plan}
        return {"plans adopted": [
            {"plan": r["plan"], "progress %": progress[r["plan"]], "made": r["success"],
             "Overwork": r["overwork"]}
            for r in state.round_results
        ]}

    def check_invariants(self, state: Any) -> None:
        """All 32 cards are in exactly one place: a hand, the face-down pair, a trick, a pile."""
        s: UltiaState = state
        seen = 0
        total = 0
        places = [*s.hands, s.talon, *s.won]
        for c in s.trick:
            places.append(1 << c)
        for m in places:
            assert seen & m == 0, "a card is in two places"
            seen |= m
            total += m.bit_count()
        assert seen == C.ALL_CARDS and total == C.NUM_CARDS, "cards are missing"
        for p in range(s.n):
            assert s.revealed[p] & ~s.hands[p] == 0, "a revealed card is not in its hand"
            assert s.excluded[p] & s.hands[p] == 0, "a seat holds a card it was shown not to"
        assert all(v >= 0 for v in s.progress)

    @property
    def heuristics(self) -> Any:  # type: ignore[override]
        from ludoverse.games.ultia import heuristics

        return heuristics

    def render(self, observation: dict[str, Any], seat: int | None) -> Any:
        from ludoverse.games.ultia.render import render

        options = observation.get("options") or {}
        return render(observation, seat, default_plans(options.get("plan_list", "standard")))


GAME = UltiaGame()
