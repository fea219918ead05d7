"""Observations, action labels and JSON save/load for PARADOX states."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoverse.core.fast import fields_to_json, state_from_fields
from ludoverse.core.words import seats
from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G

if TYPE_CHECKING:
    from ludoverse.games.paradox.state import MatCard, ParadoxState

def disc_json(d: int) -> dict[str, str] | None:
    if d < 0:
        return None
    if d == G.PURPLE:
        return {"colour": "purple", "symbol": ""}
    return {"colour": G.COLOURS[d // 3], "symbol": G.SYMBOLS[d % 3]}


def card_json(s: ParadoxState, card: int) -> dict[str, Any] | None:
    if card < 0:
        return None
    d: dict[str, Any] = {"id": card, "name": s.card_name(card), "kind": K.kind(card)}
    if K.is_timeline(card):
        d["cost"] = {G.COLOURS[c]: n for c, n in enumerate(s.content.timeline_costs[card]) if n}
        d["asset"] = s.content.asset_names[s.content.timeline_assets[card]]
    elif K.is_nexus(card):
        cell = s.content.nexus_cells[K.world_of(card)]
        d["lock"] = [cell // G.SIZE, cell % G.SIZE]
    elif K.is_flare(card):
        d["colours"] = list(s.content.flares[card - K.FLARE].colours)
    elif K.is_parallel(card):
        d["cost"] = {"black or white": 3}
    return d


def mat_card_json(s: ParadoxState, mc: MatCard) -> dict[str, Any]:
    """A mat card as it lies: ``placed`` counts resources by colour; ``placed_discs`` and
    ``alliance_tokens`` say which discs (with their symbols) and which Alliance tokens make
    up that count, and a Flare's ``markers`` are the discs on it (all face up)."""
    d = card_json(s, mc.card) or {}
    d["space"] = K.SPACES[mc.space]
    d["placed"] = {G.COLOURS[c]: n for c, n in enumerate(mc.placed()) if n}
    d["placed_discs"] = [disc_json(x) for x in mc.discs] if mc.discs else []
    d["alliance_tokens"] = [G.COLOURS[c] for c in mc.allies] if mc.allies else []
    if K.is_flare(mc.card):
        d["step"] = mc.step
        d["markers"] = [disc_json(x) for x in mc.marks]
    return d


_TYPE_NAMES = tuple(f"{G.COLOURS[t // 3]} {G.SYMBOLS[t % 3]}" for t in range(G.DISC_TYPES))
_NO_DISCS = dict.fromkeys(_TYPE_NAMES, 0)


def by_type(discs: list[int]) -> dict[str, int]:
    """Discs counted by colour and symbol, every type named (as the bag is shown)."""
    if not discs:
        return _NO_DISCS.copy()
    counts = [0] * (G.DISC_TYPES + 1)
    for d in discs:
        counts[d] += 1
    return dict(zip(_TYPE_NAMES, counts, strict=False))


def resource_json(r: int) -> dict[str, str] | None:
    """A resource being allocated: a disc, or an Alliance token used as one."""
    return disc_json(r) if r < 100 else {"alliance": G.COLOURS[r - 100]}


_SHAPE_SPACES = tuple(tuple(divmod(c, G.SIZE) for c in sh.cells) for sh in G.SHAPES)
"""The Matrix spaces (row, column) of each Strand shape."""


def observation(s: ParadoxState, seat: int | None) -> dict[str, Any]:
    """Everything on the table, the Research Hand to the Chief Scientist only, each Secret
    Objective and face-down score pile to its owner only (PX-KNOW-2, PX-KNOW-3, PX-KNOW-10)."""
    from ludoverse.games.paradox.matrix import shapes_in_play

    goals = s.content.research_goals
    bag = [0] * (G.DISC_TYPES + 1)
    for d in s.bag:
        bag[d] += 1
    obs: dict[str, Any] = {
        "game": "paradox",
        "players": s.n,
        "seat": seat,
        "turn": s.turn,
        "chief_scientist": s.cs,
        "phase": ("wormhole", "matrix", "allocate", "flare", "end_discard", "over")[s.phase],
        "current_player": s.current_player,
        "quake": s.quake if not s.opts.take_your_child_to_work else None,
        "ring": [None if w < 0 else {"world": w, "name": s.world_name(w),
                                     "fractured": s.fractured[w],
                                     "shield": s.world_shield[w] if s.world_shield[w] >= 0
                                     else None}
                 for w in s.world_at],
        "stable": [card_json(s, c) for c in s.stable],
        "unstable": [card_json(s, c) for c in s.unstable],
        "deck": len(s.deck),
        "known_deck_top": [card_json(s, c) for c, k in zip(s.deck, s.deck_knower, strict=True)
                           if seat is not None and seat >= 0 and k == seat][::-1],
        "discard": [card_json(s, c) for c in s.discard],
        "research_hand": ([card_json(s, c) for c in s.hand] if seat == s.cs
                          else len(s.hand)),
        "anomaly": [disc_json(d) for d in s.anomaly],
        "nebulas": len(s.nebulas),
        "anomaly_blocked": bool(s.nebulas) and s.opts.nebula_effect == "block_anomaly",
        "bag": {"discs": len(s.bag), "purple": bag[G.PURPLE],
                "by_type": dict(zip(_TYPE_NAMES, bag, strict=False))},
        "trigger_discs_aside": s.purple_aside,
        "matrix_level": s.level,
        "strand_shapes": sorted({sh.kind for sh in shapes_in_play(s)}),
        "research_goals": [{"slot": i + 1, "id": goals[g].id, "name": goals[g].name,
                            "kind": goals[g].kind, "text": goals[g].text}
                           for i, g in enumerate(s.goals)],
        "secret_objective": ({"id": goals[s.secret[seat]].id, "name": goals[s.secret[seat]].name,
                              "text": goals[s.secret[seat]].text}
                             if seat is not None and 0 <= seat < s.n and s.secret[seat] >= 0
                             else None),
        "alliances": [{"colour": G.COLOURS[c], "holder": s.ally_holder[c],
                       "on_card": s.ally_on_card[c],
                       "taken_this_turn": s.ally_holder[c] >= 0 and s.ally_since[c] >= s.turn}
                      for c in range(5)] if s.opts.alliances
        else None,
        "maelstrom": None if s.maelstrom < 0 else {
            "cost": {G.COLOURS[c]: n for c, n in
                     enumerate(s.content.maelstroms[s.maelstrom].cost.counts()) if n},
            "card": card_json(s, s.maelstrom_card),
            "paid": [[disc_json(d) if d < 100 else {"alliance": G.COLOURS[d - 100]}
                      for d in r] for r in s.maelstrom_res]},
        "shields_free": s.shields_free(),
        "players_view": [_player(s, p, seat) for p in range(s.n)],
        "actions_left": s.actions_left if s.phase in (1, 2, 3) else None,
        "pending_resources": [G.COLOURS[r // 3] if r < 100 else f"{G.COLOURS[r - 100]} Alliance"
                              for r in s.pending],
        "waiting_strands": ([{"shape": sh.index, "name": sh.name, "colour": G.COLOURS[c],
                              "spaces": [[r, col] for r, col in _SHAPE_SPACES[sh.index]]}
                             for sh, c in G.strands(s.matrices[s.mover], shapes_in_play(s))]
                            if s.mover >= 0 and s.phase in (1, 2, 3) else []),
        "flare_benefits_owed": len(s.flare_queue),
        "locked_board": s.locked_offer,
        # Added for learning agents (docs/decisions/paradox-observation-for-learning.md): facts
        # on the table, or of this turn, that the keys above leave out.
        "pending_resource_discs": [resource_json(r) for r in s.pending],
        "quake_steps_due": s.quake_due,
        "research_hand_drawn": s.hand_drawn,
        "chief_scientist_wormhole_picks": s.cs_taken,
        "matrix_level_stack": list(s.level_stack),
        "maelstrom_cards_left": len(s.maelstrom_deck),
        "flare_queue": list(s.flare_queue),
        "fracture_discards": [{"seat": q // 16, "world": q % 16} for q in s.fracture_queue],
    }
    if s.final:
        obs["final"] = [dict(f, goals=list(f["goals"])) for f in s.final]
        out = s.outcome()
        if out is not None:
            obs["outcome"] = out.to_json()
    return obs


def _player(s: ParadoxState, p: int, seat: int | None) -> dict[str, Any]:
    """One player's area; a face-down score pile shows others only its size (PX-KNOW-10)."""
    from ludoverse.games.paradox.knowledge import pile_shown

    shown = pile_shown(s, p, seat)
    return {
        "seat": p,
        "matrix": [[disc_json(s.matrices[p][r * G.SIZE + c]) for c in range(G.SIZE)]
                   for r in range(G.SIZE)],
        "shields": [{"space": [r // G.SIZE, r % G.SIZE], "card": s.locks[p][r],
                     "name": s.card_name(s.locks[p][r])}
                    for r in range(G.CELLS) if s.locks[p][r] >= 0],
        "mat": [mat_card_json(s, mc) for mc in s.mats[p]],
        "score_pile": [card_json(s, c) for c in s.score[p]] if shown else [],
        "score_pile_size": len(s.score[p]),
        "score_pile_face_down": not shown,
        "mat_discard": len(s.mat_discard[p]),
        "mat_discard_by_type": by_type(s.mat_discard[p]),
        "flares_scored_this_turn": sorted(c for c in s.score[p] if K.is_flare(c)
                                          and s.flare_turn.get(c, s.turn) >= s.turn)
        if shown else [],
    }


def label(s: ParadoxState, a: int, seat: int | None) -> str:
    """The text of move ``a`` for the viewer ``seat`` (PX-KNOW-8): only the Chief Scientist
    reads the Research Hand card a hand move takes; every other move names only what lies
    face up (the Wormhole, mats, Matrices, Worlds) or, at the end, the revealed score piles.
    What belongs to the mover is "your" for the mover and "Seat N's" for anyone else."""
    from ludoverse.games.paradox.state import DRAFT

    kind, p = A.split(a)
    if kind == "draft":
        section = s.stable if p < 4 else s.unstable
        card = section[p % 4]
        return f"Take {s.card_name(card) if card >= 0 else 'nothing'} ({A.slot_name(p)})"
    if kind == "take_from_hand":  # only the Chief Scientist, at their pick, sees the hand
        if seat == s.cs and s.phase == DRAFT and s.picker == s.cs and p < len(s.hand):
            return f"Take {s.card_name(s.hand[p])} from the Research Hand"
        return f"Take Research Hand card {p + 1}"
    if kind == "draw_research_hand":
        return "Draw a Research Hand"
    if kind == "take_nothing":
        return "Take no (more) cards"
    if kind == "swap":
        i, j = A.PAIRS[p]
        return f"Swap {A.space_name(i)} and {A.space_name(j)}"
    if kind == "swap_with_anomaly":
        return f"Swap {A.space_name(p)} with the Anomaly"
    if kind == "resolve_strand":
        return f"Resolve the waiting {G.SHAPES[p].name}"
    if kind == "end_matrix_phase":
        return f"End {seats(s.current_player, seat)} Matrix phase"
    if kind == "rebuild_matrix":
        return f"Rebuild {seats(s.current_player, seat)} locked Matrix"
    if kind == "breakthrough_extra_action":
        return "Breakthrough: one extra action"
    if kind == "breakthrough_wipe":
        return f"Breakthrough: discard and refill {A.line_name(p)}"
    if kind == "spend_flare":
        return "Spend a scored Flare for one extra action"
    if kind == "use_alliance":
        return f"Use {seats(s.current_player, seat)} {G.COLOURS[p]} Alliance as a resource"
    colour = ""
    if s.pending:
        r = s.pending[0]
        colour = G.COLOURS[r // 3] if r < 100 else f"{G.COLOURS[r - 100]} Alliance"
    if kind == "allocate_to_card":
        return f"Put {colour} on {s.card_name(p)}".replace("  ", " ")
    if kind == "allocate_to_world":
        verb = "Stabilise" if s.fractured[p] else "Shield"
        return f"{verb} {s.world_name(p)} with {colour}".replace("  ", " ")
    if kind == "allocate_to_alliance":
        return f"Spend {colour} on the {colour} Alliance"
    if kind == "allocate_to_maelstrom":
        return f"Pay {colour} towards the Maelstrom"
    if kind == "let_resource_go":
        return f"Let the {colour} resource go"
    if kind == "flare_discard_disc":
        return f"Flare: discard the disc at {A.space_name(p)} and refill"
    if kind == "flare_discard_line":
        return f"Flare: discard and refill {A.line_name(p)}"
    if kind == "flare_decline":
        return "Flare: skip this benefit"
    return f"Discard {s.card_name(p)} (Fractured World)"


# Save and load ------------------------------------------------------------------------------------

_PLAIN = ("n", "turn", "cs", "phase", "picker", "cs_taken", "hand_drawn", "hand", "deck",
          "deck_knower", "discard", "gone", "stable", "unstable", "bag", "purple_aside",
          "trigger_due", "anomaly", "nebulas", "matrices", "locks", "mat_discard", "score",
          "world_at", "fractured", "world_shield", "quake", "goals", "secret", "ally_holder",
          "ally_since", "ally_on_card", "mover", "actions_left", "matrix_queue", "locked_offer",
          "pending", "quake_due", "flare_queue", "level", "level_stack", "maelstrom_deck",
          "maelstrom", "maelstrom_card", "maelstrom_res", "fracture_queue", "final")


def state_to_json(s: ParadoxState) -> dict[str, Any]:
    d = fields_to_json(s, _PLAIN)
    d["mats"] = [[[mc.card, mc.space, list(mc.discs), list(mc.allies), mc.step, list(mc.marks)]
                  for mc in m]
                 for m in s.mats]
    d["flare_turn"] = [[c, t] for c, t in sorted(s.flare_turn.items())]
    return d


def state_from_json(game: Any, d: dict[str, Any]) -> ParadoxState:
    from ludoverse.games.paradox.state import MatCard, ParadoxState

    s, d = state_from_fields(ParadoxState, game, d, _PLAIN)
    mats = []
    for m in d["mats"]:
        row = []
        for card, space, discs, allies, step, marks in m:
            mc = MatCard(card, space)
            mc.discs, mc.allies, mc.step, mc.marks = list(discs), list(allies), step, list(marks)
            row.append(mc)
        mats.append(row)
    s.mats = mats
    s.flare_turn = {c: t for c, t in d["flare_turn"]}
    return s
