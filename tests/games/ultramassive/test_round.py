"""The end of a round: the Starting Player token, Wormholes reopening and moving after Rounds 2
and 4, new Draft tokens, and the next round's draft order (docs/rules/ultramassive.md,
sections 5 and 13).

Games are played on with ``play``: every player activates their first pair of Wormholes when
it is open (so closed Wormholes show whether they reopen), discovers nothing and ends their
Actions phase; any other decision takes the first choice.
"""

from __future__ import annotations

from itertools import groupby

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import state as S

from .builders import cell, give_wormholes, new


def choose(s: S.UltramassiveState) -> int:
    legal = s.legal_actions()
    if s.phase == S.ACTIONS and A.PAIR in legal:
        return A.PAIR
    return next((q for q in (A.DECLINE, A.END_ACTIONS, A.STOP) if q in legal), legal[0])


def play(s: S.UltramassiveState, until: object) -> S.UltramassiveState:
    """Play on until ``until(s)`` holds."""
    while not until(s):
        s.apply(choose(s))
    return s


def phases_of_a_game(players: int, **options: object) -> list[tuple[int, int]]:
    s = new(players, **options)
    seen = []
    while not s.is_terminal():
        seen.append((s.round, s.phase))
        s.apply(choose(s))
    return [k for k, _ in groupby(seen)]


# UM-ROUND-1
def test_the_starting_player_token_passes_clockwise_each_round() -> None:
    """Three players: seats 0, 1, 2, 0, 1, 2 start Rounds 1 to 6."""
    s = new(3)
    starts = []
    for r in range(1, 7):
        play(s, lambda t, r=r: t.round == r)
        starts.append(s.start)
    assert starts == [0, 1, 2, 0, 1, 2]


# UM-ROUND-1
def test_the_round_ends_after_the_solar_mass_bonus() -> None:
    """The bonus is paid before Round 2 begins with seat 1 as starting player."""
    s = play(new(2), lambda t: t.phase == S.ACTIONS)
    s.size[1], s.sm[1] = 1, 25
    play(s, lambda t: t.round == 2)
    kinds = [e.kind for e in s.events if e.kind in ("bonus", "round")]
    assert kinds[-2:] == ["bonus", "round"]
    assert s.start == 1


# UM-ROUND-2
def test_wormholes_reopen_and_move_only_after_rounds_2_and_4() -> None:
    """Each round every player closes a pair of Wormholes; they are open again only after Rounds
    2 and 4, the only times Wormholes move."""
    phases = phases_of_a_game(2)
    assert [r for r, ph in phases if ph == S.REPOSITION] == [2, 4]
    s = new(2)
    opened = {}
    for r in range(2, 7):
        play(s, lambda t, r=r: t.round == r and t.phase == S.DRAFT)
        opened[r] = list(s.worm_open[0])
    closed_pair = [False, False, True, True]
    assert opened == {2: closed_pair, 3: [True] * 4, 4: closed_pair, 5: [True] * 4,
                      6: closed_pair}


# UM-ROUND-2, UM-ADV-4
def test_draft_tokens_are_replaced_before_wormholes_move() -> None:
    """At the repositioning after Round 2 two new tokens are already in place, the old ones gone
    for good."""
    s = new(2, advanced_draft=True)
    first = list(s.tokens_in_play)
    play(s, lambda t: t.phase == S.REPOSITION)
    assert s.round == 2 and s.worm_open == [[True] * 4] * 2
    assert set(s.tokens_in_play).isdisjoint(first)
    assert set(first).isdisjoint(s.token_bag)
    reopen = next(i for i, e in enumerate(s.events) if e.kind == "wormholes_reopen")
    tokens = next(i for i, e in enumerate(s.events) if e.kind == "draft_tokens")
    assert tokens < reopen


# UM-ADV-4
def test_draft_tokens_stay_in_place_after_rounds_1_3_and_5() -> None:
    """Each pair of tokens covers two rounds."""
    s = new(2, advanced_draft=True)
    seen = {}
    for r in range(1, 7):
        play(s, lambda t, r=r: t.round == r and t.phase == S.DRAFT)
        seen[r] = tuple(s.tokens_in_play)
    assert seen[1] == seen[2] != seen[3] == seen[4] != seen[5] == seen[6]
    assert len(set(seen.values())) == 3


# UM-ROUND-3
def test_the_next_round_drafts_from_the_new_starting_player() -> None:
    """Round 2 of a 3-player game: set 1 from seat 1 clockwise, set 2 back from seat 0."""
    s = play(new(3), lambda t: t.round == 2)
    assert s.phase == S.DRAFT and s.start == 1
    assert s.picks == [1, 2, 0, 0, 2, 1] and s.actor == 1
    view = s.observation(None)
    assert (view["round"], view["starting_player"], view["phase"]) == (2, 1, "resource draft")


# UM-WORM-7
def test_players_move_wormholes_one_at_a_time_from_the_new_starting_player() -> None:
    """After Round 2 of a 3-player game seat 2 holds the Starting Player token and is asked
    first, then seats 0 and 1."""
    s = play(new(3), lambda t: t.phase == S.REPOSITION)
    asked = []
    while s.phase == S.REPOSITION:
        asked.append(s.actor)
        s.apply(A.STOP)
    assert asked == [2, 0, 1] and s.round == 3 and s.phase == S.DRAFT


# UM-WORM-7
def test_a_wormhole_moves_to_a_free_uncovered_space() -> None:
    """Seat 2 is Stellar (space 7 covered): its Wormhole on blue 1 may go to any other space
    but those of its other Wormholes and the covered ones."""
    s = play(new(3), lambda t: t.phase == S.REPOSITION)
    s.size[2] = 1
    give_wormholes(s, 2, ("blue 1", "blue 6", "pink 1", "pink 6"))
    assert s.actor == 2 and s.legal_actions() == sorted(
        [A.STOP, *(A.WORMHOLE + w for w in range(4))])
    s.apply(A.WORMHOLE + 0)
    taken = {cell(x) for x in ("blue 1", "blue 6", "pink 1", "pink 6", "blue 7", "pink 7")}
    assert s.legal_actions() == [A.SPACE + c for c in range(14) if c not in taken]
    s.apply(A.SPACE + cell("pink 3"))
    assert s.worm[2][0] == cell("pink 3")
    assert A.WORMHOLE + 0 not in s.legal_actions()
    s.apply(A.WORMHOLE + 1)
    s.apply(A.SPACE + cell("blue 1"))
    assert s.worm[2] == [cell(x) for x in ("pink 3", "blue 1", "pink 1", "pink 6")]
    s.apply(A.STOP)
    assert s.actor == 0
