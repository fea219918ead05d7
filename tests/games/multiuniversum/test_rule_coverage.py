"""Every rule in docs/rules/multiuniversum.md is checked by a test, and the tests, the document
and the rule modules agree on the rule IDs (the checks live in ``tests/rule_coverage.py``)."""

from __future__ import annotations

from tests.rule_coverage import RuleBook, coverage_tests

RULES = RuleBook("MU", "multiuniversum")
AREAS = {"SETUP", "TURN", "ACTION", "TOOL", "DECK", "ABILITY", "END", "SCORE", "TIE", "SOLO",
         "VAR", "KNOW", "OPT"}

globals().update(coverage_tests(RULES, AREAS))
