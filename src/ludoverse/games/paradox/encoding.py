"""PARADOX observations as fixed-size vectors for learning agents (``docs/rl.md``).

The vector is read off ``state.observation(seat)`` alone, so two states a seat cannot tell
apart give it the same numbers. Seats are egocentric: every per-seat block lists the viewer
first, then the players on its left in turn order, and every seat a value names (a holder,
the Chief Scientist, a shield's owner) is counted the same way. Cards are one-hot or
multi-hot over the engine's card numbering (Timeline of World ``w`` and era ``e`` is
``3w + e``, then Nexus, Nebula, Breakthrough, Flare and Parallel Universe cards); what a card
costs or locks is fixed by the content and so not repeated. A Matrix space is
``row * 5 + column``, row 0 at the top. The fields and their sizes are the same for every
option set (only a few bounds follow the options), so one network can play every variant;
what an option leaves out of the game stays zero.
"""

from __future__ import annotations

from array import array
from typing import Any, ClassVar

from ludoverse.core.encoding import Encoder, Field, Layout
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox.content import ParadoxContent
from ludoverse.games.paradox.options import ParadoxOptions
from ludoverse.games.paradox.scoring import ALLIANCE_VP, FLARE_VP, GOAL_GROUP, GOAL_VP, SET_VP
from ludoverse.games.paradox.state import (
    EXTRA_SETS,
    PHASES,
    SETS,
    SHIELD_TOKENS,
    TRIGGER_DISCS,
    TURNS,
)
from ludoverse.games.paradox.wormhole import HAND_SIZE

NC = K.NUM_CARDS
CELLS = G.CELLS
NCOL = G.NUM_COLOURS
NSYM = G.NUM_SYMBOLS
TYPES = G.DISC_TYPES
WORLDS = 15
SLOTS = 8
"""Wormhole places: Stable 1-4, then Unstable 1-4 (the draft action's slot numbers)."""
MAX_ACTIONS = 2 + 2 + K.FLARES
"""Two Matrix actions, one more per Breakthrough drafted this turn (at most two, by the Chief
Scientist) and per scored Flare spent (PX-SCEN-2, PX-SCEN-6)."""
MAX_QUAKE_DUE = 6 * K.QUAKE_STEPS[0]
"""Every Timeline on a mat (at most six) repaired in one action, each a Past."""
MAX_PENDING = CELLS
"""One kept disc per resource, each from a different Matrix space."""
LEVELS = 3
SHAPE_KINDS = ("row", "column", "diagonal", "box")

_COLOUR = {c: i for i, c in enumerate(G.COLOURS)}
_SYMBOL = {c: i for i, c in enumerate(G.SYMBOLS)}
_SPACE = {c: i for i, c in enumerate(K.SPACES)}
_PHASE = {c: i for i, c in enumerate(PHASES)}
_KIND = {c: i for i, c in enumerate(SHAPE_KINDS)}


def mat_slots(players: int) -> int:
    """Most cards a mat can hold: a card stays four turns at most (drafted onto Past), and in
    any four turns a player drafts one card a turn, two as Chief Scientist (PX-WORM-2,
    PX-WORM-6), who they are once in every ``players`` turns."""
    return 4 + -(-4 // players)


def goal_items(content: ParadoxContent) -> int:
    """Most items one Research Goal can count: an era, the Nexus cards and the World shields
    are 15 at most; an asset goal counts that asset's Timeline cards."""
    assets = content.timeline_assets
    return max(WORLDS, *(assets.count(a) for a in set(assets)))


def deck_cards(options: ParadoxOptions) -> int:
    """Cards in the game: 45 Timelines, 15 Nexus, 3 Nebulas and the Deck Scenario cards."""
    o = options
    counts = {"breakthrough": o.breakthrough_cards, "flare": o.flare_cards,
              "parallel_universe": o.parallel_universe_cards}
    box = K.box_scenario_cards(counts)
    return K.NEBULA + K.NEBULAS + len(K.deck_scenario_cards(o.deck_scenario, counts, box))


def _fits(name: str, items: list[Any], limit: int) -> None:
    """A list longer than the rules allow would spill into the next field: a bug, so raise."""
    if len(items) > limit:
        raise ValueError(f"{name} holds {len(items)} entries, more than the {limit} the rules "
                         "allow")


class ParadoxEncoder(Encoder):
    """The vector of one seat's observation; see the module docstring for its conventions."""

    not_encoded: ClassVar[dict[str, str]] = {
        "game": "fixed for the environment",
        "players": "the player count, fixed for the environment",
        "outcome": "follows from final: scores are the totals, ranking and winners the "
                   "tie-breaks on total, cards and Nexus cards (PX-SCORE-6)",
    }

    def __init__(self, players: int, options: ParadoxOptions, content: ParadoxContent) -> None:
        self.players = n = players
        self.options = options
        self.content = content
        self.spaces = spaces = content.quake_track.spaces
        self.goals = goals = len(content.research_goals)
        self.goal_index = {g.id: i for i, g in enumerate(content.research_goals)}
        self.slots = slots = mat_slots(n)
        sets = SETS[n] + EXTRA_SETS
        discs = sets * TYPES
        cards = deck_cards(options)
        max_cost = max(3, *(sum(c) for c in content.timeline_costs))
        items = goal_items(content)
        goal_vp = [items // GOAL_GROUP[k] * GOAL_VP[k] for k in range(3)]
        vp = (SET_VP[4] * WORLDS + sum(goal_vp) + FLARE_VP * K.FLARES + ALLIANCE_VP * NCOL)
        ego = "each seat, you first"
        f = Field
        fields = [
            # whose decision it is
            f("seat", n, "your seat number (one-hot)"),
            f("current_player", n, "the player asked to decide now, counted from you (one-hot; "
              "none when the game is over)"),
            f("chief_scientist", n, "the player holding the Chief Scientist card, counted from "
              "you (one-hot)"),
            f("phase", len(PHASES), "the decision being asked: Wormhole pick, Matrix action, "
              "allocating a resource, Flare benefit, Fractured-World discard, game over"),
            f("turn", 1, "the Turn marker (turn 1 to 12)", 1.0, TURNS),
            # the Multiverse board
            f("quake", spaces, "the Quake marker's space on the Quake track (one-hot)"),
            f("world_space", WORLDS * spaces, "for each World, the Quake-track space its World "
              "disc lies on (one-hot per World)"),
            f("world_fractured", WORLDS, "each World disc showing its Fractured face"),
            f("world_shield", WORLDS * n, "for each World, the player whose Shield token "
              "guards it, counted from you"),
            f("shields_free", 1, "Shield tokens left in the supply", 0.0, SHIELD_TOKENS),
            # cards
            f("wormhole", SLOTS * NC, "the card in each Wormhole place, Stable 1-4 then "
              "Unstable 1-4 (one-hot per place)"),
            f("deck", 1, "cards in the Multiverse deck", 0.0, cards),
            f("known_deck_top", HAND_SIZE * NC, "Research Hand cards you put back, in order "
              "from the top of the deck (one-hot per card)"),
            f("discard", NC, "the cards in the discard pile beside the Wormhole"),
            f("research_hand", HAND_SIZE * NC, "your Research Hand as Chief Scientist, card by "
              "card (one-hot per card)"),
            f("research_hand_size", 1, "cards in the Research Hand", 0.0, HAND_SIZE),
            f("research_hand_drawn", 1, "a Research Hand is drawn this Wormhole phase"),
            f("chief_scientist_wormhole_picks", 1, "Wormhole cards the Chief Scientist has "
              "taken at this pick", 0.0, 1.0),
            f("research_goals", 3 * goals, "the Research Goal card in goal slots 1, 2 and 3 "
              "(one-hot per slot)"),
            f("secret_objective", goals, "the Research Goal dealt to you as Secret Objective"),
            # discs
            f("anomaly_colour", NSYM * NCOL, "colour of the Anomaly disc of each symbol "
              "(Helix, Star, Ring)"),
            f("anomaly_symbol", NSYM * NSYM, "symbol of the Anomaly disc in each symbol's "
              "space"),
            f("nebulas", 1, "Nebula cards lying on the Anomaly", 0.0, K.NEBULAS),
            f("anomaly_blocked", 1, "a Nebula blocks swaps with the Anomaly"),
            f("bag_discs", 1, "discs in the bag, Trigger Discs included", 0.0,
              discs + TRIGGER_DISCS),
            f("bag_purple", 1, "purple Trigger Discs in the bag", 0.0, TRIGGER_DISCS),
            f("bag_by_type", TYPES, "Energy Discs in the bag of each colour and symbol "
              "(red Helix, red Star, red Ring, yellow Helix, ...)", 0.0, sets),
            f("trigger_discs_aside", 1, "purple Trigger Discs set aside", 0.0, TRIGGER_DISCS),
            # Strand shapes and Triggered Scenarios
            f("matrix_level", LEVELS, "the Matrix Level in force: Rows/Columns, Boxes, "
              "Diagonals (one-hot)"),
            f("matrix_level_stack", LEVELS * LEVELS, "the Level card at each place of the "
              "Level stack, top first (one-hot per place)"),
            f("strand_shapes", len(SHAPE_KINDS), "the shapes that make Strands now: rows, "
              "columns, diagonals, boxes"),
            f("maelstrom", 1, "a Maelstrom card is on the table"),
            f("maelstrom_cost", NCOL, "resources of each colour the Maelstrom costs", 0.0, 5.0),
            f("maelstrom_card", NC, "the card under the Maelstrom (one-hot)"),
            f("maelstrom_paid", n * TYPES, "discs of each colour and symbol each player has "
              f"put on the Maelstrom, {ego}", 0.0, 5.0),
            f("maelstrom_paid_alliances", n * NCOL, "Alliance tokens of each colour each "
              f"player has paid to the Maelstrom, {ego} (a token paid goes back beside the "
              "Wormhole and may be won and paid again)", 0.0, 5.0),
            f("maelstrom_cards_left", 1, "Maelstrom cards left in their stack", 0.0, 5.0),
            f("alliance_holder", NCOL * n, "for each Alliance token, the player holding it, "
              "counted from you"),
            f("alliance_on_card", NCOL, "each Alliance token lying on a card as a resource"),
            f("alliance_taken_this_turn", NCOL, "each held Alliance token taken this turn "
              "(usable from the next turn)"),
            # the Matrix phase
            f("actions_left", 1, "Matrix actions left to the player in their Matrix phase",
              0.0, MAX_ACTIONS),
            f("locked_board", 1, "the player may rebuild a locked Matrix"),
            f("waiting_strands", G.NUM_SHAPES, "the Strand shapes waiting on the player's "
              "Matrix (the resolve_strand action numbers)"),
            f("waiting_strand_spaces", NCOL * CELLS, "for each colour, the Matrix spaces of "
              "the player's waiting Strands"),
            f("pending_colour", MAX_PENDING * NCOL, "colour of each resource still to "
              "allocate in this action, in the order they are placed, the one placed now first "
              "(one-hot per resource)"),
            f("pending_symbol", MAX_PENDING * NSYM, "symbol of each of those resource discs "
              "(none for an Alliance token)"),
            f("pending_alliance", MAX_PENDING, "each of those resources is an Alliance token "
              "used as a resource"),
            f("quake_steps_due", 1, "spaces the Quake moves once this action's resources are "
              "allocated", 0.0, MAX_QUAKE_DUE),
            f("flare_benefits_owed", 1, "Flare benefits the player is still owed", 0.0,
              K.FLARES),
            f("flare_queue", K.FLARES * K.FLARES, "the Flare card owing each benefit, in order "
              "(one-hot per place over Flare 1-6)"),
            f("fracture_discards", n * WORLDS, "for each player counted from you, the "
              "Fractured Worlds whose card they still have to discard"),
            # each player's area
            f("matrix_colour", n * CELLS * NCOL, "colour of the disc on each Matrix space, "
              f"{ego}"),
            f("matrix_symbol", n * CELLS * NSYM, "symbol of the disc on each Matrix space, "
              f"{ego}"),
            f("matrix_shield", n * CELLS, f"Matrix spaces under a Nexus Shield token, {ego}"),
            f("mat_card", n * slots * NC, "the card in each place of the Player Mat, in the "
              f"order drafted, {ego} (one-hot per place)"),
            f("mat_space", n * slots * 4, "the mat space of each mat card, places as above: "
              "Past, Present, Future, Danger! (one-hot)"),
            f("mat_placed", n * slots * NCOL, "resources of each colour placed on each mat "
              "card (Alliance tokens included)", 0.0, max_cost),
            f("mat_placed_discs", n * slots * TYPES, "discs of each colour and symbol placed "
              "on each mat card", 0.0, max_cost),
            f("mat_alliance_tokens", n * slots * NCOL, "Alliance tokens of each colour placed "
              "on each mat card"),
            f("mat_flare_step", n * slots, "benefits a Flare on the mat has earned", 0.0, 3.0),
            f("mat_flare_markers", n * slots * TYPES, "marker discs of each colour and symbol "
              "on a Flare", 0.0, 3.0),
            f("score_pile", n * NC, f"the cards of each score pile you may see, {ego}"),
            f("score_pile_size", n, f"cards in each score pile, {ego}", 0.0, cards),
            f("score_pile_face_down", n, f"each score pile lies face down to you, {ego}"),
            f("flares_scored_this_turn", n * K.FLARES, "Flares scored this turn (not yet "
              f"spendable) in each score pile you may see, {ego}"),
            f("mat_discard", n, f"discs on each mat's discard pile, {ego}", 0.0, discs),
            f("mat_discard_by_type", n * TYPES, "discs of each colour and symbol on each "
              f"mat's discard pile, {ego}", 0.0, sets),
            # the end of the game
            f("final_worlds", n, f"VP from World sets at the end, {ego}", 0.0,
              SET_VP[4] * WORLDS),
            f("final_goals", n * 3, "VP from the Research Goals in slots 1, 2 and 3 at the "
              f"end, {ego}", 0.0, max(goal_vp)),
            f("final_flares", n, f"VP from scored Flares at the end, {ego}", 0.0,
              FLARE_VP * K.FLARES),
            f("final_alliances", n, f"VP from Alliance tokens at the end, {ego}", 0.0,
              ALLIANCE_VP * NCOL),
            f("final_total", n, f"total VP at the end, {ego}", 0.0, vp),
            f("final_cards", n, f"cards in the score pile at the end, {ego}", 0.0, cards),
            f("final_nexus", n, f"Nexus cards in the score pile at the end, {ego}", 0.0,
              WORLDS),
        ]
        self.layout = Layout(fields)
        self.size = self.layout.size
        self._at = {fl.name: fl.offset for fl in self.layout}
        self._rel = [[(p - v) % n for p in range(n)] for v in range(n)]

    def encode(self, observation: dict[str, Any]) -> array[float]:
        """The vector for one seat's observation (never the spectator's)."""
        obs = observation
        n = self.players
        at = self._at
        out = self.layout.blank()
        viewer = obs["seat"]
        rel = self._rel[viewer]
        col, sym = _COLOUR, _SYMBOL

        out[at["seat"] + viewer] = 1.0
        cp = obs["current_player"]
        if cp >= 0:
            out[at["current_player"] + rel[cp]] = 1.0
        out[at["chief_scientist"] + rel[obs["chief_scientist"]]] = 1.0
        out[at["phase"] + _PHASE[obs["phase"]]] = 1.0
        out[at["turn"]] = float(obs["turn"])

        self._board(obs, out, rel)
        self._cards(obs, out)
        self._discs(obs, out)

        out[at["matrix_level"] + obs["matrix_level"] - 1] = 1.0
        base = at["matrix_level_stack"]
        for k, level in enumerate(obs["matrix_level_stack"]):
            out[base + k * LEVELS + level - 1] = 1.0
        base = at["strand_shapes"]
        for kind in obs["strand_shapes"]:
            out[base + _KIND[kind]] = 1.0
        m = obs["maelstrom"]
        if m is not None:
            out[at["maelstrom"]] = 1.0
            base = at["maelstrom_cost"]
            for c, k in m["cost"].items():
                out[base + col[c]] = float(k)
            if m["card"] is not None:
                out[at["maelstrom_card"] + m["card"]["id"]] = 1.0
            paid, allies = at["maelstrom_paid"], at["maelstrom_paid_alliances"]
            for p, row in enumerate(m["paid"]):
                for d in row:
                    if "alliance" in d:
                        out[allies + rel[p] * NCOL + col[d["alliance"]]] += 1.0
                    else:
                        out[paid + rel[p] * TYPES + col[d["colour"]] * NSYM
                            + sym[d["symbol"]]] += 1.0
        out[at["maelstrom_cards_left"]] = float(obs["maelstrom_cards_left"])
        allies_shown = obs["alliances"]
        if allies_shown is not None:
            holder, on_card = at["alliance_holder"], at["alliance_on_card"]
            taken = at["alliance_taken_this_turn"]
            for c, a in enumerate(allies_shown):
                if a["holder"] >= 0:
                    out[holder + c * n + rel[a["holder"]]] = 1.0
                if a["on_card"]:
                    out[on_card + c] = 1.0
                if a["taken_this_turn"]:
                    out[taken + c] = 1.0

        self._matrix_phase(obs, out, rel)
        base = at["fracture_discards"]
        for q in obs["fracture_discards"]:
            out[base + rel[q["seat"]] * WORLDS + q["world"]] = 1.0
        for p, pv in enumerate(obs["players_view"]):
            self._player(pv, out, rel[p])
        final = obs.get("final")
        if final:
            for p, fin in enumerate(final):
                r = rel[p]
                out[at["final_worlds"] + r] = float(fin["worlds"])
                for k, v in enumerate(fin["goals"]):
                    out[at["final_goals"] + r * 3 + k] = float(v)
                out[at["final_flares"] + r] = float(fin["flares"])
                out[at["final_alliances"] + r] = float(fin["alliances"])
                out[at["final_total"] + r] = float(fin["total"])
                out[at["final_cards"] + r] = float(fin["cards"])
                out[at["final_nexus"] + r] = float(fin["nexus"])
        return out

    # Parts of the vector ---------------------------------------------------------------------

    def _board(self, obs: dict[str, Any], out: list[float], rel: list[int]) -> None:
        """The Quake track: the Quake, each World's space, face and shield (PX-QUAKE)."""
        at = self._at
        n = self.players
        spaces = self.spaces
        q = obs["quake"]
        if q is not None:
            out[at["quake"] + q] = 1.0
        ws, fr, sh = at["world_space"], at["world_fractured"], at["world_shield"]
        for space, w in enumerate(obs["ring"]):
            if w is None:
                continue
            world = w["world"]
            out[ws + world * spaces + space] = 1.0
            if w["fractured"]:
                out[fr + world] = 1.0
            if w["shield"] is not None:
                out[sh + world * n + rel[w["shield"]]] = 1.0
        out[at["shields_free"]] = float(obs["shields_free"])

    def _cards(self, obs: dict[str, Any], out: list[float]) -> None:
        """The Wormhole, the deck, the discard pile, the Research Hand and the goals."""
        at = self._at
        base = at["wormhole"]
        for k, card in enumerate(obs["stable"]):
            if card is not None:
                out[base + k * NC + card["id"]] = 1.0
        base += 4 * NC
        for k, card in enumerate(obs["unstable"]):
            if card is not None:
                out[base + k * NC + card["id"]] = 1.0
        out[at["deck"]] = float(obs["deck"])
        base = at["known_deck_top"]
        _fits("known_deck_top", obs["known_deck_top"], HAND_SIZE)
        for k, card in enumerate(obs["known_deck_top"]):
            out[base + k * NC + card["id"]] = 1.0
        base = at["discard"]
        for card in obs["discard"]:
            out[base + card["id"]] = 1.0
        hand = obs["research_hand"]
        if isinstance(hand, list):
            _fits("research_hand", hand, HAND_SIZE)
            base = at["research_hand"]
            for k, card in enumerate(hand):
                out[base + k * NC + card["id"]] = 1.0
            out[at["research_hand_size"]] = float(len(hand))
        else:
            out[at["research_hand_size"]] = float(hand)
        out[at["research_hand_drawn"]] = 1.0 if obs["research_hand_drawn"] else 0.0
        out[at["chief_scientist_wormhole_picks"]] = float(obs["chief_scientist_wormhole_picks"])
        base = at["research_goals"]
        index = self.goal_index
        for k, g in enumerate(obs["research_goals"]):
            out[base + k * self.goals + index[g["id"]]] = 1.0
        secret = obs["secret_objective"]
        if secret is not None:
            out[at["secret_objective"] + index[secret["id"]]] = 1.0

    def _discs(self, obs: dict[str, Any], out: list[float]) -> None:
        """The Anomaly, its Nebulas, the bag and the Trigger Discs set aside."""
        at = self._at
        ac, asym = at["anomaly_colour"], at["anomaly_symbol"]
        for k, d in enumerate(obs["anomaly"]):
            if d is not None:
                out[ac + k * NCOL + _COLOUR[d["colour"]]] = 1.0
                out[asym + k * NSYM + _SYMBOL[d["symbol"]]] = 1.0
        out[at["nebulas"]] = float(obs["nebulas"])
        out[at["anomaly_blocked"]] = 1.0 if obs["anomaly_blocked"] else 0.0
        bag = obs["bag"]
        out[at["bag_discs"]] = float(bag["discs"])
        out[at["bag_purple"]] = float(bag["purple"])
        base = at["bag_by_type"]
        out[base:base + TYPES] = array("f", bag["by_type"].values())
        out[at["trigger_discs_aside"]] = float(obs["trigger_discs_aside"])

    def _matrix_phase(self, obs: dict[str, Any], out: list[float], rel: list[int]) -> None:
        """What the player in their Matrix phase has in hand: actions, waiting Strands,
        resources to allocate, the Quake's coming move, Flare benefits."""
        at = self._at
        left = obs["actions_left"]
        if left is not None:
            out[at["actions_left"]] = float(left)
        out[at["locked_board"]] = 1.0 if obs["locked_board"] else 0.0
        shapes, spaces = at["waiting_strands"], at["waiting_strand_spaces"]
        for w in obs["waiting_strands"]:
            out[shapes + w["shape"]] = 1.0
            base = spaces + _COLOUR[w["colour"]] * CELLS
            for r, c in w["spaces"]:
                out[base + r * G.SIZE + c] = 1.0
        pc, ps, pa = at["pending_colour"], at["pending_symbol"], at["pending_alliance"]
        _fits("pending_resource_discs", obs["pending_resource_discs"], MAX_PENDING)
        for k, r in enumerate(obs["pending_resource_discs"]):
            if "alliance" in r:
                out[pc + k * NCOL + _COLOUR[r["alliance"]]] = 1.0
                out[pa + k] = 1.0
            else:
                out[pc + k * NCOL + _COLOUR[r["colour"]]] = 1.0
                out[ps + k * NSYM + _SYMBOL[r["symbol"]]] = 1.0
        out[at["quake_steps_due"]] = float(obs["quake_steps_due"])
        out[at["flare_benefits_owed"]] = float(obs["flare_benefits_owed"])
        base = at["flare_queue"]
        _fits("flare_queue", obs["flare_queue"], K.FLARES)
        for k, card in enumerate(obs["flare_queue"]):
            out[base + k * K.FLARES + card - K.FLARE] = 1.0

    def _player(self, pv: dict[str, Any], out: list[float], r: int) -> None:
        """One player's Matrix, shields, mat, score pile and mat discard pile, at block ``r``."""
        at = self._at
        col, sym = _COLOUR, _SYMBOL
        mc = at["matrix_colour"] + r * CELLS * NCOL
        ms = at["matrix_symbol"] + r * CELLS * NSYM
        for row in pv["matrix"]:
            for d in row:
                if d is not None:
                    out[mc + col[d["colour"]]] = 1.0
                    out[ms + sym[d["symbol"]]] = 1.0
                mc += NCOL
                ms += NSYM
        base = at["matrix_shield"] + r * CELLS
        for s in pv["shields"]:
            row, c = s["space"]
            out[base + row * G.SIZE + c] = 1.0
        mat = pv["mat"]
        slots = self.slots
        _fits("mat", mat, slots)
        first = r * slots
        for k, card in enumerate(mat):
            slot = first + k
            out[at["mat_card"] + slot * NC + card["id"]] = 1.0
            out[at["mat_space"] + slot * 4 + _SPACE[card["space"]]] = 1.0
            base = at["mat_placed"] + slot * NCOL
            for c, v in card["placed"].items():
                out[base + col[c]] = float(v)
            base = at["mat_placed_discs"] + slot * TYPES
            for d in card["placed_discs"]:
                out[base + col[d["colour"]] * NSYM + sym[d["symbol"]]] += 1.0
            base = at["mat_alliance_tokens"] + slot * NCOL
            for c in card["alliance_tokens"]:
                out[base + col[c]] = 1.0
            if "step" in card:
                out[at["mat_flare_step"] + slot] = float(card["step"])
                base = at["mat_flare_markers"] + slot * TYPES
                for d in card["markers"]:
                    out[base + col[d["colour"]] * NSYM + sym[d["symbol"]]] += 1.0
        base = at["score_pile"] + r * NC
        for card in pv["score_pile"]:
            out[base + card["id"]] = 1.0
        out[at["score_pile_size"] + r] = float(pv["score_pile_size"])
        out[at["score_pile_face_down"] + r] = 1.0 if pv["score_pile_face_down"] else 0.0
        base = at["flares_scored_this_turn"] + r * K.FLARES - K.FLARE
        for card in pv["flares_scored_this_turn"]:
            out[base + card] = 1.0
        out[at["mat_discard"] + r] = float(pv["mat_discard"])
        base = at["mat_discard_by_type"] + r * TYPES
        out[base:base + TYPES] = array("f", pv["mat_discard_by_type"].values())
