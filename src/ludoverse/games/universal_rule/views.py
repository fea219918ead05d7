"""Observations, action labels and JSON save/load for Universal Rule states (UR-KNOW)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoverse.core.content import per_content
from ludoverse.core.fast import fields_to_json, state_from_fields
from ludoverse.core.words import seat_word
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule import planets as PL
from ludoverse.games.universal_rule.content import UniversalRuleContent
from ludoverse.games.universal_rule.knowledge import face_down

if TYPE_CHECKING:
    from ludoverse.games.universal_rule.state import UniversalRuleState

SIDES = ("basic", "upgraded")


@per_content
def _cards(content: UniversalRuleContent) -> tuple[dict[str, Any], ...]:
    out = []
    for i, p in enumerate(content.planets):
        d: dict[str, Any] = {"id": i, "key": p.id, "name": p.name, "provenance": p.provenance}
        for name in SIDES:
            side = getattr(p, name)
            d[name] = {"cost": side.cost, "income": side.income, "military": side.military,
                       "fleet": side.fleet, "vp": side.vp,
                       "ability": side.ability.name if side.ability else None,
                       "text": side.text}
        out.append(d)
    return tuple(out)


def card_json(s: UniversalRuleState, card: int) -> dict[str, Any]:
    """Both sides' stats of a planet card (a fresh dict: callers may add to it)."""
    d = dict(_cards(s.content)[card])
    d["basic"] = dict(d["basic"])
    d["upgraded"] = dict(d["upgraded"])
    d["fleet_from_hand"] = PL.card_fleet(s.R, s.opts, card)
    return d


def observation(s: UniversalRuleState, seat: int | None) -> dict[str, Any]:
    """Everything on the table; a hand, a given-up card, face-down cards and secret funds only
    to their owner (UR-KNOW-1 to UR-KNOW-5). A seat also sees which of its own cards the
    others know (``docs/decisions/universal_rule-observation-for-learning.md``)."""
    from ludoverse.games.universal_rule.attack import fleet_capacity
    from ludoverse.games.universal_rule.turn import max_follow_cost
    from ludoverse.games.universal_rule.winning import target, vp

    me = seat if seat is not None and 0 <= seat < s.n else None
    ph = s.phase
    obs: dict[str, Any] = {
        "game": "universal_rule",
        "players": s.n,
        "seat": seat,
        "turn": s.turn + 1,
        "round": s.turn // s.n + 1,
        "phase": P.PHASES[ph],
        "pending": _pending(s),
        "current_player": s.current_player,
        "active": s.active,
        "first_player": s.first,
        "action": A.ACTIONS[s.action] if s.action >= 0 and ph not in (P.KEEP, P.OVER) else None,
        "follow_cost": s.cost if s.cost and ph not in (P.CHOOSE, P.OVER) else None,
        "max_follow_cost": (max_follow_cost(s) if ph in (P.CHOOSE, P.COST) and not s.pending
                            else None),
        "target_vp": target(s),
        "universal_rule": s.holder if s.holder >= 0 else None,
        "universal_rule_vp": s.R.ur_vp,
        "deck": len(s.deck),
        "discard": [card_json(s, c) for c in s.discard],
        "removed": len(s.removed),
        "players_view": [_player(s, q, me, vp(s, q)) for q in range(s.n)],
    }
    if ph == P.KEEP:
        obs["setup"] = {"chosen": [s.gave_up[q] >= 0 for q in range(s.n)],
                        "gave_up": (card_json(s, s.gave_up[me])
                                    if me is not None and s.gave_up[me] >= 0 else None)}
    if P.TARGET <= ph <= P.FUNDS and s.atk_card >= 0:
        obs["battle"] = _battle(s, me, fleet_capacity)
    if ph == P.FREE_EXPLORE and s.atk_card >= 0:
        obs["battle_revealed"] = _revealed(s)
    if ph in (P.SNEAK, P.COUNTER):
        obs["sneak_attack"] = {"seat": s.active, "fleet": s.sneak_fleet,
                               "shown": [[card_json(s, c) for c in s.shown[q]]
                                         for q in range(s.n)]}
    if ph == P.OVER:
        out = s.outcome()
        if out is not None:
            obs["outcome"] = out.to_json()
    return obs


def _player(s: UniversalRuleState, q: int, me: int | None, points: int) -> dict[str, Any]:
    hand = s.hands[q]
    d: dict[str, Any] = {
        "seat": q,
        "credits": s.credits[q],
        "credit_limit": s.cap(q),
        "vp": points,
        "planets": [dict(card_json(s, c), side=SIDES[s.side[c]], counters=s.counters[c])
                    for c in s.planets[q]],
        "hand_size": len(hand),
        "hand_limit": PL.hand_limit(s, q),
        "holds_universal_rule": s.holder == q,
    }
    d["known_hand"] = ([] if face_down(s, q) else
                       [card_json(s, c) for c in sorted(hand) if s.revealed[c]])
    if q == me:
        d["hand"] = [card_json(s, c) for c in sorted(hand)]
    return d


def _pending(s: UniversalRuleState) -> dict[str, Any] | None:
    """The interrupting choice, and for a Thug the planet that sets it off: its amount per
    planet is what the victim will pay, and the table saw it arrive."""
    if not s.pending:
        return None
    kind, seat, card = s.pending[0]
    return {"decision": P.PENDING[kind], "seat": seat,
            "planet": card_json(s, card) if kind == P.THUG else None}


def _revealed(s: UniversalRuleState) -> dict[str, Any]:
    """A failed battle's free Explores: the revealed cards and credits still lie on the table
    (UR-BATTLE-5, UR-BATTLE-7), and the defence's supporters wait to draw."""
    return {"cards": [[card_json(s, c) for c in s.committed[q]] for q in range(s.n)],
            "sides": [("attack", "defence")[x] for x in s.sides],
            "credits": list(s.funds),
            "free_explores": list(s.queue)}


def _battle(s: UniversalRuleState, me: int | None, fleet_capacity: Any) -> dict[str, Any]:
    defender = s.owner[s.def_card] if s.def_card >= 0 else None
    b: dict[str, Any] = {
        "attacker": s.active,
        "defender": defender,
        "attacking_planet": dict(card_json(s, s.atk_card), side=SIDES[s.side[s.atk_card]],
                                 military=PL.battle_military(s, s.atk_card)),
        "defending_planet": (dict(card_json(s, s.def_card), side=SIDES[s.side[s.def_card]],
                                  military=PL.battle_military(s, s.def_card))
                             if s.def_card >= 0 else None),
        "cards_committed": [len(c) for c in s.committed],
        "funds_chosen": [s.funds[q] >= 0 for q in range(s.n)],
    }
    if me is not None:
        b["my_cards"] = [card_json(s, c) for c in s.committed[me]]
        b["my_credits"] = s.funds[me] if s.funds[me] >= 0 else None
        mine = s.sides[me]
        b["my_side"] = ("attack", "defence")[mine] if mine >= 0 else None
        if s.def_card >= 0:
            b["my_fleet_capacity"] = fleet_capacity(s, me)
    return b


# Labels -------------------------------------------------------------------------------------


def label(s: UniversalRuleState, a: int, seat: int | None) -> str:
    """The move as ``seat`` reads it: the seat to move in full; every other viewer only what
    the move shows once played (a given-up or face-down card, a secret side or amount)."""
    kind, i = A.split(a)
    if seat != s.current_player and kind in SECRET_LABELS:
        return SECRET_LABELS[kind]
    if kind == "choose_action":
        return A.ACTIONS[i].capitalize()
    if kind == "follow_cost":
        return f"Set the follow cost to {i + 1}"
    if kind == "pass":
        return _pass_label(s)
    if kind == "follow":
        return f"Follow: {A.ACTIONS[s.action]} (pay {s.cost})" if s.action >= 0 else "Follow"
    if kind == "colonize":
        card, side = divmod(i, 2)
        return f"Colonize {s.name(card)} ({SIDES[side]} side)"
    if kind == "upgrade":
        return f"Upgrade {s.name(i)}"
    if kind == "attacking_planet":
        return f"Attack with {s.name(i)}"
    if kind == "defending_planet":
        return f"Attack {s.name(i)} ({_owner(s.owner[i], seat)})"
    if kind == "instigate":
        return f"Instigate: redirect the attack to {s.name(i)} ({_owner(s.owner[i], seat)})"
    if kind == "commit_card":
        return f"Commit {s.name(i)} face down"
    if kind == "support_side":
        return ("Support the attack", "Support the defence")[i]
    if kind == "commit_credits":
        return f"Commit {i} credit{'s' if i != 1 else ''}"
    if kind == "thug_target":
        return f"Collect from {seat_word(i, seat)}"
    if kind == "discard":
        return f"Discard {s.name(i)}"
    if kind == "give_up":
        return f"Give up {s.name(i)} (keep the other two)"
    return f"Reveal {s.name(i)}"


def _owner(owner: int, viewer: int | None) -> str:
    """Whose planet a target is, for the label's reader: "yours" or "Seat 3"."""
    return "yours" if owner == viewer else seat_word(owner, viewer)


SECRET_LABELS = {
    "give_up": "Give up a card (keep the other two)",
    "commit_card": "Commit a card face down",
    "support_side": "Choose a side in secret",
    "commit_credits": "Commit credits in secret",
}
"""What the other viewers read of a secret move (UR-KNOW-2, UR-KNOW-3): it shows them only
that a choice was made, until the set-up ends or the battle is revealed."""


def why_illegal(s: UniversalRuleState, a: int) -> str | None:
    """A reason for the seat to move, in terms of its own hand and credits, for the refusals
    that depend on them (None: the generic reason will do)."""
    from ludoverse.games.universal_rule.winning import why_no_sneak

    if s.pending or s.phase == P.OVER:
        return None
    reason = why_no_sneak(s, a)
    if reason:
        return reason
    try:
        kind, i = A.split(a)
    except ValueError:
        return None
    q = s.current_player
    if kind == "choose_action" and i == A.COLONIZE and s.phase == P.CHOOSE:
        if not s.hands[q]:
            return "you cannot colonize: your hand is empty"
        exclusive = (" (your Exclusive planet also forbids a second planet of the same cost)"
                     if PL.has_kind(s, q, PL.EXCLUSIVE_COST) else "")
        return (f"you cannot colonize: no card in your hand can be put into play with your "
                f"{s.credits[q]} credits{exclusive}")
    colonizing = s.action == A.COLONIZE and s.phase in (P.ACT, P.FOLLOW)
    if kind != "colonize" or not colonizing:
        return None
    card, side = divmod(i, 2)
    what = f"{s.name(card)} ({SIDES[side]} side)"
    if card not in s.hands[q]:
        return f"you cannot colonize {what}: it is not in your hand"
    follow = s.cost if s.phase == P.FOLLOW else 0
    price = PL.colonize_cost(s, q, card, side)
    if price + follow > s.credits[q]:
        extra = f" on top of the follow cost of {follow}" if follow else ""
        return (f"you cannot colonize {what}: it costs {price}{extra} and you have "
                f"{s.credits[q]} credits")
    return (f"you cannot colonize {what}: your Exclusive planet forbids a second planet "
            "of that cost")


def _pass_label(s: UniversalRuleState) -> str:
    ph = s.phase
    if ph == P.FOLLOW:
        return "Do not follow (+1 credit)"
    if ph == P.INSTIGATE:
        return "Let the attack stand"
    if ph == P.COMMIT:
        return "Commit no more cards"
    if ph == P.SNEAK:
        return "Stop revealing" if s.shown[s.active] else "No Sneak Attack"
    if ph == P.COUNTER:
        return "Reveal no more"
    return "Pass"


# Save and load ------------------------------------------------------------------------------


def state_to_json(s: UniversalRuleState) -> dict[str, Any]:
    from ludoverse.games.universal_rule.state import LIST_FIELDS, NESTED_FIELDS, SCALAR_FIELDS

    return fields_to_json(s, (*SCALAR_FIELDS, *LIST_FIELDS, *NESTED_FIELDS))


def state_from_json(game: Any, d: dict[str, Any]) -> UniversalRuleState:
    from ludoverse.games.universal_rule.state import (
        LIST_FIELDS,
        NESTED_FIELDS,
        SCALAR_FIELDS,
        UniversalRuleState,
    )

    s, _ = state_from_fields(UniversalRuleState, game, d,
                             (*SCALAR_FIELDS, *LIST_FIELDS, *NESTED_FIELDS))
    s.R = PL.rules(s.content)
    return s
