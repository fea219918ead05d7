"""The Advanced Resource Draft: Resource Draft tokens over the two Draft sets, replaced after
Rounds 2 and 4 (docs/rules/ultramassive.md, section 15).

With seed 0 the set-up draws Quasar (Antimatter, Orbit three times, Primordial Black Hole +
Blue Giant Star, Pull, and the 4-player exchange "Remove an Antimatter: gain a Blue Giant
Star") for set 1 and Supernova for set 2.
"""

from __future__ import annotations

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import state as S
from ludoverse.games.ultramassive.content import DRAFT_SPACES, default_content
from ludoverse.games.ultramassive.options import UltramassiveOptions

from .builders import card_plays, new, play_out, to_phase


def token_ids(s: S.UltramassiveState) -> list[str]:
    return [s.content.draft_tokens[t].id for t in s.tokens_in_play]


def offered(s: S.UltramassiveState) -> list[str]:
    """Ids of the draft options the actor may pick now."""
    base = 0 if s.idx < s.n else DRAFT_SPACES
    options = s.content.draft_options
    return [options[s.draft_sets[base + a - A.DRAFT]].id for a in s.legal_actions()]


def quiet(s: S.UltramassiveState) -> None:
    legal = s.legal_actions()
    s.apply(next((q for q in (A.DECLINE, A.END_ACTIONS, A.STOP) if q in legal), legal[0]))


# UM-ADV-1
def test_the_advanced_draft_is_off_by_default() -> None:
    """By default the basic layout is drafted and no token is in play."""
    assert UltramassiveOptions().advanced_draft is False
    s = new(2)
    c = s.content
    assert s.tokens_in_play == [] and s.observation(0)["draft"]["tokens"] == []
    assert offered(s) == list(c.draft.set1[:-1])


# UM-ADV-2
def test_ten_draft_tokens_each_cover_a_whole_set_with_new_options() -> None:
    """Each of the 10 tokens shows five options, some found on no basic space."""
    c = default_content()
    assert len(c.draft_tokens) == 10
    assert all(len(t.options) == 5 for t in c.draft_tokens)
    basic = {*c.draft.set1, *c.draft.set2}
    on_tokens = {o for t in c.draft_tokens for o in t.options}
    assert {"supergiant_pair", "siphon_pair", "pull_tax", "matter_cash_out"} <= on_tokens - basic
    assert {t.provenance for t in c.draft_tokens} == {"reconstructed"}


# UM-ADV-3
def test_two_random_tokens_cover_set_1_and_set_2() -> None:
    """Quasar's options are offered in set 1, Supernova's in set 2; other seeds draw other
    tokens."""
    s = new(2, seed=0, advanced_draft=True)
    assert token_ids(s) == ["token_quasar", "token_supernova"]
    assert s.observation(1)["draft"]["tokens"] == ["token_quasar", "token_supernova"]
    quasar, supernova = (s.content.draft_tokens[t].options for t in s.tokens_in_play)
    assert offered(s) == list(quasar[:4])
    s.apply(A.DRAFT + 0)
    s.apply(A.DRAFT + 1)
    assert offered(s) == list(supernova[:4])
    pairs = {tuple(token_ids(new(2, seed=k, advanced_draft=True))) for k in range(10)}
    assert len(pairs) > 3


# UM-ADV-3
def test_the_first_tokens_give_the_options_of_rounds_1_and_2() -> None:
    """Round 2 drafts from the same two tokens as Round 1."""
    s = new(2, seed=0, advanced_draft=True)
    first = list(s.draft_sets)
    while not (s.round == 2 and s.phase == S.DRAFT):
        quiet(s)
    assert s.draft_sets == first and token_ids(s) == ["token_quasar", "token_supernova"]


# UM-ADV-4
def test_six_different_tokens_are_used_in_a_game() -> None:
    """Rounds 1-2, 3-4 and 5-6 each have their own pair; the replaced ones never return."""
    s = new(3, seed=2, advanced_draft=True)
    by_round = {}
    while not s.is_terminal():
        by_round.setdefault(s.round, tuple(token_ids(s)))
        quiet(s)
    assert by_round[1] == by_round[2] and by_round[3] == by_round[4]
    assert by_round[5] == by_round[6]
    used = [*by_round[1], *by_round[3], *by_round[5]]
    assert len(set(used)) == 6 and len(s.token_bag) == 4
    assert not set(used) & {s.content.draft_tokens[t].id for t in s.token_bag}


# UM-ADV-5
def test_drafting_from_tokens_keeps_the_order_and_the_four_player_space() -> None:
    """Four players (seed 1: Pulsar over set 1): set 1 in turn order, the rightmost space
    open to the fourth picker, set 2 in reverse order; Pulsar's Antimatter space gives the
    other three a Minor Antimatter."""
    s = new(4, seed=1, advanced_draft=True)
    assert token_ids(s)[0] == "token_pulsar"
    asked = []
    for k in range(8):
        asked.append(s.actor)
        if k == 3:
            assert s.legal_actions() == [A.DRAFT + 3, A.DRAFT + 4]
            assert offered(s)[-1] == "ex_matter_discovery"
        s.apply(A.DRAFT + 4 if k == 3 else min(s.legal_actions()))
    assert asked == [0, 1, 2, 3, 3, 2, 1, 0]
    assert s.phase == S.GAIN
    assert all(A.MINOR_PENDING in s.pending[p] for p in (1, 2, 3))
    assert A.MINOR_PENDING not in s.pending[0]


# UM-ADV-5
def test_with_fewer_than_four_players_the_rightmost_token_space_is_closed() -> None:
    """With 2 or 3 players only the first 4 options of a token may be drafted."""
    for players in (2, 3):
        s = new(players, seed=0, advanced_draft=True)
        assert s.legal_actions() == [A.DRAFT + k for k in range(4)]
        assert "ex_antimatter_blue_giant" not in offered(s)


# UM-ADV-2, UM-ACT-2
def test_a_drafted_extra_card_play_lasts_for_that_round() -> None:
    """Seed 3: Magnetar covers set 1. Red drafts its "draw 1 Action Card, play 1 more Action
    Card this round" and may play 3 Action Cards in Round 1's Actions phase, Blue only the
    usual 2; in Round 2 Red is back to 2."""
    s = new(2, seed=3, advanced_draft=True)
    assert token_ids(s)[0] == "token_magnetar" and offered(s)[2] == "draw_extra_play"
    s.apply(A.DRAFT + 2)
    to_phase(s, S.ACTIONS)
    assert s.round == 1 and s.actor == 0 and len(s.hands[0]) == 4
    assert [s.observation(0)["players_view"][p]["card_plays_allowed"] for p in (0, 1)] == [3, 2]
    for _ in range(3):
        play_out(s, s.hands[0][0])
    assert s.plays[0] == 3 and s.hands[0] and card_plays(s) == []
    s.apply(A.END_ACTIONS)
    assert s.actor == 1
    for _ in range(2):
        play_out(s, s.hands[1][0])
    assert s.hands[1] and card_plays(s) == []
    to_phase(s, S.DRAFT)
    assert s.round == 2
    to_phase(s, S.ACTIONS)
    while s.actor != 0:
        s.apply(A.END_ACTIONS)
    assert s.observation(0)["players_view"][0]["card_plays_allowed"] == 2
    for _ in range(2):
        play_out(s, s.hands[0][0])
    assert s.plays[0] == 2 and s.hands[0] and card_plays(s) == []
