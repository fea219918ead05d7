"""ULTIA's pieces a player can look up: every Exploration Plan, with everything needed to judge
a bid on it (its progress value, when trump is named, what must be shown, every condition).

The Planet Cards themselves need no detail view (a suit and a rank say it all); the plans are
where the game's decisions lie. With no content given, the plans of every shipped list are
described, so a table using the no-trump list finds its plans too.
"""

from __future__ import annotations

from ludoverse.core.help import Component
from ludoverse.games.ultia.content import PLAN_LISTS, Conditions, Plan, PlanList, default_plans

KIND = "Exploration Plan"

_TRUMP = {
    "exploration": "The Main Surveyor names the trump suit when Exploration begins.",
    "bid": "Trump is named together with the bid, before the two cards are laid face down; "
           "a higher bid replaces it.",
    "none": "No suit is trump this year: only cards of the suit led can win a trick.",
}
_TRUMP_FACT = {"exploration": "Named at Exploration", "bid": "Named with the bid", "none": "None"}
_WHO = {"main": "the Main Surveyor", "subs": "each Sub Surveyor", "all": "every player"}


def _tricks(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"


def conditions_text(c: Conditions) -> list[str]:
    """Each condition of a plan as a short clause about the Main Surveyor's won cards."""
    out: list[str] = []
    if c.tricks_max == 0:
        out.append("win no trick at all")
    elif c.tricks_min is not None and c.tricks_max is not None:
        out.append(f"win between {c.tricks_min} and {_tricks(c.tricks_max)}")
    elif c.tricks_min == 10:
        out.append("win all 10 tricks")
    elif c.tricks_min is not None:
        out.append(f"win at least {_tricks(c.tricks_min)} of the 10")
    elif c.tricks_max is not None:
        out.append(f"win at most {_tricks(c.tricks_max)}")
    names = {1: "the first trick", 10: "the last trick"}
    for t in c.win_tricks:
        out.append(f"win {names.get(t, f'trick {t}')}")
    if c.high_cards is not None:
        h = c.high_cards
        out.append(f"take at least {h.count} cards of rank {h.rank_min} or higher")
    if c.points_min is not None:
        out.append(f"take cards whose ranks add up to at least {c.points_min} (of 144)")
    if c.trumps_won_min is not None:
        out.append(f"take at least {c.trumps_won_min} of the 8 trumps")
    if c.last_trick_card is not None:
        out.append(f"win the last trick by playing the {c.last_trick_card.rank} of trumps")
    return out


def _reveal_text(plan: Plan) -> str:
    r = plan.reveal
    if r is None:
        return ""
    what = {"hand": "their whole hand", "trumps": "all their trumps",
            "choose": f"{r.count} cards of their choice"}[r.cards]
    return (f" Before the first card is played, {_WHO[r.who]} shows {what} to everyone; "
            "shown cards stay in hand and are played normally.")


def plan_text(plan: Plan) -> str:
    """The whole of a plan in our words: goal, stake, trump timing and reveals."""
    goal = "; ".join(conditions_text(plan.conditions))
    return (
        f"{plan.description} In full: the Main Surveyor must {goal}. Won cards are those of "
        "the tricks they took. "
        f"Success moves the Main Surveyor {plan.progress}% up the Progress Meter; failure moves "
        f"each Sub Surveyor {plan.progress / 2:g}% instead. Each Overwork declaration doubles "
        f"the stake. {_TRUMP[plan.trump]}{_reveal_text(plan)}"
    )


def plan_component(plan: Plan) -> Component:
    facts: list[tuple[str, str]] = [("Progress", f"{plan.progress}%"),
                                    ("Trump", _TRUMP_FACT[plan.trump])]
    if plan.reveal is not None:
        facts.append(("Shows cards", _WHO[plan.reveal.who].capitalize()))
    return Component(
        key=f"plan:{plan.id}", kind=KIND, name=plan.name, text=plan_text(plan),
        provenance=plan.provenance, source=plan.source, facts=tuple(facts),
    )


def components(content: PlanList | None = None) -> list[Component]:
    """One component per plan of ``content`` (default: every shipped plan list)."""
    lists = [content] if content is not None else [default_plans(n) for n in PLAN_LISTS]
    seen: dict[str, Component] = {}
    for plans in lists:
        for p in plans.plan:
            seen.setdefault(p.id, plan_component(p))
    return list(seen.values())
