"""Phase 1, the Resource Draft: two picks each, then everyone gains what they drafted.

Set 1 is picked in turn order from the round's starting player, set 2 in reverse order
starting with whoever picked last in set 1 (UM-DRAFT-3, UM-DRAFT-4). Drafted resources are
gained afterwards, one at a time in the order the player chooses (UM-DRAFT-12); players do so
one after the other in turn order, which changes nothing as no board affects another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive import effects as E
from ludoverse.games.ultramassive.content import DRAFT_SPACES
from ludoverse.games.ultramassive.phases import DRAFT, GAIN

if TYPE_CHECKING:
    from ludoverse.games.ultramassive.state import UltramassiveState


def layout(*sets: tuple[int, ...]) -> list[int]:
    """The Draft sets as the engine keeps them (``s.draft_sets``): ``DRAFT_SPACES`` slots
    per set, so that space ``k`` of set ``j`` is slot ``j * DRAFT_SPACES + k`` whatever the
    set's size; slots past a set's last space hold -1."""
    out: list[int] = []
    for options in sets:
        out += [*options, *[-1] * (DRAFT_SPACES - len(options))]
    return out


def draft_set(s: UltramassiveState, j: int) -> list[int]:
    """The options of set ``j`` (0 or 1), from its leftmost space."""
    return [o for o in s.draft_sets[j * DRAFT_SPACES:(j + 1) * DRAFT_SPACES] if o >= 0]


def spaces_in_play(s: UltramassiveState) -> int:
    """UM-DRAFT-2: the rightmost space of each set only with 4 players (both sets in play
    always have the same size)."""
    size = len(draft_set(s, 0))
    return size if s.n == 4 else size - 1


def begin(s: UltramassiveState) -> None:
    order = s.turn_order()
    s.phase = DRAFT
    s.picks = order + order[::-1]
    s.taken = [-1] * (2 * DRAFT_SPACES)
    s.idx = 0
    s.actor = s.picks[0]
    s.log("draft", round=s.round, options=[s.rules.option_label[o] for j in (0, 1)
                                           for o in draft_set(s, j)])


def current_set(s: UltramassiveState) -> int:
    return 0 if s.idx < s.n else 1


def legal(s: UltramassiveState) -> list[int]:
    base = current_set(s) * DRAFT_SPACES
    return [A.DRAFT + k for k in range(spaces_in_play(s)) if s.taken[base + k] < 0]


def pick(s: UltramassiveState, a: int) -> None:
    k = current_set(s) * DRAFT_SPACES + a - A.DRAFT
    s.taken[k] = s.actor
    s.log("pick", seat=s.actor, set=current_set(s) + 1,
          option=s.rules.option_label[s.draft_sets[k]])
    s.idx += 1
    if s.idx < len(s.picks):
        s.actor = s.picks[s.idx]


def begin_gain(s: UltramassiveState) -> None:
    """UM-DRAFT-6: an Antimatter space gives its picker a Major Antimatter (the option itself)
    and everyone else a Minor one."""
    for k, seat in enumerate(s.taken):
        if seat < 0:
            continue
        option = s.draft_sets[k]
        s.pending[seat].append(option)
        if s.rules.option_antimatter[option]:
            for q in range(s.n):
                if q != seat:
                    s.pending[q].append(A.MINOR_PENDING)
    s.phase = GAIN
    s.order = s.turn_order()
    s.idx = 0
    s.actor = s.order[0]


def gain_legal(s: UltramassiveState) -> list[int]:
    return sorted({A.RESOURCE + r for r in s.pending[s.actor]})


def gain(s: UltramassiveState, a: int) -> None:
    """Gain one drafted resource and carry out all of it (UM-DRAFT-12, UM-DRAFT-6)."""
    p = s.actor
    r = a - A.RESOURCE
    s.pending[p].remove(r)
    if r == A.MINOR_PENDING:
        s.stack.append(("gain", B.MINOR, 0))
        s.log("gain_resource", seat=p, resource="Minor Antimatter")
    elif s.rules.option_antimatter[r]:
        s.stack.append(("gain", B.MAJOR, 0))
        s.log("gain_resource", seat=p, resource="Major Antimatter")
    else:
        E.push(s, s.rules.options[r])
        s.log("gain_resource", seat=p, resource=s.rules.option_label[r])


def replace_tokens(s: UltramassiveState) -> None:
    """UM-ADV-4: after Rounds 2 and 4 both Draft tokens leave and two new ones are drawn."""
    if not s.tokens_in_play:
        return
    s.tokens_in_play = [s.token_bag.pop(), s.token_bag.pop()]
    s.draft_sets = layout(*(s.rules.tokens[t] for t in s.tokens_in_play))
    s.log("draft_tokens", tokens=[s.content.draft_tokens[t].id for t in s.tokens_in_play])
