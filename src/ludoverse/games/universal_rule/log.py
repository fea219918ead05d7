"""Universal Rule's log as the sentences a player would say at the table, for one viewer.

Events name a planet by its index in the content's planet list; the sentence names it from
the shipped planets (an index beyond them, from a content file of one's own, reads "a
planet"). Each sentence says only what its event holds, so it is as secret as its event.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ludoverse.core.api import Event
from ludoverse.core.words import listing, seat_word, seats, verb
from ludoverse.games.universal_rule.content import default_content

NUMBERS = ("no", "one", "two", "three", "four", "five")
_WHY_DISCARD = {
    "hand_limit_discard": " down to the hand limit",
    "sneak_attack_discard": " (the Sneak Attack Victory was stopped)",
}
_WHY_LOST = {"battle": " in the battle", "starting_planet": " (Starting Planet)",
             "restart": " (Restart)"}


@cache
def _names() -> tuple[str, ...]:
    return tuple(p.name for p in default_content().planets)


def planet(card: Any) -> str:
    """A planet's name from its index; "a planet" when it is not one of the shipped ones."""
    names = _names()
    return names[card] if isinstance(card, int) and 0 <= card < len(names) else "a planet"


def _n(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def _who(seat: int, viewer: int | None, you: str, other: str, start: bool = True) -> str:
    """"You explore" / "Seat 2 explores"."""
    return f"{seat_word(seat, viewer, start=start)} {verb(seat, viewer, you, other)}"


def _lost(lost: Any, seat: int | None = None, viewer: int | None = None) -> str:
    """The part of a gain the credit limit took away, if any."""
    if not lost:
        return ""
    whose = "the" if seat is None else seats(seat, viewer)
    return f" ({lost} lost to {whose} credit limit)"


def _setup(d: dict[str, Any], v: int | None) -> str:
    players = int(d["players"])
    count = NUMBERS[players].capitalize() if players < len(NUMBERS) else str(players)
    first = int(d["first_player"])
    text = f"{count} players. {_who(first, v, 'start', 'starts')}."
    if d.get("edge_of_war"):
        text += " The Edge of War expansion is in play."
    return text + " Everyone is dealt 3 cards, keeps 2 and gives 1 up."


def _turn(d: dict[str, Any], v: int | None) -> str:
    seat = int(d["seat"])
    if seat == v:
        return f"Turn {d['turn']}: your turn."
    return f"Turn {d['turn']}: {seat_word(seat, v)} is the active player."


def _action(d: dict[str, Any], v: int | None) -> str:
    text = f"{_who(d['seat'], v, 'choose', 'chooses')} {str(d['action']).capitalize()}"
    if d.get("follow_cost"):
        text += f", with a follow cost of {d['follow_cost']}"
    return text + "."


def _battle(d: dict[str, Any], v: int | None) -> str:
    attack, defence = int(d["attack"]), int(d["defence"])
    attacker, defender = int(d["attacker"]), int(d["defender"])
    atk = f"{seats(attacker, v)} attack ({attack})"
    dfn = f"{seats(defender, v)} defence ({defence})"
    if d.get("success"):
        text = f"The battle is revealed: {atk} beats {dfn}."
    else:
        text = f"The battle is revealed: {dfn} holds against {atk}."
    sides = list(d.get("sides") or ())
    credits = list(d.get("credits") or ())
    cards = list(d.get("cards") or ())
    backers = []
    for q, side in enumerate(sides):
        k = max(0, int(credits[q])) if q < len(credits) else 0
        c = len(cards[q]) if q < len(cards) else 0
        if not k and not c:
            continue
        what = [x for x in (_n(k, "credit") if k else "", _n(c, "card") if c else "") if x]
        side_word = "attack" if side == "attack" else "defence"
        backers.append(f"{seat_word(q, v)} {verb(q, v, 'back', 'backs')} the {side_word} with "
                       f"{listing(what)}")
    if backers:
        joined = "; ".join(backers)
        text += f" {joined[:1].upper()}{joined[1:]}."
    return text


def _ur_card(d: dict[str, Any], v: int | None) -> str:
    holder = int(d["holder"])
    if holder < 0:
        return "The Universal Rule card returns to the centre of the table."
    return f"{_who(holder, v, 'take', 'takes')} the Universal Rule card."


def _ur_card_stays(d: dict[str, Any], v: int | None) -> str:
    tied = sorted((int(q) for q in d.get("tied") or ()), key=lambda q: (q == v, q))
    holder = int(d.get("holder", -1))
    where = "in the centre" if holder < 0 else f"with {seat_word(holder, v)}"
    who = listing([seat_word(q, v) for q in tied])
    return (f"{who[:1].upper()}{who[1:]} tie as the attack's biggest backers, so the Universal "
            f"Rule card stays {where}.")


def _round_limit(d: dict[str, Any], v: int | None) -> str:
    scores = listing([f"{seat_word(q, v)} {x} VP" for q, x in enumerate(d.get("vp") or ())])
    return f"The round limit is reached and the most VP wins: {scores}."


def _sneak(d: dict[str, Any], v: int | None) -> str:
    return (f"{_who(d['seat'], v, 'try', 'tries')} a Sneak Attack Victory with a fleet of "
            f"{d['fleet']}: {d['bonus']} VP more on top of {d['vp']}, unless "
            "someone reveals a larger fleet.")


def _instigated(d: dict[str, Any], v: int | None) -> str:
    target = f"{seats(d['defender'], v)} {planet(d['defending'])}"
    return (f"{_who(d['seat'], v, 'pay', 'pays')} the attacker {_n(int(d['credits']), 'credit')}"
            f" to turn the attack on {target} (Instigator){_lost(d.get('lost'))}.")


def _whose(d: dict[str, Any], v: int | None, key: str = "card") -> str:
    return f"{seats(d['seat'], v, start=True)} {planet(d[key])}"


_TEXT: dict[str, Callable[[dict[str, Any], int | None], str]] = {
    "setup": _setup,
    "dealt": lambda d, v: (f"{_who(d['seat'], v, 'are', 'is')} dealt "
                           f"{listing([planet(c) for c in d['cards']])}."),
    "gave_up": lambda d, v: f"{_who(d['seat'], v, 'give', 'gives')} up {planet(d['card'])}.",
    "setup_choice_made": lambda d, v: (f"{_who(d['seat'], v, 'have', 'has')} chosen the card "
                                       "to give up."),
    "deck_formed": lambda d, v: (f"The given-up cards are shuffled into the deck, which now "
                                 f"holds {_n(int(d['deck']), 'card')}."),
    "turn": _turn,
    "action_chosen": _action,
    "followed": lambda d, v: (f"{_who(d['seat'], v, 'follow', 'follows')} the "
                              f"{str(d['action']).capitalize()}."),
    "declined": lambda d, v: (f"{_who(d['seat'], v, 'do', 'does')} not follow and "
                              f"{verb(d['seat'], v, 'gain', 'gains')} 1 credit"
                              f"{_lost(d.get('lost'))}."),
    "paid_follow_cost": lambda d, v: (f"{_who(d['seat'], v, 'pay', 'pays')} "
                                      f"{seat_word(d['to'], v)} the follow cost of "
                                      f"{_n(int(d['credits']), 'credit')}"
                                      f"{_lost(d.get('lost'), d['to'], v)}."),
    "explored": lambda d, v: (f"{_who(d['seat'], v, 'take', 'takes')} a free Explore."
                              if d.get("free")
                              else f"{_who(d['seat'], v, 'explore', 'explores')}."),
    "drew": lambda d, v: f"{_who(d['seat'], v, 'draw', 'draws')} {planet(d['card'])}.",
    "drew_card": lambda d, v: f"{_who(d['seat'], v, 'draw', 'draws')} a card.",
    "nothing_to_draw": lambda d, v: (f"{_who(d['seat'], v, 'have', 'has')} nothing to draw: "
                                     "the deck and the discard pile are empty."),
    "reshuffled": lambda d, v: (f"The discard pile is shuffled into a new deck of "
                                f"{_n(int(d['deck']), 'card')}."),
    "colonized": lambda d, v: (f"{_who(d['seat'], v, 'colonize', 'colonizes')} "
                               f"{planet(d['card'])}, {d['side']} side up."),
    "upgraded": lambda d, v: f"{_who(d['seat'], v, 'upgrade', 'upgrades')} {planet(d['card'])}.",
    "produced": lambda d, v: (f"{_who(d['seat'], v, 'produce', 'produces')} "
                              f"{_n(int(d['credits']), 'credit')}{_lost(d.get('lost'))}."),
    "attack_declared": lambda d, v: (f"{_who(d['seat'], v, 'attack', 'attacks')} "
                                     f"{seats(d['defender'], v)} {planet(d['defending'])} with "
                                     f"{planet(d['attacking'])}."),
    "attack_counter": lambda d, v: (f"{_who(d['seat'], v, 'put', 'puts')} a {d['vp']}-VP counter "
                                    f"on {planet(d['card'])}."),
    "instigated": _instigated,
    "committed_card": lambda d, v: (f"{_who(d['seat'], v, 'commit', 'commits')} "
                                    f"{planet(d['card'])} face down."),
    "committed_face_down": lambda d, v: (f"{_who(d['seat'], v, 'have', 'has')} "
                                         f"{_n(int(d['cards']), 'card')} face down in the "
                                         "battle."),
    "side_chosen": lambda d, v: (f"{_who(d['seat'], v, 'support', 'supports')} the "
                                 f"{d['side']} in secret."),
    "credits_committed": lambda d, v: (f"{_who(d['seat'], v, 'commit', 'commits')} "
                                       f"{_n(int(d['credits']), 'credit')} in secret."),
    "funds_chosen": lambda d, v: (f"{_who(d['seat'], v, 'have', 'has')} chosen a side and "
                                  "credits in secret."),
    "battle_revealed": _battle,
    "universal_rule_card": _ur_card,
    "universal_rule_card_stays": _ur_card_stays,
    "eater_of_worlds": lambda d, v: (f"{_who(d['seat'], v, 'gain', 'gains')} "
                                     f"{_n(int(d['credits']), 'credit')} (Eater of Worlds)"
                                     f"{_lost(d.get('lost'))}."),
    "idle_credit": lambda d, v: (f"{_who(d['seat'], v, 'gain', 'gains')} 1 credit for the "
                                 f"attack{_lost(d.get('lost'))}."),
    "glommer": lambda d, v: (f"{_who(d['seat'], v, 'gain', 'gains')} "
                             f"{_n(int(d['credits']), 'credit')} (Glommer)"
                             f"{_lost(d.get('lost'))}."),
    "planet_returned": lambda d, v: (f"{_whose(d, v)} is saved and returns to "
                                     f"{seats(d['seat'], v)} hand (Cockroach)."),
    "planet_returned_discarded": lambda d, v: (f"{_whose(d, v)} would return to "
                                               f"{seats(d['seat'], v)} hand, but the hand is "
                                               "full: it goes to the discard pile."),
    "planet_destroyed": lambda d, v: (f"{_whose(d, v)} is destroyed"
                                      f"{_WHY_LOST.get(str(d.get('why')), '')}."),
    "planet_downgraded": lambda d, v: (f"{_whose(d, v)} is downgraded to its basic side"
                                       f"{_WHY_LOST.get(str(d.get('why')), '')}."),
    "thug_target": lambda d, v: (f"{_whose(d, v, 'planet')} (Thug) collects from "
                                 f"{seat_word(d['victim'], v)}."),
    "thug_paid": lambda d, v: (f"{_who(d['seat'], v, 'pay', 'pays')} {seat_word(d['to'], v)} "
                               f"{_n(int(d['credits']), 'credit')} (Thug)"
                               f"{_lost(d.get('lost'), d['to'], v)}."),
    "discarded": lambda d, v: (f"{_who(d['seat'], v, 'discard', 'discards')} "
                               f"{planet(d['card'])}{_WHY_DISCARD.get(str(d.get('why')), '')}."),
    "sneak_attack_reveal": lambda d, v: (f"{_who(d['seat'], v, 'reveal', 'reveals')} "
                                         f"{planet(d['card'])} for a Sneak Attack Victory "
                                         f"(fleet {d['fleet']} so far)."),
    "sneak_attack": _sneak,
    "sneak_attack_counter": lambda d, v: (f"{_who(d['seat'], v, 'reveal', 'reveals')} "
                                          f"{planet(d['card'])} against the Sneak Attack "
                                          f"(fleet {d['fleet']})."),
    "sneak_attack_failed": lambda d, v: (f"{_who(d['by'], v, 'stop', 'stops')} "
                                         f"{seats(d['seat'], v)} Sneak Attack Victory with a "
                                         "larger fleet."),
    "sneak_attack_short": lambda d, v: (f"{seats(d['seat'], v, start=True)} Sneak Attack "
                                        f"Victory falls short: {d['vp']} VP is not enough."),
    "game_won": lambda d, v: (f"{_who(d['seat'], v, 'win', 'wins')} with {d['vp']} VP"
                              + (" by a Sneak Attack Victory"
                                 if d.get("reason") == "Sneak Attack Victory" else "") + "."),
    "round_limit": _round_limit,
}


def event_text(event: Event, viewer: int | None) -> str:
    """One log entry as a sentence for ``viewer`` ("You colonize Lyzin, basic side up.")."""
    fn = _TEXT.get(event.kind)
    if fn is None:
        text = event.kind.replace("_", " ")
        return text[:1].upper() + text[1:] + "."
    return fn(event.data, viewer)
