"""The five transformer abilities (MU-ABILITY), and the choices they need.

1. Rearrange one stack in secret. 2. Draw 3, then keep 2 cards of the whole hand.
3. Swap two face-up portals. 4. Send every face-up portal under its stack.
5. At the end of the turn, keep one card played for a row action as a tool.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum import turn

if TYPE_CHECKING:
    from ludoverse.games.multiuniversum.state import MultiuniversumState as S

DRAW = 3
KEEP = 2


def offered(s: S, ability: int) -> bool:
    """MU-TURN-4: an ability is offered only if it can change something."""
    if ability == P.REORDER or ability == P.ROTATE:
        return any(len(st) >= 2 for st in s.stacks)
    if ability == P.DRAW_KEEP:  # the card played for it leaves the hand first
        return bool(s.deck or s.discard) or len(s.hands[s.active]) - 1 > KEEP
    if ability == P.SWAP_PORTALS:
        return sum(1 for st in s.stacks if st) >= 2
    return True


def start(s: S, ability: int) -> None:
    p = s.active
    if ability == P.REORDER:  # MU-ABILITY-1
        s.phase = P.STACK
    elif ability == P.DRAW_KEEP:  # MU-ABILITY-2
        for _ in range(DRAW):
            if s.draw(p) < 0:
                break
        if len(s.hands[p]) > KEEP:
            s.kept = []
            s.phase = P.KEEP
    elif ability == P.SWAP_PORTALS:  # MU-ABILITY-3
        s.phase = P.SWAP
    elif ability == P.ROTATE:  # MU-ABILITY-4
        rotate(s)
    else:  # MU-ABILITY-5
        s.keep5 += 1
        s.log("will_keep_a_tool", seat=p)


def rotate(s: S) -> None:
    moved = []
    for t, stack in enumerate(s.stacks):
        if len(stack) >= 2:
            top = stack.pop()
            stack.insert(0, top)
            s.pknow[stack[-1]] = P.PUBLIC  # MU-KNOW-4: the one sent down stays known to all
            moved.append({"transformer": t + 1, "sent_down": top, "face_up": stack[-1]})
    s.log("portals_rotated", seat=s.active, stacks=moved)


def tool_choices(s: S) -> list[int]:
    """MU-ABILITY-5, MU-TOOL-5: the cards ability 5 may keep: played for a row action this
    turn and not kept yet."""
    area = s.area[s.active]
    return [c for c in s.played if c in area]


def legal(s: S) -> list[int]:
    ph = s.phase
    if ph == P.STACK:
        return [A.STACK + t for t, st in enumerate(s.stacks) if len(st) >= 2]
    if ph == P.PLACE:
        return [A.PLACE + q for q in sorted(s.stacks[s.a1_stack]) if q not in s.order]
    if ph == P.KEEP:
        return [A.KEEP + c for c in sorted(s.hands[s.active]) if c not in s.kept]
    if ph == P.SWAP:
        return [A.SWAP + i for i, (a, b) in enumerate(A.PAIRS) if s.stacks[a] and s.stacks[b]]
    return [A.KEEP_TOOL + c for c in sorted(tool_choices(s))]


def play(s: S, a: int) -> None:
    p = s.active
    ph = s.phase
    if ph == P.STACK:
        t = s.a1_stack = a - A.STACK
        s.order = []
        s.phase = P.PLACE
        for q in s.stacks[t]:  # MU-KNOW-4: the arranger has now seen the whole stack
            if s.pknow[q] != P.PUBLIC:
                s.pknow[q] |= 1 << p
        s.log("stack_chosen", seat=p, transformer=t + 1)
        s.log("stack_seen", seat=p, transformer=t + 1, portals=s.stacks[t][::-1],
              visible_to=p)
    elif ph == P.PLACE:
        s.order.append(a - A.PLACE)
        if len(s.order) == len(s.stacks[s.a1_stack]):
            reorder(s)
    elif ph == P.KEEP:
        s.kept.append(a - A.KEEP)
        if len(s.kept) == KEEP:
            hand = s.hands[p]
            out = [c for c in hand if c not in s.kept]
            s.hands[p] = [c for c in hand if c in s.kept]
            s.discard.extend(out)
            for c in out:
                s.revealed[c] = False
            s.kept = []
            s.phase = P.TURN
            s.log("kept_two", seat=p, discarded=out)
    elif ph == P.SWAP:
        x, y = A.PAIRS[a - A.SWAP]
        sx, sy = s.stacks[x], s.stacks[y]
        sx[-1], sy[-1] = sy[-1], sx[-1]
        s.phase = P.TURN
        s.log("portals_swapped", seat=p, transformers=[x + 1, y + 1],
              face_up=[sx[-1], sy[-1]])
    else:
        c = a - A.KEEP_TOOL
        s.area[p].remove(c)
        s.tools[p].append(c)
        s.keep5 -= 1
        s.log("kept_as_tool", seat=p, card=c, tool=s.T.tool[c])
        if not (s.keep5 and tool_choices(s)):
            turn.finish_turn(s)


def reorder(s: S) -> None:
    """MU-ABILITY-1, MU-KNOW-4: the new order, top first; only its arranger knows it."""
    p, t = s.active, s.a1_stack
    stack = s.stacks[t]
    stack[:] = s.order[::-1]
    public = s.opts.portal_visibility == "all_face_up"
    for q in stack:
        s.pknow[q] = P.PUBLIC if public else 1 << p
    s.pknow[stack[-1]] = P.PUBLIC
    s.order = []
    s.a1_stack = -1
    s.phase = P.TURN
    s.log("stack_reordered", seat=p, transformer=t + 1, face_up=stack[-1])
    if public:
        s.log("stack_order", transformer=t + 1, portals=stack[::-1])
    else:
        s.log("stack_order", transformer=t + 1, portals=stack[::-1], visible_to=p)
