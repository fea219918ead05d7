"""``ludoverse report``: a self-contained HTML report whose plots are real images."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoverse.cli import app

image = pytest.importorskip("matplotlib.image")


def test_report_embeds_at_least_four_plots_with_content(tmp_path: Path) -> None:
    runner = CliRunner()
    results = tmp_path / "run.jsonl"
    res = runner.invoke(app, ["simulate", "ultia", "-n", "40", "--seed", "2", "-w", "1",
                              "--seats", "greedy,greedy,random", "--out", str(results)])
    assert res.exit_code == 0, res.output
    page = tmp_path / "report.html"
    res = runner.invoke(app, ["report", str(results), "--html", str(page)])
    assert res.exit_code == 0, res.output
    text = page.read_text()
    assert "<h1>ultia: balance report (40 games)</h1>" in text
    assert "Balance (1 - largest win-rate gap)" in text and "plans adopted" in text
    assert "http://" not in text and "https://" not in text  # readable offline
    pngs = re.findall(r'<img alt="([^"]+)" src="data:image/png;base64,([A-Za-z0-9+/=]+)"', text)
    assert len(pngs) >= 4
    alts = [alt for alt, _ in pngs]
    assert {"win rate per seat", "score histograms", "game length"} <= set(alts)
    for alt, data in pngs:
        pixels = image.imread(io.BytesIO(base64.b64decode(data)), format="png")
        assert pixels.shape[0] > 100 and pixels.shape[1] > 200, alt
        assert pixels.std() > 0.05, f"plot {alt!r} is blank"


def test_report_of_a_bad_file_is_a_one_line_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind": "something else"}\n')
    res = CliRunner().invoke(app, ["report", str(bad), "--html", str(tmp_path / "r.html")])
    assert res.exit_code == 2 and "not a Ludoverse results file" in res.output
    res = CliRunner().invoke(app, ["report", str(tmp_path / "none.jsonl"), "--html", "x.html"])
    assert res.exit_code == 2 and "No such file" in res.output
