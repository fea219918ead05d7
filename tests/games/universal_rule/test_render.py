"""The terminal view of a Universal Rule observation, checked on positions sampled from real
random games at 3, 4 and 5 players, with and without Edge of War, for every seat and for a
spectator: the galaxies, the limits, the turn, the battle and Sneak Attack panels, the set-up
choice, the outcome, and above all that no card of anyone else's hidden hand is ever shown."""

from __future__ import annotations

import copy
import io
import json
import random
import re
from functools import cache
from typing import Any

from rich.console import Console

import ludoverse
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.state import UniversalRuleState

GAME = ludoverse.load("universal_rule")
WIDTH = 100
SAMPLE_EVERY = 30
"""Decisions between snapshots of a random game (a game is 90-250 decisions here)."""
EDGE = {"edge_of_war": True}
GAMES = ((3, 32, {}), (3, 48, EDGE), (4, 30, {}), (4, 7, EDGE), (5, 1, {}), (5, 1, EDGE))
"""Players, seed and options: together they meet every phase and interruption, a Sneak
Attack stopped and one won, the Instigator, Wim Star counters and revealed hands."""
BOX = re.compile(r"[│╭╮╰╯─]+")


def play(n: int, seed: int, options: dict[str, Any], met: set[Any]) -> list[UniversalRuleState]:
    """Snapshots of one random game: every ``SAMPLE_EVERY`` decisions, the set-up once a seat
    has chosen, the first time a phase (or interruption) is met in any game, and the end."""
    s = GAME.new_game(players=n, seed=seed, options=options)
    rng = random.Random(seed)
    out, k = [], 0
    while not s.is_terminal():
        key = (s.phase, s.pending[0][0] if s.pending else None)
        if k % SAMPLE_EVERY == 0 or k == 1 or key not in met:
            out.append(s.clone())
            met.add(key)
        s.apply(rng.choice(s.legal_actions()))
        k += 1
    out.append(s)
    return out


@cache
def positions() -> tuple[tuple[str, UniversalRuleState], ...]:
    met: set[Any] = set()
    return tuple((f"{n}p-seed{seed}{'-edge' if opts else ''}-{k}", s)
                 for n, seed, opts in GAMES for k, s in enumerate(play(n, seed, opts, met)))


def text(renderable: object) -> str:
    console = Console(file=io.StringIO(), width=WIDTH, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()
    assert isinstance(out, str)
    return out


@cache
def text_of(label: str, seat: int | None) -> str:
    """A position's view, rendered once (several tests read each view)."""
    return text(GAME.render(dict(positions())[label].observation(seat), seat))


def seats(s: UniversalRuleState) -> list[int | None]:
    return [*range(s.n), None]


def viewer(s: UniversalRuleState) -> int:
    """The seat deciding now, or seat 0 once the game is over."""
    return s.current_player if s.current_player >= 0 else 0


def flat(txt: str) -> str:
    """The text without box lines and with single spaces, so wrapped phrases can be found."""
    return " ".join(BOX.sub(" ", txt).split())


def rows(lines: list[str]) -> list[str]:
    """Each line with single spaces."""
    return [" ".join(line.split()) for line in lines]


def panels(txt: str) -> dict[int, list[str]]:
    """Each player's panel as its inner lines (outer and panel borders stripped), by seat."""
    out: dict[int, list[str]] = {}
    current: list[str] | None = None
    for line in txt.splitlines():
        inner = line[2:-2] if line.startswith("│ ") else line
        m = re.match(r"╭─ seat (\d+)", inner)
        if m:
            current = out.setdefault(int(m.group(1)), [])
        elif inner.startswith("╰"):
            current = None
        elif current is not None:
            current.append(inner[2:-2].rstrip())
    return out


def card_rows(c: dict[str, Any], in_play: bool) -> tuple[str, str]:
    """The two rows a card must read: name and basic side, then the upgraded side."""
    cells = []
    for side in ("basic", "upgraded"):
        st = c[side]
        mark = "▶ " if in_play and c["side"] == side else ""
        cells.append(f"{mark}{side} {st['cost']} {st['income']} {st['military']} "
                     f"{st['fleet']} {st['vp']} {st['ability'] or '—'}")
    if in_play:
        below = f"◆ counters {c['counters']} VP " if c["counters"] or c["key"] == "wim_star" \
            else ""
    else:
        below = f"hand fleet {c['fleet_from_hand']} "
    return f"{c['name']} {cells[0]}", f"{below}{cells[1]}"


def you(q: int, seat: int | None) -> str:
    """A seat as the view names it."""
    return f"seat {q} (you)" if q == seat else f"seat {q}"


def credits(k: int) -> str:
    return f"{k} credit" if k == 1 else f"{k} credits"


def test_positions_cover_the_interesting_cases() -> None:
    states = [s for _, s in positions()]
    assert {s.n for s in states} == {3, 4, 5}
    assert sum(s.is_terminal() for s in states) == len(GAMES)
    phases = {P.PHASES[s.phase] for s in states}
    assert phases >= {"keep", "choose", "follow_cost", "act", "target", "instigate", "commit",
                      "funds", "follow", "sneak", "counter", "over"}
    assert {P.PENDING[s.pending[0][0]] for s in states if s.pending} == set(P.PENDING)
    assert any(c for s in states for c in s.counters)
    assert any(s.revealed[c] for s in states for h in s.hands for c in h)
    assert any(s.removed for s in states)
    assert any(s.holder >= 0 for s in states)


def test_every_view_renders_within_the_width() -> None:
    for label, s in positions():
        for seat in seats(s):
            lines = text_of(label, seat).splitlines()
            assert max(map(len, lines)) <= WIDTH, (label, seat)
            target = s.observation(seat)["target_vp"]
            assert (f"UNIVERSAL RULE · Turn {s.turn + 1} · Round {s.turn // s.n + 1} · "
                    f"{target} VP to win") in lines[0], label


def test_each_galaxy_shows_every_planet_with_both_sides() -> None:
    # UR-KNOW-5: planets in play with both sides, credits, Wim Star counters are public
    planets = counters = 0
    for label, s in positions():
        for seat in (viewer(s), None):
            obs = s.observation(seat)
            found = panels(text_of(label, seat))
            assert sorted(found) == list(range(s.n)), label
            for pv in obs["players_view"]:
                assert [c["name"] for c in pv["planets"]] == [s.name(c)
                                                              for c in s.planets[pv["seat"]]]
                lines = rows(found[pv["seat"]])
                assert lines[0] == (f"Credits {pv['credits']}/{pv['credit_limit']} · "
                                    f"VP {pv['vp']}/{obs['target_vp']} · "
                                    f"Hand {pv['hand_size']}/{pv['hand_limit']}"), label
                if not pv["planets"]:
                    assert "No planets in play" in lines, label
                for c in pv["planets"]:
                    first, second = card_rows(c, in_play=True)
                    k = lines.index(first)
                    assert lines[k + 1] == second, (label, second)
                    planets += 1
                    counters += c["counters"] > 0
    assert planets > 200 and counters


def test_the_viewer_sees_their_hand_with_both_sides() -> None:
    # UR-KNOW-1: the hand to its owner; the others' hands as counts and known cards
    known = 0
    for label, s in positions():
        for seat in range(s.n):
            obs = s.observation(seat)
            found = panels(text_of(label, seat))
            for pv in obs["players_view"]:
                lines = rows(found[pv["seat"]])
                if pv["seat"] == seat:
                    assert ("Your hand" if pv["hand"] else "Your hand: empty") in lines, label
                    for c in pv["hand"]:
                        first, second = card_rows(c, in_play=False)
                        assert lines[lines.index(first) + 1] == second, (label, first)
                    assert [c["name"] for c in pv["hand"]] == [s.name(c)
                                                               for c in sorted(s.hands[seat])]
                    continue
                assert any(x.startswith(f"Hand: {pv['hand_size']} card") for x in lines)
                assert "Your hand" not in lines, label
                for c in pv["known_hand"]:
                    first, second = card_rows(c, in_play=False)
                    assert lines[lines.index(first) + 1] == second, (label, first)
                    known += 1
                if pv["known_hand"]:
                    assert "Known to all (revealed)" in lines, label
    assert known


def hidden_names(s: UniversalRuleState, seat: int | None) -> set[str]:
    """Names of cards (and of their abilities) that another player holds in secret: hands,
    cards committed face down, a given-up card; only those the observation never names."""
    shown = json.dumps(s.observation(seat), ensure_ascii=False)
    cards = {c for q in range(s.n) if q != seat
             for c in (*s.hands[q], *s.committed[q], s.gave_up[q]) if c >= 0}
    names = {s.name(c) for c in cards}
    for c in cards:
        p = s.content.planets[c]
        names |= {side.ability.name for side in (p.basic, p.upgraded) if side.ability}
    return {x for x in names if x not in shown}


def test_no_hidden_card_is_ever_shown() -> None:
    # UR-KNOW-1, UR-KNOW-2, UR-KNOW-3: hands, given-up and face-down cards stay hidden
    checked = 0
    for label, s in positions():
        for seat in seats(s):
            hidden = hidden_names(s, seat)
            txt = text_of(label, seat)
            assert not [x for x in hidden if x in txt], (label, seat)
            checked += len(hidden)
    assert checked > 1000, checked


def test_spectators_see_no_hand_and_no_you() -> None:
    for label, s in positions():
        txt = text_of(label, None)
        assert "(you)" not in txt, label
        assert not [x for p in panels(txt).values() for x in rows(p) if x.startswith("Your")]
        assert "You gave up" not in txt and "You committed" not in txt, label
        first = next(iter(panels(txt)))
        assert first == (s.active if 0 <= s.active < s.n else 0), label


def test_the_viewer_comes_first_and_the_player_to_act_is_marked() -> None:
    for label, s in positions():
        for seat in range(s.n):
            txt = text_of(label, seat)
            assert next(iter(panels(txt))) == seat, label
            if s.current_player >= 0:
                assert f"to act: {you(s.current_player, seat)}" in flat(txt), label
                assert re.search(rf"╭─ seat {s.current_player}[^\n]*▶ to act", txt), label


def test_the_turn_the_action_and_the_follow_prompt() -> None:
    prompts = 0
    for label, s in positions():
        if s.phase in (P.KEEP, P.OVER):
            continue
        seat = viewer(s)
        body = flat(text_of(label, seat))
        assert f"Turn of {you(s.active, seat)}" in body, label
        if s.action >= 0:
            assert f"action: {A.ACTIONS[s.action].capitalize()}" in body, label
        if s.action >= 0 and s.action != A.ATTACK and s.cost and s.phase != P.CHOOSE:
            prompt = f"follow {A.ACTIONS[s.action].capitalize()} for {credits(s.cost)}"
            assert prompt in body, label
            if s.phase == P.FOLLOW:
                assert f"{prompt} (or decline and gain 1 credit)" in body, label
                assert body.startswith(f"UNIVERSAL RULE · Turn {s.turn + 1}")
                assert "Follow step · to act: seat" in body, label
                prompts += 1
        else:
            assert not re.search(r"follow [A-Z][a-z]+ for \d", body), label
        if s.phase == P.COST:
            assert f"Set the follow cost (1-{max(1, len(s.planets[s.active]))})" in body
    assert prompts > 10


def test_the_universal_rule_card_deck_and_discard_pile() -> None:
    # UR-KNOW-5: who holds the Universal Rule card and the discard pile are public
    for label, s in positions():
        body = flat(text_of(label, None))
        holder = "centre" if s.holder < 0 else f"seat {s.holder}"
        assert f"★ Universal Rule card (6 VP): {holder} · Deck {len(s.deck)} card" in body
        names = ", ".join(s.name(c) for c in s.discard) or "empty"
        assert f"Discard pile ({len(s.discard)}): {names}" in body, label
        if s.removed:
            assert f"{len(s.removed)} removed unseen (Edge of War)" in body, label
        if s.holder >= 0:
            assert re.search(rf"╭─ seat {s.holder}[^\n]*★ Universal Rule", text_of(label, None))


def test_the_battle_panel_during_an_attack() -> None:
    # UR-KNOW-3: committed cards as counts; the viewer's own choices to the viewer only
    battles = mine = funds = 0
    for label, s in positions():
        obs = s.observation(None)
        if "battle" not in obs:
            assert "Battle" not in text_of(label, None), label
            continue
        b = obs["battle"]
        a, d = b["attacking_planet"], b["defending_planet"]
        for seat in seats(s):
            body = flat(text_of(label, seat))
            assert (f"Attacker {you(b['attacker'], seat)} with {a['name']} ({a['side']}, military "
                    f"{a['military']})") in body, label
            if d is None:
                assert "Defender not chosen yet" in body, label
            else:
                assert (f"Defender {you(b['defender'], seat)} with {d['name']} ({d['side']}, "
                        f"military {d['military']})") in body, label
            for q in range(s.n):
                role = ("attacker" if q == b["attacker"] else "defender"
                        if q == b["defender"] else "supporter")
                count = len(s.committed[q])
                cards = f"{count} card" if count == 1 else f"{count} cards"
                chosen = "✓ chosen" if s.funds[q] >= 0 else "… not yet"
                assert f"{you(q, seat)} {role} {cards} {chosen}" in body, (label, q)
            if seat is None:
                assert "You committed" not in body, label
                continue
            mb = s.observation(seat)["battle"]
            names = ", ".join(f"{c['name']} (fleet {c['fleet_from_hand']})"
                              for c in mb["my_cards"]) or "none"
            paid = "not chosen" if mb["my_credits"] is None else str(mb["my_credits"])
            side = mb["my_side"] or "not chosen"
            line = f"You committed: {names} · credits {paid} · side {side}"
            if "my_fleet_capacity" in mb:
                line += f" · fleet capacity {mb['my_fleet_capacity']}"
            assert line in body, label
            mine += bool(mb["my_cards"])
            funds += mb["my_credits"] is not None
        battles += 1
    assert battles >= 5 and mine and funds


def test_the_sneak_attack_panel() -> None:
    # UR-KNOW-5: cards revealed in a Sneak Attack Victory attempt are public
    attempts = shown = 0
    for label, s in positions():
        obs = s.observation(None)
        if "sneak_attack" not in obs:
            continue
        sa = obs["sneak_attack"]
        for seat in (viewer(s), None):
            body = flat(text_of(label, seat))
            attempt = f"Attempt by {you(sa['seat'], seat)} · fleet {sa['fleet']}"
            assert f"Sneak Attack Victory {attempt}" in body, label
            for q, cards in enumerate(sa["shown"]):
                names = ", ".join(f"{c['name']} (fleet {c['fleet_from_hand']})"
                                  for c in cards) or "none"
                tail = f" = fleet {sum(c['fleet_from_hand'] for c in cards)}" if cards else ""
                assert f"{you(q, seat)} shows: {names}{tail}" in body, label
                shown += len(cards)
        attempts += 1
    assert attempts >= 3 and shown


def test_the_setup_panel() -> None:
    # UR-KNOW-2: the given-up card is shown to its owner only
    seen = gave = 0
    for label, s in positions():
        if s.phase != P.KEEP:
            assert "Chosen:" not in text_of(label, None), label
            continue
        for seat in seats(s):
            body = flat(text_of(label, seat))
            marks = " · ".join(f"{you(q, seat)} {'✓' if s.gave_up[q] >= 0 else '…'}"
                               for q in range(s.n))
            assert f"Set-up Chosen: {marks}" in body, label
            if seat is not None and s.gave_up[seat] >= 0:
                assert f"You gave up: {s.name(s.gave_up[seat])} (shuffled into the deck)" \
                    in body, label
                gave += 1
            else:
                assert "You gave up" not in body, label
        seen += 1
    assert seen >= len(GAMES) and gave


def test_an_interruption_names_who_must_decide() -> None:
    wanted = {"thug_target": "choose the opponent the Thug collects from",
              "hand_limit_discard": "discard a card down to the hand limit",
              "sneak_attack_discard": "discard a card (the Sneak Attack was stopped)"}
    for label, s in positions():
        body = flat(text_of(label, None))
        if not s.pending:
            assert "Waiting:" not in body, label
            continue
        kind, who, _ = s.pending[0]
        assert f"⚠ Waiting: seat {who} must {wanted[P.PENDING[kind]]}" in body, label


def test_a_finished_game_shows_the_outcome() -> None:
    for label, s in positions():
        if not s.is_terminal():
            continue
        out = s.outcome()
        assert out is not None
        for seat in seats(s):
            body = flat(text_of(label, seat))
            names = ", ".join(you(q, seat) for q in out.winners)
            assert f"Game over Winner: {names} — {out.reason} Final result" in body, label
            for p in range(s.n):
                star = "★ " if p in out.winners else ""
                row = f"{star}{you(p, seat)} {out.scores[p]:g} {out.ranking[p]}"
                assert row in body, (label, p)
            for line in out.tiebreak_trace:
                assert line in body, label


def test_names_are_never_read_as_markup() -> None:
    s = next(s for _, s in positions() if s.is_terminal()
             and any(s.planets[q] for q in range(s.n)))
    obs = copy.deepcopy(s.observation(0))
    pv = next(pv for pv in obs["players_view"] if pv["planets"])
    pv["planets"][0]["name"] = "[bold]Odd[/bold]"
    pv["planets"][0]["basic"]["ability"] = "[red]Sly"
    txt = text(GAME.render(obs, 0))
    assert "[bold]Odd[/bold]" in txt and "[red]Sly" in txt
