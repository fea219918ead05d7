"""Shared checks that a game's rules document, its rule tests and its source agree on rule IDs.

A rule is defined by a table row of ``docs/rules/<game>.md`` that starts with its ID, and the
row's last column names the test files that check it. A test checks a rule when a comment in
it names the ID (``# PX-STRAND-3`` or ``# PX-STRAND-3, PX-OPT-8``). Each game's
``test_rule_coverage.py`` builds a :class:`RuleBook` and exposes its checks as tests.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST_FILE = re.compile(r"`(test_\w+\.py)`")


@dataclass(frozen=True)
class RuleBook:
    prefix: str
    """The game's rule-ID prefix, e.g. ``PX``."""
    game: str
    """The package and document name, e.g. ``paradox``."""

    @property
    def doc(self) -> Path:
        return ROOT / "docs" / "rules" / f"{self.game}.md"

    @property
    def tests(self) -> Path:
        return ROOT / "tests" / "games" / self.game

    @property
    def source(self) -> Path:
        return ROOT / "src" / "ludoverse" / "games" / self.game

    @property
    def rule_id(self) -> re.Pattern[str]:
        return re.compile(rf"\b{self.prefix}-([A-Z]+)-(\d+)\b")

    def defined(self) -> dict[str, list[str]]:
        """Rule ID -> the test files the document names for it, in document order."""
        definition = re.compile(rf"^\|\s*({self.prefix}-[A-Z]+-\d+)\s*\|")
        rules: dict[str, list[str]] = {}
        for line in self.doc.read_text(encoding="utf-8").splitlines():
            m = definition.match(line)
            if m:
                rule = m.group(1)
                assert rule not in rules, f"{rule} is defined twice in {self.doc.name}"
                last_cell = line.strip().strip("|").split("|")[-1]
                rules[rule] = TEST_FILE.findall(last_cell)
        return rules

    def cited(self) -> dict[str, set[str]]:
        """Rule ID -> the test files with a comment naming it."""
        cited: dict[str, set[str]] = defaultdict(set)
        for path in sorted(self.tests.glob("test_*.py")):
            if path.name == "test_rule_coverage.py":
                continue
            for line in path.read_text(encoding="utf-8").splitlines():
                if "#" not in line:
                    continue
                comment = line[line.index("#"):]
                for m in self.rule_id.finditer(comment):
                    cited[m.group(0)].add(path.name)
        return cited

    def _order(self, rule: str) -> tuple[str, int]:
        area, n = self.rule_id.match(rule).groups()  # type: ignore[union-attr]
        return area, int(n)

    def areas(self) -> set[str]:
        return {rule.split("-")[1] for rule in self.defined()}

    def check_every_rule_is_tested(self) -> None:
        untested = sorted(set(self.defined()) - set(self.cited()), key=self._order)
        assert not untested, (f"rules that no test cites in a '# {self.prefix}-...' comment: "
                              + ", ".join(untested))

    def check_tests_cite_only_defined_rules(self) -> None:
        cited = self.cited()
        unknown = sorted(set(cited) - set(self.defined()), key=self._order)
        assert not unknown, "tests cite rules the document does not define: " + ", ".join(
            f"{rule} ({', '.join(sorted(cited[rule]))})" for rule in unknown
        )

    def check_named_test_files_cite_their_rules(self) -> None:
        cited = self.cited()
        wrong = []
        for rule, files in self.defined().items():
            if not files:
                wrong.append(f"{rule}: no test file named")
            for name in files:
                if not (self.tests / name).exists():
                    wrong.append(f"{rule}: {name} does not exist")
                elif name not in cited.get(rule, set()):
                    wrong.append(f"{rule}: {name} does not cite it")
        assert not wrong, "\n".join(wrong)

    def check_numbering(self) -> None:
        numbers: dict[str, list[int]] = defaultdict(list)
        for rule in self.defined():
            area, n = self._order(rule)
            numbers[area].append(n)
        for area, ns in numbers.items():
            assert ns == list(range(1, len(ns) + 1)), f"{self.prefix}-{area}-n are numbered {ns}"

    def check_source_cites_only_defined_rules(self) -> None:
        defined = set(self.defined())
        unknown = []
        for path in sorted(self.source.glob("*.py")):
            for m in self.rule_id.finditer(path.read_text(encoding="utf-8")):
                if m.group(0) not in defined:
                    unknown.append(f"{path.name}: {m.group(0)}")
        assert not unknown, "source comments cite undefined rules: " + ", ".join(unknown)


def coverage_tests(rules: RuleBook, areas: set[str]) -> dict[str, Callable[[], None]]:
    """The six coverage tests of one game, to put in its ``test_rule_coverage.py`` with
    ``globals().update(coverage_tests(...))``; ``areas`` are the rule areas it must define."""

    def test_the_document_defines_rules() -> None:
        assert rules.areas() >= areas

    def test_every_rule_is_checked_by_a_test() -> None:
        rules.check_every_rule_is_tested()

    def test_tests_cite_only_rules_the_document_defines() -> None:
        rules.check_tests_cite_only_defined_rules()

    def test_the_document_names_test_files_that_really_check_the_rule() -> None:
        rules.check_named_test_files_cite_their_rules()

    def test_rules_are_numbered_from_one_without_gaps() -> None:
        rules.check_numbering()

    def test_the_rule_modules_cite_only_defined_rules() -> None:
        rules.check_source_cites_only_defined_rules()

    return {f.__name__: f for f in (
        test_the_document_defines_rules, test_every_rule_is_checked_by_a_test,
        test_tests_cite_only_rules_the_document_defines,
        test_the_document_names_test_files_that_really_check_the_rule,
        test_rules_are_numbered_from_one_without_gaps,
        test_the_rule_modules_cite_only_defined_rules)}
