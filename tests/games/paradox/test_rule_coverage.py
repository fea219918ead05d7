"""Every rule in docs/rules/paradox.md is checked by a test, and the tests, the document and the
rule modules agree on the rule IDs (the checks live in ``tests/rule_coverage.py``)."""

from __future__ import annotations

from tests.rule_coverage import RuleBook

RULES = RuleBook("PX", "paradox")


def test_the_document_defines_rules() -> None:
    assert RULES.areas() == {"SETUP", "WORM", "MATRIX", "STRAND", "ALLOC", "QUAKE", "LOST", "LOCK",
                            "CLEAN", "SCORE", "GOAL", "SCEN", "ALLY", "VAR", "KNOW", "OPT"}


def test_every_rule_is_checked_by_a_test() -> None:
    RULES.check_every_rule_is_tested()


def test_tests_cite_only_rules_the_document_defines() -> None:
    RULES.check_tests_cite_only_defined_rules()


def test_the_document_names_test_files_that_really_check_the_rule() -> None:
    RULES.check_named_test_files_cite_their_rules()


def test_rules_are_numbered_from_one_without_gaps() -> None:
    RULES.check_numbering()


def test_the_rule_modules_cite_only_defined_rules() -> None:
    RULES.check_source_cites_only_defined_rules()
