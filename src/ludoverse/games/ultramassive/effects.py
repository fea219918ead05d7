"""Carrying out effects: the steps of cards and Anomalies, absorption and expansion.

The acting player's pending steps sit on ``s.stack`` (top = next). :func:`run` carries out
steps until one needs a decision. When the stack is empty the current action is complete
(UM-ABSORB-4), and only then are the tokens it brought in absorbed, the Black Hole expanded,
triggered Passives resolved and Core Anomalies chosen, in that order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive import solo

if TYPE_CHECKING:
    from ludoverse.games.ultramassive.state import UltramassiveState

MAX_DISCOVERY = 10
STACK_CAP, CARD_PLAYS, SIPHON_SIZE, HAND_SIZE, ABSORB_BONUS, EMPOWER = 0, 1, 2, 3, 4, 9

DECISIONS = frozenset(("any_order", "gain", "orbit", "wormhole", "move_wormhole", "move_to",
                       "discard_for_power", "cycle", "remove", "pay", "choose", "pull",
                       "empower", "core"))
"""Steps that ask the player something; the others happen on their own."""


def push(s: UltramassiveState, prog: tuple[Any, ...]) -> None:
    """Queue a program so that its first step is carried out next."""
    s.stack.extend(reversed(prog))


def run(s: UltramassiveState) -> None:
    """Carry out steps until a decision is needed (``s.stack`` not empty) or all is settled."""
    p = s.actor
    stack = s.stack
    top = 3 if s.opts.ultramassive_size == "third_expansion" else 2
    while True:
        if stack:
            step = stack[-1]
            if step[0] in DECISIONS:
                options = decision_options(s, step)
                if options:
                    s.legal_cache = options  # the position's legal moves, already at hand
                    return
                stack.pop()  # UM-EFFECT-3: nothing to choose, so the step does nothing
                _lapse(s, p, step)
                continue
            stack.pop()
            _AUTO[step[0]](s, p, step)
            continue
        if s.arrived:
            absorb(s, p)
            continue
        size = s.size[p]
        if size < top and s.sm[p] >= B.THRESHOLDS[size]:  # UM-EXPAND-1
            expand(s, p)
            continue
        if s.triggered:
            prog = s.triggered.pop(0)
            push(s, prog)
            continue
        if s.core_due:
            s.core_due -= 1
            if any(c not in s.cores_owned[p] for c in s.cores_drawn[p]):
                stack.append(("core",))
            continue
        if s.n == 1 and solo.check_challenges(s, "immediate"):
            continue
        return


# Gains ----------------------------------------------------------------------------------------


def gain_discovery(s: UltramassiveState, p: int, n: int) -> None:
    """UM-GAIN-7: the Discovery track runs from 0 to 10."""
    s.disc[p] = max(0, min(MAX_DISCOVERY, s.disc[p] + n))


def gain_solar_mass(s: UltramassiveState, p: int, n: int) -> None:
    s.sm[p] += n


def place(s: UltramassiveState, p: int, cell: int, token: int) -> None:
    """Put a gained token on ``cell``: it detonates, lands on a Rift Space, or joins the
    stack (UM-GAIN-4, UM-ABSORB-3)."""
    stack = s.boards[p][cell]
    if B.detonates(stack, token):
        s.log("detonate", seat=p, space=B.SPACE_NAMES[cell], tokens=[*stack, token])
        stack.clear()
        s.count(p, "detonations")
        fire(s, p, "detonate")
        return
    if B.is_antimatter(token) and cell % B.SPACES == B.RIFT:
        s.log("place", seat=p, token=B.TOKEN_IDS[token], space=B.SPACE_NAMES[cell])
        s.arrived.append(token)
        return
    stack.append(token)
    s.log("place", seat=p, token=B.TOKEN_IDS[token], space=B.SPACE_NAMES[cell])


def placements(s: UltramassiveState, p: int, token: int, to: int) -> list[int]:
    """Action ids of the spaces a gained token may go to (``to``: 0 first space, 1 a
    Wormhole, 2 a Rift Space)."""
    board = s.boards[p]
    cap = B.STACK_CAP + s.mods[p][STACK_CAP]
    if to == 1:
        return [A.WORMHOLE + w for w, cell in enumerate(s.worm[p])
                if cell >= 0 and B.can_place(board[cell], token, cap)]
    index = 0 if to == 0 else B.RIFT
    return [A.CHANNEL + ch for ch in (0, 1)
            if B.can_place(board[ch * B.SPACES + index], token, cap)]


# Orbit, Wormholes, absorption -------------------------------------------------------------------


def orbit(s: UltramassiveState, p: int, channel: int, n: int) -> None:
    """UM-ORBIT-1..3: every stack of the channel moves ``n`` spaces inward, innermost first;
    a stack reaching the Black Hole stops there, Antimatter landing on the Rift Space stays
    there to be absorbed."""
    board = s.boards[p]
    length = B.channel_length(s.size[p])
    base = channel * B.SPACES
    for i in range(length - 1, -1, -1):
        stack = board[base + i]
        if not stack:
            continue
        board[base + i] = []
        dest = i + n
        if dest >= length or (dest == B.RIFT and B.is_antimatter(stack[0])):
            s.arrived.extend(stack)
        else:
            board[base + dest] = stack
    s.log("orbit", seat=p, channel=B.CHANNELS[channel], times=n)
    s.count(p, "orbits")
    fire(s, p, "orbit")


def activate_pair(s: UltramassiveState, p: int, w1: int, w2: int) -> None:
    """UM-WORM-2..4: swap everything on the two Wormholes' spaces, then close both."""
    board = s.boards[p]
    c1, c2 = s.worm[p][w1], s.worm[p][w2]
    board[c1], board[c2] = board[c2], board[c1]
    s.worm_open[p][w1] = s.worm_open[p][w2] = False
    s.log("wormholes", seat=p, spaces=[B.SPACE_NAMES[c1], B.SPACE_NAMES[c2]])
    for cell in (c1, c2):
        stack = board[cell]
        if stack and cell % B.SPACES == B.RIFT and B.is_antimatter(stack[0]):
            s.arrived.extend(stack)
            board[cell] = []
    s.count(p, "wormhole_activations")
    fire(s, p, "wormhole")


def absorb(s: UltramassiveState, p: int) -> None:
    """UM-ABSORB-1, UM-ABSORB-2: tokens that reached the Black Hole (or Antimatter that landed
    on a Rift Space) add their value; they go back to the supply."""
    tokens, s.arrived = s.arrived, []
    mods = s.mods[p]
    gained = 0
    for t in tokens:
        sm = B.SOLAR_MASS[t] + mods[ABSORB_BONUS + t]
        gained += sm
        s.sm[p] += sm
        if t == B.MINOR:
            gain_discovery(s, p, 1)
        s.count(p, "absorbed_tokens")
        s.count(p, _ABSORBED[t])
        s.count(p, "absorbed_antimatter" if B.is_antimatter(t) else "absorbed_matter")
        fire(s, p, "absorb", token=t)
    s.count(p, "absorbed_solar_mass", gained)
    if not s.quiet:  # search keeps no log: spare it the list
        s.log("absorb", seat=p, tokens=[B.TOKEN_IDS[t] for t in tokens], solar_mass=gained)


_ABSORBED = tuple("absorbed:" + t for t in B.TOKEN_IDS)
"""The per-token counters of absorbed tokens (solo Challenges read them)."""


def expand(s: UltramassiveState, p: int) -> None:
    """UM-EXPAND-1..5: the next Black Hole card covers a space of each channel (not the
    third growth), absorbing what lies there and pushing Wormholes outward; one Core Anomaly
    is discovered once the action settles."""
    s.size[p] += 1
    size = s.size[p]
    board = s.boards[p]
    if size <= B.SUPERMASSIVE:
        index = B.channel_length(size)
        for ch in (0, 1):
            cell = ch * B.SPACES + index
            s.arrived.extend(board[cell])
            board[cell] = []
            for w, wc in enumerate(s.worm[p]):
                if wc == cell:
                    dest = next(ch * B.SPACES + i for i in range(index - 1, -1, -1)
                                if ch * B.SPACES + i not in s.worm[p])
                    s.worm[p][w] = dest
    s.core_due += 1
    s.count(p, "expansions")
    s.log("expand", seat=p, size=B.SIZE_NAMES[size])
    fire(s, p, "expand")


# Passives ---------------------------------------------------------------------------------------


def fire(s: UltramassiveState, p: int, trigger: str, token: int = -1, card_type: int = -1) -> None:
    """Queue every Passive of ``p`` that ``trigger`` sets off (UM-EFFECT-4)."""
    abilities = s.rules.abilities
    for a in s.gained[p]:
        for tokens, ctype, prog in abilities[a].triggered_by.get(trigger, ()):
            if token >= 0 and token not in tokens:
                continue
            if ctype >= 0 and ctype != card_type:
                continue
            s.triggered.append(prog)


def _owned(s: UltramassiveState, p: int) -> list[int]:
    return s.gained[p]


def recompute_mods(s: UltramassiveState, p: int) -> None:
    mods = [0] * 12
    for a in _owned(s, p):
        for kind, tokens, ctype, n in s.rules.abilities[a].modifiers:
            if kind == "absorb_bonus":
                for t in tokens:
                    mods[ABSORB_BONUS + t] += n
            elif kind == "empower":
                mods[EMPOWER + ctype] = 1
            else:
                mods[("stack_cap", "card_plays", "siphon_size", "hand_size").index(kind)] += n
    s.mods[p] = mods


def can_empower(s: UltramassiveState, p: int, card: int) -> bool:
    """UM-ACT-4: Empowered effects need the Tier 3 Anomaly of the card's type."""
    ctype = s.rules.card_type[card]
    return ctype * 5 + 3 in s.owned[p] or bool(s.mods[p][EMPOWER + ctype])


# Quantities (X on a card) -------------------------------------------------------------------------


def quantity(s: UltramassiveState, p: int, x: str) -> int:
    if x == "anomalies":
        return len(s.owned[p]) + len(s.cores_owned[p])
    if x == "open_wormholes":
        return sum(s.worm_open[p])
    if x == "closed_wormholes":
        return 4 - sum(s.worm_open[p])
    if x == "round":
        return s.round
    if x == "size":
        return s.size[p]
    if x == "stacks":
        board = s.boards[p]
        return len(board) - board.count([])
    if x == "antimatter_on_board":
        return sum(1 for st in s.boards[p] if st and B.is_antimatter(st[0]))
    if x == "cards_in_hand":
        return len(s.hands[p])
    if x == "discovery":
        return s.disc[p]
    if x == "tier3_anomalies":
        return sum(1 for a in s.owned[p] if a % 5 >= 3)
    raise ValueError(f"unknown quantity {x!r}")


# Steps that need no decision ----------------------------------------------------------------


def _discovery(s: UltramassiveState, p: int, step: tuple[Any, ...]) -> None:
    gain_discovery(s, p, step[1])
    s.log("discovery", seat=p, n=step[1])


def _lose_discovery(s: UltramassiveState, p: int, step: tuple[Any, ...]) -> None:
    gain_discovery(s, p, -step[1])
    s.log("lose_discovery", seat=p, n=step[1])


def _solar_mass(s: UltramassiveState, p: int, step: tuple[Any, ...]) -> None:
    gain_solar_mass(s, p, step[1])
    s.log("solar_mass", seat=p, n=step[1])


def _siphon(s: UltramassiveState, p: int, step: tuple[Any, ...]) -> None:
    """UM-SIPHON-1, UM-SIPHON-2: a reward of your size or any smaller one."""
    top = min(s.size[p] + s.mods[p][SIPHON_SIZE], len(s.rules.siphon_rows) - 1)
    options = tuple(o for row in s.rules.siphon_rows[:top + 1] for o in row)
    s.stack.append(("choose", options))
    s.count(p, "siphons")
    s.log("siphon", seat=p)
    fire(s, p, "siphon")


def _open_wormholes(s: UltramassiveState, p: int, step: tuple[Any, ...]) -> None:
    s.worm_open[p] = [True] * 4
    s.log("open_wormholes", seat=p)


def _draw(s: UltramassiveState, p: int, step: tuple[Any, ...]) -> None:
    draw(s, p, step[1])


def _if_size(s: UltramassiveState, p: int, step: tuple[Any, ...]) -> None:
    if s.size[p] >= step[1]:
        push(s, step[2])


def _gain_x(s: UltramassiveState, p: int, step: tuple[Any, ...]) -> None:
    _, resource, x, per, cap = step
    n = min(cap, per * quantity(s, p, x))
    if n:
        if resource == "solar_mass":
            gain_solar_mass(s, p, n)
        else:
            gain_discovery(s, p, n)
    s.log("gain_x", seat=p, resource=resource, n=n)


def _extra_play(s: UltramassiveState, p: int, step: tuple[Any, ...]) -> None:
    s.extra_plays[p] += step[1]


_AUTO = {"discovery": _discovery, "lose_discovery": _lose_discovery,
         "solar_mass": _solar_mass, "siphon": _siphon, "open_wormholes": _open_wormholes,
         "draw": _draw, "if_size": _if_size, "gain_x": _gain_x, "extra_play": _extra_play}


def draw(s: UltramassiveState, p: int, n: int) -> None:
    """UM-ACT-8: draw from the Action deck; when it runs out the discard pile is shuffled
    into a new deck."""
    got = []
    for _ in range(n):
        if not s.deck:
            break
        got.append(s.deck.pop())
        if not s.deck and s.discard:
            s.deck, s.discard = s.discard, []
            s.rng.shuffle(s.deck)
            s.log("reshuffle", cards=len(s.deck))
    s.hands[p].extend(got)
    if got and not s.quiet:  # search keeps no log: spare it the names
        s.log("draw", seat=p, count=len(got))
        s.log("drew", visible_to=p, seat=p, cards=got,
              names=[s.content.deck[c].name for c in got])


# Decisions ------------------------------------------------------------------------------------


def decision_options(s: UltramassiveState, step: tuple[Any, ...]) -> list[int]:
    """Sorted action ids open to the actor for a pending decision (empty: it lapses)."""
    p = s.actor
    op = step[0]
    if op == "gain":
        return placements(s, p, step[1], step[2])
    if op == "orbit":
        return [A.CHANNEL, A.CHANNEL + 1]
    if op == "pull":
        length = B.channel_length(s.size[p])
        return [A.CHANNEL + ch for ch in (0, 1)
                if any(s.boards[p][ch * B.SPACES + i] for i in range(length))]
    if op == "wormhole":
        usable = [w for w in range(4) if s.worm_open[p][w] or step[1]]
        return [A.PAIR + k for k, (a, b) in enumerate(A.PAIRS) if a in usable and b in usable]
    if op == "move_wormhole":
        return [A.WORMHOLE + w for w in range(4)] if free_spaces(s, p) else []
    if op == "move_to":
        return [A.SPACE + c for c in free_spaces(s, p)]
    if op in ("discard_for_power", "cycle"):
        if step[1] <= 0 or not s.hands[p]:
            return []
        return sorted([A.DISCARD + c for c in s.hands[p]] + [A.STOP])
    if op == "remove":
        out = []
        for cell, stack in enumerate(s.boards[p]):
            for t in set(stack):
                if t in step[1]:
                    out.append(A.REMOVE + cell * B.NUM_TOKENS + t)
        for t in step[1]:
            if _pending_token(s, p, t) is not None:
                out.append(A.REMOVE_PENDING + t)
        return sorted(out)
    if op == "pay":
        if s.disc[p] < step[1]:
            return []
        return [A.CONFIRM, A.DECLINE] if step[3] else [A.CONFIRM]
    if op in ("choose", "any_order"):
        return [A.OPTION + k for k in range(len(step[1]))]
    if op == "empower":
        return [A.CONFIRM, A.DECLINE] if can_empower(s, p, step[1]) else []
    if op == "core":
        return [A.CORE + c for c in s.cores_drawn[p] if c not in s.cores_owned[p]]
    raise AssertionError(op)


def free_spaces(s: UltramassiveState, p: int) -> list[int]:
    """Uncovered spaces without a Wormhole."""
    taken = s.worm[p]
    return [c for c in B.UNCOVERED[s.size[p]] if c not in taken]


def _pending_token(s: UltramassiveState, p: int, token: int) -> int | None:
    """Index in ``pending`` of a drafted resource not yet gained that is this token: the
    Antimatter space (Major), someone else's Antimatter pick (Minor), or a Matter space
    (UM-DRAFT-9)."""
    for i, r in enumerate(s.pending[p]):
        if r == A.MINOR_PENDING:
            if token == B.MINOR:
                return i
        elif s.rules.option_token[r] == token:
            return i
    return None


def _lapse(s: UltramassiveState, p: int, step: tuple[Any, ...]) -> None:
    """A decision with nothing to choose: a token that fits nowhere returns to the supply
    (UM-GAIN-2); a Cycle with no cards left settles what was discarded."""
    if step[0] == "gain":
        s.log("returned", seat=p, token=B.TOKEN_IDS[step[1]])
    elif step[0] == "cycle":
        _settle_cycle(s, p, step)


def decide(s: UltramassiveState, a: int) -> None:
    """Apply the actor's answer ``a`` to the pending decision on top of the stack."""
    p = s.actor
    step = s.stack.pop()
    op = step[0]
    if op == "gain":
        if a >= A.WORMHOLE:
            cell = s.worm[p][a - A.WORMHOLE]
        else:
            ch = a - A.CHANNEL
            cell = ch * B.SPACES + (B.RIFT if step[2] == 2 else 0)
        place(s, p, cell, step[1])
    elif op == "orbit":
        orbit(s, p, a - A.CHANNEL, step[1])
    elif op == "pull":
        ch = a - A.CHANNEL
        length = B.channel_length(s.size[p])
        cell = next(ch * B.SPACES + i for i in range(length - 1, -1, -1)
                    if s.boards[p][ch * B.SPACES + i])
        s.arrived.extend(s.boards[p][cell])
        s.boards[p][cell] = []
        s.log("pull", seat=p, space=B.SPACE_NAMES[cell])
    elif op == "wormhole":
        w1, w2 = A.PAIRS[a - A.PAIR]
        activate_pair(s, p, w1, w2)
    elif op == "move_wormhole":
        s.stack.append(("move_to", a - A.WORMHOLE))
    elif op == "move_to":
        w = step[1]
        s.log("move_wormhole", seat=p, frm=B.SPACE_NAMES[s.worm[p][w]],
              to=B.SPACE_NAMES[a - A.SPACE])
        s.worm[p][w] = a - A.SPACE
    elif op == "discard_for_power":
        if a == A.STOP:
            return
        card = _discard_from_hand(s, p, a - A.DISCARD)
        if step[2] > 1:
            s.stack.append(("discard_for_power", step[1], step[2] - 1))
        power = s.rules.card_power[card]
        push(s, ((("discovery", power),), (("solar_mass", power),), (("orbit", power),))[step[1]])
    elif op == "cycle":
        if a == A.STOP:
            _settle_cycle(s, p, step)
            return
        _discard_from_hand(s, p, a - A.DISCARD)
        s.stack.append(("cycle", step[1] - 1, step[2], step[3] + 1))
    elif op == "remove":
        _remove(s, p, a)
        push(s, step[2])
    elif op == "pay":
        if a == A.CONFIRM:
            gain_discovery(s, p, -step[1])
            s.log("pay", seat=p, discovery=step[1])
            push(s, step[2])
    elif op == "choose":
        push(s, step[1][a - A.OPTION])
    elif op == "any_order":
        k = a - A.OPTION
        rest = step[1][:k] + step[1][k + 1:]
        if rest:
            s.stack.append(("any_order", rest))
        push(s, (step[1][k],))
    elif op == "empower":
        if a == A.CONFIRM:
            s.count(p, "empowered")
            s.log("empowered", seat=p, card=s.rules.card_name[step[1]])
            push(s, s.rules.empowered[step[1]])
    elif op == "core":
        c = a - A.CORE
        s.cores_owned[p].append(c)
        s.gained[p].append(15 + c)
        recompute_mods(s, p)
        s.log("core_anomaly", seat=p, core=s.rules.abilities[15 + c].name)


def _discard_from_hand(s: UltramassiveState, p: int, card: int) -> int:
    s.hands[p].remove(card)
    s.discard.append(card)
    s.log("discard", seat=p, card=s.rules.card_name[card], id=card)
    return card


def _settle_cycle(s: UltramassiveState, p: int, step: tuple[Any, ...]) -> None:
    done = step[3]
    if done:
        draw(s, p, done)
        if step[2]:
            gain_solar_mass(s, p, done * step[2])
            s.log("solar_mass", seat=p, n=done * step[2])


def _remove(s: UltramassiveState, p: int, a: int) -> None:
    if a >= A.REMOVE_PENDING:
        token = a - A.REMOVE_PENDING
        i = _pending_token(s, p, token)
        assert i is not None
        del s.pending[p][i]
        s.log("remove", seat=p, token=B.TOKEN_IDS[token], space="drafted")
        return
    cell, token = divmod(a - A.REMOVE, B.NUM_TOKENS)
    s.boards[p][cell].remove(token)
    s.log("remove", seat=p, token=B.TOKEN_IDS[token], space=B.SPACE_NAMES[cell])
