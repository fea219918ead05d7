"""The Universal Rule observation as a fixed vector for learning agents (``docs/rl.md``).

Built from one seat's ``state.observation(seat)`` only. Seats are egocentric: every per-seat
block starts with the viewer, then the others clockwise (``seat_order``). A planet card is
named by its index in the content, so every card set is a multi-hot over the content's
planets; the stats printed on a card are fixed by the content and not repeated.

What the vector leaves out, besides the keys in ``not_encoded``: values that repeat another
field (a seat's ``holds_universal_rule`` is the ``universal_rule`` holder, ``battle.attacker``
and ``sneak_attack.seat`` are the active player, an engaged planet's side is in its galaxy,
the printed stats of a card dict are its card, an outcome's tie-break trace is spelled from
its reason, scores and winners) and the order in which cards lie in a pile or a galaxy, which
no rule reads (docs/decisions/universal_rule-observation-for-learning.md).
"""

from __future__ import annotations

import math
from array import array
from typing import Any, ClassVar

from ludoverse.core.encoding import Encoder, Field, Layout, seat_order
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule import planets as PL
from ludoverse.games.universal_rule.content import UniversalRuleContent
from ludoverse.games.universal_rule.options import UniversalRuleOptions

REASONS = ("VP target reached", "Sneak Attack Victory", "round limit")
"""Every ``outcome.reason`` the game gives (``winning.py``)."""

SIDES = {"attack": 0, "defence": 1}


class UniversalRuleEncoder(Encoder):
    """One encoder per player count, options and content: sizes and bounds follow them."""

    not_encoded: ClassVar[dict[str, str]] = {
        "game": "fixed for the environment",
        "players": "the number of players, fixed for the environment",
        "target_vp": "fixed by the number of players and the options",
        "universal_rule_vp": "fixed by the content",
        "removed": "3 with Edge of War, else 0: fixed by the options",
    }

    def __init__(self, players: int, options: UniversalRuleOptions,
                 content: UniversalRuleContent) -> None:
        self.players = n = players
        self.options = options
        self.content = content
        R = PL.rules(content)
        self.cards = N = R.num_cards
        in_game = len(R.base)  # with Edge of War too: 20 shuffled, 3 removed unseen
        credits = float(options.credit_cap(in_game))
        hand_limit = PL.HAND_LIMIT_BASE + sum(
            max(R.n[2 * c + side] if R.kind[2 * c + side] == PL.HAND_LIMIT else 0
                for side in (0, 1)) for c in range(N))
        military = max(R.military[k] + (R.n[k] if R.kind[k] == PL.BATTLE_BONUS else 0)
                       for k in range(2 * N))
        capacity = sum(max(R.military[2 * c], R.fleet[2 * c], R.fleet[2 * c + 1])
                       for c in range(N))
        if options.sneak_unit == "card":
            sneak = float(in_game)
        else:
            sneak = float(sum(PL.card_fleet(R, options, c) for c in range(N)))
        follow = float(min(A.MAX_FOLLOW_COST, in_game))
        limit = options.round_limit
        turns = float(limit * n + 1) if limit else math.inf
        rounds = float(limit + 1) if limit else math.inf
        G = float(in_game)
        phases = ", ".join(P.PHASES)
        F = Field
        self.layout = Layout([
            F("seat", n, "Your seat number, one-hot (seat 0 first)"),
            F("current_player", n, "Player asked to decide now, you first"),
            F("active", n, "Active player, whose turn it is, you first"),
            F("first_player", n, "Player who took the first turn, you first"),
            F("phase", len(P.PHASES), f"Step of the turn being played: {phases}"),
            F("pending_decision", len(P.PENDING), "Choice interrupting the step: a Thug's "
              "victim, a discard to the hand limit, a discard after a stopped Sneak Attack"),
            F("pending_seat", n, "Player who must make that choice, you first"),
            F("pending_planet", N, "Thug planet whose owner is choosing the victim"),
            F("action", len(A.ACTIONS), "Action the active player chose this turn: Explore, "
              "Colonize, Upgrade, Produce, Attack"),
            F("follow_cost", 1, "Follow cost the active player set (0: not set)", 0.0, follow),
            F("max_follow_cost", 1, "Highest follow cost the active player may set now "
              "(0: not being set)", 0.0, follow),
            F("turn", 1, "Turns begun, this one included", 1.0, turns),
            F("round", 1, "Round (one turn of every player) being played", 1.0, rounds),
            F("deck", 1, "Planet Cards in the deck", 0.0, G),
            F("discard", N, "Planet Cards in the discard pile"),
            F("credits", n, "Credits of each player, you first", 0.0, credits),
            F("credit_limit", n, "Credit limit of each player, you first",
              float(options.credit_cap(0)), credits),
            F("vp", n, "Victory Points of each player, you first", 0.0, math.inf),
            F("hand_size", n, "Cards in each player's hand, you first", 0.0, G),
            F("hand_limit", n, "Hand limit of each player, you first",
              float(PL.HAND_LIMIT_BASE), float(hand_limit)),
            F("holds_universal_rule", n, "Player holding the Universal Rule card, you first "
              "(none: it is in the centre)"),
            F("planets_basic", n * N, "Planets in play basic side up, per player, you first"),
            F("planets_upgraded", n * N, "Planets in play upgraded side up, per player, "
              "you first"),
            F("counters", N, "VP of the counters on each planet in play", 0.0, math.inf),
            F("known_hand", n * N, "Cards of each hand known to all (shown in a Sneak Attack "
              "or returned by a Cockroach), per player, you first"),
            F("hand", N, "Your hand"),
            F("setup_chosen", n, "Players who have picked the card to give up at set-up, "
              "you first"),
            F("setup_gave_up", N, "Card you gave up at set-up, until every player has chosen"),
            F("battle_defender", n, "Defender: owner of the defending planet, you first"),
            F("attacking_planet", N, "Attacking planet"),
            F("defending_planet", N, "Defending planet"),
            F("attack_military", 1, "Military of the attacking planet, with battle bonuses",
              0.0, float(military)),
            F("defence_military", 1, "Military of the defending planet, with battle bonuses",
              0.0, float(military)),
            F("cards_committed", n, "Cards each player committed face down, you first",
              0.0, G),
            F("funds_chosen", n, "Players who have chosen their credits in the funds step, "
              "you first"),
            F("my_committed", N, "Cards you committed face down"),
            F("my_funds", 1, "Credits you committed in the funds step",
              0.0, min(credits, float(A.MAX_FUNDS))),
            F("my_side", 2, "Side you are on: attacking, defending"),
            F("my_fleet_capacity", 1, "Most credits you may commit: the fleet of your planets "
              "not engaged", 0.0, float(capacity)),
            F("revealed_cards", n * N, "Cards committed to the revealed battle, still on "
              "the table during the free Explores, per player, you first"),
            F("revealed_side", n * 2, "Side each player was on in the revealed battle "
              "(attacking, defending), you first"),
            F("revealed_credits", n, "Credits each player committed to the revealed battle, "
              "you first", 0.0, credits),
            F("free_explores", n, "Defence supporters still to take their free Explore, "
              "you first"),
            F("sneak_fleet", 1, "Fleet shown by the player trying a Sneak Attack Victory",
              0.0, sneak),
            F("sneak_shown", n * N, "Cards shown in the Sneak Attack Victory attempt, per "
              "player, you first"),
            F("winners", n, "Winners of the game, you first"),
            F("ranking", n, "Final place of each player (1: first), you first",
              0.0, float(n)),
            F("final_vp", n, "Final Victory Points of each player, you first",
              0.0, math.inf),
            F("end_reason", len(REASONS), "How the game ended: VP target reached, Sneak "
              "Attack Victory, round limit"),
        ])
        at = {f.name: f.offset for f in self.layout}
        self._seat, self._current, self._active = at["seat"], at["current_player"], at["active"]
        self._first, self._phase = at["first_player"], at["phase"]
        self._pdecision, self._pseat = at["pending_decision"], at["pending_seat"]
        self._pplanet, self._action = at["pending_planet"], at["action"]
        self._cost, self._maxcost = at["follow_cost"], at["max_follow_cost"]
        self._turn, self._round, self._deck = at["turn"], at["round"], at["deck"]
        self._discard, self._credits, self._limit = at["discard"], at["credits"], at["credit_limit"]
        self._vp, self._hsize, self._hlimit = at["vp"], at["hand_size"], at["hand_limit"]
        self._holds, self._basic = at["holds_universal_rule"], at["planets_basic"]
        self._upgraded, self._counters = at["planets_upgraded"], at["counters"]
        self._known, self._hand = at["known_hand"], at["hand"]
        self._chosen, self._gave = at["setup_chosen"], at["setup_gave_up"]
        self._defender, self._atk = at["battle_defender"], at["attacking_planet"]
        self._def, self._atkmil = at["defending_planet"], at["attack_military"]
        self._defmil, self._ncommit = at["defence_military"], at["cards_committed"]
        self._funded, self._mycards = at["funds_chosen"], at["my_committed"]
        self._myfunds, self._myside = at["my_funds"], at["my_side"]
        self._capacity, self._rcards = at["my_fleet_capacity"], at["revealed_cards"]
        self._rside, self._rcredits = at["revealed_side"], at["revealed_credits"]
        self._freex, self._sfleet = at["free_explores"], at["sneak_fleet"]
        self._shown, self._winners = at["sneak_shown"], at["winners"]
        self._ranking, self._final, self._reason = at["ranking"], at["final_vp"], at["end_reason"]
        self._orders = [tuple(enumerate(seat_order(me, n))) for me in range(n)]
        """Per viewer: (block, seat) pairs, the viewer's block first."""
        self._phases = {name: i for i, name in enumerate(P.PHASES)}
        self._pendings = {name: i for i, name in enumerate(P.PENDING)}
        self._actions = {name: i for i, name in enumerate(A.ACTIONS)}
        self._reasons = {name: i for i, name in enumerate(REASONS)}

    def encode(self, observation: dict[str, Any]) -> array[float]:
        o = observation
        me = o["seat"]
        if me is None:
            raise ValueError("the encoder reads a seat's observation, not a spectator's")
        n = self.players
        N = self.cards
        order = self._orders[me]
        out = self.layout.blank()
        out[self._seat + me] = 1.0
        cp = o["current_player"]
        if cp >= 0:
            out[self._current + (cp - me) % n] = 1.0
        out[self._active + (o["active"] - me) % n] = 1.0
        out[self._first + (o["first_player"] - me) % n] = 1.0
        out[self._phase + self._phases[o["phase"]]] = 1.0
        pending = o["pending"]
        if pending is not None:
            out[self._pdecision + self._pendings[pending["decision"]]] = 1.0
            out[self._pseat + (pending["seat"] - me) % n] = 1.0
            if pending["planet"] is not None:
                out[self._pplanet + pending["planet"]["id"]] = 1.0
        if o["action"] is not None:
            out[self._action + self._actions[o["action"]]] = 1.0
        out[self._cost] = float(o["follow_cost"] or 0)
        out[self._maxcost] = float(o["max_follow_cost"] or 0)
        out[self._turn] = float(o["turn"])
        out[self._round] = float(o["round"])
        out[self._deck] = float(o["deck"])
        at = self._discard
        for c in o["discard"]:
            out[at + c["id"]] = 1.0
        holder = o["universal_rule"]
        if holder is not None:
            out[self._holds + (holder - me) % n] = 1.0
        for j, q in order:
            pv = o["players_view"][q]
            out[self._credits + j] = float(pv["credits"])
            out[self._limit + j] = float(pv["credit_limit"])
            out[self._vp + j] = float(pv["vp"])
            out[self._hsize + j] = float(pv["hand_size"])
            out[self._hlimit + j] = float(pv["hand_limit"])
            basic = self._basic + j * N
            upgraded = self._upgraded + j * N
            for c in pv["planets"]:
                i = c["id"]
                out[(upgraded if c["side"] == "upgraded" else basic) + i] = 1.0
                if c["counters"]:
                    out[self._counters + i] = float(c["counters"])
            at = self._known + j * N
            for c in pv["known_hand"]:
                out[at + c["id"]] = 1.0
        for c in o["players_view"][me]["hand"]:
            out[self._hand + c["id"]] = 1.0
        setup = o.get("setup")
        if setup is not None:
            chosen = setup["chosen"]
            for j, q in order:
                if chosen[q]:
                    out[self._chosen + j] = 1.0
            if setup["gave_up"] is not None:
                out[self._gave + setup["gave_up"]["id"]] = 1.0
        battle = o.get("battle")
        if battle is not None:
            self._battle(battle, me, order, out)
        revealed = o.get("battle_revealed")
        if revealed is not None:
            for j, q in order:
                at = self._rcards + j * N
                for c in revealed["cards"][q]:
                    out[at + c["id"]] = 1.0
                out[self._rside + 2 * j + SIDES[revealed["sides"][q]]] = 1.0
                out[self._rcredits + j] = float(revealed["credits"][q])
            for q in revealed["free_explores"]:
                out[self._freex + (q - me) % n] = 1.0
        sneak = o.get("sneak_attack")
        if sneak is not None:
            out[self._sfleet] = float(sneak["fleet"])
            shown = sneak["shown"]
            for j, q in order:
                at = self._shown + j * N
                for c in shown[q]:
                    out[at + c["id"]] = 1.0
        outcome = o.get("outcome")
        if outcome is not None:
            for q in outcome["winners"]:
                out[self._winners + (q - me) % n] = 1.0
            for j, q in order:
                out[self._ranking + j] = float(outcome["ranking"][q])
                out[self._final + j] = float(outcome["scores"][q])
            out[self._reason + self._reasons[outcome["reason"]]] = 1.0
        return out

    def _battle(self, b: dict[str, Any], me: int, order: tuple[tuple[int, int], ...],
                out: list[float]) -> None:
        """The battle panel: declared planets, the public counts, and the viewer's secrets."""
        n = self.players
        if b["defender"] is not None:
            out[self._defender + (b["defender"] - me) % n] = 1.0
        atk = b["attacking_planet"]
        out[self._atk + atk["id"]] = 1.0
        out[self._atkmil] = float(atk["military"])
        dfn = b["defending_planet"]
        if dfn is not None:
            out[self._def + dfn["id"]] = 1.0
            out[self._defmil] = float(dfn["military"])
        committed = b["cards_committed"]
        funded = b["funds_chosen"]
        for j, q in order:
            out[self._ncommit + j] = float(committed[q])
            if funded[q]:
                out[self._funded + j] = 1.0
        for c in b["my_cards"]:
            out[self._mycards + c["id"]] = 1.0
        out[self._myfunds] = float(b["my_credits"] or 0)
        if b["my_side"] is not None:
            out[self._myside + SIDES[b["my_side"]]] = 1.0
        out[self._capacity] = float(b.get("my_fleet_capacity", 0))
