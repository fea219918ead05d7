"""The tutorials' HTTP API: which games have one, a tutorial's steps, the learner's view at
step ``k``, and checking the learner's move at step ``k``.

The server keeps no session: the page holds its step number (in localStorage) and asks for
the view at that step, which :mod:`ludoverse.learn.engine` rebuilds by replaying the fixed
game. Everything sent is what seat ``learner`` may see: its observation, its own legal moves,
the log entries visible to it, and other seats' moves labelled as the learner sees them.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter
from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict, Field

from ludoverse.core.api import State
from ludoverse.learn.engine import Tutorial, tutorial
from ludoverse.learn.script import tutorial_games
from ludoverse.server.errors import TableError, not_found
from ludoverse.server.schema import errors

GameName = Annotated[str, PathParam(pattern=r"^[a-z_]{1,40}$", description="a game's name")]
StepNo = Annotated[int, PathParam(ge=0, le=100_000, description="a step number, from 0")]


class MoveIn(BaseModel):
    """The learner's move at a step."""

    model_config = ConfigDict(extra="forbid")
    action: int = Field(ge=0, le=1_000_000)


def rule_link(game: str, rule: str) -> dict[str, str]:
    return {"id": rule, "href": f"/rules/{game}#{rule}"}


def _tutorial(game: str) -> Tutorial:
    if game not in tutorial_games():
        raise not_found("tutorial")
    return tutorial(game)


def _check_k(t: Tutorial, k: int) -> None:
    if k > t.last:
        # no such step: a resource that does not exist (the schema cannot know the length)
        raise TableError(404, "not_found",
                         f"step {k} is past the end: the tutorial has steps 0 to {t.last}")


def names(t: Tutorial) -> list[str]:
    """How the page names the seats: "Seat N", as the texts do (boards add "(you)")."""
    return [f"Seat {s + 1}" for s in range(t.script.players)]


def table_summary(t: Tutorial, state: State, k: int) -> dict[str, Any]:
    """The table facts a board reads (``ctx.table``), shaped like a real table's summary."""
    out = state.outcome() if state.is_terminal() else None
    return {
        "id": f"learn-{t.script.game}",
        "game": t.script.game,
        "title": getattr(t.game, "title", t.script.game),
        "players": t.script.players,
        "options": t.script.options,
        "status": "finished" if out else "playing",
        "seats": [{"seat": s, "name": n, "kind": "human" if s == t.script.learner else "bot",
                   "joined": True, "connected": True} for s, n in enumerate(names(t))],
        "moves": t.moves_before(k),
        "to_move": None if out else state.current_player,
        "outcome": None if out is None else out.to_json(),
    }


def step_view(t: Tutorial, k: int) -> dict[str, Any]:
    """What the learner sees at step ``k``."""
    me = t.script.learner
    game = t.script.game
    state = t.state_at(k)
    st = t.steps[k] if k < t.last else None
    step: dict[str, Any] | None = None
    legal: list[dict[str, Any]] = []
    if st is not None:
        step = {"kind": st.kind, "number": st.number, "text": t.instruction(k, state),
                "rules": [rule_link(game, r) for r in st.rules], "point": st.point,
                "seat": st.seat, "moves": st.count, "written": st.written}
        if st.kind == "move":
            # Only the learner's own move: another seat's action id could name a card it
            # hides (ULTIA's face-down discards have one id per card).
            expected = t.actions[st.start]
            step["expected"] = {"id": expected, "label": state.action_label(expected, me)}
            legal = [{"id": a, "label": state.action_label(a, me), "info": t.game.action_info(a)}
                     for a in state.legal_actions()]
    return {
        "game": game,
        "k": k,
        "last": t.last,
        "readable": t.readable,
        "seat": me,
        "step": step,
        "table": table_summary(t, state, k),
        "observation": state.observation(me),
        "legal": legal,
        "events": [{**e.to_json(), "text": t.game.event_text(e, me)}
                   for e in state.events_for(me)],
        "outcome": state.outcome().to_json() if state.is_terminal() else None,  # type: ignore[union-attr]
    }


def router() -> APIRouter:
    """The tutorial routes, under ``/api/learn``."""
    r = APIRouter(prefix="/api/learn", tags=["learn"])

    @r.get("", summary="The games that have a guided first game", responses=errors())
    def learn_games() -> list[dict[str, Any]]:
        out = []
        for g in tutorial_games():
            t = tutorial(g)
            out.append({"game": g, "title": t.script.title, "steps": t.last,
                        "readable": t.readable})
        return out

    @r.get("/{game}", summary="A tutorial's steps: texts, rule links and pointers",
           responses=errors(400, 404))
    def learn_overview(game: GameName) -> dict[str, Any]:
        t = _tutorial(game)
        steps = t.overview()
        for s in steps:
            s["rules"] = [rule_link(game, x) for x in s["rules"]]
        return {"game": game, "title": t.script.title, "players": t.script.players,
                "learner": t.script.learner, "names": names(t), "steps": t.last,
                "readable": t.readable, "items": steps, "ending": t.ending()}

    @r.get("/{game}/at/{k}", summary="The learner's view at step k",
           responses=errors(400, 404))
    def learn_at(game: GameName, k: StepNo) -> dict[str, Any]:
        t = _tutorial(game)
        _check_k(t, k)
        return step_view(t, k)

    @r.post("/{game}/at/{k}", summary="Make the learner's move at step k",
            responses=errors(400, 404, 409, 413))
    def learn_move(game: GameName, k: StepNo, body: MoveIn) -> dict[str, Any]:
        t = _tutorial(game)
        _check_k(t, k)
        st = t.steps[k] if k < t.last else None
        if st is None or st.kind != "move":
            raise TableError(409, "no_move_here",
                             "this step needs no move from you: press Next")
        if body.action != t.expected(k):
            raise TableError(409, "not_this_time", t.refusal(k, t.state_at(k)))
        return {"ok": True, "next": k + 1}

    return r
