"""Observations, action labels, prompts and JSON save/load for ULTRAMASSIVE states."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, get_args

from ludoverse.core.content import per_content
from ludoverse.core.fast import fields_to_json, state_from_fields
from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive.actions_phase import card_limit
from ludoverse.games.ultramassive.content import DRAFT_SPACES, Stat, UltramassiveContent

if TYPE_CHECKING:
    from ludoverse.games.ultramassive.state import UltramassiveState

ANOMALY_COPIES = 4
"""Copies of each Siphon, Matter and Orbit Anomaly in the shared supply (UM-SETUP-4)."""
COUNTERS = (*get_args(Stat), *(f"absorbed:{t}" for t in B.TOKEN_IDS))
"""The per-round and per-game counters the solo Challenges are checked against (UM-SOLO-7)."""
_NO_COUNTS = dict.fromkeys(COUNTERS, 0)
_TO = ("first", "wormhole", "rift")
_POWER_GAIN = ("discovery", "solar_mass", "orbit")


def card_json(s: UltramassiveState, card: int) -> dict[str, Any]:
    c = s.content.deck[card]
    return {"id": card, "name": c.name, "type": c.type, "power": c.power, "text": c.text}


def _anomaly_json(s: UltramassiveState, p: int, a: int) -> dict[str, Any]:
    if a < 15:
        x = s.content.anomaly_order[a]
        d: dict[str, Any] = {"id": x.id, "name": x.name, "type": x.type, "tier": x.tier,
                             "cost": x.cost, "text": x.text}
    else:
        core = s.content.core_order[a - 15]
        d = {"id": core.id, "name": core.name, "type": "core", "text": core.text}
    ability = s.rules.abilities[a]
    d["has_effect"] = bool(ability.effect)
    d["used_this_round"] = s.cooldown[p][a]
    return d


def _player(s: UltramassiveState, p: int, seat: int | None, repositioning: bool) -> dict[str, Any]:
    mine = seat == p
    length = B.channel_length(s.size[p])
    moving = s.stack[-1][1] if s.stack and s.stack[-1][0] == "move_to" and s.actor == p else -1
    channels = {}
    for ch, name in enumerate(B.CHANNELS):
        spaces = []
        for i in range(B.SPACES):
            cell = ch * B.SPACES + i
            w = s.worm[p].index(cell) if cell in s.worm[p] else -1
            spaces.append({
                "space": i + 1,
                "tokens": [B.TOKEN_IDS[t] for t in s.boards[p][cell]],
                "rift": i == B.RIFT,
                "covered": i >= length,
                "wormhole": None if w < 0 else {"index": w, "open": s.worm_open[p][w]},
            })
        channels[name] = spaces
    d: dict[str, Any] = {
        "seat": p,
        "solar_mass": s.sm[p],
        "discovery": s.disc[p],
        "size": B.SIZE_NAMES[s.size[p]],
        "discovery_spent": s.spent[p],
        "channels": channels,
        "wormholes": [{"index": w, "space": B.space_name(c) if c >= 0 else None,
                       "open": s.worm_open[p][w], "moving": w == moving}
                      for w, c in enumerate(s.worm[p])],
        "wormholes_moved": list(s.moved[p]) if repositioning else [False] * 4,
        "anomalies": [_anomaly_json(s, p, a) for a in s.owned[p]],
        "core_anomalies": [_anomaly_json(s, p, 15 + c) for c in s.cores_owned[p]],
        "core_anomalies_waiting": ([s.content.core_order[c].name for c in s.cores_drawn[p]
                                    if c not in s.cores_owned[p]] if mine
                                   else len(s.cores_drawn[p]) - len(s.cores_owned[p])),
        "hand": [card_json(s, c) for c in s.hands[p]] if mine else len(s.hands[p]),
        "played": [card_json(s, c) for c in s.played[p]],
        "cards_played_this_round": s.plays[p],
        "card_plays_allowed": card_limit(s, p),
        "drafted": [_resource_label(s, r) for r in s.pending[p]],
    }
    return d


def _resource_label(s: UltramassiveState, r: int) -> str:
    if r == A.MINOR_PENDING:
        return "Minor Antimatter"
    return s.rules.option_label[r]


def observation(s: UltramassiveState, seat: int | None) -> dict[str, Any]:
    """Boards, tracks, Anomalies and discards are public; hands, undiscovered Core Anomalies
    and the solo Resource offer are their owner's only (UM-KNOW-1, UM-KNOW-2).

    ``decision``, ``anomaly_supply``, ``draft.tokens_out``, each player's
    ``wormholes_moved`` and ``card_plays_allowed`` and the solo Resource cards gone and
    Challenge counters spell out what a player at the table knows from the cards in front of
    them or from what everyone saw happen, so a learning agent need not remember the game
    (docs/decisions/ultramassive-observation-for-learning.md)."""
    from ludoverse.games.ultramassive.draft import draft_set, spaces_in_play
    from ludoverse.games.ultramassive.state import DRAFT, PHASES, REPOSITION

    option_ids = _option_ids(s.content)
    obs: dict[str, Any] = {
        "game": "ultramassive",
        "players": s.n,
        "seat": seat,
        "round": s.round,
        "phase": PHASES[s.phase],
        "starting_player": s.start,
        "current_player": s.current_player,
        "prompt": prompt(s) if s.current_player >= 0 else None,
        "decision": decision(s),
        "deck": len(s.deck),
        "discard": [card_json(s, c) for c in s.discard],
        "draft": {
            "sets": [[{"option": s.rules.option_label[o], "id": option_ids[o], "space": k + 1,
                       "four_players_only": k == len(options) - 1,
                       "taken_by": (s.taken[j * DRAFT_SPACES + k]
                                    if s.phase == DRAFT and s.taken else None)}
                      for k, o in enumerate(options)]
                     for j, options in enumerate((draft_set(s, 0), draft_set(s, 1)))],
            "spaces_in_play": spaces_in_play(s),
            "tokens": [s.content.draft_tokens[t].id for t in s.tokens_in_play],
            "tokens_out": _tokens_out(s),
        },
        "players_view": [_player(s, p, seat, s.phase == REPOSITION) for p in range(s.n)],
        "anomaly_supply": _anomaly_supply(s),
    }
    if s.n == 1:
        from ludoverse.games.ultramassive.solo import GOALS

        need, mass = GOALS[s.opts.solo_difficulty]
        gone = set(s.resource_deck) | set(s.resource_offer) | set(s.resource_used)
        passed = sorted(s.content.resource_cards[r].id
                        for r in range(len(s.content.resource_cards)) if r not in gone)
        obs["solo"] = {
            "difficulty": s.opts.solo_difficulty,
            "goal": {"challenges": need, "solar_mass": mass},
            "challenges": [{"id": s.content.challenges[c].id,
                            "name": s.content.challenges[c].name,
                            "text": s.content.challenges[c].text,
                            "reward": s.content.challenges[c].reward,
                            "when": s.content.challenges[c].when,
                            "completed": s.completed[k]} for k, c in enumerate(s.challenges)],
            "resource_offer": ([{"id": s.content.resource_cards[r].id,
                                 "text": s.content.resource_cards[r].text}
                                for r in s.resource_offer] if seat == 0
                               else len(s.resource_offer)),
            "resource_deck": len(s.resource_deck),
            "resource_cards_kept": sorted(s.content.resource_cards[r].id
                                          for r in s.resource_used),
            "resource_cards_passed": passed if seat == 0 else len(passed),
            "counters": {"this_round": {**_NO_COUNTS, **s.stats_round[0]},
                         "this_game": {**_NO_COUNTS, **s.stats_game[0]}},
        }
    out = s.outcome()
    if out is not None:
        obs["outcome"] = out.to_json()
    return obs


def _tokens_out(s: UltramassiveState) -> list[str]:
    """UM-ADV-4: Draft tokens already used and out of the game (seen by all when drawn)."""
    if not s.tokens_in_play:
        return []
    left = set(s.token_bag) | set(s.tokens_in_play)
    return [t.id for k, t in enumerate(s.content.draft_tokens) if k not in left]


def _anomaly_supply(s: UltramassiveState) -> dict[str, int]:
    """UM-SETUP-4, UM-DISC-7: the copies of each Anomaly still in the supply, by id."""
    left = [ANOMALY_COPIES] * 15
    for owned in s.owned:
        for a in owned:
            left[a] -= 1
    return dict(zip(_anomaly_ids(s.content), left, strict=True))


@per_content
def _option_ids(content: UltramassiveContent) -> tuple[str, ...]:
    return tuple(o.id for o in content.draft_options)


@per_content
def _anomaly_ids(content: UltramassiveContent) -> tuple[str, ...]:
    return tuple(x.id for x in content.anomaly_order)


def decision(s: UltramassiveState) -> dict[str, Any] | None:
    """The effect step the player to move is answering and what it offers, as the card or
    Anomaly being carried out shows it to the whole table (UM-KNOW-4); None when the phase
    itself asks (``phase`` and ``prompt`` say what)."""
    if not s.stack or s.current_player < 0:
        return None
    step = s.stack[-1]
    op = step[0]
    d: dict[str, Any] = {"step": op}
    if op == "gain":
        d["token"] = B.TOKEN_IDS[step[1]]
        d["to"] = _TO[step[2]]
    elif op == "orbit":
        d["times"] = step[1]
    elif op == "wormhole":
        d["closed_too"] = step[1]
    elif op == "move_to":
        d["wormhole"] = step[1]
    elif op == "discard_for_power":
        d["gain"] = _POWER_GAIN[step[1]]
        d["up_to"] = step[2]
    elif op == "cycle":
        d["up_to"] = step[1]
        d["solar_mass_each"] = step[2]
        d["discarded"] = step[3]
    elif op == "remove":
        d["tokens"] = [B.TOKEN_IDS[t] for t in step[1]]
        d["then"] = program(s, step[2])
    elif op == "pay":
        d["discovery"] = step[1]
        d["optional"] = step[3]
        d["then"] = program(s, step[2])
    elif op == "choose":
        d["options"] = [program(s, o) for o in step[1]]
    elif op == "any_order":
        d["options"] = [program(s, (o,)) for o in step[1]]
    elif op == "empower":
        d["card"] = card_json(s, step[1])
    return d


def program(s: UltramassiveState, prog: tuple[Any, ...]) -> dict[str, Any]:
    """A compiled effect as text and as its steps (JSON lists, as saved games keep them)."""
    return {"text": describe(s, prog), "steps": _lists(prog)}


def _lists(x: Any) -> Any:
    return [_lists(v) for v in x] if isinstance(x, tuple) else x


def prompt(s: UltramassiveState) -> str:
    """What the player to move is being asked, in a few words."""
    from ludoverse.games.ultramassive import state as S

    if s.stack:
        step = s.stack[-1]
        op = step[0]
        if op == "gain":
            return f"place a {B.TOKEN_NAMES[step[1]]}"
        if op == "orbit":
            return f"choose a channel to Orbit {step[1]}x"
        if op == "pay":
            return f"pay {step[1]} Discovery?"
        if op == "move_to":  # UM-KNOW-4: which Wormhole is being moved is seen by all
            where = B.space_name(s.worm[s.actor][step[1]])
            return f"choose a new space for the Wormhole at {where}"
        return _PROMPTS[op]
    return {
        S.WORMHOLES: "place a Wormhole",
        S.DRAFT: "draft a resource",
        S.GAIN: "gain one of the drafted resources",
        S.SOLO_RESOURCE: "keep one Resource card",
        S.DISCOVERY: "discover an Anomaly, or not",
        S.ACTIONS: "take an action, or end the Actions phase",
        S.REPOSITION: "move a Wormhole, or stop",
        S.BONUS: "wait",
        S.OVER: "nothing: the game is over",
    }[s.phase]


_PROMPTS = {
    "pull": "choose a channel to pull its innermost stack into the Black Hole",
    "wormhole": "choose a pair of Wormholes to activate",
    "move_wormhole": "choose a Wormhole to move",
    "discard_for_power": "discard an Action Card for its Power, or stop",
    "cycle": "discard an Action Card to draw a new one, or stop",
    "remove": "choose a token to remove",
    "choose": "choose one option",
    "any_order": "choose what to gain next",
    "empower": "use the card's Empowered effect?",
    "core": "discover one of the Core Anomalies drawn",
}


def label(s: UltramassiveState, a: int, seat: int | None) -> str:
    """Short text of ``a`` in this position; an id that means nothing here still gets one.

    Every viewer reads the same text: each move shows what it names once played (a card
    played or discarded, a Core Anomaly discovered and a Resource card kept are logged face
    up; boards, Wormholes, the draft and the Anomalies are public, UM-KNOW-4), so ``seat``
    changes nothing."""
    kind, i = A.split(a)
    try:
        return _label(s, kind, i)
    except (IndexError, KeyError, TypeError):
        return f"{kind.replace('_', ' ')} #{i}"


def _label(s: UltramassiveState, kind: str, i: int) -> str:
    step = s.stack[-1] if s.stack else None
    p = s.actor
    if kind == "space":
        return f"Wormhole to {B.space_name(i)}"
    if kind == "draft":
        base = 0 if s.idx < s.n else DRAFT_SPACES
        return f"Draft {s.rules.option_label[s.draft_sets[base + i]]}"
    if kind == "gain_resource":
        return f"Gain {_resource_label(s, i)}"
    if kind == "discover":
        x = s.content.anomaly_order[i]
        return f"Discover {x.name} ({x.type.capitalize()} {x.tier}, cost {x.cost})"
    if kind == "core_anomaly":
        return f"Discover Core Anomaly {s.content.core_order[i].name}"
    if kind == "play_card":
        c = s.content.deck[i]
        return f"Play {c.name} ({c.type.capitalize()}, Power {c.power})"
    if kind == "use_effect":
        return f"Use {s.rules.abilities[i].name}"
    if kind == "activate_wormholes":
        w1, w2 = A.PAIRS[i]
        if p >= 0 and s.worm[p][w1] >= 0:
            return (f"Activate Wormholes on {B.space_name(s.worm[p][w1])} and "
                    f"{B.space_name(s.worm[p][w2])}")
        return f"Activate Wormholes {w1 + 1} and {w2 + 1}"
    if kind == "exchange":
        return "Exchange 1 Discovery for 1 Solar Mass"
    if kind == "end_actions":
        return "End Actions phase"
    if kind == "channel":
        if step and step[0] == "orbit":
            return f"Orbit {B.CHANNELS[i]} channel x{step[1]}"
        if step and step[0] == "pull":
            return f"Pull the innermost stack of the {B.CHANNELS[i]} channel"
        if step and step[0] == "gain":
            where = "Rift Space" if step[2] == 2 else "space 1"
            return f"Place {B.TOKEN_NAMES[step[1]]} on {B.CHANNELS[i]} {where}"
        return f"{B.CHANNELS[i].capitalize()} channel"
    if kind == "wormhole":
        where = B.space_name(s.worm[p][i]) if p >= 0 and s.worm[p][i] >= 0 else f"#{i + 1}"
        if step and step[0] == "gain":
            return f"Place {B.TOKEN_NAMES[step[1]]} on the Wormhole at {where}"
        return f"Wormhole at {where}"
    if kind == "option":
        if step and step[0] == "choose":
            return "Choose: " + describe(s, step[1][i])
        if step and step[0] == "any_order":
            return "Next: " + describe(s, (step[1][i],))
        return f"Option {i + 1}"
    if kind in ("confirm", "decline"):
        yes = kind == "confirm"
        if step and step[0] == "empower":
            return "Use the Empowered effect" if yes else "Skip the Empowered effect"
        if step and step[0] == "pay":
            return f"Pay {step[1]} Discovery" if yes else "Do not pay"
        if not step:
            return "Discover nothing this round"
        return "Yes" if yes else "No"
    if kind == "discard":
        c = s.content.deck[i]
        return f"Discard {c.name} (Power {c.power})"
    if kind == "stop":
        return "Stop"
    if kind == "remove":
        cell, t = divmod(i, B.NUM_TOKENS)
        return f"Remove {B.TOKEN_NAMES[t]} from {B.space_name(cell)}"
    if kind == "remove_drafted":
        return f"Remove the drafted {B.TOKEN_NAMES[i]}"
    if kind == "resource_card":
        return f"Keep Resource card: {s.content.resource_cards[i].text}"
    return kind  # pragma: no cover


def describe(s: UltramassiveState, prog: tuple[Any, ...]) -> str:
    """Short text of a compiled program, for labels."""
    parts = []
    for step in prog:
        op = step[0]
        if op == "gain":
            where = ("", " on a Wormhole", " on a Rift Space")[step[2]]
            parts.append(f"gain {B.TOKEN_NAMES[step[1]]}{where}")
        elif op in ("discovery", "lose_discovery", "solar_mass"):
            word = {"discovery": "gain {} Discovery", "lose_discovery": "lose {} Discovery",
                    "solar_mass": "gain {} Solar Mass"}[op]
            parts.append(word.format(step[1]))
        elif op == "orbit":
            parts.append(f"Orbit x{step[1]}")
        elif op == "choose":
            parts.append(" or ".join(describe(s, o) for o in step[1]))
        elif op in ("remove", "pay", "if_size"):
            parts.append(op.replace("_", " ") + " → " + describe(s, step[2]))
        else:
            parts.append(op.replace("_", " "))
    return ", ".join(parts)


_PLAIN = ("n", "sm", "disc", "size", "spent", "worm", "worm_open", "placed", "moved", "owned",
          "cores_owned", "gained", "cores_drawn", "cooldown", "mods", "plays", "extra_plays",
          "played",
          "pending", "stats_round", "stats_game", "stack", "arrived", "triggered", "core_due",
          "round", "start", "deck", "discard", "hands", "challenges", "completed",
          "resource_deck", "resource_offer", "resource_used", "token_bag", "tokens_in_play",
          "picks", "taken", "draft_sets", "phase", "order", "idx", "done", "actor", "boards")


def state_to_json(s: UltramassiveState) -> dict[str, Any]:
    return fields_to_json(s, _PLAIN)


def state_from_json(game: Any, d: dict[str, Any]) -> UltramassiveState:
    from ludoverse.games.ultramassive.compiled import from_json, rules_for
    from ludoverse.games.ultramassive.state import UltramassiveState

    s, d = state_from_fields(UltramassiveState, game, d, _PLAIN)
    s.rules = rules_for(s.content)
    s.stack = [from_json(x) for x in d["stack"]]
    s.triggered = [from_json(x) for x in d["triggered"]]
    return s
