"""The decision points of a Universal Rule game, in the order a turn meets them.

``phase`` names the step the turn is in; an interruption that needs someone's choice in the
middle of a step (a Thug's victim, a discard down to the hand limit) waits in the state's
``pending`` list, ``[kind, seat, card]``, and is asked before the step goes on.
"""

from __future__ import annotations

PHASES = ("keep", "choose", "follow_cost", "act", "target", "instigate", "commit", "funds",
          "follow", "free_explore", "end", "sneak", "counter", "over")
(KEEP, CHOOSE, COST, ACT, TARGET, INSTIGATE, COMMIT, FUNDS, FOLLOW, FREE_EXPLORE, END, SNEAK,
 COUNTER, OVER) = range(len(PHASES))

PENDING = ("thug_target", "hand_limit_discard", "sneak_attack_discard")
THUG, HAND_DISCARD, SNEAK_DISCARD = range(len(PENDING))
