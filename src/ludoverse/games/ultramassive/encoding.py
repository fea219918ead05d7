"""The ULTRAMASSIVE observation as a fixed vector of numbers, for learning agents.

The vector is read from ``state.observation(seat)`` alone. Per-seat fields hold one block per
seat in :func:`seat_order` (you first, then clockwise), so a policy plays every seat alike.
Cards, Anomalies, Draft options, Draft tokens, Challenges and Resource cards are indexed in the
order of the content given, so a user's own content file changes the sizes, not the code.

What the vector leaves out, inside the observation, is a function of what it keeps: a card's or
Anomaly's name, type, cost and text follow from its id; the solo goal from the options; the
outcome's scores, reason and tie-break trace from the tracks and boards (UM-END-2..5); a
program's text from its steps. Order inside a stack, a hand, the played cards, the discard pile,
the drafted resources and the solo Resource offer means nothing in the rules and is not kept
(see docs/decisions/ultramassive-observation-for-learning.md).
"""

from __future__ import annotations

import math
from array import array
from typing import Any, ClassVar

from ludoverse.core.encoding import Encoder, Field, Layout
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive.compiled import Prog, rules_for
from ludoverse.games.ultramassive.content import DRAFT_SPACES, TYPES, UltramassiveContent
from ludoverse.games.ultramassive.options import UltramassiveOptions
from ludoverse.games.ultramassive.state import CORES_DRAWN, PHASES, ROUNDS
from ludoverse.games.ultramassive.views import ANOMALY_COPIES, COUNTERS

STEPS = ("gain", "orbit", "pull", "wormhole", "move_wormhole", "move_to", "discard_for_power",
         "cycle", "remove", "pay", "choose", "any_order", "empower", "core")
"""Every effect step that asks the player something (``effects.DECISIONS``)."""
_TO = ("first", "wormhole", "rift")
_POWER_GAIN = ("discovery", "solar_mass", "orbit")
_CHANNEL_BASE = {name: ch * B.SPACES for ch, name in enumerate(B.CHANNELS)}
_CELL = {B.space_name(c): c for c in range(B.CELLS)}
_TOKEN = {t: i for i, t in enumerate(B.TOKEN_IDS)}
_SIZE = {name: i for i, name in enumerate(B.SIZE_NAMES)}
_PHASE = {name: i for i, name in enumerate(PHASES)}
_STEP = {name: i for i, name in enumerate(STEPS)}
_MINOR = "Minor Antimatter"
_STEP_MAX = 3
"""The schema's most for an Orbit, a discard for Power or a Cycle (content.py)."""
_PAY_MAX = 10


def option_programs(content: UltramassiveContent) -> list[Prog]:
    """Every program a decision can offer as one of its options or as what paying or removing
    buys: the options of each ``choose``, the Siphon rewards, the items of a solo Resource
    card gained in any order, and the ``then`` of each ``pay`` and ``remove``."""
    rules = rules_for(content)
    found: dict[Prog, None] = {}

    def add(prog: Prog) -> None:
        if prog not in found:
            found[prog] = None
            walk(prog)

    def walk(prog: Prog) -> None:
        for step in prog:
            if step[0] == "choose":
                for option in step[1]:
                    add(option)
            elif step[0] in ("pay", "remove"):
                add(step[2])
            elif step[0] == "if_size":
                walk(step[2])

    for ability in rules.abilities:
        walk(ability.effect)
        for trigger in ability.triggers:
            walk(trigger[3])
    for prog in (*rules.primary, *rules.empowered, *rules.options):
        walk(prog)
    for row in rules.siphon_rows:
        for option in row:
            add(option)
    for items in rules.resource_cards:
        if len(items) > 1:
            for item in items:
                add((item,))
        walk(items)
    return list(found)


def _freeze(x: Any) -> Any:
    return tuple(_freeze(v) for v in x) if isinstance(x, list) else x


class UltramassiveEncoder(Encoder):
    """One seat's ULTRAMASSIVE observation as ``layout.size`` floats."""

    not_encoded: ClassVar[dict[str, str]] = {
        "game": "fixed for the environment",
        "players": "fixed for the environment (the layout is built for the player count)",
        "prompt": "display text of the decision being asked, which `phase` and `decision` carry",
    }

    def __init__(self, players: int, options: UltramassiveOptions,
                 content: UltramassiveContent) -> None:
        self.players = n = players
        if n == 1:  # the Resource Draft is not played (UM-SOLO-3): its layout never changes
            self.not_encoded = {**self.not_encoded,  # type: ignore[misc]
                                "draft": "no Resource Draft in Solo Mode: the basic layout "
                                         "it shows is fixed for the environment"}
        self.options = options
        self.content = content
        rules = rules_for(content)
        self._cards = cards = len(content.deck)
        self._anomaly = {a.id: i for i, a in enumerate(content.anomaly_order)}
        self._core = {c.id: i for i, c in enumerate(content.core_order)}
        self._core_name = {c.name: i for i, c in enumerate(content.core_order)}
        self._option = {o.id: i for i, o in enumerate(content.draft_options)}
        self._label = {o.label: i for i, o in enumerate(content.draft_options)}
        if _MINOR in self._label:
            raise ValueError(f"a Draft option may not be labelled {_MINOR!r}")
        self._draft_token = {t.id: i for i, t in enumerate(content.draft_tokens)}
        self._challenge = {c.id: i for i, c in enumerate(content.challenges)}
        self._resource = {r.id: i for i, r in enumerate(content.resource_cards)}
        programs = option_programs(content)
        self._program = {p: i for i, p in enumerate(programs)}
        slots = max(sum(len(row) for row in rules.siphon_rows),
                    max(len(items) for items in rules.resource_cards), _most_choices(rules))
        passives = [p for a in (*content.anomalies, *content.cores) for p in a.passive]
        cap = B.STACK_CAP + sum(p.n for p in passives if p.modify == "stack_cap")
        costs = {(a.type, a.tier): a.cost for a in content.anomalies}
        spent = sum(costs[t, "1"] + max(costs[t, "2A"], costs[t, "2B"]) + costs[t, "3"]
                    + costs[t, "4"] for t in TYPES)
        n_opt, n_tok = len(content.draft_options), len(content.draft_tokens)
        n_ch, n_res, vocab = len(content.challenges), len(content.resource_cards), len(programs)
        inf = math.inf
        fields = [
            Field("viewer_seat", n, "your seat (seat 0 to N-1, clockwise)"),
            Field("current_player", n, "the player to decide now, you first (none at the end)"),
            Field("starting_player", n, "who holds the Starting Player token, you first"),
            Field("round", 1, "the round on the Round Track", 1, ROUNDS),
            Field("phase", len(PHASES), "the phase of the round: " + ", ".join(PHASES)),
            Field("decision_step", len(STEPS),
                  "the effect step you are answering (none: the phase asks): "
                  + ", ".join(STEPS)),
            Field("decision_token", B.NUM_TOKENS, "the token to place: " + ", ".join(
                B.TOKEN_IDS)),
            Field("decision_place_on", 3, "where it goes: a space 1, a Wormhole, a Rift Space"),
            Field("decision_orbit_times", 1, "how many times you Orbit", 0, _STEP_MAX),
            Field("decision_closed_wormholes_too", 1, "closed Wormholes may be activated too"),
            Field("decision_moving_wormhole", 4, "the Wormhole being moved"),
            Field("decision_power_gain", 3,
                  "what a discarded card's Power gives: Discovery, Solar Mass, Orbits"),
            Field("decision_cards_up_to", 1, "Action Cards you may still discard", 0,
                  _STEP_MAX),
            Field("decision_solar_mass_each", 1, "Solar Mass for each card cycled", 0,
                  _STEP_MAX),
            Field("decision_cards_discarded", 1, "Action Cards cycled so far", 0, _STEP_MAX),
            Field("decision_remove_tokens", B.NUM_TOKENS, "tokens you may remove"),
            Field("decision_pay_discovery", 1, "Discovery to pay", 0, _PAY_MAX),
            Field("decision_optional", 1, "you may decline to pay"),
            Field("decision_then", vocab, "what paying or removing gives you"),
            Field("decision_options", slots * vocab,
                  "each option you may choose, in the order of its action"),
            Field("decision_card", cards, "the Action Card whose Empowered effect is offered"),
            Field("deck", 1, "cards left in the Action deck", 0, cards),
            Field("discard", cards, "Action Cards in the discard pile"),
            Field("anomaly_supply", len(self._anomaly),
                  "copies of each Anomaly left in the supply", 0, ANOMALY_COPIES),
        ]
        if n > 1:
            fields += [
                Field("draft_options", 2 * DRAFT_SPACES * n_opt,
                      "the option on each space of Draft set 1, then set 2"),
                Field("draft_taken_by", 2 * DRAFT_SPACES * n,
                      "who picked each space of the sets this round, you first"),
                Field("draft_four_players_only", 2 * DRAFT_SPACES,
                      "the rightmost space of a set, for 4 players only"),
                Field("draft_spaces_in_play", 1, "spaces of each set open to the players", 0,
                      DRAFT_SPACES),
                Field("draft_tokens", 2 * n_tok, "the Draft token covering set 1, then set 2"),
                Field("draft_tokens_out", n_tok, "Draft tokens already used, out of the game"),
            ]
        fields += [
            Field("solar_mass", n, "Solar Mass of each seat, you first", 0, inf),
            Field("discovery", n, "Discovery Counters of each seat", 0, 10),
            Field("size", n * len(B.SIZE_NAMES),
                  "each Black Hole's size: " + ", ".join(B.SIZE_NAMES)),
            Field("discovery_spent", n, "Discovery each seat spent on Anomalies", 0, spent),
            Field("board_tokens", n * B.CELLS * B.NUM_TOKENS,
                  "tokens on each space (blue 1-7, pink 1-7) by kind: "
                  + ", ".join(B.TOKEN_IDS), 0, cap // 2),
            Field("covered", n * B.CELLS, "spaces covered by the Black Hole"),
            Field("wormhole_space", n * 4 * B.CELLS,
                  "the space of each of the 4 Wormholes (none: not placed yet)"),
            Field("wormhole_open", n * 4, "each Wormhole is open (blue side up)"),
            Field("wormhole_moving", n * 4, "the Wormhole being moved"),
            Field("wormhole_moved", n * 4, "Wormholes already moved in this repositioning"),
            Field("anomalies", n * 15, "Anomalies each seat discovered"),
            Field("anomaly_order", n * 15,
                  "when each Anomaly was discovered: 0 not, k the k-th", 0, 15),
            Field("anomaly_used", n * 15, "Anomaly Effects used this round (Cooldown token)"),
            Field("core_anomalies", n * 6, "Core Anomalies each seat discovered"),
            Field("core_order", n * 6,
                  "when each Core Anomaly was discovered: 0 not, k the k-th", 0, 6),
            Field("core_used", n * 6, "Core Anomaly Effects used this round"),
            Field("core_anomalies_waiting", n, "Core Anomalies drawn and not yet discovered",
                  0, CORES_DRAWN),
            Field("my_core_anomalies_waiting", 6, "your Core Anomalies not yet discovered"),
            Field("hand_size", n, "Action Cards in each hand", 0, cards),
            Field("my_hand", cards, "the Action Cards in your hand"),
            Field("played", n * cards, "the Action Cards laid in front of each seat this round"),
            Field("cards_played_this_round", n, "how many Action Cards each seat played this "
                  "round", 0, cards),
            Field("card_plays_allowed", n, "Action Cards each seat may play this round", 0,
                  inf),
        ]
        if n > 1:
            fields += [
                Field("drafted", n * n_opt, "drafted resources not yet gained, by option", 0, 2),
                Field("drafted_minor_antimatter", n,
                      "Minor Antimatter from others' Antimatter picks not yet gained", 0,
                      2 * (n - 1)),
            ]
        else:
            fields += [
                Field("challenges", n_ch, "the Challenge cards dealt"),
                Field("challenges_completed", n_ch, "the Challenges completed"),
                Field("resource_offer", n_res, "the 2 Resource cards drawn to choose from"),
                Field("resource_deck", 1, "Resource cards left in their deck", 0, n_res),
                Field("resource_cards_kept", n_res, "Resource cards kept in earlier rounds"),
                Field("resource_cards_passed", n_res, "Resource cards drawn and not kept"),
                Field("counters_this_round", len(COUNTERS),
                      "this round's counts for the Challenges: " + ", ".join(COUNTERS), 0, inf),
                Field("counters_this_game", len(COUNTERS), "this game's counts, same order",
                      0, inf),
            ]
        fields += [
            Field("winners", n, "the winners once the game is over, you first"),
            Field("ranking", n, "each seat's place once the game is over (0 before)", 0, n),
        ]
        self.layout = Layout(Field(f.name, f.size, f.doc, float(f.low), float(f.high))
                             for f in fields)
        self._size = self.layout.size
        self._at = at = {f.name: f.offset for f in self.layout}
        self._my_cores, self._my_hand = at["my_core_anomalies_waiting"], at["my_hand"]
        self._blocks = [(
            at["solar_mass"] + r, at["discovery"] + r, at["size"] + r * len(B.SIZE_NAMES),
            at["discovery_spent"] + r, at["board_tokens"] + r * B.CELLS * B.NUM_TOKENS,
            at["covered"] + r * B.CELLS, at["wormhole_space"] + r * 4 * B.CELLS,
            at["wormhole_open"] + 4 * r, at["wormhole_moving"] + 4 * r,
            at["wormhole_moved"] + 4 * r, at["anomalies"] + 15 * r,
            at["anomaly_order"] + 15 * r, at["anomaly_used"] + 15 * r,
            at["core_anomalies"] + 6 * r, at["core_order"] + 6 * r, at["core_used"] + 6 * r,
            at["core_anomalies_waiting"] + r, at["hand_size"] + r, at["played"] + r * cards,
            at["cards_played_this_round"] + r, at["card_plays_allowed"] + r,
            at["drafted"] + r * n_opt if n > 1 else -1,
            at["drafted_minor_antimatter"] + r if n > 1 else -1,
        ) for r in range(n)]
        """Where each seat's numbers go, ``r`` seats after the viewer."""

    def encode(self, observation: dict[str, Any]) -> array[float]:
        """The vector for ``observation`` (a seat's, never the spectator's)."""
        at = self._at
        out = self.layout.blank()
        n = self.players
        me = observation["seat"]
        out[at["viewer_seat"] + me] = 1.0
        cp = observation["current_player"]
        if cp >= 0:
            out[at["current_player"] + (cp - me) % n] = 1.0
        out[at["starting_player"] + (observation["starting_player"] - me) % n] = 1.0
        out[at["round"]] = observation["round"]
        out[at["phase"] + _PHASE[observation["phase"]]] = 1.0
        d = observation["decision"]
        if d is not None:
            self._decision(out, d)
        out[at["deck"]] = observation["deck"]
        o = at["discard"]
        for c in observation["discard"]:
            out[o + c["id"]] = 1.0
        o = at["anomaly_supply"]
        anomaly = self._anomaly
        for a, left in observation["anomaly_supply"].items():
            out[o + anomaly[a]] = left
        if n > 1:
            self._draft(out, observation["draft"], me)
        for view in observation["players_view"]:
            self._player(out, view, (view["seat"] - me) % n)
        if n == 1:
            self._solo(out, observation["solo"])
        result = observation.get("outcome")
        if result is not None:
            o, r = at["winners"], at["ranking"]
            for p in result["winners"]:
                out[o + (p - me) % n] = 1.0
            for p, place in enumerate(result["ranking"]):
                out[r + (p - me) % n] = place
        return out

    def _decision(self, out: list[float], d: dict[str, Any]) -> None:
        at = self._at
        step = d["step"]
        out[at["decision_step"] + _STEP[step]] = 1.0
        if step == "gain":
            out[at["decision_token"] + _TOKEN[d["token"]]] = 1.0
            out[at["decision_place_on"] + _TO.index(d["to"])] = 1.0
        elif step == "orbit":
            out[at["decision_orbit_times"]] = d["times"]
        elif step == "wormhole":
            out[at["decision_closed_wormholes_too"]] = 1.0 if d["closed_too"] else 0.0
        elif step == "move_to":
            out[at["decision_moving_wormhole"] + d["wormhole"]] = 1.0
        elif step == "discard_for_power":
            out[at["decision_power_gain"] + _POWER_GAIN.index(d["gain"])] = 1.0
            out[at["decision_cards_up_to"]] = d["up_to"]
        elif step == "cycle":
            out[at["decision_cards_up_to"]] = d["up_to"]
            out[at["decision_solar_mass_each"]] = d["solar_mass_each"]
            out[at["decision_cards_discarded"]] = d["discarded"]
        elif step == "remove":
            for t in d["tokens"]:
                out[at["decision_remove_tokens"] + _TOKEN[t]] = 1.0
            out[at["decision_then"] + self._program[_freeze(d["then"]["steps"])]] = 1.0
        elif step == "pay":
            out[at["decision_pay_discovery"]] = d["discovery"]
            out[at["decision_optional"]] = 1.0 if d["optional"] else 0.0
            out[at["decision_then"] + self._program[_freeze(d["then"]["steps"])]] = 1.0
        elif step in ("choose", "any_order"):
            o, vocab = at["decision_options"], len(self._program)
            for k, option in enumerate(d["options"]):
                out[o + k * vocab + self._program[_freeze(option["steps"])]] = 1.0
        elif step == "empower":
            out[at["decision_card"] + d["card"]["id"]] = 1.0

    def _draft(self, out: list[float], draft: dict[str, Any], me: int) -> None:
        at = self._at
        n = self.players
        n_opt = len(self._option)
        opt, taken, four = at["draft_options"], at["draft_taken_by"], at["draft_four_players_only"]
        option = self._option
        for j, row in enumerate(draft["sets"]):
            for k, space in enumerate(row):
                slot = j * DRAFT_SPACES + k
                out[opt + slot * n_opt + option[space["id"]]] = 1.0
                by = space["taken_by"]
                if by is not None and by >= 0:
                    out[taken + slot * n + (by - me) % n] = 1.0
                if space["four_players_only"]:
                    out[four + slot] = 1.0
        out[at["draft_spaces_in_play"]] = draft["spaces_in_play"]
        token = self._draft_token
        o = at["draft_tokens"]
        for j, t in enumerate(draft["tokens"]):
            out[o + j * len(token) + token[t]] = 1.0
        o = at["draft_tokens_out"]
        for t in draft["tokens_out"]:
            out[o + token[t]] = 1.0

    def _player(self, out: list[float], view: dict[str, Any], r: int) -> None:
        (solar, disc, size, spent, board, covered, where, is_open, moving, moved, owned, order,
         used, c_owned, c_order, c_used, waiting_at, hand_at, played, plays, allowed, drafted,
         minor) = self._blocks[r]
        out[solar] = view["solar_mass"]
        out[disc] = view["discovery"]
        out[size + _SIZE[view["size"]]] = 1.0
        out[spent] = view["discovery_spent"]
        for name, spaces in view["channels"].items():
            base = _CHANNEL_BASE[name]
            for i, space in enumerate(spaces):
                tokens = space["tokens"]
                if tokens:
                    o = board + (base + i) * B.NUM_TOKENS
                    for t in tokens:
                        out[o + _TOKEN[t]] += 1.0
                if space["covered"]:
                    out[covered + base + i] = 1.0
        for w, hole in enumerate(view["wormholes"]):
            space = hole["space"]
            if space is not None:
                out[where + w * B.CELLS + _CELL[space]] = 1.0
            if hole["open"]:
                out[is_open + w] = 1.0
            if hole["moving"]:
                out[moving + w] = 1.0
        for w, m in enumerate(view["wormholes_moved"]):
            if m:
                out[moved + w] = 1.0
        for cards, index, at_owned, at_order, at_used in (
                (view["anomalies"], self._anomaly, owned, order, used),
                (view["core_anomalies"], self._core, c_owned, c_order, c_used)):
            for k, a in enumerate(cards):
                i = index[a["id"]]
                out[at_owned + i] = 1.0
                out[at_order + i] = k + 1
                if a["used_this_round"]:
                    out[at_used + i] = 1.0
        waiting = view["core_anomalies_waiting"]
        if waiting.__class__ is list:
            o = self._my_cores
            for name in waiting:
                out[o + self._core_name[name]] = 1.0
            waiting = len(waiting)
        out[waiting_at] = waiting
        hand = view["hand"]
        if hand.__class__ is list:
            o = self._my_hand
            for c in hand:
                out[o + c["id"]] = 1.0
            hand = len(hand)
        out[hand_at] = hand
        for c in view["played"]:
            out[played + c["id"]] = 1.0
        out[plays] = view["cards_played_this_round"]
        out[allowed] = view["card_plays_allowed"]
        if drafted >= 0:
            label = self._label
            for name in view["drafted"]:
                if name == _MINOR:
                    out[minor] += 1.0
                else:
                    out[drafted + label[name]] += 1.0

    def _solo(self, out: list[float], solo: dict[str, Any]) -> None:
        at = self._at
        challenge, resource = self._challenge, self._resource
        dealt, done = at["challenges"], at["challenges_completed"]
        for c in solo["challenges"]:
            i = challenge[c["id"]]
            out[dealt + i] = 1.0
            if c["completed"]:
                out[done + i] = 1.0
        offer = solo["resource_offer"]
        if isinstance(offer, list):
            o = at["resource_offer"]
            for card in offer:
                out[o + resource[card["id"]]] = 1.0
        out[at["resource_deck"]] = solo["resource_deck"]
        o = at["resource_cards_kept"]
        for rid in solo["resource_cards_kept"]:
            out[o + resource[rid]] = 1.0
        passed = solo["resource_cards_passed"]
        if isinstance(passed, list):
            o = at["resource_cards_passed"]
            for rid in passed:
                out[o + resource[rid]] = 1.0
        counters = solo["counters"]
        for name, o in (("this_round", at["counters_this_round"]),
                        ("this_game", at["counters_this_game"])):
            values = counters[name]
            for k, key in enumerate(COUNTERS):
                out[o + k] = values[key]


def _most_choices(rules: Any) -> int:
    """The most options any ``choose`` anywhere in the content offers."""
    most = 1

    def walk(prog: Prog) -> None:
        nonlocal most
        for step in prog:
            if step[0] == "choose":
                most = max(most, len(step[1]))
                for option in step[1]:
                    walk(option)
            elif step[0] in ("pay", "remove", "if_size"):
                walk(step[2])

    for ability in rules.abilities:
        walk(ability.effect)
        for trigger in ability.triggers:
            walk(trigger[3])
    for prog in (*rules.primary, *rules.empowered, *rules.options, *rules.resource_cards):
        walk(prog)
    return most
