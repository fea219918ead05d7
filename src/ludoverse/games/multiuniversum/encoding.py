"""The Multiuniversum observation as a fixed vector of numbers, for learning agents.

Built from ``state.observation(seat)`` alone (see :mod:`ludoverse.core.encoding`). Seats come
in the order the viewer meets them (itself first, then clockwise). In the solo game the
virtual scientist is a second lab block after the player's (MU-SOLO-1): it stands on a
transformer, prepares tools, seals portals and scores like a player, but holds no hand, has no
play area and never decides, so it has a lab block and no place among the seats asked to act.

Ordered piles (a lab's tools, sealed and lost portals, a play area) come as a multi-hot plus
the place of each item in the order shown (1 = first); the choices under way (ability 1's new
order, ability 2's and 5's cards, a set being formed) as those places alone; sorted piles
(hands, the discard pile, the deck pool) as multi-hots. Parts of the observation the vector
carries only through others they follow from: each transformer's number, colour, name and
ability (content), its ``scientists`` (the labs' positions) and ``deactivated`` (its stack
size); a lab's ``seat`` and ``colour`` (its block); ``best_sets`` beyond their counts (the
sealed portals in their order); ``reorder.portals`` (that stack); every ``*_name(s)`` and
``*_text`` (the id or code beside it); and the outcome's reason and tie-break trace (the end
reason and the labs). Why: docs/decisions/multiuniversum-observation-for-learning.md.
"""

from __future__ import annotations

import math
from array import array
from typing import Any, ClassVar

from pydantic import BaseModel

from ludoverse.core.encoding import Encoder, Field, Layout
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.content import (
    TIERS,
    TRANSFORMERS,
    MultiuniversumContent,
    tables,
)
from ludoverse.games.multiuniversum.scoring import OMNI_SIZE, best_bonus
from ludoverse.games.multiuniversum.state import ACTIONS_PER_TURN
from ludoverse.games.multiuniversum.views import END_REASONS

_PHASE = {name: i for i, name in enumerate(P.PHASES)}
_TIER = {name: i for i, name in enumerate(TIERS)}
_REASON = {name: i for i, name in enumerate(END_REASONS)}
_KEEP = 2
"""Cards ability 2 keeps (MU-ABILITY-2)."""


class MultiuniversumEncoder(Encoder):
    """One seat's view of a Multiuniversum table as ``layout.size`` floats."""

    not_encoded: ClassVar[dict[str, str]] = {
        "game": "always multiuniversum: fixed for the environment",
        "players": "the player count: fixed for the environment, whose layout is built for it",
    }

    def __init__(self, players: int, options: BaseModel, content: MultiuniversumContent) -> None:
        self.n = n = players
        self.options = options
        self.content = content
        T = tables(content)
        C, Q, K = len(content.cards), len(content.portals), len(content.tool_kinds)
        D = Q // TRANSFORMERS  # MU-SETUP-4: every stack is dealt this many; none ever grows
        L = n + (n == 1)  # MU-SOLO-1: the virtual scientist's lab
        self.L, self.C, self.Q, self.D = L, C, Q, D
        self._kind = {k.id: i for i, k in enumerate(content.tool_kinds)}
        limit = getattr(options, "round_limit", 0)
        # MU-END-7: the limit ends play after its last round; one_more_each may add n - 1 turns
        turns = float((limit + 1) * n) if limit else math.inf
        rounds = float(limit + 1) if limit else math.inf
        dp_max = float(sum(T.dp) + best_bonus(T.icon))  # MU-SCORE-1 to MU-SCORE-3
        per_kind = float(max(T.tool.count(k) for k in range(K)))
        A = float(ACTIONS_PER_TURN)
        tr = TRANSFORMERS
        f = Field
        fields = [
            f("viewer_seat", n, "your seat number"),
            f("current_player", n, "the seat to decide now, counted clockwise from you; "
              "none once the game is over"),
            f("active_player", n, "the seat whose turn it is, counted clockwise from you"),
            f("first_player", n, "the first player, counted clockwise from you"),
            f("phase", len(P.PHASES), "the decision being asked: next action, Move, Recycle, "
              "Seal, ability 1 stack, ability 1 order, ability 2 keep, ability 3 swap, "
              "ability 5 keep, forming sets, game over"),
            f("turn", 1, "turn number, from 1", 1.0, turns),
            f("round", 1, "round number, from 1", 1.0, rounds),
            f("actions_left", 1, "actions the active player has left this turn", 0.0, A),
            f("tools_to_keep", 1, "played cards the active player will keep as tools at the "
              "end of this turn (ability 5)", 0.0, A),
            f("deck_size", 1, "cards in the deck", 0.0, C),
            f("deck_pool", C, "cards that are in the deck or were drawn from it, unseen, by "
              "the other players"),
            f("discard", C, "cards in the discard pile"),
            f("discard_size", 1, "cards in the discard pile", 0.0, C),
            f("removed_portals", 1, "portals put out of the game unseen (Short Game)", 0.0, tr),
            f("empty_stacks", 1, "empty stacks", 0.0, tr),
            f("end_threshold", 1, "empty stacks that trigger the end", 2.0, 3.0),
            f("end_triggered", 1, "the end has been triggered"),
            f("last_turn_seat", n, "the seat that takes the last turn once the end is "
              "triggered, counted clockwise from you"),
            f("end_reason", len(_REASON), "why play stopped: enough stacks are empty, nobody "
              "can act, the round limit"),
            f("set_scoring", 1, "sets score bonus DP in this game"),
            f("solo", 1, "a solo game against the virtual scientist"),
            f("stack_size", tr, "portals in the stack of each transformer 1 to 5", 0.0, D),
            f("face_up", tr * Q, "the face-up portal of each transformer 1 to 5"),
            f("stack", tr * D * Q, "the portal you know at each place of each stack, top "
              "first"),
            f("stack_unseen", tr * D, "places of each stack, top first, holding a portal you "
              "have not seen there"),
            f("unseen_tiers", tr * 3, "basic, medium and advanced portals among each stack's "
              "unseen places and its Short Game portal (tiered stacks)", 0.0, D),
            f("lab_virtual", L, "each lab is the virtual scientist's, you first"),
            f("lab_transformer", L * tr, "the transformer each scientist stands on, you first"),
            f("lab_tools", L * C, "the tools in each lab, you first"),
            f("lab_tool_order", L * C, "the order the tools in each lab were placed, 1 = "
              "first, you first", 0.0, C),
            f("lab_tool_kinds", L * K, "tools of each kind in each lab, you first", 0.0,
              per_kind),
            f("lab_sealed", L * Q, "the portals each lab has sealed, you first"),
            f("lab_sealed_order", L * Q, "the order each lab sealed its portals, 1 = first, "
              "you first", 0.0, Q),
            f("lab_lost", L * Q, "the sealed portals each lab lost to the Deadly Portals, "
              "you first"),
            f("lab_lost_order", L * Q, "the order of each lab's lost portals, 1 = first, you "
              "first", 0.0, Q),
            f("lab_score", L, "the DP each lab scores now, you first", -C, dp_max),
            f("lab_tools_used", L, "the tools each lab has spent on seals, you first", 0.0,
              float(sum(T.tools_needed))),
            f("lab_best_sets", L * 2, "Omni sets and Specialisation sets in each lab's best "
              "arrangement, you first", 0.0, Q // 2),
            f("lab_sets", L * Q, "the set each sealed portal was put in when the players "
              "form their own sets, 1 = the first set formed, you first", 0.0, Q // 2),
            f("hand_size", L, "cards in each hand, you first", 0.0, C),
            f("hand", C, "the cards in your hand"),
            f("known_hand", (n - 1) * C, "cards each other seat took by Recycle and still "
              "holds, next seat first"),
            f("play_area", L * C, "the cards in each play area, you first"),
            f("play_order", L * C, "the order the cards in each play area were played, 1 = "
              "first, you first", 0.0, A),
            f("seal_portal", Q, "the portal being sealed"),
            f("seal_needed", K, "tools of each kind still to pay for the Seal", 0.0, 3.0),
            f("reorder_transformer", tr, "the stack being rearranged (ability 1)"),
            f("reorder_placed", 1, "portals put back so far (ability 1)", 0.0, D),
            f("reorder_new_order", Q, "the place from the top each portal was put back at, "
              "where you see it (ability 1)", 0.0, D),
            f("keep_two_kept", 1, "cards chosen to keep so far (ability 2)", 0.0, _KEEP),
            f("keep_two_cards", C, "the order you chose the cards you keep (ability 2)",
              0.0, _KEEP),
            f("keep_tool_left", 1, "played cards still to keep as tools (ability 5)", 0.0, A),
            f("keep_tool_played", C, "the order the cards ability 5 may keep were played, 1 "
              "= first", 0.0, A),
            f("form_sets_seat", n, "the seat forming its sets, counted clockwise from you"),
            f("form_sets_forming", Q, "the order the portals of the set being formed were "
              "added", 0.0, OMNI_SIZE),
            f("outcome_scores", n, "final scores, you first (solo: yours)", -C, dp_max),
            f("outcome_ranking", n, "final places, 1 = first, you first; 0 before the end",
              0.0, n),
            f("outcome_winners", n, "the winners, you first (solo: you beat the virtual "
              "scientist)"),
        ]
        self.layout = Layout(Field(x.name, x.size, x.doc, float(x.low), float(x.high))
                             for x in fields)
        self.size = self.layout.size
        o = self.layout.offset
        self._o = {fd.name: fd.offset for fd in self.layout.fields}
        # the lab block of each lab, for each viewer: seats clockwise from it, then the virtual
        # scientist; and each block's offsets into the lab fields, in the order _labs reads them
        per_block = (("lab_virtual", 1), ("lab_transformer", tr), ("lab_tools", C),
                     ("lab_tool_order", C), ("lab_tool_kinds", K), ("lab_sealed", Q),
                     ("lab_sealed_order", Q), ("lab_lost", Q), ("lab_lost_order", Q),
                     ("lab_score", 1), ("lab_tools_used", 1), ("lab_best_sets", 2),
                     ("lab_sets", Q), ("hand_size", 1), ("play_area", C), ("play_order", C))

        def block_at(b: int) -> tuple[int, ...]:
            known = o("known_hand") + (b - 1) * C if 0 < b < n else -1
            return (*(o(name) + b * width for name, width in per_block), known)

        self._lab_at = [[block_at((q - v) % n if q < n else q) for q in range(L)]
                        for v in range(n)]
        self._o_stack = o("stack")
        self._o_unseen = o("stack_unseen")

    def encode(self, observation: dict[str, Any]) -> array[float]:
        obs = observation
        v = obs["seat"]
        n = self.n
        if v is None or not 0 <= v < n:
            raise ValueError(f"the encoder needs a seat's observation, not seat {v!r}")
        off = self._o
        Q, D = self.Q, self.D
        out = self.layout.blank()
        out[off["viewer_seat"] + v] = 1.0
        cp = obs["current_player"]
        if cp is not None and cp >= 0:
            out[off["current_player"] + (cp - v) % n] = 1.0
        out[off["active_player"] + (obs["active"] - v) % n] = 1.0
        out[off["first_player"] + (obs["first_player"] - v) % n] = 1.0
        out[off["phase"] + _PHASE[obs["phase"]]] = 1.0
        out[off["turn"]] = obs["turn"]
        out[off["round"]] = obs["round"]
        out[off["actions_left"]] = obs["actions_left"]
        out[off["tools_to_keep"]] = obs["tools_to_keep"]
        out[off["deck_size"]] = obs["deck"]
        at = off["deck_pool"]
        for c in obs["deck_pool"]:
            out[at + c] = 1.0
        discard = obs["discard"]
        at = off["discard"]
        for c in discard:
            out[at + c["id"]] = 1.0
        out[off["discard_size"]] = len(discard)
        out[off["removed_portals"]] = obs["removed_portals"]
        end = obs["end"]
        out[off["empty_stacks"]] = end["empty_stacks"]
        out[off["end_threshold"]] = end["threshold"]
        out[off["end_triggered"]] = 1.0 if end["triggered"] else 0.0
        last = end["last_turn_seat"]
        if last is not None:
            out[off["last_turn_seat"] + (last - v) % n] = 1.0
        reason = obs["end_reason"]
        if reason:
            out[off["end_reason"] + _REASON[reason]] = 1.0
        out[off["set_scoring"]] = 1.0 if obs["set_scoring"] else 0.0
        if "virtual_scientist" in obs:
            out[off["solo"]] = 1.0
        self._transformers(obs["transformers"], out, off, Q, D)
        self._labs(obs["labs"], v, out)
        self._pending(obs, v, out, off)
        outcome = obs.get("outcome")
        if outcome is not None:
            scores, ranking = off["outcome_scores"], off["outcome_ranking"]
            winners = off["outcome_winners"]
            for q, x in enumerate(outcome["scores"]):
                out[scores + (q - v) % n] = x
            for q, x in enumerate(outcome["ranking"]):
                out[ranking + (q - v) % n] = x
            for q in outcome["winners"]:
                out[winners + (q - v) % n] = 1.0
        return out

    def _transformers(self, trs: list[dict[str, Any]], out: list[float], off: dict[str, int],
                      Q: int, D: int) -> None:
        size, face_up, unseen_tiers = off["stack_size"], off["face_up"], off["unseen_tiers"]
        stack_at, unseen_at = self._o_stack, self._o_unseen
        for t, tr in enumerate(trs):
            out[size + t] = tr["stack_size"]
            top = tr["face_up"]
            if top is not None:
                out[face_up + t * Q + top["id"]] = 1.0
            for i, p in enumerate(tr["stack"]):
                if p is None:
                    out[unseen_at + t * D + i] = 1.0
                else:
                    out[stack_at + (t * D + i) * Q + p["id"]] = 1.0
            tiers = tr["unseen_tiers"]
            if tiers is not None:
                at = unseen_tiers + 3 * t
                for name, k in tiers.items():
                    out[at + _TIER[name]] = k

    def _labs(self, labs: list[dict[str, Any]], v: int, out: list[float]) -> None:
        kind = self._kind
        hand_at = self._o["hand"]
        for lab, at in zip(labs, self._lab_at[v], strict=True):
            (virtual, where, tools, tool_order, kinds, sealed, sealed_order, lost, lost_order,
             score, used, best, sets, hand_size, area, play_order, known) = at
            if lab["virtual"]:
                out[virtual] = 1.0
            out[where + lab["transformer"] - 1] = 1.0
            for i, c in enumerate(lab["tools"], 1):
                x = c["id"]
                out[tools + x] = 1.0
                out[tool_order + x] = i
                out[kinds + kind[c["tool"]]] += 1.0
            for i, p in enumerate(lab["sealed"], 1):
                x = p["id"]
                out[sealed + x] = 1.0
                out[sealed_order + x] = i
            for i, p in enumerate(lab["lost"], 1):
                x = p["id"]
                out[lost + x] = 1.0
                out[lost_order + x] = i
            out[score] = lab["score"]
            out[used] = lab["tools_used"]
            for st in lab["best_sets"]:
                out[best + (st["kind"] != "omni")] += 1.0
            if "sets" in lab:
                for i, ps in enumerate(lab["sets"], 1):
                    for x in ps:
                        out[sets + x] = i
            if "hand_size" not in lab:  # the virtual scientist holds no cards
                continue
            out[hand_size] = lab["hand_size"]
            for i, c in enumerate(lab["play_area"], 1):
                x = c["id"]
                out[area + x] = 1.0
                out[play_order + x] = i
            if "hand" in lab:
                for c in lab["hand"]:
                    out[hand_at + c["id"]] = 1.0
            else:
                for c in lab["known_hand"]:
                    out[known + c["id"]] = 1.0

    def _pending(self, obs: dict[str, Any], v: int, out: list[float], off: dict[str, int]) -> None:
        seal = obs.get("seal")
        if seal is not None:
            out[off["seal_portal"] + seal["portal"]["id"]] = 1.0
            at = off["seal_needed"]
            for k, x in seal["still_needed"].items():
                out[at + self._kind[k]] = x
        reorder = obs.get("reorder")
        if reorder is not None:
            out[off["reorder_transformer"] + reorder["transformer"] - 1] = 1.0
            out[off["reorder_placed"]] = reorder["placed"]
            at = off["reorder_new_order"]
            for i, p in enumerate(reorder.get("new_order", ()), 1):
                out[at + p["id"]] = i
        keep = obs.get("keep_two")
        if keep is not None:
            out[off["keep_two_kept"]] = keep["kept"]
            at = off["keep_two_cards"]
            for i, c in enumerate(keep.get("cards", ()), 1):
                out[at + c] = i
        keep = obs.get("keep_tool")
        if keep is not None:
            out[off["keep_tool_left"]] = keep["uses_left"]
            at = off["keep_tool_played"]
            for i, c in enumerate(keep["played"], 1):
                out[at + c] = i
        sets = obs.get("form_sets")
        if sets is not None:
            out[off["form_sets_seat"] + (sets["seat"] - v) % self.n] = 1.0
            at = off["form_sets_forming"]
            for i, p in enumerate(sets["forming"], 1):
                out[at + p] = i
