from ludoverse.games.universal_rule.game import GAME, UniversalRuleGame
from ludoverse.games.universal_rule.state import UniversalRuleState

__all__ = ["GAME", "UniversalRuleGame", "UniversalRuleState"]
