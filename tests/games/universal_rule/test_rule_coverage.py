"""Every rule in docs/rules/universal_rule.md is checked by a test, and the tests, the document
and the rule modules agree on the rule IDs (the checks live in ``tests/rule_coverage.py``)."""

from __future__ import annotations

from tests.rule_coverage import RuleBook, coverage_tests

RULES = RuleBook("UR", "universal_rule")
AREAS = {"SETUP", "LIMIT", "TURN", "EXPLORE", "COLONIZE", "UPGRADE", "PRODUCE", "ATTACK",
         "BATTLE", "WIN", "SNEAK", "PLANET", "EXP", "KNOW", "OPT"}

globals().update(coverage_tests(RULES, AREAS))
