"""Every rule in docs/rules/ultia.md is checked by a test, and the tests, the document and the
rule modules agree on the rule IDs.

A rule is defined by a table row of the document that starts with its ID, and its last
column names the test files that check it. A test checks a rule when a comment in it names
the ID (``# UL-BID-3`` or ``# UL-BID-3, UL-OPT-5``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "ultia.md"
TESTS = Path(__file__).resolve().parent
SOURCE = ROOT / "src" / "ludoverse" / "games" / "ultia"

RULE_ID = re.compile(r"\bUL-([A-Z]+)-(\d+)\b")
DEFINITION = re.compile(r"^\|\s*(UL-[A-Z]+-\d+)\s*\|")
TEST_FILE = re.compile(r"`(test_\w+\.py)`")


def defined_rules() -> dict[str, list[str]]:
    """Rule ID -> the test files the document names for it, in document order."""
    rules: dict[str, list[str]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = DEFINITION.match(line)
        if m:
            rule = m.group(1)
            assert rule not in rules, f"{rule} is defined twice in {DOC.name}"
            last_cell = line.strip().strip("|").split("|")[-1]
            rules[rule] = TEST_FILE.findall(last_cell)
    return rules


def cited_rules() -> dict[str, set[str]]:
    """Rule ID -> the test files with a comment naming it."""
    cited: dict[str, set[str]] = defaultdict(set)
    for path in sorted(TESTS.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if "#" not in line:
                continue
            comment = line[line.index("#"):]
            for m in RULE_ID.finditer(comment):
                cited[m.group(0)].add(path.name)
    return cited


def test_the_document_defines_rules() -> None:
    rules = defined_rules()
    areas = {rule.split("-")[1] for rule in rules}
    assert areas >= {"SETUP", "PLAN", "BID", "EXP", "PLAY", "OW", "REPORT", "END", "KNOW", "OPT"}


def test_every_rule_is_checked_by_a_test() -> None:
    untested = sorted(set(defined_rules()) - set(cited_rules()), key=_order)
    assert not untested, "rules that no test cites in a '# UL-...' comment: " + ", ".join(untested)


def test_tests_cite_only_rules_the_document_defines() -> None:
    cited = cited_rules()
    unknown = sorted(set(cited) - set(defined_rules()), key=_order)
    assert not unknown, "tests cite rules the document does not define: " + ", ".join(
        f"{rule} ({', '.join(sorted(cited[rule]))})" for rule in unknown
    )


def test_the_document_names_test_files_that_really_check_the_rule() -> None:
    cited = cited_rules()
    wrong = []
    for rule, files in defined_rules().items():
        if not files:
            wrong.append(f"{rule}: no test file named")
        for name in files:
            if not (TESTS / name).exists():
                wrong.append(f"{rule}: {name} does not exist")
            elif name not in cited.get(rule, set()):
                wrong.append(f"{rule}: {name} does not cite it")
    assert not wrong, "\n".join(wrong)


def test_rules_are_numbered_from_one_without_gaps() -> None:
    numbers: dict[str, list[int]] = defaultdict(list)
    for rule in defined_rules():
        area, n = RULE_ID.match(rule).groups()  # type: ignore[union-attr]
        numbers[area].append(int(n))
    for area, ns in numbers.items():
        assert ns == list(range(1, len(ns) + 1)), f"UL-{area}-n are numbered {ns}"


def test_the_rule_modules_cite_only_defined_rules() -> None:
    defined = set(defined_rules())
    unknown = []
    for path in sorted(SOURCE.glob("*.py")):
        for m in RULE_ID.finditer(path.read_text(encoding="utf-8")):
            if m.group(0) not in defined:
                unknown.append(f"{path.name}: {m.group(0)}")
    assert not unknown, "source comments cite undefined rules: " + ", ".join(unknown)


def _order(rule: str) -> tuple[str, int]:
    area, n = RULE_ID.match(rule).groups()  # type: ignore[union-attr]
    return area, int(n)
