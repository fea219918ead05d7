"""Every rule in docs/rules/ultramassive.md is checked by a test, and the tests, the document
and the rule modules agree on the rule IDs (the checks live in ``tests/rule_coverage.py``)."""

from __future__ import annotations

from tests.rule_coverage import RuleBook, coverage_tests

RULES = RuleBook("UM", "ultramassive")
AREAS = {"SETUP", "DRAFT", "GAIN", "ORBIT", "WORM", "ABSORB", "SIPHON", "EXPAND", "DISC",
         "ACT", "EFFECT", "BONUS", "ROUND", "END", "ADV", "SOLO", "KNOW", "OPT"}

globals().update(coverage_tests(RULES, AREAS))
