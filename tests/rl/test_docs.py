"""docs/rl.md documents every game's observation layout as the encoders lay it out."""

from ludoverse.rl.layout_docs import DOC, render


def test_the_layout_tables_in_docs_rl_md_are_current() -> None:
    text = DOC.read_text()
    assert render(text) == text, "run: python -m ludoverse.rl.layout_docs"
