"""Observations, action labels and JSON save/load for Multiuniversum states (MU-KNOW)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoverse.core.content import per_content
from ludoverse.core.fast import fields_to_json, state_from_fields
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.content import (
    ABILITIES,
    CARD_ACTIONS,
    TIERS,
    MultiuniversumContent,
    tables,
)
from ludoverse.games.multiuniversum.knowledge import knows

if TYPE_CHECKING:
    from ludoverse.games.multiuniversum.state import MultiuniversumState as S

ACTION_NAMES = {"search": "Search", "ability": "Transformer ability", "move": "Move",
                "seal": "Seal Portal", "recycle": "Recycle"}
END_REASONS = {"end": "enough stacks are empty", "no_cards": "nobody can take an action",
               "round_limit": "the round limit is reached"}
"""Why play stopped (``end_reason``), as the log says it (MU-END-1, MU-END-6, MU-END-7)."""
ABILITY_TEXT = {
    "reorder_stack": "rearrange one portal stack in secret",
    "draw_three_keep_two": "draw 3 cards, then keep only 2 of your whole hand",
    "swap_portals": "swap two face-up portals",
    "rotate_stacks": "send every face-up portal to the bottom of its stack",
    "keep_played_as_tool": "keep one card you played this turn as a tool",
}


@per_content
def _catalogue(content: MultiuniversumContent) -> tuple[tuple[dict[str, Any], ...],
                                                        tuple[dict[str, Any], ...]]:
    kinds = {k.id: k for k in content.tool_kinds}
    cards = tuple({"id": i, "name": c.id, "tool": c.tool, "tool_name": kinds[c.tool].name,
                   "rows": list(c.rows)} for i, c in enumerate(content.cards))
    portals = tuple({"id": i, "name": p.name, "tier": p.tier, "dp": p.dp, "icon": p.icon,
                     "tools": list(p.tools), "tool_names": [kinds[k].name for k in p.tools]}
                    for i, p in enumerate(content.portals))
    return cards, portals


def card_json(s: S, card: int) -> dict[str, Any]:
    d = dict(_catalogue(s.content)[0][card])
    d["rows"] = list(d["rows"])
    return d


def portal_json(s: S, portal: int) -> dict[str, Any]:
    d = dict(_catalogue(s.content)[1][portal])
    d["tools"] = list(d["tools"])
    d["tool_names"] = list(d["tool_names"])
    return d


def _card_names(s: S, cards: list[int]) -> list[str]:
    """Names next to bare card ids, so a reader needs no catalogue (issue 24)."""
    names = s.T.card_names
    return [names[c] for c in cards]


def _portal_names(s: S, portals: list[int]) -> list[str]:
    names = s.T.portal_names
    return [names[q] for q in portals]


def observation(s: S, seat: int | None) -> dict[str, Any]:
    """Everything on the table; a hand only to its owner, and face-down portals only to
    whoever knows them (MU-KNOW-1 to MU-KNOW-5)."""
    from ludoverse.games.multiuniversum.scoring import best_sets, score, tools_used
    from ludoverse.games.multiuniversum.turn import end_threshold

    me = seat if seat is not None and 0 <= seat < s.n else None
    ph = s.phase
    obs: dict[str, Any] = {
        "game": "multiuniversum",
        "players": s.n,
        "seat": seat,
        "turn": s.turn + 1,
        "round": s.turn // s.n + 1,
        "phase": P.PHASES[ph],
        "current_player": s.current_player,
        "active": s.active,
        "first_player": s.first,
        "actions_left": max(0, 3 - s.actions) if ph not in (P.SETS, P.OVER) else 0,
        "transformers": [_transformer(s, t, me) for t in range(A.TRANSFORMERS)],
        "deck": len(s.deck),
        "discard": [card_json(s, c) for c in sorted(s.discard)],
        "removed_portals": len(s.removed),
        "end": {"empty_stacks": s.empty_stacks(), "threshold": end_threshold(s),
                "triggered": s.end_turn >= 0,
                "last_turn_seat": s.end_after if s.end_after >= 0 else None},
        # why play stopped, once it has: seen by all (MU-END-1, MU-END-6, MU-END-7)
        "end_reason": s.end_reason or None,
        "end_reason_text": END_REASONS[s.end_reason] if s.end_reason else None,
        "set_scoring": s.opts.set_scoring,
        # MU-ABILITY-5, MU-ABILITY-6: uses of ability 5 this turn, seen by all when played
        "tools_to_keep": s.keep5 if ph not in (P.SETS, P.OVER) else 0,
        "deck_pool": _deck_pool(s, me),
        "labs": [],
    }
    icon = s.T.icon
    for q in range(s.labs):
        virtual = q >= s.n
        lab: dict[str, Any] = {
            "seat": None if virtual else q,
            "virtual": virtual,
            "colour": _colour(s, q),
            "transformer": s.pos[q] + 1,
            "tools": [card_json(s, c) for c in s.tools[q]],
            "sealed": [portal_json(s, p) for p in s.sealed[q]],
            "lost": [portal_json(s, p) for p in s.lost[q]],
            "score": score(s, q),
            "tools_used": tools_used(s, q),
            "best_sets": ([{"kind": k, "portals": ps, "names": _portal_names(s, ps)}
                           for k, ps in best_sets(s.sealed[q], icon)]
                          if s.opts.set_scoring else []),
        }
        if not virtual:
            hand = s.hands[q]
            lab["hand_size"] = len(hand)
            lab["play_area"] = [card_json(s, c) for c in s.area[q]]
            if q == me:
                lab["hand"] = [card_json(s, c) for c in sorted(hand)]
            else:
                lab["known_hand"] = [card_json(s, c) for c in sorted(hand) if s.revealed[c]]
            if s.opts.set_assignment == "player_choice":
                from ludoverse.games.multiuniversum.scoring import portals_of

                lab["sets"] = [portals_of(m) for m in s.sets[q]]
                lab["set_names"] = [_portal_names(s, ps) for ps in lab["sets"]]
        obs["labs"].append(lab)
    if s.n == 1:
        obs["virtual_scientist"] = 1
    _pending(s, obs, me)
    if ph == P.OVER:
        out = s.outcome()
        if out is not None:
            obs["outcome"] = out.to_json()
    return obs


def _transformer(s: S, t: int, me: int | None) -> dict[str, Any]:
    tr = sorted(s.content.transformers, key=lambda x: x.number)[t]
    stack = s.stacks[t]
    d: dict[str, Any] = {
        "number": t + 1,
        "colour": tr.colour,
        "name": tr.name,
        "ability": tr.ability,
        "ability_text": ABILITY_TEXT[tr.ability],
        "stack_size": len(stack),
        "face_up": portal_json(s, stack[-1]) if stack else None,
        "deactivated": not stack,
        "scientists": [q for q in range(s.labs) if s.pos[q] == t],
    }
    # top first; None where the viewer does not know the portal (MU-KNOW-3, MU-KNOW-4)
    d["stack"] = [portal_json(s, q) if (knows(s, me, q) if me is not None
                                       else s.pknow[q] == P.PUBLIC) else None
                  for q in reversed(stack)]
    d["unseen_tiers"] = _unseen_tiers(s, t, [q for q, seen in zip(reversed(stack), d["stack"],
                                                                  strict=True) if seen is None])
    return d


def _pending(s: S, obs: dict[str, Any], me: int | None) -> None:
    ph = s.phase
    if ph == P.SEAL:
        kinds = s.content.tool_kinds
        obs["seal"] = {"portal": portal_json(s, s.seal_portal),
                       "still_needed": {kinds[k].id: n for k, n in enumerate(s.need) if n},
                       "still_needed_names": {kinds[k].name: n
                                              for k, n in enumerate(s.need) if n}}
    elif ph == P.PLACE:
        d: dict[str, Any] = {"transformer": s.a1_stack + 1, "placed": len(s.order)}
        if me == s.active or _open_stacks(s):  # MU-KNOW-4, MU-KNOW-5
            d["portals"] = [portal_json(s, q) for q in s.stacks[s.a1_stack][::-1]]
            d["new_order"] = [portal_json(s, q) for q in s.order]
        obs["reorder"] = d
    elif ph == P.KEEP:
        obs["keep_two"] = {"kept": len(s.kept)}
        if me == s.active:
            obs["keep_two"]["cards"] = list(s.kept)
    elif ph == P.KEEP_TOOL:
        obs["keep_tool"] = {"uses_left": s.keep5, "played": list(s.played),
                            "played_names": _card_names(s, s.played)}
    elif ph == P.SETS:
        obs["form_sets"] = {"seat": s.set_seat, "forming": list(s.forming),
                            "forming_names": _portal_names(s, s.forming)}


def _unseen_tiers(s: S, t: int, unseen: list[int]) -> dict[str, int] | None:
    """MU-KNOW-3, MU-KNOW-6: with tiered stacks every change to a stack is public, so whoever
    watched knows the tiers its ``unseen`` places hold, though not which place holds which.
    The Short Game's portal removed from this stack counts as one of its places (nobody knows
    whether it or one still in the stack has a given tier). ``None`` with ``random_4``."""
    if s.opts.stack_composition != "tiered":
        return None
    tier = s.T.tier
    counts = [0, 0, 0]
    for q in unseen:
        counts[tier[q]] += 1
    for q, st in zip(s.removed, s.removed_from, strict=True):
        if st == t:
            counts[tier[q]] += 1
    return dict(zip(TIERS, counts, strict=True))


def _deck_pool(s: S, me: int | None) -> list[int]:
    """MU-KNOW-2, MU-KNOW-6: every deck is built from the public discard pile, so everyone knows
    which cards it got; the cards of the deck together with those the other players drew from
    it and still hold unseen are known as one pool (sorted ids: their order is unknown). The
    other players' unseen cards outside it were drawn from earlier decks."""
    gen, drawn, revealed = s.gen, s.drawn_gen, s.revealed
    pool = list(s.deck)
    for q in range(s.n):
        if q != me:
            pool += [c for c in s.hands[q] if not revealed[c] and drawn[c] == gen]
    pool.sort()
    return pool


# Labels -------------------------------------------------------------------------------------


def _open_stacks(s: S) -> bool:
    """MU-KNOW-5: with every portal face up, ability 1's new order is seen as it is laid."""
    return s.opts.portal_visibility == "all_face_up"


def label(s: S, a: int, seat: int | None) -> str:
    """The text of ``a`` for the viewer ``seat``. Every card a move names is seen by all once
    it is played (a card played, prepared, discarded or recycled lies face up), except ability
    1's secret order and ability 2's choice of cards to keep, which the others read without
    the card (MU-KNOW-1, MU-KNOW-4)."""
    kind, i = A.split(a)
    T = s.T
    mine = seat is not None and seat == s.current_player
    if kind == "play":
        where = s.pos[s.active]
        action = CARD_ACTIONS[T.rows[i][where]]
        text = ACTION_NAMES[action]
        if action == "ability":
            text += f": {ABILITY_TEXT[ABILITIES[T.ability[where]]]}"
        return f"Play {T.card_names[i]}: {text}"
    if kind == "prepare_tool":
        return f"Prepare {T.card_names[i]} as a tool ({T.kind_names[T.tool[i]]})"
    if kind == "discard_draw":
        return f"Discard {T.card_names[i]} and draw a card"
    if kind == "pass":
        return "Pass (end the turn)" if s.actions < 3 else "End the turn"
    if kind == "free_recycle":
        return "Recycle a card from the discard pile (no card played)"
    if kind == "move":
        return f"Move to transformer {i + 1} ({_colour(s, i)})"
    if kind == "recycle":
        return f"Take {T.card_names[i]} from the discard pile"
    if kind == "spend_tool":
        return f"Pay with the tool {T.card_names[i]} ({T.kind_names[T.tool[i]]})"
    if kind == "stack":
        return f"Rearrange the stack of transformer {i + 1} ({len(s.stacks[i])} portals)"
    if kind == "place_portal":
        if mine or _open_stacks(s):
            return f"Put {T.portal_names[i]} next, from the top"
        return "Put a portal next, from the top"
    if kind == "keep_card":
        return f"Keep {T.card_names[i]}" if mine else "Keep a card"
    if kind == "swap":
        x, y = A.PAIRS[i]
        names = [T.portal_names[s.stacks[t][-1]] if s.stacks[t] else "nothing" for t in (x, y)]
        return (f"Swap the portals of transformers {x + 1} and {y + 1} "
                f"({names[0]} <-> {names[1]})")
    if kind == "keep_tool":
        return f"Keep {T.card_names[i]} as a tool"
    if kind == "set_add":
        return f"Add {T.portal_names[i]} ({T.icons[T.icon[i]]}) to the set"
    if kind == "set_close":
        from ludoverse.games.multiuniversum.scoring import set_value

        return f"Score this set (+{set_value([T.icon[p] for p in s.forming])} DP)"
    return "Form no more sets"


def _colour(s: S, t: int) -> str:
    return sorted(s.content.transformers, key=lambda x: x.number)[t].colour


# Save and load ------------------------------------------------------------------------------


def state_to_json(s: S) -> dict[str, Any]:
    from ludoverse.games.multiuniversum.state import LIST_FIELDS, NESTED_FIELDS, SCALAR_FIELDS

    return fields_to_json(s, (*SCALAR_FIELDS, *LIST_FIELDS, *NESTED_FIELDS))


def state_from_json(game: Any, d: dict[str, Any]) -> S:
    from ludoverse.games.multiuniversum.state import (
        LIST_FIELDS,
        NESTED_FIELDS,
        SCALAR_FIELDS,
        MultiuniversumState,
    )

    s, _ = state_from_fields(MultiuniversumState, game, d,
                             (*SCALAR_FIELDS, *LIST_FIELDS, *NESTED_FIELDS))
    s.T = tables(s.content)
    return s
