"""Forced moves are played by the engine only when everyone can see they are forced
(docs/rules/ultia.md, UL-OPT-13).

A decision with one legal choice is made automatically by default. At a real table nobody
learns a hand from whether its owner was asked, so in trick play a card is played for a
player only when public facts (hand sizes, shown cards, cards played, suits a player has
shown out of) pin its legal cards down to one; otherwise the player is asked and sees a
single button.
"""

from __future__ import annotations

import random

import pytest

from ludoverse.games.ultia import GAME, UltiaState
from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia.exploration import publicly_forced
from ludoverse.games.ultia.phases import PLAY

from .helpers import codes, exploration_state, mask, play, play_id


def late_position(hands: list[str], shown: str = "", cannot_hold: str = "",
                  **options: object) -> UltiaState:
    """Trick 8 of a year in which seat 0 (Main Surveyor, Drills trump) took the first seven
    tricks: ``hands`` are the cards left, B7 B8 lie face down, every other card is in seat
    0's won pile. Seat 1 showed ``shown`` before play and has shown out of ``cannot_hold``."""
    s = exploration_state(hands, main=0, trump="D", face_down="B7 B8", auto_forced=True,
                          **options)
    s.won[0] = C.ALL_CARDS & ~mask(" ".join(hands)) & ~mask("B7 B8")
    s.tricks, s.trick_winners, s.trick_no = [7, 0, 0], [0] * 7, 7
    s.revealed[1] = mask(shown) if shown else 0
    s.excluded[1] = mask(cannot_hold) & ~s.hands[1] if cannot_hold else 0
    GAME.check_invariants(s)
    return s


def trick(s: UltiaState) -> list[str]:
    return [C.code(c) for c in s.trick]


# UL-OPT-13, UL-KNOW-5
def test_a_shown_hand_plays_its_only_card_of_the_suit_led_by_itself() -> None:
    s = exploration_state(
        ["D1 D2 D3 S1 S2 S3 P1 P2 P3 B1", "D4 D5 D6 S4 S5 S6 P4 P5 B2 B3",
         "D7 D8 S7 S8 P6 P7 P8 B4 B5 B6"],
        plan_id="open_hand", main=0, trump="D", auto_forced=True)
    play(s, "S1", "S4", "S8")  # seat 2 takes the trick and leads
    play(s, "B4")
    # Everyone has seen that the Main Surveyor's only Beacon is B1: it is played at once.
    assert trick(s) == ["B4", "B1"]
    # Seat 1's hand is hidden: it is asked, though it must play a Beacon too.
    assert s.current_player == 1 and len(s.legal_actions()) == 2


# UL-OPT-13, UL-KNOW-5, UL-KNOW-7
def test_a_player_surely_holding_one_card_of_the_suit_led_plays_it_by_itself() -> None:
    hands = ["S1 D1 P1", "S5 B1 B2", "D2 P2 B3"]
    # Seat 1 showed S5, and every other Scanner has been played: its S5 is its only one.
    s = late_position(hands, shown="S5")
    play(s, "S1")
    assert trick(s) == ["S1", "S5"]
    assert s.current_player == 2 and len(s.legal_actions()) == 3
    # Without the show, seat 1 might hold no Scanner (then any card): it is asked.
    t = late_position(hands)
    play(t, "S1")
    assert t.current_player == 1 and t.legal_actions() == [play_id("S5")]


# UL-OPT-13, UL-OPT-4, UL-KNOW-7
def test_a_player_known_to_be_void_with_one_trump_ruffs_by_itself_under_must_ruff() -> None:
    hands = ["S1 P1 B4", "D4 B1 B2", "S2 P2 B3"]
    scanners = " ".join(f"S{r}" for r in range(1, 9))
    s = late_position(hands, shown="D4", cannot_hold=scanners, void_play="must_ruff")
    play(s, "S1")
    # Seat 1 showed out of Scanners earlier, and D4 is the last trump: it must ruff with it.
    assert trick(s) == ["S1", "D4"]
    # Seat 2's S2 is its only Scanner, but only seat 2 knows that.
    assert s.current_player == 2 and s.legal_actions() == [play_id("S2")]
    # Under the rulebook's free play a void player may play any card: seat 1 is asked.
    t = late_position(hands, shown="D4", cannot_hold=scanners)
    play(t, "S1")
    assert t.current_player == 1 and len(t.legal_actions()) == 3


# UL-OPT-13, UL-KNOW-5
def test_a_choice_is_asked_for_even_when_everyone_knows_the_hand() -> None:
    s = late_position(["S1 D1 P1", "S5 B1 B2", "D2 P2 B3"], shown="S5 B1 B2")
    assert s.current_player == 0 and len(s.legal_actions()) == 3
    play(s, "S1")  # seat 1's whole hand is on show: its one Scanner goes at once
    assert trick(s) == ["S1", "S5"] and s.current_player == 2
    play(s, "P2")  # seat 1 wins with S5 and leads
    # Two Beacons everyone has seen are still two choices: seat 1 is asked.
    assert s.current_player == 1 and s.trick == [] and len(s.legal_actions()) == 2
    assert not publicly_forced(s, 1)


def decisions(options: dict, seed: int) -> list[UltiaState]:
    """Every position of a random game (forced moves played as the options say)."""
    s = GAME.new_game(players=3, seed=seed, options=options)
    rng = random.Random(seed)
    out = []
    while not s.is_terminal():
        out.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    return out


# UL-OPT-13, UL-ACT-1
@pytest.mark.parametrize("config", sorted(GAME.conformance_options()))
def test_whether_a_move_plays_itself_never_depends_on_hidden_cards(config: str) -> None:
    """In every deal a seat cannot tell from the real one, the same decisions play themselves,
    and a decision that plays itself has exactly one legal move."""
    options = {**GAME.conformance_options()[config], "auto_forced": False}
    rng = random.Random(7)
    played_for = 0
    for seed in range(3):
        for s in decisions(options, seed):
            forced = s._forced() >= 0
            if forced:
                assert len(s.legal_actions()) == 1, codes(s.hands[s.current_player])
                played_for += s.phase == PLAY and s.hands[s.current_player].bit_count() > 1
            for seat in range(3):
                world = s.determinize(seat, rng)
                assert (world._forced() >= 0) == forced, (config, seed, seat)
    assert played_for > 0  # the cases beyond a last card do come up
